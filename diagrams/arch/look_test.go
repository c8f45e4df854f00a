package arch

import (
	"strings"
	"testing"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/templates"
)

// TestColorsOverrideBrand: colours override the brand, the brand the style; text stays readable on
// an override background.
func TestColorsOverrideBrand(t *testing.T) {
	g := Samples()[0].Graph
	brand := brandgen.Badge{Colors: brandgen.Colors{Primary: "#0f766e", Secondary: "#f59e0b"}}
	d, err := Draw(g, Options{Look: brandgen.Look{Style: brandgen.StyleFlat, Size: brandgen.SizeSquare}, Badge: brand, Title: "Flow"})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(d.SVG, `fill="#0f766e"`) {
		t.Error("flat canvas is not the brand primary")
	}
	d, err = Draw(g, Options{Look: brandgen.Look{Style: brandgen.StyleFlat, Size: brandgen.SizeSquare}, Badge: brand, Title: "Flow",
		Colors: Colors{Primary: "#7c3aed", Background: "#101820"}})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(d.SVG, `<rect width="1080" height="1080" fill="#101820"/>`) {
		t.Error("background override not painted")
	}
	m := regexpTitleFill.FindStringSubmatch(d.SVG)
	if m == nil || templates.Contrast(m[1], "#101820") < 4.5 {
		t.Errorf("title colour %v on #101820", m)
	}
}

func TestTransparentPNG(t *testing.T) {
	needPool(t)
	smp := Samples()[0]
	for _, style := range brandgen.Styles {
		d, err := Draw(smp.Graph, Options{Look: brandgen.Look{Style: style, Size: brandgen.SizePortrait}, Transparent: true, Title: smp.Title})
		if err != nil {
			t.Fatal(err)
		}
		img := renderPNG(t, d, true)
		if _, _, _, a := img.At(4, 4).RGBA(); a != 0 {
			t.Errorf("%s: corner alpha %d, want transparent", style, a>>8)
		}
		opaque := 0
		b := img.Bounds()
		for y := b.Min.Y; y < b.Max.Y; y += 4 {
			for x := b.Min.X; x < b.Max.X; x += 4 {
				if _, _, _, a := img.At(x, y).RGBA(); a > 0xf000 {
					opaque++
				}
			}
		}
		if opaque < 200 {
			t.Errorf("%s: only %d opaque samples: nothing drawn", style, opaque)
		}
	}
}

var regexpTitleFill = regexpMust(`<text x="[\d.]+" y="[\d.]+" font-family="[^"]*" font-size="[\d.]+" font-weight="\d+" fill="(#[0-9a-f]{6})"`)
