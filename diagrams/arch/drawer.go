package arch

import (
	"fmt"
	"math"
	"strings"
)

// drawer draws one laid-out graph onto its frame.
type drawer struct {
	cv *canvas
	g  Graph
	t  theme
	m  metrics
	fr frame
	pl placed
	s  float64 // layout units -> canvas pixels
	o  Options

	ox, oy float64 // canvas position of the layout's origin
	nodes  []rect  // canvas boxes, by node index
	groups []rect  // canvas boxes, by group index
	order  reveal
}

// place maps the layout onto the canvas, centred in the diagram area.
func (d *drawer) place() {
	d.ox = d.fr.area.X + (d.fr.area.W-d.pl.W*d.s)/2
	d.oy = d.fr.area.Y + (d.fr.area.H-d.pl.H*d.s)/2
	d.nodes = make([]rect, len(d.g.Nodes))
	for i, r := range d.pl.Nodes {
		d.nodes[i] = d.box(r)
	}
	order := groupOrder(d.g)
	d.groups = make([]rect, len(d.g.Groups))
	for p, i := range order {
		d.groups[i] = d.box(d.pl.Groups[p])
	}
	d.order = revealOrder(d.g)
}

func (d *drawer) box(r rect) rect {
	return rect{d.ox + r.X*d.s, d.oy + r.Y*d.s, r.W * d.s, r.H * d.s}
}

func (d *drawer) pt(p point) point { return point{d.ox + p.X*d.s, d.oy + p.Y*d.s} }

// u converts a length at the reference size to canvas pixels.
func (d *drawer) u(v float64) float64 { return v * d.s }

func (d *drawer) draw() {
	d.background()
	d.title()
	d.badge()
	d.drawGroups()
	d.drawEdges()
	d.drawNodes()
}

// finish writes the whole SVG document.
func (d *drawer) finish(w, h int) string {
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" role="img"`, w, h, w, h)
	if d.t.lang != "" {
		fmt.Fprintf(&b, ` lang="%s" xml:lang="%s"`, d.t.lang, d.t.lang)
	}
	if title := strings.TrimSpace(d.o.Title); title != "" {
		fmt.Fprintf(&b, ` aria-label="%s"`, esc(cleanLine(title)))
	}
	fmt.Fprintf(&b, ` font-family="%s" data-arch="1" data-style="%s" data-theme="%s" data-node-style="%s">`,
		esc(d.t.sans), d.t.style, themeName(d.t.dark), d.m.nodeStyle)
	if d.cv.defs.Len() > 0 {
		b.WriteString("<defs>")
		b.WriteString(d.cv.defs.String())
		b.WriteString("</defs>")
	}
	b.WriteString(d.cv.body.String())
	b.WriteString("</svg>")
	return b.String()
}

func themeName(dark bool) string {
	if dark {
		return "dark"
	}
	return "light"
}

func cleanLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// roundRect writes a rectangle path with corner radius r.
func roundRect(r rect, rad float64) string {
	rad = math.Max(0, math.Min(rad, math.Min(r.W, r.H)/2))
	if rad == 0 {
		return fmt.Sprintf("M%s %sh%sv%sh%sz", num(r.X), num(r.Y), num(r.W), num(r.H), num(-r.W))
	}
	return fmt.Sprintf("M%s %sh%sa%s %s 0 0 1 %s %sv%sa%s %s 0 0 1 %s %sh%sa%s %s 0 0 1 %s %sv%sa%s %s 0 0 1 %s %sz",
		num(r.X+rad), num(r.Y), num(r.W-2*rad), num(rad), num(rad), num(rad), num(rad),
		num(r.H-2*rad), num(rad), num(rad), num(-rad), num(rad),
		num(-(r.W - 2*rad)), num(rad), num(rad), num(-rad), num(-rad),
		num(-(r.H - 2*rad)), num(rad), num(rad), num(rad), num(-rad))
}
