package handlers

import (
	"sync"
	"time"

	"github.com/gin-gonic/gin"
)

// shed answers render_busy before the body is read when the render pool could not take the
// render (Deps.Admission): an overloaded server spends nothing on requests it would refuse. The
// body is discarded (bounded) so that clients that send it all before reading see the envelope.
func (s *server) shed(c *gin.Context) {
	if s.Admission == nil {
		c.Next()
		return
	}
	if err := s.Admission.Busy(); err != nil {
		discardBody(c)
		fail(c, err)
		return
	}
	c.Next()
}

// sampler lets one event through per second and counts the ones it held back.
type sampler struct {
	mu      sync.Mutex
	last    time.Time
	dropped int
}

// allow reports whether to log now and how many events were held back since the last one.
func (s *sampler) allow(now time.Time) (int, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.last.IsZero() && now.Sub(s.last) < time.Second {
		s.dropped++
		return 0, false
	}
	n := s.dropped
	s.last, s.dropped = now, 0
	return n, true
}
