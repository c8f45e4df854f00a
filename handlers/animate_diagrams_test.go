package handlers

import (
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/brandgen/brandgen/db/dbtest"
	"github.com/brandgen/brandgen/diagrams"
)

// changed is the share of pixels that differ clearly between two frames of the same size.
func changed(a, b image.Image) float64 {
	bounds := a.Bounds()
	n, all := 0, 0
	for y := bounds.Min.Y; y < bounds.Max.Y; y += 2 {
		for x := bounds.Min.X; x < bounds.Max.X; x += 2 {
			r0, g0, b0, _ := a.At(x, y).RGBA()
			r, g, bl, _ := b.At(x, y).RGBA()
			if d := absDiff32(r, r0) + absDiff32(g, g0) + absDiff32(bl, b0); d > 3*0x1800 {
				n++
			}
			all++
		}
	}
	return float64(n) / float64(all)
}

func absDiff32(a, b uint32) uint32 {
	if a > b {
		return a - b
	}
	return b - a
}

// TestAnimateDiagrams makes a reveal GIF of a stored diagram of every type: the diagram keeps its own
// look, the first frame shows less of it than the last, and another account's diagram is 404.
func TestAnimateDiagrams(t *testing.T) {
	e := newEnv(t, envOptions{store: dbtest.SQLite(t)})
	other := e.key("other-"+t.Name(), "developer")
	for i, typ := range diagrams.Types {
		t.Run(typ, func(t *testing.T) {
			r := e.do("POST", "/api/v1/diagrams", e.devKey, map[string]any{"type": typ, "prompt": diagrams.Samples[typ], "size": "square"})
			if r.status != 200 {
				t.Fatalf("create: %d %.300s", r.status, r.body)
			}
			id := r.json(t)["id"].(string)
			anim := []string{"flow", "build"}[i%2]
			r = e.do("POST", "/api/v1/animate", e.devKey, map[string]any{"diagramId": id, "anim": anim, "speed": "fast"})
			if r.status != 200 {
				t.Fatalf("animate %s: %d %.300s", anim, r.status, r.body)
			}
			a := decodeGIF(t, r.json(t)["gif"].(string))
			if a.Width != 540 || a.Height != 540 || len(a.Frames) < 4 {
				t.Fatalf("GIF %dx%d with %d frames", a.Width, a.Height, len(a.Frames))
			}
			if dir := os.Getenv("BRANDGEN_DUMP_FRAMES"); dir != "" {
				for _, k := range []int{0, len(a.Frames) / 2, len(a.Frames) - 1} {
					f, _ := os.Create(filepath.Join(dir, fmt.Sprintf("%s-%s-%02d.png", typ, anim, k)))
					_ = png.Encode(f, a.Frames[k])
					f.Close()
				}
			}
			first, last := a.Frames[0], a.Frames[len(a.Frames)-1]
			if d := changed(first, last); d < 0.01 {
				t.Fatalf("%s reveal: only %.1f%% of the pixels change from the first frame to the last", anim, 100*d)
			}
			e.do("POST", "/api/v1/animate", other, map[string]any{"diagramId": id}).envelope(t, 404, "not_found")
		})
	}
}
