package ratelimit

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"strings"
	"testing"
	"time"
)

// flakyLimiter fails while healthy is false; otherwise it allows with 7 remaining.
type flakyLimiter struct {
	healthy bool
	calls   int
}

func (f *flakyLimiter) Allow(context.Context, string) (Result, error) {
	f.calls++
	if !f.healthy {
		return Result{}, errors.New("connection refused")
	}
	return Result{Limit: 60, Remaining: 7, Allowed: true}, nil
}
func (f *flakyLimiter) Peek(ctx context.Context, key string) (Result, error) {
	return f.Allow(ctx, key)
}
func (f *flakyLimiter) Limit() int { return 60 }

func TestFailOpen(t *testing.T) {
	var buf bytes.Buffer
	logger := slog.New(slog.NewTextHandler(&buf, nil))
	inner := &flakyLimiter{}
	l := FailOpen(inner, logger).(*failOpen)
	clock := &fakeClock{t: time.Unix(1e9, 0)}
	l.now = clock.now
	ctx := context.Background()
	warnings := func() int { return strings.Count(buf.String(), "rate limiter failed") }
	wantOpen := func(step string, res Result, err error) {
		t.Helper()
		if err != nil || !res.Allowed || res.Remaining != 60 || res.Limit != 60 || res.RetryAfter != 0 {
			t.Fatalf("%s = %+v, %v; want allowed, 60 remaining, no error", step, res, err)
		}
	}

	res, err := l.Allow(ctx, "k") // t=0: fails, warns, cools down for 5 s
	wantOpen("first call", res, err)
	if inner.calls != 1 || warnings() != 1 {
		t.Fatalf("calls=%d warnings=%d, want 1 and 1", inner.calls, warnings())
	}
	for i := range 4 { // t=1..4: the limiter is not asked
		clock.advance(time.Second)
		if i%2 == 0 {
			res, err = l.Allow(ctx, "k")
		} else {
			res, err = l.Peek(ctx, "k")
		}
		wantOpen("cooling call", res, err)
	}
	if inner.calls != 1 {
		t.Fatalf("limiter asked %d times during the cooldown, want 1", inner.calls)
	}
	clock.advance(2 * time.Second) // t=6: asked again, fails, no warning yet
	res, err = l.Peek(ctx, "k")
	wantOpen("after cooldown", res, err)
	if inner.calls != 2 || warnings() != 1 {
		t.Fatalf("calls=%d warnings=%d, want 2 and 1", inner.calls, warnings())
	}
	clock.advance(6 * time.Second) // t=12: fails, warns again, counting the quiet error
	l.Allow(ctx, "k")
	if inner.calls != 3 || warnings() != 2 {
		t.Fatalf("calls=%d warnings=%d, want 3 and 2", inner.calls, warnings())
	}
	if !strings.Contains(buf.String(), "suppressed_since_last_warning=1") {
		t.Fatalf("second warning does not count the suppressed error:\n%s", buf.String())
	}

	// Recovery: after the cooldown the limiter's own answers come back.
	inner.healthy = true
	clock.advance(5 * time.Second)
	if res, err := l.Allow(ctx, "k"); err != nil || res.Remaining != 7 {
		t.Fatalf("after recovery = %+v, %v; want the inner result", res, err)
	}

	// A caller that went away is not worth a warning, nor a cooldown.
	inner.healthy = false
	buf.Reset()
	clock.advance(time.Minute)
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	res, err = l.Allow(cancelled, "k")
	wantOpen("cancelled call", res, err)
	if buf.Len() != 0 || l.cooling() {
		t.Fatalf("a cancelled context logged (%q) or started a cooldown (%v)", buf.String(), l.cooling())
	}
}

func TestFailOpenPassesResultsThrough(t *testing.T) {
	m := NewMemory(1, time.Minute)
	l := FailOpen(m, slog.New(slog.DiscardHandler))
	ctx := context.Background()
	if res, _ := l.Allow(ctx, "k"); !res.Allowed {
		t.Fatal("first request denied")
	}
	res, err := l.Allow(ctx, "k")
	if err != nil || res.Allowed || res.RetryAfter <= 0 {
		t.Fatalf("second request = %+v, %v; want denied by the inner limiter", res, err)
	}
}
