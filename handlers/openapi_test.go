package handlers

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
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
	_ = slices.Sorted[string]
}
