package meter

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/db/dbtest"
)

func TestMeter(t *testing.T) {
	for _, b := range dbtest.Backends() {
		t.Run(b.Name, func(t *testing.T) {
			store := b.Open(t)
			ctx := context.Background()
			vols := map[brandgen.Plan]brandgen.Volume{
				brandgen.PlanDeveloper: {Limit: 3, Monthly: true},
				brandgen.PlanFree:      {Limit: 2},
			}
			m := New(store, vols)
			now := time.Date(2026, 11, 30, 22, 0, 0, 0, time.UTC)
			m.now = func() time.Time { return now }

			dev, err := store.EnsureAccount(ctx, "dev", brandgen.PlanDeveloper)
			if err != nil {
				t.Fatal(err)
			}
			r1, err := m.Reserve(ctx, dev, 1)
			if err != nil {
				t.Fatal(err)
			}
			u := r1.Usage()
			want := Usage{Generations: 1, Used: 1, Limit: 3, Remaining: 2, ResetsAt: "2026-12-01T00:00:00Z"}
			if u != want {
				t.Fatalf("usage = %+v, want %+v", u, want)
			}
			// A failed generation refunds; refunding twice refunds once.
			r2, err := m.Reserve(ctx, dev, 1)
			if err != nil {
				t.Fatal(err)
			}
			if err := r2.Refund(ctx); err != nil {
				t.Fatal(err)
			}
			_ = r2.Refund(ctx)
			if p, _ := m.Peek(ctx, dev); p.Used != 1 {
				t.Fatalf("after refund used = %d, want 1", p.Used)
			}
			if _, err := m.Reserve(ctx, dev, 2); err != nil {
				t.Fatal(err)
			}
			_, err = m.Reserve(ctx, dev, 1)
			e, ok := brandgen.AsError(err)
			if !ok || e.Code != brandgen.CodeQuotaExceeded || e.RetryAfter != 2*time.Hour || !errors.Is(err, brandgen.ErrQuotaExceeded) {
				t.Fatalf("spent volume: err = %v (retry %v), want quota_exceeded with 2h retry", err, e.RetryAfter)
			}
			// A new month starts from zero.
			now = now.Add(3 * time.Hour)
			if r, err := m.Reserve(ctx, dev, 1); err != nil || r.Usage().Used != 1 {
				t.Fatalf("new month: %v", err)
			}

			free, _ := store.EnsureAccount(ctx, "free", brandgen.PlanFree)
			for i := 0; i < 2; i++ {
				r, err := m.Reserve(ctx, free, 1)
				if err != nil {
					t.Fatal(err)
				}
				if r.Usage().ResetsAt != "" {
					t.Fatalf("lifetime volume has resetsAt %q", r.Usage().ResetsAt)
				}
			}
			now = now.AddDate(1, 0, 0)
			_, err = m.Reserve(ctx, free, 1)
			if e, ok := brandgen.AsError(err); !ok || e.Code != brandgen.CodeQuotaExceeded || e.RetryAfter != 0 {
				t.Fatalf("free lifetime: err = %v", err)
			}
		})
	}
}
