// Command carousel measures the carousel path (make bench runs it): how much faster a carousel's
// slides render concurrently through the studio than one after the other, and what the PDF costs.
//
// It starts a render pool of -browsers x -tabs tabs (the server's default is 1 x 2), warms it, then
// for the sample deck of -slides slides (every slide kind's typical sample, cycled) measures, -n
// times each and interleaved so machine noise hits them alike:
//
//   - the cover alone, through the studio (build, render, PNG re-encode);
//   - sequential: every slide one after the other (what a naive loop costs);
//   - carousel: the whole deck through carousel.Maker (slides concurrently over the pool's tabs,
//     the text positions probed, the PDF assembled), the path of POST /carousel/render.
//
// It prints the median and best times, the carousel over the mean slide of the deck (the target:
// well under the slide count), the speed-up over one by one, and the 8-slide PDF's size against the
// PNGs it embeds, with the time pdfdoc takes to assemble it.
//
//	go run ./bench/carousel [-n 5] [-slides 10] [-browsers 1] [-tabs 2] [-style glass]
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"slices"
	"time"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/bench/internal/benchstudio"
	"github.com/brandgen/brandgen/carousel"
	"github.com/brandgen/brandgen/pdfdoc"
	"github.com/brandgen/brandgen/slides"
	"github.com/brandgen/brandgen/studio"
)

func main() {
	n := flag.Int("n", 5, "measured runs of each path")
	count := flag.Int("slides", 10, "slides in the measured carousel")
	browsers := flag.Int("browsers", 1, "browsers in the pool")
	tabs := flag.Int("tabs", 2, "tabs per browser")
	style := flag.String("style", "glass", "glass, flat, blueprint or editorial")
	flag.Parse()
	if err := run(*n, *count, *browsers, *tabs, brandgen.Style(*style)); err != nil {
		fmt.Fprintln(os.Stderr, "bench/carousel:", err)
		os.Exit(1)
	}
}

// deckOf cycles through the kinds' typical samples: a cover first, a call to action last.
func deckOf(count int) []any {
	body := slides.Kinds[1 : len(slides.Kinds)-1]
	deck := []any{slides.Samples(slides.Cover)[0].Slide}
	for i := 0; len(deck) < count-1; i++ {
		deck = append(deck, slides.Samples(body[i%len(body)])[0].Slide)
	}
	return append(deck, slides.Samples(slides.CTA)[0].Slide)
}

func run(n, count, browsers, tabs int, style brandgen.Style) error {
	ctx := context.Background()
	kit, err := benchstudio.Start(ctx, browsers, tabs)
	if err != nil {
		return err
	}
	defer kit.Close()
	st, brand, quiet := kit.Studio, kit.Brand, kit.Logger
	maker := carousel.New(st, quiet)
	look := brandgen.Look{Size: brandgen.SizePortrait, Theme: brandgen.ThemeLight, Style: style}
	deck := deckOf(count)
	pagesOf := slides.Pages(deck)

	one := func() error {
		_, err := st.Render(ctx, studio.Job{Pattern: slides.PatternID(pagesOf[0].Kind), Content: pagesOf[0], Look: look, Brand: brand})
		return err
	}
	sequential := func() error {
		for _, p := range pagesOf {
			if _, err := st.Render(ctx, studio.Job{Pattern: slides.PatternID(p.Kind), Content: p, Look: look, Brand: brand}); err != nil {
				return err
			}
		}
		return nil
	}
	whole := func() error {
		_, err := maker.Make(ctx, carousel.Request{Slides: deck, Look: look, Brand: brand})
		return err
	}
	// Warm every page once.
	if err := sequential(); err != nil {
		return err
	}
	var tOne, tSeq, tDeck []time.Duration
	for range n {
		for _, m := range []struct {
			f   func() error
			out *[]time.Duration
		}{{one, &tOne}, {sequential, &tSeq}, {whole, &tDeck}} {
			start := time.Now()
			if err := m.f(); err != nil {
				return err
			}
			*m.out = append(*m.out, time.Since(start))
		}
	}
	fmt.Printf("carousel bench: %d slides, %s light portrait, pool %dx%d, %d runs each (median / best; the best is the\n", count, style, browsers, tabs, n)
	fmt.Printf("figure to read on a machine busy with other work)\n")
	row := func(name string, ds []time.Duration, note string) {
		fmt.Printf("  %-30s %8s / %8s  %s\n", name, ms(median(ds)), ms(best(ds)), note)
	}
	perSlide := make([]time.Duration, len(tSeq))
	for i, d := range tSeq {
		perSlide[i] = d / time.Duration(count)
	}
	row("cover slide alone", tOne, "")
	row("mean slide (one by one / N)", perSlide, "")
	row(fmt.Sprintf("%d slides one by one", count), tSeq, "")
	row(fmt.Sprintf("%d-slide carousel + PDF", count), tDeck, fmt.Sprintf("= %.1fx (median) / %.1fx (best) the mean slide; target well under %dx; %.2fx faster than one by one",
		ratio(median(tDeck), median(perSlide)), ratio(best(tDeck), best(perSlide)), count, ratio(best(tSeq), best(tDeck))))

	// The PDF of an 8-slide carousel: its size against the PNGs it embeds, and pdfdoc's own time.
	eight := deckOf(8)
	d, err := maker.Make(ctx, carousel.Request{Slides: eight, Look: look, Brand: brand})
	if err != nil {
		return err
	}
	pngBytes := 0
	docPages := make([]pdfdoc.Page, len(d.PNGs))
	for i, b := range d.PNGs {
		pngBytes += len(b)
		docPages[i] = pdfdoc.Page{PNG: b, Width: 1080, Height: 1350, Lines: []pdfdoc.Line{{Text: slides.Title(eight[i]), X: 80, Y: 400, W: 900, H: 80, Size: 72}}}
	}
	var tPDF []time.Duration
	for range 5 {
		start := time.Now()
		if _, err := pdfdoc.Build(docPages, pdfdoc.Info{Title: "bench"}); err != nil {
			return err
		}
		tPDF = append(tPDF, time.Since(start))
	}
	fmt.Printf("  8-slide PDF                 %8d bytes (%.2f MB; the 8 PNGs are %d bytes, text layer and structure %+d); assembled in %s\n",
		len(d.PDF), float64(len(d.PDF))/1e6, pngBytes, len(d.PDF)-pngBytes, ms(median(tPDF)))
	return nil
}

func median(ds []time.Duration) time.Duration {
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[len(s)/2]
}

func best(ds []time.Duration) time.Duration { return slices.Min(ds) }

func ratio(a, b time.Duration) float64 { return float64(a) / float64(b) }

func ms(d time.Duration) string { return d.Round(time.Millisecond).String() }
