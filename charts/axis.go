package charts

import (
	"fmt"
	"math"
)

// scale maps axis values onto pixels: the axis minimum onto lo, the maximum onto hi.
type scale struct {
	ax     axis
	lo, hi float64
}

func (s scale) at(v float64) float64 {
	span := s.ax.max - s.ax.min
	if span == 0 {
		return s.lo
	}
	return s.lo + (v-s.ax.min)/span*(s.hi-s.lo)
}

// zero is the pixel of the baseline: 0 when the axis spans it, else its nearer end.
func (s scale) zero() float64 {
	switch {
	case s.ax.min > 0:
		return s.at(s.ax.min)
	case s.ax.max < 0:
		return s.at(s.ax.max)
	}
	return s.at(0)
}

// gridLook is how gridlines are stroked in the current style.
func (cv *canvas) gridLook() (width float64, extra string) {
	switch cv.style() {
	case StyleBlueprint:
		return 1, `stroke-dasharray="5 7"`
	case StyleEditorial:
		return 1, ""
	case StyleFlat:
		return 2, ""
	}
	return 1.5, `stroke-linecap="round"`
}

// zeroLook is how the zero baseline is stroked.
func (cv *canvas) zeroLook() (color string, width float64) {
	switch cv.style() {
	case StyleBlueprint:
		return cv.t.Text, 1.5
	case StyleEditorial:
		return cv.t.Text, 1.5
	case StyleFlat:
		return cv.t.Text, 3
	}
	return cv.t.Muted, 2
}

// tickLabels formats the ticks of ax with the unit when the unit sits inline.
func tickLabels(ax axis, unit string) []string {
	f := tickFormatter(ax.step)
	out := make([]string, len(ax.ticks))
	for i, v := range ax.ticks {
		out[i] = withUnit(f(v), unit)
	}
	return out
}

// horizontalGrid draws gridlines across x0..x1 at each tick of a vertical value scale, with tick
// labels right-aligned at labelX, and the zero baseline stronger.
func (cv *canvas) horizontalGrid(s scale, x0, x1, labelX float64, labels []string, f font) {
	gw, gx := cv.gridLook()
	zc, zw := cv.zeroLook()
	fmt.Fprintf(&cv.body, `<g class="grid">`)
	for i, v := range s.ax.ticks {
		y := s.at(v)
		if v != 0 || s.ax.min > 0 || s.ax.max < 0 {
			cv.line(x0, y, x1, y, cv.t.Grid, gw, gx)
		}
		cv.text(labelX, y+f.size*capMid, labels[i], f, cv.t.Muted, textAttrs{anchor: "end"})
		if cv.style() == StyleBlueprint {
			cv.line(x0-cv.fs*0.3, y, x0, y, cv.t.Muted, 1, "")
		}
	}
	if cv.style() == StyleBlueprint {
		cv.line(x0, s.hi, x0, s.lo, cv.t.Muted, 1, "")
	}
	z := s.zero()
	cv.line(x0, z, x1, z, zc, zw, `stroke-linecap="round"`)
	cv.body.WriteString("</g>")
}

// verticalGrid draws gridlines down y0..y1 at each tick of a horizontal value scale, with tick
// labels centred under them at labelY (baseline).
func (cv *canvas) verticalGrid(s scale, y0, y1, labelY float64, labels []string, f font) {
	gw, gx := cv.gridLook()
	zc, zw := cv.zeroLook()
	fmt.Fprintf(&cv.body, `<g class="grid">`)
	for i, v := range s.ax.ticks {
		x := s.at(v)
		if v != 0 || s.ax.min > 0 || s.ax.max < 0 {
			cv.line(x, y0, x, y1, cv.t.Grid, gw, gx)
		}
		anchor := "middle"
		cv.text(x, labelY, labels[i], f, cv.t.Muted, textAttrs{anchor: anchor})
	}
	z := s.zero()
	cv.line(z, y0, z, y1, zc, zw, `stroke-linecap="round"`)
	cv.body.WriteString("</g>")
}

// unitCaption draws a long unit ("users", "tonnes") as a small upper-case caption at x, y
// (baseline), anchored start or end. It returns nothing drawn when the unit sits inline.
func (cv *canvas) unitCaption(unit string, x, y, maxWidth float64, anchor string) {
	if placeUnit(unit) != unitCaption {
		return
	}
	f := cv.kickerFont(cv.fs * 0.72)
	tb := fit(unit, f, maxWidth, 1, f.size*0.8)
	cv.lines(x, y, tb, f, cv.t.Muted, textAttrs{anchor: anchor})
}

// plotTop is the top of a plot running down to y1 under a caption captionH tall, whose highest
// point hi carries a value callout valueH tall: the whole reserve when hi reaches the axis's top;
// under it only what the callout lacks above its point, and never under minTop (the top tick's
// half height). Line and column charts share it.
func plotTop(ax axis, hi, captionH, valueH, y1, minTop float64) float64 {
	span := ax.max - ax.min
	if span <= 0 || hi <= ax.min {
		return captionH + valueH
	}
	f := (hi - ax.min) / span
	need := (valueH - (1-f)*(y1-captionH)) / f
	return captionH + math.Min(valueH, math.Max(need, minTop))
}
