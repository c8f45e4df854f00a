package templates

import (
	"regexp"
	"strings"
	"testing"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/slides"
	"github.com/brandgen/brandgen/textlang"
)

// A CJK slide takes the same size classes as a Latin slide of the same display width: the slide
// templates' length cut-offs count columns (textlang.Columns), not bytes or runes. Each pair below
// has the same columns; the CJK one is ~1.5x the Latin one's bytes, enough to cross a cut-off
// counted in bytes.
func TestSlideSizingInColumns(t *testing.T) {
	s, err := New()
	if err != nil {
		t.Fatal(err)
	}
	latinBody := strings.Repeat("Pool your connections. ", 6)[:138] // 138 columns, 138 bytes
	cjkBody := strings.Repeat("每个连接都是一个进程。", 7)[:69*3]              // 69 ideographs: 138 columns, 207 bytes
	latinTitle, cjkTitle := "Pool connections first", "先用连接池再谈别的优化" // 22 columns each
	sizes := regexp.MustCompile(`font-size:\d+px|--sl-num:\d+px|--d:\d+px`)
	for _, tc := range []struct {
		kind       string
		latin, cjk any
	}{
		{kind: slides.Point,
			latin: slides.PointSlide{Kind: slides.Point, Kicker: "Lesson 1", Title: latinTitle, Body: latinBody},
			cjk:   slides.PointSlide{Kind: slides.Point, Kicker: "第 1 课", Title: cjkTitle, Body: cjkBody}},
		{kind: slides.Illustration,
			latin: slides.IllustrationSlide{Kind: slides.Illustration, Icon: "🚀", Title: latinTitle, Body: latinBody},
			cjk:   slides.IllustrationSlide{Kind: slides.Illustration, Icon: "🚀", Title: cjkTitle, Body: cjkBody}},
	} {
		if lc, cc := textlang.Columns(latinBody), textlang.Columns(cjkBody); lc != cc || len(cjkBody) <= 160 || len(latinBody) > 160 {
			t.Fatalf("bodies: %d vs %d columns, %d vs %d bytes", lc, cc, len(latinBody), len(cjkBody))
		}
		t.Run(tc.kind, func(t *testing.T) {
			for _, size := range []brandgen.Size{brandgen.SizePortrait, brandgen.SizeSquare} {
				look := brandgen.Look{Size: size, Theme: brandgen.ThemeLight, Style: brandgen.StyleFlat}
				var got [2][]string
				for i, sl := range []any{tc.latin, tc.cjk} {
					page := slides.Pages([]any{sl})[0]
					p, err := s.Build(slides.PatternID(tc.kind), page, Options{Look: look})
					if err != nil {
						t.Fatal(err)
					}
					got[i] = sizes.FindAllString(p.HTML, -1)
				}
				if len(got[0]) < 2 {
					t.Fatalf("%s: found %v sizes in the page", size, got[0])
				}
				if strings.Join(got[0], " ") != strings.Join(got[1], " ") {
					t.Errorf("%s: latin sizes %v, cjk sizes %v", size, got[0], got[1])
				}
			}
		})
	}
}
