package templates

import (
	"fmt"
	"github.com/brandgen/brandgen"
	"math"
	"strconv"
)

// rgb is an sRGB colour with gamma-encoded channels in [0, 1].
type rgb struct{ R, G, B float64 }

// oklch is a colour in the OKLCH space: lightness 0-1, chroma (0-0.37 in sRGB), hue in degrees.
type oklch struct{ L, C, H float64 }

var (
	white = rgb{1, 1, 1}
	black = rgb{0, 0, 0}
)

// parseHex reads "#RGB" or "#RRGGBB" (brandgen.ParseHex) with channels in [0, 1].
func parseHex(s string) (rgb, bool) {
	r, g, b, ok := brandgen.ParseHex(s)
	return rgb{float64(r) / 255, float64(g) / 255, float64(b) / 255}, ok
}

func mustHex(s string) rgb {
	c, ok := parseHex(s)
	if !ok {
		panic("templates: bad built-in colour " + s)
	}
	return c
}

func clamp01(v float64) float64 { return math.Max(0, math.Min(1, v)) }

func byte255(v float64) int { return int(math.Round(clamp01(v) * 255)) }

// Hex formats the colour as #rrggbb.
func (c rgb) Hex() string {
	return fmt.Sprintf("#%02x%02x%02x", byte255(c.R), byte255(c.G), byte255(c.B))
}

// RGBA formats the colour with an alpha as a CSS rgba() value.
func (c rgb) RGBA(alpha float64) string {
	return fmt.Sprintf("rgba(%d,%d,%d,%s)", byte255(c.R), byte255(c.G), byte255(c.B),
		strconv.FormatFloat(math.Round(alpha*1000)/1000, 'f', -1, 64))
}

// quantize rounds the channels to 8 bits, so contrast is computed on what the browser draws.
func (c rgb) quantize() rgb {
	return rgb{float64(byte255(c.R)) / 255, float64(byte255(c.G)) / 255, float64(byte255(c.B)) / 255}
}

func toLinear(v float64) float64 {
	if v <= 0.04045 {
		return v / 12.92
	}
	return math.Pow((v+0.055)/1.055, 2.4)
}

func fromLinear(v float64) float64 {
	if v <= 0.0031308 {
		return v * 12.92
	}
	return 1.055*math.Pow(v, 1/2.4) - 0.055
}

// luminance is the WCAG 2 relative luminance.
func (c rgb) luminance() float64 {
	c = c.quantize()
	return 0.2126*toLinear(c.R) + 0.7152*toLinear(c.G) + 0.0722*toLinear(c.B)
}

// contrast is the WCAG 2 contrast ratio of two colours, 1 to 21.
func contrast(a, b rgb) float64 {
	la, lb := a.luminance(), b.luminance()
	if la < lb {
		la, lb = lb, la
	}
	return (la + 0.05) / (lb + 0.05)
}

// minContrast is the lowest contrast of fg against any of the backgrounds.
func minContrast(fg rgb, bgs []rgb) float64 {
	m := 21.0
	for _, b := range bgs {
		m = math.Min(m, contrast(fg, b))
	}
	return m
}

// over composites c with the given alpha over bg, the way a browser blends (in gamma space).
func over(c rgb, alpha float64, bg rgb) rgb {
	return rgb{c.R*alpha + bg.R*(1-alpha), c.G*alpha + bg.G*(1-alpha), c.B*alpha + bg.B*(1-alpha)}
}

// mix is the colour t of the way from a to b, interpolated in OKLab.
func mix(a, b rgb, t float64) rgb {
	la, aa, ba := a.oklab()
	lb, ab, bb := b.oklab()
	return fromOKLab(la+(lb-la)*t, aa+(ab-aa)*t, ba+(bb-ba)*t)
}

func (c rgb) oklab() (L, a, b float64) {
	r, g, bl := toLinear(c.R), toLinear(c.G), toLinear(c.B)
	l := math.Cbrt(0.4122214708*r + 0.5363325363*g + 0.0514459929*bl)
	m := math.Cbrt(0.2119034982*r + 0.6806995451*g + 0.1073969566*bl)
	s := math.Cbrt(0.0883024619*r + 0.2817188376*g + 0.6299787005*bl)
	return 0.2104542553*l + 0.7936177850*m - 0.0040720468*s,
		1.9779984951*l - 2.4285922050*m + 0.4505937099*s,
		0.0259040371*l + 0.7827717662*m - 0.8086757660*s
}

// linearFromOKLab converts to linear sRGB, possibly out of gamut.
func linearFromOKLab(L, a, b float64) (r, g, bl float64) {
	l := L + 0.3963377774*a + 0.2158037573*b
	m := L - 0.1055613458*a - 0.0638541728*b
	s := L - 0.0894841775*a - 1.2914855480*b
	l, m, s = l*l*l, m*m*m, s*s*s
	return 4.0767416621*l - 3.3077115913*m + 0.2309699292*s,
		-1.2684380046*l + 2.6097574011*m - 0.3413193965*s,
		-0.0041960863*l - 0.7034186147*m + 1.7076147010*s
}

func fromOKLab(L, a, b float64) rgb {
	r, g, bl := linearFromOKLab(L, a, b)
	return rgb{clamp01(fromLinear(clamp01(r))), clamp01(fromLinear(clamp01(g))), clamp01(fromLinear(clamp01(bl)))}
}

func (c rgb) lch() oklch {
	L, a, b := c.oklab()
	h := math.Atan2(b, a) * 180 / math.Pi
	if h < 0 {
		h += 360
	}
	return oklch{L, math.Hypot(a, b), h}
}

func inGamut(L, a, b float64) bool {
	const eps = 1e-4
	r, g, bl := linearFromOKLab(L, a, b)
	return r >= -eps && r <= 1+eps && g >= -eps && g <= 1+eps && bl >= -eps && bl <= 1+eps
}

// rgb converts to sRGB, lowering chroma (keeping lightness and hue) until the colour is in gamut.
func (c oklch) rgb() rgb {
	L := math.Max(0, math.Min(1, c.L))
	hr := c.H * math.Pi / 180
	ab := func(ch float64) (float64, float64) { return ch * math.Cos(hr), ch * math.Sin(hr) }
	if a, b := ab(c.C); inGamut(L, a, b) {
		return fromOKLab(L, a, b)
	}
	lo, hi := 0.0, c.C
	for i := 0; i < 24; i++ {
		mid := (lo + hi) / 2
		if a, b := ab(mid); inGamut(L, a, b) {
			lo = mid
		} else {
			hi = mid
		}
	}
	a, b := ab(lo)
	return fromOKLab(L, a, b)
}

// withL returns the colour at another OKLCH lightness, same hue, chroma capped to fit the gamut.
func (c rgb) withL(L float64) rgb {
	h := c.lch()
	h.L = L
	return h.rgb()
}

// distance is the Euclidean distance in OKLab (a just-noticeable difference is about 0.02).
func distance(x, y rgb) float64 {
	l1, a1, b1 := x.oklab()
	l2, a2, b2 := y.oklab()
	return math.Sqrt((l1-l2)*(l1-l2) + (a1-a2)*(a1-a2) + (b1-b2)*(b1-b2))
}

// ensureContrast returns fg, or the nearest colour of the same hue (moved in OKLCH lightness away
// from the backgrounds) whose contrast against every background is at least min. When no lightness
// of that hue reaches it, the better of black and white is returned.
func ensureContrast(fg rgb, bgs []rgb, min float64) rgb {
	fg = fg.quantize()
	if minContrast(fg, bgs) >= min {
		return fg
	}
	lc := fg.lch()
	// Move toward whichever end (dark or light) can reach the target against every background.
	try := func(target float64) (rgb, bool) {
		end := oklch{target, lc.C, lc.H}.rgb().quantize()
		if minContrast(end, bgs) < min {
			return rgb{}, false
		}
		lo, hi := lc.L, target // lo fails, hi passes
		for i := 0; i < 28; i++ {
			mid := (lo + hi) / 2
			if minContrast(oklch{mid, lc.C, lc.H}.rgb().quantize(), bgs) >= min {
				hi = mid
			} else {
				lo = mid
			}
		}
		return oklch{hi, lc.C, lc.H}.rgb().quantize(), true
	}
	dark, okDark := try(0)
	light, okLight := try(1)
	switch {
	case okDark && okLight:
		if distance(dark, fg) <= distance(light, fg) {
			return dark
		}
		return light
	case okDark:
		return dark
	case okLight:
		return light
	}
	if minContrast(white, bgs) >= minContrast(black, bgs) {
		return white
	}
	return black
}

// onColor is the text colour for a fill: a near-white or near-black tinted with the fill's hue,
// whichever reads better, preferring light text when it reaches AA (4.5:1).
func onColor(fill rgb) rgb {
	h := fill.lch().H
	light := oklch{0.99, 0.01, h}.rgb().quantize()
	dark := oklch{0.2, 0.03, h}.rgb().quantize()
	if contrast(light, fill) >= 4.5 {
		return light
	}
	if contrast(dark, fill) >= 4.5 {
		return dark
	}
	if contrast(white, fill) >= contrast(black, fill) {
		return white
	}
	return black
}

// Contrast reports the WCAG 2 contrast ratio (1 to 21) of two "#RGB"/"#RRGGBB" colours; 0 when
// either does not parse.
func Contrast(a, b string) float64 {
	ca, ok1 := parseHex(a)
	cb, ok2 := parseHex(b)
	if !ok1 || !ok2 {
		return 0
	}
	return contrast(ca, cb)
}

// Readable returns fg adjusted (same hue, lightness moved as little as possible) so that its contrast
// against bg is at least min, as #rrggbb. Unparseable input answers black or white for bg.
func Readable(fg, bg string, min float64) string {
	b, ok := parseHex(bg)
	if !ok {
		b = white
	}
	f, ok := parseHex(fg)
	if !ok {
		f = onColor(b)
	}
	return ensureContrast(f, []rgb{b}, min).Hex()
}

// OnColor returns the text colour (#rrggbb) to put on a fill: light or dark, meeting 4.5:1.
func OnColor(fill string) string {
	f, ok := parseHex(fill)
	if !ok {
		return "#000000"
	}
	return onColor(f).Hex()
}
