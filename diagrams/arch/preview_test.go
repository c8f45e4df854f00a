package arch

import (
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/brandgen/brandgen"
)

// TestPreview writes PNGs of the samples to $ARCH_PREVIEW (skipped when unset), for a look:
// ARCH_PREVIEW=/tmp/arch ARCH_SAMPLES=groups ARCH_LOOKS=glass-light go test -run Preview ./diagrams/arch
func TestPreview(t *testing.T) {
	dir := os.Getenv("ARCH_PREVIEW")
	if dir == "" {
		t.Skip("ARCH_PREVIEW not set")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	only := func(env, v string) bool {
		list := os.Getenv(env)
		return list == "" || strings.Contains(","+list+",", ","+v+",")
	}
	sizes := []brandgen.Size{brandgen.SizeAuto}
	if s := os.Getenv("ARCH_SIZES"); s != "" {
		sizes = nil
		for _, v := range strings.Split(s, ",") {
			sizes = append(sizes, brandgen.Size(v))
		}
	}
	badge := brandgen.Badge{Show: true, Name: "Northwind Labs", Handle: "@northwind", Default: true,
		Colors: brandgen.Colors{Primary: "#4f46e5", Secondary: "#f59e0b"}}
	for _, smp := range Samples() {
		if !only("ARCH_SAMPLES", smp.Name) {
			continue
		}
		for _, style := range brandgen.Styles {
			for _, theme := range brandgen.Themes {
				look := string(style) + "-" + string(theme)
				if !only("ARCH_LOOKS", look) {
					continue
				}
				for _, ns := range NodeStyles {
					if !only("ARCH_NODES", ns) {
						continue
					}
					for _, size := range sizes {
						d, err := Draw(smp.Graph, Options{Look: brandgen.Look{Size: size, Theme: theme, Style: style},
							NodeStyle: ns, Title: smp.Title, Badge: badge})
						if err != nil {
							t.Fatalf("%s %s: %v", smp.Name, look, err)
						}
						img := renderPNG(t, d, false)
						name := filepath.Join(dir, smp.Name+"-"+look+"-"+ns+"-"+string(d.Size)+".png")
						f, err := os.Create(name)
						if err != nil {
							t.Fatal(err)
						}
						png.Encode(f, img)
						f.Close()
						os.WriteFile(strings.TrimSuffix(name, ".png")+".svg", []byte(d.SVG), 0o644)
					}
				}
			}
		}
	}
}
