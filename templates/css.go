package templates

import (
	"fmt"
	"strings"

	"github.com/brandgen/brandgen/textlang"
)

// Font stacks. The "BG" families are the fonts in package static; the Noto families after them are
// system fonts (Debian fonts-noto-core, fonts-noto-cjk) that cover the scripts ours do not. The colour
// emoji font ('BG Emoji', limited to the emoji ranges) comes right after our faces, before the other
// scripts' Noto faces and the Noto symbol fonts, so a symbol that has an emoji form (☀, ✈, ❤) is drawn
// in colour like the rest of a post's emoji, and an emoji does not walk the whole stack: Chromium
// instantiates every face it walks past at each size the page fit tries (a face passed costs every
// layout; see FontStack). The CJK faces come last; on a CJK page its region's face moves up behind
// ours and the emoji (FontStack), as each covers every CJK character with its own region's glyph forms.
const (
	notoScriptsSans = `'Noto Sans','Noto Sans Arabic','Noto Sans Hebrew','Noto Sans Devanagari','Noto Sans Bengali',` +
		`'Noto Sans Tamil','Noto Sans Thai','Noto Sans Armenian','Noto Sans Georgian','Noto Sans Ethiopic'`
	notoScriptsSerif = `'Noto Serif','Noto Naskh Arabic','Noto Serif Hebrew','Noto Serif Devanagari','Noto Serif Bengali',` +
		`'Noto Serif Tamil','Noto Serif Thai','Noto Serif Armenian','Noto Serif Georgian','Noto Serif Ethiopic'`
	// The system colour emoji font also covers keycap bases (# * 0-9): after the script faces.
	symbols = `'Noto Color Emoji','Noto Sans Symbols','Noto Sans Symbols2'`

	// 'BG Symbols' (static/css/fonts.css) is Noto Sans Symbols2 limited to the code points of the
	// emoji ranges the colour emoji font lacks and no script or symbol face before Symbols2 covers.
	scriptFallbackSans  = `'BG Emoji','BG Symbols',` + notoScriptsSans + `,` + symbols + `,` + cjkSansDefault
	scriptFallbackSerif = `'BG Emoji','BG Symbols',` + notoScriptsSerif + `,` + symbols + `,` + cjkSerifDefault

	cjkSansDefault  = `'Noto Sans CJK SC','Noto Sans CJK JP','Noto Sans CJK KR','Noto Sans CJK TC'`
	cjkSerifDefault = `'Noto Serif CJK SC','Noto Serif CJK JP','Noto Serif CJK KR','Noto Serif CJK TC'`

	// FontSans is the body face of every style but editorial.
	FontSans = `'BG Inter',` + scriptFallbackSans + `,sans-serif`
	// FontDisplay is the headline face of glass, flat and blueprint.
	FontDisplay = `'BG Inter Display','BG Inter',` + scriptFallbackSans + `,sans-serif`
	// FontSerif is the editorial face at its own size: display type, and the charts and diagrams
	// whose Go side measures Garamond's advances.
	FontSerif = `'BG Garamond',` + scriptFallbackSerif + `,serif`
	// FontSerifText is editorial's reading text: the same files as 'BG Garamond Text', whose
	// size-adjust draws Garamond 1.2x (static/css/fonts.css, css/editorial.css) and leaves the
	// fallback faces after it (emoji, symbols, CJK) at their own size.
	FontSerifText = `'BG Garamond Text',` + scriptFallbackSerif + `,serif`
	// FontMono is the blueprint label face and the code face.
	FontMono = `'BG Mono','Noto Sans Mono',` + scriptFallbackSans + `,monospace`
)

// cjkRegion is the Noto CJK region suffix whose glyph forms a language tag wants ("" = the default
// order, Simplified Chinese first).
func cjkRegion(lang string) string {
	switch {
	case lang == textlang.Japanese:
		return "JP"
	case lang == textlang.Korean:
		return "KR"
	case lang == textlang.ChineseTraditional, lang == "zh-TW", lang == "zh-HK":
		return "TC"
	case textlang.Base(lang) == "zh":
		return "SC"
	}
	return ""
}

// FontStack returns stack (one of FontSans, FontDisplay, FontSerif, FontMono) for a page in lang. On
// a CJK page the Noto CJK face of lang's region comes right after our own faces and the colour emoji
// (Han characters take that language's glyph forms), before the other scripts' Noto faces: Chromium
// walks the stack for every character our faces lack and instantiates each face it passes at the
// size being set, so a CJK headline behind ten script faces and the colour emoji font cost 3-5x more
// per layout (8-23 ms against 2.5, measured on the ad's CJK story headline), and the page fit lays a
// headline out hundreds of times. No face before it covers Han or kana.
func FontStack(stack, lang string) string {
	region := cjkRegion(lang)
	if region == "" {
		return stack
	}
	for _, kind := range []string{"Sans", "Serif"} {
		def, scripts := cjkSansDefault, notoScriptsSans
		if kind == "Serif" {
			def, scripts = cjkSerifDefault, notoScriptsSerif
		}
		if !strings.Contains(stack, def) {
			continue
		}
		first := `'Noto ` + kind + ` CJK ` + region + `'`
		rest := strings.Replace(def, first+`,`, ``, 1)
		rest = strings.Replace(rest, `,`+first, ``, 1)
		stack = strings.Replace(stack, def, rest, 1)
		// The CJK face goes before 'BG Symbols': it covers some of its symbols (★), which a CJK page
		// draws in its CJK face.
		stack = strings.Replace(stack, `'BG Emoji','BG Symbols',`+scripts, `'BG Emoji',`+first+`,'BG Symbols',`+scripts, 1)
	}
	return stack
}

// fontsFor returns the body, display and numeric font stacks of a style (FontStack orders their CJK
// faces for a page's language).
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
func rootVars(m Metrics, p Palette, badge bool, lang string) string {
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
	body, display, number = FontStack(body, lang), FontStack(display, lang), FontStack(number, lang)
	v("font-body", body)
	v("font-display", display)
	v("font-number", number)
	v("font-serif", FontStack(FontSerif, lang))
	// Editorial's two Garamond sizes: css/editorial.css points the canvas's fonts at the reading
	// one and its display type back at the display one (--font-serif is that one outside it).
	v("font-serif-text", FontStack(FontSerifText, lang))
	v("font-serif-display", FontStack(FontSerif, lang))
	v("font-sans", FontStack(FontSans, lang))
	v("font-mono", FontStack(FontMono, lang))

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
