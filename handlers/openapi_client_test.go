package handlers

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"image/png"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/brandgen/brandgen/db/dbtest"
	"github.com/santhosh-tekuri/jsonschema/v6"
)

// TestOpenAPIClient generates a TypeScript client from the live server's document with the pinned
// openapi-typescript, type-checks testdata/openapi-client/client.mts against it with tsc, runs it
// with node and openapi-fetch against the live server (posts, render, chart, diagrams, carousel,
// animate + jobs, batch), then checks every answer against the document's response schema and
// decodes the images.
func TestOpenAPIClient(t *testing.T) {
	tools := openapiTools(t)
	redisURL := dbtest.RedisURL(t)
	store := dbtest.SQLite(t)
	q, cfg := testQueue(t, redisURL)
	startWorker(t, cfg, testWork(store, nil))
	e := newEnv(t, envOptions{store: store, jobs: q})

	res, err := http.Get(e.srv.URL + "/api/v1/openapi.json") // as a client would: no key
	if err != nil {
		t.Fatal(err)
	}
	spec, err := io.ReadAll(res.Body)
	res.Body.Close()
	if err != nil || res.StatusCode != http.StatusOK {
		t.Fatalf("GET /api/v1/openapi.json: %d %v", res.StatusCode, err)
	}

	dir := t.TempDir()
	write := func(name string, data []byte) {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("openapi.json", spec)
	client, err := os.ReadFile("testdata/openapi-client/client.mts")
	if err != nil {
		t.Fatal(err)
	}
	write("client.mts", client)
	write("tsconfig.json", []byte(`{"compilerOptions": {"strict": true, "noEmitOnError": true, "target": "ES2022",
		"module": "NodeNext", "moduleResolution": "NodeNext", "skipLibCheck": true, "types": ["node"]},
		"files": ["client.mts", "schema.d.ts"]}`))
	if err := os.Symlink(filepath.Join(tools, "node_modules"), filepath.Join(dir, "node_modules")); err != nil {
		t.Fatal(err)
	}
	bin := func(name string) string { return filepath.Join(tools, "node_modules", ".bin", name) }
	runTool(t, dir, nil, bin("openapi-typescript"), "openapi.json", "--output", "schema.d.ts")
	runTool(t, dir, nil, bin("tsc"), "-p", "tsconfig.json")
	out := runTool(t, dir, []string{"BRANDGEN_URL=" + e.srv.URL, "BRANDGEN_KEY=" + e.devKey}, "node", "client.mjs")
	t.Logf("client: %s", strings.TrimSpace(out))

	raw, err := os.ReadFile(filepath.Join(dir, "results.json"))
	if err != nil {
		t.Fatal(err)
	}
	var results []struct {
		Op, Method, Path, ContentType, RateLimit string
		Status                                   int
		Body                                     json.RawMessage
	}
	if err := json.Unmarshal(raw, &results); err != nil {
		t.Fatal(err)
	}
	want := map[string]int{"createPost": 200, "render": 200, "renderChart": 200, "renderChartInvalid": 400, "createDiagram": 200,
		"getDiagram": 200, "getDiagramPNG": 200, "renameDiagram": 200, "refineDiagram": 200, "createCarousel": 200,
		"renderCarousel": 200, "animate": 202, "getJob": 200, "createBatch": 202, "getBatch": 200, "listPatterns": 200,
		"getUsage": 200, "getSettings": 200}
	check := responseChecker(t, spec)
	seen := map[string]bool{}
	for _, r := range results {
		seen[r.Op] = true
		if w, ok := want[r.Op]; ok && r.Status != w {
			t.Errorf("%s: status %d, want %d: %.300s", r.Op, r.Status, w, r.Body)
			continue
		}
		if r.RateLimit == "" {
			t.Errorf("%s: no RateLimit-Limit header", r.Op)
		}
		if r.Op == "getDiagramPNG" {
			var b64 string
			_ = json.Unmarshal(r.Body, &b64)
			pngBytes, err := base64.StdEncoding.DecodeString(b64)
			if err != nil || r.ContentType != "image/png" {
				t.Fatalf("getDiagramPNG: %s, %v", r.ContentType, err)
			}
			if _, err := png.Decode(bytes.NewReader(pngBytes)); err != nil {
				t.Errorf("getDiagramPNG: %v", err)
			}
			continue
		}
		check(r.Op, r.Method, r.Path, r.Status, r.Body)
		var body map[string]any
		_ = json.Unmarshal(r.Body, &body)
		switch r.Op {
		case "createPost", "render", "renderChart", "createDiagram", "refineDiagram":
			decodePNG(t, body["image"].(string))
		case "getJob":
			if body["status"] != "done" || !strings.HasPrefix(body["image"].(string), "data:image/gif;base64,") {
				t.Errorf("job %.200v", body)
			}
		case "getBatch":
			if body["done"] != 2.0 || len(body["images"].([]any)) != 2 {
				t.Errorf("batch %.300v", body)
			}
		case "createCarousel", "renderCarousel":
			if !strings.HasPrefix(body["pdf"].(string), "data:application/pdf;base64,") || len(body["slides"].([]any)) < 5 {
				t.Errorf("%s: %.200v", r.Op, body)
			}
		case "renderChartInvalid":
			if body["error"] != "validation_error" {
				t.Errorf("invalid chart: %v", body)
			}
		}
	}
	for op := range want {
		if !seen[op] {
			t.Errorf("the client made no %s call", op)
		}
	}
}

// responseChecker validates answers against the response schemas of the document spec, with a
// JSON Schema 2020-12 validator (the document's schemas are 2020-12).
func responseChecker(t *testing.T, spec []byte) func(op, method, path string, status int, body json.RawMessage) {
	t.Helper()
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(spec))
	if err != nil {
		t.Fatal(err)
	}
	const base = "https://brandgen.test/openapi.json"
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	if err := c.AddResource(base, doc); err != nil {
		t.Fatal(err)
	}
	pointer := func(s string) string { return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1") }
	return func(op, method, path string, status int, body json.RawMessage) {
		t.Helper()
		loc := base + "#/paths/" + pointer(path) + "/" + method + "/responses/" + strconv.Itoa(status) + "/content/" + pointer("application/json") + "/schema"
		sch, err := c.Compile(loc)
		if err != nil {
			t.Errorf("%s: the document has no schema for %s %s %d: %v", op, method, path, status, err)
			return
		}
		inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(body))
		if err != nil {
			t.Errorf("%s: body is not JSON: %v", op, err)
			return
		}
		if err := sch.Validate(inst); err != nil {
			t.Errorf("%s: the answer does not match the document's schema: %v", op, err)
		}
	}
}
