package ewma

import (
	"sync"
	"testing"
	"time"
)

func TestDuration(t *testing.T) {
	ms := time.Millisecond
	for _, tc := range []struct {
		name    string
		samples []time.Duration
		lo, hi  time.Duration
	}{
		{"none", nil, 0, 0},
		{"first sets it", []time.Duration{800 * ms}, 800 * ms, 800 * ms},
		{"an eighth of the way", []time.Duration{800 * ms, 0}, 700 * ms, 700 * ms},
		{"moves up", []time.Duration{100 * ms, 900 * ms}, 200 * ms, 200 * ms},
		{"converges", append([]time.Duration{800 * ms}, repeat(200*ms, 100)...), 199 * ms, 201 * ms},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var a Duration
			for _, d := range tc.samples {
				a.Observe(d)
			}
			if got := a.Value(); got < tc.lo || got > tc.hi {
				t.Errorf("Value() = %s, want %s..%s", got, tc.lo, tc.hi)
			}
		})
	}
}

// TestDurationConcurrent feeds one average from many goroutines at once (the race detector checks
// the updates): equal samples leave exactly that value.
func TestDurationConcurrent(t *testing.T) {
	var a Duration
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			for range 1000 {
				a.Observe(300 * time.Millisecond)
			}
		})
	}
	wg.Wait()
	if got := a.Value(); got != 300*time.Millisecond {
		t.Errorf("Value() = %s, want 300ms", got)
	}
}

func repeat(d time.Duration, n int) []time.Duration {
	out := make([]time.Duration, n)
	for i := range out {
		out[i] = d
	}
	return out
}
