package handlers

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/db/dbtest"
	"github.com/brandgen/brandgen/jobs"
)

// longResources is resources content too long for the readable floor at portrait: its render
// leaves the subtitle out (content_dropped on content.subtitle).
func longResources() map[string]any {
	var items []map[string]any
	for i := range 8 {
		items = append(items, map[string]any{"name": fmt.Sprintf("Designing data-intensive applications, part %d of the series", i+1),
			"text": "Replication, partitioning and consistency explained clearly, with the trade-offs each choice makes in real systems.",
			"link": "dataintensive.net/second-edition/chapters-and-errata-for-all-readers-2025", "tag": "Book · Paid edition"})
	}
	return map[string]any{
		"title":    "The platform engineering reading list: eight resources we give each new hire",
		"subtitle": "Books, courses and talks that shaped how we run infrastructure. Most are free; the paid ones are worth every cent.",
		"items":    items}
}

// TestBatchWarnings: a batch item whose content does not fit above the floor carries its warnings
// in the batch status (images[k].warnings, paths relative to the item's content as /render reports
// them) and in its own job; an item that fits has none.
func TestBatchWarnings(t *testing.T) {
	jobBackends(t, nil, func(t *testing.T, e *env) {
		long := longResources()
		items := []any{
			map[string]any{}, // base as is: too long
			map[string]any{"title": "Two newsletters", "subtitle": nil, "items": []map[string]any{{"name": "Golang Weekly"}, {"name": "Pointer.io"}}},
		}
		r := e.do("POST", "/api/v1/batch", e.devKey, map[string]any{"format": "resources", "base": long, "items": items, "style": "glass"})
		if r.status != 202 {
			t.Fatalf("batch: %d %s", r.status, r.body)
		}
		var acc struct {
			BatchID string   `json:"batchId"`
			JobIDs  []string `json:"jobIds"`
		}
		if err := json.Unmarshal(r.body, &acc); err != nil || len(acc.JobIDs) != 2 {
			t.Fatalf("accepted %s (%v)", r.body, err)
		}
		final := poll(t, e, "/api/v1/jobs/batch/"+acc.BatchID, e.devKey, 3*time.Minute, func(b map[string]any) bool { return b["status"] == "done" })
		raw, _ := json.Marshal(final)
		var st jobs.BatchStatus
		if err := json.Unmarshal(raw, &st); err != nil {
			t.Fatal(err)
		}
		if len(st.Images) != 2 || st.Images[0].Index != 0 || st.Images[1].Index != 1 {
			t.Fatalf("images %+v", st.Images)
		}
		ws := st.Images[0].Warnings
		if len(ws) == 0 || ws[0].Code != "content_dropped" || ws[0].Path != "content.subtitle" || ws[0].Message == "" {
			t.Errorf("long item warnings %+v, want content_dropped on content.subtitle", ws)
		}
		if len(st.Images[1].Warnings) != 0 || strings.Count(string(raw), `"warnings"`) != 1 {
			t.Errorf("the item that fits has warnings: %.400s", raw)
		}
		decodePNG(t, st.Images[0].Image) // the image is still a bare PNG
		job := e.do("GET", "/api/v1/jobs/"+acc.JobIDs[0], e.devKey, nil)
		var js jobs.JobStatus
		if job.status != 200 || json.Unmarshal(job.body, &js) != nil || len(js.Warnings) != len(ws) || js.Warnings[0].Path != "content.subtitle" {
			t.Fatalf("long item's job: %d %.300s", job.status, job.body)
		}
		decodePNG(t, js.Image)
		if job := e.do("GET", "/api/v1/jobs/"+acc.JobIDs[1], e.devKey, nil); strings.Contains(string(job.body), `"warnings"`) {
			t.Errorf("the fitting item's job has warnings: %.300s", job.body)
		}
	})
}

// TestBrandkitWarnings: pills the asset cannot show come back as warnings naming each one: past
// what the asset draws (the company cover shows 5) and those its page had no room for; pills
// that fit report nothing.
func TestBrandkitWarnings(t *testing.T) {
	e := newEnv(t, envOptions{store: dbtest.SQLite(t)})
	saveTestBrand(t, e, e.freeKey, map[string]any{"name": "Northwind Labs"})
	pills := []string{"Specialty coffee roasting", "Direct trade sourcing", "Barista training programs", "Sustainability reports",
		"Cupping sessions", "Community events", "Green coffee research", "Equipment repair"}
	paths := func(r response) []string {
		t.Helper()
		if r.status != 200 {
			t.Fatalf("render: %d %.300s", r.status, r.body)
		}
		var body AssetResponse
		decodeJSON(t, r.body, &body)
		decodePNG(t, body.Image)
		var out []string
		for _, w := range body.Warnings {
			if w.Code != "content_dropped" || w.Message == "" {
				t.Errorf("warning %+v", w)
			}
			out = append(out, w.Path)
		}
		return out
	}
	got := paths(e.do("POST", "/api/v1/brandkit/render", e.freeKey, map[string]any{"id": "linkedin-company-cover", "pills": pills}))
	if len(got) < 3 || got[len(got)-1] != "pills[7]" || !slices.Contains(got, "pills[5]") || !slices.Contains(got, "pills[6]") {
		t.Errorf("company cover warnings %v, want at least pills[5..7] (it shows 5)", got)
	}
	if slices.Contains(got, "pills[0]") {
		t.Errorf("the first pill was dropped: %v", got)
	}
	got = paths(e.do("POST", "/api/v1/brandkit/render", e.freeKey, map[string]any{"id": "og-image", "pills": pills}))
	if len(got) == 0 || got[0] == "pills[0]" {
		t.Errorf("og-image with 8 long pills in one row: warnings %v, want the last ones dropped", got)
	}
	if got := paths(e.do("POST", "/api/v1/brandkit/render", e.freeKey, map[string]any{"id": "og-image", "pills": []string{"Coffee", "Tea"}})); len(got) != 0 {
		t.Errorf("two short pills: warnings %v", got)
	}
}

// TestOpenAPIWarnings: the document shows warnings on every answer that carries them, as
// Warning objects with the two codes.
func TestOpenAPIWarnings(t *testing.T) {
	eng, _ := docEngine(t)
	var doc struct {
		Paths      map[string]map[string]struct{ Responses map[string]json.RawMessage }
		Components struct{ Schemas map[string]json.RawMessage }
	}
	if err := json.Unmarshal(fetchDoc(t, eng), &doc); err != nil {
		t.Fatal(err)
	}
	type schema struct {
		Ref        string `json:"$ref"`
		Properties map[string]struct {
			Items struct {
				Ref string `json:"$ref"`
			}
		}
	}
	resolve := func(ref string) schema {
		var s schema
		if err := json.Unmarshal(doc.Components.Schemas[strings.TrimPrefix(ref, "#/components/schemas/")], &s); err != nil {
			t.Fatalf("%s: %v", ref, err)
		}
		return s
	}
	for _, c := range []struct{ method, path, status, via string }{
		{"post", "/api/v1/posts", "200", ""}, {"post", "/api/v1/chart", "200", ""}, {"post", "/api/v1/render", "200", ""},
		{"post", "/api/v1/carousel", "200", ""}, {"post", "/api/v1/carousel/render", "200", ""},
		{"post", "/api/v1/brandkit/render", "200", ""}, {"get", "/api/v1/jobs/{id}", "200", ""},
		{"get", "/api/v1/jobs/batch/{batchId}", "200", "images"},
	} {
		var resp struct {
			Content map[string]struct{ Schema schema }
		}
		if err := json.Unmarshal(doc.Paths[c.path][c.method].Responses[c.status], &resp); err != nil {
			t.Fatalf("%s %s: %v", c.method, c.path, err)
		}
		s := resolve(resp.Content["application/json"].Schema.Ref)
		if c.via != "" {
			s = resolve(s.Properties[c.via].Items.Ref)
		}
		if ref := s.Properties["warnings"].Items.Ref; ref != "#/components/schemas/Warning" {
			t.Errorf("%s %s: warnings items %q, want the Warning schema", c.method, c.path, ref)
		}
	}
	var w struct {
		Required   []string
		Properties map[string]struct{ Enum []string }
	}
	if err := json.Unmarshal(doc.Components.Schemas["Warning"], &w); err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(w.Properties["code"].Enum) != "[content_dropped text_below_minimum]" || len(w.Required) != 3 {
		t.Errorf("Warning schema %s", doc.Components.Schemas["Warning"])
	}
}

// animateWarnings reads the warnings of an /animate answer or a done job.
func animateWarnings(t *testing.T, body []byte) []brandgen.Warning {
	t.Helper()
	var b struct {
		Warnings []brandgen.Warning `json:"warnings"`
	}
	if err := json.Unmarshal(body, &b); err != nil {
		t.Fatal(err)
	}
	return b.Warnings
}

// TestAnimateWarnings: a reveal GIF of content that does not fit above the floor carries the same
// warnings as a still of it from POST /render (inline in the 200 answer; with the job queue in
// GET /jobs/{id}); content that fits, and a chart, carry none.
func TestAnimateWarnings(t *testing.T) {
	long := map[string]any{"format": "resources", "content": longResources(), "speed": "fast"}
	short := map[string]any{"format": "resources", "speed": "fast",
		"content": map[string]any{"title": "Two newsletters", "items": []map[string]any{{"name": "Golang Weekly"}, {"name": "Pointer.io"}}}}
	t.Run("inline", func(t *testing.T) {
		backends(t, func(t *testing.T, e *env) {
			still := e.do("POST", "/api/v1/render", e.devKey, map[string]any{"format": "resources", "content": longResources()})
			if still.status != 200 {
				t.Fatalf("render: %d %.300s", still.status, still.body)
			}
			want := animateWarnings(t, still.body)
			if len(want) == 0 || want[0].Code != "content_dropped" || want[0].Path != "content.subtitle" {
				t.Fatalf("the still's warnings %+v, want content_dropped on content.subtitle", want)
			}
			r := e.do("POST", "/api/v1/animate", e.devKey, long)
			if r.status != 200 {
				t.Fatalf("animate: %d %.300s", r.status, r.body)
			}
			if got := animateWarnings(t, r.body); !slices.Equal(got, want) {
				t.Errorf("GIF warnings %+v, want the still's %+v", got, want)
			}
			decodeGIF(t, r.json(t)["gif"].(string))
			for name, body := range map[string]any{"short": short, "chart": map[string]any{"format": "chart", "content": chartContent("Fits"), "speed": "fast"}} {
				r := e.do("POST", "/api/v1/animate", e.devKey, body)
				if r.status != 200 || strings.Contains(string(r.body), `"warnings"`) {
					t.Errorf("%s animation: %d, has warnings: %.200s", name, r.status, r.body)
				}
			}
		})
	})
	t.Run("async", func(t *testing.T) {
		jobBackends(t, nil, func(t *testing.T, e *env) {
			ids := map[string]string{}
			for name, body := range map[string]any{"long": long, "short": short} {
				r := e.do("POST", "/api/v1/animate", e.devKey, body)
				if r.status != 202 {
					t.Fatalf("animate %s: %d %.300s", name, r.status, r.body)
				}
				ids[name], _ = r.json(t)["jobId"].(string)
			}
			for name, id := range ids {
				final := poll(t, e, "/api/v1/jobs/"+id, e.devKey, 2*time.Minute, func(b map[string]any) bool { return b["status"] == "done" || b["status"] == "failed" })
				if final["status"] != "done" {
					t.Fatalf("%s job ended %v", name, final)
				}
				decodeGIF(t, final["image"].(string)) // the image is still a bare GIF
				raw, _ := json.Marshal(final)
				ws := animateWarnings(t, raw)
				switch {
				case name == "long" && (len(ws) == 0 || ws[0].Code != "content_dropped" || ws[0].Path != "content.subtitle" || ws[0].Message == ""):
					t.Errorf("long job's warnings %+v, want content_dropped on content.subtitle", ws)
				case name == "short" && ws != nil:
					t.Errorf("short job's warnings %+v, want none", ws)
				}
			}
		})
	})
}
