package mermaid

import (
	"fmt"
	"io"
	"log/slog"
	"os"
	"testing"

	"github.com/brandgen/brandgen/renderer"
	"github.com/brandgen/brandgen/static"
	"github.com/brandgen/brandgen/templates"
)

// pool is the package's render pool, with Mermaid loaded in each tab's stage.
var pool *renderer.Pool

func TestMain(m *testing.M) {
	var err error
	pool, err = renderer.New(renderer.Config{ChromePath: os.Getenv("CHROME_PATH"), Assets: static.FS,
		StageScripts: Scripts, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		fmt.Fprintln(os.Stderr, "renderer:", err)
		os.Exit(1)
	}
	code := m.Run()
	pool.Close()
	os.Exit(code)
}

func rpage(p templates.Page) renderer.Page {
	return renderer.Page{HTML: p.HTML, Width: p.Width, Height: p.Height, Transparent: p.Transparent}
}
