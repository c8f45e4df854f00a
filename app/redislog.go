package app

import (
	"context"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/redis/go-redis/v9"
)

// redisLogger routes go-redis's own log lines (dial failures of its pool during an outage) through
// slog at WARN, at most one line per interval; the lines dropped in between are counted on the
// next one.
type redisLogger struct {
	log      *slog.Logger
	interval time.Duration

	mu         sync.Mutex
	last       time.Time
	suppressed int
}

func (l *redisLogger) Printf(_ context.Context, format string, v ...any) {
	l.mu.Lock()
	now := time.Now()
	if !l.last.IsZero() && now.Sub(l.last) < l.interval {
		l.suppressed++
		l.mu.Unlock()
		return
	}
	suppressed := l.suppressed
	l.last, l.suppressed = now, 0
	l.mu.Unlock()
	l.log.Warn("redis client", "msg", fmt.Sprintf(format, v...), "suppressed", suppressed)
}

var setRedisLogger sync.Once

// routeRedisLogs sends go-redis's process-wide logger to log, throttled (once per process: the
// first App's logger wins).
func routeRedisLogs(log *slog.Logger) {
	setRedisLogger.Do(func() {
		redis.SetLogger(&redisLogger{log: log.With("component", "redis"), interval: 10 * time.Second})
	})
}
