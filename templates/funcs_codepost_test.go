package templates

import (
	"strings"
	"testing"

	"github.com/brandgen/brandgen"
)

func TestCodePostView(t *testing.T) {
	long := strings.Repeat("x := compute(alpha, beta, gamma, delta, epsilon) // a comment that runs long\n", 40)
	short := "package main\n\nfunc main() {}\n"
	cases := []struct {
		name          string
		size          brandgen.Size
		code, title   string
		solo, dropped bool
	}{
		{"short portrait", brandgen.SizePortrait, short, "Title", false, false},
		{"long portrait", brandgen.SizePortrait, long, "Title", false, true},
		{"long story", brandgen.SizeStory, long, "Title", false, true},
		{"landscape alone", brandgen.SizeLandscape, short, "", true, false},
		{"landscape with words", brandgen.SizeLandscape, long, "Title", false, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := (&Set{}).data(nil, Options{Look: brandgen.Look{Size: c.size}, Badge: brandgen.Badge{Show: true}})
			v := codePostView(d, c.code, "go", c.title, "")
			if v.MinSize != d.M.Floor || v.FontSize < d.M.Floor {
				t.Errorf("font %d px, min %d: want both at or above the floor %d", v.FontSize, v.MinSize, d.M.Floor)
			}
			if v.Solo != c.solo {
				t.Errorf("solo %v, want %v", v.Solo, c.solo)
			}
			if n := strings.Count(string(v.HTML), `class="l"`); n != v.Lines {
				t.Errorf("%d lines drawn, want %d", n, v.Lines)
			}
			opt := strings.Count(string(v.HTML), `data-optional="1" data-path="content.code"`)
			if c.dropped && (opt == 0 || opt >= v.Lines-3) {
				t.Errorf("%d lines in the first tier of %d, want the tail past the estimate", opt, v.Lines)
			}
			if !c.dropped && opt != 0 {
				t.Errorf("%d lines in the first tier, want none: it fits", opt)
			}
		})
	}
}

func TestMarkOptional(t *testing.T) {
	h := Highlight(strings.Split("a\nb\nc\nd\ne\nf\ng\nh", "\n"), "text")
	got := string(markOptional(h, 5, 6))
	// keep 5: lines from max(3, 5-6)=3 (0-based) optional; cut 6: indexes 6 and 7 in tier 1
	// (dropped up front), index 5 tier 2, 4 tier 3, 3 tier 4.
	for i, tier := range map[int]string{3: "4", 4: "3", 5: "2", 6: "1", 7: "1"} {
		want := `<span class="l" data-optional="` + tier + `" data-path="content.code">` + string(rune('a'+i))
		if !strings.Contains(got, want) {
			t.Errorf("line %d: want %s in %s", i, want, got)
		}
	}
	if strings.Count(got, "data-optional") != 5 {
		t.Errorf("optional lines: %s", got)
	}
	if markOptional(h, 20, 21) != h {
		t.Error("a snippet that fits is left as it is")
	}
}

func TestStoryCodeSize(t *testing.T) {
	wide := strings.Repeat("y", 60)
	cases := []struct {
		name     string
		lines    []string
		base     float64
		min, max float64 // the size chosen
	}{
		{"short lines grow to the top size: they still fit whole", []string{"a := 1", "b := 2", "return a + b"}, 24, 50, 50},
		{"long lines grow until a row would hold under 36 columns", []string{strings.Repeat("z", 40), "b := 2", "return a + b"}, 24, 34, 34},
		{"many lines stop at three quarters of the height", make([]string, 40), 20, 20, 22},
		{"long lines wrap one extra row per two lines at most", []string{wide, wide, "x", "x"}, 24, 24, 34},
		{"already at the width's largest size", []string{strings.Repeat("w", 34)}, 40, 40, 40},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := storyCodeSize(c.lines, c.base, 50, 852, 1100, 3, codeLeading, 0.75, 36)
			if got < c.min || got > c.max {
				t.Errorf("size %.0f, want %.0f..%.0f", got, c.min, c.max)
			}
			longest := 0
			for _, ln := range c.lines {
				longest = max(longest, len(ln))
			}
			if perLine := int(852/(got*monoAdvance) - 3 - codeHang); got > c.base && perLine < 36 && perLine < longest {
				t.Errorf("size %.0f leaves %d columns a row, want at least 36", got, perLine)
			}
			if got*codeLeading*float64(len(c.lines)) > 1100*0.75 && got > c.base {
				t.Errorf("size %.0f: %d lines overrun three quarters of the height", got, len(c.lines))
			}
		})
	}
}

func TestWrapRows(t *testing.T) {
	cases := []struct {
		name        string
		line        string
		first, rest int
		want        int
	}{
		{"a line that fits its first row", "defer cancel()", 20, 18, 1},
		{"the break falls at the last space that fits", "ctx, cancel := context.WithTimeout(ctx, 2*time.Second)", 41, 39, 2},
		{"a narrower row breaks at an earlier space: three rows", "ctx, cancel := context.WithTimeout(ctx, 2*time.Second)", 38, 36, 3},
		{"a word longer than a row breaks anywhere", strings.Repeat("x", 50), 20, 18, 3},
		{"spaces hang at the end of their row", "abcd      ", 4, 4, 1},
		{"wide characters break between them: 3 + 4 + 4 + 1 of 12", "// 超时之后查询会被自动取消", 10, 8, 4},
		{"an empty line is one row", "", 10, 8, 1},
		{"a run breaks between its tokens: 18 + 16 + 17 of 26", "return" + nbsp + "c.PgConn().\u200bParameterStatus(\u200b\"in_hot_standby\")", 26, 26, 3},
		{"without the marks it breaks inside a token: 26 + 25", "return" + nbsp + "c.PgConn().ParameterStatus(\"in_hot_standby\")", 26, 26, 2},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := wrapRows(c.line, c.first, c.rest); got != c.want {
				t.Errorf("wrapRows(%q, %d, %d) = %d, want %d", c.line, c.first, c.rest, got, c.want)
			}
		})
	}
}
