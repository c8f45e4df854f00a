package mermaid

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/templates"
)

// TestPreview writes one page per type and theme to $BRANDGEN_PREVIEW_DIR, to look at.
func TestPreview(t *testing.T) {
	dir := os.Getenv("BRANDGEN_PREVIEW_DIR")
	if dir == "" {
		t.Skip("set BRANDGEN_PREVIEW_DIR to write previews")
	}
	pages, err := templates.New()
	if err != nil {
		t.Fatal(err)
	}
	for typ, src := range samples {
		for _, theme := range brandgen.Themes {
			pal := templates.DiagramPalette(brandgen.Colors{}, nil, theme)
			art, err := Draw(ctx(t), pool, typ, src, ThemeFrom(pal, ""))
			if err != nil {
				t.Fatal(err)
			}
			size := brandgen.SizeLandscape
			if art.Height > art.Width {
				size = brandgen.SizePortrait
			}
			pg, err := pages.BuildDiagram(templates.DiagramOptions{Type: typ, Look: brandgen.Look{Size: size, Theme: theme},
				Palette: pal, Title: "Sample " + typ, Badge: brandgen.Badge{Show: true, Name: "Northwind", Default: true},
				SVG: art.SVG, ArtW: art.Width, ArtH: art.Height, FontSize: art.FontSize})
			if err != nil {
				t.Fatal(err)
			}
			png, err := pool.Render(ctx(t), rpage(pg))
			if err != nil {
				t.Fatal(err)
			}
			os.WriteFile(filepath.Join(dir, typ+"-"+string(theme)+".png"), png, 0o644)
		}
	}
}
