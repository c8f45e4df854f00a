package charts

import (
	"fmt"
	"math"
	"strings"
	"unicode/utf8"
)

// kpiGrid picks columns and rows for count tiles in a w x h area: tiles between 1:1 and 2:1,
// few empty cells. Rows are filled from the bottom, so a short first row holds wider hero tiles.
func kpiGrid(count int, w, h, gap float64) (cols, rows int) {
	best := math.Inf(1)
	for c := 1; c <= count; c++ {
		r := (count + c - 1) / c
		tw := (w - gap*float64(c-1)) / float64(c)
		th := (h - gap*float64(r-1)) / float64(r)
		if tw <= 0 || th <= 0 {
			continue
		}
		// Any shape from about 1:1 to 2:1 reads well; beyond that, and empty cells, cost.
		score := math.Max(0, math.Abs(math.Log(tw/th/1.4))-0.35) + 0.4*float64(c*r-count)
		if score < best {
			best, cols, rows = score, c, r
		}
	}
	if cols == 0 {
		return 1, count
	}
	return cols, rows
}

// tileRect is where one tile goes.
type tileRect struct{ x, y, w, h float64 }

// kpiColumnMax is the most tiles a tall column (Theme.Tall: a story) stacks in one column; more
// go in kpiGrid's grid.
const kpiColumnMax = 4

// kpiWideTile: a tile in a tall column at least this many times as wide as it is tall sets its
// value beside its delta (tileLayout.beside).
const kpiWideTile = 2.2

// kpiLayout places count tiles: the first row takes the remainder and stretches. A tall column
// (a story) stacks up to kpiColumnMax tiles in one column: its 2 x 2 grid's tiles were narrow, so
// their values stayed small, and tall, with an empty band across their middles.
func kpiLayout(count int, w, h, gap float64, tall bool) []tileRect {
	cols, rows := kpiGrid(count, w, h, gap)
	if tall && count <= kpiColumnMax {
		cols, rows = 1, count
	}
	th := (h - gap*float64(rows-1)) / float64(rows)
	out := make([]tileRect, 0, count)
	first := count - (rows-1)*cols
	for r := 0; r < rows; r++ {
		inRow := cols
		if r == 0 {
			inRow = first
		}
		tw := (w - gap*float64(inRow-1)) / float64(inRow)
		for c := 0; c < inRow; c++ {
			out = append(out, tileRect{float64(c) * (tw + gap), float64(r) * (th + gap), tw, th})
		}
	}
	return out
}

// deltaText is the delta as shown beside its arrow (Tile.Arrow): a bare number gets separators, and
// a sign only when the arrow is flat; a leading sign or arrow that says the same as the arrow is
// dropped ("+12%" up -> "12%"). The arrow follows a delta's own sign, so a number never shows a
// sign that contradicts it ("7" with deltaDirection down is a magnitude: down 7).
func deltaText(t Tile) string {
	d := clean(t.Delta)
	if d == "" {
		return ""
	}
	dir := t.Arrow()
	if v, ok := isPlainNumber(d); ok {
		s := groupThousands(math.Abs(v))
		if dir == DirectionFlat && v != 0 {
			if v > 0 {
				return "+" + s
			}
			return minus + s
		}
		return s
	}
	r, size := utf8.DecodeRuneInString(d)
	agrees := false
	switch r {
	case '▲', '↑', '⬆', '△', '↗', '+':
		agrees = dir == DirectionUp
	case '▼', '↓', '⬇', '▽', '↘', '-', '−':
		agrees = dir == DirectionDown
	}
	if agrees {
		if rest := strings.TrimSpace(d[size:]); rest != "" {
			return rest
		}
	}
	return d
}

func drawKPI(cv *canvas, c Content) error {
	if len(c.Tiles) == 0 {
		return errNoData
	}
	rects, layouts := cv.kpiLayouts(c)
	var shadow string
	if cv.style() == StyleGlass {
		shadow = cv.shadow(cv.fs*0.5, cv.fs*0.9, 0.1)
	}
	for i, t := range c.Tiles {
		cv.drawTile(t, layouts[i], rects[i], i, shadow)
	}
	return nil
}

// kpiLayouts places the tiles and lays each out. Every tile gets the smallest value size and the
// tallest label, so values read as one set and line up across a row.
func (cv *canvas) kpiLayouts(c Content) ([]tileRect, []tileLayout) {
	tiles := c.Tiles
	fs := cv.fs
	gap := map[string]float64{StyleGlass: 1, StyleFlat: 0.7, StyleBlueprint: 0.8, StyleEditorial: 1.4}[cv.style()] * fs
	rects := kpiLayout(len(tiles), cv.w, cv.h, gap, cv.t.Tall)
	reserve := false
	for _, t := range tiles {
		reserve = reserve || t.hasDelta()
	}
	// Labels and deltas grow with the tiles (one big tile wants a bigger label), alike in all.
	small := math.Inf(1)
	for _, r := range rects {
		small = math.Min(small, math.Min(r.w, r.h))
	}
	k := math.Max(1, math.Min(1.45, small/(fs*14)))
	layouts := make([]tileLayout, len(tiles))
	size, labelH := math.Inf(1), 0.0
	for i, t := range tiles {
		beside := cv.t.Tall && rects[i].w >= rects[i].h*kpiWideTile
		layouts[i] = cv.layoutTile(t, c.Unit, rects[i], len(tiles), reserve, k, beside)
		layouts[i].tileGap = gap
		size = math.Min(size, layouts[i].vb.size)
		labelH = math.Max(labelH, blockHeight(layouts[i].lb))
	}
	for i := range layouts {
		l := &layouts[i]
		l.vb = fit(l.value, l.vf.withSize(size), l.valueW, 1, size)
		l.labelH = labelH
	}
	return rects, layouts
}

func (t Tile) hasDelta() bool {
	return clean(t.Delta) != "" || strings.TrimSpace(t.DeltaDirection) != ""
}

// tileLayout is what a tile holds and where, before it is drawn. A tile that sets its value
// beside its delta (beside: a wide tile in a tall column) has the value's width, valueW, less
// than innerW: the delta's pill stands at the right of the value's line.
type tileLayout struct {
	pad, innerW, ax float64
	valueW          float64
	align           string
	lf, df, vf      font
	lb, vb          textBlock
	labelH, dh      float64
	value           string
	beside          bool
	// column: the tile stands in a tall column of several (a story's); tileGap is the gap
	// between tiles (see stack). hero: the tile is a story's only one.
	column  bool
	hero    bool
	tileGap float64
}

// deltaPill is the geometry of a tile's delta as drawTile sets it: the arrow (arrow wide), a gap,
// the text (textW), all padX in from the pill's ends (glass, flat; bare in blueprint and
// editorial: padX 0); w is the whole width. layoutTile reserves w beside a value, drawTile draws
// from the same numbers.
type deltaPill struct {
	padX, arrow, gap, textW, w float64
	text                       string
}

func (l tileLayout) pill(t Tile, style string) deltaPill {
	df := l.df
	p := deltaPill{arrow: df.size * 0.62, gap: df.size * 0.4, text: deltaText(t)}
	if style == StyleGlass || style == StyleFlat {
		p.padX = df.size * 0.62
	}
	p.w = p.arrow + 2*p.padX
	if p.text != "" {
		p.textW = df.width(p.text)
		p.w += p.gap + p.textW
	}
	return p
}

func (cv *canvas) layoutTile(t Tile, unit string, r tileRect, count int, reserveDelta bool, k float64, beside bool) tileLayout {
	fs := cv.fs
	style := cv.style()
	// A lone tile in a story is the hero (heroStack).
	l := tileLayout{align: "start", hero: cv.t.Tall && count == 1}
	l.pad = math.Max(fs*0.8, math.Min(fs*1.6, math.Min(r.w, r.h)*0.1))
	l.innerW = r.w - 2*l.pad
	l.ax = r.x + l.pad
	if count == 1 {
		l.align, l.ax = "middle", r.x+r.w/2
	}
	if l.hero {
		// The hero is held by its width: a narrower inset lets its
		// value grow.
		l.pad = fs
		l.innerW = r.w - 2*l.pad
	}
	if style == StyleEditorial {
		l.pad = math.Max(l.pad, fs*0.9)
		l.innerW = r.w - l.pad
		if count > 1 {
			l.ax, l.innerW = r.x, r.w-l.pad*0.5
		}
	}
	// Beside a value set from the tile's height, the label and the delta grow with it (at the
	// grid's sizes they stood small beside a value 1.5x the grid's).
	kl, kd := k, k
	if beside {
		kl, kd = k*1.15, k*1.35
	}
	// The hero's label and delta grow a step with it, as a kicker over the value and a pill under
	// it, so the three can stand apart in its height.
	if l.hero {
		kl, kd = k*kpiHeroLabel, k*kpiHeroDelta
	}
	l.lf = cv.labelFont(fs * 0.92 * kl)
	if style == StyleEditorial || style == StyleBlueprint {
		l.lf = cv.kickerFont(fs * 0.72 * kl)
	}
	l.lb = fit(t.Label, l.lf, l.innerW, 2, fs*0.62)
	l.labelH = blockHeight(l.lb)
	l.df = cv.valueFont(fs * 0.9 * kd)
	l.df.weight = 600
	if reserveDelta {
		l.dh = l.df.size * 1.8
	}
	l.vf = cv.valueFont(1)
	if style == StyleGlass || style == StyleFlat {
		l.vf.weight = 700
	}
	l.value = formatKPI(t.Value, unit)
	l.valueW = l.innerW
	// The value's cap height and the gaps around it (see drawTile) take about 1.2 times its size.
	// In a story's column the tiles are wide and not much taller than their text: they are
	// inset less at the top and the foot (columnInset; stack), and the value takes the rest.
	l.column = cv.t.Tall && count > 1 && count <= kpiColumnMax
	vpad := l.pad
	if l.column {
		vpad = l.pad * columnInset(style)
	}
	avail := r.h - 2*vpad - l.labelH - l.dh - fs*1.4
	size := math.Min(avail/1.2, math.Min(fs*8, r.w*0.42))
	if l.hero {
		// The hero's value is held by the width (a short one by a share of the height).
		size = math.Min(avail/1.2, math.Min(fs*12, r.h*0.3))
	}
	if beside {
		// Under the label, the value's cap height (0.74) and the gap above it (0.28, stack) with
		// some air (0.2) take the height; the delta stands at the right of its line.
		l.beside = true
		size = math.Min((r.h-2*l.pad-l.labelH)/1.22, fs*8)
		if reserveDelta {
			l.valueW -= l.pill(t, style).w + fs*1.2
		}
	}
	size = math.Max(size, fs*1.2)
	l.vb = fit(l.value, l.vf.withSize(size), l.valueW, 1, math.Min(size, fs*1.2))
	return l
}

func (cv *canvas) drawTile(t Tile, l tileLayout, r tileRect, index int, shadow string) {
	fs := cv.fs
	style := cv.style()
	text, muted := cv.t.Text, cv.t.Muted
	hero := style == StyleFlat && index == 0
	up, down, flat := cv.t.Up, cv.t.Down, cv.t.Flat

	cv.body.WriteString(`<g class="tile">`)
	switch style {
	case StyleGlass:
		rad := math.Min(fs*1.1, math.Min(r.w, r.h)*0.18)
		edge, edgeOpacity := "#FFFFFF", 0.7
		if cv.t.Dark {
			edgeOpacity = 0.12
		}
		fmt.Fprintf(&cv.body, `<rect x="%s" y="%s" width="%s" height="%s" rx="%s" fill="%s" filter="url(#%s)"/>`,
			n(r.x), n(r.y), n(r.w), n(r.h), n(rad), esc(cv.t.Surface), shadow)
		fmt.Fprintf(&cv.body, `<rect x="%s" y="%s" width="%s" height="%s" rx="%s" fill="none" stroke="%s" stroke-opacity="%s" stroke-width="1.5"/>`,
			n(r.x+0.75), n(r.y+0.75), n(r.w-1.5), n(r.h-1.5), n(rad), edge, n2(edgeOpacity))
	case StyleFlat:
		fill := cv.t.Surface
		if hero {
			fill = cv.t.Series[0]
			text = onColor(fill)
			muted = text
			up, down, flat = text, text, text
		}
		fmt.Fprintf(&cv.body, `<rect x="%s" y="%s" width="%s" height="%s" rx="%s" fill="%s"/>`,
			n(r.x), n(r.y), n(r.w), n(r.h), n(fs*0.3), esc(fill))
	case StyleBlueprint:
		fmt.Fprintf(&cv.body, `<rect x="%s" y="%s" width="%s" height="%s" fill="%s" fill-opacity="0.04" stroke="%s" stroke-width="1.5"/>`,
			n(r.x+0.75), n(r.y+0.75), n(r.w-1.5), n(r.h-1.5), esc(text), esc(muted))
		m := fs * 0.45
		for _, corner := range []pt{{r.x, r.y}, {r.x + r.w, r.y}, {r.x, r.y + r.h}, {r.x + r.w, r.y + r.h}} {
			cv.line(corner.x-m, corner.y, corner.x+m, corner.y, text, 2, "")
			cv.line(corner.x, corner.y-m, corner.x, corner.y+m, text, 2, "")
		}
	case StyleEditorial:
		cv.line(r.x, r.y+1, r.x+r.w, r.y+1, text, 2, "")
	}

	vb, vf := l.vb, l.vf
	va := textAttrs{anchor: l.align}
	if vf.withSize(vb.size).width(vb.lines[0]) > l.valueW {
		va.textLength = l.valueW
	}
	top, valueBase, bottom := l.stack(r, fs, style)
	cv.lines(l.ax, top+l.lb.size*0.76, l.lb, l.lf, muted, textAttrs{anchor: l.align})
	cv.lines(l.ax, valueBase, vb, vf, text, va)

	if t.hasDelta() {
		df, dh := l.df, l.dh
		dir := t.Arrow()
		p := l.pill(t, style)
		dcolor := map[string]string{DirectionUp: up, DirectionDown: down, DirectionFlat: flat}[t.Direction()]
		dcy := bottom - dh/2
		pillW := p.w
		px := l.ax
		if l.align == "middle" {
			px = l.ax - pillW/2
		}
		if l.beside {
			// At the right of the value's line, centred on its cap height.
			px, dcy = l.ax+l.innerW-pillW, valueBase-vb.size*0.37
		}
		if style == StyleGlass || style == StyleFlat {
			opacity := 0.13
			if hero {
				opacity = 0.2
			}
			fmt.Fprintf(&cv.body, `<rect x="%s" y="%s" width="%s" height="%s" rx="%s" fill="%s" fill-opacity="%s"/>`,
				n(px), n(dcy-dh/2), n(pillW), n(dh), n(dh/2), esc(dcolor), n2(opacity))
		}
		axX := px + p.padX
		cv.arrow(axX, dcy, p.arrow, dir, dcolor)
		if p.text != "" {
			cv.text(axX+p.arrow+p.gap, dcy+df.size*capMid, p.text, df, dcolor, textAttrs{})
		}
	}
	cv.body.WriteString(`</g>`)
}

// kpiColumnInset is a story column tile's inset at the top and the foot, over its pad: at the
// full pad two tiles' insets and the gap between them stood as a band of a tenth of the content.
// Editorial's tiles have no box: the label hangs under its rule, closer, and the rules' wider gap
// holds the tiles apart.
const kpiColumnInset = 0.7

func columnInset(style string) float64 {
	if style == StyleEditorial {
		return kpiColumnInset * 0.7
	}
	return kpiColumnInset
}

// kpiTallTile: a tile whose free height is more than this share of its content is tall (stack).
const kpiTallTile = 0.6

// stack places the label, value and delta of a tile on top of each other, centred in the tile
// (editorial: below its rule), or in a tall tile the label at the top and the value and delta at
// the foot: the top of the label, the value's baseline, the delta's bottom.
func (l tileLayout) stack(r tileRect, fs float64, style string) (top, valueBase, bottom float64) {
	size := l.vb.size
	gap1 := math.Max(fs*0.6, size*0.28)
	gap2 := fs*0.6 + size*0.14
	group := l.labelH + gap1 + size*0.74
	if l.dh > 0 {
		group += gap2 + l.dh
	}
	if l.beside {
		// The delta stands beside the value: label and value are the group. Centred in a tile
		// about as tall as it; in a taller one (a value held by the width) the label keeps to the
		// top and the value to the foot, an inset from the edges, so the spare height is shared
		// inside the tile and between tiles, not one band of it between them.
		group = l.labelH + gap1 + size*0.74
		in := l.pad * 1.2
		if style == StyleEditorial {
			in = l.pad * 0.8 // no box: the rules' wider gap (1.4 fs) holds the tiles apart
		}
		if r.h-2*in > group {
			return r.y + in, r.y + r.h - in, r.y + r.h - in
		}
		top = r.y + (r.h-group)/2
		if style == StyleEditorial {
			top = math.Min(math.Max(top, r.y+l.pad*0.9), r.y+r.h-group) // under its rule
		}
		valueBase = top + l.labelH + gap1 + size*0.74
		return top, valueBase, valueBase
	}
	top = r.y + (r.h-group)/2
	if l.hero {
		return l.heroStack(r, size, gap1, style)
	}
	if spare := r.h - 2*l.pad - group; spare > group*kpiTallTile && l.align == "start" {
		// A tall tile (a story's 2 x 2 grid): the label keeps to the top and the value and delta
		// to the foot, as dashboard cards set them, instead of a small group floating in the
		// middle between empty halves.
		in := l.pad * 1.2
		top, bottom = r.y+in, r.y+r.h-in
		valueBase = bottom
		if l.dh > 0 {
			valueBase -= gap2 + l.dh
		}
		return top, valueBase, bottom
	}
	if spare := r.h - group; l.column && l.align == "start" {
		// A tile of a story's column with a value held by the width: centred, its spare height
		// and the gap between tiles made one band (a sixth of the content between two tiles).
		// The label keeps to the top, the value to the middle and the delta to the foot, inset
		// so that the band between two tiles (two insets and the gap) is about those inside.
		parts := 4.0 // two insets, two bands: label to value, value to delta
		if l.dh == 0 {
			parts = 2 // two insets, one band
		}
		in := math.Max(l.pad*columnInset(style), (spare-(parts/2)*l.tileGap)/(parts+2))
		if inner := spare - 2*in; inner > 0 {
			bands := parts / 2
			top, bottom = r.y+in, r.y+r.h-in
			valueBase = top + l.labelH + gap1 + inner/bands + size*0.74
			return top, valueBase, bottom
		}
	}
	if style == StyleEditorial {
		top = math.Max(top, r.y+l.pad*0.9)
	}
	valueBase = top + l.labelH + gap1 + size*0.74
	bottom = valueBase
	if l.dh > 0 {
		bottom += gap2 + l.dh
	}
	return top, valueBase, bottom
}

// arrow draws a direction mark of width w starting at x, centred on cy: a triangle up or down,
// a bar for flat.
func (cv *canvas) arrow(x, cy, w float64, dir, color string) {
	h := w * 0.86
	switch dir {
	case DirectionUp:
		fmt.Fprintf(&cv.body, `<path d="M%s %sL%s %sL%s %sZ" fill="%s" stroke="%s" stroke-width="%s" stroke-linejoin="round"/>`,
			n(x), n(cy+h/2), n(x+w/2), n(cy-h/2), n(x+w), n(cy+h/2), esc(color), esc(color), n2(w*0.12))
	case DirectionDown:
		fmt.Fprintf(&cv.body, `<path d="M%s %sL%s %sL%s %sZ" fill="%s" stroke="%s" stroke-width="%s" stroke-linejoin="round"/>`,
			n(x), n(cy-h/2), n(x+w/2), n(cy+h/2), n(x+w), n(cy-h/2), esc(color), esc(color), n2(w*0.12))
	default:
		fmt.Fprintf(&cv.body, `<rect x="%s" y="%s" width="%s" height="%s" rx="%s" fill="%s"/>`,
			n(x), n(cy-w*0.11), n(w), n(w*0.22), n(w*0.11), esc(color))
	}
}
