// Package benchstudio starts what the render benchmarks share: a started render pool (Chromium from
// CHROME_PATH, else the renderer's default), the studio over it and the sample brand of the contact
// sheets, all logging nowhere.
package benchstudio

import (
	"context"
	"io"
	"log/slog"
	"os"
	"time"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/branding"
	"github.com/brandgen/brandgen/renderer"
	"github.com/brandgen/brandgen/static"
	"github.com/brandgen/brandgen/studio"
	"github.com/brandgen/brandgen/templates"
)

// Kit is a started pool, the studio rendering through it and the brand to render with.
type Kit struct {
	*studio.Studio
	Pool   *renderer.Pool
	Brand  *brandgen.Brand
	Logger *slog.Logger
}

// Start starts a pool of browsers x tabs tabs (one minute per render) and the studio over it.
func Start(ctx context.Context, browsers, tabs int) (*Kit, error) {
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	pool, err := renderer.New(renderer.Config{ChromePath: os.Getenv("CHROME_PATH"), Browsers: browsers, Tabs: tabs,
		Assets: static.FS, Logger: quiet, RenderTimeout: time.Minute})
	if err != nil {
		return nil, err
	}
	if err := pool.Start(ctx); err != nil {
		pool.Close()
		return nil, err
	}
	pages, err := templates.New()
	if err != nil {
		pool.Close()
		return nil, err
	}
	return &Kit{
		Studio: studio.New(pages, pool, branding.NewResolver(branding.ResolverOptions{Logger: quiet}), nil),
		Pool:   pool, Logger: quiet,
		Brand: &brandgen.Brand{Name: "Northwind Labs", Handle: "@northwind", Colors: &brandgen.Colors{Primary: "#4f46e5", Secondary: "#f59e0b"}},
	}, nil
}

// Close stops the pool's browsers.
func (k *Kit) Close() { k.Pool.Close() }
