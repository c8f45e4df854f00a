package visualtest

import (
	"slices"
	"testing"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/charts"
	"github.com/brandgen/brandgen/slides"
	"github.com/brandgen/brandgen/studio"
)

// slideMaxBand is the largest share of a slide body's height that an illustration slide without
// a line or a chart slide may leave empty: the minimal illustration's small heading and disc
// floated between bands of about a fifth of the body, and an editorial portrait donut left one
// under its legend.
const slideMaxBand = 0.12

// slideListMaxBand is slideMaxBand for the list slide of two short items (minimal): a title and
// two one-line rows cannot cover a portrait body, and centred at H1 they left bands of a quarter
// of it (25.6%) over and under them; at Display, spread evenly, about 18%.
const slideListMaxBand = 0.2

// slideCmpMaxBand is slideMaxBand for the comparison of two short rows (minimal): its rows stood
// as one block centred in the table's height, between bands of 15-23% of the body; spread evenly
// over it, 13-14%.
const slideCmpMaxBand = 0.15

// TestSlideBands renders the illustration slide without a line (minimal) in portrait and square
// and the donut chart slides in portrait, in every style and theme, and every chart slide in
// square in halfLooks()' two square looks (a square line chart's callout reserve and a
// two-slice donut's wide legend left bands of 13-14%), and the list of two short items in
// halfLooks()' four looks, and the comparison of two short rows likewise, and checks no band of the body over slideMaxBand of its height
// (slideListMaxBand for the list) is empty.
func TestSlideBands(t *testing.T) {
	type slideCase struct {
		kind string
		smp  slides.Sample
	}
	var cases []slideCase
	for _, smp := range slides.Samples(slides.Illustration) {
		if s, ok := smp.Slide.(slides.IllustrationSlide); ok && s.Body == "" {
			cases = append(cases, slideCase{slides.Illustration, smp})
		}
	}
	for _, smp := range slides.Samples(slides.Chart) {
		cases = append(cases, slideCase{slides.Chart, smp})
	}
	for _, smp := range slides.Samples(slides.List) {
		if smp.Name == "minimal" {
			cases = append(cases, slideCase{slides.List, smp})
		}
	}
	for _, smp := range slides.Samples(slides.Comparison) {
		if smp.Name == "minimal" {
			cases = append(cases, slideCase{slides.Comparison, smp})
		}
	}
	for _, c := range cases {
		page := slides.Pages([]any{c.smp.Slide})[0]
		page.Index, page.Total = 3, 8
		t.Run(c.kind+"/"+c.smp.Name, func(t *testing.T) {
			t.Parallel()
			var looks []brandgen.Look
			for _, size := range []brandgen.Size{brandgen.SizePortrait, brandgen.SizeSquare} {
				for _, style := range brandgen.Styles {
					for _, theme := range brandgen.Themes {
						looks = append(looks, brandgen.Look{Size: size, Style: style, Theme: theme})
					}
				}
			}
			limit := slideMaxBand
			if c.kind == slides.List || c.kind == slides.Comparison {
				limit = slideListMaxBand
				if c.kind == slides.Comparison {
					limit = slideCmpMaxBand
				}
				looks = slices.DeleteFunc(halfLooks(), func(l brandgen.Look) bool {
					return l.Size != brandgen.SizePortrait && l.Size != brandgen.SizeSquare
				})
			}
			if c.kind == slides.Chart {
				// A donut in portrait in every look; every chart in square in halfLooks' two.
				donut := c.smp.Slide.(slides.ChartSlide).ChartType == charts.TypeDonut
				var keep []brandgen.Look
				for _, l := range looks {
					if (l.Size == brandgen.SizePortrait && donut) || (l.Size == brandgen.SizeSquare && slices.Contains(halfLooks(), l)) {
						keep = append(keep, l)
					}
				}
				looks = keep
			}
			for _, look := range looks {
				size, style, theme := look.Size, look.Style, look.Theme
				var p bands
				raw := probe(t, studio.Job{Pattern: slides.PatternID(c.kind), Content: page, Look: brandgen.Look{Size: size, Style: style, Theme: theme}}, bandProbe+`(".sl-body", true)`, &p)
				if p.N == 0 {
					t.Fatalf("%s %s %s: nothing drawn: %s", size, style, theme, raw)
				}
				t.Logf("%s %s %s: largest empty band %.1f%%, title %.0f px", size, style, theme, p.Gap*100, p.Title)
				if p.Gap > limit {
					t.Errorf("%s %s %s: an empty band of %.1f%% of the body's height (want <= %.0f%%)", size, style, theme, p.Gap*100, limit*100)
				}
			}
		})
	}
}
