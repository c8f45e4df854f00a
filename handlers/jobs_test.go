package handlers

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"image/png"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/animate"
	"github.com/brandgen/brandgen/branding"
	"github.com/brandgen/brandgen/db"
	"github.com/brandgen/brandgen/db/dbtest"
	"github.com/brandgen/brandgen/gifenc"
	"github.com/brandgen/brandgen/jobs"
	"github.com/brandgen/brandgen/meter"
	"github.com/brandgen/brandgen/ratelimit"
	"github.com/brandgen/brandgen/studio"
)

// testQueue opens a job queue on the test Redis under a prefix of its own, removed at the end.
func testQueue(t *testing.T, url string) (*jobs.Queue, jobs.Config) {
	t.Helper()
	cfg := jobs.Config{RedisURL: url, Prefix: jobs.NewID("bgtest")}
	q, err := jobs.Open(cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := q.DeleteQueues(); err != nil {
			t.Logf("delete queues: %v", err)
		}
		q.Close()
	})
	return q, q.Config()
}

// testWork is the worker's work over the package's pool, like app's, with hooks.
func testWork(store db.Store, hook func(it jobs.Item) error) jobs.Work {
	brands := branding.NewResolver(branding.ResolverOptions{Logger: quiet})
	st := studio.New(pages, pool, brands, store)
	an := &animate.Animator{Studio: st, Catalog: catalog, Frames: pool}
	return jobs.Work{
		Animate: an.AnimateReport,
		Render: func(ctx context.Context, it jobs.Item) ([]byte, []brandgen.Warning, error) {
			if hook != nil {
				if err := hook(it); err != nil {
					return nil, nil, err
				}
			}
			content, issues := catalog.Decode(it.Format, it.Content, "content.")
			if err := brandgen.Invalid(issues); err != nil {
				return nil, nil, err
			}
			return st.RenderReport(ctx, studio.Job{AccountID: it.AccountID, Pattern: it.Format, Content: content, Look: it.Look.WithDefaults(), Brand: it.Brand})
		},
		Refund: meter.New(store, nil).RefundPeriod,
	}
}

func startWorker(t *testing.T, cfg jobs.Config, work jobs.Work) *jobs.Worker {
	t.Helper()
	w, err := jobs.NewWorker(cfg, work, jobs.WorkerOptions{Concurrency: 2, Logger: quiet, ShutdownTimeout: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(w.Stop)
	return w
}

// jobBackends runs f on SQLite and on Postgres, both with the job queue and a worker on the test
// Redis.
func jobBackends(t *testing.T, hook func(jobs.Item) error, f func(t *testing.T, e *env)) {
	url := dbtest.RedisURL(t)
	for _, b := range []struct {
		name  string
		store func(testing.TB) db.Store
	}{{"sqlite", dbtest.SQLite}, {"postgres", dbtest.Postgres}} {
		t.Run(b.name, func(t *testing.T) {
			store := b.store(t)
			q, cfg := testQueue(t, url)
			startWorker(t, cfg, testWork(store, hook))
			f(t, newEnv(t, envOptions{store: store, jobs: q}))
		})
	}
}

func chartContent(title string) map[string]any {
	return map[string]any{"chartType": "bar", "title": title,
		"series": []map[string]any{{"label": "Jan", "value": 120}, {"label": "Feb", "value": 180}, {"label": "Mar", "value": 150}}}
}

func decodeGIF(t *testing.T, uri string) *gifenc.Animation {
	t.Helper()
	const prefix = "data:image/gif;base64,"
	if !strings.HasPrefix(uri, prefix) {
		t.Fatalf("not a GIF data URI: %.60s", uri)
	}
	raw, err := base64.StdEncoding.DecodeString(uri[len(prefix):])
	if err != nil {
		t.Fatal(err)
	}
	a, err := gifenc.Decode(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func (e *env) used(key string) int {
	e.t.Helper()
	r := e.do("GET", "/api/v1/usage", key, nil)
	var body struct {
		Usage meter.Usage `json:"usage"`
	}
	if err := json.Unmarshal(r.body, &body); err != nil {
		e.t.Fatal(err)
	}
	return body.Usage.Used
}

func TestAnimateInline(t *testing.T) {
	backends(t, func(t *testing.T, e *env) {
		r := e.do("POST", "/api/v1/animate", e.devKey, map[string]any{"format": "chart", "content": chartContent("Inline"),
			"speed": "fast", "size": "square", "anim": "build"})
		if r.status != 200 {
			t.Fatalf("animate: %d %s", r.status, r.body)
		}
		a := decodeGIF(t, r.json(t)["gif"].(string))
		tm := animate.Fast.Timing()
		if a.Width != 540 || a.Height != 540 || a.LoopCount != 0 || len(a.Frames) < tm.Frames/2 || len(a.Frames) > tm.Frames {
			t.Fatalf("GIF %dx%d, loop %d, %d frames", a.Width, a.Height, a.LoopCount, len(a.Frames))
		}
		if got := e.used(e.devKey); got != 1 {
			t.Fatalf("usage after one animation = %d, want 1", got)
		}
		// Without the worker there are no jobs and no batches.
		e.do("POST", "/api/v1/batch", e.devKey, map[string]any{"format": "chart", "items": []any{chartContent("x")}}).
			envelope(t, 503, "batch_unavailable")
		r = e.do("POST", "/api/v1/batch", e.devKey, map[string]any{})
		if fields := r.envelope(t, 503, "batch_unavailable"); len(fields) != 0 {
			t.Fatalf("issues %v", fields)
		}
		if !strings.Contains(string(r.body), "REDIS_URL") || !strings.Contains(string(r.body), "brandgen worker") {
			t.Fatalf("batch_unavailable does not say how to enable batches: %s", r.body)
		}
		e.do("GET", "/api/v1/jobs/job_aaaaaaaaaaaaaaaaaaaaaaaaaa", e.devKey, nil).envelope(t, 404, "not_found")
	})
}

func TestAnimateErrors(t *testing.T) {
	backends(t, func(t *testing.T, e *env) {
		good := chartContent("t")
		cases := []struct {
			name   string
			key    string
			body   any
			status int
			code   string
			fields []string
		}{
			{"nothing", e.devKey, map[string]any{}, 400, "validation_error", []string{"content", "format"}},
			{"diagram with format and content", e.devKey, map[string]any{"diagramId": "dg_1", "format": "chart", "content": good}, 400, "validation_error", []string{"content", "format"}},
			{"diagram with format", e.devKey, map[string]any{"diagramId": "dg_1", "format": "chart"}, 400, "validation_error", []string{"format"}},
			{"empty diagram id", e.devKey, map[string]any{"diagramId": ""}, 400, "validation_error", []string{"diagramId"}},
			{"format without content", e.devKey, map[string]any{"format": "stat"}, 400, "validation_error", []string{"content"}},
			{"content without format", e.devKey, map[string]any{"content": good}, 400, "validation_error", []string{"format"}},
			{"unknown format", e.devKey, map[string]any{"format": "carousel", "content": good}, 400, "validation_error", []string{"format"}},
			{"every bad field", e.devKey, map[string]any{"format": "chart", "anim": "spin", "speed": "warp", "size": "huge",
				"brand":   map[string]any{"colors": map[string]any{"primary": "red"}},
				"content": map[string]any{"chartType": "bar", "series": []map[string]any{{"label": "a", "value": "x"}, {"label": "b", "value": 2}}}},
				400, "validation_error", []string{"anim", "brand.colors.primary", "content.series[0].value", "size", "speed"}},
			{"unknown diagram", e.devKey, map[string]any{"diagramId": "dg_nope"}, 404, "not_found", nil},
			{"free plan", e.freeKey, map[string]any{"format": "chart", "content": good}, 403, "plan_required", nil},
			{"no key", "", map[string]any{"format": "chart", "content": good}, 401, "unauthorized", nil},
		}
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				fields := e.do("POST", "/api/v1/animate", tc.key, tc.body).envelope(t, tc.status, tc.code)
				if tc.fields != nil && !slices.Equal(fields, tc.fields) {
					t.Fatalf("issue fields %q, want %q", fields, tc.fields)
				}
			})
		}
		if got := e.used(e.devKey); got != 0 {
			t.Fatalf("failed calls counted %d generations", got)
		}
	})
}

// poll polls path until f says it is settled, failing after a deadline.
func poll(t *testing.T, e *env, path, key string, timeout time.Duration, settled func(map[string]any) bool) map[string]any {
	t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		r := e.do("GET", path, key, nil)
		if r.status != 200 {
			t.Fatalf("poll %s: %d %s", path, r.status, r.body)
		}
		body := r.json(t)
		if settled(body) {
			return body
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s not settled after %v: %.400s", path, timeout, r.body)
		}
		time.Sleep(300 * time.Millisecond)
	}
}

func TestAnimateAsync(t *testing.T) {
	jobBackends(t, nil, func(t *testing.T, e *env) {
		r := e.do("POST", "/api/v1/animate", e.devKey, map[string]any{"pattern": "chart", "content": chartContent("Async"), "speed": "fast"})
		if r.status != 202 {
			t.Fatalf("animate: %d %s", r.status, r.body)
		}
		body := r.json(t)
		id, _ := body["jobId"].(string)
		if body["async"] != true || !strings.HasPrefix(id, "job_") || len(id) < 24 {
			t.Fatalf("202 body %v", body)
		}
		seen := map[string]bool{}
		final := poll(t, e, "/api/v1/jobs/"+id, e.devKey, 2*time.Minute, func(b map[string]any) bool {
			st := b["status"].(string)
			seen[st] = true
			if st != "done" && (b["image"] != nil || b["error"] != nil) {
				t.Fatalf("%s job carries image or error: %v", st, b)
			}
			return st == "done" || st == "failed"
		})
		if final["status"] != "done" || final["error"] != nil {
			t.Fatalf("job ended %v", final)
		}
		for st := range seen {
			if !slices.Contains([]string{"queued", "rendering", "done"}, st) {
				t.Fatalf("status %q", st)
			}
		}
		a := decodeGIF(t, final["image"].(string))
		if a.Width != 540 || a.Height != 675 || len(a.Frames) < 8 {
			t.Fatalf("GIF %dx%d with %d frames", a.Width, a.Height, len(a.Frames))
		}
		if got := e.used(e.devKey); got != 1 {
			t.Fatalf("usage = %d, want 1", got)
		}
		other := e.key("other-"+t.Name(), brandgen.PlanDeveloper)
		e.do("GET", "/api/v1/jobs/"+id, other, nil).envelope(t, 403, "forbidden")
		e.do("GET", "/api/v1/jobs/"+jobs.NewID("job"), e.devKey, nil).envelope(t, 404, "not_found")
		e.do("GET", "/api/v1/jobs/nonsense", e.devKey, nil).envelope(t, 404, "not_found")
	})
}

func TestBatch(t *testing.T) {
	var mu sync.Mutex
	attempts := map[string]int{}
	hook := func(it jobs.Item) error {
		var c struct {
			Title string `json:"title"`
		}
		_ = json.Unmarshal(it.Content, &c)
		mu.Lock()
		attempts[it.BatchID+c.Title]++
		n := attempts[it.BatchID+c.Title]
		mu.Unlock()
		switch {
		case c.Title == "flaky" && n == 1: // retried, then fine
			return fmt.Errorf("browser went away: %w", brandgen.ErrRenderBusy)
		case c.Title == "broken":
			return errors.New("the template exploded")
		}
		return nil
	}
	jobBackends(t, hook, func(t *testing.T, e *env) {
		base := chartContent("base")
		base["palette"] = map[string]any{"primary": "#e4572e", "secondary": "#17bebb"}
		items := []any{
			map[string]any{"title": "first"},
			map[string]any{"title": "bad", "series": []map[string]any{{"label": "a", "value": "high"}, {"label": "b", "value": 1}}},
			map[string]any{"title": "flaky", "palette": map[string]any{"primary": "#6c4cf5"}}, // merged one level deep
			"not an object",
			map[string]any{"title": "broken"},
			map[string]any{"title": "last", "chartType": "donut", "slices": []map[string]any{{"label": "a", "value": 1}, {"label": "b", "value": 3}}, "series": nil},
		}
		r := e.do("POST", "/api/v1/batch", e.devKey, map[string]any{"format": "chart", "base": base, "items": items, "size": "square", "theme": "dark"})
		if r.status != 202 {
			t.Fatalf("batch: %d %s", r.status, r.body)
		}
		var acc struct {
			BatchID string         `json:"batchId"`
			Total   int            `json:"total"`
			Skipped []jobs.Skipped `json:"skipped"`
			JobIDs  []string       `json:"jobIds"`
		}
		if err := json.Unmarshal(r.body, &acc); err != nil {
			t.Fatal(err)
		}
		if acc.Total != 4 || len(acc.JobIDs) != 4 || len(acc.Skipped) != 2 || acc.Skipped[0].Index != 1 || acc.Skipped[1].Index != 3 {
			t.Fatalf("accepted %s", r.body)
		}
		if f := acc.Skipped[0].Issues; len(f) != 1 || f[0].Field != "items[1].series[0].value" {
			t.Fatalf("skipped item 1 issues %+v", f)
		}
		if f := acc.Skipped[1].Issues; len(f) != 1 || f[0].Field != "items[3]" {
			t.Fatalf("skipped item 3 issues %+v", f)
		}
		path := "/api/v1/jobs/batch/" + acc.BatchID
		final := poll(t, e, path, e.devKey, 3*time.Minute, func(b map[string]any) bool {
			if b["status"] != "done" && b["images"] != nil {
				t.Fatalf("images before the batch settled: %.300v", b)
			}
			return b["status"] == "done"
		})
		raw, _ := json.Marshal(final)
		var st jobs.BatchStatus
		if err := json.Unmarshal(raw, &st); err != nil {
			t.Fatal(err)
		}
		if st.Done != 3 || st.Failed != 1 || st.Total != 4 || len(st.Skipped) != 2 {
			t.Fatalf("settled: done %d failed %d total %d skipped %d", st.Done, st.Failed, st.Total, len(st.Skipped))
		}
		if len(st.Failures) != 1 || st.Failures[0].Index != 4 || st.Failures[0].JobID != acc.JobIDs[2] || st.Failures[0].Error == "" {
			t.Fatalf("failures %+v", st.Failures)
		}
		if strings.Contains(st.Failures[0].Error, "exploded") || strings.Contains(st.Failures[0].Error, "skip retry") {
			t.Fatalf("failure message leaks internals: %q", st.Failures[0].Error)
		}
		var idx []int
		for _, im := range st.Images {
			idx = append(idx, im.Index)
			img := decodePNG(t, im.Image)
			if b := img.Bounds(); b.Dx() != 1080 || b.Dy() != 1080 {
				t.Fatalf("item %d is %v", im.Index, b)
			}
		}
		if !slices.Equal(idx, []int{0, 2, 5}) {
			t.Fatalf("image indexes %v, want [0 2 5] in order", idx)
		}
		mu.Lock()
		if n := attempts[acc.BatchID+"flaky"]; n != 2 {
			t.Errorf("flaky item ran %d times, want 2", n)
		}
		if n := attempts[acc.BatchID+"broken"]; n != 1 {
			t.Errorf("a non-retryable failure ran %d times, want 1", n)
		}
		mu.Unlock()
		if got := e.used(e.devKey); got != 1 {
			t.Fatalf("batch counted %d generations, want 1", got)
		}
		// A batch item is a job too.
		if r := e.do("GET", "/api/v1/jobs/"+acc.JobIDs[0], e.devKey, nil); r.status != 200 || !strings.HasPrefix(r.json(t)["image"].(string), "data:image/png;base64,") {
			t.Fatalf("item job: %d %.200s", r.status, r.body)
		}
		other := e.key("other-"+t.Name(), brandgen.PlanDeveloper)
		e.do("GET", path, other, nil).envelope(t, 403, "forbidden")
		e.do("GET", "/api/v1/jobs/batch/"+jobs.NewID("batch"), e.devKey, nil).envelope(t, 404, "not_found")
	})
}

// TestBatchAllFailedRefunded: a batch whose every item fails gives its generation back.
func TestBatchAllFailedRefunded(t *testing.T) {
	q, cfg := testQueue(t, dbtest.RedisURL(t))
	store := dbtest.SQLite(t)
	startWorker(t, cfg, testWork(store, func(jobs.Item) error { return errors.New("the template exploded") }))
	e := newEnv(t, envOptions{store: store, jobs: q})
	r := e.do("POST", "/api/v1/batch", e.devKey, map[string]any{"format": "chart", "items": []any{chartContent("a"), chartContent("b")}})
	if r.status != 202 {
		t.Fatalf("batch: %d %s", r.status, r.body)
	}
	if got := e.used(e.devKey); got != 1 {
		t.Fatalf("usage after the batch = %d, want 1", got)
	}
	id := r.json(t)["batchId"].(string)
	final := poll(t, e, "/api/v1/jobs/batch/"+id, e.devKey, time.Minute, func(b map[string]any) bool { return b["status"] == "done" })
	if final["failed"] != 2.0 || final["images"] != nil {
		t.Fatalf("settled %v", final)
	}
	poll(t, e, "/api/v1/jobs/batch/"+id, e.devKey, time.Second, func(map[string]any) bool { return true })
	if got := e.used(e.devKey); got != 0 {
		t.Fatalf("usage after the batch failed = %d, want 0 (refunded once)", got)
	}
}

func TestBatchErrors(t *testing.T) {
	url := dbtest.RedisURL(t)
	q, _ := testQueue(t, url)
	e := newEnv(t, envOptions{store: dbtest.SQLite(t), jobs: q})
	many := make([]any, 201)
	for i := range many {
		many[i] = map[string]any{}
	}
	cases := []struct {
		name   string
		key    string
		body   any
		status int
		code   string
		fields []string
	}{
		{"no format, no items", e.devKey, map[string]any{}, 400, "validation_error", []string{"format", "items"}},
		{"carousel", e.devKey, map[string]any{"format": "carousel", "items": []any{map[string]any{}}}, 400, "validation_error", []string{"format"}},
		{"too many", e.devKey, map[string]any{"format": "chart", "items": many}, 400, "validation_error", []string{"items"}},
		{"empty items", e.devKey, map[string]any{"format": "chart", "items": []any{}}, 400, "validation_error", []string{"items"}},
		{"bad look", e.devKey, map[string]any{"format": "chart", "items": []any{chartContent("a")}, "theme": "sepia", "base": 3}, 400, "validation_error", []string{"base", "theme"}},
		{"every item invalid", e.devKey, map[string]any{"format": "chart", "base": map[string]any{"chartType": "pie"}, "items": []any{map[string]any{"title": "a"}, map[string]any{"chartType": "bar"}}},
			400, "validation_error", nil},
		{"free plan", e.freeKey, map[string]any{"format": "chart", "items": []any{chartContent("a")}}, 403, "plan_required", nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			fields := e.do("POST", "/api/v1/batch", tc.key, tc.body).envelope(t, tc.status, tc.code)
			if tc.fields != nil && !slices.Equal(fields, tc.fields) {
				t.Fatalf("issue fields %q, want %q", fields, tc.fields)
			}
			if tc.name == "every item invalid" && !slices.Contains(fields, "base.chartType") {
				t.Fatalf("a base field is not named base.*: %q", fields)
			}
		})
	}
	if got := e.used(e.devKey); got != 0 {
		t.Fatalf("refused batches counted %d generations", got)
	}
}

// TestPollingNotRateLimited: with the write budget spent, polls still answer.
func TestPollingNotRateLimited(t *testing.T) {
	url := dbtest.RedisURL(t)
	q, cfg := testQueue(t, url)
	store := dbtest.SQLite(t)
	startWorker(t, cfg, testWork(store, nil))
	rdb := redisClient(t)
	limiter := ratelimit.FailOpen(ratelimit.NewRedis(rdb, 2, time.Minute), quiet)
	e := newEnv(t, envOptions{store: store, jobs: q, rateLimit: 2, limiter: limiter})
	r := e.do("POST", "/api/v1/batch", e.devKey, map[string]any{"format": "chart", "items": []any{chartContent("a")}})
	if r.status != 202 {
		t.Fatalf("batch: %d %s", r.status, r.body)
	}
	var acc struct {
		BatchID string   `json:"batchId"`
		JobIDs  []string `json:"jobIds"`
	}
	_ = json.Unmarshal(r.body, &acc)
	e.do("POST", "/api/v1/brand", e.devKey, map[string]any{"name": "x"})
	e.do("POST", "/api/v1/brand", e.devKey, map[string]any{"name": "x"}).envelope(t, 429, "rate_limited")
	for i := 0; i < 30; i++ {
		for _, p := range []string{"/api/v1/jobs/batch/" + acc.BatchID, "/api/v1/jobs/" + acc.JobIDs[0]} {
			if r := e.do("GET", p, e.devKey, nil); r.status != 200 || r.header.Get("RateLimit-Remaining") != "0" {
				t.Fatalf("poll %d of %s: %d %s", i, p, r.status, r.body)
			}
		}
	}
}

var _ = png.Decode
