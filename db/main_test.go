package db

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net/url"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// Postgres tests run against BRANDGEN_TEST_DATABASE_URL (a postgres:// URL of a role that may
// create databases). Each test run works in fresh databases named brandgen_test_<random>, which
// TestMain drops at the end.
const pgEnv = "BRANDGEN_TEST_DATABASE_URL"

// pgDatabases tracks the databases this run created.
var pgDatabases struct {
	sync.Mutex
	names []string
	suite string // URL of the database the shared suite uses, made once
}

func TestMain(m *testing.M) {
	code := m.Run()
	if err := dropTestDatabases(); err != nil {
		fmt.Fprintln(os.Stderr, "drop test databases:", err)
		if code == 0 {
			code = 1
		}
	}
	os.Exit(code)
}

// pgAdminURL returns BRANDGEN_TEST_DATABASE_URL, skipping the test when it is unset (failing when
// CI=true).
func pgAdminURL(t testing.TB) string {
	t.Helper()
	u := os.Getenv(pgEnv)
	if u == "" {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s is not set (required when CI=true)", pgEnv)
		}
		t.Skipf("%s is not set", pgEnv)
	}
	return u
}

// newPGDatabase creates a fresh database and returns its URL; TestMain drops it.
func newPGDatabase(t testing.TB) string {
	t.Helper()
	admin := pgAdminURL(t)
	var b [6]byte
	_, _ = rand.Read(b[:])
	name := "brandgen_test_" + hex.EncodeToString(b[:])
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, admin)
	if err != nil {
		t.Fatalf("connect to %s: %v", pgEnv, err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, "CREATE DATABASE "+pgx.Identifier{name}.Sanitize()); err != nil {
		t.Fatalf("create database %s: %v", name, err)
	}
	pgDatabases.Lock()
	pgDatabases.names = append(pgDatabases.names, name)
	pgDatabases.Unlock()
	u, err := url.Parse(admin)
	if err != nil {
		t.Fatalf("%s must be a postgres:// URL: %v", pgEnv, err)
	}
	u.Path = "/" + name
	return u.String()
}

// suitePGURL returns the database the shared suite runs in, created on first use.
func suitePGURL(t testing.TB) string {
	t.Helper()
	pgAdminURL(t)
	pgDatabases.Lock()
	u := pgDatabases.suite
	pgDatabases.Unlock()
	if u != "" {
		return u
	}
	u = newPGDatabase(t)
	pgDatabases.Lock()
	defer pgDatabases.Unlock()
	if pgDatabases.suite == "" {
		pgDatabases.suite = u
	}
	return pgDatabases.suite
}

func dropTestDatabases() error {
	pgDatabases.Lock()
	names := pgDatabases.names
	pgDatabases.Unlock()
	if len(names) == 0 {
		return nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, os.Getenv(pgEnv))
	if err != nil {
		return err
	}
	defer conn.Close(ctx)
	for _, name := range names {
		if _, err := conn.Exec(ctx, "DROP DATABASE IF EXISTS "+pgx.Identifier{name}.Sanitize()+" WITH (FORCE)"); err != nil {
			return fmt.Errorf("drop %s: %w", name, err)
		}
	}
	return nil
}
