package studio

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/brandkit"
	"github.com/brandgen/brandgen/renderer"
	"github.com/brandgen/brandgen/templates"
)

// Placeholders of a brand-kit asset for an account that never saved a brand: the service's default
// mark with a name and tagline that say what goes there.
const (
	PlaceholderName    = "Your Brand"
	PlaceholderTagline = "Your tagline goes here"
)

// Kit renders brand-kit assets from an account's saved brand (POST /brand). A render is a pure
// function of the saved brand and the request, so the same input gives the same bytes.
type Kit struct {
	studio *Studio
	pages  *templates.Kit
}

// NewKit wires brand-kit rendering onto a studio.
func NewKit(s *Studio, pages *templates.Kit) *Kit { return &Kit{studio: s, pages: pages} }

// Page builds the asset's page for the account without rendering it.
func (k *Kit) Page(ctx context.Context, accountID int64, spec brandkit.Spec) (renderer.Page, error) {
	badge, err := k.studio.Badge(ctx, accountID, nil, false)
	if err != nil {
		return renderer.Page{}, err
	}
	c := templates.KitContent{Name: badge.Name, Handle: badge.Handle, Tagline: badge.Tagline, Pills: spec.Pills,
		LogoURI: badge.LogoURI, Colors: badge.Colors}
	if badge.Default {
		c.Name, c.DefaultMark = PlaceholderName, true
		if c.Tagline == "" {
			c.Tagline = PlaceholderTagline
		}
	}
	if spec.Tagline != "" {
		c.Tagline = spec.Tagline
	}
	pg, err := k.pages.Build(spec.Asset, spec.Theme, c)
	if err != nil {
		return renderer.Page{}, fmt.Errorf("build brand-kit %s page: %w", spec.Asset.ID, err)
	}
	return renderer.Page{HTML: pg.HTML, Width: pg.Width, Height: pg.Height}, nil
}

// RenderReport makes the asset's PNG and returns the pills its page left out for want of room
// (content_dropped on pills[i]). Without a Prober it renders plainly and reports nothing.
func (k *Kit) RenderReport(ctx context.Context, accountID int64, spec brandkit.Spec) ([]byte, []brandgen.Warning, error) {
	prober, ok := k.studio.pool.(Prober)
	if !ok {
		png, err := k.Render(ctx, accountID, spec)
		return png, nil, err
	}
	pg, err := k.Page(ctx, accountID, spec)
	if err != nil {
		return nil, nil, err
	}
	png, raw, err := prober.RenderProbe(ctx, pg, FitProbe)
	if err != nil {
		return nil, nil, fmt.Errorf("render brand-kit %s: %w", spec.Asset.ID, err)
	}
	var warnings []brandgen.Warning
	if err := json.Unmarshal(raw, &warnings); err != nil {
		return nil, nil, fmt.Errorf("render brand-kit %s: read the fit report: %w", spec.Asset.ID, err)
	}
	return png, warnings, nil
}

// Render makes the asset's PNG, exactly Asset.W x Asset.H.
func (k *Kit) Render(ctx context.Context, accountID int64, spec brandkit.Spec) ([]byte, error) {
	pg, err := k.Page(ctx, accountID, spec)
	if err != nil {
		return nil, err
	}
	png, err := k.studio.pool.Render(ctx, pg)
	if err != nil {
		return nil, fmt.Errorf("render brand-kit %s: %w", spec.Asset.ID, err)
	}
	return png, nil
}
