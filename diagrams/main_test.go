package diagrams

import (
	"io"
	"log/slog"
	"testing"

	"github.com/brandgen/brandgen/branding"
	"github.com/brandgen/brandgen/diagrams/mermaid"
	"github.com/brandgen/brandgen/renderer"
	"github.com/brandgen/brandgen/renderer/browsertest"
	"github.com/brandgen/brandgen/studio"
	"github.com/brandgen/brandgen/templates"
)

// One render pool (Mermaid warm in its stage) and page set for the package.
var (
	pool  *renderer.Pool
	pages *templates.Set
	quiet = slog.New(slog.NewTextHandler(io.Discard, nil))
)

func TestMain(m *testing.M) {
	browsertest.Main(m, renderer.Config{StageScripts: mermaid.Scripts}, func(p *renderer.Pool) (err error) {
		pool = p
		pages, err = templates.New()
		return err
	})
}

// newService is a service over store with the offline planner (or planner).
func newService(store Store, planner Planner) *Service {
	st := studio.New(pages, pool, branding.NewResolver(branding.ResolverOptions{Logger: quiet}), store)
	return New(store, st, planner)
}
