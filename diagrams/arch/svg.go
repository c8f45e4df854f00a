package arch

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/brandgen/brandgen/charts"
)

// canvas is an SVG being written: defs (gradients, filters, icon symbols) and the body.
type canvas struct {
	id    string // prefix of every id, unique per drawing
	nextN int
	defs  strings.Builder
	body  strings.Builder
	icons map[string]string // icon symbol name -> id
}

// newID returns a fresh id for a gradient, pattern, filter or symbol.
func (c *canvas) newID(kind string) string {
	c.nextN++
	return fmt.Sprintf("%s-%s%d", c.id, kind, c.nextN)
}

// num writes a coordinate with at most two decimals.
func num(v float64) string {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		v = 0
	}
	return strconv.FormatFloat(math.Round(v*100)/100, 'f', -1, 64)
}

var xmlEscaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;", "'", "&#39;")

// esc escapes text (already cleaned) for XML content and attribute values.
func esc(s string) string { return xmlEscaper.Replace(s) }

// textStyle is how one run of text is set.
type textStyle struct {
	family string
	weight int
	size   float64
	fill   string
	anchor string  // start, middle, end
	track  float64 // em
	upper  bool
	italic bool
}

func (s textStyle) font() charts.TextFont {
	return charts.TextFont{Family: s.family, Weight: s.weight, Size: s.size, Upper: s.upper, Track: s.track}
}

// width measures s in this style.
func (s textStyle) width(text string) float64 { return s.font().Width(text) }

// attrs writes the presentation attributes of the style (no classes: an exported SVG inlined
// next to another must not share CSS names).
func (s textStyle) attrs() string {
	var b strings.Builder
	fmt.Fprintf(&b, ` font-family="%s" font-size="%s" font-weight="%d" fill="%s"`, esc(s.family), num(s.size), s.weight, esc(s.fill))
	if s.anchor != "" && s.anchor != "start" {
		fmt.Fprintf(&b, ` text-anchor="%s"`, s.anchor)
	}
	if s.track != 0 {
		fmt.Fprintf(&b, ` letter-spacing="%s"`, num(s.track*s.size))
	}
	if s.italic {
		b.WriteString(` font-style="italic"`)
	}
	return b.String()
}

// text writes lines of text; y is the baseline of the first line.
func (c *canvas) text(w *strings.Builder, x, y float64, lines []string, st textStyle, lineH float64) {
	fmt.Fprintf(w, `<text x="%s" y="%s"%s>`, num(x), num(y), st.attrs())
	for i, l := range lines {
		if st.upper {
			l = strings.ToUpper(l)
		}
		if i == 0 {
			w.WriteString(esc(l))
			continue
		}
		fmt.Fprintf(w, `<tspan x="%s" dy="%s">%s</tspan>`, num(x), num(lineH), esc(l))
	}
	w.WriteString("</text>")
}

// fitLines wraps text into at most maxLines lines of maxW at st's size, shrinking down to minSize
// before it cuts the last line with an ellipsis. It returns the lines and the size used.
func fitLines(text string, st textStyle, maxW float64, maxLines int, minSize float64) ([]string, float64) {
	text = charts.CleanText(text)
	for size := st.size; ; size = math.Max(minSize, size*0.94) {
		f := st
		f.size = size
		if lines, ok := f.font().Wrap(text, maxW, maxLines); ok {
			return lines, size
		}
		if size <= minSize {
			lines, _ := f.font().Wrap(text, maxW, 0)
			if len(lines) > maxLines {
				lines = append(lines[:maxLines-1:maxLines-1], strings.Join(lines[maxLines-1:], " "))
			}
			for i, l := range lines {
				lines[i] = f.font().Truncate(l, maxW)
			}
			return lines, size
		}
	}
}
