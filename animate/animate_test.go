package animate

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/branding"
	"github.com/brandgen/brandgen/gifenc"
	"github.com/brandgen/brandgen/patterns"
	"github.com/brandgen/brandgen/posts"
	"github.com/brandgen/brandgen/renderer"
	"github.com/brandgen/brandgen/renderer/browsertest"
	"github.com/brandgen/brandgen/studio"
	"github.com/brandgen/brandgen/templates"
)

var (
	pool     *renderer.Pool
	animator *Animator
)

func TestMain(m *testing.M) {
	browsertest.Main(m, renderer.Config{RenderTimeout: 60 * time.Second}, func(p *renderer.Pool) error {
		pool = p
		pages, err := templates.New()
		if err != nil {
			return fmt.Errorf("templates: %w", err)
		}
		cat, err := patterns.New()
		if err != nil {
			return fmt.Errorf("patterns: %w", err)
		}
		brands := branding.NewResolver(branding.ResolverOptions{Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
		animator = &Animator{Studio: studio.New(pages, pool, brands, nil), Catalog: cat, Frames: pool}
		return nil
	})
}

// diagramPage is a hand-written diagram page using the shared marks: A -> B, A -> C, B -> D,
// C -> D, with B and C in a group. data-order puts D first, so build and flow differ.
const diagramPage = `<!doctype html><html><head><meta charset="utf-8"><style>
html,body{margin:0;background:#f4f6fb}svg{display:block}</style></head><body>
<svg xmlns="http://www.w3.org/2000/svg" width="600" height="400" viewBox="0 0 600 400">
<g data-group="core" data-order="5"><rect x="180" y="20" width="240" height="360" rx="16" fill="#dfe6f7" stroke="#8a9bc4"/></g>
<g data-edge="a->b" data-from="a" data-to="b" data-order="6"><path d="M110 200 L230 100" fill="none" stroke="#334" stroke-width="4"/><path d="M230 100 l-14 2 l6 10z" fill="#334"/></g>
<g data-edge="a->c" data-from="a" data-to="c" data-order="7"><path d="M110 200 L230 300" fill="none" stroke="#334" stroke-width="4"/></g>
<g data-edge="b->d" data-from="b" data-to="d" data-order="8"><path d="M370 100 L490 200" fill="none" stroke="#334" stroke-width="4"/></g>
<g data-edge="c->d" data-from="c" data-to="d" data-order="9"><path d="M370 300 L490 200" fill="none" stroke="#334" stroke-width="4"/></g>
<g data-node="a" data-order="2"><rect x="20" y="160" width="90" height="80" rx="10" fill="#e4572e"/><text x="65" y="205" text-anchor="middle" fill="#fff">A</text></g>
<g data-node="b" data-order="3"><rect x="230" y="60" width="140" height="80" rx="10" fill="#17bebb"/></g>
<g data-node="c" data-order="4"><rect x="230" y="260" width="140" height="80" rx="10" fill="#76b041"/></g>
<g data-node="d" data-order="1"><rect x="490" y="160" width="90" height="80" rx="10" fill="#6c4cf5"/></g>
</svg></body></html>`

// shows reports whether frame f shows colour c at (x, y), within a small tolerance.
func shows(f image.Image, x, y int, c color.RGBA) bool {
	r, g, b, _ := f.At(x, y).RGBA()
	d := func(a uint32, b uint8) int { v := int(a>>8) - int(b); return v * v }
	return d(r, c.R)+d(g, c.G)+d(b, c.B) < 3*20*20
}

var (
	nodeA = color.RGBA{0xe4, 0x57, 0x2e, 255}
	nodeD = color.RGBA{0x6c, 0x4c, 0xf5, 255}
)

// firstFrame is the first frame index showing colour c at (x, y), or -1.
func firstFrame(a *gifenc.Animation, x, y int, c color.RGBA) int {
	for i, f := range a.Frames {
		if shows(f, x, y, c) {
			return i
		}
	}
	return -1
}

func decode(t *testing.T, data []byte) *gifenc.Animation {
	t.Helper()
	a, err := gifenc.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// checkGIF checks the animation's shape and that its final frame matches a plain render of pg.
func checkGIF(t *testing.T, a *gifenc.Animation, pg renderer.Page, speed Speed) {
	t.Helper()
	tm := speed.Timing()
	if a.Width != pg.Width || a.Height != pg.Height {
		t.Fatalf("GIF is %dx%d, want %dx%d", a.Width, a.Height, pg.Width, pg.Height)
	}
	if a.LoopCount != 0 {
		t.Fatalf("loop count %d, want 0 (forever)", a.LoopCount)
	}
	if n := len(a.Frames); n < tm.Frames/2 || n > tm.Frames {
		t.Fatalf("%d frames, want up to %d", n, tm.Frames)
	}
	last := a.Delays[len(a.Delays)-1]
	if want := int(tm.Hold / (10 * time.Millisecond)); last < want {
		t.Fatalf("final frame holds %d cs, want >= %d", last, want)
	}
	if a.Delays[0] != int(tm.Delay/(10*time.Millisecond)) {
		t.Fatalf("first delay %d cs, want %v", a.Delays[0], tm.Delay)
	}
	raw, err := pool.Render(context.Background(), pg)
	if err != nil {
		t.Fatal(err)
	}
	plain, err := png.Decode(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	if d := meanDiff(plain, a.Frames[len(a.Frames)-1]); d > 4 {
		t.Fatalf("final frame differs from the plain render by %.1f levels on average", d)
	}
	if d := meanDiff(plain, a.Frames[0]); d < 0.5 {
		t.Fatalf("first frame is the finished picture (%.2f levels off): nothing was hidden", d)
	}
}

func TestDiagramMarks(t *testing.T) {
	pg := renderer.Page{HTML: diagramPage, Width: 600, Height: 400}
	ctx := context.Background()
	for _, mode := range Modes {
		t.Run(string(mode), func(t *testing.T) {
			data, err := GIF(ctx, pool, pg, mode, Normal)
			if err != nil {
				t.Fatal(err)
			}
			a := decode(t, data)
			checkGIF(t, a, pg, Normal)
			preview(t, a, "diagram-"+string(mode))
			fa, fd := firstFrame(a, 65, 185, nodeA), firstFrame(a, 535, 185, nodeD)
			if fa < 0 || fd < 0 {
				t.Fatalf("node A first shows in frame %d, D in %d", fa, fd)
			}
			// flow: from the source A along the edges to D; build: by data-order, D first.
			if mode == Flow && fa >= fd || mode == Build && fd >= fa {
				t.Fatalf("%s: A appears in frame %d, D in %d", mode, fa, fd)
			}
			// The edge a->b is drawn from its source: its start shows before its end.
			if mode == Flow {
				ink := color.RGBA{0x33, 0x33, 0x44, 255}
				fs, fe := firstFrame(a, 125, 188, ink), firstFrame(a, 215, 113, ink)
				if fs < 0 || fe < 0 || fs > fe {
					t.Fatalf("edge a->b: start shows in frame %d, end in %d", fs, fe)
				}
			}
		})
	}
}

func TestPostsAndCharts(t *testing.T) {
	ctx := context.Background()
	cases := []struct {
		name, format string
		content      any
		look         brandgen.Look
		mode         Mode
		speed        Speed
	}{
		{"listicle", "listicle", posts.Samples("listicle")[0].Content, brandgen.Look{}, Flow, Normal},
		{"stat-build-fast", "stat", posts.Samples("stat")[0].Content, brandgen.Look{Style: brandgen.StyleFlat, Theme: brandgen.ThemeDark}, Build, Fast},
		{"bar", "chart", map[string]any{"chartType": "bar", "title": "Signups", "subtitle": "per month",
			"series": []map[string]any{{"label": "Jan", "value": 120}, {"label": "Feb", "value": 180}, {"label": "Mar", "value": 150}, {"label": "Apr", "value": 240}}},
			brandgen.Look{Size: brandgen.SizeSquare}, Flow, Normal},
		{"line", "chart", map[string]any{"chartType": "line", "title": "Users",
			"series": []map[string]any{{"label": "Q1", "value": 3}, {"label": "Q2", "value": 5}, {"label": "Q3", "value": 4}, {"label": "Q4", "value": 7}}},
			brandgen.Look{Style: brandgen.StyleEditorial}, Flow, Slow},
		{"donut", "chart", map[string]any{"chartType": "donut", "title": "Share",
			"slices": []map[string]any{{"label": "Web", "value": 5}, {"label": "iOS", "value": 3}, {"label": "Android", "value": 2}}},
			brandgen.Look{Style: brandgen.StyleBlueprint}, Build, Normal},
		{"kpi", "chart", map[string]any{"chartType": "kpi", "title": "Q3",
			"tiles": []map[string]any{{"value": "$1.2M", "label": "ARR", "delta": "+12%"}, {"value": "4,210", "label": "Users"}, {"value": "98%", "label": "Uptime"}}},
			brandgen.Look{Size: brandgen.SizeLandscape}, Flow, Fast},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			raw, _ := json.Marshal(tc.content)
			req := Request{Format: tc.format, Content: raw, Look: tc.look, Mode: tc.mode, Speed: tc.speed}
			full, err := animator.Page(ctx, req)
			if err != nil {
				t.Fatal(err)
			}
			pg := Scaled(full, Scale)
			start := time.Now()
			data, err := animator.Animate(ctx, req)
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("%s: %d bytes in %v", tc.name, len(data), time.Since(start).Round(time.Millisecond))
			a := decode(t, data)
			checkGIF(t, a, pg, tc.speed)
			preview(t, a, tc.name)
			if tc.name == "listicle" { // the half-size page lays out as the full-size one
				raw, err := pool.Render(ctx, full)
				if err != nil {
					t.Fatal(err)
				}
				big, err := png.Decode(bytes.NewReader(raw))
				if err != nil {
					t.Fatal(err)
				}
				if d := meanDiff(halve(big), a.Frames[len(a.Frames)-1]); d > 6 {
					t.Fatalf("final frame differs from the halved full-size render by %.1f levels", d)
				}
			}
		})
	}
}

func TestDiagramNotFound(t *testing.T) {
	_, err := animator.Animate(context.Background(), Request{DiagramID: "dg_nope", Mode: Flow, Speed: Normal})
	if err == nil || !errorsIsNotFound(err) {
		t.Fatalf("err = %v, want not found", err)
	}
}

// preview saves a few frames as PNG under $ANIMATE_PREVIEW_DIR (for looking at them).
func preview(t *testing.T, a *gifenc.Animation, name string) {
	dir := os.Getenv("ANIMATE_PREVIEW_DIR")
	if dir == "" {
		return
	}
	n := len(a.Frames)
	for _, i := range []int{0, n / 4, n / 2, 3 * n / 4, n - 1} {
		var buf bytes.Buffer
		if err := png.Encode(&buf, a.Frames[i]); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("%s-%02d.png", name, i)), buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func meanDiff(a, b image.Image) float64 {
	r := a.Bounds()
	var sum, n float64
	for y := r.Min.Y; y < r.Max.Y; y += 3 {
		for x := r.Min.X; x < r.Max.X; x += 3 {
			r1, g1, b1, _ := a.At(x, y).RGBA()
			r2, g2, b2, _ := b.At(x, y).RGBA()
			sum += abs(int(r1>>8)-int(r2>>8)) + abs(int(g1>>8)-int(g2>>8)) + abs(int(b1>>8)-int(b2>>8))
			n += 3
		}
	}
	return sum / n
}

func abs(v int) float64 {
	if v < 0 {
		return float64(-v)
	}
	return float64(v)
}

func errorsIsNotFound(err error) bool { return errors.Is(err, brandgen.ErrNotFound) }

// halve box-filters m to half its size.
func halve(m image.Image) image.Image {
	b := m.Bounds()
	out := image.NewRGBA(image.Rect(0, 0, b.Dx()/2, b.Dy()/2))
	for y := 0; y < b.Dy()/2; y++ {
		for x := 0; x < b.Dx()/2; x++ {
			var r, g, bl uint32
			for _, d := range [4][2]int{{0, 0}, {1, 0}, {0, 1}, {1, 1}} {
				cr, cg, cb, _ := m.At(b.Min.X+2*x+d[0], b.Min.Y+2*y+d[1]).RGBA()
				r, g, bl = r+cr>>8, g+cg>>8, bl+cb>>8
			}
			out.Set(x, y, color.RGBA{uint8(r / 4), uint8(g / 4), uint8(bl / 4), 255})
		}
	}
	return out
}

// TestEveryPostFormat: in every post format's typical sample, the reveal's first frame hides the
// content (it differs clearly from the finished picture) and keeps the badge and background.
func TestEveryPostFormat(t *testing.T) {
	ctx := context.Background()
	for _, p := range animator.Catalog.Posts() {
		t.Run(p.ID, func(t *testing.T) {
			raw, _ := json.Marshal(posts.Samples(p.ID)[0].Content)
			full, err := animator.Page(ctx, Request{Format: p.ID, Content: raw})
			if err != nil {
				t.Fatal(err)
			}
			pg := Scaled(full, Scale)
			var frames []image.Image
			err = pool.FramesFunc(ctx, pg, Steps(Flow, 24)[:3], func(i int, img image.Image) error {
				frames = append(frames, img)
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			final, first := frames[0], frames[1]
			if d := meanDiff(final, first); d < 2 {
				t.Fatalf("the first frame is %.2f levels from the final one: the reveal hides nothing", d)
			}
			// The badge (top right) stays.
			badge := image.Rect(pg.Width*3/4, 0, pg.Width, pg.Height/12)
			if d := meanDiff(crop(final, badge), crop(first, badge)); d > 1 {
				t.Fatalf("the badge area changed by %.2f levels", d)
			}
			if os.Getenv("ANIMATE_PREVIEW_DIR") != "" {
				savePNG(t, frames[2], filepath.Join(os.Getenv("ANIMATE_PREVIEW_DIR"), "format-"+p.ID+".png"))
			}
		})
	}
}

func crop(m image.Image, r image.Rectangle) image.Image {
	return m.(interface {
		SubImage(image.Rectangle) image.Image
	}).SubImage(r)
}

func savePNG(t *testing.T, m image.Image, path string) {
	var buf bytes.Buffer
	if err := png.Encode(&buf, m); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestTransparentDiagram: a transparent page gives a GIF whose background stays transparent in
// every frame.
func TestTransparentDiagram(t *testing.T) {
	html := strings.Replace(diagramPage, "background:#f4f6fb", "background:transparent", 1)
	pg := renderer.Page{HTML: html, Width: 600, Height: 400, Transparent: true}
	data, err := GIF(context.Background(), pool, pg, Build, Fast)
	if err != nil {
		t.Fatal(err)
	}
	a := decode(t, data)
	for i, f := range a.Frames {
		if _, _, _, al := f.At(5, 5).RGBA(); al != 0 {
			t.Fatalf("frame %d: the background is not transparent", i)
		}
	}
	last := a.Frames[len(a.Frames)-1]
	if !shows(last, 535, 185, nodeD) || !shows(last, 65, 185, nodeA) {
		t.Fatal("the final frame misses nodes")
	}
}
