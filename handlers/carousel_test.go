package handlers

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"image"
	"strings"
	"testing"
	"time"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/db/dbtest"
	"github.com/brandgen/brandgen/generate"
	"github.com/brandgen/brandgen/meter"
)

// decodeCarousel reads a carousel answer and checks its shape: pattern, one PNG of w x h per slide
// object, a PDF data URI.
func decodeCarousel(t *testing.T, r response, w, h int) (carouselAnswer, []image.Image) {
	t.Helper()
	if r.status != 200 {
		t.Fatalf("carousel: %d %.500s", r.status, r.body)
	}
	var body carouselAnswer
	if err := json.Unmarshal(r.body, &body); err != nil {
		t.Fatal(err)
	}
	if body.Pattern != "carousel" || len(body.Slides) == 0 || len(body.Slides) != len(body.Content.Slides) {
		t.Fatalf("pattern %q, %d images for %d slide objects", body.Pattern, len(body.Slides), len(body.Content.Slides))
	}
	imgs := make([]image.Image, len(body.Slides))
	for i, uri := range body.Slides {
		imgs[i] = decodePNG(t, uri)
		if b := imgs[i].Bounds(); b.Dx() != w || b.Dy() != h {
			t.Fatalf("slide %d is %v, want %dx%d", i, b, w, h)
		}
	}
	const prefix = "data:application/pdf;base64,"
	if !strings.HasPrefix(body.PDF, prefix) {
		t.Fatalf("pdf is not a PDF data URI: %.60s", body.PDF)
	}
	pdf, err := base64.StdEncoding.DecodeString(body.PDF[len(prefix):])
	if err != nil || !bytes.HasPrefix(pdf, []byte("%PDF-")) || !bytes.Contains(pdf, []byte("%%EOF")) {
		t.Fatalf("pdf does not decode to a PDF: %v", err)
	}
	return body, imgs
}

type carouselAnswer struct {
	Pattern string   `json:"pattern"`
	Slides  []string `json:"slides"`
	PDF     string   `json:"pdf"`
	Content struct {
		Slides []map[string]any `json:"slides"`
	} `json:"content"`
	Usage *meter.Usage `json:"usage"`
}

// samePixels reports the mean absolute difference per channel of two images (0 when identical).
func samePixels(a, b image.Image) float64 {
	if a.Bounds() != b.Bounds() {
		return 255
	}
	var sum, n float64
	for y := a.Bounds().Min.Y; y < a.Bounds().Max.Y; y += 2 {
		for x := a.Bounds().Min.X; x < a.Bounds().Max.X; x += 2 {
			r1, g1, b1, _ := a.At(x, y).RGBA()
			r2, g2, b2, _ := b.At(x, y).RGBA()
			for _, d := range []int64{int64(r1) - int64(r2), int64(g1) - int64(g2), int64(b1) - int64(b2)} {
				if d < 0 {
					d = -d
				}
				sum += float64(d)
			}
			n += 3
		}
	}
	return sum / n / 257
}

func TestCarousel(t *testing.T) {
	backends(t, func(t *testing.T, e *env) {
		r := e.do("POST", "/api/v1/carousel", e.devKey, map[string]any{
			"prompt": "How to write a great README: structure, examples, badges", "size": "square", "style": "flat", "theme": "dark"})
		body, imgs := decodeCarousel(t, r, 1080, 1080)
		if n := len(body.Slides); n < 5 || n > 10 {
			t.Fatalf("%d slides", n)
		}
		first, last := body.Content.Slides[0], body.Content.Slides[len(body.Content.Slides)-1]
		if first["kind"] != "cover" || first["title"] != "How to write a great README" || last["kind"] != "cta" {
			t.Fatalf("cover %v, last %v", first, last)
		}
		if u := body.Usage; u == nil || u.Generations != 1 || u.Used != 1 || u.Remaining != 899 || u.Provider != "offline" || u.Model != generate.OfflineModel {
			t.Fatalf("usage %+v", body.Usage)
		}
		if strings.Contains(string(r.body), `"warnings"`) { // every slide fits: no warnings field
			t.Fatalf("a deck that fits has warnings")
		}

		// content.slides re-renders to the same images, for free, on every plan.
		rr := e.do("POST", "/api/v1/carousel/render", e.freeKey, map[string]any{
			"slides": body.Content.Slides, "size": "square", "style": "flat", "theme": "dark"})
		again, imgs2 := decodeCarousel(t, rr, 1080, 1080)
		if again.Usage != nil {
			t.Fatalf("/carousel/render reports usage: %+v", again.Usage)
		}
		for i := range imgs {
			if again.Slides[i] == body.Slides[i] {
				continue
			}
			if d := samePixels(imgs[i], imgs2[i]); d > 0.2 {
				t.Errorf("slide %d re-renders differently (%.3f per channel)", i, d)
			}
		}
		// The whole answer sent back unmodified works too (its slides are images: content.slides is used).
		var whole map[string]any
		json.Unmarshal(r.body, &whole)
		whole["size"] = "portrait"
		decodeCarousel(t, e.do("POST", "/api/v1/carousel/render", e.devKey, whole), 1080, 1350)
		if u := e.do("GET", "/api/v1/usage", e.devKey, nil).json(t)["usage"].(map[string]any); u["used"] != 1.0 {
			t.Fatalf("re-renders were metered: %v", u)
		}
	})
}

func TestCarouselErrors(t *testing.T) {
	backends(t, func(t *testing.T, e *env) {
		fields := func(r response, status int, code string) string {
			t.Helper()
			return strings.Join(r.envelope(t, status, code), ",")
		}
		// POST /carousel names every bad field and meters nothing.
		bad := e.do("POST", "/api/v1/carousel", e.devKey, map[string]any{"prompt": strings.Repeat("x", 4001), "size": "story",
			"theme": "sepia", "style": "neon", "brand": map[string]any{"colors": map[string]any{"primary": "nope"}}})
		if got := fields(bad, 400, "validation_error"); got != "brand.colors.primary,prompt,size,style,theme" {
			t.Fatalf("fields = %s", got)
		}
		if got := fields(e.do("POST", "/api/v1/carousel", e.devKey, map[string]any{"size": "landscape"}), 400, "validation_error"); got != "prompt,size" {
			t.Fatalf("fields = %s", got)
		}
		if got := fields(e.do("POST", "/api/v1/carousel", e.devKey, `{"prompt": 12}`), 400, "validation_error"); got != "prompt" {
			t.Fatalf("fields = %s", got)
		}
		fields(e.do("POST", "/api/v1/carousel", e.devKey, `{"prompt":`), 400, "validation_error")
		fields(e.do("POST", "/api/v1/carousel", e.freeKey, map[string]any{"prompt": "5 lessons from scaling Postgres"}), 403, "plan_required")
		fields(e.do("POST", "/api/v1/carousel", "", map[string]any{"prompt": "5 lessons"}), 401, "unauthorized")
		fields(e.do("POST", "/api/v1/carousel/render", "bg_nope", map[string]any{"slides": []any{}}), 401, "unauthorized")

		// POST /carousel/render names every invalid slide by index and field.
		cover := map[string]any{"kind": "cover", "title": "Five lessons"}
		deck := []any{cover,
			map[string]any{"kind": "point", "title": "Pool your connections"},
			map[string]any{"kind": "poster", "headline": "x"},
			map[string]any{"kind": "point", "title": strings.Repeat("long ", 20), "color": "red"},
			map[string]any{"title": "no kind"},
			map[string]any{"kind": "chart", "title": "QPS", "chartType": "donut", "data": []any{map[string]any{"label": "a", "value": -1}, map[string]any{"label": "b", "value": 2}}},
			map[string]any{"kind": "cta", "title": "Follow"},
		}
		got := fields(e.do("POST", "/api/v1/carousel/render", e.devKey, map[string]any{"slides": deck, "size": "story"}), 400, "validation_error")
		if got != "size,slides[2].kind,slides[3].color,slides[3].title,slides[4].kind,slides[5].data[0].value" {
			t.Fatalf("fields = %s", got)
		}
		eleven := make([]any, 11)
		for i := range eleven {
			eleven[i] = cover
		}
		for _, c := range []struct {
			body any
			want string
		}{
			{map[string]any{"slides": eleven}, "slides"},
			{map[string]any{"slides": []any{}}, "slides"},
			{map[string]any{}, "slides"},
			{map[string]any{"slides": "cover"}, "slides"},
			{map[string]any{"slides": []any{"data:image/png;base64,AAAA"}}, "slides"},
			{map[string]any{"slides": []any{cover}, "theme": "sepia", "brand": map[string]any{"logo": "ftp://x"}}, "brand.logo,theme"},
		} {
			if got := fields(e.do("POST", "/api/v1/carousel/render", e.devKey, c.body), 400, "validation_error"); got != c.want {
				t.Errorf("%v: fields = %s, want %s", c.body, got, c.want)
			}
		}
		// /render does not draw single slides.
		if got := fields(e.do("POST", "/api/v1/render", e.devKey, map[string]any{"format": "slide-cover", "content": cover}), 400, "validation_error"); got != "format" {
			t.Fatalf("render of a slide: %s", got)
		}
		if u := e.do("GET", "/api/v1/usage", e.devKey, nil).json(t)["usage"].(map[string]any); u["used"] != 0.0 {
			t.Fatalf("failed calls were metered: %v", u)
		}
	})
}

func TestCarouselModelAndMetering(t *testing.T) {
	store := dbtest.SQLite(t)
	good := `{"slides":[{"kind":"cover","kicker":null,"title":"Five lessons from scaling Postgres","subtitle":null},
{"kind":"point","kicker":"Lesson 1","title":"Pool your connections","body":null},
{"kind":"stat","value":"10k QPS","label":"on one primary","context":null,"source":null},
{"kind":"illustration","icon":"🔭","title":"Observe first","body":null},
{"kind":"cta","title":"Follow for more","body":null,"action":null,"link":null}]}`
	model, calls := fakeModel(t, good, "500")
	planner, err := generate.New(generate.ModelConfig{APIKey: "sk-test", BaseURL: model.URL + "/v1", Model: "test-model",
		Timeout: 5 * time.Second}, catalog)
	if err != nil {
		t.Fatal(err)
	}
	volumes := map[brandgen.Plan]brandgen.Volume{brandgen.PlanDeveloper: {Limit: 2, Monthly: true}}
	e := &env{t: t, store: store}
	e.srv = newEnvWith(t, envOptions{store: store, planner: planner, volumes: volumes})
	e.devKey = e.key("dev", brandgen.PlanDeveloper)

	body, _ := decodeCarousel(t, e.do("POST", "/api/v1/carousel", e.devKey, map[string]any{"prompt": "Postgres lessons"}), 1080, 1350)
	if u := body.Usage; u == nil || u.Provider != "openai" || u.Model != "test-model-2026" || u.PromptTokens != 120 || u.Used != 1 || u.Limit != 2 {
		t.Fatalf("usage %+v", body.Usage)
	}
	if len(body.Slides) != 5 || body.Content.Slides[3]["icon"] != "🔭" {
		t.Fatalf("slides %v", body.Content.Slides)
	}
	// The provider fails: 503 provider_unavailable, refunded.
	fail := e.do("POST", "/api/v1/carousel", e.devKey, map[string]any{"prompt": "again"})
	fail.envelope(t, 503, "provider_unavailable")
	acct, _ := store.AccountByName(context.Background(), "dev")
	if u, _ := meter.New(store, volumes).Peek(context.Background(), acct); u.Used != 1 {
		t.Fatalf("the failed carousel was metered: used %d", u.Used)
	}
	if calls.Load() < 2 {
		t.Fatalf("model called %d times", calls.Load())
	}
	// Spend the volume offline, then 429 quota_exceeded.
	e2 := &env{t: t, store: store}
	e2.srv = newEnvWith(t, envOptions{store: store, volumes: volumes})
	decodeCarousel(t, e2.do("POST", "/api/v1/carousel", e.devKey, map[string]any{"prompt": "3 mistakes junior developers make with Git"}), 1080, 1350)
	e2.do("POST", "/api/v1/carousel", e.devKey, map[string]any{"prompt": "one more"}).envelope(t, 429, "quota_exceeded")
}
