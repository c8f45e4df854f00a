package visualtest

import (
	"fmt"
	"strings"
	"testing"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/studio"
)

// strandedLines returns the lines of a CJK headline, neither its first nor its last, that are
// under share of its longest line: a fragment stranded between two full lines (少即是多，| 简单 |
// 即是力量。).
func strandedLines(r rowsResult, share float64) []string {
	longest := 0.0
	for _, row := range r.Rows {
		longest = max(longest, row.W)
	}
	var bad []string
	for i := 1; i < len(r.Rows)-1; i++ {
		if row := r.Rows[i]; row.W < longest*share {
			bad = append(bad, fmt.Sprintf("line %q is %.0f%% of the longest", strings.TrimSpace(row.Text), row.W/longest*100))
		}
	}
	return bad
}

func TestStrandedLines(t *testing.T) {
	for _, tc := range []struct {
		name string
		rows []rowLine
		want int
	}{
		{"two lines", []rowLine{{"少即是多，", 637}, {"简单即是力量。", 920}}, 0},
		{"stranded", []rowLine{{"少即是多，", 918}, {"简单", 408}, {"即是力量。", 918}}, 1},
		{"short last", []rowLine{{"少即是多，", 918}, {"简单即是", 800}, {"力量。", 400}}, 0},
	} {
		if got := strandedLines(rowsResult{Rows: tc.rows}, 0.55); len(got) != tc.want {
			t.Errorf("%s: %q, want %d", tc.name, got, tc.want)
		}
	}
}

// A CJK poster's or cover's headline never strands a short line between two full ones (poster
// story set 少即是多，| 简单 | 即是力量。: its second clause, too wide for a line, broke into a
// two-character piece; it keeps its clauses on two lines at a smaller size instead, fitClauses
// scoring the stranded layout at 55%. Cover story set 用 Go 构建 | 高性能 API | 服务的 | 十个实用技巧:
// clauses.js evenLines fills its lines from the last up, 用 Go | 构建高性能 | API 服务的 |
// 十个实用技巧), in every size and style.
func TestCJKHeadlineNoStrandedLine(t *testing.T) {
	for _, tc := range []struct{ pattern, sel string }{{"poster", ".p-headline"}, {"cover", ".pc-title"}} {
		content := sampleContent(t, tc.pattern, "cjk")
		for _, size := range brandgen.Sizes {
			t.Run(tc.pattern+"/"+string(size), func(t *testing.T) {
				t.Parallel()
				for _, style := range brandgen.Styles {
					look := brandgen.Look{Size: size, Theme: brandgen.ThemeLight, Style: style}
					var got rowsResult
					probe(t, studio.Job{Pattern: tc.pattern, Content: content, Look: look}, rowsProbe+"("+jsString(tc.sel)+")", &got)
					if len(got.Rows) == 0 {
						t.Fatalf("%s: no headline", style)
					}
					if bad := strandedLines(got, 0.55); len(bad) > 0 {
						t.Errorf("%s: %s: %v", style, strings.Join(bad, "; "), got.Rows)
					}
				}
			})
		}
	}
}
