package templates

import (
	"testing"

	"github.com/brandgen/brandgen"
)

// A code window's keywords stand apart from its plain text (at least 1.8:1 between the two: a dark
// glass window drew them #ced5ff beside #ffffff, 1.5:1, bold plain text) and stay readable on the
// window (4.5:1 on the card under glass's veil); every other look keeps the card's accent. Brands
// with a hue: a near-black brand's keywords on a light card are its text colour in bold.
func TestCodeKeywordReads(t *testing.T) {
	for _, primary := range []string{"#4f46e5", "#e11d48", "#059669", "#f59e0b", "#0ea5e9"} {
		for _, style := range brandgen.Styles {
			for _, theme := range brandgen.Themes {
				look := brandgen.Look{Size: brandgen.SizePortrait, Theme: theme, Style: style}
				t.Run(primary+" "+string(style)+" "+string(theme), func(t *testing.T) {
					d := (&Set{}).data(nil, Options{Look: look, Badge: brandgen.Badge{Colors: brandgen.Colors{Primary: primary, Secondary: "#f59e0b"}}})
					kw := d.CodeKeyword()
					p := d.Palette
					if c := Contrast(kw, p.SurfaceText); c < 1.8 {
						t.Errorf("keyword %s against text %s: %.2f:1, want 1.8:1", kw, p.SurfaceText, c)
					}
					if style != brandgen.StyleGlass || !p.SurfaceIsDark() {
						if kw != p.SurfaceAccent {
							t.Errorf("keyword %s, want the card's accent %s", kw, p.SurfaceAccent)
						}
						return
					}
					veil, alpha := codeVeil()
					for _, s := range p.surfaces {
						if c := contrast(mustHex(kw), over(veil, alpha, s).quantize()); c < 4.5 {
							t.Errorf("keyword %s on the veiled card %s: %.2f:1, want 4.5:1", kw, s.Hex(), c)
						}
					}
				})
			}
		}
	}
}
