package db

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/brandgen/brandgen"
)

// nameSeq keeps account names unique when backends share a database or tests run with -count.
var nameSeq atomic.Int64

func uniqueName(t *testing.T) string {
	return fmt.Sprintf("%s#%d", t.Name(), nameSeq.Add(1))
}

func testCtx(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	t.Cleanup(cancel)
	return ctx
}

func newAccount(t *testing.T, s Store, plan brandgen.Plan) brandgen.Account {
	t.Helper()
	a, err := s.EnsureAccount(testCtx(t), uniqueName(t), plan)
	if err != nil {
		t.Fatalf("EnsureAccount: %v", err)
	}
	return a
}

func wantIs(t *testing.T, err, target error) {
	t.Helper()
	if !errors.Is(err, target) {
		t.Fatalf("error = %v, want one wrapping %q", err, target)
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func ptr[T any](v T) *T { return &v }

func jsonEqual(t *testing.T, got, want []byte) bool {
	t.Helper()
	var g, w any
	if err := json.Unmarshal(got, &g); err != nil {
		t.Fatalf("stored JSON %q does not parse: %v", got, err)
	}
	must(t, json.Unmarshal(want, &w))
	return reflect.DeepEqual(g, w)
}

// rawCount runs a COUNT query directly on the backend.
func rawCount(t *testing.T, s Store, q string, args ...any) int {
	t.Helper()
	var n int
	if err := s.(*store).b.reader().queryRow(testCtx(t), q, args...).Scan(&n); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	return n
}

func recent(t *testing.T, what string, ts time.Time) {
	t.Helper()
	if d := time.Since(ts); d < -time.Second || d > time.Minute {
		t.Errorf("%s = %v, want about now", what, ts)
	}
	if ts.Location() != time.UTC {
		t.Errorf("%s location = %v, want UTC", what, ts.Location())
	}
}

// testStore is the suite every backend must pass. open returns a migrated store; stores may share a
// database, so every subtest works on accounts of its own.
func testStore(t *testing.T, open func(t *testing.T) Store) {
	t.Run("Ping", func(t *testing.T) {
		must(t, open(t).Ping(testCtx(t)))
	})

	t.Run("MigrateIdempotent", func(t *testing.T) {
		s := open(t)
		ctx := testCtx(t)
		a := newAccount(t, s, brandgen.PlanPro)
		must(t, s.Migrate(ctx))
		must(t, s.Migrate(ctx))
		dialect := "sqlite"
		if _, ok := s.(*store).b.(*pgBackend); ok {
			dialect = "postgres"
		}
		ms, err := loadMigrations(dialect)
		must(t, err)
		if got := rawCount(t, s, `SELECT COUNT(*) FROM schema_migrations`); got != len(ms) || got == 0 {
			t.Errorf("schema_migrations rows = %d, want %d", got, len(ms))
		}
		if _, err := s.Account(ctx, a.ID); err != nil {
			t.Errorf("account lost by re-migrating: %v", err)
		}
	})

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

	t.Run("Keys", func(t *testing.T) {
		s := open(t)
		ctx := testCtx(t)
		a := newAccount(t, s, brandgen.PlanDeveloper)
		b := newAccount(t, s, brandgen.PlanFree)

		keys, err := s.ListKeys(ctx, a.ID)
		must(t, err)
		if keys == nil || len(keys) != 0 {
			t.Errorf("ListKeys of an account without keys = %#v, want empty", keys)
		}

		p1, p2 := uniqueName(t), uniqueName(t)
		h1 := bytes.Repeat([]byte{0xab}, 32)
		k1, err := s.CreateKey(ctx, a.ID, p1, h1)
		must(t, err)
		if k1.ID == 0 || k1.AccountID != a.ID || k1.Prefix != p1 || !bytes.Equal(k1.Hash, h1) || k1.RevokedAt != nil {
			t.Errorf("CreateKey = %+v", k1)
		}
		recent(t, "key CreatedAt", k1.CreatedAt)
		k2, err := s.CreateKey(ctx, a.ID, p2, []byte{0, 1, 2, 0xff})
		must(t, err)
		_, err = s.CreateKey(ctx, b.ID, p1, []byte{9})
		wantIs(t, err, ErrConflict)

		gotKey, gotAcc, err := s.KeyByPrefix(ctx, p1)
		must(t, err)
		if !reflect.DeepEqual(gotKey, k1) {
			t.Errorf("KeyByPrefix key = %+v, want %+v", gotKey, k1)
		}
		if !reflect.DeepEqual(gotAcc, a) {
			t.Errorf("KeyByPrefix account = %+v, want %+v", gotAcc, a)
		}
		_, _, err = s.KeyByPrefix(ctx, uniqueName(t))
		wantIs(t, err, brandgen.ErrNotFound)

		must(t, s.RevokeKey(ctx, p1))
		_, _, err = s.KeyByPrefix(ctx, p1)
		wantIs(t, err, brandgen.ErrNotFound)
		if _, _, err := s.KeyByPrefix(ctx, p2); err != nil {
			t.Errorf("other key gone after revoking one: %v", err)
		}

		keys, err = s.ListKeys(ctx, a.ID)
		must(t, err)
		if len(keys) != 2 || keys[0].Prefix != p1 || keys[1].Prefix != p2 || keys[0].RevokedAt == nil || keys[1].RevokedAt != nil {
			t.Fatalf("ListKeys = %+v", keys)
		}
		recent(t, "RevokedAt", *keys[0].RevokedAt)
		if !reflect.DeepEqual(keys[1], k2) {
			t.Errorf("listed key = %+v, want %+v", keys[1], k2)
		}
		revokedAt := *keys[0].RevokedAt

		must(t, s.RevokeKey(ctx, p1)) // twice is fine and keeps the first time
		keys, err = s.ListKeys(ctx, a.ID)
		must(t, err)
		if !keys[0].RevokedAt.Equal(revokedAt) {
			t.Errorf("second revoke moved RevokedAt from %v to %v", revokedAt, keys[0].RevokedAt)
		}
		wantIs(t, s.RevokeKey(ctx, uniqueName(t)), brandgen.ErrNotFound)

		if keys, err := s.ListKeys(ctx, b.ID); err != nil || len(keys) != 0 {
			t.Errorf("ListKeys of the other account = %+v, %v", keys, err)
		}
	})

	t.Run("BrandRoundTrip", func(t *testing.T) {
		s := open(t)
		ctx := testCtx(t)
		a := newAccount(t, s, brandgen.PlanPro)
		if b, ok, err := s.Brand(ctx, a.ID); err != nil || ok || !b.IsZero() {
			t.Fatalf("Brand before any save = %+v, %v, %v", b, ok, err)
		}
		for _, want := range []brandgen.Brand{
			{Name: "Acme", Handle: "@acme", Logo: "data:image/png;base64,iVBORw0KGgo=", Tagline: "Ünïcødé “quotes” 日本",
				Colors: &brandgen.Colors{Primary: "#112233", Secondary: "#abc"}},
			{Name: "Only name"},
			{},
		} {
			must(t, s.SaveBrand(ctx, a.ID, want))
			got, ok, err := s.Brand(ctx, a.ID)
			must(t, err)
			if !ok || !reflect.DeepEqual(got, want) {
				t.Errorf("Brand = %+v (ok %v), want %+v", got, ok, want)
			}
		}
	})

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

	t.Run("Diagrams", func(t *testing.T) {
		s := open(t)
		ctx := testCtx(t)
		a := newAccount(t, s, brandgen.PlanDeveloper)
		b := newAccount(t, s, brandgen.PlanDeveloper)
		id := "dg_" + uniqueName(t)
		brand := &brandgen.Brand{Name: "Acme", Colors: &brandgen.Colors{Primary: "#ff0000"}}
		d := Diagram{ID: id, AccountID: a.ID, Type: "flowchart", Title: "Checkout",
			Model:   json.RawMessage(`{"nodes": [{"id": "a", "label": "Cart"}, {"id": "b", "label": "Pay"}], "edges": [["a", "b"]]}`),
			Display: json.RawMessage(`{"theme": "dark", "size": "auto", "transparent": false}`),
			Brand:   brand}
		must(t, s.CreateDiagram(ctx, d, "created from prompt"))
		wantIs(t, s.CreateDiagram(ctx, d, "again"), ErrConflict)

		got, err := s.Diagram(ctx, a.ID, id)
		must(t, err)
		if got.ID != id || got.AccountID != a.ID || got.Type != d.Type || got.Title != d.Title ||
			!jsonEqual(t, got.Model, d.Model) || !jsonEqual(t, got.Display, d.Display) || !reflect.DeepEqual(got.Brand, brand) {
			t.Errorf("Diagram = %+v, want %+v", got, d)
		}
		recent(t, "diagram CreatedAt", got.CreatedAt)
		if !got.UpdatedAt.Equal(got.CreatedAt) {
			t.Errorf("new diagram UpdatedAt %v != CreatedAt %v", got.UpdatedAt, got.CreatedAt)
		}

		_, err = s.Diagram(ctx, b.ID, id)
		wantIs(t, err, brandgen.ErrNotFound)
		_, err = s.Diagram(ctx, a.ID, "dg_missing_"+uniqueName(t))
		wantIs(t, err, brandgen.ErrNotFound)
		_, err = s.Revisions(ctx, b.ID, id)
		wantIs(t, err, brandgen.ErrNotFound)
		other := d
		other.AccountID = b.ID
		wantIs(t, s.UpdateDiagram(ctx, other, "hijack"), brandgen.ErrNotFound)
		wantIs(t, s.DeleteDiagram(ctx, b.ID, id), brandgen.ErrNotFound)

		time.Sleep(2 * time.Millisecond)
		d2 := d
		d2.Title = "Checkout v2"
		d2.Model = json.RawMessage(`{"nodes": [], "edges": []}`)
		d2.Brand = nil
		must(t, s.UpdateDiagram(ctx, d2, "refine: simpler"))
		d3 := d2
		d3.Display = json.RawMessage(`{"theme": "light"}`)
		must(t, s.UpdateDiagram(ctx, d3, "restyle"))

		got, err = s.Diagram(ctx, a.ID, id)
		must(t, err)
		if got.Title != "Checkout v2" || got.Brand != nil || !jsonEqual(t, got.Model, d2.Model) || !jsonEqual(t, got.Display, d3.Display) {
			t.Errorf("updated diagram = %+v", got)
		}
		if !got.UpdatedAt.After(got.CreatedAt) {
			t.Errorf("UpdatedAt %v not after CreatedAt %v", got.UpdatedAt, got.CreatedAt)
		}

		revs, err := s.Revisions(ctx, a.ID, id)
		must(t, err)
		if len(revs) != 3 {
			t.Fatalf("%d revisions, want 3", len(revs))
		}
		wantNotes := []string{"created from prompt", "refine: simpler", "restyle"}
		for i, r := range revs {
			if r.N != i+1 || r.Note != wantNotes[i] {
				t.Errorf("revision %d = n %d note %q, want n %d note %q", i, r.N, r.Note, i+1, wantNotes[i])
			}
			if i > 0 && r.CreatedAt.Before(revs[i-1].CreatedAt) {
				t.Errorf("revision %d created before revision %d", i+1, i)
			}
		}
		if revs[0].Title != "Checkout" || !reflect.DeepEqual(revs[0].Brand, brand) || !jsonEqual(t, revs[0].Model, d.Model) {
			t.Errorf("first revision = %+v", revs[0])
		}
		if revs[1].Brand != nil || !jsonEqual(t, revs[1].Model, d2.Model) || !jsonEqual(t, revs[2].Display, d3.Display) {
			t.Errorf("later revisions = %+v", revs[1:])
		}

		must(t, s.DeleteDiagram(ctx, a.ID, id))
		_, err = s.Diagram(ctx, a.ID, id)
		wantIs(t, err, brandgen.ErrNotFound)
		_, err = s.Revisions(ctx, a.ID, id)
		wantIs(t, err, brandgen.ErrNotFound)
		if n := rawCount(t, s, `SELECT COUNT(*) FROM diagram_revisions WHERE diagram_id = $1`, id); n != 0 {
			t.Errorf("%d revisions left after DeleteDiagram", n)
		}
		wantIs(t, s.DeleteDiagram(ctx, a.ID, id), brandgen.ErrNotFound)
		wantIs(t, s.UpdateDiagram(ctx, d, "after delete"), brandgen.ErrNotFound)
	})

	t.Run("DiagramInput", func(t *testing.T) {
		s := open(t)
		ctx := testCtx(t)
		a := newAccount(t, s, brandgen.PlanDeveloper)
		if err := s.CreateDiagram(ctx, Diagram{ID: "dg_" + uniqueName(t), AccountID: a.ID, Model: json.RawMessage(`{"nodes":`)}, ""); err == nil {
			t.Error("CreateDiagram with invalid model JSON succeeded")
		}
		if err := s.CreateDiagram(ctx, Diagram{AccountID: a.ID}, ""); err == nil {
			t.Error("CreateDiagram without id succeeded")
		}
		id := "dg_" + uniqueName(t)
		must(t, s.CreateDiagram(ctx, Diagram{ID: id, AccountID: a.ID, Type: "sequence"}, ""))
		got, err := s.Diagram(ctx, a.ID, id)
		must(t, err)
		if string(got.Model) != "null" || string(got.Display) != "null" || got.Brand != nil {
			t.Errorf("diagram with empty JSON = model %s display %s brand %v", got.Model, got.Display, got.Brand)
		}
	})

	t.Run("ListDiagrams", func(t *testing.T) {
		s := open(t)
		ctx := testCtx(t)
		a := newAccount(t, s, brandgen.PlanDeveloper)
		b := newAccount(t, s, brandgen.PlanDeveloper)
		list, next, err := s.ListDiagrams(ctx, a.ID, "", 10)
		must(t, err)
		if len(list) != 0 || next != "" {
			t.Fatalf("empty account lists %d diagrams, next %q", len(list), next)
		}
		// Five diagrams, two of them created in the same microsecond (the id breaks the tie).
		base := time.Now().UTC().Truncate(time.Microsecond).Add(-time.Hour)
		var ids []string
		for i, at := range []time.Duration{0, time.Second, 2 * time.Second, 2 * time.Second, 3 * time.Second} {
			id := fmt.Sprintf("dg_%s_%d", uniqueName(t), i)
			ids = append(ids, id)
			must(t, s.CreateDiagram(ctx, Diagram{ID: id, AccountID: a.ID, Type: "flowchart", Title: fmt.Sprint("d", i),
				Model: json.RawMessage(`{"source":"secret"}`), Display: json.RawMessage(`{"theme":"dark"}`), CreatedAt: base.Add(at)}, "created"))
		}
		must(t, s.CreateDiagram(ctx, Diagram{ID: "dg_other_" + uniqueName(t), AccountID: b.ID, Type: "er"}, ""))
		want := []string{ids[4], ids[3], ids[2], ids[1], ids[0]} // newest first; equal times by id, descending
		var got []string
		cursor := ""
		for page := 0; page < 5; page++ {
			list, next, err := s.ListDiagrams(ctx, a.ID, cursor, 2)
			must(t, err)
			for _, d := range list {
				got = append(got, d.ID)
				if d.AccountID != a.ID || d.Model != nil || !jsonEqual(t, d.Display, json.RawMessage(`{"theme":"dark"}`)) {
					t.Errorf("listed diagram = %+v (Model must not be loaded)", d)
				}
			}
			if next == "" {
				break
			}
			cursor = next
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("pages = %v, want %v", got, want)
		}
		_, _, err = s.ListDiagrams(ctx, a.ID, "not-a-cursor!", 2)
		wantIs(t, err, ErrBadCursor)
		list, _, err = s.ListDiagrams(ctx, b.ID, "", 50)
		must(t, err)
		if len(list) != 1 {
			t.Errorf("other account lists %d diagrams, want 1", len(list))
		}
	})

	t.Run("ConcurrentDiagramUpdates", func(t *testing.T) {
		s := open(t)
		ctx := testCtx(t)
		a := newAccount(t, s, brandgen.PlanDeveloper)
		d := Diagram{ID: "dg_" + uniqueName(t), AccountID: a.ID, Type: "flowchart", Model: json.RawMessage(`{}`), Display: json.RawMessage(`{}`)}
		must(t, s.CreateDiagram(ctx, d, "create"))
		var wg sync.WaitGroup
		for i := range 8 {
			wg.Go(func() {
				u := d
				u.Title = fmt.Sprintf("v%d", i)
				if err := s.UpdateDiagram(ctx, u, u.Title); err != nil {
					t.Errorf("UpdateDiagram: %v", err)
				}
			})
		}
		wg.Wait()
		revs, err := s.Revisions(ctx, a.ID, d.ID)
		must(t, err)
		if len(revs) != 9 {
			t.Fatalf("%d revisions, want 9", len(revs))
		}
		for i, r := range revs {
			if r.N != i+1 {
				t.Errorf("revision %d has n %d", i, r.N)
			}
		}
		got, err := s.Diagram(ctx, a.ID, d.ID)
		must(t, err)
		if got.Title != revs[8].Title {
			t.Errorf("diagram title %q is not the last revision's %q", got.Title, revs[8].Title)
		}
	})

	t.Run("CascadeDeleteAccount", func(t *testing.T) {
		s := open(t)
		ctx := testCtx(t)
		a := newAccount(t, s, brandgen.PlanDeveloper)
		keep := newAccount(t, s, brandgen.PlanDeveloper)
		for _, acc := range []brandgen.Account{a, keep} {
			_, err := s.CreateKey(ctx, acc.ID, uniqueName(t), []byte{1})
			must(t, err)
			must(t, s.SaveBrand(ctx, acc.ID, brandgen.Brand{Name: "x"}))
			_, err = s.AddUsage(ctx, acc.ID, "2026-11", 1, 10)
			must(t, err)
			d := Diagram{ID: "dg_" + uniqueName(t), AccountID: acc.ID, Type: "flowchart", Model: json.RawMessage(`{}`), Display: json.RawMessage(`{}`)}
			must(t, s.CreateDiagram(ctx, d, ""))
			must(t, s.UpdateDiagram(ctx, d, ""))
		}
		if _, err := s.(*store).b.writer().exec(ctx, `DELETE FROM accounts WHERE id = $1`, a.ID); err != nil {
			t.Fatal(err)
		}
		for _, acc := range []struct {
			id   int64
			want int
		}{{a.ID, 0}, {keep.ID, 1}} {
			for _, table := range []string{"api_keys", "brands", "usage_counters", "diagrams"} {
				if n := rawCount(t, s, `SELECT COUNT(*) FROM `+table+` WHERE account_id = $1`, acc.id); n != acc.want {
					t.Errorf("%s rows of account %d = %d, want %d", table, acc.id, n, acc.want)
				}
			}
			if n := rawCount(t, s, `SELECT COUNT(*) FROM diagram_revisions r JOIN diagrams d ON d.id = r.diagram_id WHERE d.account_id = $1`, acc.id); n != 2*acc.want {
				t.Errorf("revisions of account %d = %d, want %d", acc.id, n, 2*acc.want)
			}
		}
		if n := rawCount(t, s, `SELECT COUNT(*) FROM diagram_revisions r WHERE NOT EXISTS (SELECT 1 FROM diagrams d WHERE d.id = r.diagram_id)`); n != 0 {
			t.Errorf("%d orphaned revisions", n)
		}
	})

	t.Run("CanceledContext", func(t *testing.T) {
		s := open(t)
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		if _, err := s.Account(ctx, 1); err == nil {
			t.Error("Account with a canceled context succeeded")
		}
	})
}
