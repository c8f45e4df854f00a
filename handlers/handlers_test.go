package handlers

import (
	"context"
	"errors"
	"image"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/db"
	"github.com/brandgen/brandgen/db/dbtest"
	"github.com/brandgen/brandgen/ratelimit"
	"github.com/redis/go-redis/v9"
)

func TestErrorEnvelopes(t *testing.T) {
	backends(t, func(t *testing.T, e *env) {
		big := `{"title":"` + strings.Repeat("x", 11<<20) + `"}`
		cases := []struct {
			name, method, path, key string
			body                    any
			status                  int
			code                    string
			fields                  []string
		}{
			{"no key", "GET", "/api/v1/schemas", "", nil, 401, "unauthorized", nil},
			{"bad key", "GET", "/api/v1/schemas", "nope", nil, 401, "unauthorized", nil},
			{"unknown well-formed key", "GET", "/api/v1/schemas", "bg_abcdefgh_" + strings.Repeat("a", 32), nil, 401, "unauthorized", nil},
			{"unknown route", "GET", "/api/v1/nothing", e.devKey, nil, 404, "not_found", nil},
			{"unknown root route", "GET", "/nothing", "", nil, 404, "not_found", nil},
			{"wrong method", "DELETE", "/api/v1/chart", e.devKey, nil, 405, "method_not_allowed", nil},
			{"malformed JSON", "POST", "/api/v1/render", e.devKey, `{"format": `, 400, "validation_error", []string{"body"}},
			{"JSON array body", "POST", "/api/v1/brand", e.devKey, `[1,2]`, 400, "validation_error", []string{"body"}},
			{"body over 10 MB", "POST", "/api/v1/brand", e.devKey, big, 413, "payload_too_large", nil},
			{"chart needs developer plan", "POST", "/api/v1/chart", e.freeKey,
				map[string]any{"chartType": "bar", "series": []map[string]any{{"label": "a", "value": 1}, {"label": "b", "value": 2}}},
				403, "plan_required", nil},
			{"every bad chart field", "POST", "/api/v1/chart", e.devKey, map[string]any{
				"chartType": "pie", "size": "huge", "theme": "neon", "style": 7,
				"brand": map[string]any{"colors": map[string]any{"primary": "red"}},
			}, 400, "validation_error", []string{"brand.colors.primary", "chartType", "size", "style", "theme"}},
			{"kpi tile field path", "POST", "/api/v1/chart", e.devKey, map[string]any{
				"chartType": "kpi", "tiles": []map[string]any{{"value": "1", "label": "a"}, {"label": "b"}},
			}, 400, "validation_error", []string{"tiles[1].value"}},
			{"render unknown format", "POST", "/api/v1/render", e.devKey, map[string]any{"format": "diagram", "content": map[string]any{}}, 400, "validation_error", []string{"format"}},
			{"render without content", "POST", "/api/v1/render", e.devKey, map[string]any{"format": "chart"}, 400, "validation_error", []string{"content"}},
			{"render bad content paths", "POST", "/api/v1/render", e.freeKey, map[string]any{"pattern": "chart", "theme": "x",
				"content": map[string]any{"chartType": "bar", "series": []map[string]any{{"label": "a", "value": "high"}}}},
				400, "validation_error", nil},
			{"brand fields", "POST", "/api/v1/brand", e.devKey, map[string]any{"logo": "ftp://x", "colors": map[string]any{"primary": "#12", "secondary": "blue"}},
				400, "validation_error", []string{"colors.primary", "colors.secondary", "logo"}},
			{"settings fields", "PATCH", "/api/v1/settings", e.devKey, map[string]any{"diagramDefaults": map[string]any{"theme": "sepia", "size": "auto", "nodeStyle": "x", "transparent": "yes", "color": 1}},
				400, "validation_error", []string{"diagramDefaults.color", "diagramDefaults.nodeStyle", "diagramDefaults.theme", "diagramDefaults.transparent"}},
		}
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				r := e.do(tc.method, tc.path, tc.key, tc.body)
				fields := r.envelope(t, tc.status, tc.code)
				if tc.fields != nil && !slices.Equal(fields, tc.fields) {
					t.Fatalf("issue fields = %q, want %q", fields, tc.fields)
				}
				if tc.code == "validation_error" && len(fields) == 0 {
					t.Fatal("validation_error without issues")
				}
				if r.header.Get("RateLimit-Policy") == "" {
					t.Error("missing RateLimit-Policy")
				}
			})
		}
	})
}

func TestRenderRoundTrip(t *testing.T) {
	backends(t, func(t *testing.T, e *env) {
		chart := map[string]any{
			"chartType": "bar", "title": "Quarterly revenue", "unit": "$", "size": "square", "theme": "dark", "style": "flat",
			"series":  []map[string]any{{"label": "Q1", "value": 12.5}, {"label": "Q2", "value": 18}, {"label": "Q3", "value": 15}},
			"brand":   map[string]any{"name": "Acme", "colors": map[string]any{"primary": "#e4572e"}},
			"ignored": "unknown top-level fields are ignored",
		}
		r := e.do("POST", "/api/v1/chart", e.devKey, chart)
		if r.status != 200 {
			t.Fatalf("chart: %d %s", r.status, r.body)
		}
		body := r.json(t)
		if body["pattern"] != "chart" {
			t.Fatalf("pattern = %v", body["pattern"])
		}
		img := decodePNG(t, body["image"].(string))
		if b := img.Bounds(); b.Dx() != 1080 || b.Dy() != 1080 {
			t.Fatalf("square chart is %v", b)
		}
		// The response, sent back unmodified (key pattern, extra keys), reproduces the image.
		body["size"], body["theme"], body["style"], body["brand"] = "square", "dark", "flat", chart["brand"]
		r2 := e.do("POST", "/api/v1/render", e.freeKey, body)
		if r2.status != 200 {
			t.Fatalf("render: %d %s", r2.status, r2.body)
		}
		img2 := decodePNG(t, r2.json(t)["image"].(string))
		if img2.Bounds() != img.Bounds() {
			t.Fatalf("re-render is %v, first %v", img2.Bounds(), img.Bounds())
		}
		if d := diffRatio(img, img2); d > 0.001 {
			t.Fatalf("re-render differs in %.2f%% of pixels", d*100)
		}
	})
}

// diffRatio is the share of pixels that differ by more than a little between a and b.
func diffRatio(a, b image.Image) float64 {
	bounds := a.Bounds()
	diff := 0
	for y := bounds.Min.Y; y < bounds.Max.Y; y++ {
		for x := bounds.Min.X; x < bounds.Max.X; x++ {
			r1, g1, b1, _ := a.At(x, y).RGBA()
			r2, g2, b2, _ := b.At(x, y).RGBA()
			if absDiff(r1, r2) > 1024 || absDiff(g1, g2) > 1024 || absDiff(b1, b2) > 1024 {
				diff++
			}
		}
	}
	return float64(diff) / float64(bounds.Dx()*bounds.Dy())
}

func absDiff(a, b uint32) uint32 {
	if a > b {
		return a - b
	}
	return b - a
}

func TestRateLimit(t *testing.T) {
	run := func(t *testing.T, e *env) {
		for i := 0; i < 3; i++ {
			r := e.do("POST", "/api/v1/brand", e.devKey, map[string]any{"name": "Acme"})
			if r.status != 200 {
				t.Fatalf("write %d: %d %s", i, r.status, r.body)
			}
			if got := r.header.Get("RateLimit-Remaining"); got != strconv.Itoa(2-i) {
				t.Fatalf("write %d: RateLimit-Remaining = %q, want %d", i, got, 2-i)
			}
		}
		r := e.do("POST", "/api/v1/brand", e.devKey, map[string]any{"name": "Acme"})
		r.envelope(t, 429, "rate_limited")
		if ra, _ := strconv.Atoi(r.header.Get("Retry-After")); ra < 1 {
			t.Fatalf("Retry-After = %q", r.header.Get("Retry-After"))
		}
		// Reads are never counted but carry the headers; another key has its own budget.
		for i := 0; i < 5; i++ {
			g := e.do("GET", "/api/v1/brand", e.devKey, nil)
			if g.status != 200 || g.header.Get("RateLimit-Limit") != "3" || g.header.Get("RateLimit-Policy") != "3;w=60" ||
				g.header.Get("RateLimit-Remaining") != "0" || g.header.Get("RateLimit-Reset") == "" {
				t.Fatalf("read: %d %v", g.status, g.header)
			}
		}
		if r := e.do("POST", "/api/v1/brand", e.freeKey, map[string]any{"name": "Other"}); r.status != 200 {
			t.Fatalf("other key: %d", r.status)
		}
	}
	t.Run("memory", func(t *testing.T) {
		run(t, newEnv(t, envOptions{store: dbtest.SQLite(t), rateLimit: 3}))
	})
	t.Run("redis", func(t *testing.T) {
		rdb := redisClient(t)
		run(t, newEnv(t, envOptions{store: dbtest.SQLite(t), rateLimit: 3,
			limiter: ratelimit.FailOpen(ratelimit.NewRedis(rdb, 3, time.Minute), quiet)}))
	})
	t.Run("redis down fails open", func(t *testing.T) {
		dead := redis.NewClient(&redis.Options{Addr: "127.0.0.1:1", DialTimeout: 200 * time.Millisecond, MaxRetries: -1})
		defer dead.Close()
		e := newEnv(t, envOptions{store: dbtest.SQLite(t), limiter: ratelimit.FailOpen(ratelimit.NewRedis(dead, 60, time.Minute), quiet),
			ready: map[string]func(context.Context) error{"redis": func(ctx context.Context) error { return dead.Ping(ctx).Err() }}})
		for i := 0; i < 3; i++ {
			if r := e.do("POST", "/api/v1/brand", e.devKey, map[string]any{"name": "Acme"}); r.status != 200 {
				t.Fatalf("with Redis down: %d %s", r.status, r.body)
			}
		}
		r := e.do("GET", "/readyz", "", nil)
		if r.status != 503 || !strings.Contains(string(r.body), "redis") {
			t.Fatalf("readyz with Redis down: %d %s", r.status, r.body)
		}
	})
}

func TestDatabaseDown(t *testing.T) {
	// A Postgres that refuses connections: calls answer 503 with a clear code, readyz says why.
	ctx := context.Background()
	store, err := db.OpenPostgres(ctx, "postgres://postgres@127.0.0.1:1/none?sslmode=disable&connect_timeout=1")
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	e := &env{t: t, store: store, srv: newEnvWith(t, envOptions{store: store,
		ready: map[string]func(context.Context) error{"database": store.Ping}})}
	r := e.do("GET", "/api/v1/schemas", "bg_abcdefgh_"+strings.Repeat("a", 32), nil)
	r.envelope(t, 503, "database_unavailable")
	if r.header.Get("Retry-After") == "" {
		t.Error("503 without Retry-After")
	}
	rz := e.do("GET", "/readyz", "", nil)
	if rz.status != 503 || !strings.Contains(string(rz.body), "database") {
		t.Fatalf("readyz: %d %s", rz.status, rz.body)
	}
	if h := e.do("GET", "/healthz", "", nil); h.status != 200 {
		t.Fatalf("healthz: %d", h.status)
	}
}

func TestPanicIsAnEnvelope(t *testing.T) {
	// A nil catalog makes /schemas panic: the client gets a 500 envelope, never the stack.
	store := dbtest.SQLite(t)
	e := &env{t: t, store: store}
	e.srv = newEnvWith(t, envOptions{store: store, noCatalog: true})
	e.devKey = e.key("dev", brandgen.PlanDeveloper)
	r := e.do("GET", "/api/v1/schemas", e.devKey, nil)
	r.envelope(t, 500, "internal_error")
	// The server keeps serving.
	if r := e.do("GET", "/healthz", "", nil); r.status != 200 {
		t.Fatalf("after panic: %d", r.status)
	}
}

func TestBrandAndSettings(t *testing.T) {
	backends(t, func(t *testing.T, e *env) {
		if r := e.do("GET", "/api/v1/brand", e.devKey, nil); r.status != 200 || len(r.json(t)["brand"].(map[string]any)) != 0 {
			t.Fatalf("no saved brand yet: %d %s", r.status, r.body)
		}
		brand := map[string]any{"name": "Acme", "handle": "@acme", "tagline": "Build faster",
			"colors": map[string]any{"primary": "#0A84FF", "secondary": "#f90"}}
		r := e.do("POST", "/api/v1/brand", e.devKey, brand)
		if r.status != 200 {
			t.Fatalf("save brand: %d %s", r.status, r.body)
		}
		got := e.do("GET", "/api/v1/brand", e.devKey, nil).json(t)["brand"].(map[string]any)
		if got["name"] != "Acme" || got["colors"].(map[string]any)["secondary"] != "#f90" {
			t.Fatalf("saved brand = %v", got)
		}
		// Settings: set, then clear one with null, keep the others.
		r = e.do("PATCH", "/api/v1/settings", e.devKey, map[string]any{"diagramDefaults": map[string]any{"theme": "dark", "size": "auto", "transparent": true, "branded": false}})
		if r.status != 200 {
			t.Fatalf("patch settings: %d %s", r.status, r.body)
		}
		r = e.do("PATCH", "/api/v1/settings", e.devKey, map[string]any{"diagramDefaults": map[string]any{"theme": nil, "nodeStyle": "freeform"}})
		dd := r.json(t)["diagramDefaults"].(map[string]any)
		if _, has := dd["theme"]; has || dd["size"] != "auto" || dd["nodeStyle"] != "freeform" || dd["transparent"] != true || dd["branded"] != false {
			t.Fatalf("settings after merge = %v", dd)
		}
		if g := e.do("GET", "/api/v1/settings", e.devKey, nil).json(t)["diagramDefaults"].(map[string]any); g["nodeStyle"] != "freeform" {
			t.Fatalf("GET settings = %v", g)
		}
	})
}

func TestSchemasAndOps(t *testing.T) {
	e := newEnv(t, envOptions{store: dbtest.SQLite(t)})
	for _, path := range []string{"/api/v1/schemas", "/api/schemas"} {
		r := e.do("GET", path, e.freeKey, nil)
		if r.status != 200 {
			t.Fatalf("%s: %d", path, r.status)
		}
		list := r.json(t)["patterns"].([]any)
		var ids []string
		for _, p := range list {
			m := p.(map[string]any)
			ids = append(ids, m["id"].(string))
			if m["title"] == "" || m["schema"] == nil || (m["kind"] != "post" && m["kind"] != "chart" && m["kind"] != "slide") {
				t.Fatalf("catalog entry %v", m)
			}
		}
		if !slices.Contains(ids, "chart") || !slices.Contains(ids, "slide-cta") {
			t.Fatalf("catalog %v lacks chart", ids)
		}
	}
	if r := e.do("GET", "/readyz", "", nil); r.status != 200 {
		t.Fatalf("readyz: %d %s", r.status, r.body)
	}
	m := e.do("GET", "/metrics", "", nil)
	if m.status != 200 || !strings.Contains(string(m.body), `brandgen_http_requests_total{method="GET",route="/api/v1/schemas",status="200"}`) {
		t.Fatalf("metrics: %d %.400s", m.status, m.body)
	}
	if id := e.do("GET", "/healthz", "", nil).header.Get("X-Request-Id"); id == "" {
		t.Fatal("no request id")
	}
}

var _ = errors.Is
var _ = http.StatusOK

// TestRenderWarnings: content too long for the readable floor comes back with its subtitle left
// out and a warning naming it; content that fits has no warnings field.
func TestRenderWarnings(t *testing.T) {
	backends(t, func(t *testing.T, e *env) {
		long := map[string]any{"format": "resources", "style": "glass", "content": longResources()}
		r := e.do("POST", "/api/v1/render", e.freeKey, long)
		if r.status != 200 {
			t.Fatalf("render: %d %s", r.status, r.body)
		}
		ws, _ := r.json(t)["warnings"].([]any)
		if len(ws) == 0 {
			t.Fatalf("no warnings for content over the floor: %s", r.body[:min(len(r.body), 300)])
		}
		w := ws[0].(map[string]any)
		if w["code"] != "content_dropped" || w["path"] != "content.subtitle" || w["message"] == "" {
			t.Errorf("first warning %v, want content_dropped on content.subtitle", w)
		}
		short := map[string]any{"format": "resources", "content": map[string]any{"title": "Two newsletters",
			"items": []map[string]any{{"name": "Golang Weekly"}, {"name": "Pointer.io"}}}}
		r = e.do("POST", "/api/v1/render", e.freeKey, short)
		if r.status != 200 {
			t.Fatalf("render: %d %s", r.status, r.body)
		}
		if _, ok := r.json(t)["warnings"]; ok {
			t.Errorf("warnings on content that fits: %v", r.json(t)["warnings"])
		}
	})
}
