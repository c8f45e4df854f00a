package db

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"strings"
	"time"

	"github.com/brandgen/brandgen"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

// DefaultConnectTimeout bounds one attempt to open a Postgres connection when the URL sets no
// connect_timeout, so a database that does not answer yields ErrStoreUnavailable instead of a hang.
const DefaultConnectTimeout = 5 * time.Second

// migrateLockKey is the pg_advisory_lock key Migrate holds while it applies migrations
// (advisory locks are per database, so other databases on the server are not affected).
const migrateLockKey int64 = 0x6272616e6467656e // "brandgen"

// OpenPostgres makes a connection pool for the Postgres URL (pgx syntax, e.g.
// postgres://user:pass@host:5432/db?sslmode=disable; pool_max_conns and connect_timeout are
// honoured, connect_timeout defaults to DefaultConnectTimeout). Connections are opened lazily: it
// does not contact the server, so it succeeds while Postgres is down; Ping and every other method
// then answer errors wrapping brandgen.ErrStoreUnavailable, and the pool reconnects by itself once
// the server is back. It does not migrate: call Migrate.
func OpenPostgres(ctx context.Context, url string) (Store, error) {
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("db: parse postgres url: %w", err) // pgx redacts the password
	}
	if cfg.ConnConfig.ConnectTimeout == 0 {
		cfg.ConnConfig.ConnectTimeout = DefaultConnectTimeout
	}
	if _, ok := cfg.ConnConfig.RuntimeParams["application_name"]; !ok {
		cfg.ConnConfig.RuntimeParams["application_name"] = "brandgen"
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("db: open postgres pool: %w", err)
	}
	return &store{b: &pgBackend{pool: pool}}, nil
}

type pgBackend struct {
	pool *pgxpool.Pool
}

// pgQuerier is what a pool, a connection and a transaction share.
type pgQuerier interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

type pgExec struct{ q pgQuerier }

func (e pgExec) exec(ctx context.Context, q string, args ...any) (int64, error) {
	tag, err := e.q.Exec(ctx, q, args...)
	if err != nil {
		return 0, err
	}
	return tag.RowsAffected(), nil
}

func (e pgExec) queryRow(ctx context.Context, q string, args ...any) rowScanner {
	return e.q.QueryRow(ctx, q, args...) // pgx.ErrNoRows matches sql.ErrNoRows
}

func (e pgExec) query(ctx context.Context, q string, args ...any) (rowsScanner, error) {
	return e.q.Query(ctx, q, args...)
}

func (b *pgBackend) reader() execer { return pgExec{b.pool} }
func (b *pgBackend) writer() execer { return pgExec{b.pool} }

func (b *pgBackend) inTx(ctx context.Context, fn func(execer) error) error {
	return pgx.BeginFunc(ctx, b.pool, func(tx pgx.Tx) error { return fn(pgExec{tx}) })
}

func (b *pgBackend) ping(ctx context.Context) error { return b.pool.Ping(ctx) }

func (b *pgBackend) close() error {
	b.pool.Close()
	return nil
}

func (b *pgBackend) greatest() string  { return "GREATEST" }
func (b *pgBackend) forUpdate() string { return " FOR UPDATE" }

// migrate applies pending migrations on one connection holding a session advisory lock, so
// concurrent Migrate calls from several processes run one after the other and the later ones find
// nothing to do.
func (b *pgBackend) migrate(ctx context.Context) (err error) {
	migrations, err := loadMigrations("postgres")
	if err != nil {
		return err
	}
	conn, err := b.pool.Acquire(ctx)
	if err != nil {
		return fmt.Errorf("acquire connection: %w", err)
	}
	defer conn.Release()
	if _, err := conn.Exec(ctx, `SELECT pg_advisory_lock($1)`, migrateLockKey); err != nil {
		return fmt.Errorf("take migration lock: %w", err)
	}
	defer func() {
		// A connection that cannot unlock must not go back to the pool still holding the lock.
		uctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
		defer cancel()
		if _, uerr := conn.Exec(uctx, `SELECT pg_advisory_unlock($1)`, migrateLockKey); uerr != nil {
			_ = conn.Conn().Close(uctx)
			if err == nil {
				err = fmt.Errorf("release migration lock: %w", uerr)
			}
		}
	}()
	if _, err := conn.Exec(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
		version    bigint      PRIMARY KEY,
		name       text        NOT NULL,
		applied_at timestamptz NOT NULL DEFAULT now())`); err != nil {
		return fmt.Errorf("create schema_migrations: %w", err)
	}
	applied := map[int64]bool{}
	rows, err := conn.Query(ctx, `SELECT version FROM schema_migrations`)
	if err != nil {
		return fmt.Errorf("read schema_migrations: %w", err)
	}
	versions, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil {
		return fmt.Errorf("read schema_migrations: %w", err)
	}
	for _, v := range versions {
		applied[v] = true
	}
	for _, m := range migrations {
		if applied[m.Version] {
			continue
		}
		err := pgx.BeginFunc(ctx, conn, func(tx pgx.Tx) error {
			if _, err := tx.Exec(ctx, m.SQL); err != nil { // no arguments: simple protocol, many statements
				return err
			}
			_, err := tx.Exec(ctx, `INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)`,
				m.Version, m.Name, now())
			return err
		})
		if err != nil {
			return fmt.Errorf("apply %s: %w", m.Name, err)
		}
	}
	return nil
}

// Postgres error codes the store maps.
const (
	pgForeignKeyViolation = "23503"
	pgUniqueViolation     = "23505"
)

func (b *pgBackend) classify(err error) error {
	if err == nil {
		return nil
	}
	if pgUnavailable(err) {
		return fmt.Errorf("%w: %w", brandgen.ErrStoreUnavailable, err)
	}
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		switch pgErr.Code {
		case pgForeignKeyViolation: // the referenced account (or diagram) does not exist
			return fmt.Errorf("%w: %w", brandgen.ErrNotFound, err)
		case pgUniqueViolation:
			return fmt.Errorf("%w: %w", ErrConflict, err)
		}
	}
	return err
}

// pgUnavailable reports whether err says the server cannot be reached or dropped the connection,
// as opposed to rejecting a statement.
func pgUnavailable(err error) bool {
	var connectErr *pgconn.ConnectError
	if errors.As(err, &connectErr) {
		return true // refused, DNS, TLS, auth, unknown database, connect timeout
	}
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		switch {
		case strings.HasPrefix(pgErr.Code, "08"): // connection exception
			return true
		case pgErr.Code == "57P01", pgErr.Code == "57P02", pgErr.Code == "57P03": // shutdown, crash, starting up
			return true
		case pgErr.Code == "53300": // too many connections
			return true
		}
		return false
	}
	var netErr net.Error
	return errors.As(err, &netErr) || pgconn.Timeout(err) || pgconn.SafeToRetry(err) ||
		errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, net.ErrClosed) ||
		errors.Is(err, context.DeadlineExceeded)
}
