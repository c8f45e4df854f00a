package templates

import (
	"bytes"
	"embed"
	"fmt"
	"html/template"
	"io/fs"
	"path"
	"strings"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/brandkit"
	"github.com/brandgen/brandgen/static"
	"github.com/brandgen/brandgen/textlang"
)

// Brand-kit pages: templates/brandkit/layout.tmpl wraps templates/brandkit/assets/<name>.tmpl (each
// defines "asset"), styled by brandkit/kit.css in the glass look and fitted by brandkit/kit.js (our
// own script: it shrinks text marked data-fit, drops pills that do not fit, then sets data-ready).
//
//go:embed brandkit/layout.tmpl brandkit/assets/*.tmpl brandkit/kit.css brandkit/kit.js
var kitFiles embed.FS

// KitContent is what a brand-kit asset shows: the resolved brand and the request's text.
type KitContent struct {
	Name    string // brand name (a placeholder when no brand was ever saved)
	Handle  string
	Tagline string
	Pills   []string
	LogoURI string // the logo as a checked data:image URI, or empty
	// DefaultMark: the logo is the service's own mark (no brand saved).
	DefaultMark bool
	Colors      brandgen.Colors
}

// KitData is what an asset template sees as ".".
type KitData struct {
	Asset    brandkit.Asset
	Theme    brandgen.Theme
	Dark     bool
	Lang     string // BCP 47 language of the page's text, for CJK glyph forms and line breaking
	Name     string
	Handle   string
	Tagline  string
	Pills    []string
	Logo     template.URL // a checked data:image URI, or empty
	Monogram string       // initials drawn when there is no logo
	Palette  Palette
	CSS      template.CSS
	JS       template.JS
}

// Kit builds brand-kit pages.
type Kit struct {
	pages map[string]*template.Template // by template name
	css   string
	js    string
}

// NewKit parses the embedded brand-kit templates; every catalog asset must have its template.
func NewKit() (*Kit, error) {
	k := &Kit{pages: map[string]*template.Template{}}
	css, err := fs.ReadFile(kitFiles, "brandkit/kit.css")
	if err != nil {
		return nil, fmt.Errorf("templates: read kit css: %w", err)
	}
	js, err := fs.ReadFile(kitFiles, "brandkit/kit.js")
	if err != nil {
		return nil, fmt.Errorf("templates: read kit js: %w", err)
	}
	k.css = static.FontsCSS() + string(css)
	k.js = string(js)
	base, err := template.New("kit").Funcs(funcs()).ParseFS(kitFiles, "brandkit/layout.tmpl")
	if err != nil {
		return nil, fmt.Errorf("templates: parse kit layout: %w", err)
	}
	names, err := fs.Glob(kitFiles, "brandkit/assets/*.tmpl")
	if err != nil {
		return nil, fmt.Errorf("templates: list kit assets: %w", err)
	}
	for _, name := range names {
		t, err := base.Clone()
		if err != nil {
			return nil, fmt.Errorf("templates: clone kit layout: %w", err)
		}
		if _, err := t.ParseFS(kitFiles, name); err != nil {
			return nil, fmt.Errorf("templates: parse %s: %w", name, err)
		}
		k.pages[strings.TrimSuffix(path.Base(name), ".tmpl")] = t
	}
	for _, a := range brandkit.All() {
		if k.pages[a.Template] == nil {
			return nil, fmt.Errorf("templates: brand-kit asset %s: no template %q", a.ID, a.Template)
		}
	}
	return k, nil
}

// Build makes the page of asset a in theme with content c. The page is exactly a.W x a.H.
func (k *Kit) Build(a brandkit.Asset, theme brandgen.Theme, c KitContent) (Page, error) {
	t, ok := k.pages[a.Template]
	if !ok {
		return Page{}, fmt.Errorf("build brand-kit %s: %w", a.ID, ErrUnknownPattern)
	}
	if !theme.Valid() {
		theme = brandgen.ThemeLight
	}
	pal := DerivePalette(c.Colors, nil, brandgen.Look{Size: brandgen.SizeLandscape, Theme: theme, Style: brandgen.StyleGlass})
	d := KitData{
		Asset: a, Theme: theme, Dark: pal.Dark, Lang: langOf(c.Name + " " + c.Tagline + " " + strings.Join(c.Pills, " ")),
		Name: c.Name, Handle: c.Handle, Tagline: c.Tagline, Pills: c.Pills, Logo: logoURL(c.LogoURI), Palette: pal,
		JS: template.JS(k.js),
	}
	if d.Logo == "" {
		d.Monogram = initials("", c.Name)
	}
	m := Metrics{Width: a.W, Height: a.H}
	var css strings.Builder
	css.WriteString(rootVars(m, pal, false, d.Lang))
	fmt.Fprintf(&css, ":root{--sx:%dpx;--sy:%dpx;--sw:%dpx;--sh:%dpx}", a.Safe.X, a.Safe.Y, a.Safe.W, a.Safe.H)
	css.WriteString(k.css)
	d.CSS = template.CSS(css.String())
	var buf bytes.Buffer
	if err := t.ExecuteTemplate(&buf, "kit-page", d); err != nil {
		return Page{}, fmt.Errorf("build brand-kit %s: %w", a.ID, err)
	}
	return Page{HTML: buf.String(), Width: a.W, Height: a.H}, nil
}

// langOf is the page language of a brand kit from its text (textlang), "en" for scripts it does not
// tell apart. It sets CJK glyph forms and phrase-aware line breaks.
func langOf(s string) string {
	if l := textlang.Detect(s); l != textlang.None {
		return l
	}
	return "en"
}
