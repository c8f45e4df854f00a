package charts

import (
	"fmt"
	"math"
)

// barPath is a rectangle x0..x1 by y0..y1 with the corners of one end rounded by r: end is
// "top", "bottom", "left" or "right".
func barPath(x0, y0, x1, y1, r float64, end string) string {
	if x1 < x0 {
		x0, x1 = x1, x0
	}
	if y1 < y0 {
		y0, y1 = y1, y0
	}
	w, h := x1-x0, y1-y0
	switch end {
	case "top", "bottom":
		r = math.Min(r, math.Min(w/2, h))
	default:
		r = math.Min(r, math.Min(h/2, w))
	}
	if r <= 0.5 {
		return fmt.Sprintf("M%s %sH%sV%sH%sZ", n(x0), n(y0), n(x1), n(y1), n(x0))
	}
	a := fmt.Sprintf("A%s %s 0 0 1 ", n(r), n(r))
	switch end {
	case "top":
		return fmt.Sprintf("M%s %sV%s%s%s %sH%s%s%s %sV%sZ", n(x0), n(y1), n(y0+r), a, n(x0+r), n(y0), n(x1-r), a, n(x1), n(y0+r), n(y1))
	case "bottom":
		return fmt.Sprintf("M%s %sH%sV%s%s%s %sH%s%s%s %sZ", n(x0), n(y0), n(x1), n(y1-r), a, n(x1-r), n(y1), n(x0+r), a, n(x0), n(y1-r))
	case "right":
		return fmt.Sprintf("M%s %sH%s%s%s %sV%s%s%s %sH%sZ", n(x0), n(y0), n(x1-r), a, n(x1), n(y0+r), n(y1-r), a, n(x1-r), n(y1), n(x0))
	default: // left
		return fmt.Sprintf("M%s %sV%sH%s%s%s %sV%s%s%s %sZ", n(x1), n(y0), n(y1), n(x0+r), a, n(x0), n(y1-r), n(y0+r), a, n(x0+r), n(y0))
	}
}

// barRadius is the corner radius of bars of thickness w in the current style.
func (cv *canvas) barRadius(w float64) float64 {
	switch cv.style() {
	case StyleFlat:
		return math.Min(w*0.14, 10)
	case StyleBlueprint:
		return 0
	case StyleEditorial:
		return math.Min(w*0.04, 2)
	}
	return math.Min(w*0.3, 18)
}

// barFills are the fills of positive, negative and (editorial) emphasised bars.
type barFills struct {
	pos, neg, muted   string
	stroke, negStroke string // blueprint outline colours
}

// barFills defines the gradients or patterns bars use; vertical says which way bars grow.
func (cv *canvas) barFills(vertical bool) barFills {
	c0 := cv.t.Series[0]
	c1 := c0
	if len(cv.t.Series) > 1 {
		c1 = cv.t.Series[1]
	}
	switch cv.style() {
	case StyleFlat:
		return barFills{pos: c0, neg: c1}
	case StyleBlueprint:
		return barFills{
			pos:       "url(#" + cv.markHatch(c0, 8, 2) + ")",
			neg:       "url(#" + cv.markHatch(c1, 8, 2) + ")",
			stroke:    c0,
			negStroke: c1,
		}
	case StyleEditorial:
		return barFills{pos: c0, neg: c0, muted: mixHex(cv.t.Muted, cv.t.Background, 0.45)}
	}
	// glass: the colour deepens towards the bar's end, fading towards the baseline.
	grad := func(c string, invert bool) string {
		x2, y2 := 0.0, 1.0
		x1, y1 := 0.0, 0.0
		if !vertical {
			x1, y1, x2, y2 = 1, 0, 0, 0
		}
		if invert {
			x1, y1, x2, y2 = x2, y2, x1, y1
		}
		return "url(#" + cv.linearGradient(x1, y1, x2, y2,
			gradStop{0, c, 1}, gradStop{1, mixHex(c, cv.t.Background, 0.38), 0.92}) + ")"
	}
	return barFills{pos: grad(c0, false), neg: grad(c1, true)}
}

func drawBar(cv *canvas, c Content) error {
	pts := c.Series
	if len(pts) == 0 {
		return errNoData
	}
	values := make([]float64, len(pts))
	lo, hi := math.Inf(1), math.Inf(-1)
	for i, p := range pts {
		values[i] = p.Value
		lo, hi = math.Min(lo, p.Value), math.Max(hi, p.Value)
	}
	ax := niceAxis(lo, hi, true)
	vf := valueFormatter(values)
	valueLabels := make([]string, len(pts))
	for i, v := range values {
		valueLabels[i] = withUnit(vf(v), c.Unit)
	}
	ticks := tickLabels(ax, c.Unit)
	emphasis := -1
	if cv.style() == StyleEditorial {
		for i, v := range values {
			if emphasis < 0 || v >= values[emphasis] {
				emphasis = i
			}
		}
	}
	if !drawVerticalBars(cv, c, ax, valueLabels, ticks, emphasis, false) {
		drawHorizontalBars(cv, c, ax, valueLabels, ticks, emphasis)
	}
	return nil
}

// drawVerticalBars draws columns. When force is false and a category label would have to be
// cut, it draws nothing and answers false: the caller draws horizontal bars instead.
func drawVerticalBars(cv *canvas, c Content, ax axis, valueLabels, ticks []string, emphasis int, force bool) bool {
	fs := cv.fs
	pts := c.Series
	count := float64(len(pts))
	tickF := cv.tickFont(fs * 0.82)
	tickW := 0.0
	for _, t := range ticks {
		tickW = math.Max(tickW, tickF.width(t))
	}
	captionH := 0.0
	if placeUnit(c.Unit) == unitCaption {
		captionH = fs * 1.5
	}
	valueF := cv.valueFont(fs * 0.92)
	valueH := valueF.size * 1.55
	x0 := tickW + fs*0.6
	if cv.style() == StyleBlueprint {
		x0 += fs * 0.3
	}
	x1 := cv.w
	band := (x1 - x0) / count

	catF := cv.labelFont(fs * 0.88)
	catMax := band - math.Max(fs*0.45, band*0.1)
	size, maxLines := catF.size, 1
	for _, p := range pts {
		tb := fit(p.Label, catF, catMax, 2, fs*0.66)
		if tb.truncated && !force {
			return false
		}
		size = math.Min(size, tb.size)
	}
	if size < catF.size*0.8 && !force {
		return false // labels would get small: rows read better
	}
	cats := make([]textBlock, len(pts))
	for i, p := range pts {
		cats[i] = fit(p.Label, catF.withSize(size), catMax, 2, size)
		maxLines = max(maxLines, len(cats[i].lines))
	}
	catBlock := size * (1 + float64(maxLines-1)*lineGap)

	neg := ax.min < 0
	y0 := captionH + valueH
	y1 := cv.h - catBlock - fs*0.8
	if neg {
		y1 -= valueH * 0.9
	}
	// The value over the tallest column needs valueH only when the column reaches the axis's top:
	// 2,600 under a 3,000 top left a band over a square slide's plot.
	hi := math.Inf(-1)
	for _, p := range pts {
		hi = math.Max(hi, p.Value)
	}
	if hi > 0 {
		y0 = plotTop(ax, hi, captionH, valueH, y1, tickF.size*0.7)
	}
	s := scale{ax: ax, lo: y1, hi: y0}
	cv.unitCaption(c.Unit, 0, fs*0.72, cv.w*0.5, "start")
	cv.horizontalGrid(s, x0, x1, x0-fs*0.6, ticks, tickF)

	fills := cv.barFills(true)
	bw := math.Min(band*0.64, fs*7.5)
	r := cv.barRadius(bw)
	z := s.zero()
	cv.body.WriteString(`<g class="bars">`)
	for i, p := range pts {
		cx := x0 + band*(float64(i)+0.5)
		y := s.at(p.Value)
		fill, end := fills.pos, "top"
		if p.Value < 0 {
			fill, end = fills.neg, "bottom"
		}
		if emphasis >= 0 && i != emphasis {
			fill = fills.muted
		}
		if math.Abs(y-z) >= 0.5 {
			fmt.Fprintf(&cv.body, `<path d="%s" fill="%s"`, barPath(cx-bw/2, z, cx+bw/2, y, r, end), esc(fill))
			if fills.stroke != "" {
				stroke := fills.stroke
				if p.Value < 0 {
					stroke = fills.negStroke
				}
				fmt.Fprintf(&cv.body, ` stroke="%s" stroke-width="2"`, esc(stroke))
			}
			cv.body.WriteString("/>")
		}
	}
	cv.body.WriteString(`</g><g class="values">`)
	for i, p := range pts {
		cx := x0 + band*(float64(i)+0.5)
		y := s.at(p.Value)
		vb := fit(valueLabels[i], valueF, band*0.96, 1, fs*0.6)
		a := textAttrs{anchor: "middle"}
		if w := valueF.withSize(vb.size).width(vb.lines[0]); w > band*0.96 {
			a.textLength = band * 0.96
		}
		color := cv.t.Text
		if emphasis >= 0 && i != emphasis {
			color = cv.t.Muted
		}
		baseline := math.Min(y, z) - fs*0.42
		if p.Value < 0 {
			baseline = math.Max(y, z) + fs*0.42 + vb.size*0.74
		}
		cv.lines(cx, baseline, vb, valueF, color, a)
	}
	cv.body.WriteString(`</g><g class="categories">`)
	labelTop := s.lo + fs*0.8
	if neg {
		labelTop += valueH * 0.9
	}
	for i := range pts {
		cx := x0 + band*(float64(i)+0.5)
		cv.lines(cx, labelTop+cats[i].size*0.76, cats[i], catF, cv.t.Text, textAttrs{anchor: "middle", opacity: 0.82})
	}
	cv.body.WriteString("</g>")
	return true
}

// drawHorizontalBars draws one bar per row, labels on the left: used when category labels are
// too long to sit under columns.
func drawHorizontalBars(cv *canvas, c Content, ax axis, valueLabels, ticks []string, emphasis int) {
	fs := cv.fs
	pts := c.Series
	count := float64(len(pts))
	tickF := cv.tickFont(fs * 0.82)
	valueF := cv.valueFont(fs * 0.92)
	captionH := 0.0
	if placeUnit(c.Unit) == unitCaption {
		captionH = fs * 1.5
	}
	tickRow := tickF.size * 2
	y0 := captionH + fs*0.2
	y1 := cv.h - tickRow
	rowH := (y1 - y0) / count

	catF := cv.labelFont(fs * 0.88)
	labelW := 0.0
	for _, p := range pts {
		labelW = math.Max(labelW, catF.width(clean(p.Label)))
	}
	labelW = math.Min(labelW, cv.w*0.34)
	lines := 2
	if rowH < catF.size*2.5 {
		lines = 1
	}
	size := catF.size
	for _, p := range pts {
		size = math.Min(size, fit(p.Label, catF, labelW, lines, fs*0.66).size)
	}
	posW, negW := 0.0, 0.0
	for i, p := range pts {
		w := valueF.width(valueLabels[i])
		if p.Value < 0 {
			negW = math.Max(negW, w)
		} else {
			posW = math.Max(posW, w)
		}
	}
	gap := fs * 0.8
	x0 := labelW + gap
	if negW > 0 {
		x0 += negW + fs*0.4
	}
	// Keep the first and last tick labels inside the plot.
	x0 = math.Max(x0, labelW+tickF.width(ticks[0])/2)
	x1 := cv.w - math.Max(posW+fs*0.5, tickF.width(ticks[len(ticks)-1])/2)
	s := scale{ax: ax, lo: x0, hi: x1}
	cv.unitCaption(c.Unit, x0, fs*0.72, cv.w-x0, "start")
	cv.verticalGrid(s, y0, y1, y1+tickRow*0.72, ticks, tickF)

	fills := cv.barFills(false)
	bh := math.Min(rowH*0.62, fs*2.6)
	r := cv.barRadius(bh)
	z := s.zero()
	cv.body.WriteString(`<g class="bars">`)
	for i, p := range pts {
		cy := y0 + rowH*(float64(i)+0.5)
		x := s.at(p.Value)
		fill, end := fills.pos, "right"
		if p.Value < 0 {
			fill, end = fills.neg, "left"
		}
		if emphasis >= 0 && i != emphasis {
			fill = fills.muted
		}
		if math.Abs(x-z) >= 0.5 {
			fmt.Fprintf(&cv.body, `<path d="%s" fill="%s"`, barPath(z, cy-bh/2, x, cy+bh/2, r, end), esc(fill))
			if fills.stroke != "" {
				stroke := fills.stroke
				if p.Value < 0 {
					stroke = fills.negStroke
				}
				fmt.Fprintf(&cv.body, ` stroke="%s" stroke-width="2"`, esc(stroke))
			}
			cv.body.WriteString("/>")
		}
		color := cv.t.Text
		if emphasis >= 0 && i != emphasis {
			color = cv.t.Muted
		}
		if p.Value < 0 {
			cv.text(math.Min(x, z)-fs*0.4, cy+valueF.size*capMid, valueLabels[i], valueF, color, textAttrs{anchor: "end"})
		} else {
			cv.text(math.Max(x, z)+fs*0.4, cy+valueF.size*capMid, valueLabels[i], valueF, color, textAttrs{})
		}
		tb := fit(p.Label, catF.withSize(size), labelW, lines, size)
		top := cy - blockHeight(tb)/2
		cv.lines(labelW, top+tb.size*0.76, tb, catF, cv.t.Text, textAttrs{anchor: "end", opacity: 0.82})
	}
	cv.body.WriteString("</g>")
}
