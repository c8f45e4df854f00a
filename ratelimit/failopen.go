package ratelimit

import (
	"context"
	"log/slog"
	"sync"
	"time"
)

const (
	// failOpenLogEvery is how often FailOpen logs while its limiter keeps failing.
	failOpenLogEvery = 10 * time.Second
	// failOpenCooldown is how long FailOpen stops asking a limiter that failed. A Redis that
	// refuses connections costs go-redis's dial retries (1.7 s per call with default options), so
	// asking on every request would add that to every request.
	failOpenCooldown = 5 * time.Second
)

// FailOpen wraps l so that an error lets the request through: the result is Allowed with
// Remaining equal to the limit (when l reports its limit through a Limit() int method) and no
// error. After an error it does not ask l for 5 s (every request passes at once), then tries again.
// It logs a warning at most once per 10 s, counting the errors it kept quiet about. Errors of a
// context that is already done are not logged and do not start a cooldown.
func FailOpen(l Limiter, logger *slog.Logger) Limiter {
	if logger == nil {
		logger = slog.Default()
	}
	limit := 0
	if lr, ok := l.(interface{ Limit() int }); ok {
		limit = lr.Limit()
	}
	return &failOpen{next: l, log: logger, limit: limit, now: time.Now}
}

type failOpen struct {
	next  Limiter
	log   *slog.Logger
	limit int
	now   func() time.Time

	mu         sync.Mutex
	lastLog    time.Time
	suppressed int
	openUntil  time.Time // limiter not asked before this
}

func (f *failOpen) Limit() int { return f.limit }

func (f *failOpen) Allow(ctx context.Context, key string) (Result, error) {
	if f.cooling() {
		return f.openResult(), nil
	}
	res, err := f.next.Allow(ctx, key)
	if err != nil {
		return f.open(ctx, "allow", err), nil
	}
	return res, nil
}

func (f *failOpen) Peek(ctx context.Context, key string) (Result, error) {
	if f.cooling() {
		return f.openResult(), nil
	}
	res, err := f.next.Peek(ctx, key)
	if err != nil {
		return f.open(ctx, "peek", err), nil
	}
	return res, nil
}

// cooling reports whether the limiter failed less than failOpenCooldown ago.
func (f *failOpen) cooling() bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.now().Before(f.openUntil)
}

func (f *failOpen) openResult() Result {
	return Result{Limit: f.limit, Remaining: f.limit, Allowed: true}
}

func (f *failOpen) open(ctx context.Context, op string, err error) Result {
	if ctx.Err() == nil {
		f.mu.Lock()
		now := f.now()
		f.openUntil = now.Add(failOpenCooldown)
		logNow := f.lastLog.IsZero() || now.Sub(f.lastLog) >= failOpenLogEvery
		suppressed := f.suppressed
		if logNow {
			f.lastLog, f.suppressed = now, 0
		} else {
			f.suppressed++
		}
		f.mu.Unlock()
		if logNow {
			f.log.WarnContext(ctx, "rate limiter failed; letting requests through",
				"op", op, "err", err, "suppressed_since_last_warning", suppressed,
				"cooldown", failOpenCooldown)
		}
	}
	return f.openResult()
}
