package templates

import (
	"math"
	"strings"

	"github.com/brandgen/brandgen"
)

// PaletteOverride replaces colours for one render ("#RGB" or "#RRGGBB"). Empty fields keep the
// brand's colours, then the style's defaults.
type PaletteOverride struct {
	Primary, Secondary, Background string
}

// Palette is every colour a page uses, derived from two brand colours for one style and theme. All
// values are CSS colours: "#rrggbb", or "rgba(...)" where a layer is translucent (Surface, Border,
// Highlight, Shadow, Grid, GridMajor). Text colours meet WCAG AA (4.5:1) against every colour that
// can sit behind them: each gradient stop of the canvas for Text/Muted/Accent, each composite of a
// card over the canvas for the Surface* colours. Series colours reach 3:1 against the card surface.
type Palette struct {
	Style brandgen.Style
	Dark  bool // the canvas is dark (light text)

	Primary, Secondary string   // the brand colours as given (normalised), or the style's defaults
	PrimaryRamp        []string // 11 tints and shades of Primary: 50, 100, 200 ... 900, 950
	SecondaryRamp      []string // the same for Secondary

	Background string   // the canvas's base colour
	Backdrop   []string // every colour the canvas shows behind content (gradient stops, shapes); Background first
	Text       string   // headline and body text on the canvas
	Muted      string   // secondary text on the canvas
	Accent     string   // brand-coloured text on the canvas (kickers, links, highlights)
	Rule       string   // hairlines and dividers on the canvas

	Surface       string // card fill as CSS (translucent in glass and blueprint)
	SurfaceSolid  string // the card as drawn over the canvas base (opaque)
	SurfaceText   string // text on cards
	SurfaceMuted  string // secondary text on cards
	SurfaceAccent string // brand-coloured text on cards
	Border        string // card outline
	Highlight     string // glass: 1px inner highlight
	Shadow        string // glass: soft shadow colour
	Grid          string // chart grid lines / blueprint minor grid
	GridMajor     string // blueprint major grid

	Fill, OnFill   string // a solid block in the primary colour and the text that goes on it
	Fill2, OnFill2 string // the same for the secondary colour

	Series         []string // 10 well separated data colours, starting from primary and secondary
	Up, Down, Flat string   // KPI delta colours (text on cards)

	backdrop []rgb // parsed Backdrop, for contrast checks
	surfaces []rgb // the card composited over each backdrop colour
}

// brandPair is a style's default brand colours, used when the brand has none.
type brandPair struct{ primary, secondary string }

var defaultBrand = map[brandgen.Style]brandPair{
	brandgen.StyleGlass:     {"#6c4cf5", "#f0569b"}, // violet and pink
	brandgen.StyleFlat:      {"#2648ff", "#ffc400"}, // cobalt and amber
	brandgen.StyleBlueprint: {"#1fb6d5", "#f26b1d"}, // cyan and signal orange
	brandgen.StyleEditorial: {"#c2410c", "#1e3a5f"}, // vermilion and navy
}

// DefaultBrandColors returns the colours a style uses when a brand has none.
func DefaultBrandColors(style brandgen.Style) brandgen.Colors {
	d, ok := defaultBrand[style]
	if !ok {
		d = defaultBrand[brandgen.StyleGlass]
	}
	return brandgen.Colors{Primary: d.primary, Secondary: d.secondary}
}

// DerivePalette builds the palette of a page from the brand colours, an optional override (which
// wins field by field) and the look. Missing colours fall back to the style's defaults; a brand with
// only a primary gets a secondary derived from it. An override background replaces the style's canvas
// colour, and the page is treated as dark or light by that colour's luminance, whatever the theme.
func DerivePalette(colors brandgen.Colors, override *PaletteOverride, look brandgen.Look) Palette {
	look = look.WithDefaults()
	if !look.Style.Valid() {
		look.Style = brandgen.StyleGlass
	}
	var ov PaletteOverride
	if override != nil {
		ov = *override
	}
	def := defaultBrand[look.Style]
	primary, hasP := firstColor(ov.Primary, colors.Primary)
	secondary, hasS := firstColor(ov.Secondary, colors.Secondary)
	switch {
	case !hasP && !hasS:
		primary, secondary = mustHex(def.primary), mustHex(def.secondary)
	case hasP && !hasS:
		secondary = deriveSecondary(primary)
	case !hasP && hasS:
		primary = mustHex(def.primary)
	}
	bg, hasBG := firstColor(ov.Background)
	dark := look.Theme == brandgen.ThemeDark
	if hasBG {
		dark = bg.luminance() < 0.18
	}

	p := Palette{Style: look.Style, Dark: dark, Primary: primary.Hex(), Secondary: secondary.Hex()}
	p.PrimaryRamp, p.SecondaryRamp = ramp(primary), ramp(secondary)
	s := styleLayers(look.Style, dark, primary, secondary, bg, hasBG)

	p.backdrop = s.backdrop
	p.Background = s.backdrop[0].Hex()
	for _, c := range s.backdrop {
		p.Backdrop = append(p.Backdrop, c.Hex())
	}
	text := ensureContrast(s.text, s.backdrop, 7)
	if minContrast(text, s.backdrop) < 4.5 {
		text = ensureContrast(s.text, s.backdrop, 4.5)
	}
	p.Text = text.Hex()
	p.Muted = ensureContrast(mix(text, s.backdrop[0], 0.38), s.backdrop, 4.5).Hex()
	accent := s.accent
	if accent == nil {
		accent = &primary
	}
	p.Accent = ensureContrast(*accent, s.backdrop, 4.5).Hex()
	p.Rule = s.rule

	p.Surface = s.surfaceCSS
	for _, b := range s.backdrop {
		p.surfaces = append(p.surfaces, over(s.surface, s.surfaceAlpha, b).quantize())
	}
	solid := p.surfaces[0]
	p.SurfaceSolid = solid.Hex()
	st := text
	if minContrast(st, p.surfaces) < 7 {
		L := 0.2
		if onColor(solid).luminance() > 0.5 {
			L = 0.985
		}
		st = oklch{L, math.Min(primary.lch().C, 0.03), primary.lch().H}.rgb()
	}
	st = ensureContrast(st, p.surfaces, 7)
	if minContrast(st, p.surfaces) < 4.5 {
		st = ensureContrast(st, p.surfaces, 4.5)
	}
	p.SurfaceText = st.Hex()
	p.SurfaceMuted = ensureContrast(mix(st, solid, 0.38), p.surfaces, 4.5).Hex()
	p.SurfaceAccent = ensureContrast(primary, p.surfaces, 4.5).Hex()
	p.Border, p.Highlight, p.Shadow = s.border, s.highlight, s.shadow
	p.Grid, p.GridMajor = s.grid, s.gridMajor
	if p.Grid == "" {
		p.Grid = mix(solid, st, 0.14).Hex()
	}
	if p.GridMajor == "" {
		p.GridMajor = mix(solid, st, 0.28).Hex()
	}

	p.Fill, p.OnFill = primary.Hex(), onColor(primary).Hex()
	p.Fill2, p.OnFill2 = secondary.Hex(), onColor(secondary).Hex()

	p.Series = seriesColors(primary, secondary, p.surfaces, 10)
	p.Up = ensureContrast(oklch{0.62, 0.17, 150}.rgb(), p.surfaces, 4.5).Hex()
	p.Down = ensureContrast(oklch{0.60, 0.20, 27}.rgb(), p.surfaces, 4.5).Hex()
	p.Flat = p.SurfaceMuted
	return p
}

// layers is what a style puts on the canvas, before text colours are derived.
type layers struct {
	backdrop     []rgb   // base first, then every other colour the canvas shows
	text         rgb     // preferred text colour; adjusted for contrast
	accent       *rgb    // preferred accent text colour; nil: primary
	rule         string  // CSS
	surface      rgb     // card colour
	surfaceAlpha float64 // its opacity
	surfaceCSS   string
	border       string
	highlight    string
	shadow       string
	grid         string
	gridMajor    string
}

func styleLayers(style brandgen.Style, dark bool, primary, secondary, bg rgb, hasBG bool) layers {
	hp, hs := primary.lch(), secondary.lch()
	c := func(ch, max float64) float64 { return math.Min(ch, max) }
	var l layers
	switch style {
	case brandgen.StyleFlat:
		base := primary
		if dark {
			base = oklch{0.25, c(hp.C, 0.09), hp.H}.rgb()
		}
		if hasBG {
			base = bg
		}
		// Tone-on-tone geometric shape drawn in the corner of the canvas, moved away from the text
		// colour so text stays as readable over it as over the base.
		l.text = onColor(base)
		toward := white
		if l.text.luminance() > 0.5 {
			toward = black
		}
		shape := mix(base, toward, 0.07)
		l.backdrop = []rgb{base, shape}
		l.accent = &secondary
		if minContrast(secondary, l.backdrop) < 3 {
			l.accent = &l.text
		}
		l.rule = l.text.RGBA(0.35)
		if dark {
			l.surface, l.surfaceAlpha = oklch{0.16, c(hp.C, 0.025), hp.H}.rgb(), 1
		} else {
			l.surface, l.surfaceAlpha = oklch{0.995, 0.004, hp.H}.rgb(), 1
		}
		l.surfaceCSS = l.surface.Hex()
		l.border = "transparent"
		l.highlight, l.shadow = "transparent", "transparent"
	case brandgen.StyleBlueprint:
		var base, ink rgb
		if dark {
			base = oklch{0.31, 0.105, 257}.rgb()
			ink = oklch{0.97, 0.015, 250}.rgb()
		} else {
			base = oklch{0.972, 0.008, 235}.rgb()
			ink = oklch{0.32, 0.1, 258}.rgb()
		}
		if hasBG {
			base = bg
			ink = onColor(bg)
		}
		l.backdrop = []rgb{base}
		l.text = ink
		l.rule = ink.RGBA(0.55)
		l.grid, l.gridMajor = ink.RGBA(0.08), ink.RGBA(0.17)
		if !dark {
			l.grid, l.gridMajor = ink.RGBA(0.09), ink.RGBA(0.2)
		}
		l.surface, l.surfaceAlpha = ink, 0.05
		l.surfaceCSS = ink.RGBA(0.05)
		if !dark {
			l.surface, l.surfaceAlpha, l.surfaceCSS = white, 0.55, white.RGBA(0.55)
		}
		l.border = ink.RGBA(0.6)
		l.highlight, l.shadow = "transparent", "transparent"
	case brandgen.StyleEditorial:
		var base, ink rgb
		if dark {
			base, ink = mustHex("#131211"), mustHex("#f2ede4")
		} else {
			base, ink = mustHex("#f7f4ee"), mustHex("#161412")
		}
		if hasBG {
			base = bg
			ink = onColor(bg)
		}
		l.backdrop = []rgb{base}
		l.text = ink
		l.rule = ink.RGBA(0.9)
		if dark {
			l.rule = ink.RGBA(0.55)
		}
		l.surface, l.surfaceAlpha, l.surfaceCSS = base, 1, "transparent"
		l.border = l.rule
		l.highlight, l.shadow = "transparent", "transparent"
	default: // glass
		var base rgb
		var blobs []rgb
		if dark {
			base = oklch{0.17, c(hp.C, 0.05), hp.H}.rgb()
			blobs = []rgb{
				oklch{0.45, c(hp.C, 0.17), hp.H}.rgb(),
				oklch{0.43, c(hs.C, 0.16), hs.H}.rgb(),
				oklch{0.30, c(hp.C, 0.12), hp.H + 25}.rgb(),
				oklch{0.33, c(hs.C, 0.12), hs.H - 20}.rgb(),
			}
			l.text = oklch{0.985, 0.01, hp.H}.rgb()
			l.surface, l.surfaceAlpha, l.surfaceCSS = white, 0.08, white.RGBA(0.08)
			l.border, l.highlight = white.RGBA(0.16), white.RGBA(0.24)
			l.shadow = black.RGBA(0.45)
		} else {
			base = oklch{0.975, 0.012, hp.H}.rgb()
			blobs = []rgb{
				oklch{0.85, c(hp.C, 0.11), hp.H}.rgb(),
				oklch{0.87, c(hs.C, 0.10), hs.H}.rgb(),
				oklch{0.92, c(hp.C, 0.07), hp.H + 30}.rgb(),
				oklch{0.90, c(hs.C, 0.08), hs.H - 20}.rgb(),
			}
			l.text = oklch{0.21, c(hp.C, 0.045), hp.H}.rgb()
			l.surface, l.surfaceAlpha, l.surfaceCSS = white, 0.55, white.RGBA(0.55)
			l.border, l.highlight = white.RGBA(0.7), white.RGBA(0.95)
			l.shadow = oklch{0.32, c(hp.C, 0.1), hp.H}.rgb().RGBA(0.24)
		}
		if hasBG {
			base = bg
			for i, b := range blobs {
				blobs[i] = mix(bg, b, 0.6)
			}
			if onColor(bg).luminance() > 0.5 {
				l.text = oklch{0.985, 0.01, hp.H}.rgb()
			} else {
				l.text = oklch{0.21, c(hp.C, 0.045), hp.H}.rgb()
			}
		}
		l.backdrop = append([]rgb{base}, blobs...)
		l.rule = l.text.RGBA(0.18)
	}
	if l.rule == "" {
		l.rule = l.text.RGBA(0.3)
	}
	return l
}

func firstColor(candidates ...string) (rgb, bool) {
	for _, s := range candidates {
		if strings.TrimSpace(s) == "" {
			continue
		}
		if c, ok := parseHex(s); ok {
			return c, true
		}
	}
	return rgb{}, false
}

// deriveSecondary makes a partner for a lone primary: a split complement of similar weight.
func deriveSecondary(p rgb) rgb {
	h := p.lch()
	if h.C < 0.03 { // a grey brand: a quiet warm accent
		return oklch{0.68, 0.14, 60}.rgb()
	}
	return oklch{clampF(h.L, 0.55, 0.8), math.Max(h.C, 0.1), math.Mod(h.H+150, 360)}.rgb()
}

func clampF(v, lo, hi float64) float64 { return math.Max(lo, math.Min(hi, v)) }

// rampL are the OKLCH lightness steps of a ramp: 50, 100, 200, ... 900, 950.
var rampL = []float64{0.975, 0.94, 0.88, 0.8, 0.71, 0.62, 0.53, 0.45, 0.37, 0.29, 0.21}

func ramp(c rgb) []string {
	h := c.lch()
	out := make([]string, len(rampL))
	for i, L := range rampL {
		// Chroma tapers toward white and black so tints stay clean.
		taper := 1 - math.Pow(math.Abs(L-0.6)/0.45, 2)
		out[i] = oklch{L, h.C * clampF(taper, 0.15, 1), h.H}.rgb().Hex()
	}
	return out
}

// seriesColors picks n well separated data colours: primary and secondary (made readable on the
// surfaces), then hues far from those already chosen. The hues are chosen once, at a reference
// lightness that does not depend on the theme, so a series keeps its hue in light and dark: the
// theme only sets the lightness (and dark themes a slightly lower chroma, so the colours glow
// less on a dark card), and each colour is then made to reach 3:1 on the surfaces.
func seriesColors(primary, secondary rgb, surfaces []rgb, n int) []string {
	type slot struct {
		brand   rgb // primary or secondary, when the slot is one
		isBrand bool
		h, dl   float64
	}
	const refL, candC = 0.6, 0.17
	atRef := func(c rgb) rgb { l := c.lch(); return oklch{refL, math.Min(l.C, candC), l.H}.rgb() }
	slots := []slot{{brand: primary, isBrand: true}}
	chosen := []rgb{atRef(primary)}
	// The secondary is a series of its own when it stays apart from the primary on a light and on a
	// dark card alike (the same answer in both themes, so later hues do not shift).
	apart := distance(atRef(secondary), chosen[0]) >= 0.1
	for _, card := range []rgb{white, {0.06, 0.09, 0.16}} {
		bg := []rgb{card}
		apart = apart && distance(ensureContrast(secondary, bg, 3), ensureContrast(primary, bg, 3)) >= 0.1
	}
	if apart {
		slots = append(slots, slot{brand: secondary, isBrand: true})
		chosen = append(chosen, atRef(secondary))
	}
	type cand struct {
		c     rgb
		h, dl float64
	}
	var cands []cand
	for h := 0.0; h < 360; h += 12 {
		cands = append(cands, cand{oklch{refL, candC, h}.rgb(), h, 0})
	}
	for len(chosen) < n && len(cands) > 0 {
		best, bestD := -1, -1.0
		for i, c := range cands {
			d := math.Inf(1)
			for j, k := range chosen {
				w := 1.0
				if j == len(chosen)-1 { // the previous series is its neighbour: weigh it more
					w = 0.8
				}
				d = math.Min(d, distance(c.c, k)/w)
			}
			// Prefer colours of some chroma; washed-out candidates read as "disabled".
			d *= 0.7 + 0.3*clampF(c.c.lch().C/0.12, 0, 1)
			if d > bestD {
				best, bestD = i, d
			}
		}
		chosen = append(chosen, cands[best].c)
		slots = append(slots, slot{h: cands[best].h, dl: cands[best].dl})
		cands = append(cands[:best], cands[best+1:]...)
	}
	darkSurface := surfaces[0].luminance() < 0.18
	mid, chroma := clampF(primary.lch().L, 0.5, 0.66), candC
	if darkSurface {
		mid, chroma = 0.72, 0.14
	}
	out := make([]string, n)
	for i, sl := range slots[:n] {
		c := oklch{clampF(mid+sl.dl, 0.35, 0.9), chroma, sl.h}.rgb()
		if sl.isBrand {
			c = sl.brand
		}
		out[i] = ensureContrast(c, surfaces, 3).Hex()
	}
	return out
}
