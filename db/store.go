// Package db stores accounts, API keys, saved brands, usage counters and diagrams, in PostgreSQL
// (pgx/v5) when a DATABASE_URL is given and in an embedded SQLite file otherwise. Both backends
// implement Store with the same behaviour and apply their embedded migrations with Migrate.
package db

import (
	"context"
	"encoding/json"
	"time"

	"github.com/brandgen/brandgen"
)

// Store is the persistence the service needs. Every method wraps brandgen.ErrNotFound when the thing
// asked for does not exist, and brandgen.ErrStoreUnavailable when the database cannot be reached.
type Store interface {
	// Migrate applies pending embedded migrations; it is safe to call on every start and concurrently
	// from several processes.
	Migrate(ctx context.Context) error
	// Ping checks the database answers.
	Ping(ctx context.Context) error
	Close() error

	// EnsureAccount returns the account called name, creating it with plan (status active, the
	// default free logos) when missing. An existing account's plan is set to plan when plan != "".
	EnsureAccount(ctx context.Context, name string, plan brandgen.Plan) (brandgen.Account, error)
	AccountByName(ctx context.Context, name string) (brandgen.Account, error)
	Account(ctx context.Context, id int64) (brandgen.Account, error)
	SetPlanStatus(ctx context.Context, accountID int64, status brandgen.PlanStatus) error
	UpdateSettings(ctx context.Context, accountID int64, s brandgen.Settings) error

	// AddLogoCredits adds n (may be negative, never below zero) and returns the account.
	AddLogoCredits(ctx context.Context, accountID int64, n int) (brandgen.Account, error)
	// SpendLogo atomically takes one free logo if any is left, else price credits; it returns which
	// balance it took from (pass usedFree to RefundLogo) and the balances after, or
	// brandgen.ErrInsufficientCredits (nothing changed).
	SpendLogo(ctx context.Context, accountID int64, price int) (usedFree bool, freeLeft, credits int, err error)
	// RefundLogo undoes one SpendLogo (usedFree says which balance it took from).
	RefundLogo(ctx context.Context, accountID int64, usedFree bool, price int) error

	// CreateKey stores a key's prefix and SHA-256 hash. Prefixes are unique.
	CreateKey(ctx context.Context, accountID int64, prefix string, hash []byte) (brandgen.APIKey, error)
	// KeyByPrefix returns an active (not revoked) key with its account.
	KeyByPrefix(ctx context.Context, prefix string) (brandgen.APIKey, brandgen.Account, error)
	ListKeys(ctx context.Context, accountID int64) ([]brandgen.APIKey, error)
	// RevokeKey marks the key revoked; revoking twice is not an error; unknown prefix is ErrNotFound.
	RevokeKey(ctx context.Context, prefix string) error

	// SaveBrand replaces the account's saved brand profile.
	SaveBrand(ctx context.Context, accountID int64, b brandgen.Brand) error
	// Brand returns the saved profile; ok is false when none was ever saved.
	Brand(ctx context.Context, accountID int64) (b brandgen.Brand, ok bool, err error)

	// AddUsage atomically adds n to the account's counter for period when the result stays within
	// limit, and returns the new count; otherwise it changes nothing and returns
	// brandgen.ErrQuotaExceeded with the current count. Negative n refunds (never below zero).
	AddUsage(ctx context.Context, accountID int64, period string, n, limit int) (used int, err error)
	Usage(ctx context.Context, accountID int64, period string) (int, error)

	// CreateDiagram stores a new diagram and its first revision.
	CreateDiagram(ctx context.Context, d Diagram, note string) error
	// Diagram returns the account's diagram; another account's diagram is ErrNotFound.
	Diagram(ctx context.Context, accountID int64, id string) (Diagram, error)
	// UpdateDiagram replaces the diagram's current state and appends a revision, in one transaction.
	UpdateDiagram(ctx context.Context, d Diagram, note string) error
	DeleteDiagram(ctx context.Context, accountID int64, id string) error
	// Revisions returns the diagram's history, oldest first (never exposed over the API).
	Revisions(ctx context.Context, accountID int64, id string) ([]Revision, error)
	// ListDiagrams returns up to limit of the account's diagrams, newest first (by creation, then
	// id), starting after cursor ("" for the first page), without their Model; next is the cursor
	// of the following page, "" after the last. A cursor that is not one of next's values wraps
	// ErrBadCursor.
	ListDiagrams(ctx context.Context, accountID int64, cursor string, limit int) (list []Diagram, next string, err error)
}

// Diagram is a stored diagram: its model (source) and display settings are opaque JSON owned by the
// diagrams package. They come back equal as JSON, not byte for byte (Postgres normalises jsonb:
// whitespace and key order change); empty means JSON null.
type Diagram struct {
	ID        string
	AccountID int64
	Type      string
	Title     string
	Model     json.RawMessage // the diagram's structure; never returned over the API
	Display   json.RawMessage // theme, size, nodeStyle, transparent, colors, branded
	Brand     *brandgen.Brand // per-request brand saved on the diagram
	CreatedAt time.Time
	UpdatedAt time.Time
}

// Revision is one entry of a diagram's history.
type Revision struct {
	N         int
	Title     string
	Model     json.RawMessage
	Display   json.RawMessage
	Brand     *brandgen.Brand
	Note      string
	CreatedAt time.Time
}
