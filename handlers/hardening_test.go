package handlers

import (
	"strconv"
	"strings"
	"testing"

	"github.com/brandgen/brandgen/db/dbtest"
)

// Issue 12 #1: made-up methods, with or without a key, must not become metric label values.
func TestMetricsLabelsAreBounded(t *testing.T) {
	e := newEnv(t, envOptions{store: dbtest.SQLite(t)})
	for i := range 200 {
		key := ""
		if i%2 == 0 {
			key = e.devKey
		}
		e.do("M"+strconv.Itoa(i), "/api/v1/chart", key, nil)
		e.do("X"+strconv.Itoa(i), "/no/such/"+strconv.Itoa(i), "", nil)
	}
	m := e.do("GET", "/metrics", "", nil)
	if m.status != 200 {
		t.Fatalf("metrics: %d", m.status)
	}
	out := string(m.body)
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "brandgen_http_") && (strings.Contains(l, `method="M`) || strings.Contains(l, `method="X`) || strings.Contains(l, "/no/such")) {
			t.Fatalf("a request-chosen value became a label: %s", l)
		}
	}
	if !strings.Contains(out, `method="OTHER",route="unmatched",status="405"} 200`) ||
		!strings.Contains(out, `method="OTHER",route="unmatched",status="404"} 200`) {
		t.Fatalf("made-up methods not folded into OTHER:\n%s", grepLines(out, "brandgen_http_requests_total"))
	}
}

func grepLines(s, sub string) string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if strings.Contains(l, sub) {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}
