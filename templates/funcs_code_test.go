package templates

import (
	"strings"
	"testing"

	"github.com/brandgen/brandgen"
)

// A code slide's short snippet is set large enough to fill its window (up to the third heading
// under a title, the second alone), growing by wrapping its longest lines; a long snippet stays
// at most the lead size, sized by its line count.
func TestCodeViewSlideSizes(t *testing.T) {
	long := strings.Repeat("x := compute(alpha, beta, gamma, delta, epsilon)\n", 30)
	cases := []struct {
		name, code, title string
		size              brandgen.Size
		atLeast, atMost   func(TypeScale) int
	}{
		{"one line alone", "go test -race ./...", "", brandgen.SizePortrait,
			func(t TypeScale) int { return t.H3 }, func(t TypeScale) int { return t.H2 }},
		{"three long lines, titled", "ctx, cancel := context.WithTimeout(ctx, 2*time.Second)\ndefer cancel()\nrows, err := db.QueryContext(ctx, q)",
			"Use context for timeouts", brandgen.SizePortrait,
			func(t TypeScale) int { return t.Body + 2 }, func(t TypeScale) int { return t.H3 }},
		{"seven short lines, titled", "on:\n  push:\n    branches: [main]\njobs:\n  deploy:\n    needs: test\n    runs-on: ubuntu-latest",
			"Deploy on green only", brandgen.SizeSquare,
			func(t TypeScale) int { return t.Lead + 1 }, func(t TypeScale) int { return t.H3 }},
		{"long", long, "Title", brandgen.SizePortrait,
			func(t TypeScale) int { return 8 }, func(t TypeScale) int { return t.Lead }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := (&Set{}).data(nil, Options{Look: brandgen.Look{Size: c.size}, Badge: brandgen.Badge{Show: true}}).SlideArea()
			v := codeView(d, c.code, "go", c.title, "")
			if lo, hi := c.atLeast(d.M.Type), c.atMost(d.M.Type); v.FontSize < lo || v.FontSize > hi {
				t.Errorf("font %d px, want %d..%d", v.FontSize, lo, hi)
			}
		})
	}
}

// A short snippet on a code slide grows on to the caption's size (top) while every line wraps into
// two rows at most and the rows fit the height.
func TestHeroCodeSize(t *testing.T) {
	ctx := "ctx, cancel := context.WithTimeout(ctx, 2*time.Second)"
	cases := []struct {
		name      string
		lines     []string
		size, top float64
		availH    float64
		want      float64
	}{
		{"short lines grow to the top", []string{"a := 1", "return a"}, 30, 38, 1000, 38},
		{"a line that would wrap into three rows stops it", []string{ctx, "defer cancel()"}, 30, 38, 1000, 33},
		{"rows that overrun the height stop it", make([]string, 10), 30, 38, 10 * 35 * codeLeading, 35},
		{"already at the top", []string{"a := 1"}, 38, 38, 1000, 38},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := heroCodeSize(c.lines, c.size, c.top, 852, c.availH, 3, codeLeading); got != c.want {
				t.Errorf("size %.0f, want %.0f", got, c.want)
			}
		})
	}
}
