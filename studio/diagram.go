package studio

import (
	"context"
	"errors"
	"fmt"

	"github.com/brandgen/brandgen/renderer"
	"github.com/brandgen/brandgen/templates"
)

// Evaluator runs JavaScript in the warm stage window of a render tab, where the stage scripts
// (Mermaid) are loaded: renderer.Pool.Eval.
type Evaluator interface {
	Eval(ctx context.Context, expr string, out any) error
}

// SetEvaluator sets where Eval runs, for a studio whose Renderer is not the pool itself (a
// wrapper in benchmarks). Without it, Eval uses the Renderer when it is an Evaluator.
func (s *Studio) SetEvaluator(ev Evaluator) { s.eval = ev }

// ErrNoEvaluator: the studio's renderer cannot run stage scripts (diagram layout).
var ErrNoEvaluator = errors.New("studio: the renderer cannot evaluate scripts")

// Eval runs expr in a warm stage (renderer.Pool.Eval): diagram layout and source checks.
func (s *Studio) Eval(ctx context.Context, expr string, out any) error {
	ev := s.eval
	if ev == nil {
		ev, _ = s.pool.(Evaluator)
	}
	if ev == nil {
		return ErrNoEvaluator
	}
	return ev.Eval(ctx, expr, out)
}

// Pages is the studio's page set (diagram geometry and palettes).
func (s *Studio) Pages() *templates.Set { return s.pages }

// DiagramPage builds the page of a diagram laid out on its canvas, without rendering it.
func (s *Studio) DiagramPage(o templates.DiagramOptions) (renderer.Page, error) {
	pg, err := s.pages.BuildDiagram(o)
	if err != nil {
		return renderer.Page{}, err
	}
	return renderer.Page{HTML: pg.HTML, Width: pg.Width, Height: pg.Height, Transparent: pg.Transparent}, nil
}

// SVGPage is the page of a trusted drawing that is the whole canvas (an architecture diagram, a logo
// mark); lang picks CJK glyph forms ("" = en).
func (s *Studio) SVGPage(svg string, width, height int, transparent bool, lang string) renderer.Page {
	pg := templates.SVGPage(svg, width, height, transparent, lang)
	return renderer.Page{HTML: pg.HTML, Width: pg.Width, Height: pg.Height, Transparent: pg.Transparent}
}

// RenderPage renders a page built by the studio (DiagramPage, SVGPage); what names the page in
// errors.
func (s *Studio) RenderPage(ctx context.Context, what string, pg renderer.Page) ([]byte, error) {
	png, err := s.pool.Render(ctx, pg)
	if err != nil {
		return nil, fmt.Errorf("render %s: %w", what, err)
	}
	return png, nil
}

// RenderSVG renders a trusted drawing that is the whole canvas at its size (SVGPage).
func (s *Studio) RenderSVG(ctx context.Context, svg string, width, height int, transparent bool, lang string) ([]byte, error) {
	return s.RenderPage(ctx, "svg drawing", s.SVGPage(svg, width, height, transparent, lang))
}
