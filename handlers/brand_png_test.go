package handlers

import (
	"image"
	"testing"

	"github.com/brandgen/brandgen/db/dbtest"
)

// countNear counts pixels of img within region close to the colour (r, g, b).
func countNear(img image.Image, region image.Rectangle, r, g, b uint32) int {
	n := 0
	for y := region.Min.Y; y < region.Max.Y; y++ {
		for x := region.Min.X; x < region.Max.X; x++ {
			pr, pg, pb, _ := img.At(x, y).RGBA()
			if absDiff(pr>>8, r) < 24 && absDiff(pg>>8, g) < 24 && absDiff(pb>>8, b) < 24 {
				n++
			}
		}
	}
	return n
}

// TestBrandInThePNG decodes rendered charts: the brand's primary colour is drawn, and unbranded
// removes the badge (top-right) but keeps the colours.
func TestBrandInThePNG(t *testing.T) {
	e := newEnv(t, envOptions{store: dbtest.SQLite(t)})
	chart := func(unbranded bool) image.Image {
		r := e.do("POST", "/api/v1/chart", e.devKey, map[string]any{
			"chartType": "bar", "title": "Signups", "style": "flat", "unbranded": unbranded,
			"series": []map[string]any{{"label": "Jan", "value": 120}, {"label": "Feb", "value": 180}, {"label": "Mar", "value": 150}},
			"brand":  map[string]any{"name": "Acme Rockets", "colors": map[string]any{"primary": "#e4572e", "secondary": "#17bebb"}},
		})
		if r.status != 200 {
			t.Fatalf("chart: %d %s", r.status, r.body)
		}
		return decodePNG(t, r.json(t)["image"].(string))
	}
	branded, plain := chart(false), chart(true)
	all := branded.Bounds()
	if n := countNear(branded, all, 0xe4, 0x57, 0x2e); n < all.Dx()*all.Dy()/50 {
		t.Fatalf("brand primary #e4572e covers only %d pixels", n)
	}
	if n := countNear(plain, all, 0xe4, 0x57, 0x2e); n < all.Dx()*all.Dy()/50 {
		t.Fatalf("unbranded dropped the brand colours (%d pixels)", n)
	}
	// The badge row: top-right corner inside the margins.
	badge := image.Rect(all.Dx()/2, 40, all.Dx()-40, 150)
	if d := diffRatioIn(branded, plain, badge); d < 0.01 {
		t.Fatalf("badge region identical with and without unbranded (%.4f differs)", d)
	}
}

func diffRatioIn(a, b image.Image, r image.Rectangle) float64 {
	diff := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			r1, g1, b1, _ := a.At(x, y).RGBA()
			r2, g2, b2, _ := b.At(x, y).RGBA()
			if absDiff(r1, r2) > 4096 || absDiff(g1, g2) > 4096 || absDiff(b1, b2) > 4096 {
				diff++
			}
		}
	}
	return float64(diff) / float64(r.Dx()*r.Dy())
}
