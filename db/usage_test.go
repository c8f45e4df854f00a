package db

import (
	"errors"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/brandgen/brandgen"
)

// testUsage is the part of the store suite (testStore) on the usage_counters table.
func testUsage(t *testing.T, open func(t *testing.T) Store) {
	t.Run("Usage", func(t *testing.T) {
		s := open(t)
		ctx := testCtx(t)
		a := newAccount(t, s, brandgen.PlanPro)
		type step struct {
			period      string
			n, limit    int
			want        int
			wantErr     error
			wantStored  int
			description string
		}
		for _, st := range []step{
			{"2026-11", 0, 5, 0, nil, 0, "nothing counted yet"},
			{"2026-11", 6, 5, 0, brandgen.ErrQuotaExceeded, 0, "first add over the limit"},
			{"2026-11", -3, 5, 0, nil, 0, "refund before anything counted"},
			{"2026-11", 1, 5, 1, nil, 1, "first add inserts"},
			{"2026-11", 3, 5, 4, nil, 4, "add"},
			{"2026-11", 2, 5, 4, brandgen.ErrQuotaExceeded, 4, "would pass the limit"},
			{"2026-11", 1, 5, 5, nil, 5, "exactly the limit"},
			{"2026-11", 1, 5, 5, brandgen.ErrQuotaExceeded, 5, "at the limit"},
			{"2026-12", 1, 5, 1, nil, 1, "periods are separate"},
			{"2026-11", -2, 5, 3, nil, 3, "refund"},
			{"2026-11", -10, 5, 0, nil, 0, "refund never below zero"},
			{brandgen.LifetimePeriod, 50, 50, 50, nil, 50, "lifetime"},
			{"2026-11", 1, 10, 1, nil, 1, "a raised limit applies at once"},
		} {
			got, err := s.AddUsage(ctx, a.ID, st.period, st.n, st.limit)
			if st.wantErr != nil {
				wantIs(t, err, st.wantErr)
			} else if err != nil {
				t.Fatalf("%s: AddUsage(%s, %d, %d): %v", st.description, st.period, st.n, st.limit, err)
			}
			if got != st.want {
				t.Errorf("%s: AddUsage(%s, %d, %d) = %d, want %d", st.description, st.period, st.n, st.limit, got, st.want)
			}
			stored, err := s.Usage(ctx, a.ID, st.period)
			must(t, err)
			if stored != st.wantStored {
				t.Errorf("%s: Usage(%s) = %d, want %d", st.description, st.period, stored, st.wantStored)
			}
		}
		other := newAccount(t, s, brandgen.PlanPro)
		if n, err := s.Usage(ctx, other.ID, "2026-11"); err != nil || n != 0 {
			t.Errorf("usage of another account = %d, %v", n, err)
		}
	})

	t.Run("AddUsageRace", func(t *testing.T) {
		s := open(t)
		ctx := testCtx(t)
		a := newAccount(t, s, brandgen.PlanDeveloper)
		const callers, limit = 50, 20
		var ok, over atomic.Int32
		seen := make([]atomic.Bool, limit+1)
		var wg sync.WaitGroup
		for range callers {
			wg.Go(func() {
				used, err := s.AddUsage(ctx, a.ID, "2026-11", 1, limit)
				switch {
				case err == nil:
					ok.Add(1)
					if used < 1 || used > limit || seen[used].Swap(true) {
						t.Errorf("AddUsage returned count %d twice or out of range", used)
					}
				case errors.Is(err, brandgen.ErrQuotaExceeded):
					over.Add(1)
					if used != limit {
						t.Errorf("quota exceeded with count %d, want %d", used, limit)
					}
				default:
					t.Errorf("AddUsage: %v", err)
				}
			})
		}
		wg.Wait()
		if ok.Load() != limit || over.Load() != callers-limit {
			t.Errorf("%d succeeded and %d exceeded, want %d and %d", ok.Load(), over.Load(), limit, callers-limit)
		}
		if n, err := s.Usage(ctx, a.ID, "2026-11"); err != nil || n != limit {
			t.Errorf("Usage = %d, %v; want %d", n, err, limit)
		}
	})
}
