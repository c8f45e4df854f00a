package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/brandgen/brandgen/renderer"
)

var (
	chartBody = []byte(`{"chartType":"bar","title":"Quarterly revenue","unit":"$","series":[{"label":"Q1","value":12},{"label":"Q2","value":18},{"label":"Q3","value":15},{"label":"Q4","value":24}]}`)
	postBody  = []byte(`{"prompt":"Announce our new analytics dashboard: faster queries, shared views, dark mode"}`)
)

type client struct {
	base, key string
	http      *http.Client
}

// result is one request's outcome.
type result struct {
	start      time.Time
	took       time.Duration
	status     int
	code       string
	retryAfter int // seconds; -1 when absent
}

// do sends request i (even: /chart, odd: /posts) and reads the whole answer.
func (c *client) do(ctx context.Context, i int) result {
	path, body := "/api/v1/chart", chartBody
	if i%2 == 1 {
		path, body = "/api/v1/posts", postBody
	}
	r := result{start: time.Now(), retryAfter: -1}
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, c.base+path, bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("x-api-key", c.key)
	res, err := c.http.Do(req)
	if err != nil {
		r.took, r.code = time.Since(r.start), "transport"
		return r
	}
	raw, _ := io.ReadAll(res.Body)
	res.Body.Close()
	r.took, r.status = time.Since(r.start), res.StatusCode
	if res.StatusCode != http.StatusOK {
		var env struct{ Error string }
		_ = json.Unmarshal(raw, &env)
		r.code = env.Error
		if ra, err := strconv.Atoi(res.Header.Get("Retry-After")); err == nil {
			r.retryAfter = ra
		}
	}
	return r
}

// phase is the outcome of one load phase.
type phase struct {
	name         string
	d            time.Duration
	inTime       int // 200s completed within the phase (throughput)
	results      []result
	total, ok    int
	busy         int
	bad5xx       int
	transport    int // no answer within the client's 90 s timeout, or a reset
	noRetryAfter int
	other        map[string]int
	recoveries   []time.Duration
	unrecovered  int
	poolRecovery []time.Duration // per kill: the pool's next successful render after it saw the crash
	outage       *outage
}

// rate is renders/s: 200s completed within the phase's d.
func (p *phase) rate() float64 { return float64(p.inTime) / p.d.Seconds() }

func (p *phase) latency(q float64) time.Duration {
	var ds []time.Duration
	for _, r := range p.results {
		if r.status == http.StatusOK {
			ds = append(ds, r.took)
		}
	}
	if len(ds) == 0 {
		return 0
	}
	slices.Sort(ds)
	return ds[min(len(ds)-1, int(q*float64(len(ds))))]
}

func (p *phase) retryP50() string {
	var ra []int
	for _, r := range p.results {
		if r.status == http.StatusServiceUnavailable && r.retryAfter >= 0 {
			ra = append(ra, r.retryAfter)
		}
	}
	if len(ra) == 0 {
		return "-"
	}
	slices.Sort(ra)
	return fmt.Sprintf("%ds", ra[len(ra)/2])
}

func (p *phase) otherText() string {
	if len(p.other) == 0 {
		return "-"
	}
	var parts []string
	for k, n := range p.other {
		parts = append(parts, fmt.Sprintf("%s x%d", k, n))
	}
	sort.Strings(parts)
	return strings.Join(parts, ", ")
}

// spec is one load phase: clients for d (or, with renders, until that many 200s, at most d), with
// at most one fault.
type spec struct {
	name      string
	clients   int
	d         time.Duration
	renders   int           // stop once this many renders succeeded (0: run d)
	killEvery time.Duration // kill a Chromium process this often
	pool      poolStats     // the server's render pool, watched after each kill
	outage    *outage       // stop a dependency for a while
	progress  time.Duration // print a progress line this often (0: never)
}

// load runs one phase. With killEvery it kills a Chromium process that often and measures, per
// kill, the time until the next render succeeds (a 200 completes after it); with an outage it
// stops and restarts the dependency (outage.run).
func load(ctx context.Context, c *client, s spec) *phase {
	p := &phase{name: s.name, d: s.d, other: map[string]int{}, outage: s.outage}
	outerCtx := ctx
	ctx, cancel := context.WithCancel(ctx) // ends the kill and progress goroutines
	defer cancel()
	begin := time.Now()
	deadline := begin.Add(s.d)
	var mu sync.Mutex
	var wg, aux sync.WaitGroup
	var succeeded atomic.Int64
	done := make(chan struct{}) // closed when renders is reached
	var doneOnce sync.Once
	for i := range s.clients {
		wg.Go(func() {
			for j := i; time.Now().Before(deadline) && ctx.Err() == nil; j += s.clients {
				select {
				case <-done:
					return
				default:
				}
				r := c.do(ctx, j)
				if ctx.Err() != nil {
					return
				}
				mu.Lock()
				p.results = append(p.results, r)
				mu.Unlock()
				if r.status == http.StatusOK && s.renders > 0 && succeeded.Add(1) >= int64(s.renders) {
					doneOnce.Do(func() { close(done) })
				}
				if r.status == http.StatusServiceUnavailable && r.retryAfter > 0 {
					// an honest client: waits a little before retrying (capped so the phase keeps load)
					time.Sleep(min(time.Duration(r.retryAfter)*time.Second, 2*time.Second) / 4)
				}
			}
		})
	}
	var kills []time.Time
	if s.killEvery > 0 {
		aux.Go(func() {
			t := time.NewTicker(s.killEvery)
			defer t.Stop()
			for {
				select {
				case <-t.C:
					if time.Until(deadline) < 3*time.Second {
						return
					}
					var before renderer.Stats
					if s.pool != nil {
						before = s.pool.Stats()
					}
					if killBrowser() {
						k := time.Now()
						mu.Lock()
						kills = append(kills, k)
						mu.Unlock()
						if s.pool != nil {
							aux.Go(func() {
								if d, ok := poolRecovered(ctx, s.pool, before, k); ok {
									mu.Lock()
									p.poolRecovery = append(p.poolRecovery, d)
									mu.Unlock()
								}
							})
						}
					}
				case <-ctx.Done():
					return
				case <-done:
					return
				}
			}
		})
	}
	if s.outage != nil {
		aux.Go(func() { s.outage.run(outerCtx, c) }) // runs its whole schedule unless interrupted
	}
	if s.progress > 0 {
		aux.Go(func() {
			t := time.NewTicker(s.progress)
			defer t.Stop()
			for {
				select {
				case <-t.C:
					self, chromium := rssMB()
					fmt.Printf("  %s: %d renders, %.2f/s, memory %.0f MB (this process %.0f, Chromium %.0f)\n",
						time.Since(begin).Round(time.Second), succeeded.Load(), float64(succeeded.Load())/time.Since(begin).Seconds(),
						self+chromium, self, chromium)
				case <-ctx.Done():
					return
				case <-done:
					return
				}
			}
		})
	}
	select {
	case <-time.After(time.Until(deadline)):
	case <-done:
	case <-ctx.Done():
	}
	end := time.Now()
	if end.After(deadline) {
		end = deadline
	}
	wg.Wait() // the clients finish the request they are in (an interrupt cancels it)
	cancel()
	aux.Wait()
	if s.renders > 0 {
		p.d = end.Sub(begin)
		deadline = end
	}
	for _, r := range p.results {
		p.total++
		switch {
		case r.status == http.StatusOK:
			p.ok++
			if !r.start.Add(r.took).After(deadline) {
				p.inTime++
			}
		case r.status == http.StatusServiceUnavailable && (r.code == "render_busy" || r.code == "database_unavailable"):
			p.busy++
			if r.retryAfter < 1 {
				p.noRetryAfter++
			}
		case r.status == 0:
			p.transport++
			p.other["client timeout or reset"]++
		default:
			if r.status >= 500 {
				p.bad5xx++
			}
			p.other[fmt.Sprintf("%d %s", r.status, r.code)]++
		}
	}
	for _, k := range kills {
		first := time.Duration(-1)
		for _, r := range p.results {
			if done := r.start.Add(r.took).Sub(k); r.status == http.StatusOK && done > 0 && (first < 0 || done < first) {
				first = done
			}
		}
		if first < 0 {
			p.unrecovered++
		} else {
			p.recoveries = append(p.recoveries, first)
		}
	}
	return p
}

// slowSenders hold connections that announce a body and send one byte.
type slowSenders struct {
	mu     sync.Mutex
	n      int
	closed int
	last   time.Duration
}

func startSlowSenders(addr string, n int) *slowSenders {
	s := &slowSenders{n: n}
	start := time.Now()
	for range n {
		conn, err := net.Dial("tcp", addr)
		if err != nil {
			continue
		}
		_, _ = io.WriteString(conn, "POST /api/v1/chart HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 200000\r\n\r\n{")
		go func() {
			defer conn.Close()
			_ = conn.SetReadDeadline(time.Now().Add(10 * time.Minute))
			_, _ = io.Copy(io.Discard, conn) // returns when the server closes
			s.mu.Lock()
			s.closed++
			s.last = time.Since(start)
			s.mu.Unlock()
		}()
	}
	return s
}

func (s *slowSenders) count() (int, time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.closed, s.last
}

// poolStats is what the kill phase reads of the server's render pool.
type poolStats interface{ Stats() renderer.Stats }

// poolRecovered waits until the pool has seen the crash of a kill at k (Stats.Crashes grows past
// before) and then finished a render (Stats.Renders grows past its value then), and returns the
// time from k: the service's own recovery, without the HTTP and PNG re-encode tail of the request
// and without the 200s of renders Chromium had finished before the kill, which the client-side
// figure counts.
func poolRecovered(ctx context.Context, pool poolStats, before renderer.Stats, k time.Time) (time.Duration, bool) {
	const limit = 60 * time.Second
	renders := uint64(0)
	for seen := false; time.Since(k) < limit && ctx.Err() == nil; time.Sleep(5 * time.Millisecond) {
		st := pool.Stats()
		if !seen && st.Crashes > before.Crashes {
			seen, renders = true, st.Renders
			continue
		}
		if seen && st.Renders > renders {
			return time.Since(k), true
		}
	}
	return 0, false
}
