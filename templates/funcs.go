package templates

import (
	"fmt"
	"html/template"
	"strings"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/charts"
	"github.com/brandgen/brandgen/textlang"
)

// funcs are the template functions every pattern may use.
func funcs() template.FuncMap {
	return template.FuncMap{
		"add": func(a, b int) int { return a + b },
		"sub": func(a, b int) int { return a - b },
		"mul": func(a, b int) int { return a * b },
		"div": func(a, b int) int {
			if b == 0 {
				return 0
			}
			return a / b
		},
		"seq": func(n int) []int {
			out := make([]int, max(n, 0))
			for i := range out {
				out[i] = i
			}
			return out
		},
		"pad2":         func(i int) string { return fmt.Sprintf("%02d", i) },
		"upper":        strings.ToUpper,
		"series":       func(p Palette, i int) string { return p.Series[((i%len(p.Series))+len(p.Series))%len(p.Series)] },
		"chartGeom":    chartGeometry,
		"chart":        drawChart,
		"codeView":     codeView,     // funcs_code.go
		"codePostView": codePostView, // funcs_codepost.go
		"initials":     initials,     // funcs_people.go
		"dateTile":     dateTile,     // funcs_people.go
		"placeParts":   placeParts,   // funcs_people.go: a venue breaks only after its " · "
		"glueParts":    glueParts,    // funcs_credits.go: a source breaks only after its ", "
		"commaParts":   commaParts,   // funcs_credits.go: a credit breaks after its ", "
		"perkIcon":     perkIcon,     // funcs_people.go
		"local":        localise,
		"numParts":     numParts,
		"cols":         textlang.Columns,                                     // display width for sizing cut-offs, not len (bytes)
		"emojiText":    emojiText,                                            // funcs_emoji.go
		"endsInArrow":  endsInArrow,                                          // funcs_slide.go
		"leadEmoji":    leadEmoji,                                            // funcs_emoji.go
		"bindRate":     bindRate,                                             // funcs_glue.go: a rate breaks before its slash
		"bindShortEnd": bindShortEnd,                                         // funcs_glue.go: a short last word keeps company
		"bindVersus":   bindVersus,                                           // funcs_glue.go: "vs" starts the second side's line
		"keepNumbers":  keepNumbers,                                          // funcs_glue.go: "SOC 2" never breaks between name and number
		"words":        func(s string) int { return len(strings.Fields(s)) }, // space-separated words (CJK text counts as one)
		"letterWords":  letterWords,                                          // words with a letter or digit ("Tabs ⇥" is one)
		"flatFoot":     flatFoot,                                             // no glyph below the baseline (a figure's box may end there)
	}
}

// ChartGeom is the layout of the chart pattern, computed from the canvas so the plot's pixel size is
// known before the page is laid out.
type ChartGeom struct {
	TitleSize, TitleLines, TitleH int     // headline font size, estimated lines, box height
	SubSize, SubLines, SubH       int     // subtitle
	HeadH                         int     // title + gap + subtitle
	CardW, CardH                  int     // the plot card
	Pad                           int     // its padding
	PlotW, PlotH                  int     // the svg
	Side                          bool    // landscape: the plot card left, title and subtitle right (funcs_chartpost.go)
	TextScale                     float64 // the chart's text over the plot width's default (story: chartStoryText)
	Tall                          bool    // story: the plot is a tall column (charts.Theme.Tall: KPI tiles in one column)
}

func chartContent(v any) (charts.Content, error) {
	switch c := v.(type) {
	case charts.Content:
		return c, nil
	case *charts.Content:
		if c != nil {
			return *c, nil
		}
	}
	return charts.Content{}, fmt.Errorf("chart pattern: content is %T, want charts.Content", v)
}

func chartGeometry(d Data) (ChartGeom, error) {
	c, err := chartContent(d.Content)
	if err != nil {
		return ChartGeom{}, err
	}
	m := d.M
	w, h := d.ContentWidth(), d.ContentHeight()
	g := ChartGeom{Pad: m.Pad}
	serif := d.Look.Style == "editorial"
	if d.Look.Size == brandgen.SizeLandscape && strings.TrimSpace(c.Title+c.Subtitle) != "" {
		return chartSideGeometry(d, c, serif)
	}
	if t := strings.TrimSpace(c.Title); t != "" {
		size := float64(m.Type.H1)
		if serif {
			size *= 1.12
		}
		maxLines := 3
		min := float64(m.Type.H3)
		size, lines := fitLines(t, size, min, float64(w), maxLines, headlineFace(serif))
		g.TitleSize, g.TitleLines = int(size), lines
		g.TitleH = int(float64(lines)*size*1.06 + 0.999)
	}
	if s := strings.TrimSpace(c.Subtitle); s != "" {
		size, lines := fitLines(s, float64(m.Type.Lead), float64(m.Type.Body), float64(w), 3, leadFace(serif))
		g.SubSize, g.SubLines = int(size), lines
		g.SubH = int(float64(lines)*size*1.3 + 0.999)
	}
	g.HeadH = g.TitleH + g.SubH
	if g.TitleH > 0 && g.SubH > 0 {
		g.HeadH += m.GapS
	}
	g.CardW, g.CardH = w, h
	if d.Look.Size == brandgen.SizeStory {
		g.TextScale, g.Tall = chartStoryText, true
	}
	if g.HeadH > 0 {
		g.CardH = h - g.HeadH - m.Gap
		if d.Look.Style == "editorial" {
			g.CardH -= 8 // the hairline rule above the plot
		}
	}
	pad := g.Pad
	if d.Look.Style == "editorial" {
		// Editorial draws the plot on the page under a rule: no side padding.
		g.PlotW, g.PlotH = g.CardW, g.CardH-m.Gap
	} else {
		g.PlotW, g.PlotH = g.CardW-2*pad, g.CardH-2*pad
	}
	if g.PlotW < 100 || g.PlotH < 100 {
		return g, fmt.Errorf("chart pattern: plot area %dx%d too small", g.PlotW, g.PlotH)
	}
	return g, nil
}

// ChartTheme maps a page palette onto the chart drawer's theme.
func ChartTheme(p Palette) charts.Theme {
	body, _, number := fontsFor(p)
	return charts.Theme{
		Series: p.Series, Text: p.SurfaceText, Muted: p.SurfaceMuted, Grid: p.Grid,
		Surface: p.SurfaceSolid, Background: p.SurfaceSolid, Up: p.Up, Down: p.Down, Flat: p.Flat,
		FontFamily: body, NumberFamily: number, Style: string(p.Style), Dark: p.SurfaceIsDark(),
	}
}

// SurfaceIsDark reports whether cards are dark (light text on them).
func (p Palette) SurfaceIsDark() bool {
	c, ok := parseHex(p.SurfaceSolid)
	return ok && c.luminance() < 0.18
}

// drawChart draws the chart content at the geometry's plot size with the page's palette.
func drawChart(d Data, g ChartGeom) (template.HTML, error) {
	c, err := chartContent(d.Content)
	if err != nil {
		return "", err
	}
	c.Palette = nil // already applied to d.Palette by Build
	th := ChartTheme(d.Palette)
	th.FontFamily, th.NumberFamily = FontStack(th.FontFamily, d.Lang), FontStack(th.NumberFamily, d.Lang)
	th.MinText = float64(d.M.FloorLabel) // no chart text under the page's label floor
	th.MinLegend = float64(d.M.Floor)    // a legend is read: the body floor
	th.TextScale, th.Tall = g.TextScale, g.Tall
	return charts.Draw(c, g.PlotW, g.PlotH, th)
}

// phrases are the fixed words templates print, per CJK language (textlang tags; Chinese by script).
var phrases = map[string]map[string]string{
	"We’re hiring": {"ja": "採用中", "zh-Hans": "招聘中", "zh-Hant": "徵才中", "ko": "채용 중"},
}

// localise returns a template's fixed English phrase in the page's language when it has one.
func localise(phrase, lang string) string {
	if p, ok := phrases[phrase][lang]; ok {
		return p
	}
	return phrase
}

// numParts is a hero number with its separators (. , : · and spaces) each wrapped in <span
// class="np">, the rest escaped as html/template escapes text, all in one <span class="nps">. A
// monospace face gives a separator a whole digit's cell, so blueprint's mono "4.9" reads "4 . 9"
// and "4.9 ★" opens a gap of half the figure's height before the star; base.css sets the
// separators in the proportional display face there.
func numParts(s string) template.HTML {
	if !strings.ContainsAny(s, numSeparators) {
		return template.HTML(textEscaper.Replace(s))
	}
	var b strings.Builder
	b.WriteString(`<span class="nps">`) // one box: flex containers must not split the number
	for _, r := range s {
		switch r {
		case '.', ',', ':', '·', ' ', '\u00a0', '\u202f', '\u2009':
			b.WriteString(`<span class="np">`)
			b.WriteRune(r)
			b.WriteString(`</span>`)
		default:
			b.WriteString(textEscaper.Replace(string(r)))
		}
	}
	b.WriteString(`</span>`)
	return template.HTML(b.String())
}

// numSeparators are the characters numParts sets apart: separators and spaces (plain, no-break,
// narrow no-break, thin).
const numSeparators = ".,:· \u00a0\u202f\u2009"

// textEscaper escapes text the way html/template does in element content.
var textEscaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&#34;", "'", "&#39;", "+", "&#43;", "\x00", "\uFFFD")

// flatFoot reports whether s is Latin letters, digits and signs none of which reaches below the
// baseline (no g, j, p, q, y, comma, semicolon, brackets or slash): a display figure set in it may
// trim its box to the baseline without clipping ink.
func flatFoot(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		switch {
		case r >= '0' && r <= '9', r == ' ', r == '%', r == '$', r == '€', r == '£', r == '+', r == '-', r == '\u2212', r == '.', r == '!', r == ':', r == '×', r == '&', r == '#', r == '*':
		case r >= 'A' && r <= 'Z' && r != 'J' && r != 'Q':
		case r >= 'a' && r <= 'z' && !strings.ContainsRune("gjpqy", r):
		default:
			return false
		}
	}
	return true
}
