package arch

import (
	"fmt"
	"math"
	"strings"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/diagrams/arch/icons"
	"github.com/brandgen/brandgen/templates"
)

// drawNodes draws every node in its style: a card with icon and label (structured) or the icon
// with the label under it (freeform).
func (d *drawer) drawNodes() {
	b := &d.cv.body
	ls := d.t.nodeLabel()
	ls.size *= d.s
	lineH := ls.size * lineRatio
	shadow := ""
	if d.t.shadow && d.m.nodeStyle == NodeStructured && !d.o.Transparent {
		shadow = d.cv.newID("shadow")
		fmt.Fprintf(&d.cv.defs, `<filter id="%s" x="-25%%" y="-40%%" width="150%%" height="200%%"><feGaussianBlur stdDeviation="%s"/></filter>`,
			shadow, num(d.u(0.55*refSize)))
	}
	for i, n := range d.g.Nodes {
		r := d.nodes[i]
		fmt.Fprintf(b, `<g data-node="%s" data-kind="%s" data-order="%d">`, esc(n.ID), esc(nodeKind(n.Kind)), d.order.nodes[i])
		lines := d.m.nodes[i].lines
		ic := icons.ForKind(n.Kind)
		if d.m.nodeStyle == NodeFreeform {
			d.freeform(r, ic, lines, ls, lineH)
		} else {
			d.structured(r, ic, lines, ls, lineH, shadow)
		}
		b.WriteString("</g>")
	}
}

func (d *drawer) structured(r rect, ic icons.Icon, lines []string, ls textStyle, lineH float64, shadow string) {
	b := &d.cv.body
	rad := d.u(d.t.radius * refSize)
	if shadow != "" {
		// The frosted card's soft long shadow.
		color, alpha := shadowRGBA(d.t.p.Shadow)
		sr := rect{r.X + d.u(0.15*refSize), r.Y + d.u(0.55*refSize), r.W - d.u(0.3*refSize), r.H}
		fmt.Fprintf(b, `<path d="%s" fill="%s" fill-opacity="%s" filter="url(#%s)"/>`, roundRect(sr, rad), color, num(math.Min(1, alpha*1.6)), shadow)
	}
	if d.t.style == brandgen.StyleGlass && !d.o.Transparent {
		// Frosted: what shows through the card is the canvas, blurred to its base colour, not the
		// shadow under it.
		fmt.Fprintf(b, `<path d="%s" fill="%s"/>`, roundRect(r, rad), d.t.p.SurfaceSolid)
	}
	fmt.Fprintf(b, `<path d="%s" fill="%s"`, roundRect(r, rad), d.t.nodeFill)
	if d.t.nodeStroke != "none" && d.t.nodeStrokeW > 0 {
		fmt.Fprintf(b, ` stroke="%s" stroke-width="%s"`, d.t.nodeStroke, num(d.t.nodeStrokeW))
	}
	b.WriteString("/>")
	if d.t.style == brandgen.StyleGlass {
		// The frosted card's 1 px inner highlight along the top edge.
		fmt.Fprintf(b, `<path d="M%s %sH%s" stroke="%s" stroke-width="1.25" stroke-linecap="round"/>`,
			num(r.X+rad), num(r.Y+1.5), num(r.X+r.W-rad), d.t.p.Highlight)
	}
	if d.t.style == brandgen.StyleBlueprint {
		k := d.u(0.5 * refSize)
		fmt.Fprintf(b, `<path d="M%s %sh%sM%s %sv%sM%s %sh%sM%s %sv%s" stroke="%s" stroke-width="1.5"/>`,
			num(r.X-k*0.55), num(r.Y), num(-k*0.45), num(r.X), num(r.Y-k*0.55), num(-k*0.45),
			num(r.X+r.W+k*0.55), num(r.Y+r.H), num(k*0.45), num(r.X+r.W), num(r.Y+r.H+k*0.55), num(k*0.45), d.t.nodeStroke)
	}
	if d.t.style == brandgen.StyleFlat {
		// A brand-coloured bar on the card's leading edge.
		bar := rect{r.X, r.Y, d.u(0.3 * refSize), r.H}
		id := d.cv.newID("clip")
		fmt.Fprintf(&d.cv.defs, `<clipPath id="%s"><path d="%s"/></clipPath>`, id, roundRect(r, rad))
		fmt.Fprintf(b, `<rect x="%s" y="%s" width="%s" height="%s" fill="%s" clip-path="url(#%s)"/>`, num(bar.X), num(bar.Y), num(bar.W), num(bar.H), d.t.p.Fill2, id)
	}
	icon := d.m.iconSize * d.s
	padX := d.u(d.m.d.padX * refSize)
	if d.t.style == brandgen.StyleFlat {
		padX += d.u(0.15 * refSize)
	}
	cy := r.Y + r.H/2
	onDark := luminance(d.t.nodeText) > 0.5
	b.WriteString(d.useIcon(ic, r.X+padX, cy-icon/2, icon, d.t.nodeIcon, onDark))
	x := r.X + padX + icon + d.u(d.m.d.gap*refSize)
	st := ls
	y := cy - lineH*float64(len(lines)-1)/2 + st.size*0.36
	d.cv.text(b, x, y, lines, st, lineH)
}

func (d *drawer) freeform(r rect, ic icons.Icon, lines []string, ls textStyle, lineH float64) {
	b := &d.cv.body
	icon := d.m.iconSize * d.s
	cx := r.X + r.W/2
	top := r.Y
	inner := icon
	onDark := luminance(d.t.ink) > 0.5
	color := d.t.accent
	if d.t.style == brandgen.StyleEditorial || d.t.style == brandgen.StyleBlueprint || d.t.style == brandgen.StyleFlat {
		color = d.t.ink
	}
	if d.t.iconTile != "" && !(d.o.Transparent && d.t.style != brandgen.StyleGlass) {
		tile := rect{cx - icon/2, top, icon, icon}
		rad := icon * 0.28
		if d.t.style == brandgen.StyleGlass && !d.o.Transparent {
			fmt.Fprintf(b, `<path d="%s" fill="%s" stroke="%s" stroke-width="1.25"/>`, roundRect(tile, rad), d.t.p.Surface, d.t.p.Border)
		} else {
			fmt.Fprintf(b, `<path d="%s" fill="%s"/>`, roundRect(tile, rad), d.t.iconTile)
		}
		inner = icon * 0.6
		onDark = luminance(d.t.nodeText) > 0.5
		color = d.t.nodeIcon
	}
	b.WriteString(d.useIcon(ic, cx-inner/2, top+(icon-inner)/2, inner, color, onDark))
	st := ls
	st.anchor = "middle"
	st.fill = d.t.ink
	y := top + icon + d.u(0.45*refSize) + st.size*0.92
	d.cv.text(b, cx, y, lines, st, lineH)
}

// nodeKind is the kind key a node draws (aliases resolved; "" when unknown).
func nodeKind(kind string) string {
	if k, ok := icons.Lookup(kind); ok {
		return k.Key
	}
	if k, ok := icons.Resolve(kind); ok {
		return k
	}
	return ""
}

// shadowRGBA splits the palette's rgba() shadow into an rgb() colour and its alpha.
func shadowRGBA(c string) (string, float64) {
	var r, g, b int
	var a float64
	if _, err := fmt.Sscanf(strings.ReplaceAll(c, " ", ""), "rgba(%d,%d,%d,%g)", &r, &g, &b, &a); err != nil {
		return "#000000", 0.2
	}
	return fmt.Sprintf("#%02x%02x%02x", r, g, b), a
}

// luminance of a hex colour (0..1, WCAG); 0 when it does not parse.
func luminance(hex string) float64 {
	r, g, b, ok := hexRGB(hex)
	if !ok {
		return 0
	}
	lin := func(v int) float64 {
		x := float64(v) / 255
		if x <= 0.04045 {
			return x / 12.92
		}
		return math.Pow((x+0.055)/1.055, 2.4)
	}
	return 0.2126*lin(r) + 0.7152*lin(g) + 0.0722*lin(b)
}

var _ = templates.Contrast
