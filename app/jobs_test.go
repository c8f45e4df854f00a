package app

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/brandgen/brandgen/db/dbtest"
	"github.com/brandgen/brandgen/jobs"
)

// TestAdminAndQueueMetrics builds the App with REDIS_URL and an admin password as `brandgen serve`
// does: the asynqmon dashboard answers only with the password and is read-only by default, and
// /metrics reports the job queues.
func TestAdminAndQueueMetrics(t *testing.T) {
	url := dbtest.RedisURL(t)
	cfg, err := LoadConfig()
	if err != nil {
		t.Fatal(err)
	}
	cfg.DatabaseURL, cfg.DataDir, cfg.RedisURL, cfg.AdminPassword = "", t.TempDir(), url, "s3cret"
	a, err := New(context.Background(), cfg, slog.New(slog.NewTextHandler(io.Discard, nil)), Overrides{JobsPrefix: jobs.NewID("bgtest")})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	defer a.Jobs.DeleteQueues()
	if a.Jobs == nil || a.Admin == nil {
		t.Fatal("no job queue or dashboard with REDIS_URL and BRANDGEN_ADMIN_PASSWORD set")
	}
	srv := httptest.NewServer(a.Handler())
	defer srv.Close()
	get := func(method, path, pass string) (int, string) {
		t.Helper()
		req, _ := http.NewRequest(method, srv.URL+path, nil)
		if pass != "" {
			req.SetBasicAuth("admin", pass)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res.StatusCode, string(b)
	}
	if code, _ := get("GET", "/admin/queues", ""); code != 401 {
		t.Fatalf("dashboard without a password: %d", code)
	}
	if code, _ := get("GET", "/admin/queues/", "wrong"); code != 401 {
		t.Fatalf("dashboard with a wrong password: %d", code)
	}
	if code, body := get("GET", "/admin/queues", "s3cret"); code != 200 || !strings.Contains(body, "<html") {
		t.Fatalf("dashboard: %d %.200s", code, body)
	}
	if code, body := get("GET", "/admin/queues/api/queues", "s3cret"); code != 200 || !strings.Contains(body, "queues") {
		t.Fatalf("dashboard API: %d %.200s", code, body)
	}
	// Read-only: actions are refused.
	if code, _ := get("DELETE", "/admin/queues/api/queues/"+a.Jobs.Config().BatchQueue(), "s3cret"); code < 400 {
		t.Fatalf("a read-only dashboard accepted a DELETE: %d", code)
	}
	if code, body := get("GET", "/metrics", ""); code != 200 || !strings.Contains(body, `brandgen_jobs_queue_tasks{queue="`+a.Jobs.Config().AnimateQueue()+`",state="pending"} 0`) ||
		!strings.Contains(body, "brandgen_jobs_processed_total") {
		t.Fatalf("/metrics has no job queue figures: %d", code)
	}
}

// TestNoAdminWithoutPassword: the dashboard is not mounted when BRANDGEN_ADMIN_PASSWORD is unset.
func TestNoAdminWithoutPassword(t *testing.T) {
	url := dbtest.RedisURL(t)
	cfg, err := LoadConfig()
	if err != nil {
		t.Fatal(err)
	}
	cfg.DatabaseURL, cfg.DataDir, cfg.RedisURL, cfg.AdminPassword = "", t.TempDir(), url, ""
	a, err := New(context.Background(), cfg, slog.New(slog.NewTextHandler(io.Discard, nil)), Overrides{JobsPrefix: jobs.NewID("bgtest")})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	srv := httptest.NewServer(a.Handler())
	defer srv.Close()
	res, err := http.Get(srv.URL + "/admin/queues")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != 404 {
		t.Fatalf("/admin/queues without a password configured: %d, want 404", res.StatusCode)
	}
}
