package handlers

import (
	"bytes"
	"io"
	"net/http"
	"os"
	"runtime"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/db/dbtest"
	"github.com/brandgen/brandgen/ewma"
)

// heapPeak samples the Go heap until stop is called, which returns the highest HeapAlloc seen.
func heapPeak() (stop func() uint64) {
	var peak atomic.Uint64
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		var m runtime.MemStats
		for {
			runtime.ReadMemStats(&m)
			if m.HeapAlloc > peak.Load() {
				peak.Store(m.HeapAlloc)
			}
			select {
			case <-done:
				return
			case <-time.After(5 * time.Millisecond):
			}
		}
	}()
	return func() uint64 { close(done); wg.Wait(); return peak.Load() }
}

type budgetAnswer struct {
	status     int
	code       string
	retryAfter string
	err        error
}

// postConcurrently sends n copies of body to path at once and returns the answers.
func postConcurrently(t *testing.T, e *env, path string, body []byte, n int) []budgetAnswer {
	t.Helper()
	tr := &http.Transport{}
	defer tr.CloseIdleConnections()
	client := &http.Client{Transport: tr, Timeout: 2 * time.Minute}
	out := make([]budgetAnswer, n)
	start := make(chan struct{})
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			req, err := http.NewRequest("POST", e.srv.URL+path, bytes.NewReader(body))
			if err != nil {
				out[i].err = err
				return
			}
			req.Header.Set("x-api-key", e.devKey)
			req.Header.Set("content-type", "application/json")
			res, err := client.Do(req)
			if err != nil {
				out[i].err = err
				return
			}
			defer res.Body.Close()
			b, err := io.ReadAll(res.Body)
			out[i] = budgetAnswer{status: res.StatusCode, retryAfter: res.Header.Get("Retry-After"), err: err}
			if res.StatusCode != http.StatusOK {
				out[i].code = envelopeCode(t, b)
			}
		}()
	}
	close(start)
	wg.Wait()
	return out
}

// Many concurrent valid 10 MB bodies against a small body budget: the ones over it are shed with
// 503 server_busy and a Retry-After (never another 5xx or a reset), the rest render, and the heap
// stays bounded by the budget rather than growing with the number of bodies.
func TestBodyBudgetSheds(t *testing.T) {
	const (
		clients = 24
		budget  = 12 << 20 // one 10 MB body at a time
	)
	body := bigRenderBody(t, 10<<20)
	e := newEnv(t, envOptions{store: dbtest.SQLite(t), bodyMemory: budget, bodyWait: -1})
	if v := os.Getenv("BRANDGEN_BODY_BUDGET_OFF"); v != "" { // by hand: the same load without a useful budget
		e = newEnv(t, envOptions{store: dbtest.SQLite(t), bodyMemory: 1 << 40})
	}
	runtime.GC()
	var base runtime.MemStats
	runtime.ReadMemStats(&base)
	stop := heapPeak()
	answers := postConcurrently(t, e, "/api/v1/render", body, clients)
	peak := stop()
	ok, shed := 0, 0
	for i, a := range answers {
		switch {
		case a.err != nil:
			t.Errorf("request %d: %v (want an answer, not a reset)", i, a.err)
		case a.status == http.StatusOK:
			ok++
		case a.status == http.StatusServiceUnavailable && a.code == "server_busy":
			shed++
			if s, err := strconv.Atoi(a.retryAfter); err != nil || s < 1 || s > 30 {
				t.Errorf("request %d: Retry-After = %q, want 1 to 30 s", i, a.retryAfter)
			}
		default:
			t.Errorf("request %d: %d %s, want 200 or 503 server_busy", i, a.status, a.code)
		}
	}
	grown := float64(peak-min(peak, base.HeapAlloc)) / (1 << 20)
	t.Logf("%d concurrent 10 MB bodies, budget %d MB: %d rendered, %d shed; heap peak %.0f MB over the %.0f MB before",
		clients, budget>>20, ok, shed, grown, float64(base.HeapAlloc)/(1<<20))
	if ok == 0 || shed == 0 {
		t.Errorf("rendered %d, shed %d: want some of each", ok, shed)
	}
	if grown > 100 {
		t.Errorf("the heap grew by %.0f MB under a %d MB body budget", grown, budget>>20)
	}
}

// The budget: a reservation over the whole budget is clamped to it, a request that does not fit
// waits up to the wait and then fails, a release lets the next one in, and the Retry-After of a
// shed follows the time reservations are held, within 1 to 30 s.
func TestBodyBudget(t *testing.T) {
	ctx := t.Context()
	b := newBodyBudget(10, 50*time.Millisecond)
	big, ok := b.acquire(ctx, 1<<30)
	if !ok || big.n != 10 {
		t.Fatalf("a body over the whole budget: ok %v, reserved %v; want the whole budget", ok, big)
	}
	start := time.Now()
	if _, ok := b.acquire(ctx, 1); ok {
		t.Fatal("the budget is spent, yet a reservation passed")
	}
	if w := time.Since(start); w < 50*time.Millisecond || w > 2*time.Second {
		t.Errorf("waited %v, want about 50ms", w)
	}
	go func() { time.Sleep(10 * time.Millisecond); big.release() }()
	small, ok := b.acquire(ctx, 4)
	if !ok {
		t.Fatal("a release did not let the waiting reservation in")
	}
	big.release() // twice: returned once
	if _, ok := b.acquire(ctx, 7); ok {
		t.Fatal("a double release returned the budget twice")
	}
	small.release()
	for _, tc := range []struct {
		held time.Duration
		want string
	}{{0, "1"}, {1500 * time.Millisecond, "2"}, {time.Hour, "30"}} {
		b.held = ewma.Duration{}
		b.held.Observe(tc.held)
		e, _ := brandgen.AsError(b.busy())
		if got := strconv.Itoa(int(e.RetryAfter.Seconds() + 0.999)); got != tc.want { // as the header rounds
			t.Errorf("held %v: Retry-After %v, want %s s", tc.held, e.RetryAfter, tc.want)
		}
		if e.Code != "server_busy" {
			t.Errorf("code %q, want server_busy", e.Code)
		}
	}
	nb := newBodyBudget(10, -1)
	nb.acquire(ctx, 10)
	start = time.Now()
	if _, ok := nb.acquire(ctx, 1); ok || time.Since(start) > 20*time.Millisecond {
		t.Error("with no wait, a reservation that does not fit must fail at once")
	}
}
