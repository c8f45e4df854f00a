package templates

import (
	"bytes"
	"embed"
	"fmt"
	"html"
	"html/template"
	"math"
	"strconv"
	"strings"
	"sync"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/static"
	"github.com/brandgen/brandgen/textlang"
)

//go:embed diagram/*.tmpl diagram/*.css
var diagramFiles embed.FS

// DiagramPalette is the palette of a diagram page: the glass palette of the theme (its ramps, text
// and surface colours, a calm single-colour canvas) from the brand colours and the overrides.
func DiagramPalette(colors brandgen.Colors, override *PaletteOverride, theme brandgen.Theme) Palette {
	return DerivePalette(colors, override, brandgen.Look{Size: brandgen.SizePortrait, Theme: theme, Style: brandgen.StyleGlass})
}

// DiagramOptions say how to draw a diagram page around an already laid-out SVG.
type DiagramOptions struct {
	Type        string        // diagram type, for the page's data-diagram attribute
	Look        brandgen.Look // Size must be concrete; Style is ignored
	Palette     Palette       // DiagramPalette
	Badge       brandgen.Badge
	Title       string
	Transparent bool
	Lang        string  // the labels' language ("ja", "zh", ...) or ""
	SVG         string  // the diagram: one <svg> element with a viewBox (trusted: our layout's output)
	ArtW, ArtH  float64 // its natural size (viewBox)
	FontSize    float64 // the text size of the layout, in the SVG's pixels
}

// DiagramFrame is the geometry of a diagram page: where the badge, the title and the diagram go,
// and the scale the diagram is drawn at.
type DiagramFrame struct {
	Width, Height          int
	BadgeX, BadgeY, BadgeW int
	TitleX, TitleY, TitleW int
	TitleH, TitleSize      int
	BoxX, BoxY, BoxW, BoxH float64 // the area the diagram may use
	ArtX, ArtY, ArtW, ArtH float64 // the diagram as drawn (scaled, centred in the box)
	Scale                  float64
	ScaleText              string
}

// MaxDiagramText caps how large a small diagram's text grows when it is scaled up to fill the
// canvas, in canvas pixels: under the title's size (H3 + 4, 51 px), so labels never outshout it.
const MaxDiagramText = 46

// DiagramMargins are the safe margins of diagram pages (smaller than posts': the diagram is the
// content); story keeps its top and bottom 250 px free.
func diagramMargins(m Metrics) (x, top, bottom int) {
	x, top, bottom = 56, 56, 56
	if m.MarginTop > 200 {
		top, bottom = m.MarginTop, m.MarginBottom
	}
	return x, top, bottom
}

// DiagramBox is the area a diagram may use on a canvas of size (before scaling), given whether
// the page has a title and a badge. The service uses it to pick the size of "auto".
func DiagramBox(size brandgen.Size, title string, badge bool) (w, h float64) {
	f := diagramFrame(size, title, badge, 1, 1, 1)
	return f.BoxW, f.BoxH
}

func diagramFrame(size brandgen.Size, title string, badge bool, artW, artH, fontSize float64) DiagramFrame {
	m := MetricsFor(size)
	mx, mt, mb := diagramMargins(m)
	f := DiagramFrame{Width: m.Width, Height: m.Height}
	y := mt
	inner := m.Width - 2*mx
	if badge {
		f.BadgeX, f.BadgeY, f.BadgeW = mx, mt, inner
	}
	if title = strings.TrimSpace(title); title != "" {
		f.TitleSize = m.Type.H3 + 4
		titleW := inner
		if badge {
			titleW = inner * 62 / 100 // the title sits left of the badge
		}
		// Two lines when the title is long for one (an estimate: 0.55 em a character).
		lines := 1
		if float64(textlang.Columns(title))*0.55*float64(f.TitleSize) > float64(titleW) {
			lines = 2
		}
		f.TitleX, f.TitleY, f.TitleW = mx, y, titleW
		f.TitleH = int(math.Ceil(float64(f.TitleSize) * 1.18 * float64(lines)))
		y += max(f.TitleH, map[bool]int{true: m.BadgeH, false: 0}[badge]) + m.Gap
	} else if badge {
		y += m.BadgeH + m.GapS
	}
	f.BoxX, f.BoxY = float64(mx), float64(y)
	f.BoxW, f.BoxH = float64(inner), float64(m.Height-mb-y)
	if artW <= 0 || artH <= 0 {
		return f
	}
	s := math.Min(f.BoxW/artW, f.BoxH/artH)
	if fontSize > 0 {
		s = math.Min(s, MaxDiagramText/fontSize)
	}
	f.Scale = s
	f.ScaleText = strconv.FormatFloat(s, 'f', 4, 64)
	f.ArtW, f.ArtH = artW*s, artH*s
	f.ArtX = f.BoxX + (f.BoxW-f.ArtW)/2
	f.ArtY = f.BoxY + (f.BoxH-f.ArtH)/2
	return f
}

// DiagramFrameFor is the geometry of a diagram page for a laid-out diagram.
func DiagramFrameFor(o DiagramOptions) DiagramFrame {
	return diagramFrame(o.Look.Size, o.Title, o.Badge.Show, o.ArtW, o.ArtH, o.FontSize)
}

// diagramData is what diagram/page.tmpl sees.
type diagramData struct {
	Data
	Type  string
	Title string
	Lang  string
	Art   template.HTML
	F     DiagramFrame
}

// BuildDiagram builds a diagram page.
func (s *Set) BuildDiagram(o DiagramOptions) (Page, error) {
	if !o.Look.Size.Valid() {
		return Page{}, fmt.Errorf("build diagram page: size %q is not a concrete size", o.Look.Size)
	}
	if !o.Look.Theme.Valid() {
		o.Look.Theme = brandgen.ThemeLight
	}
	o.Look.Style = brandgen.StyleGlass
	t, err := diagramTemplate()
	if err != nil {
		return Page{}, err
	}
	m := MetricsFor(o.Look.Size)
	f := DiagramFrameFor(o)
	d := diagramData{
		Data: Data{Look: o.Look, Width: m.Width, Height: m.Height, M: m, Palette: o.Palette, Badge: o.Badge,
			Transparent: o.Transparent, BadgeLogo: logoURL(o.Badge.LogoURI), BadgePill: o.Transparent},
		Type: o.Type, Title: strings.TrimSpace(o.Title), Lang: o.Lang, F: f,
		Art: template.HTML(o.SVG), // our layout's output, not caller text: labels inside are escaped by it
	}
	var css strings.Builder
	css.WriteString(s.fontsCSS)
	css.WriteString(rootVars(m, o.Palette, o.Badge.Show, o.Lang))
	css.WriteString(s.baseCSS)
	css.WriteString(diagramCSS)
	d.CSS = template.CSS(css.String())
	var buf bytes.Buffer
	if err := t.ExecuteTemplate(&buf, "diagram-page", d); err != nil {
		return Page{}, fmt.Errorf("build diagram page: %w", err)
	}
	return Page{HTML: buf.String(), Width: m.Width, Height: m.Height, Transparent: o.Transparent}, nil
}

var diagramCSS = func() string {
	b, err := diagramFiles.ReadFile("diagram/diagram.css")
	if err != nil {
		panic("templates: diagram/diagram.css missing: " + err.Error())
	}
	return string(b)
}()

// diagramTemplate is the diagram page with the badge of the base layout (embedded files: parsed
// once for the process).
var diagramTemplate = sync.OnceValues(func() (*template.Template, error) {
	t, err := template.New("diagram").Funcs(funcs()).ParseFS(files, "layout/badge.tmpl")
	if err != nil {
		return nil, fmt.Errorf("templates: parse badge for the diagram page: %w", err)
	}
	if t, err = t.ParseFS(diagramFiles, "diagram/*.tmpl"); err != nil {
		return nil, fmt.Errorf("templates: parse diagram page: %w", err)
	}
	return t, nil
})

// SVGPage is a page showing one SVG drawing that is the whole canvas (an architecture diagram, a
// logo mark), with our fonts available to its text; lang (BCP 47, "" = en) picks CJK glyph forms.
// The SVG must be trusted (drawn by brandgen): it is placed in the page as is.
func SVGPage(svg string, width, height int, transparent bool, lang string) Page {
	if lang == "" {
		lang = "en"
	}
	var b strings.Builder
	fmt.Fprintf(&b, `<!doctype html><html lang="%s"><head><meta charset="utf-8"><style>`, html.EscapeString(lang))
	b.WriteString(static.FontsCSS())
	fmt.Fprintf(&b, `*{margin:0;padding:0}html,body{width:%dpx;height:%dpx;overflow:hidden;background:transparent}`+
		`svg{display:block;width:%dpx;height:%dpx;text-rendering:geometricPrecision;-webkit-font-smoothing:antialiased}`,
		width, height, width, height)
	b.WriteString(`</style></head><body>`)
	b.WriteString(strings.TrimSpace(svg))
	b.WriteString(`</body></html>`)
	return Page{HTML: b.String(), Width: width, Height: height, Transparent: transparent}
}
