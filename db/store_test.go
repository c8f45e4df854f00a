package db

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
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

// testStore is the suite every backend must pass (TestSQLite, TestPostgres). open returns a migrated
// store; stores may share a database, so every subtest works on accounts of its own. The subtests of
// each table live beside its code: accounts_test.go, keys_test.go, brands_test.go, usage_test.go and
// diagrams_test.go; the schema-wide ones stay here.
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

	testAccounts(t, open)
	testKeys(t, open)
	testBrands(t, open)
	testUsage(t, open)
	testDiagrams(t, open)

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
