package ratelimit

import (
	"context"
	"sync"
	"time"
)

// defaultMaxKeys bounds the keys a Memory limiter tracks.
const defaultMaxKeys = 100_000

// Memory is an in-process GCRA limiter. It keeps one time per key (the theoretical arrival time:
// when the bucket will be full again) and forgets keys whose bucket is full, sweeping at most once
// per window, so its memory follows the keys active in the last window. Past maxKeys active keys
// it forgets arbitrary ones (which resets their budget) rather than grow without bound.
type Memory struct {
	limit    int
	window   time.Duration
	interval time.Duration
	maxKeys  int
	now      func() time.Time

	mu        sync.Mutex
	tat       map[string]time.Time
	lastSweep time.Time
}

// NewMemory makes an in-process limiter of limit requests per rolling window. It panics when
// limit or window is not positive.
func NewMemory(limit int, window time.Duration) *Memory {
	checkArgs(limit, window)
	return &Memory{
		limit:    limit,
		window:   window,
		interval: emissionInterval(limit, window),
		maxKeys:  defaultMaxKeys,
		now:      time.Now,
		tat:      make(map[string]time.Time),
	}
}

// Limit is the number of requests per window.
func (m *Memory) Limit() int { return m.limit }

// Allow consumes one request of key's budget if it can.
func (m *Memory) Allow(_ context.Context, key string) (Result, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	now := m.now()
	m.sweep(now)
	tat := m.current(key, now)
	newTat := tat.Add(m.interval)
	diff := now.Sub(newTat.Add(-m.window))
	if diff < 0 {
		return Result{Limit: m.limit, Reset: tat.Sub(now), RetryAfter: -diff}, nil
	}
	m.tat[key] = newTat
	return Result{
		Limit:     m.limit,
		Remaining: int(diff / m.interval),
		Reset:     newTat.Sub(now),
		Allowed:   true,
	}, nil
}

// Peek reports key's budget without consuming it.
func (m *Memory) Peek(_ context.Context, key string) (Result, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	now := m.now()
	tat := m.current(key, now)
	diff := now.Sub(tat.Add(-m.window))
	res := Result{
		Limit:     m.limit,
		Remaining: int(diff / m.interval),
		Reset:     tat.Sub(now),
		Allowed:   diff >= m.interval,
	}
	if !res.Allowed {
		res.RetryAfter = m.interval - diff
	}
	return res, nil
}

// current is key's theoretical arrival time, never before now.
func (m *Memory) current(key string, now time.Time) time.Time {
	if t, ok := m.tat[key]; ok && t.After(now) {
		return t
	}
	return now
}

// sweep forgets keys whose bucket is full, once per window or when the map is over its bound, and
// then trims to the bound if it must.
func (m *Memory) sweep(now time.Time) {
	if len(m.tat) < m.maxKeys && now.Sub(m.lastSweep) < m.window {
		return
	}
	m.lastSweep = now
	for k, t := range m.tat {
		if !t.After(now) {
			delete(m.tat, k)
		}
	}
	for k := range m.tat {
		if len(m.tat) < m.maxKeys {
			break
		}
		delete(m.tat, k)
	}
}

// keys is the number of tracked keys (tests).
func (m *Memory) keys() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.tat)
}
