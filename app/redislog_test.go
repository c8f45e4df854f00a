package app

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"strings"
	"testing"
	"time"
)

// Issue 12 #10: go-redis's lines come out as slog JSON, one per interval with a count of the rest.
func TestRedisLoggerThrottles(t *testing.T) {
	var buf bytes.Buffer
	l := &redisLogger{log: slog.New(slog.NewJSONHandler(&buf, nil)), interval: 50 * time.Millisecond}
	for range 100 {
		l.Printf(context.Background(), "redis: connection pool: failed to dial after %d attempts: %s", 5, "dial tcp 127.0.0.1:1: connect: connection refused")
	}
	time.Sleep(60 * time.Millisecond)
	l.Printf(context.Background(), "redis: %s", "again")
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	if len(lines) != 2 {
		t.Fatalf("%d lines, want 2:\n%s", len(lines), buf.String())
	}
	var first, second map[string]any
	if json.Unmarshal([]byte(lines[0]), &first) != nil || json.Unmarshal([]byte(lines[1]), &second) != nil {
		t.Fatalf("not slog JSON:\n%s", buf.String())
	}
	if first["level"] != "WARN" || !strings.Contains(first["msg"].(string)+first["msg"].(string), "redis") ||
		!strings.Contains(lines[0], "failed to dial after 5 attempts") || second["suppressed"] != float64(99) {
		t.Fatalf("lines:\n%s", buf.String())
	}
}
