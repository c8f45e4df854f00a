package visualtest

import (
	"fmt"
	"strings"
	"testing"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/studio"
)

// linesDisagree returns a message when the styles set one headline on different numbers of lines
// (lines maps a style to the headline's lines in it), "" when they agree.
func linesDisagree(lines map[brandgen.Style][]string) string {
	n := -1
	for _, l := range lines {
		if n >= 0 && len(l) != n {
			var b strings.Builder
			for _, s := range brandgen.Styles {
				if l, ok := lines[s]; ok {
					fmt.Fprintf(&b, " %s %d %q;", s, len(l), l)
				}
			}
			return "line counts differ:" + b.String()
		}
		n = len(l)
	}
	return ""
}

func TestLinesDisagree(t *testing.T) {
	for _, tc := range []struct {
		name  string
		lines map[brandgen.Style][]string
		bad   bool
	}{
		{"agree", map[brandgen.Style][]string{brandgen.StyleGlass: {"a", "b", "c"}, brandgen.StyleBlueprint: {"a b", "c", "d"}}, false},
		{"one more", map[brandgen.Style][]string{brandgen.StyleGlass: {"a", "b", "c"}, brandgen.StyleBlueprint: {"a", "b", "c", "d"}}, true},
	} {
		if got := linesDisagree(tc.lines); (got != "") != tc.bad {
			t.Errorf("%s: %q, want bad=%v", tc.name, got, tc.bad)
		}
	}
}

// TestCoverHeadlineLinesAgree: a CJK cover headline takes as many lines in every style of a size
// (the line count follows the text, not a style's few pixels of box): blueprint's bracket inset
// set the landscape headline on four lines where the other styles set three. CJK glyphs have one
// advance in every style's face; Latin faces differ in width (editorial's serif sets "latency by
// 80%" on a line the sans faces cannot), so only CJK is held to it.
func TestCoverHeadlineLinesAgree(t *testing.T) {
	for _, sample := range []string{"cjk"} {
		content := sampleContent(t, "cover", sample)
		t.Run(sample, func(t *testing.T) {
			t.Parallel()
			for _, size := range brandgen.Sizes {
				lines := map[brandgen.Style][]string{}
				for _, style := range brandgen.Styles {
					look := brandgen.Look{Size: size, Theme: brandgen.ThemeLight, Style: style}
					var got rowsResult
					probe(t, studio.Job{Pattern: "cover", Content: content, Look: look}, rowsProbe+"('.pc-title')", &got)
					for _, r := range got.Rows {
						lines[style] = append(lines[style], strings.TrimSpace(r.Text))
					}
				}
				if msg := linesDisagree(lines); msg != "" {
					t.Errorf("%s: %s", size, msg)
				}
			}
		})
	}
}
