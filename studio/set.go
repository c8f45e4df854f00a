package studio

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/renderer"
	"github.com/brandgen/brandgen/templates"
)

// Prober is a Renderer that can also evaluate a script in the rendered page and return its value
// (renderer.Pool.RenderProbe).
type Prober interface {
	RenderProbe(ctx context.Context, pg renderer.Page, probe string) ([]byte, json.RawMessage, error)
}

// tabCounter reports how many renders the pool runs at once (renderer.Pool.Stats).
type tabCounter interface{ Stats() renderer.Stats }

// Set is several pages rendered with one look and one brand for one account: a carousel's slides.
type Set struct {
	AccountID int64
	Look      brandgen.Look
	Brand     *brandgen.Brand // per-call override, already validated
	Unbranded bool
	Pages     []SetPage
	// Probe, when set and the renderer is a Prober, is evaluated in each rendered page; its value
	// comes back in Shot.Probe. With a Prober the fit report comes back in Shot.Warnings either way.
	Probe string
}

// SetPage is one page of a set.
type SetPage struct {
	Pattern string
	Content any
}

// SetResult is a rendered set: the shots in page order and the badge they carry.
type SetResult struct {
	Shots []Shot
	Badge brandgen.Badge
}

// Shot is one rendered page of a set.
type Shot struct {
	PNG           []byte
	Width, Height int
	Probe         json.RawMessage // nil without a probe
	// Warnings is what the page's fit script left out to make the content fit (as RenderReport),
	// paths relative to the page's content (content.subtitle); nil without a Prober.
	Warnings []brandgen.Warning
}

// setProbe wraps the set's probe so that one evaluation returns its value and the fit report.
func setProbe(probe string) string {
	if probe == "" {
		probe = "null"
	}
	return "({p: (" + probe + "), w: (" + FitProbe + ")})"
}

// splitProbe reads what setProbe returned.
func splitProbe(raw json.RawMessage, hasProbe bool) (json.RawMessage, []brandgen.Warning, error) {
	var v struct {
		P json.RawMessage    `json:"p"`
		W []brandgen.Warning `json:"w"`
	}
	if err := json.Unmarshal(raw, &v); err != nil {
		return nil, nil, fmt.Errorf("read the probe: %w", err)
	}
	if !hasProbe {
		v.P = nil
	}
	return v.P, v.W, nil
}

// RenderSet resolves the badge once and renders the pages concurrently, two per tab of the pool at
// most (so one set never fills the render queue alone), results in page order. The first failure
// cancels the rest.
func (s *Studio) RenderSet(ctx context.Context, set Set) (SetResult, error) {
	badge, err := s.Badge(ctx, set.AccountID, set.Brand, set.Unbranded)
	if err != nil {
		return SetResult{}, err
	}
	look := set.Look.WithDefaults()
	pages := make([]renderer.Page, len(set.Pages))
	for i, p := range set.Pages {
		pg, err := s.pages.Build(p.Pattern, p.Content, templates.Options{Look: look, Badge: badge})
		if err != nil {
			return SetResult{}, fmt.Errorf("build page %d (%s): %w", i+1, p.Pattern, err)
		}
		pages[i] = renderer.Page{HTML: pg.HTML, Width: pg.Width, Height: pg.Height, Transparent: pg.Transparent}
	}
	// Two renders per tab: a tab renders the next page while the previous one's PNG is re-encoded
	// in Go (after the tab is released), and one set still leaves most of the queue to others.
	workers := len(pages)
	if tc, ok := s.pool.(tabCounter); ok {
		workers = min(workers, 2*max(tc.Stats().Tabs, 1))
	}
	prober, _ := s.pool.(Prober)
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	shots := make([]Shot, len(pages))
	next := make(chan int)
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for i := range next {
				pg := pages[i]
				shot := Shot{Width: pg.Width, Height: pg.Height}
				var err error
				if prober != nil {
					var raw json.RawMessage
					shot.PNG, raw, err = prober.RenderProbe(ctx, pg, setProbe(set.Probe))
					if err == nil {
						shot.Probe, shot.Warnings, err = splitProbe(raw, set.Probe != "")
					}
				} else {
					shot.PNG, err = s.pool.Render(ctx, pg)
				}
				if err != nil {
					cancel(fmt.Errorf("render page %d (%s): %w", i+1, set.Pages[i].Pattern, err))
					continue
				}
				shots[i] = shot
			}
		})
	}
	for i := range pages {
		if ctx.Err() != nil {
			break
		}
		select {
		case next <- i:
		case <-ctx.Done():
		}
	}
	close(next)
	wg.Wait()
	if err := context.Cause(ctx); err != nil {
		return SetResult{}, err
	}
	return SetResult{Shots: shots, Badge: badge}, nil
}
