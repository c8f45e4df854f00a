package meter

import (
	"context"
	"fmt"
)

// Period is the metering period the reservation took its units from ("2026-11", or "lifetime").
// An async job carries it so that its worker can refund a job that fails for good.
func (r *Reservation) Period() string { return r.period }

// RefundPeriod gives n units back to the account's period: the refund of a reservation made by
// another process (a job's worker).
func (m *Meter) RefundPeriod(ctx context.Context, accountID int64, period string, n int) error {
	if _, err := m.counter.AddUsage(ctx, accountID, period, -n, 1<<30); err != nil {
		return fmt.Errorf("refund %d generation(s) to account %d: %w", n, accountID, err)
	}
	return nil
}
