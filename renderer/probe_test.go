package renderer

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/png"
	"testing"
	"time"
)

func TestRenderProbe(t *testing.T) {
	p := needPool(t)
	pg := Page{Width: 320, Height: 200, HTML: `<!doctype html><html><head><title>probe me</title></head>
<body style="margin:0;background:#fff"><p id="x" style="position:absolute;left:40px;top:50px;font:20px sans-serif;margin:0">Hello probe</p></body></html>`}
	img, data, err := p.RenderProbe(context.Background(), pg, `(() => { const b = document.getElementById('x').getBoundingClientRect(); return {title: document.title, x: b.left, y: b.top}; })()`)
	if err != nil {
		t.Fatal(err)
	}
	m, err := png.Decode(bytes.NewReader(img))
	if err != nil || m.Bounds().Dx() != 320 || m.Bounds().Dy() != 200 {
		t.Fatalf("png: %v %v", err, m.Bounds())
	}
	if string(data) != `{"title":"probe me","x":40,"y":50}` {
		t.Fatalf("probe = %s", data)
	}
	// A promise is awaited; undefined comes back as null.
	if _, data, err = p.RenderProbe(context.Background(), pg, `Promise.resolve(7)`); err != nil || string(data) != "7" {
		t.Fatalf("promise probe = %s, %v", data, err)
	}
	if _, data, err = p.RenderProbe(context.Background(), pg, `undefined`); err != nil || string(data) != "null" {
		t.Fatalf("undefined probe = %s, %v", data, err)
	}
	// A probe that throws fails the render as the page's doing; the tab goes on working.
	if _, _, err = p.RenderProbe(context.Background(), pg, `(() => { throw new Error('nope') })()`); !errors.Is(err, ErrStep) {
		t.Fatalf("throwing probe: %v", err)
	}
	if _, err := p.Render(context.Background(), pg); err != nil {
		t.Fatalf("render after a failed probe: %v", err)
	}
}

// TestProbe: Probe reads the loaded page as RenderProbe does, without an image; a probe that
// throws fails with ErrStep and the tab goes on working.
func TestProbe(t *testing.T) {
	p := needPool(t)
	pg := Page{Width: 320, Height: 200, HTML: `<!doctype html><html><head><title>probe me</title></head>
<body style="margin:0;background:#fff"><p id="x" style="position:absolute;left:40px;top:50px;font:20px sans-serif;margin:0">Hello probe</p></body></html>`}
	data, err := p.Probe(context.Background(), pg, `(() => { const b = document.getElementById('x').getBoundingClientRect(); return {title: document.title, x: b.left, y: b.top}; })()`)
	if err != nil || string(data) != `{"title":"probe me","x":40,"y":50}` {
		t.Fatalf("probe = %s, %v", data, err)
	}
	if _, err = p.Probe(context.Background(), pg, `(() => { throw new Error('nope') })()`); !errors.Is(err, ErrStep) {
		t.Fatalf("throwing probe: %v", err)
	}
	if data, err = p.Probe(context.Background(), pg, `Promise.resolve(7)`); err != nil || string(data) != "7" {
		t.Fatalf("probe after a failed probe = %s, %v", data, err)
	}
}

// TestFramesProbe: the probe reads the loaded page before the first step changes it, its value
// comes back with the frames; a probe that throws fails the run with ErrStep.
func TestFramesProbe(t *testing.T) {
	p := needPool(t)
	pg := Page{Width: 120, Height: 80, HTML: `<!doctype html><body style="margin:0;background:rgb(0,0,0)"><script>window.__state = {n: 1}</script></body>`}
	steps := []string{"0", "window.__state.n = 2; document.body.style.background = 'rgb(255,0,0)'"}
	for _, c := range []struct {
		name, probe, want string
		step              bool
	}{
		{"before the steps", `window.__state`, `{"n":1}`, false},
		{"awaited", `Promise.resolve(window.__state.n + 6)`, `7`, false},
		{"none", ``, ``, false},
		{"throws", `(() => { throw new Error('nope') })()`, ``, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			n := 0
			data, err := p.FramesProbe(ctxTimeout(t, 30*time.Second), pg, c.probe, steps, func(int, image.Image) error { n++; return nil })
			if c.step {
				if !errors.Is(err, ErrStep) || n != 0 {
					t.Fatalf("throwing probe: %v after %d frames", err, n)
				}
				return
			}
			if err != nil || string(data) != c.want || n != len(steps) {
				t.Fatalf("probe = %s, %v, %d frames; want %s, %d frames", data, err, n, c.want, len(steps))
			}
		})
	}
}
