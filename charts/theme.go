package charts

import (
	"fmt"
	"math"
	"strings"

	"github.com/brandgen/brandgen"
)

// Styles Theme.Style knows; anything else draws like glass.
const (
	StyleGlass     = "glass"
	StyleFlat      = "flat"
	StyleBlueprint = "blueprint"
	StyleEditorial = "editorial"
)

// Theme is the page's palette and type as the chart needs them. Colours are CSS colours; hex
// ("#RGB", "#RRGGBB") lets the chart derive tints and pick readable text, other forms are used as
// given. Empty fields fall back to a neutral light or dark theme.
type Theme struct {
	Series       []string // series and slice colours, in order (brand primary first)
	Text         string   // main text, value labels
	Muted        string   // axis labels, secondary text
	Grid         string   // gridlines, hairlines
	Surface      string   // tile cards
	Background   string   // what the chart sits on (gaps, marker fills)
	Up           string   // KPI delta up
	Down         string   // KPI delta down
	Flat         string   // KPI delta flat
	FontFamily   string   // CSS font-family list for labels
	NumberFamily string   // CSS font-family list for numbers (mono in blueprint, serif in editorial)
	Style        string   // glass, flat, blueprint, editorial
	Dark         bool
	// MinText is the smallest text the chart may draw, in pixels (the page's label floor: short
	// side / 60); labels that do not fit at it wrap or are truncated instead. 0: no floor.
	MinText float64
	// MinLegend is the smallest legend text (a donut's labels, shares and values), in pixels: a
	// legend is read like body text, so a page sets its body floor here (short side / 45). 0: MinText.
	MinLegend float64
	// TextScale multiplies the chart's base text size (26 px on a 952 px wide plot); a page with a
	// larger type scale than the plot's width implies (a story's tall column) sets it. 0: 1.
	TextScale float64
	// Tall marks a story's tall column (the chart post sets it in a story): a KPI chart stacks up
	// to kpiColumnMax tiles in one column, and a wide tile sets its value beside its delta, as
	// large as the tile's height allows, instead of a grid of tall tiles with an empty band
	// across their middles (kpi.go).
	Tall bool
}

var (
	lightDefaults = Theme{
		Series: []string{"#4F46E5", "#0EA5E9", "#F59E0B", "#10B981", "#EF4444", "#8B5CF6", "#EC4899", "#14B8A6"},
		Text:   "#0F172A", Muted: "#64748B", Grid: "#E2E8F0", Surface: "#FFFFFF", Background: "#F8FAFC",
		Up: "#15803D", Down: "#DC2626", Flat: "#64748B",
	}
	darkDefaults = Theme{
		Series: []string{"#818CF8", "#38BDF8", "#FBBF24", "#34D399", "#F87171", "#A78BFA", "#F472B6", "#2DD4BF"},
		Text:   "#F1F5F9", Muted: "#94A3B8", Grid: "#334155", Surface: "#1E293B", Background: "#0F172A",
		Up: "#4ADE80", Down: "#F87171", Flat: "#94A3B8",
	}
)

// withDefaults fills empty fields.
func (t Theme) withDefaults() Theme {
	d := lightDefaults
	if t.Dark {
		d = darkDefaults
	}
	var series []string
	for _, c := range t.Series {
		if strings.TrimSpace(c) != "" {
			series = append(series, c)
		}
	}
	if len(series) == 0 {
		series = d.Series
	}
	t.Series = series
	fill := func(v *string, def string) {
		if strings.TrimSpace(*v) == "" {
			*v = def
		}
	}
	fill(&t.Text, d.Text)
	fill(&t.Muted, d.Muted)
	fill(&t.Grid, d.Grid)
	fill(&t.Surface, d.Surface)
	fill(&t.Background, d.Background)
	fill(&t.Up, d.Up)
	fill(&t.Down, d.Down)
	fill(&t.Flat, d.Flat)
	fill(&t.FontFamily, "Inter, 'Noto Sans', sans-serif")
	switch t.Style {
	case StyleGlass, StyleFlat, StyleBlueprint, StyleEditorial:
	default:
		t.Style = StyleGlass
	}
	if strings.TrimSpace(t.NumberFamily) == "" {
		t.NumberFamily = t.FontFamily
		if t.Style == StyleBlueprint {
			t.NumberFamily = "'JetBrains Mono', monospace"
		}
	}
	return t
}

// ApplyPalette applies a chart's palette overrides: primary and secondary become the first two
// series colours, bg the background; with a new background, text colours that would be hard to
// read on it are replaced by readable ones. A nil or empty palette changes nothing.
func ApplyPalette(t Theme, p *PaletteColors) Theme {
	if p == nil {
		return t
	}
	series := append([]string(nil), t.Series...)
	set := func(i int, c string) {
		if _, ok := parseHex(c); !ok {
			return
		}
		for len(series) <= i {
			series = append(series, "")
		}
		series[i] = c
	}
	set(0, p.Primary)
	set(1, p.Secondary)
	t.Series = series
	bg, ok := parseHex(p.Bg)
	if !ok {
		return t
	}
	t.Background = p.Bg
	t.Dark = bg.luminance() < 0.3
	d := lightDefaults
	if t.Dark {
		d = darkDefaults
	}
	readable := func(v *string, def string, ratio float64) {
		c, ok := parseHex(*v)
		if !ok || contrast(c, bg) < ratio {
			*v = def
		}
	}
	readable(&t.Text, d.Text, 4.5)
	readable(&t.Muted, d.Muted, 3)
	readable(&t.Up, d.Up, 3)
	readable(&t.Down, d.Down, 3)
	readable(&t.Flat, d.Flat, 3)
	surface := mix(bg, rgb{255, 255, 255}, 0.08)
	if !t.Dark {
		surface = mix(bg, rgb{255, 255, 255}, 0.7)
	}
	t.Surface = surface.hex()
	grid := mix(bg, mustHex(t.Text), 0.14)
	t.Grid = grid.hex()
	return t
}

// rgb is an sRGB colour.
type rgb struct{ r, g, b float64 }

// parseHex reads a CSS hex colour, "#RGB", "#RGBA", "#RRGGBB" or "#RRGGBBAA" (brandgen.ParseHexAlpha;
// the # is required here, as in CSS); alpha is dropped.
func parseHex(s string) (rgb, bool) {
	if !strings.HasPrefix(strings.TrimSpace(s), "#") {
		return rgb{}, false
	}
	r, g, b, _, ok := brandgen.ParseHexAlpha(s)
	if !ok {
		return rgb{}, false
	}
	return rgb{float64(r), float64(g), float64(b)}, true
}

// mustHex parses s, falling back to mid grey.
func mustHex(s string) rgb {
	c, ok := parseHex(s)
	if !ok {
		return rgb{128, 128, 128}
	}
	return c
}

func (c rgb) hex() string {
	clamp := func(v float64) int { return int(math.Round(math.Max(0, math.Min(255, v)))) }
	return fmt.Sprintf("#%02X%02X%02X", clamp(c.r), clamp(c.g), clamp(c.b))
}

// mix goes from a (t=0) to b (t=1).
func mix(a, b rgb, t float64) rgb {
	return rgb{a.r + (b.r-a.r)*t, a.g + (b.g-a.g)*t, a.b + (b.b-a.b)*t}
}

// mixHex mixes two CSS colours when both are hex; otherwise it answers a.
func mixHex(a, b string, t float64) string {
	ca, ok1 := parseHex(a)
	cb, ok2 := parseHex(b)
	if !ok1 || !ok2 {
		return a
	}
	return mix(ca, cb, t).hex()
}

func (c rgb) luminance() float64 {
	lin := func(v float64) float64 {
		v /= 255
		if v <= 0.03928 {
			return v / 12.92
		}
		return math.Pow((v+0.055)/1.055, 2.4)
	}
	return 0.2126*lin(c.r) + 0.7152*lin(c.g) + 0.0722*lin(c.b)
}

func contrast(a, b rgb) float64 {
	la, lb := a.luminance(), b.luminance()
	if la < lb {
		la, lb = lb, la
	}
	return (la + 0.05) / (lb + 0.05)
}

// onColor is white or near-black, whichever reads better on the colour c.
func onColor(c string) string {
	col, ok := parseHex(c)
	if !ok {
		return "#FFFFFF"
	}
	if contrast(col, rgb{255, 255, 255}) >= contrast(col, rgb{15, 23, 42}) {
		return "#FFFFFF"
	}
	return "#0F172A"
}

// seriesColors gives n colours: the theme's series in order, then tints and shades of them
// (towards the background, then towards the text colour) so neighbours stay apart.
func (t Theme) seriesColors(n int) []string {
	out := make([]string, 0, n)
	base := t.Series
	for i := 0; i < n; i++ {
		if i < len(base) {
			out = append(out, base[i])
			continue
		}
		round := i / len(base)
		c := base[i%len(base)]
		if round%2 == 1 {
			c = mixHex(c, t.Background, 0.45)
		} else {
			c = mixHex(c, t.Text, 0.35)
		}
		out = append(out, c)
	}
	// A palette of one colour repeated would make slices touch in one colour: spread it.
	for i := 1; i < len(out); i++ {
		if strings.EqualFold(out[i], out[i-1]) {
			out[i] = mixHex(out[i], t.Background, 0.4)
		}
	}
	return out
}
