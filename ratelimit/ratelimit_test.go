package ratelimit

import (
	"context"
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
)

// fakeClock is a settable clock for Memory.
type fakeClock struct{ t time.Time }

func (c *fakeClock) now() time.Time          { return c.t }
func (c *fakeClock) advance(d time.Duration) { c.t = c.t.Add(d) }

// step is one call in a scenario. For durations the want is approximate (Redis runs on its own
// clock, so the test accepts tolerance either way).
type step struct {
	advance   time.Duration // before the call: fake clock moves, or the test sleeps for Redis
	peek      bool
	repeat    int // run the call this many times (default 1); the wants apply to the last one
	allowed   bool
	remaining int
	reset     time.Duration
	retry     time.Duration
}

type scenario struct {
	name   string
	limit  int
	window time.Duration
	steps  []step
}

// scenarios are run against Memory and Redis alike: both must report the same numbers.
var scenarios = []scenario{
	{
		name: "60 per minute", limit: 60, window: time.Minute,
		steps: []step{
			{peek: true, allowed: true, remaining: 60, reset: 0},
			{allowed: true, remaining: 59, reset: time.Second},
			{repeat: 58, allowed: true, remaining: 1, reset: 59 * time.Second},
			{allowed: true, remaining: 0, reset: time.Minute},
			{peek: true, allowed: false, remaining: 0, reset: time.Minute, retry: time.Second},
			{allowed: false, remaining: 0, reset: time.Minute, retry: time.Second}, // the 61st
			{repeat: 3, allowed: false, remaining: 0, reset: time.Minute, retry: time.Second},
		},
	},
	{
		name: "5 per second refills one every 200ms", limit: 5, window: time.Second,
		steps: []step{
			{repeat: 5, allowed: true, remaining: 0, reset: time.Second},
			{peek: true, allowed: false, remaining: 0, reset: time.Second, retry: 200 * time.Millisecond},
			{allowed: false, remaining: 0, reset: time.Second, retry: 200 * time.Millisecond},
			{advance: 300 * time.Millisecond, peek: true, allowed: true, remaining: 1, reset: 700 * time.Millisecond},
			{allowed: true, remaining: 0, reset: 900 * time.Millisecond},
			{allowed: false, remaining: 0, reset: 900 * time.Millisecond, retry: 100 * time.Millisecond},
			{advance: 1000 * time.Millisecond, peek: true, allowed: true, remaining: 5, reset: 0},
			{allowed: true, remaining: 4, reset: 200 * time.Millisecond},
		},
	},
}

// runScenario drives l through sc. advance moves time by d.
func runScenario(t *testing.T, l Limiter, key string, sc scenario, advance func(time.Duration), tolerance time.Duration) {
	t.Helper()
	ctx := context.Background()
	for i, st := range sc.steps {
		if st.advance > 0 {
			advance(st.advance)
		}
		var res Result
		var err error
		for range max(1, st.repeat) {
			if st.peek {
				res, err = l.Peek(ctx, key)
			} else {
				res, err = l.Allow(ctx, key)
			}
			if err != nil {
				t.Fatalf("step %d: %v", i, err)
			}
		}
		what := fmt.Sprintf("step %d (peek=%v): %+v", i, st.peek, res)
		if res.Allowed != st.allowed || res.Remaining != st.remaining || res.Limit != sc.limit {
			t.Fatalf("%s: want allowed=%v remaining=%d limit=%d", what, st.allowed, st.remaining, sc.limit)
		}
		if d := res.Reset - st.reset; d > tolerance || d < -tolerance {
			t.Fatalf("%s: reset want %s", what, st.reset)
		}
		if d := res.RetryAfter - st.retry; d > tolerance || d < -tolerance {
			t.Fatalf("%s: retryAfter want %s", what, st.retry)
		}
		if st.allowed != (res.RetryAfter == 0) {
			t.Fatalf("%s: RetryAfter must be > 0 exactly when denied", what)
		}
	}
}

func TestMemoryScenarios(t *testing.T) {
	for _, sc := range scenarios {
		t.Run(sc.name, func(t *testing.T) {
			m := NewMemory(sc.limit, sc.window)
			clock := &fakeClock{t: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
			m.now = clock.now
			runScenario(t, m, "key", sc, clock.advance, 0) // exact on a fake clock
		})
	}
}

// TestRedisScenarios runs the scenarios on a real clock: a loaded CI machine can take most of a
// second for the 60-request burst, so reset and retry times are checked to within a second;
// allowed and remaining are exact.
func TestRedisScenarios(t *testing.T) {
	client := testRedis(t)
	for _, sc := range scenarios {
		t.Run(sc.name, func(t *testing.T) {
			r := NewRedis(client, sc.limit, sc.window)
			key := uniqueKey(t)
			runScenario(t, r, key, sc, time.Sleep, time.Second)
		})
	}
}

func TestMemoryKeysAreIndependent(t *testing.T) {
	m := NewMemory(2, time.Minute)
	clock := &fakeClock{t: time.Unix(1e9, 0)}
	m.now = clock.now
	ctx := context.Background()
	for range 2 {
		m.Allow(ctx, "a")
	}
	if res, _ := m.Allow(ctx, "a"); res.Allowed {
		t.Fatal("a's third request passed")
	}
	if res, _ := m.Allow(ctx, "b"); !res.Allowed || res.Remaining != 1 {
		t.Fatalf("b = %+v, want allowed with 1 remaining", res)
	}
}

func TestMemoryEvictsIdleKeys(t *testing.T) {
	m := NewMemory(60, time.Minute)
	clock := &fakeClock{t: time.Unix(1e9, 0)}
	m.now = clock.now
	ctx := context.Background()
	for i := range 1000 {
		m.Allow(ctx, fmt.Sprintf("k%d", i))
	}
	if n := m.keys(); n != 1000 {
		t.Fatalf("keys = %d, want 1000", n)
	}
	clock.advance(time.Minute) // every bucket is full again: nothing to remember
	m.Allow(ctx, "fresh")
	if n := m.keys(); n != 1 {
		t.Fatalf("keys after a window = %d, want 1", n)
	}

	// Hard bound: more active keys than maxKeys never grows the map past it.
	m.maxKeys = 100
	for i := range 500 {
		m.Allow(ctx, fmt.Sprintf("burst%d", i))
		if n := m.keys(); n > m.maxKeys {
			t.Fatalf("keys = %d, above the bound %d", n, m.maxKeys)
		}
	}
}

func TestPolicy(t *testing.T) {
	tests := []struct {
		limit  int
		window time.Duration
		want   string
	}{
		{60, time.Minute, "60;w=60"},
		{20, 60 * time.Second, "20;w=60"},
		{5, 1500 * time.Millisecond, "5;w=2"},
		{1000, time.Hour, "1000;w=3600"},
	}
	for _, tt := range tests {
		if got := Policy(tt.limit, tt.window); got != tt.want {
			t.Errorf("Policy(%d, %s) = %q, want %q", tt.limit, tt.window, got, tt.want)
		}
	}
}

func TestResultSeconds(t *testing.T) {
	tests := []struct {
		res          Result
		reset, retry int
	}{
		{Result{Allowed: true, Reset: 0}, 0, 0},
		{Result{Allowed: true, Reset: time.Second}, 1, 0},
		{Result{Allowed: true, Reset: 1001 * time.Millisecond}, 2, 0},
		{Result{Allowed: false, Reset: 59*time.Second + time.Millisecond, RetryAfter: 999 * time.Millisecond}, 60, 1},
		{Result{Allowed: false, Reset: time.Minute, RetryAfter: 0}, 60, 1}, // a denial never says 0
		{Result{Allowed: false, Reset: time.Minute, RetryAfter: 2500 * time.Millisecond}, 60, 3},
	}
	for _, tt := range tests {
		if got := tt.res.ResetSeconds(); got != tt.reset {
			t.Errorf("%+v ResetSeconds = %d, want %d", tt.res, got, tt.reset)
		}
		if got := tt.res.RetryAfterSeconds(); got != tt.retry {
			t.Errorf("%+v RetryAfterSeconds = %d, want %d", tt.res, got, tt.retry)
		}
	}
}

func TestNewPanicsOnBadArgs(t *testing.T) {
	for _, tt := range []struct {
		limit  int
		window time.Duration
	}{{0, time.Minute}, {60, 0}, {-1, time.Second}, {10, 5 * time.Nanosecond}} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("NewMemory(%d, %s) did not panic", tt.limit, tt.window)
				}
			}()
			NewMemory(tt.limit, tt.window)
		}()
	}
}

// testRedis connects to BRANDGEN_TEST_REDIS_URL; it skips when unset, or fails when CI=true.
func testRedis(t *testing.T) *redis.Client {
	t.Helper()
	url := os.Getenv("BRANDGEN_TEST_REDIS_URL")
	if url == "" {
		if os.Getenv("CI") == "true" {
			t.Fatal("BRANDGEN_TEST_REDIS_URL is not set (required when CI=true)")
		}
		t.Skip("BRANDGEN_TEST_REDIS_URL not set")
	}
	opts, err := redis.ParseURL(url)
	if err != nil {
		t.Fatalf("parse BRANDGEN_TEST_REDIS_URL: %v", err)
	}
	client := redis.NewClient(opts)
	t.Cleanup(func() { client.Close() })
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	if err := client.Ping(ctx).Err(); err != nil {
		t.Fatalf("redis at BRANDGEN_TEST_REDIS_URL: %v", err)
	}
	return client
}

// uniqueKey is a key no other test run uses; its Redis key is deleted after the test.
func uniqueKey(t *testing.T) string {
	return fmt.Sprintf("test:%d:%s", time.Now().UnixNano(), t.Name())
}
