package db

import (
	"context"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/brandgen/brandgen"
)

func openTestSQLite(t *testing.T) Store {
	t.Helper()
	s, err := OpenSQLite(testCtx(t), filepath.Join(t.TempDir(), "test.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	must(t, s.Migrate(testCtx(t)))
	return s
}

func TestSQLite(t *testing.T) {
	testStore(t, openTestSQLite)
}

func TestSQLitePragmas(t *testing.T) {
	s := openTestSQLite(t)
	b := s.(*store).b.(*sqliteBackend)
	ctx := testCtx(t)
	for _, db := range []struct {
		name string
		ex   execer
	}{{"writer", b.writer()}, {"reader", b.reader()}} {
		var mode string
		var fk, busy int
		must(t, db.ex.queryRow(ctx, `PRAGMA journal_mode`).Scan(&mode))
		must(t, db.ex.queryRow(ctx, `PRAGMA foreign_keys`).Scan(&fk))
		must(t, db.ex.queryRow(ctx, `PRAGMA busy_timeout`).Scan(&busy))
		if mode != "wal" || fk != 1 || busy != int(SQLiteBusyTimeout.Milliseconds()) {
			t.Errorf("%s: journal_mode %q foreign_keys %d busy_timeout %d", db.name, mode, fk, busy)
		}
	}
	if _, err := b.reader().exec(ctx, `DELETE FROM accounts`); err == nil {
		t.Error("the read pool accepted a write")
	}
}

// Several processes (here: stores) migrating one file at once all succeed and apply each
// migration once.
func TestSQLiteConcurrentMigrate(t *testing.T) {
	path := filepath.Join(t.TempDir(), "shared.db")
	ctx := testCtx(t)
	var stores []Store
	for range 4 {
		s, err := OpenSQLite(ctx, path)
		must(t, err)
		t.Cleanup(func() { s.Close() })
		stores = append(stores, s)
	}
	var wg sync.WaitGroup
	for _, s := range stores {
		wg.Go(func() {
			if err := s.Migrate(ctx); err != nil {
				t.Errorf("Migrate: %v", err)
			}
		})
	}
	wg.Wait()
	ms, err := loadMigrations("sqlite")
	must(t, err)
	if n := rawCount(t, stores[0], `SELECT COUNT(*) FROM schema_migrations`); n != len(ms) {
		t.Errorf("schema_migrations rows = %d, want %d", n, len(ms))
	}
	// A write on one store is visible on another (separate connections to one file).
	a, err := stores[1].EnsureAccount(ctx, "shared", brandgen.PlanPro)
	must(t, err)
	if _, err := stores[2].Account(ctx, a.ID); err != nil {
		t.Errorf("account written by one store not seen by another: %v", err)
	}
}

func TestOpenSQLite(t *testing.T) {
	ctx := testCtx(t)
	dir := filepath.Join(t.TempDir(), "nested", "data")
	s, err := Open(ctx, "", dir)
	must(t, err)
	defer s.Close()
	if _, err := os.Stat(filepath.Join(dir, SQLiteFile)); err != nil {
		t.Fatalf("database file: %v", err)
	}
	a, err := s.EnsureAccount(ctx, "opened", brandgen.PlanFree) // migrated by Open
	must(t, err)
	must(t, s.Close())

	s2, err := Open(ctx, "", dir) // reopening keeps the data and re-migrating is a no-op
	must(t, err)
	defer s2.Close()
	if got, err := s2.AccountByName(ctx, "opened"); err != nil || got.ID != a.ID {
		t.Errorf("after reopen: %+v, %v", got, err)
	}

	if _, err := Open(ctx, "", ""); err == nil {
		t.Error("Open without URL or data dir succeeded")
	}
	if _, err := OpenSQLite(ctx, filepath.Join(t.TempDir(), "missing-dir", "x.db")); err == nil {
		t.Error("OpenSQLite in a missing directory succeeded")
	}
}

func TestSQLiteUnavailableWhenLocked(t *testing.T) {
	// Another process holding the write lock past the caller's deadline yields ErrStoreUnavailable.
	path := filepath.Join(t.TempDir(), "locked.db")
	ctx := testCtx(t)
	holder := openSQLitePath(t, path)
	s := openSQLitePath(t, path)
	a, err := s.EnsureAccount(ctx, "locked", brandgen.PlanPro)
	must(t, err)

	hb := holder.(*store).b.(*sqliteBackend)
	tx, err := hb.w.BeginTx(ctx, nil) // BEGIN IMMEDIATE: holds the write lock
	must(t, err)
	defer tx.Rollback()

	short, cancel := context.WithTimeout(ctx, 200*1e6)
	defer cancel()
	_, err = s.AddUsage(short, a.ID, "2026-11", 1, 10)
	wantIs(t, err, brandgen.ErrStoreUnavailable)
	// Reads still work under WAL while a writer holds the lock.
	if _, err := s.Account(ctx, a.ID); err != nil {
		t.Errorf("read while another writer holds the lock: %v", err)
	}
}

func openSQLitePath(t *testing.T, path string) Store {
	t.Helper()
	s, err := OpenSQLite(testCtx(t), path)
	must(t, err)
	t.Cleanup(func() { s.Close() })
	must(t, s.Migrate(testCtx(t)))
	return s
}
