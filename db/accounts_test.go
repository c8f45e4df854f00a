package db

import (
	"errors"
	"reflect"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/brandgen/brandgen"
)

// testAccounts is the part of the store suite (testStore) on the accounts table: creation, plans, settings and logo credits.
func testAccounts(t *testing.T, open func(t *testing.T) Store) {
	t.Run("EnsureAccount", func(t *testing.T) {
		s := open(t)
		ctx := testCtx(t)
		name := uniqueName(t)
		a, err := s.EnsureAccount(ctx, name, brandgen.PlanDeveloper)
		must(t, err)
		if a.ID == 0 || a.Name != name || a.Plan != brandgen.PlanDeveloper || a.PlanStatus != brandgen.PlanActive ||
			a.FreeLogos != brandgen.FreeLogosPerAccount || a.LogoCredits != 0 || !reflect.DeepEqual(a.Settings, brandgen.Settings{}) {
			t.Fatalf("new account = %+v", a)
		}
		recent(t, "CreatedAt", a.CreatedAt)
		if !a.CanGenerate() {
			t.Error("active developer account cannot generate")
		}

		again, err := s.EnsureAccount(ctx, name, "")
		must(t, err)
		if !reflect.DeepEqual(again, a) {
			t.Errorf("EnsureAccount(existing, \"\") = %+v, want unchanged %+v", again, a)
		}
		moved, err := s.EnsureAccount(ctx, name, brandgen.PlanPro)
		must(t, err)
		if moved.ID != a.ID || moved.Plan != brandgen.PlanPro {
			t.Errorf("EnsureAccount(existing, pro) = %+v", moved)
		}

		byName, err := s.AccountByName(ctx, name)
		must(t, err)
		byID, err := s.Account(ctx, a.ID)
		must(t, err)
		if !reflect.DeepEqual(byName, moved) || !reflect.DeepEqual(byID, moved) {
			t.Errorf("AccountByName = %+v, Account = %+v, want %+v", byName, byID, moved)
		}

		fresh, err := s.EnsureAccount(ctx, uniqueName(t), "")
		must(t, err)
		if fresh.Plan != brandgen.PlanFree {
			t.Errorf("plan of account created without plan = %q, want free", fresh.Plan)
		}
	})

	t.Run("EnsureAccountInvalid", func(t *testing.T) {
		s := open(t)
		for _, tc := range []struct {
			name  string
			plan  brandgen.Plan
			field string
		}{
			{"", brandgen.PlanFree, "name"},
			{uniqueName(t), "platinum", "plan"},
		} {
			_, err := s.EnsureAccount(testCtx(t), tc.name, tc.plan)
			e, ok := brandgen.AsError(err)
			if !ok || e.Code != brandgen.CodeValidation || len(e.Issues) != 1 || e.Issues[0].Field != tc.field {
				t.Errorf("EnsureAccount(%q, %q) = %v, want validation error on %s", tc.name, tc.plan, err, tc.field)
			}
		}
	})

	t.Run("AccountNotFound", func(t *testing.T) {
		s := open(t)
		ctx := testCtx(t)
		_, err := s.Account(ctx, 1<<40)
		wantIs(t, err, brandgen.ErrNotFound)
		_, err = s.AccountByName(ctx, uniqueName(t))
		wantIs(t, err, brandgen.ErrNotFound)
		wantIs(t, s.SetPlanStatus(ctx, 1<<40, brandgen.PlanInactive), brandgen.ErrNotFound)
		wantIs(t, s.UpdateSettings(ctx, 1<<40, brandgen.Settings{}), brandgen.ErrNotFound)
		_, err = s.AddLogoCredits(ctx, 1<<40, 5)
		wantIs(t, err, brandgen.ErrNotFound)
		_, _, _, err = s.SpendLogo(ctx, 1<<40, 25)
		wantIs(t, err, brandgen.ErrNotFound)
		wantIs(t, s.RefundLogo(ctx, 1<<40, true, 25), brandgen.ErrNotFound)
		_, err = s.CreateKey(ctx, 1<<40, uniqueName(t), []byte{1})
		wantIs(t, err, brandgen.ErrNotFound)
		_, err = s.ListKeys(ctx, 1<<40)
		wantIs(t, err, brandgen.ErrNotFound)
		wantIs(t, s.SaveBrand(ctx, 1<<40, brandgen.Brand{Name: "x"}), brandgen.ErrNotFound)
		_, _, err = s.Brand(ctx, 1<<40)
		wantIs(t, err, brandgen.ErrNotFound)
		_, err = s.Usage(ctx, 1<<40, "lifetime")
		wantIs(t, err, brandgen.ErrNotFound)
		for _, n := range []int{1, -1, 0, 100} {
			_, err = s.AddUsage(ctx, 1<<40, "lifetime", n, 50)
			wantIs(t, err, brandgen.ErrNotFound)
		}
		wantIs(t, s.CreateDiagram(ctx, Diagram{ID: uniqueName(t), AccountID: 1 << 40, Type: "flow"}, ""), brandgen.ErrNotFound)
	})

	t.Run("SetPlanStatus", func(t *testing.T) {
		s := open(t)
		ctx := testCtx(t)
		a := newAccount(t, s, brandgen.PlanDeveloper)
		must(t, s.SetPlanStatus(ctx, a.ID, brandgen.PlanInactive))
		got, err := s.Account(ctx, a.ID)
		must(t, err)
		if got.PlanStatus != brandgen.PlanInactive || got.CanGenerate() {
			t.Errorf("after SetPlanStatus(inactive): %+v", got)
		}
		must(t, s.SetPlanStatus(ctx, a.ID, brandgen.PlanActive))
		if got, _ := s.Account(ctx, a.ID); got.PlanStatus != brandgen.PlanActive {
			t.Errorf("status = %q, want active", got.PlanStatus)
		}
		if err := s.SetPlanStatus(ctx, a.ID, "paused"); err == nil {
			t.Error("SetPlanStatus(paused) succeeded")
		}
	})

	t.Run("SettingsRoundTrip", func(t *testing.T) {
		s := open(t)
		ctx := testCtx(t)
		a := newAccount(t, s, brandgen.PlanPro)
		for _, want := range []brandgen.Settings{
			{DiagramDefaults: brandgen.DiagramDefaults{Theme: brandgen.ThemeDark, Size: brandgen.SizeLandscape,
				NodeStyle: "freeform", Transparent: ptr(true), Branded: ptr(false)}},
			{DiagramDefaults: brandgen.DiagramDefaults{Size: brandgen.SizeAuto}},
			{},
		} {
			must(t, s.UpdateSettings(ctx, a.ID, want))
			got, err := s.Account(ctx, a.ID)
			must(t, err)
			if !reflect.DeepEqual(got.Settings, want) {
				t.Errorf("settings = %+v, want %+v", got.Settings, want)
			}
		}
	})

	t.Run("LogoCredits", func(t *testing.T) {
		s := open(t)
		ctx := testCtx(t)
		a := newAccount(t, s, brandgen.PlanFree)
		for _, step := range []struct{ add, want int }{{50, 50}, {-10, 40}, {0, 40}, {-1000, 0}, {30, 30}} {
			got, err := s.AddLogoCredits(ctx, a.ID, step.add)
			must(t, err)
			if got.LogoCredits != step.want || got.ID != a.ID || got.Name != a.Name {
				t.Errorf("AddLogoCredits(%d) = %d credits (%+v), want %d", step.add, got.LogoCredits, got, step.want)
			}
		}
	})

	t.Run("SpendAndRefundLogo", func(t *testing.T) {
		s := open(t)
		ctx := testCtx(t)
		a := newAccount(t, s, brandgen.PlanFree)
		_, err := s.AddLogoCredits(ctx, a.ID, 60)
		must(t, err)
		const price = brandgen.LogoPriceCredits
		steps := []struct {
			usedFree      bool
			free, credits int
			err           error
		}{
			{true, 0, 60, nil}, // the free logo goes first
			{false, 0, 35, nil},
			{false, 0, 10, nil},
			{false, 0, 10, brandgen.ErrInsufficientCredits},
		}
		for i, st := range steps {
			usedFree, free, credits, err := s.SpendLogo(ctx, a.ID, price)
			if st.err != nil {
				wantIs(t, err, st.err)
			} else if err != nil || usedFree != st.usedFree || free != st.free || credits != st.credits {
				t.Errorf("spend %d = %v, %d, %d, %v; want %v, %d, %d", i, usedFree, free, credits, err, st.usedFree, st.free, st.credits)
			}
			got, err := s.Account(ctx, a.ID)
			must(t, err)
			if got.FreeLogos != st.free || got.LogoCredits != st.credits {
				t.Errorf("after spend %d: free %d credits %d, want %d, %d", i, got.FreeLogos, got.LogoCredits, st.free, st.credits)
			}
		}
		must(t, s.RefundLogo(ctx, a.ID, false, price))
		must(t, s.RefundLogo(ctx, a.ID, true, price))
		got, err := s.Account(ctx, a.ID)
		must(t, err)
		if got.FreeLogos != 1 || got.LogoCredits != 35 {
			t.Errorf("after refunds: free %d credits %d, want 1, 35", got.FreeLogos, got.LogoCredits)
		}
		if _, _, _, err := s.SpendLogo(ctx, a.ID, -1); err == nil {
			t.Error("SpendLogo with a negative price succeeded")
		}
		if err := s.RefundLogo(ctx, a.ID, false, -5); err == nil {
			t.Error("RefundLogo with a negative price succeeded")
		}
	})

	t.Run("SpendLogoRace", func(t *testing.T) {
		s := open(t)
		ctx := testCtx(t)
		a := newAccount(t, s, brandgen.PlanFree)
		_, err := s.AddLogoCredits(ctx, a.ID, 100) // 1 free + 4 paid logos
		must(t, err)
		var wg sync.WaitGroup
		var free, paid, short, other atomic.Int32
		for range 20 {
			wg.Go(func() {
				usedFree, _, _, err := s.SpendLogo(ctx, a.ID, 25)
				switch {
				case err == nil && usedFree:
					free.Add(1)
				case err == nil:
					paid.Add(1)
				case errors.Is(err, brandgen.ErrInsufficientCredits):
					short.Add(1)
				default:
					other.Add(1)
					t.Errorf("SpendLogo: %v", err)
				}
			})
		}
		wg.Wait()
		if free.Load() != 1 || paid.Load() != 4 || short.Load() != 15 || other.Load() != 0 {
			t.Errorf("free %d paid %d insufficient %d other %d, want 1, 4, 15, 0", free.Load(), paid.Load(), short.Load(), other.Load())
		}
		got, err := s.Account(ctx, a.ID)
		must(t, err)
		if got.FreeLogos != 0 || got.LogoCredits != 0 {
			t.Errorf("after race: free %d credits %d, want 0, 0", got.FreeLogos, got.LogoCredits)
		}
	})
}
