package ratelimit

import (
	"context"
	"fmt"
	"time"
)

// Result is the state of one key after Allow, or as Peek sees it.
type Result struct {
	// Limit is the bucket size: requests per window.
	Limit int
	// Remaining is how many requests could pass right now.
	Remaining int
	// Reset is the time until the bucket is full again (Remaining == Limit).
	Reset time.Duration
	// RetryAfter is the time until the next request may pass; > 0 only when denied (Allow) or when
	// the next request would be denied (Peek).
	RetryAfter time.Duration
	// Allowed says whether the request passed (Allow) or whether one would pass now (Peek).
	Allowed bool
}

// ResetSeconds is Reset in whole seconds, rounded up: the RateLimit-Reset header.
func (r Result) ResetSeconds() int { return ceilSeconds(r.Reset) }

// RetryAfterSeconds is RetryAfter in whole seconds, rounded up and at least 1 when the request
// was denied: the Retry-After header of a 429. Zero when allowed.
func (r Result) RetryAfterSeconds() int {
	if r.Allowed {
		return 0
	}
	return max(1, ceilSeconds(r.RetryAfter))
}

// Limiter limits requests per key.
type Limiter interface {
	// Allow consumes one request of key's budget if it can and reports the outcome.
	Allow(ctx context.Context, key string) (Result, error)
	// Peek reports key's budget without consuming any (for the headers of uncounted requests).
	Peek(ctx context.Context, key string) (Result, error)
}

// Policy is the RateLimit-Policy header value of limit requests per window: "60;w=60".
func Policy(limit int, window time.Duration) string {
	return fmt.Sprintf("%d;w=%d", limit, ceilSeconds(window))
}

func ceilSeconds(d time.Duration) int {
	if d <= 0 {
		return 0
	}
	return int((d + time.Second - 1) / time.Second)
}

// emissionInterval is the time one request's budget takes to come back.
func emissionInterval(limit int, window time.Duration) time.Duration {
	return window / time.Duration(limit)
}

func checkArgs(limit int, window time.Duration) {
	if limit <= 0 || window <= 0 || window/time.Duration(limit) <= 0 {
		panic(fmt.Sprintf("ratelimit: invalid limit %d per %s", limit, window))
	}
}
