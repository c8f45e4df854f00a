// Package studio turns validated content into an image: it resolves the brand badge (per-call brand,
// then the saved profile, then the service's default mark), builds the pattern's page and renders it
// in the browser pool. Handlers, jobs and the CLI all render through it.
package studio

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/renderer"
	"github.com/brandgen/brandgen/templates"
)

// BrandStore is where saved brand profiles live.
type BrandStore interface {
	Brand(ctx context.Context, accountID int64) (brandgen.Brand, bool, error)
}

// BadgeResolver resolves the brand a render carries (branding.Resolver).
type BadgeResolver interface {
	Resolve(ctx context.Context, perCall, saved *brandgen.Brand, unbranded bool) (brandgen.Badge, error)
}

// Renderer captures pages (renderer.Pool).
type Renderer interface {
	Render(ctx context.Context, pg renderer.Page) ([]byte, error)
}

// Studio renders pattern content for an account.
type Studio struct {
	pages  *templates.Set
	pool   Renderer
	brands BadgeResolver
	store  BrandStore
	eval   Evaluator // diagram.go; nil: the renderer's own Eval when it has one
}

// New wires a studio.
func New(pages *templates.Set, pool Renderer, brands BadgeResolver, store BrandStore) *Studio {
	return &Studio{pages: pages, pool: pool, brands: brands, store: store}
}

// Job is one image to make.
type Job struct {
	AccountID   int64
	Pattern     string
	Content     any // the pattern's typed content, already validated
	Look        brandgen.Look
	Layout      string
	Brand       *brandgen.Brand // per-call override, already validated
	Unbranded   bool
	Transparent bool
}

// Badge resolves what the render stamps top-right for the account.
func (s *Studio) Badge(ctx context.Context, accountID int64, perCall *brandgen.Brand, unbranded bool) (brandgen.Badge, error) {
	var saved *brandgen.Brand
	if s.store != nil && accountID != 0 {
		b, ok, err := s.store.Brand(ctx, accountID)
		if err != nil {
			return brandgen.Badge{}, fmt.Errorf("load saved brand: %w", err)
		}
		if ok {
			saved = &b
		}
	}
	badge, err := s.brands.Resolve(ctx, perCall, saved, unbranded)
	if err == nil || saved == nil || saved.Logo == "" || (perCall != nil && perCall.Logo != "") {
		return badge, err
	}
	// The logo came from the saved profile and no longer works (a remote URL that went away): the
	// render goes on without it rather than failing every call until the profile is fixed.
	if e, ok := brandgen.AsError(err); ok && e.Code == brandgen.CodeValidation {
		slog.WarnContext(ctx, "saved brand logo unusable; rendering without it", "account", accountID, "err", err)
		noLogo := *saved
		noLogo.Logo = ""
		return s.brands.Resolve(ctx, perCall, &noLogo, unbranded)
	}
	return badge, err
}

// Page builds the job's page without rendering it.
func (s *Studio) Page(ctx context.Context, j Job) (renderer.Page, error) {
	badge, err := s.Badge(ctx, j.AccountID, j.Brand, j.Unbranded)
	if err != nil {
		return renderer.Page{}, err
	}
	pg, err := s.pages.Build(j.Pattern, j.Content, templates.Options{
		Look: j.Look.WithDefaults(), Badge: badge, Layout: j.Layout, Transparent: j.Transparent,
	})
	if err != nil {
		return renderer.Page{}, fmt.Errorf("build %s page: %w", j.Pattern, err)
	}
	return renderer.Page{HTML: pg.HTML, Width: pg.Width, Height: pg.Height, Transparent: pg.Transparent}, nil
}

// Render makes the job's PNG.
func (s *Studio) Render(ctx context.Context, j Job) ([]byte, error) {
	pg, err := s.Page(ctx, j)
	if err != nil {
		return nil, err
	}
	png, err := s.pool.Render(ctx, pg)
	if err != nil {
		return nil, fmt.Errorf("render %s: %w", j.Pattern, err)
	}
	return png, nil
}

// FitProbe reads the fit script's report (templates/js/fit.js) in a rendered page: evaluate it
// with renderer.Pool.RenderProbe or FramesProbe and read the value with FitWarnings. A page
// without the fit script (a diagram) reports nothing.
const FitProbe = `window.__brandgenFit ? window.__brandgenFit.warnings : []`

// FitWarnings reads FitProbe's value: what the fit script left out to make the content fit.
func FitWarnings(raw json.RawMessage) ([]brandgen.Warning, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return nil, nil
	}
	var warnings []brandgen.Warning
	if err := json.Unmarshal(raw, &warnings); err != nil {
		return nil, fmt.Errorf("read the fit report: %w", err)
	}
	if len(warnings) == 0 {
		return nil, nil
	}
	return warnings, nil
}

// RenderReport makes the job's PNG and returns what the fit script had to do to make the content
// fit (optional parts left out, text under the readable minimum). Without a Prober it renders
// plainly and reports nothing.
func (s *Studio) RenderReport(ctx context.Context, j Job) ([]byte, []brandgen.Warning, error) {
	prober, ok := s.pool.(Prober)
	if !ok {
		png, err := s.Render(ctx, j)
		return png, nil, err
	}
	pg, err := s.Page(ctx, j)
	if err != nil {
		return nil, nil, err
	}
	png, raw, err := prober.RenderProbe(ctx, pg, FitProbe)
	if err != nil {
		return nil, nil, fmt.Errorf("render %s: %w", j.Pattern, err)
	}
	warnings, err := FitWarnings(raw)
	if err != nil {
		return nil, nil, fmt.Errorf("render %s: %w", j.Pattern, err)
	}
	return png, warnings, nil
}
