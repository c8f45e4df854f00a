package arch

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/templates"
)

// theme is everything a style decides about the drawing, derived from the page palette.
// Sizes are in em of the node label size.
type theme struct {
	p     templates.Palette
	style brandgen.Style
	dark  bool
	lang  string

	sans, display, serif, mono string // CSS font-family lists

	// Node labels.
	labelFamily string
	labelWeight int
	labelScale  float64 // serif faces run small: drawn this much larger than the reference size
	// Edge and group labels.
	smallFamily string
	smallWeight int
	smallItalic bool
	groupUpper  bool
	groupTrack  float64 // letter-spacing of group labels, em
	// Title.
	titleFamily string
	titleWeight int
	titleTrack  float64

	canvas      string // background colour ("" when transparent)
	ink         string // text on the canvas
	muted       string // secondary text on the canvas
	accent      string
	nodeFill    string
	nodeStroke  string
	nodeStrokeW float64 // px at the reference size
	nodeText    string
	nodeIcon    string  // colour of line icons on nodes
	radius      float64 // em
	shadow      bool
	edge        string
	edgeW       float64 // px at the reference size
	edgeLabelBg string
	edgeLabel   string
	iconTile    string // freeform: fill behind the icon ("" none)
}

// newTheme derives the drawing's theme from the brand colours, the overrides and the look.
func newTheme(o Options, look brandgen.Look, lang string) theme {
	var ov *templates.PaletteOverride
	if o.Colors != (Colors{}) {
		ov = &templates.PaletteOverride{Primary: o.Colors.Primary, Secondary: o.Colors.Secondary, Background: o.Colors.Background}
	}
	p := templates.DerivePalette(o.Badge.Colors, ov, look)
	t := theme{p: p, style: p.Style, dark: p.Dark, lang: lang}
	cjk := cjkFamilies(lang)
	t.sans = "'BG Inter'," + cjk.sans + ",'Noto Sans',sans-serif"
	t.display = "'BG Inter Display','BG Inter'," + cjk.sans + ",'Noto Sans',sans-serif"
	t.serif = "'BG Garamond'," + cjk.serif + ",'Noto Serif',serif"
	t.mono = "'BG Mono'," + cjk.sans + ",'Noto Sans Mono',monospace"
	t.canvas, t.ink, t.muted, t.accent = p.Background, p.Text, p.Muted, p.Accent
	t.labelFamily, t.labelWeight, t.labelScale = t.sans, 600, 1
	t.smallFamily, t.smallWeight = t.sans, 500
	t.titleFamily, t.titleWeight, t.titleTrack = t.display, 700, -0.02
	t.groupUpper, t.groupTrack = true, 0.08
	t.nodeFill, t.nodeStroke, t.nodeStrokeW, t.nodeText = p.Surface, p.Border, 1.5, p.SurfaceText
	t.nodeIcon = p.SurfaceAccent
	t.edge, t.edgeW = withAlpha(p.Muted, 0.9), 2
	t.edgeLabelBg, t.edgeLabel = p.SurfaceSolid, p.SurfaceMuted
	t.radius = 0.7
	switch p.Style {
	case brandgen.StyleFlat:
		t.labelWeight = 700
		t.titleWeight, t.titleTrack = 800, -0.032
		t.nodeFill, t.nodeStroke, t.nodeStrokeW = p.SurfaceSolid, "none", 0
		t.edge, t.edgeW = p.Text, 2.5
		t.edgeLabelBg, t.edgeLabel = p.Fill2, p.OnFill2
		if templates.Contrast(p.Fill2, p.Background) < 1.6 {
			t.edgeLabelBg, t.edgeLabel = p.SurfaceSolid, p.SurfaceText
		}
		t.radius = 0.6
		t.iconTile = p.SurfaceSolid
	case brandgen.StyleBlueprint:
		t.labelFamily, t.labelWeight = t.mono, 500
		t.smallFamily, t.smallWeight = t.mono, 400
		t.titleWeight, t.titleTrack = 600, -0.018
		t.groupTrack = 0.12
		t.nodeStrokeW = 1.5
		t.nodeIcon = p.SurfaceText
		t.edge, t.edgeW = p.Text, 1.5
		t.edgeLabelBg, t.edgeLabel = p.Background, p.Text
		t.radius = 0
	case brandgen.StyleEditorial:
		t.labelFamily, t.labelWeight, t.labelScale = t.serif, 400, 1.14
		t.smallFamily, t.smallWeight, t.smallItalic = t.serif, 400, true
		t.titleFamily, t.titleWeight, t.titleTrack = t.serif, 400, -0.012
		t.groupTrack = 0.14
		t.nodeFill, t.nodeStroke, t.nodeStrokeW = p.Background, p.Text, 1.25
		t.nodeText, t.nodeIcon = p.Text, p.Text
		t.edge, t.edgeW = p.Text, 1.5
		t.edgeLabelBg, t.edgeLabel = p.Background, p.Muted
		t.radius = 0
	default: // glass
		t.shadow = true
		t.iconTile = p.Surface
	}
	if o.Transparent {
		t.canvas = ""
		if t.edgeLabelBg == p.Background {
			t.edgeLabelBg = ""
		}
		if t.nodeFill == p.Background {
			t.nodeFill = "none"
		}
	}
	return t
}

type families struct{ sans, serif string }

// cjkFamilies names the system CJK faces for the script of lang (Han alone reads as Chinese).
func cjkFamilies(lang string) families {
	switch lang {
	case "ja":
		return families{"'Noto Sans CJK JP'", "'Noto Serif CJK JP'"}
	case "ko":
		return families{"'Noto Sans CJK KR'", "'Noto Serif CJK KR'"}
	default:
		return families{"'Noto Sans CJK SC'", "'Noto Serif CJK SC'"}
	}
}

// withAlpha returns a hex colour as rgba() with the alpha; other forms are returned unchanged.
func withAlpha(c string, a float64) string {
	r, g, b, ok := hexRGB(c)
	if !ok {
		return c
	}
	return fmt.Sprintf("rgba(%d,%d,%d,%s)", r, g, b, strconv.FormatFloat(math.Round(a*1000)/1000, 'f', -1, 64))
}

// mixHex mixes two hex colours (t = 0: a, 1: b); a is returned when either does not parse.
func mixHex(a, b string, t float64) string {
	ar, ag, ab, ok1 := hexRGB(a)
	br, bg, bb, ok2 := hexRGB(b)
	if !ok1 || !ok2 {
		return a
	}
	m := func(x, y int) int { return int(math.Round(float64(x) + (float64(y)-float64(x))*t)) }
	return fmt.Sprintf("#%02x%02x%02x", m(ar, br), m(ag, bg), m(ab, bb))
}

// hexRGB reads "#RGB" or "#RRGGBB"; unlike brandgen.ParseHex the # is required.
func hexRGB(c string) (r, g, b int, ok bool) {
	if !strings.HasPrefix(strings.TrimSpace(c), "#") {
		return 0, 0, 0, false
	}
	r8, g8, b8, ok := brandgen.ParseHex(c)
	return int(r8), int(g8), int(b8), ok
}
