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
	"github.com/brandgen/brandgen/diagrams"
	"github.com/brandgen/brandgen/studio"
	"github.com/brandgen/brandgen/templates"
)

// diagramSheets renders every diagram type in every size: one sheet per type and size with light,
// dark, branded (brand colours and badge) and transparent cells. Architecture is skipped (with a
// line saying so) while its drawing is not implemented.
func diagramSheets(ctx context.Context, st *studio.Studio, out, sizes, only string, stdout io.Writer) error {
	svc := diagrams.New(nil, st, nil)
	brand := &brandgen.Brand{Name: "Northwind Labs", Colors: &brandgen.Colors{Primary: "#0f766e", Secondary: "#f59e0b"}}
	cells := []struct {
		label string
		set   diagrams.Settings
		brand *brandgen.Brand
	}{
		{"light", diagrams.Settings{Theme: brandgen.ThemeLight}, nil},
		{"dark", diagrams.Settings{Theme: brandgen.ThemeDark}, nil},
		{"light branded", diagrams.Settings{Theme: brandgen.ThemeLight, Branded: true}, brand},
		{"dark branded", diagrams.Settings{Theme: brandgen.ThemeDark, Branded: true}, brand},
		{"transparent", diagrams.Settings{Theme: brandgen.ThemeLight, Transparent: true}, nil},
	}
	// Dense samples (30+ elements) at auto size, light and dark.
	for typ, prompt := range diagrams.DenseSamples {
		if only != "" && !contains(only, typ) && !contains(only, "diagrams") {
			continue
		}
		var imgs []image.Image
		var labels []string
		for _, c := range cells[:2] {
			set := c.set
			set.Size = brandgen.SizeAuto
			b, got, err := svc.Preview(ctx, typ, prompt, set, c.brand)
			if err != nil {
				return fmt.Errorf("dense diagram %s %s: %w", typ, c.label, err)
			}
			img, err := png.Decode(bytes.NewReader(b))
			if err != nil {
				return err
			}
			imgs = append(imgs, templates.Thumbnail(img, 960))
			labels = append(labels, fmt.Sprintf("dense %s auto (%s)", c.label, got))
		}
		path := filepath.Join(out, fmt.Sprintf("diagram-%s-dense-auto.png", typ))
		if err := writePNG(path, templates.ContactSheet(imgs, len(imgs), labels)); err != nil {
			return err
		}
		fmt.Fprintln(stdout, path)
	}
	for _, typ := range diagrams.Types {
		if typ == "architecture" { // archSheets draws it, in every style and node style
			continue
		}
		if only != "" && !contains(only, typ) && !contains(only, "diagrams") {
			continue
		}
		for _, size := range append([]string{"auto"}, strings.Split(sizes, ",")...) {
			var imgs []image.Image
			var labels []string
			for _, c := range cells {
				set := c.set
				set.Size = brandgen.Size(size)
				b, got, err := svc.Preview(ctx, typ, diagrams.Samples[typ], set, c.brand)
				if err != nil && typ == "architecture" && strings.Contains(err.Error(), "not implemented") {
					fmt.Fprintf(stdout, "diagram %s: not drawn yet (%v)\n", typ, err)
					break
				}
				if err != nil {
					return fmt.Errorf("diagram %s %s %s: %w", typ, size, c.label, err)
				}
				img, err := png.Decode(bytes.NewReader(b))
				if err != nil {
					return err
				}
				imgs = append(imgs, templates.Thumbnail(img, 540))
				labels = append(labels, fmt.Sprintf("%s %s (%s)", c.label, size, got))
			}
			if len(imgs) == 0 {
				break
			}
			path := filepath.Join(out, fmt.Sprintf("diagram-%s-%s.png", typ, size))
			if err := writePNG(path, templates.ContactSheet(imgs, len(imgs), labels)); err != nil {
				return err
			}
			fmt.Fprintln(stdout, path)
		}
	}
	return nil
}
