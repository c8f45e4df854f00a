// Package meter counts metered generations against an account's plan volume: 900 a month on
// developer, 200 a month on pro, 50 for the lifetime of a free account (decisions.md), all
// operator-configurable. A generation reserves one unit before the work starts and refunds it when
// the work fails, so only successful generations are counted and a spent volume fails fast.
package meter

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/brandgen/brandgen"
)

// Counter is the slice of the store the meter needs.
type Counter interface {
	AddUsage(ctx context.Context, accountID int64, period string, n, limit int) (int, error)
	Usage(ctx context.Context, accountID int64, period string) (int, error)
}

// Meter reserves and refunds generations.
type Meter struct {
	counter Counter
	volumes map[brandgen.Plan]brandgen.Volume
	now     func() time.Time
}

// New returns a meter over counter with the given plan volumes (nil: brandgen.DefaultVolumes).
func New(counter Counter, volumes map[brandgen.Plan]brandgen.Volume) *Meter {
	if volumes == nil {
		volumes = brandgen.DefaultVolumes
	}
	return &Meter{counter: counter, volumes: volumes, now: time.Now}
}

// Usage is the `usage` object of /posts and /carousel responses (decisions.md).
type Usage struct {
	Generations      int    `json:"generations"`
	Used             int    `json:"used"`
	Limit            int    `json:"limit"`
	Remaining        int    `json:"remaining"`
	ResetsAt         string `json:"resetsAt,omitempty"` // RFC 3339; absent for lifetime volumes
	Provider         string `json:"provider,omitempty"`
	Model            string `json:"model,omitempty"`
	PromptTokens     int    `json:"promptTokens"`
	CompletionTokens int    `json:"completionTokens"`
}

// Reservation is n units taken from an account's volume; Refund gives them back.
type Reservation struct {
	m         *Meter
	accountID int64
	period    string
	n         int
	usage     Usage
	refunded  bool
}

// Reserve takes n units (n >= 1) from the account's current period. When the volume cannot cover
// them it returns a quota_exceeded *brandgen.Error whose RetryAfter is the time until the period
// resets (zero for lifetime volumes).
func (m *Meter) Reserve(ctx context.Context, acct brandgen.Account, n int) (*Reservation, error) {
	vol, ok := m.volumes[acct.Plan]
	if !ok {
		return nil, brandgen.Errorf(brandgen.CodePlanRequired, "plan %q has no generation volume", acct.Plan)
	}
	now := m.now()
	period, resets := vol.Period(now)
	used, err := m.counter.AddUsage(ctx, acct.ID, period, n, vol.Limit)
	if err != nil {
		if isQuota(err) {
			e := brandgen.Errorf(brandgen.CodeQuotaExceeded,
				"the %s plan's volume of %d generations %s is spent (%d used)", acct.Plan, vol.Limit, periodWords(vol), used)
			if !resets.IsZero() {
				e.RetryAfter = resets.Sub(now)
				e.Message += "; it resets at " + resets.Format(time.RFC3339)
			}
			e.Err = err
			return nil, e
		}
		return nil, fmt.Errorf("reserve %d generation(s) for account %d: %w", n, acct.ID, err)
	}
	u := Usage{Generations: n, Used: used, Limit: vol.Limit, Remaining: vol.Limit - used}
	if !resets.IsZero() {
		u.ResetsAt = resets.Format(time.RFC3339)
	}
	return &Reservation{m: m, accountID: acct.ID, period: period, n: n, usage: u}, nil
}

// Peek reports the account's usage without taking anything.
func (m *Meter) Peek(ctx context.Context, acct brandgen.Account) (Usage, error) {
	vol := m.volumes[acct.Plan]
	period, resets := vol.Period(m.now())
	used, err := m.counter.Usage(ctx, acct.ID, period)
	if err != nil {
		return Usage{}, fmt.Errorf("usage of account %d: %w", acct.ID, err)
	}
	u := Usage{Used: used, Limit: vol.Limit, Remaining: max(vol.Limit-used, 0)}
	if !resets.IsZero() {
		u.ResetsAt = resets.Format(time.RFC3339)
	}
	return u, nil
}

// Usage returns the usage object as of the reservation.
func (r *Reservation) Usage() Usage { return r.usage }

// Refund gives the reserved units back; calling it twice refunds once. Use a context that is not
// already cancelled (the request's may be), e.g. context.WithoutCancel.
func (r *Reservation) Refund(ctx context.Context) error {
	if r == nil || r.refunded {
		return nil
	}
	r.refunded = true
	if _, err := r.m.counter.AddUsage(ctx, r.accountID, r.period, -r.n, 1<<30); err != nil {
		return fmt.Errorf("refund %d generation(s) to account %d: %w", r.n, r.accountID, err)
	}
	return nil
}

func periodWords(v brandgen.Volume) string {
	if v.Monthly {
		return "this month"
	}
	return "for the account's lifetime"
}

func isQuota(err error) bool { return errors.Is(err, brandgen.ErrQuotaExceeded) }
