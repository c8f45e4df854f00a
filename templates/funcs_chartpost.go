package templates

import (
	"fmt"
	"strings"

	"github.com/brandgen/brandgen/charts"
)

// Landscape chart posts: the plot card takes the left of the canvas at full height and the title
// and subtitle stand in a column on the right, centred on it (chart.tmpl's .ch-side), the way the
// stat post sets its figure beside its words. chartSideShare is the words' share of the width.
const chartSideShare = 0.4

// chartStoryText scales a story's chart text: its plot is as wide as portrait's (so the width alone
// would give it portrait's sizes) but 570 px taller, and its page type is a step larger; legends,
// ticks and labels grow with it instead of floating small in the tall card.
const chartStoryText = 1.35

// chartSideGeometry is chartGeometry for the landscape layout.
func chartSideGeometry(d Data, c charts.Content, serif bool) (ChartGeom, error) {
	m := d.M
	w, h := float64(d.ContentWidth()), d.ContentHeight()
	g := ChartGeom{Pad: m.Pad, Side: true}
	headW := (w - 2*float64(m.Gap)) * chartSideShare
	if t := strings.TrimSpace(c.Title); t != "" {
		// The words stand beside a plot as tall as the canvas: the title is set at display size
		// (the largest from Hero down to Display on two lines, else down to H2 on three), so the
		// column balances the card; only a long title steps down to H3 on up to six lines.
		k := 1.0
		if serif {
			k = 1.12
		}
		f := headlineFace(serif)
		size, lines := fitLines(t, float64(m.Type.Hero)*k, float64(m.Type.Display)*k, headW, 2, f)
		if lines > 2 {
			size, lines = fitLines(t, float64(m.Type.Display)*k, float64(m.Type.H2)*k, headW, 3, f)
		}
		if lines > 3 {
			size, lines = fitLines(t, float64(m.Type.H1)*k, float64(m.Type.H3), headW, 6, f)
		}
		g.TitleSize, g.TitleLines = int(size), lines
		g.TitleH = int(float64(lines)*size*1.06 + 0.999)
	}
	if s := strings.TrimSpace(c.Subtitle); s != "" {
		// A step over the portrait subtitle, kept under the title (fit.js holds it under 1/1.15).
		size, lines := fitLines(s, float64(m.Type.H3), float64(m.Type.Body), headW, 8, leadFace(serif))
		g.SubSize, g.SubLines = int(size), lines
		g.SubH = int(float64(lines)*size*1.3 + 0.999)
	}
	g.HeadH = g.TitleH + g.SubH
	if g.TitleH > 0 && g.SubH > 0 {
		g.HeadH += m.GapS
	}
	g.CardW, g.CardH = int(w-headW)-2*m.Gap, h
	if d.Look.Style == "editorial" {
		g.PlotW, g.PlotH = g.CardW, g.CardH-2*m.Gap
	} else {
		g.PlotW, g.PlotH = g.CardW-2*g.Pad, g.CardH-2*g.Pad
	}
	if g.PlotW < 100 || g.PlotH < 100 {
		return g, fmt.Errorf("chart pattern: plot area %dx%d too small", g.PlotW, g.PlotH)
	}
	return g, nil
}
