package charts

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
)

// percentages turns values into percent labels that add up to exactly 100 (largest remainder):
// whole numbers, or one decimal when a non-zero slice would otherwise show 0%.
func percentages(values []float64) []string {
	total := 0.0
	for _, v := range values {
		total += math.Max(v, 0)
	}
	out := make([]string, len(values))
	if total <= 0 {
		for i := range out {
			out[i] = "0%"
		}
		return out
	}
	for _, decimals := range []int{0, 1} {
		unit := math.Pow(10, float64(decimals))
		units := int(math.Round(100 * unit))
		raw := make([]float64, len(values))
		floor := make([]int, len(values))
		sum := 0
		for i, v := range values {
			raw[i] = math.Max(v, 0) / total * 100 * unit
			floor[i] = int(math.Floor(raw[i]))
			sum += floor[i]
		}
		order := make([]int, len(values))
		for i := range order {
			order[i] = i
		}
		sort.SliceStable(order, func(a, b int) bool {
			return raw[order[a]]-float64(floor[order[a]]) > raw[order[b]]-float64(floor[order[b]])
		})
		for k := 0; k < units-sum && k < len(order); k++ {
			floor[order[k]]++
		}
		hidden := false
		for i, v := range values {
			if v > 0 && floor[i] == 0 {
				hidden = true
			}
		}
		if hidden && decimals == 0 {
			continue
		}
		for i := range values {
			out[i] = strconv.FormatFloat(float64(floor[i])/unit, 'f', decimals, 64) + "%"
		}
		break
	}
	return out
}

// polar is the point at angle a (radians, 0 at 12 o'clock, clockwise) and radius r around c.
func polar(cx, cy, r, a float64) pt {
	return pt{cx + r*math.Sin(a), cy - r*math.Cos(a)}
}

// sectorPath is the ring sector between radii r0 < r1 from angle a0 to a1, with a gap of gap
// pixels cut from each side so the edges stay parallel. Empty when the gap eats the sector.
func sectorPath(cx, cy, r0, r1, a0, a1, gap float64) string {
	go1, gi := gap/2/r1, gap/2/math.Max(r0, 1)
	o0, o1 := a0+go1, a1-go1
	i0, i1 := a0+gi, a1-gi
	if o1-o0 <= 0.001 {
		return ""
	}
	if i1 <= i0 {
		mid := (a0 + a1) / 2
		i0, i1 = mid, mid
	}
	large := func(d float64) int {
		if d > math.Pi {
			return 1
		}
		return 0
	}
	p0, p1 := polar(cx, cy, r1, o0), polar(cx, cy, r1, o1)
	q1, q0 := polar(cx, cy, r0, i1), polar(cx, cy, r0, i0)
	return fmt.Sprintf("M%s %sA%s %s 0 %d 1 %s %sL%s %sA%s %s 0 %d 0 %s %sZ",
		n(p0.x), n(p0.y), n(r1), n(r1), large(o1-o0), n(p1.x), n(p1.y),
		n(q1.x), n(q1.y), n(r0), n(r0), large(i1-i0), n(q0.x), n(q0.y))
}

// ringPath is a full ring (even-odd fill).
func ringPath(cx, cy, r0, r1 float64) string {
	circle := func(r float64) string {
		return fmt.Sprintf("M%s %sA%s %s 0 1 1 %s %sA%s %s 0 1 1 %s %sZ",
			n(cx), n(cy-r), n(r), n(r), n(cx), n(cy+r), n(r), n(r), n(cx), n(cy-r))
	}
	return circle(r1) + circle(r0)
}

func drawDonut(cv *canvas, c Content) error {
	sl := c.Slices
	if len(sl) == 0 {
		return errNoData
	}
	fs := cv.fs
	count := len(sl)
	values := make([]float64, count)
	total := 0.0
	for i, p := range sl {
		values[i] = math.Max(p.Value, 0)
		total += values[i]
	}
	pcts := percentages(values)
	vf := valueFormatter(append(append([]float64(nil), values...), total))
	valueLabels := make([]string, count)
	for i, v := range values {
		valueLabels[i] = withUnit(vf(v), c.Unit)
	}
	colors := cv.t.seriesColors(count)

	// Values in % are shares already: the legend shows them once, and the centre names the
	// largest share instead of a total of 100%.
	shares := strings.TrimSpace(c.Unit) == "%"
	// The legend has its own base size lf: fs, or more so its labels reach the legend floor
	// (Theme.MinLegend), or more again below the ring when the ring is at its widest and the
	// height has room (legend sets its fonts and measures at lf).
	var labelF, pctF, valF font
	var pctW, valW, gap, sw, labW float64
	legend := func(lf float64) {
		labelF = cv.legendFont(cv.labelFont(lf * 0.96))
		pctF = cv.legendFont(cv.valueFont(lf))
		valF = cv.legendFont(cv.tickFont(lf * 0.86))
		pctW, valW = 0, 0
		for i := range sl {
			pctW = math.Max(pctW, pctF.width(pcts[i]))
			if !shares {
				valW = math.Max(valW, valF.width(valueLabels[i]))
			}
		}
		gap, sw = lf*0.6, lf*0.62
		labW = 0
		for _, p := range sl {
			labW = math.Max(labW, labelF.width(clean(p.Label)))
		}
	}
	lf := math.Max(fs, cv.t.MinLegend/0.96)
	legend(lf)

	// Layout: legend beside the ring on wide areas, below it on tall ones. An area just wide
	// enough (an editorial slide's unpadded plot, 920 x 795) keeps the legend below when the
	// ring is as large there: beside it, the ring took the width left by the legend and left a
	// band of the height above and below.
	// Beside the ring the legend takes at least lf*14, or less when its rows are shorter (their
	// labels whole): a square slide's "Reads" and "Writes" held the ring 80 px under the plot's
	// height, with a band above and below it.
	sideLegend := func() float64 {
		minLegend := sw + gap + lf*6 + valW + pctW + gap*2
		return math.Max(minLegend, math.Min(lf*14, sw+gap+labW+gap+valW+pctW+gap*2))
	}
	side := cv.w/cv.h >= 1.15
	if side {
		// Whether the ring goes beside at all is judged at the full lf*14 (an editorial
		// portrait slide's 920 x 795 plot keeps its legend below).
		minLegend := sw + gap + lf*6 + valW + pctW + gap*2
		dSide := math.Max(math.Min(cv.h, cv.w-fs*1.6-math.Max(minLegend, lf*14)), math.Min(cv.h, cv.w)*0.4)
		rows := count
		if count > 4 {
			rows = (count + 1) / 2
		}
		side = dSide > math.Min(cv.w*0.72, cv.h-float64(rows)*lf*2.2-fs*1.6)
	}
	var d, cx, cy, lx, ly, lw, rowH float64
	cols := 1
	if side {
		minLegend := sw + gap + lf*6 + valW + pctW + gap*2
		d = math.Min(cv.h, cv.w-fs*1.6-sideLegend())
		d = math.Max(d, math.Min(cv.h, cv.w)*0.4)
		lw = math.Min(cv.w-d-fs*1.8, math.Max(minLegend, lf*22))
		left := (cv.w - d - fs*1.8 - lw) / 2 // centre ring and legend as one group
		cx, cy = left+d/2, cv.h/2
		lx = left + d + fs*1.8
		rowH = math.Min(cv.h/float64(count), lf*2.9)
		ly = cy - rowH*float64(count)/2
	} else {
		var legendH float64
		for pass := 0; ; pass++ {
			minLegend := sw + gap + lf*6 + valW + pctW + gap*2
			cols = 1
			if count > 4 && cv.w >= 2*minLegend+lf*2 {
				cols = 2
			}
			rows := (count + cols - 1) / cols
			lw = cv.w
			if cols == 1 {
				lw = math.Min(cv.w, math.Max(minLegend, lf*24))
			}
			colW := lw
			if cols == 2 {
				colW = (lw - lf*1.6) / 2
			}
			// Rows grow to two lines when a label would not fit one.
			rowH = lf * 2.2
			labelW := colW - sw - gap - valW - pctW - gap*2
			for _, p := range sl {
				if fit(p.Label, labelF, labelW, 1, labelF.size*0.85).truncated {
					rowH = lf * 2.9
				}
			}
			legendH = rowH * float64(rows)
			d = math.Min(cv.w*0.72, cv.h-legendH-fs*1.6)
			if d < cv.w*0.3 {
				rowH = math.Max(lf*1.6, (cv.h-cv.w*0.3-fs*1.6)/float64(rows))
				legendH = rowH * float64(rows)
				d = math.Max(cv.h-legendH-fs*1.6, fs*4)
			}
			// The ring is as wide as it gets and height is left over: the legend takes some of it
			// (up to a quarter larger) rather than leaving a band under a small legend.
			spare := cv.h - fs*1.6 - d - legendH
			if pass > 0 || spare < legendH*0.05 {
				break
			}
			lf *= math.Min(1.25, (legendH+spare*0.6)/legendH)
			legend(lf)
		}
		top := math.Max(0, (cv.h-d-fs*1.6-legendH)/2)
		cx, cy = cv.w/2, top+d/2
		lx = (cv.w - lw) / 2
		ly = top + d + fs*1.6
	}
	r1 := d / 2
	thick := map[string]float64{StyleGlass: 0.3, StyleFlat: 0.36, StyleBlueprint: 0.2, StyleEditorial: 0.22}[cv.style()] * r1
	r0 := r1 - thick
	sliceGap := map[string]float64{StyleGlass: 6, StyleFlat: 4, StyleBlueprint: 5, StyleEditorial: 3}[cv.style()] * fs / 26

	// The ring.
	if cv.style() == StyleGlass {
		fmt.Fprintf(&cv.body, `<g filter="url(#%s)">`, cv.shadow(fs*0.4, fs*0.7, 0.16))
	} else {
		cv.body.WriteString(`<g>`)
	}
	fills := make([]string, count)
	for i, col := range colors {
		fills[i] = col
		if cv.style() == StyleBlueprint {
			fills[i] = "url(#" + cv.markHatch(col, 8, 2) + ")"
		}
	}
	nonZero := 0
	for _, v := range values {
		if v > 0 {
			nonZero++
		}
	}
	strokeAttr := func(i int) string {
		if cv.style() == StyleBlueprint {
			return fmt.Sprintf(` stroke="%s" stroke-width="1.5"`, esc(colors[i]))
		}
		return ""
	}
	switch {
	case total <= 0:
		fmt.Fprintf(&cv.body, `<path d="%s" fill="%s" fill-rule="evenodd"/>`, ringPath(cx, cy, r0, r1), esc(cv.t.Grid))
	case nonZero == 1:
		for i, v := range values {
			if v > 0 {
				fmt.Fprintf(&cv.body, `<path d="%s" fill="%s" fill-rule="evenodd"%s/>`, ringPath(cx, cy, r0, r1), esc(fills[i]), strokeAttr(i))
			}
		}
	default:
		a := 0.0
		for i, v := range values {
			sweep := v / total * 2 * math.Pi
			if p := sectorPath(cx, cy, r0, r1, a, a+sweep, sliceGap); p != "" && v > 0 {
				fmt.Fprintf(&cv.body, `<path d="%s" fill="%s"%s/>`, p, esc(fills[i]), strokeAttr(i))
			}
			a += sweep
		}
	}
	cv.body.WriteString(`</g>`)
	if cv.style() == StyleGlass && total > 0 {
		id := cv.linearGradient(0, 0, 0.6, 1, gradStop{0, "#FFFFFF", 0.28}, gradStop{0.55, "#FFFFFF", 0.04}, gradStop{1, "#FFFFFF", 0})
		fmt.Fprintf(&cv.body, `<path d="%s" fill="url(#%s)" fill-rule="evenodd" pointer-events="none"/>`, ringPath(cx, cy, r0, r1), id)
	}
	if cv.style() == StyleBlueprint {
		fmt.Fprintf(&cv.body, `<circle cx="%s" cy="%s" r="%s" fill="none" stroke="%s" stroke-width="1" stroke-dasharray="4 6"/>`,
			n(cx), n(cy), n(r1+fs*0.45), esc(cv.t.Muted))
		cv.line(cx-fs*0.5, cy, cx+fs*0.5, cy, cv.t.Muted, 1, "")
		a := 0.0
		for _, v := range values {
			p0, p1 := polar(cx, cy, r1+fs*0.2, a), polar(cx, cy, r1+fs*0.75, a)
			cv.line(p0.x, p0.y, p1.x, p1.y, cv.t.Muted, 1, "")
			if total > 0 {
				a += v / total * 2 * math.Pi
			}
		}
	}

	// Percentages on slices big enough to hold them.
	inF := cv.valueFont(fs * 0.74)
	if cv.style() != StyleBlueprint && total > 0 && thick >= inF.size*1.6 {
		a := 0.0
		for i, v := range values {
			sweep := v / total * 2 * math.Pi
			mid := polar(cx, cy, (r0+r1)/2, a+sweep/2)
			if sweep*(r0+r1)/2 >= inF.width(pcts[i])+fs*0.8 && v > 0 {
				cv.text(mid.x, mid.y+inF.size*capMid, pcts[i], inF, onColor(colors[i]), textAttrs{anchor: "middle"})
			}
			a += sweep
		}
	}

	// Centre: the total, or the largest share.
	kicker := "Total"
	if placeUnit(c.Unit) == unitCaption {
		kicker = "Total " + clean(c.Unit)
	}
	totalLabel := withUnit(vf(total), c.Unit)
	if shares {
		top := 0
		for i, v := range values {
			if v > values[top] {
				top = i
			}
		}
		kicker, totalLabel = clean(sl[top].Label), pcts[top]
	}
	kf := cv.kickerFont(fs * 0.7)
	kb := fit(kicker, kf, r0*1.5, 2, fs*0.55)
	numF := cv.valueFont(math.Min(r0*0.5, fs*3))
	numF.weight = max(numF.weight, 600)
	if cv.style() == StyleGlass || cv.style() == StyleFlat {
		numF.weight = 700
	}
	nb := fit(totalLabel, numF, r0*1.55, 1, fs*0.8)
	kgap := kb.size*0.9 + nb.size*0.08
	block := nb.size*0.72 + kgap + kb.size*0.72 + float64(len(kb.lines)-1)*kb.size*lineGap
	numBase := cy - block/2 + nb.size*0.72
	na := textAttrs{anchor: "middle"}
	if w := numF.withSize(nb.size).width(nb.lines[0]); w > r0*1.55 {
		na.textLength = r0 * 1.55
	}
	cv.lines(cx, numBase, nb, numF, cv.t.Text, na)
	cv.lines(cx, numBase+kgap+kb.size*0.72, kb, kf, cv.t.Muted, textAttrs{anchor: "middle"})

	// Legend.
	cv.body.WriteString(`<g class="legend">`)
	rows := (count + cols - 1) / cols
	colW := lw
	colGap := lf * 1.6
	if cols == 2 {
		colW = (lw - colGap) / 2
	}
	lines := 1
	if rowH >= lf*2.6 {
		lines = 2
	}
	labelW := colW - sw - gap - valW - pctW - gap*2
	if cv.style() == StyleEditorial {
		labelW -= sw * 0.2
	}
	labelSize := labelF.size
	for _, p := range sl {
		labelSize = math.Min(labelSize, fit(p.Label, labelF, labelW, lines, lf*0.7).size)
	}
	labelF = labelF.withSize(labelSize)
	for i, p := range sl {
		col, row := i/rows, i%rows
		x := lx + float64(col)*(colW+colGap)
		rcy := ly + rowH*(float64(row)+0.5)
		switch cv.style() {
		case StyleFlat:
			fmt.Fprintf(&cv.body, `<rect x="%s" y="%s" width="%s" height="%s" fill="%s"/>`, n(x), n(rcy-sw/2), n(sw), n(sw), esc(colors[i]))
		case StyleBlueprint:
			fmt.Fprintf(&cv.body, `<rect x="%s" y="%s" width="%s" height="%s" fill="%s" stroke="%s" stroke-width="1.5"/>`,
				n(x), n(rcy-sw/2), n(sw), n(sw), "url(#"+cv.markHatch(colors[i], math.Max(4, sw/4), 1.5)+")", esc(colors[i]))
		case StyleEditorial:
			fmt.Fprintf(&cv.body, `<rect x="%s" y="%s" width="%s" height="%s" fill="%s"/>`, n(x), n(rcy-sw*0.14), n(sw*1.2), n(sw*0.28), esc(colors[i]))
		default:
			fmt.Fprintf(&cv.body, `<circle cx="%s" cy="%s" r="%s" fill="%s"/>`, n(x+sw/2), n(rcy), n(sw/2), esc(colors[i]))
		}
		tx := x + sw + gap
		if cv.style() == StyleEditorial {
			tx = x + sw*1.2 + gap
		}
		tb := fit(p.Label, labelF, labelW, lines, labelSize)
		top := rcy - blockHeight(tb)/2
		cv.lines(tx, top+tb.size*0.76, tb, labelF, cv.t.Text, textAttrs{})
		cv.text(x+colW, rcy+pctF.size*capMid, pcts[i], pctF, cv.t.Text, textAttrs{anchor: "end"})
		if !shares {
			cv.text(x+colW-pctW-gap, rcy+valF.size*capMid, valueLabels[i], valF, cv.t.Muted, textAttrs{anchor: "end"})
		}
		if (cv.style() == StyleEditorial || cv.style() == StyleBlueprint) && row < rows-1 {
			extra := ""
			if cv.style() == StyleBlueprint {
				extra = `stroke-dasharray="4 6"`
			}
			cv.line(x, rcy+rowH/2, x+colW, rcy+rowH/2, cv.t.Grid, 1, extra)
		}
	}
	cv.body.WriteString(`</g>`)
	return nil
}
