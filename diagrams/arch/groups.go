package arch

import (
	"fmt"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/diagrams/arch/icons"
	"github.com/brandgen/brandgen/templates"
)

// groupLook is how one group boundary is drawn.
type groupLook struct {
	fill, stroke string
	strokeW      float64
	dash         string // stroke-dasharray at the reference size ("" solid)
	label        string // label and icon colour
	chip, onChip string // flat: a solid label chip
}

func (d *drawer) groupLook(kind string, depth int) groupLook {
	t := d.t
	p := t.p
	second := templates.Readable(p.Secondary, p.Background, 4.5)
	if t.style == brandgen.StyleFlat {
		toward := "#ffffff"
		if !t.dark && templates.Contrast(p.Text, "#ffffff") < 2 { // light text on a saturated field
			toward = "#ffffff"
		}
		if templates.Contrast(p.Text, "#000000") > templates.Contrast(p.Text, "#ffffff") {
			toward = "#000000"
		}
		fill := mixHex(p.Background, toward, 0.1+0.07*float64(depth))
		gl := groupLook{fill: fill, stroke: "none", label: p.Text, chip: p.Fill2, onChip: p.OnFill2}
		if templates.Contrast(p.Fill2, fill) < 1.5 || depth > 0 {
			gl.chip, gl.onChip = p.Text, templates.OnColor(p.Text)
		}
		if kind == "zone" || kind == "region" {
			gl.stroke, gl.strokeW, gl.dash, gl.fill = p.Text, 2, "8 7", "none"
		}
		return gl
	}
	ink := p.Text
	gl := groupLook{stroke: withAlpha(ink, 0.38), strokeW: 1.5, label: p.Muted, fill: "none"}
	switch kind {
	case "region":
		gl.dash = "10 8"
	case "vpc":
		gl.stroke, gl.strokeW, gl.label = p.Accent, 1.75, p.Accent
		gl.fill = withAlpha(p.Accent, 0.05)
	case "subnet":
		gl.stroke, gl.dash, gl.label = withAlpha(second, 0.8), "6 6", second
		gl.fill = withAlpha(second, 0.06)
	case "cluster":
		gl.stroke, gl.label = withAlpha(ink, 0.3), ink
		gl.fill = withAlpha(ink, 0.035)
		if t.style == brandgen.StyleGlass {
			gl.fill, gl.stroke = p.Surface, p.Border
		}
	case "zone":
		gl.dash = "2 7"
		gl.strokeW = 2
	case "account":
		gl.stroke, gl.strokeW, gl.label = withAlpha(ink, 0.6), 1.25, ink
	default:
		gl.fill = withAlpha(ink, 0.03)
	}
	switch t.style {
	case brandgen.StyleBlueprint:
		gl.fill = "none"
		if kind == "vpc" || kind == "cluster" {
			gl.fill = withAlpha(ink, 0.04)
		}
		if kind != "vpc" && kind != "subnet" {
			gl.stroke, gl.label = withAlpha(ink, 0.7), ink
		}
	case brandgen.StyleEditorial:
		gl.fill = "none"
		gl.strokeW = 1
		if kind != "vpc" {
			gl.stroke, gl.label = withAlpha(ink, 0.7), p.Muted
		}
	}
	if d.o.Transparent && gl.fill != "none" && t.style != brandgen.StyleGlass {
		gl.fill = "none"
	}
	return gl
}

// drawGroups draws every group boundary, outer before inner.
func (d *drawer) drawGroups() {
	gi := map[string]int{}
	for i, gr := range d.g.Groups {
		gi[gr.ID] = i
	}
	b := &d.cv.body
	gs := d.t.groupLabel(d.m.d.small)
	gs.size *= d.s
	for _, i := range groupOrder(d.g) {
		gr := d.g.Groups[i]
		depth := 0
		for p, ok := gi[gr.Parent]; ok && depth <= MaxGroupDepth; p, ok = gi[d.g.Groups[p].Parent] {
			depth++
		}
		kind := gr.Kind
		if kind == "" {
			kind = "generic"
		}
		gl := d.groupLook(kind, depth)
		r := d.groups[i]
		fmt.Fprintf(b, `<g data-group="%s" data-kind="%s" data-order="%d">`, esc(gr.ID), kind, d.order.groups[i])
		rad := d.u(d.t.radius * refSize * 0.9)
		fmt.Fprintf(b, `<path d="%s" fill="%s"`, roundRect(r, rad), gl.fill)
		if gl.stroke != "none" {
			fmt.Fprintf(b, ` stroke="%s" stroke-width="%s"`, gl.stroke, num(gl.strokeW))
			if gl.dash != "" {
				fmt.Fprintf(b, ` stroke-dasharray="%s" stroke-linecap="round"`, scaleDash(gl.dash, clampF(d.s, 0.8, 1.4)))
			}
		}
		b.WriteString("/>")
		mt := d.m.groups[i]
		ic := icons.ForGroup(kind)
		icon := mt.iconSize * d.s
		pad := d.m.d.labelPad * refSize
		x, y := r.X+d.u(0.45*refSize), r.Y+d.u(pad/2)
		st := gs
		st.fill = gl.label
		textH := mt.h*d.s - d.u(pad)
		if gl.chip != "" {
			cw := icon + gs.size*0.45 + mt.textW*d.s + d.u(0.7*refSize)
			fmt.Fprintf(b, `<path d="%s" fill="%s"/>`, roundRect(rect{r.X, r.Y, cw, mt.h * d.s * 0.92}, rad*0.6), gl.chip)
			st.fill = gl.onChip
			y = r.Y + (mt.h*d.s*0.92-textH)/2
			x = r.X + d.u(0.35*refSize)
		}
		cy := y + textH/2
		b.WriteString(d.useIcon(ic, x, cy-icon/2, icon, st.fill, true))
		d.cv.text(b, x+icon+gs.size*0.45, cy+gs.size*0.36, []string{mt.text}, st, 0)
		b.WriteString("</g>")
	}
}

// scaleDash scales a dash array.
func scaleDash(dash string, k float64) string {
	var a, b float64
	if _, err := fmt.Sscanf(dash, "%g %g", &a, &b); err != nil {
		return dash
	}
	return num(a*k) + " " + num(b*k)
}
