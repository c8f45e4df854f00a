package browsertest

import (
	"fmt"
	"io"
	"log/slog"
	"os"
	"testing"

	"github.com/brandgen/brandgen/renderer"
	"github.com/brandgen/brandgen/static"
)

// Main is a TestMain for packages whose tests share one render pool: it starts the pool from cfg
// (ChromePath from CHROME_PATH, the embedded static assets and a quiet logger where cfg leaves them
// unset), calls setup with it (to keep it and build page sets or catalogs), runs the tests, closes
// the pool and exits. Without Chromium, or when setup fails, it exits 1 with the reason: these
// tests are never skipped.
func Main(m *testing.M, cfg renderer.Config, setup func(*renderer.Pool) error) {
	if cfg.ChromePath == "" {
		cfg.ChromePath = os.Getenv("CHROME_PATH")
	}
	if cfg.Assets == nil {
		cfg.Assets = static.FS
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	pool, err := renderer.New(cfg)
	if err != nil {
		fmt.Fprintln(os.Stderr, "renderer:", err)
		os.Exit(1)
	}
	if setup != nil {
		if err := setup(pool); err != nil {
			pool.Close()
			fmt.Fprintln(os.Stderr, "test setup:", err)
			os.Exit(1)
		}
	}
	code := m.Run()
	if err := pool.Close(); err != nil {
		fmt.Fprintln(os.Stderr, "closing the render pool:", err) // reported, as the tests may kill browsers
	}
	os.Exit(code)
}
