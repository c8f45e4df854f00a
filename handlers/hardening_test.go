package handlers

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/brandgen/brandgen"
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

// hostileEnvelope is an error envelope with the omitted-issue count.
type hostileEnvelope struct {
	Error         string           `json:"error"`
	Message       string           `json:"message"`
	Issues        []brandgen.Issue `json:"issues"`
	IssuesOmitted int              `json:"issuesOmitted"`
}

func decodeEnvelope(t *testing.T, r response) hostileEnvelope {
	t.Helper()
	var env hostileEnvelope
	if err := json.Unmarshal(r.body, &env); err != nil {
		t.Fatalf("not an envelope: %v: %.300s", err, r.body)
	}
	return env
}

// Issue 12 #9: error bodies are bounded whatever the input: at most 50 issues with a count of the
// rest, field names clipped.
func TestErrorBodiesAreBounded(t *testing.T) {
	e := newEnv(t, envOptions{store: dbtest.SQLite(t)})
	content := map[string]any{"chartType": "bar", "series": []map[string]any{{"label": "a", "value": 1}, {"label": "b", "value": 2}}}
	for i := range 10000 {
		content["unknown"+strconv.Itoa(i)] = 1
	}
	r := e.do("POST", "/api/v1/render", e.devKey, map[string]any{"format": "chart", "content": content})
	r.envelope(t, 400, "validation_error")
	env := decodeEnvelope(t, r)
	if len(env.Issues) != 50 || env.IssuesOmitted != 9950 {
		t.Fatalf("%d issues listed, %d omitted; want 50 and 9950", len(env.Issues), env.IssuesOmitted)
	}
	if len(r.body) > 16<<10 {
		t.Fatalf("error body is %d bytes", len(r.body))
	}

	long := strings.Repeat("k", 1<<20)
	r = e.do("POST", "/api/v1/render", e.devKey, `{"format":"chart","content":{"chartType":"bar","`+long+`":1,"series":[{"label":"a","value":1},{"label":"b","value":2}]}}`)
	r.envelope(t, 400, "validation_error")
	env = decodeEnvelope(t, r)
	if len(r.body) > 4<<10 || len(env.Issues) != 1 {
		t.Fatalf("a 1 MB key name gave a %d-byte body: %.300s", len(r.body), r.body)
	}
	if f := env.Issues[0].Field; utf8.RuneCountInString(f) > 64 || !strings.HasPrefix(f, "content.kkk") || !strings.HasSuffix(f, "…") {
		t.Fatalf("field not clipped to 64 characters with an ellipsis: %q", f)
	}

	r = e.do("GET", "/api/v1/"+strings.Repeat("p", 4000), e.devKey, nil)
	r.envelope(t, 404, "not_found")
	if len(r.body) > 1<<10 {
		t.Fatalf("404 echoes the path: %d bytes", len(r.body))
	}
}

// Issue 12 #10: duplicate keys, wrong types, control characters and invalid UTF-8 in chart text and
// prompts are 400s naming the field in the API's words, never Go's.
func TestHostileJSON(t *testing.T) {
	e := newEnv(t, envOptions{store: dbtest.SQLite(t)})
	series := `"series":[{"label":"a","value":1},{"label":"b","value":2}]`
	cases := []struct {
		name, path, body string
		fields           []string
	}{
		{"duplicate value, string last", "/api/v1/chart", `{"chartType":"bar","series":[{"label":"a","value":1,"value":"x"},{"label":"b","value":2}]}`, []string{"series[0].value"}},
		{"duplicate value, string first", "/api/v1/chart", `{"chartType":"bar","series":[{"label":"a","value":"x","value":1},{"label":"b","value":2}]}`, []string{"series[0].value"}},
		{"duplicate top-level key", "/api/v1/chart", `{"chartType":"bar","chartType":"line",` + series + `}`, []string{"chartType"}},
		{"duplicate in render content", "/api/v1/render", `{"format":"chart","content":{"chartType":"bar","title":"a","title":"b",` + series + `}}`, []string{"content.title"}},
		{"control character in chart title", "/api/v1/chart", `{"chartType":"bar","title":"Q3\u0007 sales",` + series + `}`, []string{"title"}},
		{"escape-coded NUL in a label", "/api/v1/chart", `{"chartType":"bar","series":[{"label":"a\u0000","value":1},{"label":"b","value":2}]}`, []string{"series[0].label"}},
		{"C1 control in a subtitle", "/api/v1/chart", `{"chartType":"bar","subtitle":"x` + "\u0085" + `",` + series + `}`, []string{"subtitle"}},
		{"invalid UTF-8 in chart title", "/api/v1/chart", `{"chartType":"bar","title":"Q3 ` + "\xff\xfe" + `",` + series + `}`, []string{"title"}},
		{"lone surrogate in a label", "/api/v1/chart", `{"chartType":"bar","series":[{"label":"\ud800","value":1},{"label":"b","value":2}]}`, []string{"series[0].label"}},
		{"invalid UTF-8 in a prompt", "/api/v1/posts", `{"prompt":"launch ` + "\xc3\x28" + ` day"}`, []string{"prompt"}},
		{"control character in a prompt", "/api/v1/posts", `{"prompt":"launch\u001bday"}`, []string{"prompt"}},
		{"invalid UTF-8 in a diagram prompt", "/api/v1/diagrams", `{"prompt":"a ` + "\xed\xa0\x80" + ` b"}`, []string{"prompt"}},
		{"wrong type for a look field", "/api/v1/chart", `{"chartType":"bar","unbranded":"yes",` + series + `}`, []string{"unbranded"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := e.do("POST", tc.path, e.devKey, tc.body)
			fields := r.envelope(t, 400, "validation_error")
			if !slices.Equal(fields, tc.fields) {
				t.Fatalf("fields = %q, want %q; body %s", fields, tc.fields, r.body)
			}
			for _, leak := range []string{"json:", "Go struct", "unmarshal", "float64"} {
				if strings.Contains(string(r.body), leak) {
					t.Fatalf("body leaks Go's wording %q: %s", leak, r.body)
				}
			}
		})
	}
	// Tabs and line breaks stay allowed in prompts.
	if r := e.do("POST", "/api/v1/posts", e.devKey, `{"prompt":"launch\r\nday\tnow"}`); r.status != 200 {
		t.Fatalf("a prompt with CRLF and a tab: %d %.300s", r.status, r.body)
	}
}

// Issue 12 #4: the four bypasses of the old SVG check are refused by POST /brand, and an accepted
// SVG is stored and returned rebuilt by the sanitiser.
func TestBrandSVGLogoSanitised(t *testing.T) {
	e := newEnv(t, envOptions{store: dbtest.SQLite(t)})
	const ns = `xmlns="http://www.w3.org/2000/svg"`
	uri := func(svg string) string {
		return "data:image/svg+xml;base64," + base64.StdEncoding.EncodeToString([]byte(svg))
	}
	for _, svg := range []string{
		`<svg ` + ns + `><style>@imp<!---->ort url(http://127.0.0.1:9/a.css);</style><rect/></svg>`,
		`<svg ` + ns + `><style>rect{fill:u<!---->rl(http://127.0.0.1:9/p)}</style><rect/></svg>`,
		`<svg ` + ns + `><style><g/>rect{fill:url(http://127.0.0.1:9/p)}</style><rect/></svg>`,
		`<svg ` + ns + `><style><![CDATA[@imp]]><![CDATA[ort "http://127.0.0.1:9/a.css";]]></style><rect/></svg>`,
	} {
		r := e.do("POST", "/api/v1/brand", e.devKey, map[string]any{"name": "Acme", "logo": uri(svg)})
		if fields := r.envelope(t, 400, "validation_error"); !slices.Equal(fields, []string{"logo"}) {
			t.Fatalf("fields %q for %s", fields, svg)
		}
	}
	in := `<svg ` + ns + ` viewBox="0 0 10 10"><!-- x --><title>Acme</title><rect width="10" height="10" fill="#0a84ff" data-track="1"/></svg>`
	if r := e.do("POST", "/api/v1/brand", e.devKey, map[string]any{"name": "Acme", "logo": uri(in)}); r.status != 200 {
		t.Fatalf("clean logo: %d %s", r.status, r.body)
	}
	got := e.do("GET", "/api/v1/brand", e.devKey, nil).json(t)["brand"].(map[string]any)["logo"].(string)
	raw, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(got, "data:image/svg+xml;base64,"))
	if err != nil {
		t.Fatal(err)
	}
	want := `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><title>Acme</title><rect width="10" height="10" fill="#0a84ff"/></svg>`
	if string(raw) != want {
		t.Fatalf("stored logo:\n%s\nwant\n%s", raw, want)
	}
}

// Issue 12 #8: made-up keys are limited per client address (20 failures a minute), whatever
// X-Forwarded-For says; a missing key is not counted.
func TestFailedAuthLimitedPerIP(t *testing.T) {
	e := newEnv(t, envOptions{store: dbtest.SQLite(t)})
	for range 30 {
		e.do("GET", "/api/v1/usage", "", nil).envelope(t, 401, "unauthorized")
	}
	send := func(key string, i int) response {
		req, _ := http.NewRequest("GET", e.srv.URL+"/api/v1/usage", nil)
		req.Header.Set("x-api-key", key)
		req.Header.Set("X-Forwarded-For", fmt.Sprintf("203.0.113.%d", i))
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return response{status: res.StatusCode, header: res.Header, body: b}
	}
	for i := range 20 {
		key := "bg_" + fmt.Sprintf("%08d", i) + "_" + strings.Repeat("a", 32)
		if i%2 == 1 {
			key = "made-up-" + strconv.Itoa(i)
		}
		send(key, i).envelope(t, 401, "unauthorized")
	}
	r := send("bg_abcdefgh_"+strings.Repeat("b", 32), 99)
	r.envelope(t, 429, "rate_limited")
	if ra, err := strconv.Atoi(r.header.Get("Retry-After")); err != nil || ra < 1 || ra > 60 {
		t.Fatalf("Retry-After = %q", r.header.Get("Retry-After"))
	}
	// The address is held off before its key is looked up, valid or not.
	send(e.devKey, 100).envelope(t, 429, "rate_limited")
}

// Issue 12 #10: /readyz shows states to anyone and causes (addresses, dial errors) only with a
// valid key.
func TestReadyzHidesCausesWithoutAKey(t *testing.T) {
	store := dbtest.SQLite(t)
	down := errors.New("dial tcp 10.1.2.3:6379: connect: connection refused")
	e := newEnv(t, envOptions{store: store, ready: map[string]func(context.Context) error{
		"database": store.Ping, "redis": func(context.Context) error { return down }}})
	for _, key := range []string{"", "bg_abcdefgh_" + strings.Repeat("a", 32), e.freeKey} {
		r := e.do("GET", "/readyz", key, nil)
		checks, _ := r.json(t)["checks"].(map[string]any)
		if r.status != 503 || checks["database"] != "ok" || !strings.HasPrefix(fmt.Sprint(checks["redis"]), "unavailable") {
			t.Fatalf("readyz (key %q): %d %s", key, r.status, r.body)
		}
		leaks := strings.Contains(string(r.body), "10.1.2.3")
		if want := key == e.freeKey; leaks != want {
			t.Fatalf("readyz (key %q) shows the cause: %v, want %v: %s", key, leaks, want, r.body)
		}
	}
}

// busyPool is an Admission that is always full.
type busyPool struct{ calls atomic.Int64 }

func (b *busyPool) Busy() error {
	b.calls.Add(1)
	return &brandgen.Error{Code: brandgen.CodeRenderBusy, Message: "the render queue is full; retry later",
		RetryAfter: 3 * time.Second, Err: brandgen.ErrRenderBusy}
}

// Issue 12 #7: when the pool is full, render routes shed before reading the body (a body that is
// not even JSON gets 503, not 400), with the pool's Retry-After, and the log samples them.
func TestShedBeforeDecoding(t *testing.T) {
	var logs bytes.Buffer
	var mu sync.Mutex
	w := writerFunc(func(p []byte) (int, error) { mu.Lock(); defer mu.Unlock(); return logs.Write(p) })
	busy := &busyPool{}
	e := newEnv(t, envOptions{store: dbtest.SQLite(t), admission: busy, logger: slog.New(slog.NewJSONHandler(w, nil))})
	for _, path := range []string{"/api/v1/chart", "/api/v1/render", "/api/v1/posts", "/api/v1/carousel", "/api/v1/diagrams"} {
		for range 10 {
			r := e.do("POST", path, e.devKey, `{"not json`)
			r.envelope(t, 503, "render_busy")
			if r.header.Get("Retry-After") != "3" {
				t.Fatalf("%s: Retry-After %q", path, r.header.Get("Retry-After"))
			}
		}
	}
	if busy.calls.Load() != 50 {
		t.Fatalf("admission asked %d times", busy.calls.Load())
	}
	// Routes that do not render are not shed.
	if r := e.do("POST", "/api/v1/brand", e.devKey, map[string]any{"name": "Acme"}); r.status != 200 {
		t.Fatalf("brand with the pool full: %d", r.status)
	}
	mu.Lock()
	out := logs.String()
	mu.Unlock()
	if n := strings.Count(out, "render busy"); n < 1 || n > 10 {
		t.Fatalf("%d log lines for 50 shed requests, want a sample:\n%s", n, out)
	}
	if strings.Contains(out, `"level":"ERROR"`) {
		t.Fatalf("shed requests logged at ERROR:\n%s", out)
	}
}

type writerFunc func([]byte) (int, error)

func (f writerFunc) Write(p []byte) (int, error) { return f(p) }
