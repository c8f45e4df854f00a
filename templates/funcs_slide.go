package templates

import (
	"fmt"
	"html/template"
	"strings"

	"github.com/brandgen/brandgen/charts"
)

// Measures of the carousel slides (layout/slide.tmpl): the footer row with the counter, the
// progress marks and the swipe cue takes slideFootH under the body, a gap apart.
const slideFootH = 48

// SlideFootHeight is the height of a slide's footer row.
func (d Data) SlideFootHeight() int { return slideFootH }

// SlideBodyHeight is the height left for a slide's body above its footer.
func (d Data) SlideBodyHeight() int { return d.ContentHeight() - slideFootH - d.M.Gap }

// SlideArea is d with the content area reduced to the slide's body, for helpers that size things
// to the content area (codeView).
func (d Data) SlideArea() Data {
	d.M.MarginBottom += slideFootH + d.M.Gap
	return d
}

// SlideChartView is a chart drawn for a chart slide: the title's size and the plot.
type SlideChartView struct {
	TitleSize, TitleLines int
	CaptionSize           int
	CardH                 int
	SVG                   template.HTML
}

// SlideChart lays out a chart slide's title, chart card and caption in the slide body and draws the
// chart (c) at the plot's pixel size with the page's palette.
func (d Data) SlideChart(c charts.Content, title, caption string) (SlideChartView, error) {
	m := d.M
	w, h := float64(d.ContentWidth()), d.SlideBodyHeight()
	serif := d.Look.Style == "editorial"
	var v SlideChartView
	used := 0
	if t := strings.TrimSpace(title); t != "" {
		tf := chartTitleFace(string(d.Look.Style))
		size, lines := fitLines(t, float64(m.Type.H2), float64(m.Type.Lead), w, 3, tf)
		// A title that holds on one line at the first heading is set there (a step up): at the
		// second, "Reads vs writes" and 每月活跃用户 stood under the plot's own 92% and read as
		// a label, not the slide's headline.
		if h1 := float64(m.Type.H1); estimateLines(t, h1, w, tf) <= 1 {
			size, lines = h1, 1
		}
		v.TitleSize, v.TitleLines = int(size), min(lines, 3)
		used += int(float64(v.TitleLines)*size*1.1+0.999) + m.Gap
	}
	if s := strings.TrimSpace(caption); s != "" {
		size, lines := fitLines(s, float64(m.Type.Lead), float64(m.Type.Body), w, 2, leadFace(serif))
		v.CaptionSize = int(size)
		used += int(float64(min(lines, 2))*size*1.32+0.999) + m.Gap
	}
	v.CardH = h - used
	pad := m.Pad
	plotW, plotH := int(w)-2*pad, v.CardH-2*pad
	if serif {
		plotW, plotH = int(w), v.CardH-m.Gap
	}
	if plotW < 100 || plotH < 100 {
		return v, fmt.Errorf("chart slide: plot area %dx%d too small", plotW, plotH)
	}
	th := ChartTheme(d.Palette)
	th.MinText = float64(d.M.FloorLabel) // no chart text under the page's label floor
	svg, err := charts.Draw(c, plotW, plotH, th)
	if err != nil {
		return v, err
	}
	v.SVG = svg
	return v, nil
}

// chartTitleFace is the face a chart slide's title (.ch-title, slide-chart.tmpl) is set in, per
// style, from the fonts' own advances (letter-frequency weighted lower case) less the title's
// -.022em tracking: Inter Display Bold (glass, flat), its SemiBold (blueprint's 600 headline) and
// EB Garamond 12 at its own size (editorial's headlines are display type, css/editorial.css). An
// estimate that runs short costs a smaller title (the fit script shrinks it to its lines), not an
// overflow. The card is sized for
// the lines this predicts, and headlineFace, kept wide for the fit of every other headline, took
// "Queries per second, before and after" for 1080 px at 55 px (two lines) where it sets in ~870
// px on one: an 85-89 px band stood empty under the square slides' caption (editorial's long
// title, estimated at three lines, set on two: a 73-94 px band).
func chartTitleFace(style string) face {
	const track = 0.022
	switch style {
	case "editorial":
		return face{lower: 0.415 - track, upper: 0.654 - track, digit: 0.431 - track, space: 0.2 - track, other: 0.35 - track}
	case "blueprint":
		return face{lower: 0.487 - track, upper: 0.647 - track, digit: 0.57 - track, space: 0.246 - track, other: 0.4 - track}
	}
	return face{lower: 0.5 - track, upper: 0.66 - track, digit: 0.585 - track, space: 0.229 - track, other: 0.4 - track}
}

// TitleSize picks a headline size for text in a box w wide (the content width when w is 0) from
// the largest of the scale's steps named by from down to the one named by to, at which it takes
// at most lines lines. Steps: "giant" (1.5 hero), "hero", "display", "h1", "h2", "h3", "lead", "body".
func (d Data) TitleSize(text string, from, to string, lines, w int) int {
	t := d.M.Type
	steps := []struct {
		name string
		px   int
	}{{"giant", t.Hero * 3 / 2}, {"hero", t.Hero}, {"display", t.Display}, {"h1", t.H1}, {"h2", t.H2}, {"h3", t.H3}, {"lead", t.Lead}, {"body", t.Body}}
	if w <= 0 {
		w = d.ContentWidth()
	}
	serif := d.Look.Style == "editorial"
	on := false
	last := t.Body
	for _, s := range steps {
		if s.name == from {
			on = true
		}
		if !on {
			continue
		}
		last = s.px
		px := float64(s.px)
		if serif {
			px *= 1.08
		}
		if estimateLines(text, px, float64(w), headlineFace(serif)) <= lines {
			return int(px)
		}
		if s.name == to {
			break
		}
	}
	if serif {
		return int(float64(last) * 1.08)
	}
	return last
}

// OneLineSize is the largest font size, at most maxPx, at which text fits the content width on one
// line (estimated with the headline face; the fit script corrects the rest).
func (d Data) OneLineSize(text string, maxPx int) int {
	f := headlineFace(d.Look.Style == "editorial")
	em := 0.0
	f.glyphs(text, func(_ rune, w float64) { em += w * 1.06 })
	if em <= 0 {
		return maxPx
	}
	return min(maxPx, int(float64(d.ContentWidth())/em))
}

// endsInArrow reports whether s ends in an arrow ("Follow ➜", "Read more →", "Next ➡️"): a
// button that draws its own arrow after the text leaves it out, or the button read "Follow ➜ →".
func endsInArrow(s string) bool {
	rs := []rune(strings.TrimRight(s, " \u00a0\ufe0f\ufe0e"))
	if len(rs) == 0 {
		return false
	}
	r := rs[len(rs)-1]
	switch {
	case r >= 0x2190 && r <= 0x21ff, // Arrows
		r >= 0x2794 && r <= 0x27be && r != 0x27b0,              // Dingbats' arrows (➔ ➜ ➡), not its loops
		r >= 0x27f0 && r <= 0x27ff, r >= 0x2900 && r <= 0x297f, // Supplemental Arrows-A and -B
		r >= 0x2b00 && r <= 0x2b11, r >= 0x2b60 && r <= 0x2bff, // Miscellaneous Symbols and Arrows
		r >= 0x1f800 && r <= 0x1f8ff, // Supplemental Arrows-C
		r == '»' || r == '›' || r == '>':
		return true
	}
	return false
}

// SlideSideCap is the largest cell size in px of a comparison slide at which each side's name, set
// at 1.1x the cells behind its marker (.42em and a .3em gap, slide-comparison.tmpl), keeps its
// longest run that cannot break (a word, with an emoji glued to it by emojiText) in its column. The
// column is glass's, inside its card's padding, the narrowest of the styles, and the face the sans
// headline's, the widest, so every style takes the same cap: "Microservices 🧩" over cells set at
// the second heading shrank alone to 28 px over 60 px cells (the head under its rows).
func (d Data) SlideSideCap(left, right string) int {
	col := (float64(d.ContentWidth()) - 2*float64(d.M.Pad) - float64(d.M.Gap)) / 2
	em := max(widestRun(left, headlineFace(false), false), widestRun(right, headlineFace(false), false))
	if em <= 0 {
		return d.M.Type.Hero
	}
	return int(col / (1.1 * (em*1.04 + 0.72)))
}
