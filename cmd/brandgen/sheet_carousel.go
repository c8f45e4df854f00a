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
	"sync"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/slides"
	"github.com/brandgen/brandgen/studio"
	"github.com/brandgen/brandgen/templates"
)

// slideSheets renders every slide kind's samples in every style x theme, one sheet per kind, sample
// and carousel size (portrait, square), into out. only filters by pattern id ("slide-point") or
// "slides" for all kinds; sizes and samples filter as for the post sheets. Each slide is drawn as
// slide 3 of 8 (the cover as 1 of 8, the call to action as 8 of 8).
func slideSheets(ctx context.Context, st *studio.Studio, brand *brandgen.Brand, out, only, sizes, sampleNames string, stdout io.Writer) error {
	for _, kind := range slides.Kinds {
		id := slides.PatternID(kind)
		if only != "" && !contains(only, id) && !contains(only, "slides") {
			continue
		}
		index := 3
		switch kind {
		case slides.Cover:
			index = 1
		case slides.CTA:
			index = 8
		}
		for _, smp := range slides.Samples(kind) {
			if sampleNames != "" && !contains(sampleNames, smp.Name) {
				continue
			}
			page := slides.Pages([]any{smp.Slide})[0]
			page.Index, page.Total = index, 8
			for _, size := range strings.Split(sizes, ",") {
				if size != string(brandgen.SizePortrait) && size != string(brandgen.SizeSquare) {
					continue
				}
				imgs, labels, err := renderLooks(ctx, st, id, page, brandgen.Size(size), brand)
				if err != nil {
					return fmt.Errorf("%s/%s %s: %w", id, smp.Name, size, err)
				}
				path := filepath.Join(out, fmt.Sprintf("%s-%s-%s.png", id, smp.Name, size))
				if err := writePNG(path, templates.ContactSheet(imgs, 4, labels)); err != nil {
					return err
				}
				fmt.Fprintln(stdout, path)
			}
		}
	}
	return nil
}

// renderLooks renders one page in every style x theme, two at a time (the pool's default tabs).
func renderLooks(ctx context.Context, st *studio.Studio, id string, content any, size brandgen.Size, brand *brandgen.Brand) ([]image.Image, []string, error) {
	var looks []brandgen.Look
	for _, style := range brandgen.Styles {
		for _, theme := range brandgen.Themes {
			looks = append(looks, brandgen.Look{Size: size, Theme: theme, Style: style})
		}
	}
	imgs := make([]image.Image, len(looks))
	labels := make([]string, len(looks))
	errs := make([]error, len(looks))
	var wg sync.WaitGroup
	sem := make(chan struct{}, 2) // the sheet's pool queues nothing: at most its default 2 tabs at once
	for i, look := range looks {
		wg.Go(func() {
			sem <- struct{}{}
			defer func() { <-sem }()
			b, err := st.Render(ctx, studio.Job{Pattern: id, Content: content, Look: look, Brand: brand})
			if err != nil {
				errs[i] = err
				return
			}
			img, err := png.Decode(bytes.NewReader(b))
			if err != nil {
				errs[i] = err
				return
			}
			imgs[i] = templates.Thumbnail(img, 540)
			labels[i] = fmt.Sprintf("%s %s %s", look.Style, look.Theme, look.Size)
		})
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, nil, err
		}
	}
	return imgs, labels, nil
}
