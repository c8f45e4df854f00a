package diagrams

import (
	"fmt"
	"io"
	"log/slog"
	"os"
	"testing"

	"github.com/brandgen/brandgen/branding"
	"github.com/brandgen/brandgen/diagrams/mermaid"
	"github.com/brandgen/brandgen/renderer"
	"github.com/brandgen/brandgen/static"
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
	var err error
	if pages, err = templates.New(); err != nil {
		fmt.Fprintln(os.Stderr, "templates:", err)
		os.Exit(1)
	}
	pool, err = renderer.New(renderer.Config{ChromePath: os.Getenv("CHROME_PATH"), Assets: static.FS, Logger: quiet,
		StageScripts: mermaid.Scripts})
	if err != nil {
		fmt.Fprintln(os.Stderr, "renderer:", err)
		os.Exit(1)
	}
	code := m.Run()
	pool.Close()
	os.Exit(code)
}

// newService is a service over store with the offline planner (or planner).
func newService(store Store, planner Planner) *Service {
	st := studio.New(pages, pool, branding.NewResolver(branding.ResolverOptions{Logger: quiet}), store)
	return New(store, st, planner)
}
