package handlers

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/brandgen/brandgen/db/dbtest"
)

// rawRequest writes head and body on a fresh loopback TCP connection, then reads one answer within
// wait. It fails the test when the server neither answers nor closes in time.
func rawRequest(t *testing.T, e *env, head string, body []byte, wait time.Duration) (*http.Response, []byte, net.Conn) {
	t.Helper()
	conn, err := net.Dial("tcp", e.srv.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	if _, err := io.WriteString(conn, head); err != nil {
		t.Fatal(err)
	}
	if len(body) > 0 {
		if _, err := conn.Write(body); err != nil {
			t.Fatalf("writing the body: %v", err)
		}
	}
	_ = conn.SetReadDeadline(time.Now().Add(wait))
	res, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("no answer within %s: %v", wait, err)
	}
	b, _ := io.ReadAll(res.Body)
	res.Body.Close()
	return res, b, conn
}

func envelopeCode(t *testing.T, b []byte) string {
	t.Helper()
	var env struct{ Error, Message string }
	if err := json.Unmarshal(b, &env); err != nil || env.Message == "" {
		t.Fatalf("not an envelope (%v): %.200q", err, b)
	}
	return env.Error
}

// expectClosed checks the server closes conn within wait.
func expectClosed(t *testing.T, conn net.Conn, wait time.Duration) {
	t.Helper()
	_ = conn.SetReadDeadline(time.Now().Add(wait))
	if _, err := io.Copy(io.Discard, conn); err != nil {
		if ne, ok := err.(net.Error); ok && ne.Timeout() {
			t.Fatalf("the server kept the connection open past %s", wait)
		}
	}
}

// Issue 12 #2: a slow sender (Content-Length 200000, one byte) gets 408 and loses its connection
// within the body timeout, with or without a key.
func TestSlowSender(t *testing.T) {
	e := newEnv(t, envOptions{store: dbtest.SQLite(t), bodyTimeout: time.Second})
	for _, key := range []string{e.devKey, ""} {
		t.Run(fmt.Sprintf("key=%v", key != ""), func(t *testing.T) {
			start := time.Now()
			head := "POST /api/v1/chart HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 200000\r\n"
			if key != "" {
				head += "x-api-key: " + key + "\r\n"
			}
			res, b, conn := rawRequest(t, e, head+"\r\n", []byte("{"), 5*time.Second)
			if key != "" {
				if res.StatusCode != 408 || envelopeCode(t, b) != "request_timeout" {
					t.Fatalf("slow body: %d %s", res.StatusCode, b)
				}
			} else if res.StatusCode != 401 {
				t.Fatalf("slow body without a key: %d %s", res.StatusCode, b)
			}
			expectClosed(t, conn, 3*time.Second)
			if d := time.Since(start); d > 4*time.Second {
				t.Fatalf("the slow sender held its connection %s", d)
			}
		})
	}
	// A body that does arrive in time is served, and a long render after it is not cut.
	if r := e.do("POST", "/api/v1/chart", e.devKey, map[string]any{"chartType": "bar",
		"series": []map[string]any{{"label": "a", "value": 1}, {"label": "b", "value": 2}}}); r.status != 200 {
		t.Fatalf("chart after slow senders: %d %.200s", r.status, r.body)
	}
}

// Issue 12 #3 and #5: per-route caps, and clients that send the whole body before reading get the
// 413 envelope, not a reset.
func TestBodyLimits(t *testing.T) {
	e := newEnv(t, envOptions{store: dbtest.SQLite(t)})
	post := func(path string, n int) string {
		method := "POST"
		if path == "/api/v1/settings" {
			method = "PATCH"
		}
		return fmt.Sprintf("%s %s HTTP/1.1\r\nHost: x\r\nx-api-key: %s\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n", method, path, e.devKey, n)
	}
	body := func(n int) []byte {
		b := bytes.Repeat([]byte("x"), n)
		copy(b, `{"title":"`)
		copy(b[n-2:], `"}`)
		return b
	}
	for _, tc := range []struct {
		path  string
		size  int
		limit string
	}{
		{"/api/v1/render", 11 << 20, "10 MB"},
		{"/api/v1/chart", 5 << 20, "4 MB"},
		{"/api/v1/settings", 100 << 10, "64 KB"},
	} {
		t.Run(tc.path, func(t *testing.T) {
			res, b, conn := rawRequest(t, e, post(tc.path, tc.size), body(tc.size), 20*time.Second)
			if res.StatusCode != 413 || envelopeCode(t, b) != "payload_too_large" || !strings.Contains(string(b), tc.limit) {
				t.Fatalf("%d %s", res.StatusCode, b)
			}
			expectClosed(t, conn, 5*time.Second)
		})
	}
	t.Run("chunked past the cap", func(t *testing.T) {
		var chunked bytes.Buffer
		for range 5 {
			fmt.Fprintf(&chunked, "%x\r\n%s\r\n", 1<<20, bytes.Repeat([]byte(" "), 1<<20))
		}
		chunked.WriteString("0\r\n\r\n")
		head := fmt.Sprintf("POST /api/v1/chart HTTP/1.1\r\nHost: x\r\nx-api-key: %s\r\nTransfer-Encoding: chunked\r\n\r\n", e.devKey)
		res, b, _ := rawRequest(t, e, head, chunked.Bytes(), 20*time.Second)
		if res.StatusCode != 413 || envelopeCode(t, b) != "payload_too_large" {
			t.Fatalf("%d %s", res.StatusCode, b)
		}
	})
	// A logo-sized body still fits /chart.
	logo := map[string]any{"chartType": "bar", "title": strings.Repeat("x", 10), "pad": strings.Repeat("y", 3<<20),
		"series": []map[string]any{{"label": "a", "value": 1}, {"label": "b", "value": 2}}}
	if r := e.do("POST", "/api/v1/chart", e.devKey, logo); r.status != 200 {
		t.Fatalf("a 3 MB chart body: %d %.200s", r.status, r.body)
	}
}

// Issue 12 #10: oversized headers get the envelope; HEAD on GET routes answers like GET.
func TestHeadersAndHead(t *testing.T) {
	e := newEnv(t, envOptions{store: dbtest.SQLite(t)})
	res, b, _ := rawRequest(t, e, "GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: "+strings.Repeat("a", 40<<10)+"\r\n\r\n", nil, 5*time.Second)
	if res.StatusCode != 431 || envelopeCode(t, b) != "headers_too_large" {
		t.Fatalf("oversized header: %d %s", res.StatusCode, b)
	}
	for _, path := range []string{"/healthz", "/readyz", "/metrics", "/api/v1/schemas", "/api/v1/brand", "/api/v1/usage"} {
		get, head := e.do("GET", path, e.devKey, nil), e.do("HEAD", path, e.devKey, nil)
		if head.status != get.status || head.status != 200 || len(head.body) != 0 || head.header.Get("Content-Type") != get.header.Get("Content-Type") {
			t.Errorf("HEAD %s: %d (%d body bytes, %q); GET: %d %q", path, head.status, len(head.body), head.header.Get("Content-Type"), get.status, get.header.Get("Content-Type"))
		}
	}
	if r := e.do("HEAD", "/api/v1/chart", e.devKey, nil); r.status != 405 {
		t.Errorf("HEAD on a POST route: %d", r.status)
	}
	m := string(e.do("GET", "/metrics", "", nil).body)
	if !strings.Contains(m, `method="HEAD",route="/api/v1/schemas",status="200"`) {
		t.Errorf("HEAD requests are not counted as HEAD:\n%s", grepLines(m, "schemas"))
	}
}
