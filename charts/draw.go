package charts

import (
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"html/template"
	"math"
	"strconv"
	"strings"
)

// Draw draws the content as one <svg> element of width x height pixels: the plot of a bar, line
// or donut chart, or the grid of KPI tiles. Title and subtitle are the page's to draw. The output
// is well-formed XML with every content string escaped; gradient and pattern ids carry a prefix
// derived from the content, so two charts on one page do not collide.
func Draw(c Content, width, height int, t Theme) (template.HTML, error) {
	if width <= 0 || height <= 0 {
		return "", fmt.Errorf("draw %s chart: size %dx%d is not positive", c.ChartType, width, height)
	}
	t = ApplyPalette(t.withDefaults(), c.Palette)
	cv := newCanvas(c, float64(width), float64(height), t)
	var err error
	switch c.ChartType {
	case TypeBar:
		err = drawBar(cv, c)
	case TypeLine:
		err = drawLine(cv, c)
	case TypeDonut:
		err = drawDonut(cv, c)
	case TypeKPI:
		err = drawKPI(cv, c)
	default:
		err = fmt.Errorf("unknown chart type %q", c.ChartType)
	}
	if err != nil {
		return "", fmt.Errorf("draw %s chart: %w", c.ChartType, err)
	}
	return template.HTML(cv.finish()), nil
}

var errNoData = errors.New("no data to draw")

// canvas is one SVG being drawn.
type canvas struct {
	w, h  float64
	fs    float64 // base font size, 26 px on a 952 px wide plot
	t     Theme
	id    string // id prefix, unique per content and size
	nextN int
	defs  strings.Builder
	body  strings.Builder
}

func newCanvas(c Content, w, h float64, t Theme) *canvas {
	k := math.Max(0.7, math.Min(1.6, math.Min(w/952, h/700)))
	hash := fnv.New32a()
	enc, _ := json.Marshal(c)
	hash.Write(enc)
	fmt.Fprintf(hash, "|%v|%v|%s|%v", w, h, t.Style, t.Dark)
	if t.TextScale > 0 {
		k *= t.TextScale
	}
	return &canvas{w: w, h: h, fs: math.Round(26*k*2) / 2, t: t, id: fmt.Sprintf("bgc%08x", hash.Sum32())}
}

// newID returns a fresh id for a gradient, pattern or filter.
func (cv *canvas) newID(kind string) string {
	cv.nextN++
	return fmt.Sprintf("%s-%s%d", cv.id, kind, cv.nextN)
}

func (cv *canvas) finish() string {
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="%s" role="img" style="overflow:visible">`,
		int(cv.w), int(cv.h), int(cv.w), int(cv.h), esc(cv.t.FontFamily))
	if cv.defs.Len() > 0 {
		b.WriteString("<defs>")
		b.WriteString(cv.defs.String())
		b.WriteString("</defs>")
	}
	b.WriteString(cv.body.String())
	b.WriteString("</svg>")
	return b.String()
}

func (cv *canvas) style() string { return cv.t.Style }

// Fonts of the chart.

// labelFont is for category labels, legend labels and tile labels.
func (cv *canvas) labelFont(size float64) font {
	f := font{family: cv.t.FontFamily, weight: 500, size: size}
	if cv.style() == StyleBlueprint {
		f.family = cv.t.NumberFamily
		f.weight = 400
	}
	if faceKind(f.family) == "serif" {
		f.size *= 1.1 // serif faces run small
	}
	return cv.floored(f)
}

// tickFont is for axis tick labels.
func (cv *canvas) tickFont(size float64) font {
	f := font{family: cv.t.FontFamily, weight: 400, size: size, lining: true}
	if cv.style() == StyleBlueprint {
		f.family = cv.t.NumberFamily
	}
	if faceKind(f.family) == "serif" {
		f.size *= 1.1
	}
	return cv.floored(f)
}

// valueFont is for value labels and big numbers.
func (cv *canvas) valueFont(size float64) font {
	f := font{family: cv.t.NumberFamily, weight: 600, size: size, lining: true}
	if faceKind(f.family) == "serif" {
		f.weight, f.size = 500, size*1.18 // serif faces run small
	}
	if cv.style() == StyleBlueprint {
		f.weight = 500
	}
	return cv.floored(f)
}

// floored puts the page's label floor under f.
func (cv *canvas) floored(f font) font {
	f.floor = cv.t.MinText
	return f.withSize(f.size)
}

// legendFont is f floored at the legend's minimum (Theme.MinLegend) as well as the label floor.
func (cv *canvas) legendFont(f font) font {
	f.floor = max(f.floor, cv.t.MinLegend)
	return f.withSize(f.size)
}

// kickerFont is for small upper-case captions (unit captions, editorial and blueprint labels).
func (cv *canvas) kickerFont(size float64) font {
	f := cv.labelFont(size)
	f.upper, f.track = true, 0.08
	f.weight = 600
	if cv.style() == StyleBlueprint {
		f.weight = 400
	}
	return f
}

// SVG writing helpers.

// n writes a coordinate with at most one decimal.
func n(v float64) string {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		v = 0
	}
	return strconv.FormatFloat(math.Round(v*10)/10, 'f', -1, 64)
}

// textAttrs are the optional attributes of a text element.
type textAttrs struct {
	anchor     string // start (default), middle, end
	opacity    float64
	textLength float64 // squeeze to this width (last resort)
	extra      string  // raw extra attributes
}

// text writes one line of text with its baseline at y.
func (cv *canvas) text(x, y float64, s string, f font, fill string, a textAttrs) {
	fmt.Fprintf(&cv.body, `<text x="%s" y="%s"%s fill="%s"`, n(x), n(y), fontAttrs(f, cv.t.FontFamily), esc(fill))
	if a.anchor != "" && a.anchor != "start" {
		fmt.Fprintf(&cv.body, ` text-anchor="%s"`, a.anchor)
	}
	if a.opacity > 0 && a.opacity < 1 {
		fmt.Fprintf(&cv.body, ` fill-opacity="%s"`, strconv.FormatFloat(a.opacity, 'f', 2, 64))
	}
	if a.textLength > 0 {
		fmt.Fprintf(&cv.body, ` textLength="%s" lengthAdjust="spacingAndGlyphs"`, n(a.textLength))
	}
	if a.extra != "" {
		cv.body.WriteString(" " + a.extra)
	}
	cv.body.WriteString(">")
	if f.upper {
		s = strings.ToUpper(s)
	}
	cv.body.WriteString(cv.textContent(s, f))
	cv.body.WriteString("</text>")
}

// textContent is s escaped. In a monospace face at hero sizes (blueprint's KPI values) the
// separators . , : are set in the proportional label face: a mono separator takes a whole digit's
// cell, and "2.1%" reads "2 . 1%". Widths are still measured as mono, which only errs wide.
func (cv *canvas) textContent(s string, f font) string {
	if f.size < 28 || faceKind(f.family) != "mono" || !strings.ContainsAny(s, ".,:") {
		return esc(s)
	}
	var b strings.Builder
	for _, r := range s {
		if r == '.' || r == ',' || r == ':' {
			fmt.Fprintf(&b, `<tspan font-family="%s">%c</tspan>`, esc(cv.t.FontFamily), r)
			continue
		}
		b.WriteString(esc(string(r)))
	}
	return b.String()
}

// lines writes a fitted text block; y is the baseline of the first line.
func (cv *canvas) lines(x, y float64, tb textBlock, f font, fill string, a textAttrs) {
	f = f.withSize(tb.size)
	for i, line := range tb.lines {
		cv.text(x, y+float64(i)*tb.size*lineGap, line, f, fill, a)
	}
}

// lineGap is the line height of wrapped labels, in em.
const lineGap = 1.18

// blockHeight is the height of a fitted block from the top of its first line to the bottom of
// its last.
func blockHeight(tb textBlock) float64 {
	if len(tb.lines) == 0 {
		return 0
	}
	return tb.size * (1 + float64(len(tb.lines)-1)*lineGap)
}

func fontAttrs(f font, defaultFamily string) string {
	var b strings.Builder
	if f.family != "" && f.family != defaultFamily {
		fmt.Fprintf(&b, ` font-family="%s"`, esc(f.family))
	}
	fmt.Fprintf(&b, ` font-size="%s"`, n(f.size))
	if f.weight != 0 && f.weight != 400 {
		fmt.Fprintf(&b, ` font-weight="%d"`, f.weight)
	}
	if f.track != 0 {
		fmt.Fprintf(&b, ` letter-spacing="%sem"`, strconv.FormatFloat(f.track, 'f', 2, 64))
	}
	if f.lining {
		b.WriteString(` style="font-variant-numeric:lining-nums tabular-nums"`)
	}
	return b.String()
}

// capHeight is how far above the baseline the middle of digits and capitals sits, in em: a
// baseline at centre+size*capMid centres text vertically on centre.
const capMid = 0.36

// line writes a straight line.
func (cv *canvas) line(x1, y1, x2, y2 float64, stroke string, width float64, extra string) {
	fmt.Fprintf(&cv.body, `<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s" stroke-width="%s"`,
		n(x1), n(y1), n(x2), n(y2), esc(stroke), n2(width))
	if extra != "" {
		cv.body.WriteString(" " + extra)
	}
	cv.body.WriteString("/>")
}

// n2 writes a stroke width or opacity with up to two decimals.
func n2(v float64) string {
	return strconv.FormatFloat(math.Round(v*100)/100, 'f', -1, 64)
}

// linearGradient defines a vertical gradient through the given stops and returns its id.
func (cv *canvas) linearGradient(x1, y1, x2, y2 float64, stops ...gradStop) string {
	id := cv.newID("g")
	fmt.Fprintf(&cv.defs, `<linearGradient id="%s" x1="%s" y1="%s" x2="%s" y2="%s">`, id, n2(x1), n2(y1), n2(x2), n2(y2))
	for _, s := range stops {
		fmt.Fprintf(&cv.defs, `<stop offset="%s" stop-color="%s" stop-opacity="%s"/>`, n2(s.offset), esc(s.color), n2(s.opacity))
	}
	cv.defs.WriteString("</linearGradient>")
	return id
}

type gradStop struct {
	offset  float64
	color   string
	opacity float64
}

// markHatch is the hatch (blueprint's fill: a tint and diagonal lines in colour c) of a mark that is
// read as a colour from a distance: a donut's segments and legend swatches, which must stay apart
// from the card and from each other, and bars (issue 10: at the old area-fill opacities the former
// faded to pastel in light and nearly vanished in dark, and light bars kept a fifth of their
// colour). Seen from afar a hatch averages to its tint plus its lines' share: about 55% of the
// series colour in light; in dark a half tint under lines lightened towards white (darkStripe), so
// the lines stand out of the tint (>= 1.8:1 in both themes, TestBlueprintMarksKeepContrast).
func (cv *canvas) markHatch(c string, spacing, width float64) string {
	if cv.t.Dark {
		return cv.hatchPattern(c, darkStripe(c), spacing, width, 0.5, 1)
	}
	return cv.hatchPattern(c, c, spacing, width, 0.42, 0.9)
}

// areaHatch is the hatch under a line: lighter than a mark's, so the line and its markers stay the
// strongest ink along the area's top edge, but read as the series colour rather than a faint wash
// (issue 10: light kept under a tenth of the colour's contrast): about a third of the colour in
// light; in dark a lighter tint under darkStripe lines.
func (cv *canvas) areaHatch(c string) string {
	if cv.t.Dark {
		return cv.hatchPattern(c, darkStripe(c), 8, 1.5, 0.42, 1)
	}
	return cv.hatchPattern(c, c, 8, 1.5, 0.24, 0.85)
}

// darkStripe is the colour of a hatch's lines on a dark card: the series colour lightened towards
// white (same hue), so the lines stand out of the tint between them; in the series colour itself
// they stood only ~1.6:1 out of it and blueprint dark's bars and donut read as flat fills.
func darkStripe(c string) string { return mixHex(c, "#FFFFFF", 0.3) }

func (cv *canvas) hatchPattern(c, stripe string, spacing, width, bgOpacity, lineOpacity float64) string {
	id := cv.newID("h")
	fmt.Fprintf(&cv.defs, `<pattern id="%s" width="%s" height="%s" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">`+
		`<rect width="%s" height="%s" fill="%s" fill-opacity="%s"/>`+
		`<line x1="0" y1="0" x2="0" y2="%s" stroke="%s" stroke-width="%s" stroke-opacity="%s"/></pattern>`,
		id, n(spacing), n(spacing), n(spacing), n(spacing), esc(c), n2(bgOpacity), n(spacing), esc(stripe), n2(width), n2(lineOpacity))
	return id
}

// shadow defines a soft drop shadow filter (glass cards) and returns its id.
func (cv *canvas) shadow(dy, blur, opacity float64) string {
	id := cv.newID("s")
	color := "#0F172A"
	if cv.t.Dark {
		color = "#000000"
	}
	fmt.Fprintf(&cv.defs, `<filter id="%s" x="-20%%" y="-20%%" width="140%%" height="150%%">`+
		`<feDropShadow dx="0" dy="%s" stdDeviation="%s" flood-color="%s" flood-opacity="%s"/></filter>`,
		id, n(dy), n(blur), color, n2(opacity))
	return id
}
