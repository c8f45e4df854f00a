package renderer

import (
	"testing"
	"time"
)

// Issue 12 #6: the render_busy hint is the queue draining at the measured service time; it no
// longer multiplies a latency that already held the queue wait by the queue length.
func TestRetryAfter(t *testing.T) {
	cases := []struct {
		service      time.Duration
		queued, tabs int
		want         time.Duration
	}{
		{300 * time.Millisecond, 64, 2, 10 * time.Second}, // 65 * 0.3 / 2 = 9.75 s
		{300 * time.Millisecond, 0, 2, time.Second},       // floor
		{2 * time.Second, 64, 2, 60 * time.Second},        // ceiling
		{0, 3, 2, 2 * time.Second},                        // unknown service time: 1 s
		{450 * time.Millisecond, 10, 4, 2 * time.Second},  // 11 * 0.45 / 4 = 1.24 s
	}
	for _, c := range cases {
		if got := retryAfter(c.service, c.queued, c.tabs); got != c.want {
			t.Errorf("retryAfter(%s, %d, %d) = %s, want %s", c.service, c.queued, c.tabs, got, c.want)
		}
	}
}

func TestObserveServiceEWMA(t *testing.T) {
	p := &Pool{}
	p.latency.Observe(800 * time.Millisecond)
	if got := p.latency.Value(); got != 800*time.Millisecond {
		t.Fatalf("first sample: %s", got)
	}
	for range 100 {
		p.latency.Observe(200 * time.Millisecond)
	}
	if got := p.latency.Value(); got < 199*time.Millisecond || got > 201*time.Millisecond {
		t.Fatalf("EWMA after 100 samples of 200 ms: %s", got)
	}
}
