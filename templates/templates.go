package templates

import (
	"bytes"
	"embed"
	"errors"
	"fmt"
	"html/template"
	"io/fs"
	"path"
	"sort"
	"strings"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/charts"
	"github.com/brandgen/brandgen/static"
	"github.com/brandgen/brandgen/textlang"
)

//go:embed layout/*.tmpl patterns/*.tmpl css/*.css js/*.js
var files embed.FS

// Options say how to draw a page.
type Options struct {
	Look        brandgen.Look    // size, theme, style; empty fields take the defaults (portrait, light, glass)
	Badge       brandgen.Badge   // the resolved badge; Show=false removes it. Its Colors feed the palette.
	Layout      string           // the pattern's layout hint ("2col", "3x2", ...), passed to the template
	Palette     *PaletteOverride // per-call colour overrides
	Transparent bool             // draw no canvas background (the renderer keeps the alpha channel)
}

// Page is a built page, ready for the renderer.
type Page struct {
	HTML        string
	Width       int
	Height      int
	Transparent bool
}

// Data is what a pattern template sees as ".".
type Data struct {
	Content     any // the pattern's typed content value
	Look        brandgen.Look
	Width       int
	Height      int
	M           Metrics
	Palette     Palette
	Layout      string
	Badge       brandgen.Badge
	BadgeLogo   template.URL // the badge logo as a checked data:image URI, or empty
	BadgePill   bool         // the badge sits on a pill (busy or unknown backgrounds)
	Transparent bool
	Lang        string // the content's language tag from its script (textlang: "ja", "zh-Hans", ...), or ""

	CSS   template.CSS // fonts, metrics and palette variables, base and style rules
	FitJS template.JS
	CJKJS template.JS // js/cjk.js on CJK pages, else empty

	memo *pageMemo // what the page's template funcs computed once (funcs_memo.go); nil: not kept
}

// PageLang is the lang attribute of the page: the content's language, "en" when its script says
// nothing more specific.
func (d Data) PageLang() string {
	if d.Lang == "" {
		return "en"
	}
	return d.Lang
}

// ContentWidth is the width of the safe area.
func (d Data) ContentWidth() int { return d.M.ContentWidth() }

// ContentHeight is the height of the content area (safe area less the badge row).
func (d Data) ContentHeight() int { return d.M.ContentHeight(d.Badge.Show) }

// Set holds every parsed pattern template.
type Set struct {
	patterns map[string]*template.Template
	baseCSS  string
	styleCSS map[brandgen.Style]string
	fontsCSS string
	fitJS    string
	cjkJS    string
}

// New parses the embedded layout and every embedded pattern.
func New() (*Set, error) { return newSet(files) }

// newSet parses layout/, css/ and js/ from fsys, and patterns/*.tmpl from fsys and any extra trees
// (tests add specimen patterns this way).
func newSet(fsys fs.FS, extra ...fs.FS) (*Set, error) {
	s := &Set{patterns: map[string]*template.Template{}, styleCSS: map[brandgen.Style]string{},
		fontsCSS: static.FontsCSS()}
	read := func(name string) (string, error) {
		b, err := fs.ReadFile(fsys, name)
		if err != nil {
			return "", fmt.Errorf("templates: read %s: %w", name, err)
		}
		return string(b), nil
	}
	var err error
	if s.baseCSS, err = read("css/base.css"); err != nil {
		return nil, err
	}
	for _, st := range brandgen.Styles {
		if s.styleCSS[st], err = read("css/" + string(st) + ".css"); err != nil {
			return nil, err
		}
	}
	// js/measure.js (layout reads), js/cjklines.js, js/clauses.js and js/compounds.js go first in
	// fit.js's script: the last three hook into the fit (window.__brandgenCJKLines,
	// __brandgenClauses, __brandgenCompounds).
	var fitParts []string
	for _, name := range []string{"js/measure.js", "js/cjklines.js", "js/clauses.js", "js/compounds.js", "js/fit.js"} {
		part, err := read(name)
		if err != nil {
			return nil, err
		}
		fitParts = append(fitParts, part)
	}
	s.fitJS = strings.Join(fitParts, "\n")
	if s.cjkJS, err = read("js/cjk.js"); err != nil {
		return nil, err
	}
	base, err := template.New("base").Funcs(funcs()).ParseFS(fsys, "layout/*.tmpl")
	if err != nil {
		return nil, fmt.Errorf("templates: parse layout: %w", err)
	}
	for _, tree := range append([]fs.FS{fsys}, extra...) {
		names, err := fs.Glob(tree, "patterns/*.tmpl")
		if err != nil {
			return nil, fmt.Errorf("templates: list patterns: %w", err)
		}
		for _, name := range names {
			id := strings.TrimSuffix(path.Base(name), ".tmpl")
			src, err := fs.ReadFile(tree, name)
			if err != nil {
				return nil, fmt.Errorf("templates: read %s: %w", name, err)
			}
			t, err := base.Clone()
			if err != nil {
				return nil, fmt.Errorf("templates: clone layout for %s: %w", id, err)
			}
			if _, err := t.New(name).Parse(string(src)); err != nil {
				return nil, fmt.Errorf("templates: parse pattern %s: %w", id, err)
			}
			if t.Lookup("content") == nil {
				return nil, fmt.Errorf("templates: pattern %s defines no \"content\" template", id)
			}
			s.patterns[id] = t
		}
	}
	return s, nil
}

// Has reports whether a pattern template exists for the id.
func (s *Set) Has(patternID string) bool {
	_, ok := s.patterns[patternID]
	return ok
}

// Patterns lists the pattern ids with a template, sorted.
func (s *Set) Patterns() []string {
	ids := make([]string, 0, len(s.patterns))
	for id := range s.patterns {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
}

// ErrUnknownPattern is returned by Build for a pattern id without a template.
var ErrUnknownPattern = errors.New("unknown pattern")

// Build executes templates/patterns/<patternID>.tmpl inside the base layout with content as
// .Content. A chart content's own palette (charts.Content.Palette) overrides opt.Palette field by
// field.
func (s *Set) Build(patternID string, content any, opt Options) (Page, error) {
	t, ok := s.patterns[patternID]
	if !ok {
		return Page{}, fmt.Errorf("build %s: %w", patternID, ErrUnknownPattern)
	}
	d := s.data(content, opt)
	var buf bytes.Buffer
	if err := t.ExecuteTemplate(&buf, "page", d); err != nil {
		return Page{}, fmt.Errorf("build %s: %w", patternID, err)
	}
	return Page{HTML: buf.String(), Width: d.Width, Height: d.Height, Transparent: opt.Transparent}, nil
}

func (s *Set) data(content any, opt Options) Data {
	look := opt.Look.WithDefaults()
	if !look.Size.Valid() {
		look.Size = brandgen.SizePortrait
	}
	if !look.Theme.Valid() {
		look.Theme = brandgen.ThemeLight
	}
	if !look.Style.Valid() {
		look.Style = brandgen.StyleGlass
	}
	override := mergeOverride(opt.Palette, chartPalette(content))
	pal := DerivePalette(opt.Badge.Colors, override, look)
	m := MetricsFor(look.Size)
	d := Data{
		Content: content, Look: look, Width: m.Width, Height: m.Height, M: m, Palette: pal,
		Layout: opt.Layout, Badge: opt.Badge, Transparent: opt.Transparent,
		BadgeLogo: logoURL(opt.Badge.LogoURI),
		BadgePill: look.Style == brandgen.StyleGlass || opt.Transparent,
		Lang:      textlang.Of(content),
		memo:      &pageMemo{},
	}
	var css strings.Builder
	css.WriteString(s.fontsCSS)
	css.WriteString(rootVars(m, pal, opt.Badge.Show, d.Lang))
	css.WriteString(s.baseCSS)
	css.WriteString(s.styleCSS[look.Style])
	d.CSS = template.CSS(css.String())
	d.FitJS = template.JS(s.fitJS)
	if textlang.IsCJK(d.Lang) {
		d.CJKJS = template.JS(s.cjkJS)
	}
	return d
}

// chartPalette is a chart content's own colour override, if any.
func chartPalette(content any) *PaletteOverride {
	var p *charts.PaletteColors
	switch c := content.(type) {
	case charts.Content:
		p = c.Palette
	case *charts.Content:
		if c != nil {
			p = c.Palette
		}
	}
	if p == nil {
		return nil
	}
	return &PaletteOverride{Primary: p.Primary, Secondary: p.Secondary, Background: p.Bg}
}

// mergeOverride lays top over base field by field (valid colours only).
func mergeOverride(base, top *PaletteOverride) *PaletteOverride {
	if top == nil {
		return base
	}
	var out PaletteOverride
	if base != nil {
		out = *base
	}
	pick := func(dst *string, v string) {
		if _, ok := parseHex(v); ok {
			*dst = v
		}
	}
	pick(&out.Primary, top.Primary)
	pick(&out.Secondary, top.Secondary)
	pick(&out.Background, top.Background)
	return &out
}

// logoURL passes a data:image URI (base64, of a type the badge can show) to the page; anything else
// is dropped. branding has already checked the bytes; this guards the page.
func logoURL(uri string) template.URL {
	lower := strings.ToLower(strings.TrimSpace(uri))
	for _, t := range []string{"png", "jpeg", "jpg", "webp", "gif", "svg+xml"} {
		prefix := "data:image/" + t + ";base64,"
		if strings.HasPrefix(lower, prefix) {
			payload := strings.TrimSpace(uri)[len(prefix):]
			if strings.Trim(payload, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=") != "" {
				return ""
			}
			return template.URL(strings.TrimSpace(uri))
		}
	}
	return ""
}
