package templates

import (
	"testing"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/charts"
)

func TestChartSideGeometry(t *testing.T) {
	donut := charts.Content{ChartType: "donut", Title: "Where sign-ups come from", Subtitle: "Last 30 days",
		Slices: []charts.Point{{Label: "Organic", Value: 42}, {Label: "Paid", Value: 17}}}
	bare := donut
	bare.Title, bare.Subtitle = "", ""
	cases := []struct {
		name    string
		size    brandgen.Size
		content charts.Content
		side    bool
	}{
		{"landscape with words", brandgen.SizeLandscape, donut, true},
		{"landscape without words", brandgen.SizeLandscape, bare, false},
		{"portrait", brandgen.SizePortrait, donut, false},
		{"story", brandgen.SizeStory, donut, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := (&Set{}).data(c.content, Options{Look: brandgen.Look{Size: c.size, Style: brandgen.StyleGlass}, Badge: brandgen.Badge{Show: true}})
			g, err := chartGeometry(d)
			if err != nil {
				t.Fatal(err)
			}
			if g.Side != c.side {
				t.Fatalf("side %v, want %v", g.Side, c.side)
			}
			if !c.side {
				return
			}
			// The card beside a column of words at least 0.4 of the width wide, at full height.
			if g.CardH != d.ContentHeight() || g.CardW > d.ContentWidth()*6/10 || g.CardW < d.ContentWidth()/2 {
				t.Errorf("card %dx%d in a %dx%d area", g.CardW, g.CardH, d.ContentWidth(), d.ContentHeight())
			}
			if g.PlotW != g.CardW-2*g.Pad || g.PlotH != g.CardH-2*g.Pad {
				t.Errorf("plot %dx%d in card %dx%d (pad %d)", g.PlotW, g.PlotH, g.CardW, g.CardH, g.Pad)
			}
			if g.TitleSize < d.M.Type.H3 || g.TitleLines < 1 {
				t.Errorf("title %d px on %d lines", g.TitleSize, g.TitleLines)
			}
			// A short title is set past display size, so the words balance the full-height card
			// (two display lines spanned a quarter of it), but never past the share left for them.
			if g.TitleSize < d.M.Type.Display || g.HeadH < g.CardH*3/10 || float64(g.HeadH) > float64(g.CardH)*chartSideHeadShare {
				t.Errorf("title %d px, words %d px high beside a %d px card: want >= %d px, 30-%.0f%% of the card", g.TitleSize, g.HeadH, g.CardH, d.M.Type.Display, chartSideHeadShare*100)
			}
		})
	}
}
