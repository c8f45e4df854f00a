package handlers

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/db/dbtest"
	"github.com/brandgen/brandgen/generate"
	"github.com/brandgen/brandgen/meter"
)

// fakeModel is an OpenAI-compatible chat completions server answering from a script.
func fakeModel(t *testing.T, answers ...string) (*httptest.Server, *atomic.Int32) {
	t.Helper()
	var calls atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n := int(calls.Add(1)) - 1
		if !strings.HasSuffix(r.URL.Path, "/chat/completions") {
			http.NotFound(w, r)
			return
		}
		var req struct {
			Model          string `json:"model"`
			ResponseFormat struct {
				Type       string `json:"type"`
				JSONSchema struct {
					Strict bool `json:"strict"`
				} `json:"json_schema"`
			} `json:"response_format"`
		}
		if err := json.NewDecoder(r.Body).Decode(&req); err != nil || req.Model != "test-model" ||
			req.ResponseFormat.Type != "json_schema" || !req.ResponseFormat.JSONSchema.Strict {
			t.Errorf("request: model %q, format %+v, err %v", req.Model, req.ResponseFormat, err)
		}
		answer := answers[min(n, len(answers)-1)]
		if answer == "500" {
			http.Error(w, `{"error":{"message":"overloaded"}}`, http.StatusInternalServerError)
			return
		}
		json.NewEncoder(w).Encode(map[string]any{
			"id": "c1", "object": "chat.completion", "created": 1, "model": "test-model-2026",
			"choices": []any{map[string]any{"index": 0, "finish_reason": "stop",
				"message": map[string]any{"role": "assistant", "content": answer}}},
			"usage": map[string]any{"prompt_tokens": 120, "completion_tokens": 30, "total_tokens": 150},
		})
	}))
	t.Cleanup(srv.Close)
	return srv, &calls
}

func TestPosts(t *testing.T) {
	backends(t, func(t *testing.T, e *env) {
		// Offline planner (the default of newEnv): auto-selects stat for a number.
		r := e.do("POST", "/api/v1/posts", e.devKey, map[string]any{
			"prompt": "73% of developers say code review is how they learn most", "size": "square", "style": "editorial"})
		if r.status != 200 {
			t.Fatalf("posts: %d %s", r.status, r.body)
		}
		var body PostResponse
		if err := json.Unmarshal(r.body, &body); err != nil {
			t.Fatal(err)
		}
		if body.Pattern != "stat" || body.Usage.Provider != "offline" || body.Usage.Used != 1 || body.Usage.Limit != 900 ||
			body.Usage.Remaining != 899 || body.Usage.Generations != 1 || body.Usage.ResetsAt == "" {
			t.Fatalf("posts answer: pattern %q usage %+v", body.Pattern, body.Usage)
		}
		if b := decodePNG(t, body.Image).Bounds(); b.Dx() != 1080 || b.Dy() != 1080 {
			t.Fatalf("square post is %v", b)
		}
		// The response sent back to /render unmodified re-renders, for free.
		var raw map[string]any
		json.Unmarshal(r.body, &raw)
		raw["size"] = "story"
		rr := e.do("POST", "/api/v1/render", e.devKey, raw)
		if rr.status != 200 {
			t.Fatalf("render of a /posts answer: %d %s", rr.status, rr.body)
		}
		if b := decodePNG(t, rr.json(t)["image"].(string)).Bounds(); b.Dx() != 1080 || b.Dy() != 1920 {
			t.Fatalf("story re-render is %v", b)
		}
		if u := e.do("GET", "/api/v1/usage", e.devKey, nil).json(t)["usage"].(map[string]any); u["used"] != 1.0 {
			t.Fatalf("render was metered: %v", u)
		}

		// Validation names every bad field; nothing is metered.
		bad := e.do("POST", "/api/v1/posts", e.devKey, map[string]any{"prompt": strings.Repeat("x", 4001), "format": "diagram",
			"theme": "sepia", "layout": "4x4", "brand": map[string]any{"colors": map[string]any{"primary": "nope"}}})
		fields := bad.envelope(t, 400, "validation_error")
		want := []string{"brand.colors.primary", "format", "prompt", "theme"}
		if strings.Join(fields, ",") != strings.Join(want, ",") {
			t.Fatalf("fields = %v, want %v", fields, want)
		}
		lay := e.do("POST", "/api/v1/posts", e.devKey, map[string]any{"prompt": "tips", "format": "quote", "layout": "2col"})
		if f := lay.envelope(t, 400, "validation_error"); len(f) != 1 || f[0] != "layout" {
			t.Fatalf("layout on quote: %v", f)
		}
		e.do("POST", "/api/v1/posts", e.devKey, map[string]any{}).envelope(t, 400, "validation_error")
		e.do("POST", "/api/v1/posts", e.freeKey, map[string]any{"prompt": "hello"}).envelope(t, 403, "plan_required")
	})
}

func TestPostsModelAndMetering(t *testing.T) {
	store := dbtest.SQLite(t)
	good := `{"post":{"pattern":"stat","content":{"value":"4.2M","label":"images rendered last month","context":null,"source":null}}}`
	model, calls := fakeModel(t, good, "500")
	planner, err := generate.New(generate.ModelConfig{APIKey: "sk-test", BaseURL: model.URL + "/v1", Model: "test-model",
		Timeout: 5 * time.Second}, catalog)
	if err != nil {
		t.Fatal(err)
	}
	e := &env{t: t, store: store}
	e.srv = newEnvWith(t, envOptions{store: store, planner: planner,
		volumes: map[brandgen.Plan]brandgen.Volume{brandgen.PlanDeveloper: {Limit: 2, Monthly: true}}})
	e.devKey = e.key("dev", brandgen.PlanDeveloper)

	r := e.do("POST", "/api/v1/posts", e.devKey, map[string]any{"prompt": "How many images did we render?"})
	if r.status != 200 {
		t.Fatalf("model post: %d %s", r.status, r.body)
	}
	var body PostResponse
	json.Unmarshal(r.body, &body)
	if body.Pattern != "stat" || body.Usage.Provider != "openai" || body.Usage.Model != "test-model-2026" ||
		body.Usage.PromptTokens != 120 || body.Usage.CompletionTokens != 30 || body.Usage.Used != 1 || body.Usage.Limit != 2 {
		t.Fatalf("model answer: %q %+v", body.Pattern, body.Usage)
	}
	// The provider fails: 503 provider_unavailable, and the generation is refunded.
	fail := e.do("POST", "/api/v1/posts", e.devKey, map[string]any{"prompt": "again"})
	fail.envelope(t, 503, "provider_unavailable")
	if strings.Contains(string(fail.body), "sk-test") {
		t.Fatal("the API key leaked into the error")
	}
	acct, _ := store.AccountByName(context.Background(), "dev")
	if u, _ := meter.New(store, map[brandgen.Plan]brandgen.Volume{brandgen.PlanDeveloper: {Limit: 2, Monthly: true}}).Peek(context.Background(), acct); u.Used != 1 {
		t.Fatalf("failed generation was metered: used %d", u.Used)
	}
	if calls.Load() < 2 {
		t.Fatalf("model called %d times", calls.Load())
	}
	// Spend the volume with the offline planner's env, then 429 quota_exceeded with Retry-After.
	e2 := &env{t: t, store: store}
	e2.srv = newEnvWith(t, envOptions{store: store, volumes: map[brandgen.Plan]brandgen.Volume{brandgen.PlanDeveloper: {Limit: 2, Monthly: true}}})
	if r := e2.do("POST", "/api/v1/posts", e.devKey, map[string]any{"prompt": "Launching our new API today", "format": "announcement"}); r.status != 200 {
		t.Fatalf("second generation: %d %s", r.status, r.body)
	}
	q := e2.do("POST", "/api/v1/posts", e.devKey, map[string]any{"prompt": "one more"})
	q.envelope(t, 429, "quota_exceeded")
	if q.header.Get("Retry-After") == "" {
		t.Fatal("quota_exceeded without Retry-After")
	}
}
