package templates

import "github.com/brandgen/brandgen"

// The code window's keyword colour (layout/code.tmpl's --t-k): the brand's primary, brought to
// 4.5:1 against what the window's text actually sits on. The card's accent (SurfaceAccent) is
// kept readable on every colour a glass card shows over the backdrop (its bright glows too), so
// on a dark glass card it came out near-white (#ced5ff beside #ffffff text): keywords read as plain
// text in bold. A dark glass code window lays its own veil over the card (codeVeil), and the
// keyword is measured on that (#9eaaff, the brand's hue).

// codeVeil is the veil glass lays over a dark card behind the code (code.tmpl's and
// slide-code.tmpl's --c-bg of .ed-dark: the post's .32, the slide's .36): the thinner one, so the
// colour holds on both. A light card's veil (white) only raises the accent's contrast: light
// windows keep the card's accent, as the other styles do (their windows are the card).
func codeVeil() (c rgb, alpha float64) {
	return rgb{8.0 / 255, 10.0 / 255, 20.0 / 255}, 0.32
}

// CodeKeyword is the keyword colour of the page's code windows.
func (d Data) CodeKeyword() string {
	p := d.Palette
	primary, ok := parseHex(p.Primary)
	if !ok || len(p.surfaces) == 0 {
		return p.SurfaceAccent
	}
	bgs := p.surfaces
	if d.Look.Style == brandgen.StyleGlass && p.SurfaceIsDark() {
		veil, alpha := codeVeil()
		bgs = make([]rgb, len(p.surfaces))
		for i, s := range p.surfaces {
			bgs[i] = over(veil, alpha, s).quantize()
		}
	}
	return ensureContrast(primary, bgs, 4.5).Hex()
}
