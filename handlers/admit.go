package handlers

import (
	"context"
	"errors"
	"io"
	"sync"
	"time"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/ewma"
	"github.com/gin-gonic/gin"
	"golang.org/x/sync/semaphore"
)

// Admission by body size. Per-route caps (limits.go) bound one body; the memory of many big bodies
// at once is bounded here: every request body is reserved against one server-wide budget of bytes
// (Deps.BodyMemory, BRANDGEN_BODY_MEMORY) before a byte of it is read, for its Content-Length or,
// when chunked, the route's cap. The reservation is returned once the handler has decoded the body
// (bodyDecoded) or, at the latest, when it has answered. A request that finds the budget spent
// waits up to Deps.BodyWait, then is shed with 503 server_busy and a Retry-After of the measured
// time a reservation is held, without its body being read (it is discarded, bounded, so that
// clients that send the whole body first see the envelope).
const (
	defaultBodyMemory = 256 << 20
	defaultBodyWait   = time.Second
	maxBodyRetry      = 30 * time.Second // bound of the Retry-After of server_busy
)

// bodyBudget is the server-wide budget of request body bytes in flight.
type bodyBudget struct {
	sem  *semaphore.Weighted
	size int64
	wait time.Duration // < 0: shed at once
	held ewma.Duration // EWMA of how long a reservation is held (the Retry-After of a shed)
}

func newBodyBudget(size int64, wait time.Duration) *bodyBudget {
	if size <= 0 {
		size = defaultBodyMemory
	}
	if wait == 0 {
		wait = defaultBodyWait
	}
	return &bodyBudget{sem: semaphore.NewWeighted(size), size: size, wait: wait}
}

// acquire reserves n bytes (at most the whole budget, so that one body of any allowed size can
// pass alone), waiting up to b.wait.
func (b *bodyBudget) acquire(ctx context.Context, n int64) (*reservation, bool) {
	n = min(n, b.size)
	if !b.sem.TryAcquire(n) {
		if b.wait < 0 {
			return nil, false
		}
		ctx, cancel := context.WithTimeout(ctx, b.wait)
		defer cancel()
		if b.sem.Acquire(ctx, n) != nil {
			return nil, false
		}
	}
	return &reservation{b: b, n: n, start: time.Now()}, true
}

// busy is the server_busy error of a shed request: retry once a typical reservation is returned.
func (b *bodyBudget) busy() error {
	wait := min(max(b.held.Value(), time.Second), maxBodyRetry)
	return &brandgen.Error{Code: brandgen.CodeServerBusy, RetryAfter: wait, Err: errBodyBudget,
		Message: "the server is reading as many request bodies as its memory budget allows; retry after Retry-After seconds"}
}

var errBodyBudget = errors.New("request body memory budget spent")

// reservation is one request's share of the budget.
type reservation struct {
	b     *bodyBudget
	n     int64
	start time.Time
	once  sync.Once
}

// release returns the reservation (once) and feeds the held-time average.
func (r *reservation) release() {
	r.once.Do(func() {
		r.b.sem.Release(r.n)
		r.b.held.Observe(time.Since(r.start))
	})
}

const ctxBodyReservation = "brandgen.bodyReservation"

// admitBody reserves the request's body against the budget before the handler reads it; see the
// comment at the top of this file. atEOF returns the reservation as soon as the body has been read
// to its end, for handlers that decode at once and hand the work to requests of their own (/mcp's
// tool calls, which are admitted themselves).
func (s *server) admitBody(atEOF bool) gin.HandlerFunc {
	return func(c *gin.Context) {
		if !hasBody(c.Request) {
			c.Next()
			return
		}
		n := c.Request.ContentLength
		if n < 0 { // chunked: limitBody stops it at the route's cap
			n = bodyLimit(c.FullPath())
		}
		r, ok := s.bodies.acquire(c.Request.Context(), n)
		if !ok {
			discardBody(c)
			fail(c, s.bodies.busy())
			return
		}
		defer r.release()
		if atEOF {
			c.Request.Body = &releaseAtEOF{ReadCloser: c.Request.Body, r: r}
		}
		c.Set(ctxBodyReservation, r)
		c.Next()
	}
}

// bodyDecoded returns the request's reservation: its body has been decoded, and what the handler
// keeps of it is bounded by the request types, not by the body's size.
func bodyDecoded(c *gin.Context) {
	if r, ok := c.Get(ctxBodyReservation); ok {
		r.(*reservation).release()
	}
}

type releaseAtEOF struct {
	io.ReadCloser
	r *reservation
}

func (b *releaseAtEOF) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	if err != nil {
		b.r.release()
	}
	return n, err
}
