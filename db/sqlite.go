package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"runtime"
	"strings"
	"time"

	"github.com/brandgen/brandgen"
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// SQLite timestamps are stored as UTC RFC 3339 text with a fixed six-digit fraction, which sorts
// like the instant it names.
const sqliteTimeLayout = "2006-01-02T15:04:05.000000Z"

// SQLiteBusyTimeout is how long a statement waits for another process's write lock before the
// store answers ErrStoreUnavailable.
const SQLiteBusyTimeout = 5 * time.Second

// OpenSQLite opens (creating if missing) the SQLite database file at path with busy_timeout,
// WAL journaling and foreign keys on. Writes go through a single connection, so they are
// serialised within the process (and across processes by SQLite's lock); reads use a small pool of
// read-only connections. It opens the file to surface permission errors early but does not migrate:
// call Migrate.
func OpenSQLite(ctx context.Context, path string) (Store, error) {
	if path == "" {
		return nil, errors.New("db: open sqlite: empty path")
	}
	if strings.ContainsAny(path, "?#") {
		return nil, fmt.Errorf("db: open sqlite %s: path must not contain ? or #", path)
	}
	params := url.Values{}
	params.Add("_pragma", fmt.Sprintf("busy_timeout(%d)", SQLiteBusyTimeout.Milliseconds()))
	params.Add("_pragma", "foreign_keys(1)")
	params.Add("_pragma", "journal_mode(WAL)")
	params.Add("_pragma", "synchronous(NORMAL)")
	params.Set("_txlock", "immediate") // take the write lock at BEGIN: no deadlocks between upgrading readers

	w, err := sql.Open("sqlite", path+"?"+params.Encode())
	if err != nil {
		return nil, fmt.Errorf("db: open sqlite %s: %w", path, err)
	}
	w.SetMaxOpenConns(1)
	w.SetMaxIdleConns(1)
	w.SetConnMaxLifetime(0)
	w.SetConnMaxIdleTime(0)
	if err := w.PingContext(ctx); err != nil { // creates the file and switches it to WAL
		w.Close()
		return nil, fmt.Errorf("db: open sqlite %s: %w", path, classifySQLite(err))
	}

	params.Add("_pragma", "query_only(1)")
	r, err := sql.Open("sqlite", path+"?"+params.Encode())
	if err != nil {
		w.Close()
		return nil, fmt.Errorf("db: open sqlite %s: %w", path, err)
	}
	readers := max(2, min(runtime.GOMAXPROCS(0), 8))
	r.SetMaxOpenConns(readers)
	r.SetMaxIdleConns(readers)
	return &store{b: &sqliteBackend{w: w, r: r}}, nil
}

type sqliteBackend struct {
	w *sql.DB // one connection: every write
	r *sql.DB // read-only connections
}

// sqlQuerier is what *sql.DB and *sql.Tx share.
type sqlQuerier interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// sqliteExec adapts database/sql to execer, converting time.Time to and from sqliteTimeLayout text.
type sqliteExec struct{ q sqlQuerier }

func sqliteArgs(args []any) []any {
	out := make([]any, len(args))
	for i, a := range args {
		switch v := a.(type) {
		case time.Time:
			out[i] = v.UTC().Format(sqliteTimeLayout)
		case *time.Time:
			if v == nil {
				out[i] = nil
			} else {
				out[i] = v.UTC().Format(sqliteTimeLayout)
			}
		default:
			out[i] = a
		}
	}
	return out
}

func sqliteDest(dest []any) []any {
	out := make([]any, len(dest))
	for i, d := range dest {
		switch v := d.(type) {
		case *time.Time:
			out[i] = sqliteTime{t: v}
		case **time.Time:
			out[i] = sqliteNullTime{t: v}
		default:
			out[i] = d
		}
	}
	return out
}

// sqliteTime scans a stored timestamp into a time.Time.
type sqliteTime struct{ t *time.Time }

func (s sqliteTime) Scan(src any) error {
	switch v := src.(type) {
	case time.Time:
		*s.t = v.UTC()
		return nil
	case string:
		return s.parse(v)
	case []byte:
		return s.parse(string(v))
	case nil:
		return errors.New("timestamp is NULL")
	}
	return fmt.Errorf("cannot scan %T into a timestamp", src)
}

func (s sqliteTime) parse(v string) error {
	t, err := time.Parse(time.RFC3339Nano, v)
	if err != nil {
		return fmt.Errorf("parse timestamp %q: %w", v, err)
	}
	*s.t = t.UTC()
	return nil
}

// sqliteNullTime scans a nullable timestamp into a *time.Time.
type sqliteNullTime struct{ t **time.Time }

func (s sqliteNullTime) Scan(src any) error {
	if src == nil {
		*s.t = nil
		return nil
	}
	var t time.Time
	if err := (sqliteTime{t: &t}).Scan(src); err != nil {
		return err
	}
	*s.t = &t
	return nil
}

type sqliteRow struct{ r *sql.Row }

func (r sqliteRow) Scan(dest ...any) error { return r.r.Scan(sqliteDest(dest)...) }

type sqliteRows struct{ r *sql.Rows }

func (r sqliteRows) Next() bool             { return r.r.Next() }
func (r sqliteRows) Scan(dest ...any) error { return r.r.Scan(sqliteDest(dest)...) }
func (r sqliteRows) Err() error             { return r.r.Err() }
func (r sqliteRows) Close()                 { _ = r.r.Close() }

func (e sqliteExec) exec(ctx context.Context, q string, args ...any) (int64, error) {
	res, err := e.q.ExecContext(ctx, q, sqliteArgs(args)...)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

func (e sqliteExec) queryRow(ctx context.Context, q string, args ...any) rowScanner {
	return sqliteRow{e.q.QueryRowContext(ctx, q, sqliteArgs(args)...)}
}

func (e sqliteExec) query(ctx context.Context, q string, args ...any) (rowsScanner, error) {
	rows, err := e.q.QueryContext(ctx, q, sqliteArgs(args)...)
	if err != nil {
		return nil, err
	}
	return sqliteRows{rows}, nil
}

func (b *sqliteBackend) reader() execer { return sqliteExec{b.r} }
func (b *sqliteBackend) writer() execer { return sqliteExec{b.w} }

func (b *sqliteBackend) inTx(ctx context.Context, fn func(execer) error) error {
	tx, err := b.w.BeginTx(ctx, nil) // BEGIN IMMEDIATE (_txlock)
	if err != nil {
		return err
	}
	if err := fn(sqliteExec{tx}); err != nil {
		_ = tx.Rollback()
		return err
	}
	return tx.Commit()
}

func (b *sqliteBackend) ping(ctx context.Context) error {
	if err := b.w.PingContext(ctx); err != nil {
		return err
	}
	return b.r.PingContext(ctx)
}

func (b *sqliteBackend) close() error {
	return errors.Join(b.r.Close(), b.w.Close())
}

func (b *sqliteBackend) greatest() string  { return "MAX" }
func (b *sqliteBackend) forUpdate() string { return "" } // the IMMEDIATE transaction already holds the write lock

// migrate applies each pending migration in its own IMMEDIATE transaction, re-checking inside it
// that no other process applied it meanwhile.
func (b *sqliteBackend) migrate(ctx context.Context) error {
	migrations, err := loadMigrations("sqlite")
	if err != nil {
		return err
	}
	if _, err := b.w.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
		version    INTEGER PRIMARY KEY,
		name       TEXT    NOT NULL,
		applied_at TEXT    NOT NULL) STRICT`); err != nil {
		return fmt.Errorf("create schema_migrations: %w", err)
	}
	for _, m := range migrations {
		err := b.inTx(ctx, func(tx execer) error {
			var n int
			if err := tx.queryRow(ctx, `SELECT COUNT(*) FROM schema_migrations WHERE version = $1`, m.Version).Scan(&n); err != nil {
				return err
			}
			if n > 0 {
				return nil
			}
			if _, err := tx.exec(ctx, m.SQL); err != nil {
				return err
			}
			_, err := tx.exec(ctx, `INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)`,
				m.Version, m.Name, now())
			return err
		})
		if err != nil {
			return fmt.Errorf("apply %s: %w", m.Name, err)
		}
	}
	return nil
}

// Extended SQLite result codes the store maps (sqlite3.h).
const (
	sqliteConstraintPrimaryKey = sqlite3.SQLITE_CONSTRAINT | 6<<8
	sqliteConstraintForeignKey = sqlite3.SQLITE_CONSTRAINT | 3<<8
	sqliteConstraintUnique     = sqlite3.SQLITE_CONSTRAINT | 8<<8
)

func (b *sqliteBackend) classify(err error) error { return classifySQLite(err) }

func classifySQLite(err error) error {
	if err == nil {
		return nil
	}
	if errors.Is(err, sql.ErrConnDone) {
		return fmt.Errorf("%w: %w", brandgen.ErrStoreUnavailable, err)
	}
	var se *sqlite.Error
	if !errors.As(err, &se) {
		return err
	}
	switch code := se.Code(); {
	case code == sqliteConstraintForeignKey: // the referenced account (or diagram) does not exist
		return fmt.Errorf("%w: %w", brandgen.ErrNotFound, err)
	case code == sqliteConstraintUnique, code == sqliteConstraintPrimaryKey:
		return fmt.Errorf("%w: %w", ErrConflict, err)
	case code&0xff == sqlite3.SQLITE_BUSY, code&0xff == sqlite3.SQLITE_LOCKED,
		code&0xff == sqlite3.SQLITE_CANTOPEN, code&0xff == sqlite3.SQLITE_IOERR:
		return fmt.Errorf("%w: %w", brandgen.ErrStoreUnavailable, err)
	}
	return err
}
