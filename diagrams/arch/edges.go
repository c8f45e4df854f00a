package arch

import (
	"fmt"
	"math"
	"strings"

	"github.com/brandgen/brandgen"
)

// drawEdges draws every edge: its spline, its arrowhead and its label, in one marked element.
func (d *drawer) drawEdges() {
	b := &d.cv.body
	width := clampF(d.t.edgeW*d.s, 1.25, 4)
	es := d.t.edgeLabelStyle(d.m.d.small)
	es.size *= d.s
	for i, e := range d.g.Edges {
		r := d.pl.Edges[i]
		fmt.Fprintf(b, `<g data-edge="%s" data-from="%s" data-to="%s" data-order="%d">`,
			esc(e.From+"->"+e.To), esc(e.From), esc(e.To), d.order.edges[i])
		pts := make([]point, len(r.Points))
		for j, p := range r.Points {
			pts[j] = d.pt(p)
		}
		var path strings.Builder
		fmt.Fprintf(&path, "M%s %s", num(pts[0].X), num(pts[0].Y))
		for j := 1; j+2 < len(pts); j += 3 {
			fmt.Fprintf(&path, "C%s %s %s %s %s %s", num(pts[j].X), num(pts[j].Y), num(pts[j+1].X), num(pts[j+1].Y), num(pts[j+2].X), num(pts[j+2].Y))
		}
		end := pts[len(pts)-1]
		tip := end
		if r.HasTip {
			tip = d.pt(r.Tip)
		}
		// The line stops short of the tip so that a thick stroke does not poke through it.
		fmt.Fprintf(b, `<path d="%s" fill="none" stroke="%s" stroke-width="%s" stroke-linecap="round"`, path.String(), d.t.edge, num(width))
		if d.t.style == brandgen.StyleBlueprint && strings.Contains(strings.ToLower(e.Label), "async") {
			fmt.Fprintf(b, ` stroke-dasharray="%s %s"`, num(width*4), num(width*3))
		}
		b.WriteString("/>")
		if r.HasTip {
			b.WriteString(d.arrow(end, tip, width))
		}
		if mt := d.m.edges[i]; len(mt.lines) > 0 {
			c := d.pt(r.Label)
			w, h := mt.w*d.s, mt.h*d.s
			box := rect{c.X - w/2, c.Y - h/2, w, h}
			if d.t.edgeLabelBg != "" {
				rad := math.Min(h/2, es.size*0.9)
				if d.t.style == brandgen.StyleBlueprint || d.t.style == brandgen.StyleEditorial {
					rad = 0
				}
				fmt.Fprintf(b, `<path d="%s" fill="%s"`, roundRect(box, rad), d.t.edgeLabelBg)
				if d.t.style == brandgen.StyleBlueprint {
					fmt.Fprintf(b, ` stroke="%s" stroke-width="1"`, withAlpha(d.t.ink, 0.5))
				}
				if d.t.style == brandgen.StyleGlass {
					fmt.Fprintf(b, ` stroke="%s" stroke-width="1"`, d.t.p.Border)
				}
				b.WriteString("/>")
			}
			st := es
			st.anchor = "middle"
			lineH := st.size * 1.2
			y := c.Y - lineH*float64(len(mt.lines)-1)/2 + st.size*0.35
			d.cv.text(b, c.X, y, mt.lines, st, lineH)
		}
		b.WriteString("</g>")
	}
}

// arrow draws the arrowhead from the end of the line to the tip.
func (d *drawer) arrow(from, tip point, width float64) string {
	dx, dy := tip.X-from.X, tip.Y-from.Y
	l := math.Hypot(dx, dy)
	if l < 0.01 {
		return ""
	}
	ux, uy := dx/l, dy/l
	half := l * 0.46
	if d.t.style == brandgen.StyleEditorial {
		half = l * 0.34
	}
	base := point{tip.X - ux*l, tip.Y - uy*l}
	a := point{base.X - uy*half, base.Y + ux*half}
	c := point{base.X + uy*half, base.Y - ux*half}
	if d.t.style == brandgen.StyleBlueprint {
		return fmt.Sprintf(`<path d="M%s %sL%s %sL%s %s" fill="none" stroke="%s" stroke-width="%s" stroke-linecap="round" stroke-linejoin="round"/>`,
			num(a.X), num(a.Y), num(tip.X), num(tip.Y), num(c.X), num(c.Y), d.t.edge, num(width))
	}
	return fmt.Sprintf(`<path d="M%s %sL%s %sL%s %sz" fill="%s" stroke="%s" stroke-width="%s" stroke-linejoin="round"/>`,
		num(a.X), num(a.Y), num(tip.X), num(tip.Y), num(c.X), num(c.Y), d.t.edge, d.t.edge, num(width*0.6))
}
