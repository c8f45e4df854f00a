package mcp_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image/png"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/app"
	"github.com/brandgen/brandgen/charts"
	"github.com/brandgen/brandgen/diagrams"
	"github.com/brandgen/brandgen/keys"
	"github.com/brandgen/brandgen/mcp"
	"github.com/brandgen/brandgen/posts"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// One App (SQLite, no Redis, offline planners, one render pool) for the package.
var (
	theApp *app.App
	api    http.Handler
)

func TestMain(m *testing.M) {
	if os.Getenv("BRANDGEN_TEST_AS_STDIO_SERVER") == "1" { // TestStdio's child: an MCP server on stdio
		if err := stdioServer(); err != nil {
			fmt.Fprintln(os.Stderr, "stdio server:", err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	dir, err := os.MkdirTemp("", "brandgen-mcp-test-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	os.Setenv("OPENAI_API_KEY", "")
	os.Setenv("OPENAI_BASE_URL", "")
	cfg, err := app.LoadConfig()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	cfg.DatabaseURL, cfg.RedisURL, cfg.DataDir = "", "", dir
	theApp, err = app.New(context.Background(), cfg, slog.New(slog.NewTextHandler(io.Discard, nil)), app.Overrides{})
	if err != nil {
		fmt.Fprintln(os.Stderr, "app:", err)
		os.Exit(1)
	}
	api = theApp.Handler()
	code := m.Run()
	theApp.Close()
	os.RemoveAll(dir)
	os.Exit(code)
}

// newKey makes an account on plan with a key.
func newKey(t *testing.T, plan brandgen.Plan) string {
	t.Helper()
	acct, err := theApp.Store.EnsureAccount(t.Context(), "mcp-"+t.Name()+"-"+string(plan), plan)
	if err != nil {
		t.Fatal(err)
	}
	key, prefix, hash := keys.New()
	if _, err := theApp.Store.CreateKey(t.Context(), acct.ID, prefix, hash); err != nil {
		t.Fatal(err)
	}
	return key
}

// connectors open a client session over each transport with the given key.
var connectors = map[string]func(t *testing.T, key string) *sdk.ClientSession{
	"in-memory": func(t *testing.T, key string) *sdk.ClientSession {
		srv, err := mcp.New(api, key)
		if err != nil {
			t.Fatal(err)
		}
		ct, st := sdk.NewInMemoryTransports()
		ss, err := srv.Connect(t.Context(), st, nil)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { ss.Close() })
		return connect(t, ct)
	},
	"streamable-http": func(t *testing.T, key string) *sdk.ClientSession {
		hs := httptest.NewServer(api)
		t.Cleanup(hs.Close)
		return connect(t, &sdk.StreamableClientTransport{Endpoint: hs.URL + "/mcp", HTTPClient: keyClient(key), MaxRetries: -1})
	},
}

func connect(t *testing.T, tr sdk.Transport) *sdk.ClientSession {
	t.Helper()
	c := sdk.NewClient(&sdk.Implementation{Name: "brandgen-test", Version: "0"}, nil)
	cs, err := c.Connect(t.Context(), tr, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

// keyClient sends x-api-key on every request.
func keyClient(key string) *http.Client {
	return &http.Client{Timeout: 2 * time.Minute, Transport: keyTransport{key}}
}

type keyTransport struct{ key string }

func (k keyTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	if k.key != "" {
		r.Header.Set("x-api-key", k.key)
	}
	return http.DefaultTransport.RoundTrip(r)
}

func call(t *testing.T, cs *sdk.ClientSession, tool string, args map[string]any) *sdk.CallToolResult {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 2*time.Minute)
	defer cancel()
	res, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: tool, Arguments: args})
	if err != nil {
		t.Fatalf("%s: protocol error %v", tool, err)
	}
	return res
}

// image checks res succeeded with one PNG of w x h (0: any) and returns its JSON text as a map.
func image(t *testing.T, tool string, res *sdk.CallToolResult, w, h int) map[string]any {
	t.Helper()
	if res.IsError {
		t.Fatalf("%s: tool error %s", tool, text(res))
	}
	var img *sdk.ImageContent
	var body map[string]any
	for _, c := range res.Content {
		switch c := c.(type) {
		case *sdk.ImageContent:
			img = c
		case *sdk.TextContent:
			if err := json.Unmarshal([]byte(c.Text), &body); err != nil {
				t.Fatalf("%s: text is not JSON: %v", tool, err)
			}
		}
	}
	if img == nil || img.MIMEType != "image/png" {
		t.Fatalf("%s: no PNG image content in %d items", tool, len(res.Content))
	}
	cfg, err := png.DecodeConfig(bytes.NewReader(img.Data))
	if err != nil {
		t.Fatalf("%s: image: %v", tool, err)
	}
	if (w > 0 && cfg.Width != w) || (h > 0 && cfg.Height != h) {
		t.Errorf("%s: image %dx%d, want %dx%d", tool, cfg.Width, cfg.Height, w, h)
	}
	if _, dup := body["image"]; dup {
		t.Errorf("%s: the image is also in the text", tool)
	}
	return body
}

func text(res *sdk.CallToolResult) string {
	var parts []string
	for _, c := range res.Content {
		if tc, ok := c.(*sdk.TextContent); ok {
			parts = append(parts, tc.Text)
		}
	}
	return strings.Join(parts, "\n")
}

// toolError checks res is a tool error naming every field.
func toolError(t *testing.T, what string, res *sdk.CallToolResult, code string, fields ...string) {
	t.Helper()
	msg := text(res)
	if !res.IsError {
		t.Fatalf("%s: not a tool error: %.300s", what, msg)
	}
	if !strings.HasPrefix(msg, code) {
		t.Errorf("%s: error %q, want code %s", what, msg, code)
	}
	for _, f := range fields {
		if !strings.Contains(msg, "- "+f+": ") {
			t.Errorf("%s: error does not name %s: %s", what, f, msg)
		}
	}
}

var chart = map[string]any{"chartType": "bar", "title": "Signups", "size": "square",
	"series": []map[string]any{{"label": "Jan", "value": 120}, {"label": "Feb", "value": 180}}}

// TestTools lists the tools and calls each over both transports, including refused calls.
func TestTools(t *testing.T) {
	for name, open := range connectors {
		t.Run(name, func(t *testing.T) {
			key := newKey(t, brandgen.PlanDeveloper)
			cs := open(t, key)

			tools, err := cs.ListTools(t.Context(), nil)
			if err != nil {
				t.Fatal(err)
			}
			var names []string
			for _, tl := range tools.Tools {
				names = append(names, tl.Name)
				props := tl.InputSchema.(map[string]any)["properties"].(map[string]any)
				_, hasFlag := props["unbranded"]
				if hasFlag != (tl.Name != "list_patterns") {
					t.Errorf("%s: unbranded in schema = %v", tl.Name, hasFlag)
				}
			}
			checkSchemas(t, tools.Tools)
			slices.Sort(names)
			if want := []string{"create_diagram", "create_post", "list_patterns", "refine_diagram", "render_chart"}; !slices.Equal(names, want) {
				t.Fatalf("tools = %v, want %v", names, want)
			}

			body := image(t, "render_chart", call(t, cs, "render_chart", chart), 1080, 1080)
			if body["pattern"] != "chart" {
				t.Errorf("render_chart pattern = %v", body["pattern"])
			}
			image(t, "render_chart unbranded", call(t, cs, "render_chart", with(chart, "unbranded", true)), 1080, 1080)

			post := image(t, "create_post", call(t, cs, "create_post", map[string]any{"prompt": "Announce our API playground", "format": "announcement", "size": "landscape"}), 1920, 1080)
			if post["pattern"] != "announcement" || post["usage"] == nil {
				t.Errorf("create_post = pattern %v, usage %v", post["pattern"], post["usage"])
			}

			d := image(t, "create_diagram", call(t, cs, "create_diagram", map[string]any{"prompt": "web app: load balancer, two API servers, Postgres", "type": "flowchart", "size": "square"}), 1080, 1080)
			id, _ := d["id"].(string)
			if id == "" {
				t.Fatalf("create_diagram returned no id: %v", d)
			}
			r := image(t, "refine_diagram restyle", call(t, cs, "refine_diagram", map[string]any{"id": id, "theme": "dark"}), 1080, 1080)
			if r["theme"] != "dark" || r["usage"] != nil {
				t.Errorf("restyle = theme %v, usage %v (a restyle is free)", r["theme"], r["usage"])
			}
			r = image(t, "refine_diagram edit", call(t, cs, "refine_diagram", map[string]any{"id": id, "prompt": "add a Redis cache"}), 0, 0)
			if r["usage"] == nil {
				t.Errorf("an edit with a prompt reports no usage")
			}

			list := call(t, cs, "list_patterns", map[string]any{"kind": "chart"})
			var cat struct{ Patterns []struct{ ID string } }
			if err := json.Unmarshal([]byte(text(list)), &cat); err != nil || len(cat.Patterns) != 1 || cat.Patterns[0].ID != "chart" {
				t.Errorf("list_patterns chart = %v %.200s", err, text(list))
			}
			all := call(t, cs, "list_patterns", nil)
			if err := json.Unmarshal([]byte(text(all)), &cat); err != nil || len(cat.Patterns) < 20 {
				t.Errorf("list_patterns = %d patterns, %v", len(cat.Patterns), err)
			}

			// refused calls are tool errors naming the fields, as the REST API names them
			bad := with(with(chart, "chartType", "pie"), "theme", "sepia")
			toolError(t, "bad chart", call(t, cs, "render_chart", bad), "validation_error", "chartType", "theme")
			toolError(t, "no prompt", call(t, cs, "create_post", map[string]any{"brand": map[string]any{"colors": map[string]any{"primary": "red"}}}),
				"validation_error", "prompt", "brand.colors.primary")
			toolError(t, "bad kind", call(t, cs, "list_patterns", map[string]any{"kind": "video"}), "validation_error", "kind")
			toolError(t, "no id", call(t, cs, "refine_diagram", map[string]any{"theme": "dark"}), "validation_error", "id")
			toolError(t, "unknown id", call(t, cs, "refine_diagram", map[string]any{"id": "nope", "theme": "dark"}), "not_found")
			toolError(t, "long title", call(t, cs, "create_diagram", map[string]any{"prompt": "x", "title": strings.Repeat("t", 81)}), "validation_error", "title")

			// metering is the REST API's: create_post, create_diagram and the edit counted, nothing else
			used := usage(t, key)
			if used != 3 {
				t.Errorf("generations used = %d, want 3", used)
			}
		})
	}
}

func with(m map[string]any, k string, v any) map[string]any {
	out := map[string]any{}
	for kk, vv := range m {
		out[kk] = vv
	}
	out[k] = v
	return out
}

func usage(t *testing.T, key string) int {
	t.Helper()
	req := httptest.NewRequest(http.MethodGet, "/api/v1/usage", nil)
	req.Header.Set("x-api-key", key)
	rec := httptest.NewRecorder()
	api.ServeHTTP(rec, req)
	var body struct{ Usage struct{ Used int } }
	if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil || rec.Code != 200 {
		t.Fatalf("usage: %d %v", rec.Code, err)
	}
	return body.Usage.Used
}

// TestPlanAndKey: the plan check and the key are the REST API's.
func TestPlanAndKey(t *testing.T) {
	for name, open := range connectors {
		t.Run(name, func(t *testing.T) {
			cs := open(t, newKey(t, brandgen.PlanFree))
			toolError(t, "free plan", call(t, cs, "render_chart", chart), "plan_required")
			if res := call(t, cs, "list_patterns", nil); res.IsError {
				t.Errorf("list_patterns on the free plan: %s", text(res))
			}
		})
	}
	t.Run("streamable-http without a key", func(t *testing.T) {
		hs := httptest.NewServer(api)
		defer hs.Close()
		c := sdk.NewClient(&sdk.Implementation{Name: "brandgen-test", Version: "0"}, nil)
		if cs, err := c.Connect(t.Context(), &sdk.StreamableClientTransport{Endpoint: hs.URL + "/mcp", HTTPClient: keyClient(""), MaxRetries: -1}, nil); err == nil {
			cs.Close()
			t.Fatal("connected without a key")
		}
		res, err := http.Post(hs.URL+"/mcp", "application/json", strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"tools/list"}`))
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusUnauthorized {
			t.Errorf("POST /mcp without a key = %d, want 401", res.StatusCode)
		}
	})
}

// checkSchemas: the input schemas (the OpenAPI request bodies) carry the fields and allowed values
// of the Go types, self-contained (no $ref left).
func checkSchemas(t *testing.T, tools []*sdk.Tool) {
	t.Helper()
	want := []struct {
		tool, field string
		enum        []string // nil: only present
		required    bool
	}{
		{"create_post", "prompt", nil, true},
		{"create_post", "format", posts.Formats, false},
		{"create_post", "brand", nil, false},
		{"create_diagram", "type", diagrams.Types, false},
		{"create_diagram", "size", append(strsOf(brandgen.Sizes), "auto"), false},
		{"create_diagram", "nodeStyle", brandgen.NodeStyles, false},
		{"refine_diagram", "id", nil, true},
		{"refine_diagram", "prompt", nil, false},
		{"render_chart", "chartType", charts.Types, true},
		{"render_chart", "series", nil, false},
		{"render_chart", "style", strsOf(brandgen.Styles), false},
		{"list_patterns", "kind", []string{"post", "chart", "slide"}, false},
	}
	byName := map[string]map[string]any{}
	for _, tl := range tools {
		byName[tl.Name] = tl.InputSchema.(map[string]any)
		if raw, _ := json.Marshal(tl.InputSchema); strings.Contains(string(raw), "$ref") || strings.Contains(string(raw), `"x-`) {
			t.Errorf("%s: schema is not self-contained: %.300s", tl.Name, raw)
		}
	}
	for _, w := range want {
		s := byName[w.tool]
		prop, ok := s["properties"].(map[string]any)[w.field].(map[string]any)
		if !ok {
			t.Errorf("%s: no property %s", w.tool, w.field)
			continue
		}
		if w.enum != nil { // the same values, in any order
			var got []string
			for _, v := range prop["enum"].([]any) {
				got = append(got, v.(string))
			}
			want := slices.Clone(w.enum)
			slices.Sort(got)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Errorf("%s.%s enum = %v, want %v", w.tool, w.field, got, want)
			}
		}
		req, _ := s["required"].([]any)
		if slices.Contains(req, any(w.field)) != w.required {
			t.Errorf("%s.%s required = %v, want %v", w.tool, w.field, !w.required, w.required)
		}
	}
}

func strsOf[T ~string](in []T) []string {
	out := make([]string, len(in))
	for i, v := range in {
		out[i] = string(v)
	}
	return out
}
