package arch

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"image"
	_ "image/gif"  // logo sizes
	_ "image/jpeg" // logo sizes
	_ "image/png"  // logo sizes
	"math"
	"regexp"
	"strconv"
	"strings"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/charts"
	_ "golang.org/x/image/webp" // logo sizes
)

// background draws the canvas and the style's decoration (none when transparent).
func (d *drawer) background() {
	if d.t.canvas == "" {
		return
	}
	w, h := d.fr.w, d.fr.h
	b := &d.cv.body
	p := d.t.p
	fmt.Fprintf(b, `<rect width="%s" height="%s" fill="%s"/>`, num(w), num(h), d.t.canvas)
	switch d.t.style {
	case brandgen.StyleGlass:
		// The mesh of glass.css: four soft ellipses of the brand tints.
		blobs := []struct{ cx, cy, rx, ry, stop float64 }{
			{0.06, 0.04, 0.62, 0.48, 0.72}, {1, 0.14, 0.58, 0.46, 0.70}, {0.88, 1, 0.72, 0.52, 0.72}, {0, 0.96, 0.62, 0.50, 0.70},
		}
		for i, bl := range blobs {
			if i+1 >= len(p.Backdrop) {
				break
			}
			id := d.cv.newID("mesh")
			fmt.Fprintf(&d.cv.defs, `<radialGradient id="%s"><stop offset="0" stop-color="%s"/><stop offset="%s" stop-color="%s" stop-opacity="0"/></radialGradient>`,
				id, p.Backdrop[i+1], num(bl.stop), p.Backdrop[i+1])
			fmt.Fprintf(b, `<ellipse cx="%s" cy="%s" rx="%s" ry="%s" fill="url(#%s)"/>`, num(bl.cx*w), num(bl.cy*h), num(bl.rx*w), num(bl.ry*h), id)
		}
	case brandgen.StyleFlat:
		if len(p.Backdrop) > 1 {
			r := 0.78 * w / 2
			fmt.Fprintf(b, `<circle cx="%s" cy="%s" r="%s" fill="%s"/>`, num(w*1.30-r), num(h+0.34*w-r), num(r), p.Backdrop[1])
		}
		fmt.Fprintf(b, `<rect y="%s" width="%s" height="24" fill="%s"/><rect y="%s" width="%s" height="24" fill="%s" fill-opacity=".92"/>`,
			num(h-24), num(w), p.Fill2, num(h-24), num(w*0.33), p.OnFill2)
	case brandgen.StyleBlueprint:
		minor, major := d.cv.newID("grid"), d.cv.newID("grid")
		fmt.Fprintf(&d.cv.defs, `<pattern id="%s" width="24" height="24" patternUnits="userSpaceOnUse" x="%s" y="%s"><path d="M24 0H0V24" fill="none" stroke="%s" stroke-width="1"/></pattern>`,
			minor, num(d.fr.mx-0.5), num(d.fr.mTop-0.5), p.Grid)
		fmt.Fprintf(&d.cv.defs, `<pattern id="%s" width="120" height="120" patternUnits="userSpaceOnUse" x="%s" y="%s"><path d="M120 0H0V120" fill="none" stroke="%s" stroke-width="1"/></pattern>`,
			major, num(d.fr.mx-0.5), num(d.fr.mTop-0.5), p.GridMajor)
		fmt.Fprintf(b, `<rect width="%s" height="%s" fill="url(#%s)"/><rect width="%s" height="%s" fill="url(#%s)"/>`, num(w), num(h), minor, num(w), num(h), major)
		// Registration crosses at the corners of the safe area.
		for _, c := range []point{{d.fr.mx, d.fr.mTop}, {w - d.fr.mx, d.fr.mTop}, {d.fr.mx, h - d.fr.mBottom}, {w - d.fr.mx, h - d.fr.mBottom}} {
			fmt.Fprintf(b, `<path d="M%s %sh28M%s %sv28" stroke="%s" stroke-width="1.5" opacity=".7"/>`,
				num(c.X-14), num(c.Y), num(c.X), num(c.Y-14), p.Text)
		}
	case brandgen.StyleEditorial:
		y := d.fr.mTop - 28
		fmt.Fprintf(b, `<path d="M%s %sH%sM%s %sH%s" stroke="%s" stroke-width="1"/>`,
			num(d.fr.mx), num(y+0.5), num(w-d.fr.mx), num(d.fr.mx), num(y+5.5), num(w-d.fr.mx), p.Rule)
		yb := h - d.fr.mBottom + 28
		fmt.Fprintf(b, `<path d="M%s %sH%s" stroke="%s" stroke-width="1"/>`, num(d.fr.mx), num(yb+0.5), num(w-d.fr.mx), p.Rule)
	}
}

// title draws the title block.
func (d *drawer) title() {
	if len(d.fr.title) == 0 {
		return
	}
	d.cv.text(&d.cv.body, d.fr.mx, d.fr.titleY, d.fr.title, d.fr.titleStyle, d.fr.titleLineH)
}

// badgeBox is the laid-out identity badge, top-right.
type badgeBox struct {
	b          brandgen.Badge
	x, y, w, h float64
	pill       bool
	logoW      float64
	logoH      float64
	name       textStyle
	handle     textStyle
	nameText   string
	handleText string
	upper      bool
}

func newBadge(bd brandgen.Badge, t theme, h, fontSize float64) badgeBox {
	bb := badgeBox{b: bd, h: h, pill: t.style == brandgen.StyleGlass}
	family := t.sans
	if t.style == brandgen.StyleBlueprint {
		family = t.mono
		bb.upper = true
	}
	fill, muted := t.ink, t.muted
	if bb.pill {
		fill, muted = t.p.SurfaceText, t.p.SurfaceMuted
	}
	bb.name = textStyle{family: family, weight: 500, size: fontSize, fill: fill, upper: bb.upper}
	if bb.upper {
		bb.name.track = 0.1
	}
	bb.handle = textStyle{family: family, weight: 400, size: fontSize * 0.84, fill: muted}
	logoMax := h
	if bb.pill {
		logoMax = h - 16
	}
	switch {
	case bd.LogoURI != "":
		ar := logoAspect(bd.LogoURI)
		bb.logoH = logoMax
		bb.logoW = math.Min(200, logoMax*ar)
		if bb.logoW == 200 {
			bb.logoH = 200 / ar
		}
	case bd.Default:
		bb.logoW, bb.logoH = math.Min(44, logoMax), math.Min(44, logoMax)
	}
	textW := 0.0
	maxText := 360.0
	if bd.Name != "" {
		bb.nameText = bb.name.font().Truncate(bd.Name, maxText)
		textW = bb.name.width(bb.nameText)
	}
	if bd.Handle != "" {
		bb.handleText = bb.handle.font().Truncate(bd.Handle, maxText)
		textW = math.Max(textW, bb.handle.width(bb.handleText))
	}
	bb.w = bb.logoW + textW
	if bb.logoW > 0 && textW > 0 {
		bb.w += 14
	}
	if bb.pill {
		bb.w += 8 + 22
		if bb.logoW == 0 {
			bb.w += 14
		}
	}
	return bb
}

// badge draws the identity badge.
func (d *drawer) badge() {
	if !d.o.Badge.Show {
		return
	}
	bb := d.fr.badge
	b := &d.cv.body
	b.WriteString(`<g data-badge="1">`)
	x := bb.x
	if bb.pill {
		fmt.Fprintf(b, `<rect x="%s" y="%s" width="%s" height="%s" rx="%s" fill="%s" stroke="%s" stroke-width="1"/>`,
			num(bb.x), num(bb.y), num(bb.w), num(bb.h), num(bb.h/2), d.t.p.Surface, d.t.p.Border)
		x += 8
		if bb.logoW == 0 {
			x += 14
		}
	}
	cy := bb.y + bb.h/2
	switch {
	case bb.b.LogoURI != "":
		fmt.Fprintf(b, `<image x="%s" y="%s" width="%s" height="%s" href="%s" preserveAspectRatio="xMidYMid meet"/>`,
			num(x), num(cy-bb.logoH/2), num(bb.logoW), num(bb.logoH), esc(bb.b.LogoURI))
	case bb.b.Default:
		id := d.cv.newID("mark")
		k := bb.logoH / 48
		fmt.Fprintf(&d.cv.defs, `<linearGradient id="%s" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="%s"/><stop offset="1" stop-color="%s"/></linearGradient>`,
			id, d.t.p.Fill, d.t.p.Fill2)
		fmt.Fprintf(b, `<g transform="translate(%s %s) scale(%s)"><rect width="48" height="48" rx="14" fill="url(#%s)"/><path d="M15 12h11.5a8 8 0 0 1 3.6 15.1A8.5 8.5 0 0 1 27 36H15z" fill="none" stroke="%s" stroke-width="4" stroke-linejoin="round"/><circle cx="35" cy="13" r="3" fill="%s"/></g>`,
			num(x), num(cy-bb.logoH/2), num(k), id, d.t.p.OnFill, d.t.p.OnFill)
	}
	if bb.logoW > 0 {
		x += bb.logoW + 14
	}
	switch {
	case bb.nameText != "" && bb.handleText != "":
		d.cv.text(b, x, cy-bb.name.size*0.12, []string{bb.nameText}, bb.name, 0)
		d.cv.text(b, x, cy+bb.handle.size*0.98, []string{bb.handleText}, bb.handle, 0)
	case bb.nameText != "":
		d.cv.text(b, x, cy+bb.name.size*0.36, []string{bb.nameText}, bb.name, 0)
	case bb.handleText != "":
		d.cv.text(b, x, cy+bb.handle.size*0.36, []string{bb.handleText}, bb.handle, 0)
	}
	b.WriteString(`</g>`)
}

var svgSizeRe = regexp.MustCompile(`(?i)<svg[^>]*?\sviewBox\s*=\s*["']\s*[-\d.]+[\s,]+[-\d.]+[\s,]+([\d.]+)[\s,]+([\d.]+)`)

// logoAspect is the width/height ratio of a data-URI logo (1 when it cannot be read).
func logoAspect(uri string) float64 {
	comma := strings.IndexByte(uri, ',')
	if !strings.HasPrefix(uri, "data:") || comma < 0 {
		return 1
	}
	meta, payload := uri[5:comma], uri[comma+1:]
	var data []byte
	if strings.HasSuffix(meta, ";base64") {
		var err error
		if data, err = base64.StdEncoding.DecodeString(payload); err != nil {
			return 1
		}
	} else {
		data = []byte(payload)
	}
	if strings.HasPrefix(meta, "image/svg") {
		s := string(data)
		if strings.Contains(s, "%3C") || strings.Contains(s, "%3c") {
			s = strings.NewReplacer("%3C", "<", "%3c", "<", "%3E", ">", "%3e", ">", "%22", `"`, "%20", " ", "%27", "'").Replace(s)
		}
		if m := svgSizeRe.FindStringSubmatch(s); m != nil {
			w, _ := strconv.ParseFloat(m[1], 64)
			h, _ := strconv.ParseFloat(m[2], 64)
			if w > 0 && h > 0 {
				return clampF(w/h, 0.25, 5)
			}
		}
		return 1
	}
	cfg, _, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil || cfg.Height == 0 {
		return 1
	}
	return clampF(float64(cfg.Width)/float64(cfg.Height), 0.25, 5)
}

var _ = charts.CleanText
