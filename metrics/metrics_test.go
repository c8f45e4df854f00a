package metrics

import (
	"io"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"
)

func scrape(t *testing.T, m *Metrics) string {
	t.Helper()
	rec := httptest.NewRecorder()
	m.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/metrics", nil))
	b, err := io.ReadAll(rec.Body)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// Made-up methods fold into one label value: 1,000 of them add one series, not 1,000.
func TestObserveRequestFoldsUnknownMethods(t *testing.T) {
	m := New()
	m.ObserveRequest("/api/v1/chart", "POST", 200, time.Millisecond)
	for i := range 1000 {
		m.ObserveRequest("/api/v1/chart", "M"+strconv.Itoa(i), 405, time.Millisecond)
	}
	m.ObserveRequest("unmatched", "get", 404, time.Millisecond) // methods are case-sensitive: "get" is not GET
	m.ObserveRequest("unmatched", "GET", 999, time.Millisecond)
	out := scrape(t, m)
	if strings.Contains(out, `method="M`) || strings.Contains(out, `method="get"`) {
		t.Fatalf("a made-up method became a label value")
	}
	if !strings.Contains(out, `brandgen_http_requests_total{method="OTHER",route="/api/v1/chart",status="405"} 1000`) {
		t.Errorf("made-up methods not counted under OTHER:\n%s", grep(out, "brandgen_http_requests_total"))
	}
	if !strings.Contains(out, `brandgen_http_requests_total{method="POST",route="/api/v1/chart",status="200"} 1`) {
		t.Errorf("POST not counted under its name:\n%s", grep(out, "brandgen_http_requests_total"))
	}
	if !strings.Contains(out, `status="other"`) {
		t.Errorf("status 999 not folded:\n%s", grep(out, "brandgen_http_requests_total"))
	}
	if n := strings.Count(out, "brandgen_http_requests_total{"); n != 4 {
		t.Errorf("%d request series, want 4:\n%s", n, grep(out, "brandgen_http_requests_total"))
	}
}

func TestMethodLabel(t *testing.T) {
	for in, want := range map[string]string{"GET": "GET", "HEAD": "HEAD", "DELETE": "DELETE", "PROPFIND": "OTHER",
		"": "OTHER", "M12345": "OTHER", "post": "OTHER"} {
		if got := MethodLabel(in); got != want {
			t.Errorf("MethodLabel(%q) = %q, want %q", in, got, want)
		}
	}
}

func grep(s, sub string) string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if strings.Contains(l, sub) {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}
