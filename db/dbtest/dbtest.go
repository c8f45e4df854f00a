// Package dbtest gives tests of other packages a fresh store on each backend: a SQLite file in a
// temporary directory, and a fresh PostgreSQL database under BRANDGEN_TEST_DATABASE_URL, dropped
// when the test ends. Without that variable Postgres tests skip, except under CI=true, where they
// fail. It also hands out BRANDGEN_TEST_REDIS_URL on the same terms.
package dbtest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/url"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/brandgen/brandgen/db"
	"github.com/jackc/pgx/v5"
)

// Backend is a named way to open a fresh, migrated store.
type Backend struct {
	Name string
	Open func(t testing.TB) db.Store
}

// Backends lists SQLite and Postgres; run a suite once per entry.
func Backends() []Backend {
	return []Backend{{"sqlite", SQLite}, {"postgres", Postgres}}
}

// SQLite opens a migrated store in a temporary directory, closed when the test ends.
func SQLite(t testing.TB) db.Store {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	s, err := db.Open(ctx, "", filepath.Join(t.TempDir(), "data"))
	if err != nil {
		t.Fatalf("open sqlite: %v", err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// Postgres opens a migrated store in a new database, dropped when the test ends.
func Postgres(t testing.TB) db.Store {
	t.Helper()
	u := NewDatabase(t)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	s, err := db.Open(ctx, u, "")
	if err != nil {
		t.Fatalf("open postgres: %v", err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// NewDatabase creates an empty database and returns its URL; it is dropped when the test ends.
func NewDatabase(t testing.TB) string {
	t.Helper()
	admin := Env(t, "BRANDGEN_TEST_DATABASE_URL")
	var b [6]byte
	_, _ = rand.Read(b[:])
	name := "brandgen_test_" + hex.EncodeToString(b[:])
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, admin)
	if err != nil {
		t.Fatalf("connect to BRANDGEN_TEST_DATABASE_URL: %v", err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, "CREATE DATABASE "+pgx.Identifier{name}.Sanitize()); err != nil {
		t.Fatalf("create database %s: %v", name, err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		conn, err := pgx.Connect(ctx, admin)
		if err != nil {
			t.Errorf("drop %s: %v", name, err)
			return
		}
		defer conn.Close(ctx)
		if _, err := conn.Exec(ctx, "DROP DATABASE IF EXISTS "+pgx.Identifier{name}.Sanitize()+" WITH (FORCE)"); err != nil {
			t.Errorf("drop %s: %v", name, err)
		}
	})
	u, err := url.Parse(admin)
	if err != nil {
		t.Fatalf("BRANDGEN_TEST_DATABASE_URL must be a postgres:// URL: %v", err)
	}
	u.Path = "/" + name
	return u.String()
}

// RedisURL returns BRANDGEN_TEST_REDIS_URL on the same skip/fail terms.
func RedisURL(t testing.TB) string { return Env(t, "BRANDGEN_TEST_REDIS_URL") }

// Env returns the variable, skipping the test when it is unset, or failing it under CI=true.
func Env(t testing.TB, name string) string {
	t.Helper()
	v := os.Getenv(name)
	if v == "" {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s is not set (required when CI=true)", name)
		}
		t.Skipf("%s is not set", name)
	}
	return v
}
