package db

import (
	"context"
	"errors"
	"io"
	"net"
	"net/url"
	"sync"
	"testing"
	"time"

	"github.com/brandgen/brandgen"
	"github.com/jackc/pgx/v5"
)

func openTestPostgres(t *testing.T) Store {
	t.Helper()
	return openPostgresURL(t, suitePGURL(t))
}

func openPostgresURL(t *testing.T, u string) Store {
	t.Helper()
	s, err := OpenPostgres(testCtx(t), u)
	must(t, err)
	t.Cleanup(func() { s.Close() })
	must(t, s.Migrate(testCtx(t)))
	return s
}

func TestPostgres(t *testing.T) {
	suitePGURL(t) // skip (or fail under CI) once, not in every subtest
	testStore(t, openTestPostgres)
}

// Several processes migrating one fresh database at once: the advisory lock makes them take turns.
func TestPostgresConcurrentMigrate(t *testing.T) {
	u := newPGDatabase(t)
	ctx := testCtx(t)
	var stores []Store
	for range 4 {
		s, err := OpenPostgres(ctx, u)
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
	ms, err := loadMigrations("postgres")
	must(t, err)
	if n := rawCount(t, stores[0], `SELECT COUNT(*) FROM schema_migrations`); n != len(ms) {
		t.Errorf("schema_migrations rows = %d, want %d", n, len(ms))
	}
	if n := rawCount(t, stores[0], `SELECT COUNT(*) FROM pg_locks WHERE locktype = 'advisory' AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`); n != 0 {
		t.Errorf("%d advisory locks still held after Migrate", n)
	}
}

func TestOpenPostgres(t *testing.T) {
	u := newPGDatabase(t)
	ctx := testCtx(t)
	s, err := Open(ctx, u, "/nonexistent/never-created")
	must(t, err)
	defer s.Close()
	if _, ok := s.(*store).b.(*pgBackend); !ok {
		t.Fatalf("Open with a URL chose %T", s.(*store).b)
	}
	if _, err := s.EnsureAccount(ctx, "opened", brandgen.PlanFree); err != nil { // migrated by Open
		t.Fatal(err)
	}
	if _, err := OpenPostgres(ctx, "postgres://%zz"); err == nil {
		t.Error("OpenPostgres with a malformed URL succeeded")
	}
}

// unavailableCalls exercises a store whose database does not answer: every call must fail fast with
// ErrStoreUnavailable.
func unavailableCalls(t *testing.T, s Store, within time.Duration) {
	t.Helper()
	calls := map[string]func(ctx context.Context) error{
		"Ping":    s.Ping,
		"Migrate": s.Migrate,
		"Account": func(ctx context.Context) error { _, err := s.Account(ctx, 1); return err },
		"AddUsage": func(ctx context.Context) error {
			_, err := s.AddUsage(ctx, 1, "2026-11", 1, 10)
			return err
		},
		"SpendLogo": func(ctx context.Context) error { _, _, _, err := s.SpendLogo(ctx, 1, 25); return err },
		"KeyByPrefix": func(ctx context.Context) error {
			_, _, err := s.KeyByPrefix(ctx, "bg_x")
			return err
		},
	}
	var wg sync.WaitGroup
	for name, call := range calls {
		wg.Go(func() {
			start := time.Now()
			err := call(testCtx(t))
			if took := time.Since(start); took > within {
				t.Errorf("%s took %v, want under %v", name, took, within)
			}
			if !errors.Is(err, brandgen.ErrStoreUnavailable) {
				t.Errorf("%s error = %v, want one wrapping ErrStoreUnavailable", name, err)
			}
		})
	}
	wg.Wait()
}

// A Postgres URL nobody listens on: no env needed.
func TestPostgresRefused(t *testing.T) {
	const u = "postgres://postgres@127.0.0.1:1/postgres?sslmode=disable&connect_timeout=2"
	s, err := OpenPostgres(testCtx(t), u) // lazy: succeeds
	must(t, err)
	defer s.Close()
	unavailableCalls(t, s, 2*time.Second)

	start := time.Now()
	s2, err := Open(testCtx(t), u, t.TempDir())
	wantIs(t, err, brandgen.ErrStoreUnavailable)
	if s2 != nil || time.Since(start) > 2*time.Second {
		t.Errorf("Open = %v after %v", s2, time.Since(start))
	}
}

// A server that accepts connections and never answers: the connect timeout (or the caller's
// deadline) ends the wait with ErrStoreUnavailable.
func TestPostgresSilent(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	must(t, err)
	defer ln.Close()
	var mu sync.Mutex
	var held []net.Conn
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			mu.Lock()
			held = append(held, c)
			mu.Unlock()
		}
	}()
	defer func() {
		mu.Lock()
		defer mu.Unlock()
		for _, c := range held {
			c.Close()
		}
	}()

	s, err := OpenPostgres(testCtx(t), "postgres://postgres@"+ln.Addr().String()+"/postgres?sslmode=disable&connect_timeout=1")
	must(t, err)
	defer s.Close()
	unavailableCalls(t, s, 3*time.Second)

	// Without connect_timeout in the URL, the caller's deadline bounds the wait.
	s2, err := OpenPostgres(testCtx(t), "postgres://postgres@"+ln.Addr().String()+"/postgres?sslmode=disable")
	must(t, err)
	defer s2.Close()
	ctx, cancel := context.WithTimeout(testCtx(t), 300*time.Millisecond)
	defer cancel()
	start := time.Now()
	err = s2.Ping(ctx)
	wantIs(t, err, brandgen.ErrStoreUnavailable)
	if took := time.Since(start); took > 2*time.Second {
		t.Errorf("Ping took %v with a 300ms deadline", took)
	}
}

// tcpProxy stands in for a Postgres server that can be stopped and started again on the same
// address without touching the real server.
type tcpProxy struct {
	t      *testing.T
	target string
	addr   string
	mu     sync.Mutex
	ln     net.Listener
	conns  map[net.Conn]bool
}

func (p *tcpProxy) start() {
	p.t.Helper()
	addr := p.addr
	if addr == "" {
		addr = "127.0.0.1:0"
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		p.t.Fatalf("proxy listen %s: %v", addr, err)
	}
	p.mu.Lock()
	p.ln, p.addr = ln, ln.Addr().String()
	p.mu.Unlock()
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			up, err := net.Dial("tcp", p.target)
			if err != nil {
				c.Close()
				continue
			}
			p.mu.Lock()
			p.conns[c], p.conns[up] = true, true
			p.mu.Unlock()
			go func() { _, _ = io.Copy(up, c); up.Close(); c.Close() }()
			go func() { _, _ = io.Copy(c, up); up.Close(); c.Close() }()
		}
	}()
}

// stop closes the listener and every proxied connection: the "server" is down.
func (p *tcpProxy) stop() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.ln.Close()
	for c := range p.conns {
		c.Close()
	}
	p.conns = map[net.Conn]bool{}
}

// Postgres goes away and comes back: calls fail with ErrStoreUnavailable while it is down and the
// same store works again afterwards, without reopening.
func TestPostgresRecovers(t *testing.T) {
	su, err := url.Parse(suitePGURL(t))
	must(t, err)
	p := &tcpProxy{t: t, target: su.Host, conns: map[net.Conn]bool{}}
	p.start()
	defer p.stop()
	pu := *su
	pu.Host = p.addr
	q := pu.Query()
	q.Set("connect_timeout", "2")
	pu.RawQuery = q.Encode()

	s := openPostgresURL(t, pu.String())
	ctx := testCtx(t)
	a, err := s.EnsureAccount(ctx, uniqueName(t), brandgen.PlanPro)
	must(t, err)

	p.stop()
	unavailableCalls(t, s, 3*time.Second)

	p.start()
	eventually(t, s, a.ID)
}

// The server kills the store's connections (restart, failover, pg_terminate_backend): the next
// calls fail with ErrStoreUnavailable at worst, then the pool reconnects.
func TestPostgresTerminatedConnections(t *testing.T) {
	su, err := url.Parse(suitePGURL(t))
	must(t, err)
	app := "brandgen_test_" + uniqueName(t)[len(t.Name())+1:]
	q := su.Query()
	q.Set("application_name", app)
	su.RawQuery = q.Encode()
	s := openPostgresURL(t, su.String())
	ctx := testCtx(t)
	a, err := s.EnsureAccount(ctx, uniqueName(t), brandgen.PlanPro)
	must(t, err)
	must(t, s.Ping(ctx))

	admin, err := pgx.Connect(ctx, pgAdminURL(t))
	must(t, err)
	defer admin.Close(ctx)
	var killed int
	must(t, admin.QueryRow(ctx, `SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE application_name = $1`, app).Scan(&killed))
	if killed == 0 {
		t.Fatal("no connection of the store to terminate")
	}
	eventually(t, s, a.ID)
}

// eventually requires the store to answer again within a few attempts, every failure on the way
// being ErrStoreUnavailable.
func eventually(t *testing.T, s Store, accountID int64) {
	t.Helper()
	var failures int
	for attempt := range 10 {
		_, err := s.Account(testCtx(t), accountID)
		if err == nil {
			t.Logf("store answered again after %d failed calls", failures)
			if _, err := s.AddUsage(testCtx(t), accountID, "2026-11", 1, 10); err != nil {
				t.Errorf("AddUsage after recovery: %v", err)
			}
			return
		}
		failures++
		if !errors.Is(err, brandgen.ErrStoreUnavailable) {
			t.Errorf("attempt %d: %v, want ErrStoreUnavailable", attempt, err)
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Fatalf("store still failing after %d attempts", failures)
}
