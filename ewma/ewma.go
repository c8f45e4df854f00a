// Package ewma keeps exponentially weighted moving averages of durations that many goroutines feed
// at once, without a lock: the render pool's tab service time and the request body budget's hold
// time, each the base of a Retry-After hint. It has no dependencies.
package ewma

import (
	"sync/atomic"
	"time"
)

// Duration is a moving average of durations with weight 1/8: each observation moves the average an
// eighth of the way towards it, and the first one sets it. The zero value is ready to use and
// reports 0 until something is observed. A Duration must not be copied after first use.
type Duration struct {
	ns atomic.Int64
}

// Observe feeds d into the average.
func (a *Duration) Observe(d time.Duration) {
	for {
		old := a.ns.Load()
		next := int64(d)
		if old > 0 {
			next = old + (int64(d)-old)/8
		}
		if a.ns.CompareAndSwap(old, next) {
			return
		}
	}
}

// Value is the average, 0 when nothing has been observed.
func (a *Duration) Value() time.Duration { return time.Duration(a.ns.Load()) }
