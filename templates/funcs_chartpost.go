package templates

import (
	"fmt"
	"math"
	"strings"

	"github.com/brandgen/brandgen/charts"
)

// Landscape chart posts: the plot card takes the left of the canvas at full height and the title
// and subtitle stand in a column on the right, centred on it (chart.tmpl's .ch-side), the way the
// stat post sets its figure beside its words. chartSideShare is the words' share of the width.
const chartSideShare = 0.4

// chartSideTitleMax caps a landscape chart's title at this multiple of the hero size; together
// title and subtitle take at most chartSideHeadShare of the height.
const (
	chartSideTitleMax  = 1.3
	chartSideHeadShare = 0.6
)

// longestWord is the width in px of text's widest unbreakable run at size in face f (widestRun,
// CJK breaking between any two characters), with the estimates' slack.
func longestWord(text string, size float64, f face) float64 {
	return widestRun(text, f, true) * size * 1.04
}

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
	title, sub := strings.TrimSpace(c.Title), strings.TrimSpace(c.Subtitle)
	// subFor sets the subtitle at a step under a title at ts (about 0.42 of it, between the body
	// and H2 sizes; fit.js holds it under 1/1.15 of the title) on up to eight lines.
	subFor := func(ts float64) (float64, int, float64) {
		if sub == "" {
			return 0, 0, 0
		}
		top := float64(m.Type.H2)
		if ts > 0 {
			top = math.Max(float64(m.Type.Body), math.Min(top, ts*0.42))
		}
		size, lines := fitLines(sub, top, float64(m.Type.Body), headW, 8, leadFace(serif))
		return size, lines, float64(lines) * size * 1.3
	}
	if title != "" {
		// The words stand beside a plot as tall as the canvas: the title is set as large as the
		// column holds it (up to chartSideTitleMax of the hero size on up to four lines, its
		// longest word whole) while title and subtitle take at most chartSideHeadShare of the
		// height, so the column balances the card instead of a short block floating in air; a
		// long title steps down to H3 on up to six lines.
		k := 1.0
		if serif {
			k = 1.12
		}
		f := headlineFace(serif)
		size, lines := 0.0, 0
		for s := math.Round(float64(m.Type.Hero) * k * chartSideTitleMax); s >= float64(m.Type.H2)*k; s -= 2 {
			n := estimateLines(title, s, headW, f)
			if n > 4 || longestWord(title, s, f) > headW {
				continue
			}
			_, _, sh := subFor(s)
			if float64(n)*s*1.06+sh+float64(m.GapS) > float64(h)*chartSideHeadShare {
				continue
			}
			size, lines = s, n
			break
		}
		if size == 0 {
			size, lines = fitLines(title, float64(m.Type.H1)*k, float64(m.Type.H3), headW, 6, f)
		}
		g.TitleSize, g.TitleLines = int(size), lines
		g.TitleH = int(float64(lines)*size*1.06 + 0.999)
	}
	if size, lines, sh := subFor(float64(g.TitleSize)); lines > 0 {
		g.SubSize, g.SubLines = int(size), lines
		g.SubH = int(sh + 0.999)
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
