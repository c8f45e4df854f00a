package handlers

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"image"
	"image/color"
	"image/png"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/generate"
	"github.com/brandgen/brandgen/logo"
)

// balances reads the free logos and credits of the account behind a test key.
func (e *env) balances(account string) (free, credits int) {
	e.t.Helper()
	a, err := e.store.AccountByName(context.Background(), account)
	if err != nil {
		e.t.Fatal(err)
	}
	return a.FreeLogos, a.LogoCredits
}

func (e *env) addCredits(account string, n int) {
	e.t.Helper()
	a, err := e.store.AccountByName(context.Background(), account)
	if err != nil {
		e.t.Fatal(err)
	}
	if _, err := e.store.AddLogoCredits(context.Background(), a.ID, n); err != nil {
		e.t.Fatal(err)
	}
}

// checkMark decodes a logo: a 1024 square, transparent corners, an opaque centre.
func checkMark(t *testing.T, uri string) image.Image {
	t.Helper()
	img := decodePNG(t, uri)
	b := img.Bounds()
	if b.Dx() != logo.Canvas || b.Dy() != logo.Canvas {
		t.Fatalf("logo is %dx%d, want %d square", b.Dx(), b.Dy(), logo.Canvas)
	}
	for _, p := range []image.Point{{0, 0}, {b.Dx() - 1, 0}, {0, b.Dy() - 1}, {b.Dx() - 1, b.Dy() - 1}} {
		if _, _, _, a := img.At(p.X, p.Y).RGBA(); a != 0 {
			t.Errorf("corner %v has alpha %d, want 0", p, a>>8)
		}
	}
	if _, _, _, a := img.At(b.Dx()/2, b.Dy()/2).RGBA(); a>>8 < 250 {
		t.Errorf("centre alpha %d, want opaque", a>>8)
	}
	return img
}

func TestLogo(t *testing.T) {
	backends(t, func(t *testing.T, e *env) {
		dev := "dev-" + t.Name()
		r := e.do("POST", "/api/v1/logo", e.freeKey, map[string]any{"prompt": "a shield"})
		r.envelope(t, 403, "plan_required")
		for _, tc := range []struct {
			body   any
			fields []string
		}{
			{map[string]any{}, []string{"prompt"}},
			{map[string]any{"prompt": "  "}, []string{"prompt"}},
			{map[string]any{"prompt": 7}, []string{"prompt"}},
			{map[string]any{"prompt": strings.Repeat("é", 2001)}, []string{"prompt"}},
		} {
			got := e.do("POST", "/api/v1/logo", e.devKey, tc.body).envelope(t, 400, "validation_error")
			if strings.Join(got, ",") != strings.Join(tc.fields, ",") {
				t.Errorf("%v: issues %v", tc.body, got)
			}
		}
		if free, credits := e.balances(dev); free != 1 || credits != 0 {
			t.Fatalf("rejected calls charged: free %d credits %d", free, credits)
		}

		saveTestBrand(t, e, e.devKey, map[string]any{"name": "Aegis", "colors": map[string]any{"primary": "#e4572e", "secondary": "#17bebb"}})
		prompt := map[string]any{"prompt": "a shield for a security company"}
		r = e.do("POST", "/api/v1/logo", e.devKey, prompt)
		if r.status != 200 {
			t.Fatalf("first logo: %d %s", r.status, r.body)
		}
		m := r.json(t)
		if m["freeLeft"] != 0.0 || m["credits"] != 0.0 {
			t.Errorf("after the free logo: freeLeft %v credits %v", m["freeLeft"], m["credits"])
		}
		img := checkMark(t, m["image"].(string))
		if share := brandShare(img, [3]float64{0xe4, 0x57, 0x2e}, [3]float64{0x17, 0xbe, 0xbb}); share < 0.5 {
			t.Errorf("only %.0f%% of the mark is in the brand colours", share*100)
		}

		r = e.do("POST", "/api/v1/logo", e.devKey, prompt)
		r.envelope(t, 402, "insufficient_credits")
		if free, credits := e.balances(dev); free != 0 || credits != 0 {
			t.Fatalf("a refused logo charged: free %d credits %d", free, credits)
		}

		e.addCredits(dev, 30)
		r = e.do("POST", "/api/v1/logo", e.devKey, prompt)
		if r.status != 200 {
			t.Fatalf("paid logo: %d %s", r.status, r.body)
		}
		m2 := r.json(t)
		if m2["freeLeft"] != 0.0 || m2["credits"] != 5.0 {
			t.Errorf("after a paid logo: freeLeft %v credits %v, want 0, 5", m2["freeLeft"], m2["credits"])
		}
		if m2["image"] != m["image"] {
			t.Error("the same prompt and brand gave a different offline mark")
		}
		if free, credits := e.balances(dev); free != 0 || credits != 5 {
			t.Errorf("stored balances free %d credits %d, want 0, 5", free, credits)
		}
	})
}

// TestLogoConcurrentSpend: 1 free logo + 100 credits pay for exactly 5 logos, whatever the
// interleaving of 20 concurrent calls.
func TestLogoConcurrentSpend(t *testing.T) {
	backends(t, func(t *testing.T, e *env) {
		dev := "dev-" + t.Name()
		e.addCredits(dev, 100)
		var ok, short atomic.Int32
		var wg sync.WaitGroup
		for i := 0; i < 20; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				r := e.do("POST", "/api/v1/logo", e.devKey, map[string]any{"prompt": "a leaf for an organic grocery"})
				switch r.status {
				case 200:
					ok.Add(1)
				case 402:
					short.Add(1)
				default:
					t.Errorf("status %d: %s", r.status, r.body)
				}
			}()
		}
		wg.Wait()
		if ok.Load() != 5 || short.Load() != 15 {
			t.Errorf("%d succeeded and %d got 402, want 5 and 15", ok.Load(), short.Load())
		}
		if free, credits := e.balances(dev); free != 0 || credits != 0 {
			t.Errorf("balances after: free %d credits %d, want 0, 0", free, credits)
		}
	})
}

// fakeImages is an OpenAI-compatible images endpoint answering with png (or failing with status).
func fakeImages(t *testing.T, png []byte, status int, got *atomic.Value) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/v1/images/generations" {
			http.NotFound(w, r)
			return
		}
		var req map[string]any
		_ = json.NewDecoder(r.Body).Decode(&req)
		if got != nil {
			got.Store(req)
		}
		if status != 200 {
			http.Error(w, `{"error":{"message":"upstream exploded","type":"server_error"}}`, status)
			return
		}
		w.Header().Set("content-type", "application/json")
		_ = json.NewEncoder(w).Encode(map[string]any{"created": 1, "data": []map[string]any{{"b64_json": base64.StdEncoding.EncodeToString(png)}}})
	}))
	t.Cleanup(srv.Close)
	return srv
}

// marginPNG is a 1024 transparent PNG with a 200x300 red block at (100, 80): far off centre.
func marginPNG(t *testing.T) []byte {
	img := image.NewNRGBA(image.Rect(0, 0, 1024, 1024))
	for y := 80; y < 380; y++ {
		for x := 100; x < 300; x++ {
			img.SetNRGBA(x, y, color.NRGBA{0xe4, 0x57, 0x2e, 0xff})
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestLogoModel(t *testing.T) {
	backends(t, func(t *testing.T, e0 *env) {
		var got atomic.Value
		srv := fakeImages(t, marginPNG(t), 200, &got)
		model := generate.NewImageModel(generate.ModelConfig{APIKey: "sk-test", BaseURL: srv.URL + "/v1"})
		e := newEnv(t, envOptions{store: e0.store, logoModel: model})
		saveTestBrand(t, e, e.devKey, map[string]any{"name": "Ember", "colors": map[string]any{"primary": "#e4572e", "secondary": "#17bebb"}})
		r := e.do("POST", "/api/v1/logo", e.devKey, map[string]any{"prompt": "a phoenix"})
		if r.status != 200 {
			t.Fatalf("model logo: %d %s", r.status, r.body)
		}
		req, _ := got.Load().(map[string]any)
		if req["model"] != "gpt-image-1" || req["background"] != "transparent" || req["output_format"] != "png" ||
			!strings.Contains(req["prompt"].(string), "a phoenix") || !strings.Contains(req["prompt"].(string), "#e4572e") {
			t.Errorf("image request %v", req)
		}
		img := decodePNG(t, r.json(t)["image"].(string))
		if b := img.Bounds(); b.Dx() != logo.Canvas || b.Dy() != logo.Canvas {
			t.Fatalf("logo is %v", b)
		}
		// The block was trimmed and centred: its 300 px height now spans the canvas less 8% each end.
		box := alphaBox(img)
		top, bottom := box.Min.Y, logo.Canvas-box.Max.Y
		left, right := box.Min.X, logo.Canvas-box.Max.X
		canvas, margin := float64(logo.Canvas), logo.Margin
		want := int(canvas*margin + 0.5)
		if abs(top-want) > 2 || abs(bottom-want) > 2 || abs(left-right) > 2 {
			t.Errorf("content box %v: margins top %d bottom %d left %d right %d, want %d top and bottom, even sides", box, top, bottom, left, right, want)
		}

		// A failing provider: 503, nothing charged.
		e2 := newEnv(t, envOptions{store: e0.store, logoModel: generate.NewImageModel(generate.ModelConfig{APIKey: "sk-test", BaseURL: fakeImages(t, nil, 500, nil).URL + "/v1"})})
		other := "other-" + t.Name()
		key := e2.key(other, brandgen.PlanDeveloper)
		e2.do("POST", "/api/v1/logo", key, map[string]any{"prompt": "a phoenix"}).envelope(t, 503, "provider_unavailable")
		if free, credits := e2.balances(other); free != 1 || credits != 0 {
			t.Errorf("a provider failure charged: free %d credits %d", free, credits)
		}
	})
}

// brandShare is the share of the opaque pixels whose colour lies near the gradient from p to s.
func brandShare(img image.Image, p, s [3]float64) float64 {
	in, all := 0, 0
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y += 2 {
		for x := b.Min.X; x < b.Max.X; x += 2 {
			r, g, bl, a := img.At(x, y).RGBA()
			if a>>8 < 250 {
				continue
			}
			all++
			c := [3]float64{float64(r >> 8), float64(g >> 8), float64(bl >> 8)}
			best := 1e9
			for t := 0.0; t <= 1; t += 0.05 {
				d := 0.0
				for i := range c {
					v := c[i] - (p[i] + (s[i]-p[i])*t)
					d += v * v
				}
				best = min(best, d)
			}
			if best < 40*40 {
				in++
			}
		}
	}
	if all == 0 {
		return 0
	}
	return float64(in) / float64(all)
}

func alphaBox(img image.Image) image.Rectangle {
	var box image.Rectangle
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if _, _, _, a := img.At(x, y).RGBA(); a>>8 > 8 {
				box = box.Union(image.Rect(x, y, x+1, y+1))
			}
		}
	}
	return box
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}
