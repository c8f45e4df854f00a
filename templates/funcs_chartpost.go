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

// chartSideGeometry is chartGeometry for the landscape layout.
func chartSideGeometry(d Data, c charts.Content, serif bool) (ChartGeom, error) {
	m := d.M
	w, h := float64(d.ContentWidth()), d.ContentHeight()
	g := ChartGeom{Pad: m.Pad, Side: true}
	headW := (w - 2*float64(m.Gap)) * chartSideShare
	if t := strings.TrimSpace(c.Title); t != "" {
		size := float64(m.Type.H1)
		if serif {
			size *= 1.12
		}
		size, lines := fitLines(t, size, float64(m.Type.H3), headW, 6, headlineFace(serif))
		g.TitleSize, g.TitleLines = int(size), lines
		g.TitleH = int(float64(lines)*size*1.06 + 0.999)
	}
	if s := strings.TrimSpace(c.Subtitle); s != "" {
		size, lines := fitLines(s, float64(m.Type.Lead), float64(m.Type.Body), headW, 8, leadFace(serif))
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
