// Package playground is the web playground served at GET /: one page with plain JavaScript and CSS
// (embedded, no build step, nothing from a CDN) that calls the REST API with the API key the user
// pastes (kept in the browser's localStorage, sent only as the x-api-key header).
//
// The page takes nothing from a hand-kept copy of the contract: patterns and their JSON schemas come
// from GET /api/v1/schemas at run time, and the option lists (sizes, themes, styles, diagram types,
// ...) and prefilled sample content come from /playground/config.json, built here from the Go
// enumerations and the pattern samples.
package playground

import (
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"net/http"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/animate"
	"github.com/brandgen/brandgen/charts"
	"github.com/brandgen/brandgen/diagrams"
	"github.com/brandgen/brandgen/posts"
)

//go:embed web
var files embed.FS

// csp keeps the page to its own origin: scripts, styles and API calls from 'self' only; images
// also from data: and blob: URIs (the API returns images as data URIs).
const csp = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; " +
	"connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"

// Config is /playground/config.json: the option lists of the page's selects and sample content.
type Config struct {
	Sizes        []brandgen.Size  `json:"sizes"`
	Themes       []brandgen.Theme `json:"themes"`
	Styles       []brandgen.Style `json:"styles"`
	PostFormats  []string         `json:"postFormats"`
	DiagramTypes []string         `json:"diagramTypes"`
	NodeStyles   []string         `json:"nodeStyles"`
	Anims        []animate.Mode   `json:"anims"`
	Speeds       []animate.Speed  `json:"speeds"`
	// Samples is typical content per pattern id (the first sample of each post format, and a chart).
	Samples map[string]any `json:"samples"`
}

// NewConfig builds the page's configuration from the Go enumerations and samples.
func NewConfig() Config {
	c := Config{
		Sizes: brandgen.Sizes, Themes: brandgen.Themes, Styles: brandgen.Styles,
		PostFormats: posts.Formats, DiagramTypes: diagrams.Types, NodeStyles: brandgen.NodeStyles,
		Anims: animate.Modes, Speeds: animate.Speeds,
		Samples: map[string]any{"chart": ChartSample},
	}
	for _, f := range posts.Formats {
		if s := posts.Samples(f); len(s) > 0 {
			c.Samples[f] = s[0].Content
		}
	}
	return c
}

// ChartSample is the chart the playground starts with.
var ChartSample = charts.Content{
	ChartType: charts.TypeBar, Title: "Weekly signups", Subtitle: "New accounts per week, last six weeks",
	Series: []charts.Point{{Label: "W1", Value: 120}, {Label: "W2", Value: 180}, {Label: "W3", Value: 160},
		{Label: "W4", Value: 240}, {Label: "W5", Value: 310}, {Label: "W6", Value: 290}},
}

// Handler serves the page at / and its assets below /playground/. It panics only when the files
// embedded at build time are missing.
func Handler() http.Handler {
	web, err := fs.Sub(files, "web")
	if err != nil {
		panic(fmt.Errorf("playground: %w", err))
	}
	index, err := fs.ReadFile(web, "index.html")
	if err != nil {
		panic(fmt.Errorf("playground: %w", err))
	}
	config, err := json.Marshal(NewConfig())
	if err != nil {
		panic(fmt.Errorf("playground config: %w", err))
	}
	assets := http.StripPrefix("/playground/", http.FileServerFS(web))
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) {
		secure(w)
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Cache-Control", "no-cache")
		_, _ = w.Write(index)
	})
	mux.HandleFunc("GET /playground/config.json", func(w http.ResponseWriter, r *http.Request) {
		secure(w)
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(config)
	})
	mux.HandleFunc("GET /playground/", func(w http.ResponseWriter, r *http.Request) {
		secure(w)
		assets.ServeHTTP(w, r)
	})
	return mux
}

func secure(w http.ResponseWriter) {
	h := w.Header()
	h.Set("Content-Security-Policy", csp)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
}
