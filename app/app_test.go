package app

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/keys"
)

// TestServeChart builds the App as `brandgen serve` does (SQLite in a temporary directory, no Redis,
// offline planner) and renders a chart through its HTTP handler.
func TestServeChart(t *testing.T) {
	t.Setenv("OPENAI_API_KEY", "")
	t.Setenv("OPENAI_BASE_URL", "")
	cfg, err := LoadConfig()
	if err != nil {
		t.Fatal(err)
	}
	cfg.DatabaseURL, cfg.RedisURL, cfg.DataDir = "", "", t.TempDir()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	a, err := New(ctx, cfg, slog.New(slog.NewTextHandler(io.Discard, nil)), Overrides{})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	if _, ok := a.Ready["redis"]; ok {
		t.Error("a readiness check for Redis without REDIS_URL")
	}
	acct, err := a.Store.EnsureAccount(ctx, "app-test", brandgen.PlanDeveloper)
	if err != nil {
		t.Fatal(err)
	}
	key, prefix, hash := keys.New()
	if _, err := a.Store.CreateKey(ctx, acct.ID, prefix, hash); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(a.Handler())
	defer srv.Close()

	req, _ := http.NewRequestWithContext(ctx, "POST", srv.URL+"/api/v1/chart", strings.NewReader(
		`{"chartType":"bar","title":"Signups","series":[{"label":"Jan","value":120},{"label":"Feb","value":180}]}`))
	req.Header.Set("x-api-key", key)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var body struct {
		Pattern, Image string
	}
	if err := json.NewDecoder(res.Body).Decode(&body); err != nil || res.StatusCode != 200 {
		t.Fatalf("status %d, decode %v", res.StatusCode, err)
	}
	if body.Pattern != "chart" || !strings.HasPrefix(body.Image, "data:image/png;base64,") {
		t.Fatalf("pattern %q, image %.40q", body.Pattern, body.Image)
	}
	res2, err := http.Get(srv.URL + "/readyz")
	if err != nil {
		t.Fatal(err)
	}
	res2.Body.Close()
	if res2.StatusCode != 200 {
		t.Fatalf("/readyz = %d after a render", res2.StatusCode)
	}
}
