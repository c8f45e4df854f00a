package main

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/png"
	"io"
	"path/filepath"
	"strings"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/diagrams/arch"
	"github.com/brandgen/brandgen/renderer"
	"github.com/brandgen/brandgen/templates"
)

// archSizes are the sizes of the architecture sheets: auto first, then every concrete size.
var archSizes = append([]brandgen.Size{brandgen.SizeAuto}, brandgen.Sizes...)

// archSheets renders every architecture sample in every style x theme x node style, one sheet per
// sample and size ("auto" included), into out: `brandgen sheet --patterns architecture`.
func archSheets(ctx context.Context, pool *renderer.Pool, badge brandgen.Badge, out, samples, sizes string, stdout io.Writer) error {
	for _, smp := range arch.Samples() {
		if samples != "" && !contains(samples, smp.Name) {
			continue
		}
		for _, size := range archSizes {
			if sizes != "" && size != brandgen.SizeAuto && !contains(sizes, string(size)) {
				continue
			}
			var imgs []image.Image
			var labels []string
			for _, style := range brandgen.Styles {
				for _, theme := range brandgen.Themes {
					for _, ns := range arch.NodeStyles {
						d, err := arch.Draw(smp.Graph, arch.Options{Look: brandgen.Look{Size: size, Theme: theme, Style: style},
							NodeStyle: ns, Title: smp.Title, Badge: badge})
						if err != nil {
							return fmt.Errorf("architecture/%s %s %s %s: %w", smp.Name, style, theme, size, err)
						}
						b, err := pool.Render(ctx, renderer.Page{HTML: arch.Page(d), Width: d.Width, Height: d.Height})
						if err != nil {
							return fmt.Errorf("architecture/%s %s %s %s: %w", smp.Name, style, theme, size, err)
						}
						img, err := png.Decode(bytes.NewReader(b))
						if err != nil {
							return err
						}
						imgs = append(imgs, templates.Thumbnail(img, 540))
						labels = append(labels, fmt.Sprintf("%s %s %s %s", style, theme, ns, d.Size))
					}
				}
			}
			path := filepath.Join(out, fmt.Sprintf("architecture-%s-%s.png", smp.Name, size))
			if err := writePNG(path, templates.ContactSheet(imgs, 4, labels)); err != nil {
				return err
			}
			fmt.Fprintln(stdout, path)
		}
	}
	return nil
}

// wantsArch reports whether a --patterns list asks for the architecture sheets.
func wantsArch(only string) bool {
	return only == "" || contains(only, "architecture") || strings.Contains(only, "diagram")
}
