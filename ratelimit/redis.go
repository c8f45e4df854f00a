package ratelimit

import (
	"context"
	"fmt"
	"time"

	"github.com/go-redis/redis_rate/v10"
	"github.com/redis/go-redis/v9"
)

// redisKeyPrefix namespaces brandgen's keys; redis_rate adds its own "rate:" in front.
const redisKeyPrefix = "brandgen:"

// Redis is a GCRA limiter whose state lives in Redis, shared by every replica. Each call is one
// Lua script run with Redis's clock. Errors (Redis down, timeouts) are returned; wrap with FailOpen
// to let requests through meanwhile.
type Redis struct {
	limiter  *redis_rate.Limiter
	limit    redis_rate.Limit
	window   time.Duration
	interval time.Duration
}

// NewRedis makes a Redis limiter of limit requests per rolling window. client may be a
// *redis.Client, a cluster client or a ring. It panics when limit or window is not positive.
func NewRedis(client redis.UniversalClient, limit int, window time.Duration) *Redis {
	checkArgs(limit, window)
	return &Redis{
		limiter:  redis_rate.NewLimiter(client),
		limit:    redis_rate.Limit{Rate: limit, Burst: limit, Period: window},
		window:   window,
		interval: emissionInterval(limit, window),
	}
}

// Limit is the number of requests per window.
func (r *Redis) Limit() int { return r.limit.Rate }

// Allow consumes one request of key's budget if it can.
func (r *Redis) Allow(ctx context.Context, key string) (Result, error) {
	res, err := r.limiter.Allow(ctx, redisKeyPrefix+key, r.limit)
	if err != nil {
		return Result{}, fmt.Errorf("rate limit %s: %w", key, err)
	}
	out := Result{
		Limit:     r.limit.Rate,
		Remaining: res.Remaining,
		Reset:     max(0, res.ResetAfter),
		Allowed:   res.Allowed > 0,
	}
	if !out.Allowed {
		out.RetryAfter = max(0, res.RetryAfter)
	}
	return out, nil
}

// Peek reports key's budget without consuming it (a GCRA call of cost 0).
func (r *Redis) Peek(ctx context.Context, key string) (Result, error) {
	res, err := r.limiter.AllowN(ctx, redisKeyPrefix+key, r.limit, 0)
	if err != nil {
		return Result{}, fmt.Errorf("rate limit %s: %w", key, err)
	}
	reset := max(0, res.ResetAfter)
	out := Result{
		Limit:     r.limit.Rate,
		Remaining: res.Remaining,
		Reset:     reset,
		Allowed:   res.Remaining >= 1,
	}
	if !out.Allowed {
		// The script does not return its slack; it is window - reset, so the next request passes
		// one interval after that slack.
		out.RetryAfter = max(0, r.interval-(r.window-reset))
	}
	return out, nil
}
