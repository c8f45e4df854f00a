package templates

import (
	"fmt"
	"math"
	"testing"

	"github.com/brandgen/brandgen"
)

func TestContrast(t *testing.T) {
	tests := []struct {
		a, b string
		want float64
	}{
		{"#000", "#fff", 21},
		{"#ffffff", "#ffffff", 1},
		{"#777777", "#ffffff", 4.48},
		{"#767676", "#fff", 4.54}, // the lightest grey that passes AA on white
		{"#0000ff", "#ffffff", 8.59},
		{"#ff0000", "#000000", 5.25},
		{"FFF", "000", 21}, // no # is accepted
	}
	for _, tt := range tests {
		if got := Contrast(tt.a, tt.b); math.Abs(got-tt.want) > 0.01 {
			t.Errorf("Contrast(%s, %s) = %.3f, want %.2f", tt.a, tt.b, got, tt.want)
		}
		if got, back := Contrast(tt.a, tt.b), Contrast(tt.b, tt.a); got != back {
			t.Errorf("Contrast not symmetric for %s, %s: %v vs %v", tt.a, tt.b, got, back)
		}
	}
	for _, bad := range []string{"", "#12", "#ggg", "red", "#1234567"} {
		if got := Contrast(bad, "#fff"); got != 0 {
			t.Errorf("Contrast(%q) = %v, want 0", bad, got)
		}
	}
}

func TestReadableAndOnColor(t *testing.T) {
	tests := []struct {
		fg, bg string
		min    float64
	}{
		{"#ffd400", "#ffffff", 4.5}, // yellow text on white must darken a lot
		{"#ffd400", "#ffffff", 3},
		{"#1e3a8a", "#0b1020", 4.5}, // navy on near-black must lighten
		{"#777777", "#777777", 4.5}, // same colour: moves to an end
		{"#22c55e", "#f8fafc", 7},
		{"#ff00ff", "#808080", 4.5}, // mid grey: only black reaches it... or white fails
		{"#000000", "#000000", 4.5},
		{"#0f766e", "#0f766e", 3},
	}
	for _, tt := range tests {
		got := Readable(tt.fg, tt.bg, tt.min)
		if c := Contrast(got, tt.bg); c < tt.min {
			t.Errorf("Readable(%s on %s, %.1f) = %s with contrast %.2f", tt.fg, tt.bg, tt.min, got, c)
		}
	}
	// Readable keeps a colour that already passes.
	if got := Readable("#1d4ed8", "#ffffff", 4.5); got != "#1d4ed8" {
		t.Errorf("Readable changed a passing colour: %s", got)
	}
	// Readable keeps the hue while moving lightness.
	fg, _ := parseHex("#ffd400")
	got, _ := parseHex(Readable("#ffd400", "#ffffff", 4.5))
	if d := math.Abs(fg.lch().H - got.lch().H); d > 8 {
		t.Errorf("Readable moved the hue by %.1f degrees", d)
	}
	for _, fill := range []string{"#000000", "#ffffff", "#777777", "#ffd400", "#2648ff", "#0f766e", "#e11d48", "#7dd3fc", "#808080"} {
		on := OnColor(fill)
		if c := Contrast(on, fill); c < 4.5 {
			t.Errorf("OnColor(%s) = %s, contrast %.2f < 4.5", fill, on, c)
		}
	}
}

// brandCases are brand colours chosen to stress the palette: none, very light, very dark, grey,
// neon, near-identical primary and secondary, a lone primary.
var brandCases = []struct {
	name   string
	colors brandgen.Colors
	ov     *PaletteOverride
}{
	{"none", brandgen.Colors{}, nil},
	{"teal-amber", brandgen.Colors{Primary: "#0f766e", Secondary: "#f59e0b"}, nil},
	{"yellow", brandgen.Colors{Primary: "#ffe600", Secondary: "#fff5b0"}, nil},
	{"navy", brandgen.Colors{Primary: "#0a1a3f", Secondary: "#13284f"}, nil},
	{"grey", brandgen.Colors{Primary: "#808080"}, nil},
	{"neon", brandgen.Colors{Primary: "#39ff14", Secondary: "#ff00ff"}, nil},
	{"same", brandgen.Colors{Primary: "#e11d48", Secondary: "#e11d49"}, nil},
	{"white", brandgen.Colors{Primary: "#ffffff", Secondary: "#000000"}, nil},
	{"short-hex", brandgen.Colors{Primary: "#f60", Secondary: "#06c"}, nil},
	{"override-bg-light", brandgen.Colors{Primary: "#2648ff"}, &PaletteOverride{Background: "#fdf6e3"}},
	{"override-bg-dark", brandgen.Colors{Primary: "#2648ff"}, &PaletteOverride{Background: "#101418"}},
	{"override-bg-mid", brandgen.Colors{Primary: "#2648ff"}, &PaletteOverride{Primary: "#ff5500", Background: "#777777"}},
	{"override-bad", brandgen.Colors{Primary: "#2648ff"}, &PaletteOverride{Primary: "nope", Background: "#zzzzzz"}},
}

// Every text colour of every palette meets AA against everything that can be behind it; series
// colours reach 3:1 on cards and are told apart.
func TestDerivePaletteContrast(t *testing.T) {
	for _, bc := range brandCases {
		for _, style := range brandgen.Styles {
			for _, theme := range brandgen.Themes {
				name := fmt.Sprintf("%s/%s/%s", bc.name, style, theme)
				p := DerivePalette(bc.colors, bc.ov, brandgen.Look{Style: style, Theme: theme})
				checkPalette(t, name, p)
			}
		}
	}
}

func checkPalette(t *testing.T, name string, p Palette) {
	t.Helper()
	hex := func(field, v string) rgb {
		c, ok := parseHex(v)
		if !ok || len(v) != 7 {
			t.Errorf("%s: %s = %q is not #rrggbb", name, field, v)
		}
		return c
	}
	onCanvas := map[string]string{"Text": p.Text, "Muted": p.Muted, "Accent": p.Accent}
	for f, v := range onCanvas {
		if c := minContrast(hex(f, v), p.backdrop); c < 4.5 {
			t.Errorf("%s: %s %s has contrast %.2f on the canvas, want >= 4.5", name, f, v, c)
		}
	}
	onCards := map[string]string{"SurfaceText": p.SurfaceText, "SurfaceMuted": p.SurfaceMuted,
		"SurfaceAccent": p.SurfaceAccent, "Up": p.Up, "Down": p.Down, "Flat": p.Flat}
	for f, v := range onCards {
		if c := minContrast(hex(f, v), p.surfaces); c < 4.5 {
			t.Errorf("%s: %s %s has contrast %.2f on cards, want >= 4.5", name, f, v, c)
		}
	}
	if c := Contrast(p.OnFill, p.Fill); c < 4.5 {
		t.Errorf("%s: OnFill on Fill contrast %.2f", name, c)
	}
	if c := Contrast(p.OnFill2, p.Fill2); c < 4.5 {
		t.Errorf("%s: OnFill2 on Fill2 contrast %.2f", name, c)
	}
	if len(p.Series) != 10 {
		t.Fatalf("%s: %d series colours, want 10", name, len(p.Series))
	}
	seen := map[string]bool{}
	for i, s := range p.Series {
		c := hex(fmt.Sprintf("Series[%d]", i), s)
		if k := minContrast(c, p.surfaces); k < 3 {
			t.Errorf("%s: series %d %s contrast %.2f on cards, want >= 3", name, i, s, k)
		}
		if seen[s] {
			t.Errorf("%s: series colour %s repeats", name, s)
		}
		seen[s] = true
		if i > 0 {
			prev, _ := parseHex(p.Series[i-1])
			if d := distance(prev, c); d < 0.06 {
				t.Errorf("%s: series %d and %d too close (%.3f): %s %s", name, i-1, i, d, p.Series[i-1], s)
			}
		}
	}
	if len(p.PrimaryRamp) != 11 || len(p.SecondaryRamp) != 11 {
		t.Errorf("%s: ramps have %d and %d steps, want 11", name, len(p.PrimaryRamp), len(p.SecondaryRamp))
	}
	for i := 1; i < len(p.PrimaryRamp); i++ {
		a, _ := parseHex(p.PrimaryRamp[i-1])
		b, _ := parseHex(p.PrimaryRamp[i])
		if a.luminance() < b.luminance() {
			t.Errorf("%s: primary ramp not getting darker at step %d", name, i)
		}
	}
}

func TestDerivePaletteChoices(t *testing.T) {
	// No brand colours: the style's defaults.
	for _, style := range brandgen.Styles {
		p := DerivePalette(brandgen.Colors{}, nil, brandgen.Look{Style: style})
		if want := DefaultBrandColors(style); p.Primary != want.Primary || p.Secondary != want.Secondary {
			t.Errorf("%s defaults: %s %s, want %s %s", style, p.Primary, p.Secondary, want.Primary, want.Secondary)
		}
		if p.Series[0] == p.Series[1] {
			t.Errorf("%s: first two series equal", style)
		}
	}
	// Brand colours are used, the override wins field by field, short hex is normalised.
	p := DerivePalette(brandgen.Colors{Primary: "#0F766E", Secondary: "#f59e0b"},
		&PaletteOverride{Secondary: "#f60"}, brandgen.Look{})
	if p.Primary != "#0f766e" || p.Secondary != "#ff6600" {
		t.Errorf("brand+override: %s %s", p.Primary, p.Secondary)
	}
	if p.Style != brandgen.StyleGlass || p.Dark {
		t.Errorf("empty look: style %s dark %v, want glass light", p.Style, p.Dark)
	}
	// A lone primary gets a derived secondary of a different hue.
	p = DerivePalette(brandgen.Colors{Primary: "#2648ff"}, nil, brandgen.Look{Style: brandgen.StyleFlat})
	a, _ := parseHex(p.Primary)
	b, _ := parseHex(p.Secondary)
	if distance(a, b) < 0.15 {
		t.Errorf("derived secondary %s too close to %s", p.Secondary, p.Primary)
	}
	// Flat light: primary is the canvas.
	if p.Background != "#2648ff" {
		t.Errorf("flat light background %s, want the primary", p.Background)
	}
	// Dark theme, and an override background decides darkness.
	if p := DerivePalette(brandgen.Colors{}, nil, brandgen.Look{Theme: brandgen.ThemeDark}); !p.Dark {
		t.Error("dark theme palette not dark")
	}
	p = DerivePalette(brandgen.Colors{}, &PaletteOverride{Background: "#fafafa"}, brandgen.Look{Theme: brandgen.ThemeDark, Style: brandgen.StyleEditorial})
	if p.Dark || p.Background != "#fafafa" {
		t.Errorf("light override background on dark theme: dark=%v bg=%s", p.Dark, p.Background)
	}
	// Blueprint dark is deep blue.
	p = DerivePalette(brandgen.Colors{Primary: "#ff0000"}, nil, brandgen.Look{Style: brandgen.StyleBlueprint, Theme: brandgen.ThemeDark})
	bg, _ := parseHex(p.Background)
	if h := bg.lch(); h.H < 230 || h.H > 280 || h.L > 0.4 {
		t.Errorf("blueprint dark background %s is not deep blue (%+v)", p.Background, h)
	}
}

func TestMetrics(t *testing.T) {
	for _, size := range brandgen.Sizes {
		m := MetricsFor(size)
		w, h := size.Pixels()
		if m.Width != w || m.Height != h {
			t.Errorf("%s: %dx%d, want %dx%d", size, m.Width, m.Height, w, h)
		}
		if m.MarginX < 64 || m.MarginTop < 64 || m.MarginBottom < 64 {
			t.Errorf("%s: margins %d/%d/%d below 64", size, m.MarginX, m.MarginTop, m.MarginBottom)
		}
		for _, v := range []int{m.MarginX, m.MarginTop, m.MarginBottom, m.Gap, m.GapS, m.Pad, m.Radius, m.BadgeH} {
			if v%8 != 0 {
				t.Errorf("%s: %d is off the 8 px grid", size, v)
			}
		}
		if m.Type.Body < 26 {
			t.Errorf("%s: body %d px below 26", size, m.Type.Body)
		}
		ts := []int{m.Type.XS, m.Type.S, m.Type.Body, m.Type.Lead, m.Type.H3, m.Type.H2, m.Type.H1, m.Type.Display, m.Type.Hero}
		for i := 1; i < len(ts); i++ {
			if r := float64(ts[i]) / float64(ts[i-1]); r < 1.18 || r > 1.32 {
				t.Errorf("%s: type step %d ratio %.2f, want ~1.25", size, i, r)
			}
		}
		if m.BadgeH > 56 {
			t.Errorf("%s: badge %d px high, want <= 56", size, m.BadgeH)
		}
	}
	if m := MetricsFor(brandgen.SizeStory); m.MarginTop < 250 || m.MarginBottom < 250 {
		t.Errorf("story margins %d/%d, want >= 250", m.MarginTop, m.MarginBottom)
	}
	// Floors: 24/18 px where the 1080 px side spans the phone; landscape is seen at feed width (its
	// 1920 px side across the screen), so its floors are higher: 27/20.
	for size, want := range map[brandgen.Size][2]int{brandgen.SizePortrait: {24, 18}, brandgen.SizeSquare: {24, 18},
		brandgen.SizeStory: {24, 18}, brandgen.SizeLandscape: {27, 20}} {
		if m := MetricsFor(size); m.Floor != want[0] || m.FloorLabel != want[1] {
			t.Errorf("%s: floors %d/%d px, want %d/%d", size, m.Floor, m.FloorLabel, want[0], want[1])
		}
	}
}

// A series keeps its hue across light and dark: the theme changes lightness (and a little chroma),
// never which colour a series is.
func TestSeriesKeepHueAcrossThemes(t *testing.T) {
	for _, tc := range brandCases {
		if tc.ov != nil && tc.ov.Background != "" {
			continue // a fixed background is one theme
		}
		for _, style := range brandgen.Styles {
			light := DerivePalette(tc.colors, tc.ov, brandgen.Look{Size: brandgen.SizePortrait, Theme: brandgen.ThemeLight, Style: style})
			dark := DerivePalette(tc.colors, tc.ov, brandgen.Look{Size: brandgen.SizePortrait, Theme: brandgen.ThemeDark, Style: style})
			for i := range light.Series {
				a, _ := parseHex(light.Series[i])
				b, _ := parseHex(dark.Series[i])
				la, lb := a.lch(), b.lch()
				if la.C < 0.04 || lb.C < 0.04 {
					continue // greys have no hue to keep
				}
				d := math.Abs(la.H - lb.H)
				if d > 180 {
					d = 360 - d
				}
				if d > 25 {
					t.Errorf("%s/%s: series %d changes hue by %.0f° between light %s and dark %s", tc.name, style, i, d, light.Series[i], dark.Series[i])
				}
			}
		}
	}
}
