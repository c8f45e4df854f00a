package mermaid

import (
	"testing"

	"github.com/brandgen/brandgen/renderer"
	"github.com/brandgen/brandgen/renderer/browsertest"
	"github.com/brandgen/brandgen/templates"
)

// pool is the package's render pool, with Mermaid loaded in each tab's stage.
var pool *renderer.Pool

func TestMain(m *testing.M) {
	browsertest.Main(m, renderer.Config{StageScripts: Scripts}, func(p *renderer.Pool) error {
		pool = p
		return nil
	})
}

func rpage(p templates.Page) renderer.Page {
	return renderer.Page{HTML: p.HTML, Width: p.Width, Height: p.Height, Transparent: p.Transparent}
}
