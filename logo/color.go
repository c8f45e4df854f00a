package logo

import (
	"fmt"
	"github.com/brandgen/brandgen"
	"math"
)

// rgb is an sRGB colour, 0..255 a channel.
type rgb struct{ r, g, b float64 }

// parseHex reads "#RGB" or "#RRGGBB" (brandgen.ParseHex).
func parseHex(s string) (rgb, bool) {
	r, g, b, ok := brandgen.ParseHex(s)
	return rgb{float64(r), float64(g), float64(b)}, ok
}

func (c rgb) hex() string {
	cl := func(v float64) int { return int(min(255, max(0, v+0.5))) }
	return fmt.Sprintf("#%02x%02x%02x", cl(c.r), cl(c.g), cl(c.b))
}

// mix goes from a (t=0) to b (t=1).
func mix(a, b rgb, t float64) rgb {
	return rgb{a.r + (b.r-a.r)*t, a.g + (b.g-a.g)*t, a.b + (b.b-a.b)*t}
}

var (
	white = rgb{255, 255, 255}
	ink   = rgb{17, 16, 32}
)

// palette is the colours one mark is drawn with, as CSS hex strings.
type palette struct {
	Main   string // the brand primary: the dominant shape
	Accent string // the brand secondary: one accent shape
	Deep   string // a shade of the primary: facets, pupils, shadows
	Soft   string // a tint of the primary: highlights, inner facets
	Paper  string // near white: cut-outs drawn on top of Main
	// Grad is true when Main fills may use the primary-to-secondary gradient (id "g").
	Grad bool
}

// Default colours when the brand has none (the glass style's defaults).
const (
	DefaultPrimary   = "#6c4cf5"
	DefaultSecondary = "#f0569b"
)

// newPalette derives the mark's colours from the brand's. A missing primary takes the default; a
// missing secondary is a warm partner of the primary.
func newPalette(primary, secondary string) (palette, rgb, rgb) {
	p, ok := parseHex(primary)
	if !ok {
		p, _ = parseHex(DefaultPrimary)
	}
	s, ok := parseHex(secondary)
	if !ok {
		if _, had := parseHex(primary); had {
			s = mix(p, rgb{255, 170, 60}, 0.65)
		} else {
			s, _ = parseHex(DefaultSecondary)
		}
	}
	return palette{
		Main: p.hex(), Accent: s.hex(), Deep: mix(p, ink, 0.45).hex(), Soft: mix(p, white, 0.55).hex(),
		Paper: mix(white, p, 0.04).hex(), Grad: true,
	}, p, s
}

// onBadge is the palette of a motif drawn on a solid badge of the primary: white shapes, the
// secondary kept as the accent when it stands out from the primary, else a light tint.
func onBadge(p, s rgb) palette {
	accent := s
	if dist(accent, p) < 90 {
		accent = mix(p, white, 0.55)
	}
	return palette{Main: white.hex(), Accent: accent.hex(), Deep: mix(p, ink, 0.35).hex(), Soft: mix(p, white, 0.72).hex(),
		Paper: mix(p, ink, 0.15).hex()}
}

// dist is the Euclidean distance of two colours in RGB (0..441).
func dist(a, b rgb) float64 {
	return math.Sqrt((a.r-b.r)*(a.r-b.r) + (a.g-b.g)*(a.g-b.g) + (a.b-b.b)*(a.b-b.b))
}
