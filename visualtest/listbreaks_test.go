package visualtest

import (
	"fmt"
	"strings"
	"testing"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/posts"
	"github.com/brandgen/brandgen/studio"
)

// periodRowsProbe returns the lines of every roadmap period as the page sets them.
const periodRowsProbe = `(() => {
  ` + jsTextRows + `
  const out = [];
  document.querySelectorAll('main.content .rm-when').forEach((el) => {
    if (el.getClientRects().length) out.push(textRows(el).map((r) => r.text.trim()));
  });
  return {periods: out};
})()`

// periodBreakCheck returns the periods broken other than after a " · " ("Phase 4 · Late / July
// 2026"): every line but the last of a period written with separators must end with one.
func periodBreakCheck(periods [][]string) []string {
	var bad []string
	for _, rows := range periods {
		joined := strings.Join(rows, " ")
		if !strings.Contains(joined, "·") {
			continue
		}
		for _, r := range rows[:len(rows)-1] {
			if !strings.HasSuffix(r, "·") {
				bad = append(bad, fmt.Sprintf("%q", strings.Join(rows, " / ")))
				break
			}
		}
	}
	return bad
}

func TestPeriodBreakCheck(t *testing.T) {
	if bad := periodBreakCheck([][]string{{"Phase 4 ·", "Late July 2026"}, {"Q3"}}); len(bad) != 0 {
		t.Errorf("break after the separator: %v", bad)
	}
	if bad := periodBreakCheck([][]string{{"Phase 4 · Late", "July 2026"}}); len(bad) != 1 {
		t.Errorf("break inside a part: %v", bad)
	}
}

// TestRoadmapPeriodBreaks renders every roadmap sample in every size and style and checks that a
// period breaks only after its separators: the square's two columns set "PHASE 3 · MID / MAY 2026".
func TestRoadmapPeriodBreaks(t *testing.T) {
	for _, s := range posts.Samples(posts.Roadmap) {
		t.Run(s.Name, func(t *testing.T) {
			t.Parallel()
			for _, size := range brandgen.Sizes {
				for _, style := range brandgen.Styles {
					var p struct{ Periods [][]string }
					look := brandgen.Look{Size: size, Theme: brandgen.ThemeLight, Style: style}
					probe(t, studio.Job{Pattern: posts.Roadmap, Content: s.Content, Look: look, Layout: s.Layout}, periodRowsProbe, &p)
					if bad := periodBreakCheck(p.Periods); len(bad) > 0 {
						t.Errorf("%s %s: %s", size, style, strings.Join(bad, "; "))
					}
				}
			}
		})
	}
}
