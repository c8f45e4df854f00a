package templates

import (
	"fmt"
	"strings"
)

// Font stacks. The "BG" families are the fonts in package static; the Noto families after them are
// system fonts (Debian fonts-noto-core, fonts-noto-cjk) that cover the scripts ours do not.
const (
	scriptFallbackSans = `'Noto Sans','Noto Sans Arabic','Noto Sans Hebrew','Noto Sans Devanagari','Noto Sans Bengali',` +
		`'Noto Sans Tamil','Noto Sans Thai','Noto Sans Armenian','Noto Sans Georgian','Noto Sans Ethiopic',` +
		`'Noto Sans Symbols','Noto Sans Symbols2','BG Emoji','Noto Color Emoji',` +
		`'Noto Sans CJK SC','Noto Sans CJK JP','Noto Sans CJK KR','Noto Sans CJK TC'`
	scriptFallbackSerif = `'Noto Serif','Noto Naskh Arabic','Noto Serif Hebrew','Noto Serif Devanagari','Noto Serif Bengali',` +
		`'Noto Serif Tamil','Noto Serif Thai','Noto Serif Armenian','Noto Serif Georgian','Noto Serif Ethiopic',` +
		`'Noto Sans Symbols','Noto Sans Symbols2','BG Emoji','Noto Color Emoji',` +
		`'Noto Serif CJK SC','Noto Serif CJK JP','Noto Serif CJK KR','Noto Serif CJK TC'`

	// FontSans is the body face of every style but editorial.
	FontSans = `'BG Inter',` + scriptFallbackSans + `,sans-serif`
	// FontDisplay is the headline face of glass, flat and blueprint.
	FontDisplay = `'BG Inter Display','BG Inter',` + scriptFallbackSans + `,sans-serif`
	// FontSerif is the editorial face.
	FontSerif = `'BG Garamond',` + scriptFallbackSerif + `,serif`
	// FontMono is the blueprint label face and the code face.
	FontMono = `'BG Mono','Noto Sans Mono',` + scriptFallbackSans + `,monospace`
)

// fontsFor returns the body, display and numeric font stacks of a style.
func fontsFor(p Palette) (body, display, number string) {
	switch p.Style {
	case "editorial":
		return FontSerif, FontSerif, FontSerif
	case "blueprint":
		return FontSans, FontDisplay, FontMono
	}
	return FontSans, FontDisplay, FontDisplay
}

// rootVars renders the :root custom properties of a page: canvas size, metrics, type scale, fonts and
// palette. Every value comes from our own formatting of parsed numbers and colours, never from input.
func rootVars(m Metrics, p Palette, badge bool) string {
	var b strings.Builder
	v := func(name string, value any) { fmt.Fprintf(&b, "--%s:%v;", name, value) }
	px := func(name string, n int) { fmt.Fprintf(&b, "--%s:%dpx;", name, n) }
	b.WriteString(":root{")
	px("w", m.Width)
	px("h", m.Height)
	px("m-x", m.MarginX)
	px("m-top", m.MarginTop)
	px("m-bottom", m.MarginBottom)
	px("gap", m.Gap)
	px("gap-s", m.GapS)
	px("pad", m.Pad)
	px("radius", m.Radius)
	px("badge-h", m.BadgeH)
	px("content-w", m.ContentWidth())
	px("content-h", m.ContentHeight(badge))
	t := m.Type
	for _, s := range []struct {
		n string
		v int
	}{{"xs", t.XS}, {"s", t.S}, {"body", t.Body}, {"lead", t.Lead}, {"h3", t.H3}, {"h2", t.H2},
		{"h1", t.H1}, {"display", t.Display}, {"hero", t.Hero}} {
		px("fs-"+s.n, s.v)
	}
	px("fs-floor", m.Floor)
	px("fs-floor-label", m.FloorLabel)
	body, display, number := fontsFor(p)
	v("font-body", body)
	v("font-display", display)
	v("font-number", number)
	v("font-serif", FontSerif)
	v("font-sans", FontSans)
	v("font-mono", FontMono)

	v("primary", p.Primary)
	v("secondary", p.Secondary)
	steps := []string{"50", "100", "200", "300", "400", "500", "600", "700", "800", "900", "950"}
	for i, c := range p.PrimaryRamp {
		v("p"+steps[i], c)
	}
	for i, c := range p.SecondaryRamp {
		v("s"+steps[i], c)
	}
	v("bg", p.Background)
	for i, c := range p.Backdrop {
		v(fmt.Sprintf("backdrop-%d", i), c)
	}
	v("text", p.Text)
	v("muted", p.Muted)
	v("accent", p.Accent)
	v("rule", p.Rule)
	v("surface", p.Surface)
	v("surface-solid", p.SurfaceSolid)
	v("surface-text", p.SurfaceText)
	v("surface-muted", p.SurfaceMuted)
	v("surface-accent", p.SurfaceAccent)
	v("border", p.Border)
	v("highlight", p.Highlight)
	v("shadow", p.Shadow)
	v("grid", p.Grid)
	v("grid-major", p.GridMajor)
	v("fill", p.Fill)
	v("on-fill", p.OnFill)
	v("fill2", p.Fill2)
	v("on-fill2", p.OnFill2)
	for i, c := range p.Series {
		v(fmt.Sprintf("series-%d", i+1), c)
	}
	v("up", p.Up)
	v("down", p.Down)
	v("flat", p.Flat)
	b.WriteString("}")
	return b.String()
}
