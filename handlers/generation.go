package handlers

import (
	"context"

	"github.com/brandgen/brandgen/meter"
	"github.com/gin-gonic/gin"
)

// withGeneration reserves one generation of the caller's plan volume and runs fn with it. When fn
// fails, the generation is given back and fn's error is answered; on success fn has written the
// response (res.Usage() is the usage object to report). Every metered endpoint goes through it.
func (s *server) withGeneration(c *gin.Context, fn func(ctx context.Context, res *meter.Reservation) error) {
	ctx := c.Request.Context()
	res, err := s.Meter.Reserve(ctx, account(c), 1)
	if err != nil {
		fail(c, err)
		return
	}
	if err := fn(ctx, res); err != nil {
		if rerr := res.Refund(context.WithoutCancel(ctx)); rerr != nil {
			_ = c.Error(rerr)
		}
		fail(c, err)
	}
}
