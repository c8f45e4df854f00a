package meter

import (
	"context"
	"testing"
	"time"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/db/dbtest"
)

// TestRefundPeriod: a job's worker refunds the period its reservation was made in, even when the
// refund comes after the period rolled over.
func TestRefundPeriod(t *testing.T) {
	for _, b := range dbtest.Backends() {
		t.Run(b.Name, func(t *testing.T) {
			store := b.Open(t)
			ctx := context.Background()
			m := New(store, map[brandgen.Plan]brandgen.Volume{brandgen.PlanDeveloper: {Limit: 5, Monthly: true}})
			now := time.Date(2026, 11, 30, 23, 59, 0, 0, time.UTC)
			m.now = func() time.Time { return now }
			acct, err := store.EnsureAccount(ctx, "jobs", brandgen.PlanDeveloper)
			if err != nil {
				t.Fatal(err)
			}
			r, err := m.Reserve(ctx, acct, 1)
			if err != nil {
				t.Fatal(err)
			}
			period := r.Period()
			now = now.Add(2 * time.Minute) // December
			if _, err := m.Reserve(ctx, acct, 1); err != nil {
				t.Fatal(err)
			}
			if err := m.RefundPeriod(ctx, acct.ID, period, 1); err != nil {
				t.Fatal(err)
			}
			if n, _ := store.Usage(ctx, acct.ID, period); n != 0 {
				t.Fatalf("November after the refund: %d used, want 0", n)
			}
			if u, _ := m.Peek(ctx, acct); u.Used != 1 {
				t.Fatalf("December: %d used, want 1 (untouched)", u.Used)
			}
		})
	}
}
