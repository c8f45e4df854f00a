package handlers

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/brandgen/brandgen/diagrams"
	"github.com/brandgen/brandgen/metrics"
	"github.com/brandgen/brandgen/ratelimit"
	"github.com/gin-gonic/gin"
)

// docEngine is a server with every optional part wired (diagrams, metrics, admin), enough to serve
// the document and list its routes; its other calls are not made.
func docEngine(t *testing.T) (*gin.Engine, *server) {
	t.Helper()
	d := Deps{Limiter: ratelimit.NewMemory(1000, time.Minute), RatePolicy: "1000;w=60", Catalog: catalog, Logger: quiet,
		Diagrams: &diagrams.Service{}, Metrics: metrics.New(), Admin: http.NotFoundHandler(), AdminPassword: "secret"}
	eng := newEngine(d)
	return eng, &server{Deps: d}
}

// fetchDoc GETs the document from h without an API key.
func fetchDoc(t *testing.T, h http.Handler) []byte {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/api/v1/openapi.json", nil))
	if rec.Code != http.StatusOK || !strings.HasPrefix(rec.Header().Get("Content-Type"), "application/json") {
		t.Fatalf("GET /api/v1/openapi.json = %d %s: %.300s", rec.Code, rec.Header().Get("Content-Type"), rec.Body)
	}
	if rec.Header().Get("RateLimit-Policy") == "" {
		t.Error("the document's answer lacks the RateLimit-* headers")
	}
	body, _ := io.ReadAll(rec.Body)
	if p := os.Getenv("BRANDGEN_OPENAPI_OUT"); p != "" {
		if err := os.WriteFile(p, body, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return body
}

// TestOpenAPIRoutes proves the document and gin's routes are the same set: every route gin
// serves is an operation of the document (or a hidden route of the table, with its reason), and
// every operation is a route gin serves.
func TestOpenAPIRoutes(t *testing.T) {
	eng, s := docEngine(t)
	var doc struct {
		OpenAPI string                                `json:"openapi"`
		Info    struct{ Version string }              `json:"info"`
		Paths   map[string]map[string]json.RawMessage `json:"paths"`
	}
	if err := json.Unmarshal(fetchDoc(t, eng), &doc); err != nil {
		t.Fatal(err)
	}
	if doc.OpenAPI != "3.1.0" || doc.Info.Version != apiVersion {
		t.Fatalf("openapi %q version %q, want 3.1.0 and %s", doc.OpenAPI, doc.Info.Version, apiVersion)
	}
	documented := map[string]bool{}
	for path, ops := range doc.Paths {
		for method := range ops {
			documented[strings.ToUpper(method)+" "+ginPath(path)] = true
		}
	}
	hidden := map[string]string{}
	for _, rt := range s.routes() {
		if rt.hidden != "" {
			hidden[ginPath(rt.Path)] = rt.hidden
		}
	}
	served := map[string]bool{}
	for _, r := range eng.Routes() {
		key := r.Method + " " + r.Path
		served[key] = true
		if !documented[key] && hidden[r.Path] == "" {
			t.Errorf("gin serves %s, which the OpenAPI document lacks: add it to the route table (handlers/routes.go)", key)
		}
	}
	for key := range documented {
		if !served[key] {
			t.Errorf("the document describes %s, which gin does not serve", key)
		}
	}
	for _, want := range []string{"POST /api/v1/posts", "POST /api/v1/chart", "POST /api/v1/render", "POST /api/v1/diagrams",
		"GET /api/v1/diagrams/:id", "POST /api/v1/carousel", "GET /api/v1/jobs/:id", "GET /api/v1/openapi.json"} {
		if !documented[want] {
			t.Errorf("%s is not documented", want)
		}
	}
	if len(documented) < 30 {
		t.Errorf("only %d operations documented", len(documented))
	}
}

// TestOpenAPIErrors checks what the linter cannot know: every /api/v1 operation documents 401
// and 500 with its codes, writes 429 with Retry-After, bodies 400, plan-gated ones 403.
func TestOpenAPIErrors(t *testing.T) {
	eng, s := docEngine(t)
	var doc map[string]any
	if err := json.Unmarshal(fetchDoc(t, eng), &doc); err != nil {
		t.Fatal(err)
	}
	paths := doc["paths"].(map[string]any)
	for _, rt := range s.routes() {
		if rt.edge != edgeAPI {
			continue
		}
		op := paths[rt.Path].(map[string]any)[strings.ToLower(rt.Method)].(map[string]any)
		responses := op["responses"].(map[string]any)
		want := map[string]string{"401": "unauthorized", "500": "internal_error"}
		if isWrite(rt.Method) {
			want["429"] = "rate_limited"
		}
		if rt.Request != nil {
			want["400"] = "validation_error"
		}
		if rt.plan {
			want["403"] = "plan_required"
		}
		for status, code := range want {
			res, ok := responses[status].(map[string]any)
			if !ok {
				t.Errorf("%s %s: no %s response", rt.Method, rt.Path, status)
				continue
			}
			raw, _ := json.Marshal(res)
			if !strings.Contains(string(raw), `"`+code+`"`) {
				t.Errorf("%s %s: %s does not list %s", rt.Method, rt.Path, status, code)
			}
			if _, ok := res["headers"].(map[string]any)["RateLimit-Remaining"]; !ok {
				t.Errorf("%s %s: %s lacks the RateLimit-* headers", rt.Method, rt.Path, status)
			}
			if status == "429" {
				if _, ok := res["headers"].(map[string]any)["Retry-After"]; !ok {
					t.Errorf("%s %s: 429 lacks Retry-After", rt.Method, rt.Path)
				}
			}
		}
		if sec, ok := op["security"]; ok {
			t.Errorf("%s %s: overrides security (%v); API operations need the key", rt.Method, rt.Path, sec)
		}
	}
	scheme := doc["components"].(map[string]any)["securitySchemes"].(map[string]any)["apiKey"].(map[string]any)
	if scheme["type"] != "apiKey" || scheme["in"] != "header" || scheme["name"] != "x-api-key" {
		t.Errorf("security scheme = %v", scheme)
	}
}

// openapiTools is the directory of the npm tools scripts/openapi-tools.sh installs. Without them
// the test skips locally and fails under CI=true.
func openapiTools(t *testing.T) string {
	t.Helper()
	dir := os.Getenv("BRANDGEN_OPENAPI_TOOLS")
	if dir == "" {
		cache, err := os.UserCacheDir()
		if err != nil {
			t.Fatal(err)
		}
		dir = filepath.Join(cache, "brandgen", "openapi-tools")
	}
	for _, bin := range []string{"redocly", "openapi-typescript", "tsc"} {
		if _, err := os.Stat(filepath.Join(dir, "node_modules", ".bin", bin)); err != nil {
			msg := fmt.Sprintf("the OpenAPI test tools are not installed in %s (%s missing): run scripts/openapi-tools.sh", dir, bin)
			if os.Getenv("CI") == "true" {
				t.Fatal(msg)
			}
			t.Skip(msg)
		}
	}
	return dir
}

// runTool runs an npm tool's binary in dir and returns its combined output; it fails the test
// when the tool exits non-zero.
func runTool(t *testing.T, dir string, env []string, name string, args ...string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "REDOCLY_TELEMETRY=off", "REDOCLY_SUPPRESS_UPDATE_NOTICE=true", "NO_COLOR=1", "FORCE_COLOR=0")
	cmd.Env = append(cmd.Env, env...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s %s: %v\n%s", filepath.Base(name), strings.Join(args, " "), err, out)
	}
	return string(out)
}

var lintProblem = regexp.MustCompile(`(?m)^\s*\d+:\d+\s+(error|warning)\s+\S+.*$`)

// TestOpenAPILint lints the served document with Redocly CLI (pinned), with the rules of
// scripts/openapi-tools/redocly.yaml: no error and no warning passes.
func TestOpenAPILint(t *testing.T) {
	tools := openapiTools(t)
	eng, _ := docEngine(t)
	dir := t.TempDir()
	spec := filepath.Join(dir, "openapi.json")
	if err := os.WriteFile(spec, fetchDoc(t, eng), 0o644); err != nil {
		t.Fatal(err)
	}
	config, err := filepath.Abs("../scripts/openapi-tools/redocly.yaml")
	if err != nil {
		t.Fatal(err)
	}
	out := runTool(t, dir, nil, filepath.Join(tools, "node_modules", ".bin", "redocly"), "lint", spec, "--config", config, "--format", "stylish")
	if problems := lintProblem.FindAllString(out, -1); len(problems) > 0 {
		t.Fatalf("redocly lint: %d problems:\n%s", len(problems), strings.Join(problems, "\n"))
	}
	if !strings.Contains(out, "valid") {
		t.Fatalf("redocly lint said nothing recognisable:\n%s", out)
	}
}

// TestOpenAPIExamples checks that each pattern schema's example is content the server accepts.
func TestOpenAPIExamples(t *testing.T) {
	eng, _ := docEngine(t)
	var doc struct {
		Components struct {
			Schemas map[string]struct {
				Examples []json.RawMessage `json:"examples"`
			} `json:"schemas"`
		} `json:"components"`
	}
	if err := json.Unmarshal(fetchDoc(t, eng), &doc); err != nil {
		t.Fatal(err)
	}
	for _, p := range catalog.All() {
		s, ok := doc.Components.Schemas[patternSchemaName(p.ID)]
		if !ok {
			t.Errorf("pattern %s has no component schema", p.ID)
			continue
		}
		if len(s.Examples) == 0 {
			t.Errorf("pattern %s has no example", p.ID)
			continue
		}
		if _, issues := catalog.Decode(p.ID, s.Examples[0], ""); len(issues) > 0 {
			t.Errorf("the example of %s is refused: %v", p.ID, issues)
		}
	}
}
