package charts

import (
	"fmt"
	"math"
	"strings"
)

type pt struct{ x, y float64 }

// straightPath joins the points with straight segments.
func straightPath(ps []pt) string {
	var b strings.Builder
	for i, p := range ps {
		if i == 0 {
			fmt.Fprintf(&b, "M%s %s", n(p.x), n(p.y))
		} else {
			fmt.Fprintf(&b, "L%s %s", n(p.x), n(p.y))
		}
	}
	return b.String()
}

// smoothPath joins the points with a monotone cubic curve (Fritsch-Carlson): smooth, and it
// never overshoots the data, so peaks stay where the values are.
func smoothPath(ps []pt) string {
	if len(ps) < 3 {
		return straightPath(ps)
	}
	k := len(ps)
	d := make([]float64, k-1)
	for i := 0; i < k-1; i++ {
		d[i] = (ps[i+1].y - ps[i].y) / (ps[i+1].x - ps[i].x)
	}
	m := make([]float64, k)
	m[0], m[k-1] = d[0], d[k-2]
	for i := 1; i < k-1; i++ {
		if d[i-1]*d[i] <= 0 {
			m[i] = 0
		} else {
			m[i] = (d[i-1] + d[i]) / 2
		}
	}
	for i := 0; i < k-1; i++ {
		if d[i] == 0 {
			m[i], m[i+1] = 0, 0
			continue
		}
		a, b := m[i]/d[i], m[i+1]/d[i]
		if s := a*a + b*b; s > 9 {
			t := 3 / math.Sqrt(s)
			m[i], m[i+1] = t*a*d[i], t*b*d[i]
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "M%s %s", n(ps[0].x), n(ps[0].y))
	for i := 0; i < k-1; i++ {
		h := (ps[i+1].x - ps[i].x) / 3
		fmt.Fprintf(&b, "C%s %s %s %s %s %s",
			n(ps[i].x+h), n(ps[i].y+m[i]*h), n(ps[i+1].x-h), n(ps[i+1].y-m[i+1]*h), n(ps[i+1].x), n(ps[i+1].y))
	}
	return b.String()
}

func drawLine(cv *canvas, c Content) error {
	pts := c.Series
	if len(pts) == 0 {
		return errNoData
	}
	fs := cv.fs
	values := make([]float64, len(pts))
	lo, hi := math.Inf(1), math.Inf(-1)
	for i, p := range pts {
		values[i] = p.Value
		lo, hi = math.Min(lo, p.Value), math.Max(hi, p.Value)
	}
	includeZero := true
	switch {
	case lo >= 0:
		includeZero = lo < hi*0.25
	case hi <= 0:
		includeZero = hi > lo*0.25
	}
	ax := niceAxis(lo, hi, includeZero)
	vf := valueFormatter(values)
	valueLabels := make([]string, len(pts))
	for i, v := range values {
		valueLabels[i] = withUnit(vf(v), c.Unit)
	}
	ticks := tickLabels(ax, c.Unit)

	own := cv.lineFaces(fs)
	tickF, calloutF, catF := own.tick, own.callout, own.cat
	captionH := 0.0
	if placeUnit(c.Unit) == unitCaption {
		captionH = fs * 1.5
	}
	valueF := cv.valueFont(fs * 0.82)
	valueH := calloutF.size*1.7 + fs*0.95
	x1 := cv.w
	count := len(pts)
	x0, px0, px1 := own.plotX(x1, fs, ticks, pts, valueLabels)
	spacing := (px1 - px0) / float64(max(count-1, 1))
	xOf := func(i int) float64 {
		if count == 1 {
			return (px0 + px1) / 2
		}
		return px0 + spacing*float64(i)
	}

	// Category labels: every label if they fit, else every second, third... label. The step is
	// chosen on the three kinds of style's faces (refLineFaces), so one chart labels the same points
	// in every style (issue 10: blueprint and editorial labelled all 12 weeks of a story at 0.7x
	// while glass and flat labelled every other week at full size); a step first has to keep the
	// labels at 0.85x their size, and only when none does may they shrink to 0.7x.
	every := labelStep(pts, cv.refLineFaces(fs), x1, fs, ticks, valueLabels)
	size := catF.size
	cats := make([]textBlock, count)
	for i := 0; i < count; i += every {
		cats[i] = fit(pts[i].Label, catF, spacing*float64(every)-fs*0.5, 2, fs*0.7)
		size = math.Min(size, cats[i].size)
	}
	maxLines := 1
	for i := 0; i < count; i += every {
		cats[i] = fit(pts[i].Label, catF.withSize(size), spacing*float64(every)-fs*0.5, 2, size)
		maxLines = max(maxLines, len(cats[i].lines))
	}
	catBlock := size * (1 + float64(maxLines-1)*lineGap)

	// The callout over the highest point (610 ms under an 800 ms top) takes only the room it lacks
	// there: the full reserve left a band over a square slide's plot.
	y1 := cv.h - catBlock - fs*0.9
	y0 := plotTop(ax, hi, captionH, valueH, y1, tickF.size*0.7)
	s := scale{ax: ax, lo: y1, hi: y0}
	cv.unitCaption(c.Unit, 0, fs*0.72, cv.w*0.5, "start")
	cv.horizontalGrid(s, x0, x1, x0-fs*0.6, ticks, tickF)

	ps := make([]pt, count)
	for i, p := range pts {
		ps[i] = pt{xOf(i), s.at(p.Value)}
	}
	color := cv.t.Series[0]
	smooth := cv.style() == StyleGlass || cv.style() == StyleFlat
	path := straightPath(ps)
	if smooth {
		path = smoothPath(ps)
	}
	base := s.zero()
	area := fmt.Sprintf("%sL%s %sL%s %sZ", path, n(ps[count-1].x), n(base), n(ps[0].x), n(base))
	strokeW := map[string]float64{StyleGlass: 5, StyleFlat: 6, StyleBlueprint: 2.5, StyleEditorial: 3}[cv.style()] * fs / 26

	// Area under the line.
	switch cv.style() {
	case StyleGlass:
		top, bottom := y0, base
		if ax.max <= 0 {
			top, bottom = base, y1
		}
		id := cv.newID("g")
		fmt.Fprintf(&cv.defs, `<linearGradient id="%s" x1="0" y1="%s" x2="0" y2="%s" gradientUnits="userSpaceOnUse">`+
			`<stop offset="0" stop-color="%s" stop-opacity="0.38"/><stop offset="1" stop-color="%s" stop-opacity="0.02"/></linearGradient>`,
			id, n(top), n(bottom), esc(color), esc(color))
		fmt.Fprintf(&cv.body, `<path d="%s" fill="url(#%s)"/>`, area, id)
	case StyleFlat:
		fmt.Fprintf(&cv.body, `<path d="%s" fill="%s" fill-opacity="0.14"/>`, area, esc(color))
	case StyleBlueprint:
		fmt.Fprintf(&cv.body, `<path d="%s" fill="url(#%s)"/>`, area, cv.areaHatch(color))
	case StyleEditorial:
		fmt.Fprintf(&cv.body, `<path d="%s" fill="%s" fill-opacity="0.06"/>`, area, esc(color))
	}
	fmt.Fprintf(&cv.body, `<path d="%s" fill="none" stroke="%s" stroke-width="%s" stroke-linecap="round" stroke-linejoin="round"/>`,
		path, esc(color), n2(strokeW))

	// Markers, the last one emphasised.
	cv.body.WriteString(`<g class="markers">`)
	for i, p := range ps {
		last := i == count-1
		switch cv.style() {
		case StyleBlueprint:
			r := fs * 0.22
			if last {
				r = fs * 0.3
				cv.line(p.x-r*2.2, p.y, p.x+r*2.2, p.y, color, 1, "")
				cv.line(p.x, p.y-r*2.2, p.x, p.y+r*2.2, color, 1, "")
			}
			fmt.Fprintf(&cv.body, `<rect x="%s" y="%s" width="%s" height="%s" fill="%s" stroke="%s" stroke-width="2"/>`,
				n(p.x-r), n(p.y-r), n(2*r), n(2*r), esc(cv.t.Background), esc(color))
		case StyleFlat, StyleEditorial:
			r := fs * 0.26
			if last {
				r = fs * 0.36
			}
			fmt.Fprintf(&cv.body, `<circle cx="%s" cy="%s" r="%s" fill="%s"/>`, n(p.x), n(p.y), n(r), esc(color))
		default:
			if last {
				fmt.Fprintf(&cv.body, `<circle cx="%s" cy="%s" r="%s" fill="%s" fill-opacity="0.18"/>`, n(p.x), n(p.y), n(fs*0.75), esc(color))
				fmt.Fprintf(&cv.body, `<circle cx="%s" cy="%s" r="%s" fill="%s" stroke="%s" stroke-width="%s"/>`,
					n(p.x), n(p.y), n(fs*0.36), esc(color), esc(cv.t.Background), n2(fs*0.12))
				continue
			}
			fmt.Fprintf(&cv.body, `<circle cx="%s" cy="%s" r="%s" fill="%s" stroke="%s" stroke-width="%s"/>`,
				n(p.x), n(p.y), n(fs*0.24), esc(cv.t.Background), esc(color), n2(strokeW*0.7))
		}
	}
	cv.body.WriteString(`</g>`)

	// Value labels: all when there are few and they fit between points, else first, last, lowest
	// and highest.
	show := make([]bool, count)
	widest := 0.0
	for _, l := range valueLabels {
		widest = math.Max(widest, valueF.width(l))
	}
	if count == 1 || (count <= 7 && widest+fs*0.5 <= spacing) {
		for i := range show {
			show[i] = true
		}
	} else {
		iMin, iMax := 0, 0
		for i, v := range values {
			if v < values[iMin] {
				iMin = i
			}
			if v > values[iMax] {
				iMax = i
			}
		}
		show[0], show[count-1], show[iMin], show[iMax] = true, true, true, true
	}
	cv.body.WriteString(`<g class="values">`)
	for i, p := range ps {
		if !show[i] {
			continue
		}
		last := i == count-1
		f := valueF
		if last {
			f = calloutF
		}
		label := valueLabels[i]
		w := f.width(label)
		below := false
		prev, next := math.Inf(1), math.Inf(1)
		if i > 0 {
			prev = values[i-1]
		}
		if i < count-1 {
			next = values[i+1]
		}
		if values[i] < prev && values[i] < next && count > 1 {
			below = true
		}
		gap := fs * 0.62
		if last {
			gap = fs * 0.95
		}
		baseline := p.y - gap
		if below {
			baseline = p.y + gap + f.size*0.74
			if baseline > y1-2 {
				baseline = p.y - gap
			}
		}
		x := math.Max(w/2+2, math.Min(cv.w-w/2-2, p.x))
		if last && cv.style() != StyleEditorial {
			padX, padY := f.size*0.5, f.size*0.34
			h := f.size + padY*2
			centre := p.y - fs*0.85 - h/2
			if below {
				centre = p.y + fs*0.85 + h/2
			}
			baseline = centre + f.size*capMid
			top := centre - h/2
			x = math.Max(w/2+padX+2, math.Min(cv.w-w/2-padX-2, p.x))
			switch cv.style() {
			case StyleBlueprint:
				fmt.Fprintf(&cv.body, `<rect x="%s" y="%s" width="%s" height="%s" fill="%s" stroke="%s" stroke-width="1.5"/>`,
					n(x-w/2-padX), n(top), n(w+padX*2), n(h), esc(cv.t.Background), esc(color))
				cv.text(x, baseline, label, f, cv.t.Text, textAttrs{anchor: "middle"})
			default:
				rx := h / 2
				if cv.style() == StyleFlat {
					rx = h * 0.2
				}
				fmt.Fprintf(&cv.body, `<rect x="%s" y="%s" width="%s" height="%s" rx="%s" fill="%s"/>`,
					n(x-w/2-padX), n(top), n(w+padX*2), n(h), n(rx), esc(color))
				cv.text(x, baseline, label, f, onColor(color), textAttrs{anchor: "middle"})
			}
			continue
		}
		cv.text(x, baseline, label, f, cv.t.Text, textAttrs{anchor: "middle"})
	}
	cv.body.WriteString(`</g><g class="categories">`)
	labelTop := y1 + fs*0.9
	for i := 0; i < count; i += every {
		// The first and last labels sit under the plot's edge points: keep them on the canvas.
		half := 0.0
		for _, l := range cats[i].lines {
			half = math.Max(half, catF.withSize(cats[i].size).width(l)/2)
		}
		x := math.Min(math.Max(xOf(i), half+1), cv.w-half-1)
		cv.lines(x, labelTop+cats[i].size*0.76, cats[i], catF, cv.t.Text, textAttrs{anchor: "middle", opacity: 0.82})
	}
	cv.body.WriteString(`</g>`)
	return nil
}

// lineFaces are the fonts that set a line chart's plot apart: its tick, category and callout
// labels; blueprint keeps a little more room left of the plot.
type lineFaces struct {
	tick, cat, callout font
	blueprint          bool
}

// lineFaces are this canvas's faces at base size fs.
func (cv *canvas) lineFaces(fs float64) lineFaces {
	return lineFaces{tick: cv.tickFont(fs * 0.82), cat: cv.labelFont(fs * 0.84), callout: cv.valueFont(fs * 0.92), blueprint: cv.style() == StyleBlueprint}
}

// refLineFaces are the faces of the three kinds of style at base size fs, as tickFont, labelFont
// and valueFont pick them, with this canvas's floor: the sans of glass and flat, blueprint's mono
// and editorial's serif.
func (cv *canvas) refLineFaces(fs float64) []lineFaces {
	f := func(family string, weight int, size float64, lining bool) font {
		return cv.floored(font{family: family, weight: weight, size: size, lining: lining})
	}
	return []lineFaces{
		{tick: f("sans-serif", 400, fs*0.82, true), cat: f("sans-serif", 500, fs*0.84, false), callout: f("sans-serif", 600, fs*0.92, true)},
		{tick: f("monospace", 400, fs*0.82, true), cat: f("monospace", 400, fs*0.84, false), callout: f("monospace", 500, fs*0.92, true), blueprint: true},
		{tick: f("serif", 400, fs*0.82*1.1, true), cat: f("serif", 500, fs*0.84*1.1, false), callout: f("serif", 500, fs*0.92*1.18, true)},
	}
}

// plotX places the plot in a canvas w wide: the value axis ends at x0 (right of the widest tick)
// and the points run from px0 to px1, inset so the first and last labels and callouts stay inside.
func (lf lineFaces) plotX(w, fs float64, ticks []string, pts []Point, valueLabels []string) (x0, px0, px1 float64) {
	tickW := 0.0
	for _, t := range ticks {
		tickW = math.Max(tickW, lf.tick.width(t))
	}
	x0 = tickW + fs*0.6
	if lf.blueprint {
		x0 += fs * 0.3
	}
	count := len(pts)
	inset := fs * 1.2
	for _, i := range []int{0, count - 1} {
		inset = math.Max(inset, math.Min(lf.cat.width(clean(pts[i].Label)), (w-x0)/float64(count)*0.9)/2)
		inset = math.Max(inset, lf.callout.width(valueLabels[i])/2+fs*0.5)
	}
	inset = math.Min(inset, (w-x0)*0.14)
	return x0, x0 + inset, w - inset
}

// labelStep is the step of the category labels of a line chart w wide at base size fs: the
// smallest that fits every shown label under its point in each of faces (their own plot width),
// first at 0.85x their size, else at 0.7x fs; 1 when none does (the labels are then truncated).
func labelStep(pts []Point, faces []lineFaces, w, fs float64, ticks, valueLabels []string) int {
	count := len(pts)
	spacing := make([]float64, len(faces))
	for k, lf := range faces {
		_, px0, px1 := lf.plotX(w, fs, ticks, pts, valueLabels)
		spacing[k] = (px1 - px0) / float64(max(count-1, 1))
	}
	for _, min := range []float64{0.85, 0} {
		for every := 1; every <= count; every++ {
			ok := true
			for i := 0; i < count && ok; i += every {
				for k, lf := range faces {
					room := spacing[k]*float64(every) - fs*0.5
					if tb := fit(pts[i].Label, lf.cat, room, 2, max(lf.cat.size*min, fs*0.7)); tb.truncated {
						ok = false
						break
					}
				}
			}
			if ok {
				return every
			}
		}
	}
	return 1
}
