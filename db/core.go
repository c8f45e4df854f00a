package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/brandgen/brandgen"
)

// ErrConflict: a unique value (API key prefix, diagram id) is already taken. It is wrapped by
// CreateKey and CreateDiagram.
var ErrConflict = errors.New("already exists")

// execer runs statements on a pool or inside a transaction. Both backends speak the same SQL with
// $1-style placeholders; the few dialect differences are the backend's methods.
type execer interface {
	// exec runs a statement and returns the number of rows it changed.
	exec(ctx context.Context, q string, args ...any) (int64, error)
	// queryRow runs a query expected to return at most one row; Scan answers sql.ErrNoRows when
	// there is none.
	queryRow(ctx context.Context, q string, args ...any) rowScanner
	query(ctx context.Context, q string, args ...any) (rowsScanner, error)
}

type rowScanner interface {
	Scan(dest ...any) error
}

type rowsScanner interface {
	Next() bool
	Scan(dest ...any) error
	Err() error
	Close()
}

// backend is what differs between PostgreSQL and SQLite.
type backend interface {
	// reader runs queries that only read; writer runs single-statement writes.
	reader() execer
	writer() execer
	// inTx runs fn in one transaction, committed when fn returns nil.
	inTx(ctx context.Context, fn func(execer) error) error
	migrate(ctx context.Context) error
	ping(ctx context.Context) error
	close() error
	// classify wraps brandgen.ErrNotFound, brandgen.ErrStoreUnavailable or ErrConflict onto a driver
	// error when one applies, and returns other errors unchanged.
	classify(err error) error
	// greatest is the SQL name of the two-argument maximum: GREATEST or MAX.
	greatest() string
	// forUpdate is appended to a SELECT that must lock its row inside a transaction.
	forUpdate() string
}

// store implements Store over a backend.
type store struct {
	b backend
}

var _ Store = (*store)(nil)

// now is the timestamp the store writes: UTC, with the microsecond precision both databases keep.
func now() time.Time { return time.Now().UTC().Truncate(time.Microsecond) }

// fail wraps err with the operation and the sentinel its cause maps to.
func (s *store) fail(op string, err error) error {
	return fmt.Errorf("db: %s: %w", op, s.classifyErr(err))
}

func (s *store) classifyErr(err error) error {
	for _, known := range []error{brandgen.ErrNotFound, brandgen.ErrStoreUnavailable, ErrConflict,
		brandgen.ErrQuotaExceeded, brandgen.ErrInsufficientCredits} {
		if errors.Is(err, known) {
			return err
		}
	}
	if errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("%w: %w", brandgen.ErrNotFound, err)
	}
	if errors.Is(err, context.DeadlineExceeded) {
		return fmt.Errorf("%w: %w", brandgen.ErrStoreUnavailable, err)
	}
	return s.b.classify(err)
}

func notFound(what string) error { return fmt.Errorf("%s: %w", what, brandgen.ErrNotFound) }

func (s *store) Migrate(ctx context.Context) error {
	if err := s.b.migrate(ctx); err != nil {
		return s.fail("migrate", err)
	}
	return nil
}

func (s *store) Ping(ctx context.Context) error {
	if err := s.b.ping(ctx); err != nil {
		return s.fail("ping", err)
	}
	return nil
}

func (s *store) Close() error { return s.b.close() }
