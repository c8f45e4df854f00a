package renderer

import (
	"context"
	"fmt"
	"testing"
)

var benchPages = []struct {
	name string
	html string
}{
	{"glass", card},
	{"flat", flatCard},
}

// BenchmarkRender measures a warm render of a 1080x1350 card: Chromium's default PNG encoder
// against the fast capture re-encoded in Go (the pool's path) and the fast capture as is.
//
//	go test -run XXX -bench Render -benchtime 20x ./renderer
func BenchmarkRender(b *testing.B) {
	p := needPool(b)
	if err := p.Start(context.Background()); err != nil {
		b.Fatal(err)
	}
	level := p.cfg.PNGLevel
	defer func() { p.chromeEncode, p.cfg.PNGLevel = false, level }()
	for _, pg := range benchPages {
		for _, mode := range []struct {
			name   string
			chrome bool
			level  int
		}{
			{"chrome-default", true, level},
			{fmt.Sprintf("fast+go-L%d", level), false, level},
			{"fast-raw", false, -1},
		} {
			b.Run(pg.name+"/"+mode.name, func(b *testing.B) {
				p.chromeEncode, p.cfg.PNGLevel = mode.chrome, mode.level
				page := Page{HTML: pg.html, Width: 1080, Height: 1350}
				ctx := context.Background()
				if _, err := p.Render(ctx, page); err != nil { // warm the tab
					b.Fatal(err)
				}
				var size int
				for b.Loop() {
					png, err := p.Render(ctx, page)
					if err != nil {
						b.Fatal(err)
					}
					size = len(png)
				}
				b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N), "ms/op")
				b.ReportMetric(float64(size), "bytes")
			})
		}
	}
}

// BenchmarkReencode measures the Go side alone on captured cards: decode Chromium's fast PNG
// and encode it at several settings, A/B in one run: libdeflate at level 7 (the default of a
// cgo build) against compress/flate at level 6 (the default before, and of a build without
// cgo), klauspost's deflate at level 8 (the one before that) and libdeflate's levels 6 and 8.
// cpu-ms/op is the process's CPU time per op, steadier than ns/op on a machine shared with
// other work; fresh=true allocates
// the pixel buffer per op instead of reusing one (the scratch pool's A/B); stream=false
// inflates the whole picture before deflating, upRows=false writes every truecolour row
// unfiltered, the rule before rowFilter's (the A/Bs of pngstream.go).
func BenchmarkReencode(b *testing.B) {
	p := needPool(b)
	level := p.cfg.PNGLevel
	defer func() { p.cfg.PNGLevel = level }()
	for _, pg := range benchPages {
		p.cfg.PNGLevel = -1
		fast, err := p.Render(context.Background(), Page{HTML: pg.html, Width: 1080, Height: 1350})
		if err != nil {
			b.Fatal(err)
		}
		b.Run(pg.name+"/decode", func(b *testing.B) {
			for b.Loop() {
				if _, err := decodeRaw(fast); err != nil {
					b.Fatal(err)
				}
			}
		})
		for _, opt := range []pngOptions{
			{}, {rowInflate: true}, {level: 6, stdflate: true}, {noStream: true}, {plainRows: true},
			{workers: 1}, {fresh: true}, {level: 8, klauspost: true}, {level: 6}, {level: 8},
		} {
			lib := "libdeflate"
			switch {
			case opt.klauspost:
				lib = "klauspost"
			case opt.stdflate || !haveLibdeflate:
				lib = "flate"
			}
			level := opt.level
			if level == 0 {
				level = defaultPNGLevel
			}
			name := fmt.Sprintf("%s/%s%d/workers=%d/fresh=%v/stream=%v/upRows=%v/wholeInflate=%v", pg.name, lib, level, opt.workers, opt.fresh, !opt.noStream, !opt.plainRows, haveLibdeflate && !opt.rowInflate)
			b.Run(name, func(b *testing.B) {
				var size int
				cpu0 := cpuTime()
				for b.Loop() {
					out, err := reencodePNG(fast, opt)
					if err != nil {
						b.Fatal(err)
					}
					size = len(out)
				}
				b.ReportMetric(float64(size), "bytes")
				b.ReportMetric(float64(len(fast)), "in-bytes")
				b.ReportMetric(float64(cpuTime()-cpu0)/1e6/float64(b.N), "cpu-ms/op")
			})
		}
	}
}

// BenchmarkFrames measures Frames on the glass and flat cards at 540x675 (a GIF size): 10
// steps that move the headline, reported per frame.
func BenchmarkFrames(b *testing.B) {
	p := needPool(b)
	var steps []string
	for i := range 10 {
		steps = append(steps, fmt.Sprintf("document.querySelector('h1').style.transform = 'translateY(%dpx)'", i*4))
	}
	for _, pg := range benchPages {
		b.Run(pg.name, func(b *testing.B) {
			page := Page{HTML: pg.html, Width: 540, Height: 675}
			for b.Loop() {
				if _, err := p.Frames(context.Background(), page, steps); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N*len(steps)), "ms/frame")
		})
	}
}
