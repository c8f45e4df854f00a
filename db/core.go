package db

import (
	"context"
	"database/sql"
	"encoding/json"
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

// ---- accounts ----

const accountCols = `id, name, plan, plan_status, logo_credits, free_logos_left, settings, created_at`
const accountColsA = `a.id, a.name, a.plan, a.plan_status, a.logo_credits, a.free_logos_left, a.settings, a.created_at`

// accountRow receives the accountCols of one row.
type accountRow struct {
	a        brandgen.Account
	plan     string
	status   string
	settings []byte
}

func (r *accountRow) dest() []any {
	return []any{&r.a.ID, &r.a.Name, &r.plan, &r.status, &r.a.LogoCredits, &r.a.FreeLogos, &r.settings, &r.a.CreatedAt}
}

func (r *accountRow) account() (brandgen.Account, error) {
	a := r.a
	a.Plan = brandgen.Plan(r.plan)
	a.PlanStatus = brandgen.PlanStatus(r.status)
	a.CreatedAt = a.CreatedAt.UTC()
	if len(r.settings) > 0 {
		if err := json.Unmarshal(r.settings, &a.Settings); err != nil {
			return brandgen.Account{}, fmt.Errorf("decode settings of account %d: %w", a.ID, err)
		}
	}
	return a, nil
}

func scanAccount(row rowScanner) (brandgen.Account, error) {
	var r accountRow
	if err := row.Scan(r.dest()...); err != nil {
		return brandgen.Account{}, err
	}
	return r.account()
}

func (s *store) EnsureAccount(ctx context.Context, name string, plan brandgen.Plan) (brandgen.Account, error) {
	var issues []brandgen.Issue
	if name == "" {
		issues = append(issues, brandgen.Issue{Field: "name", Message: "is required"})
	}
	if plan != "" && !plan.Valid() {
		issues = append(issues, brandgen.Issue{Field: "plan", Message: "must be one of " + brandgen.Enum(brandgen.Plans)})
	}
	if err := brandgen.Invalid(issues); err != nil {
		return brandgen.Account{}, fmt.Errorf("db: ensure account %q: %w", name, err)
	}
	createPlan := plan
	if createPlan == "" {
		createPlan = brandgen.PlanFree
	}
	a, err := scanAccount(s.b.writer().queryRow(ctx, `
		INSERT INTO accounts (name, plan, plan_status, logo_credits, free_logos_left, settings, created_at)
		VALUES ($1, $2, $3, 0, $4, '{}', $5)
		ON CONFLICT (name) DO UPDATE SET plan = CASE WHEN $6 = '' THEN accounts.plan ELSE $6 END
		RETURNING `+accountCols,
		name, string(createPlan), string(brandgen.PlanActive), brandgen.FreeLogosPerAccount, now(), string(plan)))
	if err != nil {
		return brandgen.Account{}, s.fail(fmt.Sprintf("ensure account %q", name), err)
	}
	return a, nil
}

func (s *store) AccountByName(ctx context.Context, name string) (brandgen.Account, error) {
	a, err := scanAccount(s.b.reader().queryRow(ctx, `SELECT `+accountCols+` FROM accounts WHERE name = $1`, name))
	if err != nil {
		return brandgen.Account{}, s.fail(fmt.Sprintf("account %q", name), err)
	}
	return a, nil
}

func (s *store) Account(ctx context.Context, id int64) (brandgen.Account, error) {
	a, err := scanAccount(s.b.reader().queryRow(ctx, `SELECT `+accountCols+` FROM accounts WHERE id = $1`, id))
	if err != nil {
		return brandgen.Account{}, s.fail(fmt.Sprintf("account %d", id), err)
	}
	return a, nil
}

// updateAccount runs an UPDATE of one account and reports ErrNotFound when it matched nothing.
func (s *store) updateAccount(ctx context.Context, op string, accountID int64, q string, args ...any) error {
	n, err := s.b.writer().exec(ctx, q, args...)
	if err != nil {
		return s.fail(op, err)
	}
	if n == 0 {
		return s.fail(op, notFound(fmt.Sprintf("account %d", accountID)))
	}
	return nil
}

func (s *store) SetPlanStatus(ctx context.Context, accountID int64, status brandgen.PlanStatus) error {
	op := fmt.Sprintf("set plan status of account %d", accountID)
	if status != brandgen.PlanActive && status != brandgen.PlanInactive {
		return fmt.Errorf("db: %s: %w", op, brandgen.Invalid([]brandgen.Issue{{Field: "planStatus",
			Message: fmt.Sprintf("must be one of %s, %s", brandgen.PlanActive, brandgen.PlanInactive)}}))
	}
	return s.updateAccount(ctx, op, accountID,
		`UPDATE accounts SET plan_status = $2 WHERE id = $1`, accountID, string(status))
}

func (s *store) UpdateSettings(ctx context.Context, accountID int64, settings brandgen.Settings) error {
	op := fmt.Sprintf("update settings of account %d", accountID)
	js, err := json.Marshal(settings)
	if err != nil {
		return fmt.Errorf("db: %s: %w", op, err)
	}
	return s.updateAccount(ctx, op, accountID,
		`UPDATE accounts SET settings = $2 WHERE id = $1`, accountID, string(js))
}

// ---- logo credits ----

func (s *store) AddLogoCredits(ctx context.Context, accountID int64, n int) (brandgen.Account, error) {
	a, err := scanAccount(s.b.writer().queryRow(ctx,
		`UPDATE accounts SET logo_credits = `+s.b.greatest()+`(logo_credits + $2, 0) WHERE id = $1 RETURNING `+accountCols,
		accountID, n))
	if err != nil {
		return brandgen.Account{}, s.fail(fmt.Sprintf("add %d logo credits to account %d", n, accountID), err)
	}
	return a, nil
}

func (s *store) SpendLogo(ctx context.Context, accountID int64, price int) (usedFree bool, freeLeft, credits int, err error) {
	op := fmt.Sprintf("spend logo of account %d", accountID)
	if price < 0 {
		return false, 0, 0, fmt.Errorf("db: %s: negative price %d", op, price)
	}
	err = s.b.inTx(ctx, func(tx execer) error {
		if err := tx.queryRow(ctx, `SELECT free_logos_left, logo_credits FROM accounts WHERE id = $1`+s.b.forUpdate(),
			accountID).Scan(&freeLeft, &credits); err != nil {
			return err
		}
		switch {
		case freeLeft > 0:
			usedFree = true
			freeLeft--
		case credits >= price:
			credits -= price
		default:
			return fmt.Errorf("%d credits left, %d needed: %w", credits, price, brandgen.ErrInsufficientCredits)
		}
		_, err := tx.exec(ctx, `UPDATE accounts SET free_logos_left = $2, logo_credits = $3 WHERE id = $1`,
			accountID, freeLeft, credits)
		return err
	})
	if err != nil {
		return false, 0, 0, s.fail(op, err)
	}
	return usedFree, freeLeft, credits, nil
}

func (s *store) RefundLogo(ctx context.Context, accountID int64, usedFree bool, price int) error {
	op := fmt.Sprintf("refund logo of account %d", accountID)
	if price < 0 {
		return fmt.Errorf("db: %s: negative price %d", op, price)
	}
	free, credits := 0, price
	if usedFree {
		free, credits = 1, 0
	}
	return s.updateAccount(ctx, op, accountID,
		`UPDATE accounts SET free_logos_left = free_logos_left + $2, logo_credits = logo_credits + $3 WHERE id = $1`,
		accountID, free, credits)
}

// ---- API keys ----

const keyCols = `k.id, k.account_id, k.prefix, k.hash, k.created_at, k.revoked_at`

func keyDest(k *brandgen.APIKey) []any {
	return []any{&k.ID, &k.AccountID, &k.Prefix, &k.Hash, &k.CreatedAt, &k.RevokedAt}
}

func normKey(k *brandgen.APIKey) {
	k.CreatedAt = k.CreatedAt.UTC()
	if k.RevokedAt != nil {
		t := k.RevokedAt.UTC()
		k.RevokedAt = &t
	}
}

func (s *store) CreateKey(ctx context.Context, accountID int64, prefix string, hash []byte) (brandgen.APIKey, error) {
	op := fmt.Sprintf("create key %q for account %d", prefix, accountID)
	if prefix == "" || len(hash) == 0 {
		return brandgen.APIKey{}, fmt.Errorf("db: %s: prefix and hash are required", op)
	}
	k := brandgen.APIKey{AccountID: accountID, Prefix: prefix, Hash: append([]byte(nil), hash...), CreatedAt: now()}
	err := s.b.writer().queryRow(ctx,
		`INSERT INTO api_keys (account_id, prefix, hash, created_at) VALUES ($1, $2, $3, $4) RETURNING id`,
		accountID, prefix, k.Hash, k.CreatedAt).Scan(&k.ID)
	if err != nil {
		return brandgen.APIKey{}, s.fail(op, err)
	}
	return k, nil
}

func (s *store) KeyByPrefix(ctx context.Context, prefix string) (brandgen.APIKey, brandgen.Account, error) {
	var k brandgen.APIKey
	var r accountRow
	err := s.b.reader().queryRow(ctx, `
		SELECT `+keyCols+`, `+accountColsA+`
		FROM api_keys k JOIN accounts a ON a.id = k.account_id
		WHERE k.prefix = $1 AND k.revoked_at IS NULL`, prefix).Scan(append(keyDest(&k), r.dest()...)...)
	if err != nil {
		return brandgen.APIKey{}, brandgen.Account{}, s.fail(fmt.Sprintf("key %q", prefix), err)
	}
	normKey(&k)
	a, err := r.account()
	if err != nil {
		return brandgen.APIKey{}, brandgen.Account{}, fmt.Errorf("db: key %q: %w", prefix, err)
	}
	return k, a, nil
}

func (s *store) ListKeys(ctx context.Context, accountID int64) ([]brandgen.APIKey, error) {
	op := fmt.Sprintf("list keys of account %d", accountID)
	rows, err := s.b.reader().query(ctx, `SELECT `+keyCols+` FROM api_keys k WHERE k.account_id = $1 ORDER BY k.id`, accountID)
	if err != nil {
		return nil, s.fail(op, err)
	}
	defer rows.Close()
	keys := []brandgen.APIKey{}
	for rows.Next() {
		var k brandgen.APIKey
		if err := rows.Scan(keyDest(&k)...); err != nil {
			return nil, s.fail(op, err)
		}
		normKey(&k)
		keys = append(keys, k)
	}
	if err := rows.Err(); err != nil {
		return nil, s.fail(op, err)
	}
	rows.Close()
	if len(keys) == 0 {
		if err := s.accountExists(ctx, s.b.reader(), accountID); err != nil {
			return nil, s.fail(op, err)
		}
	}
	return keys, nil
}

func (s *store) accountExists(ctx context.Context, ex execer, accountID int64) error {
	var one int
	if err := ex.queryRow(ctx, `SELECT 1 FROM accounts WHERE id = $1`, accountID).Scan(&one); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return notFound(fmt.Sprintf("account %d", accountID))
		}
		return err
	}
	return nil
}

func (s *store) RevokeKey(ctx context.Context, prefix string) error {
	op := fmt.Sprintf("revoke key %q", prefix)
	n, err := s.b.writer().exec(ctx, `UPDATE api_keys SET revoked_at = COALESCE(revoked_at, $2) WHERE prefix = $1`, prefix, now())
	if err != nil {
		return s.fail(op, err)
	}
	if n == 0 {
		return s.fail(op, notFound(fmt.Sprintf("key %q", prefix)))
	}
	return nil
}

// ---- brand ----

func (s *store) SaveBrand(ctx context.Context, accountID int64, b brandgen.Brand) error {
	op := fmt.Sprintf("save brand of account %d", accountID)
	js, err := json.Marshal(b)
	if err != nil {
		return fmt.Errorf("db: %s: %w", op, err)
	}
	_, err = s.b.writer().exec(ctx, `
		INSERT INTO brands (account_id, brand, updated_at) VALUES ($1, $2, $3)
		ON CONFLICT (account_id) DO UPDATE SET brand = excluded.brand, updated_at = excluded.updated_at`,
		accountID, string(js), now())
	if err != nil {
		return s.fail(op, err)
	}
	return nil
}

func (s *store) Brand(ctx context.Context, accountID int64) (brandgen.Brand, bool, error) {
	op := fmt.Sprintf("brand of account %d", accountID)
	var js []byte
	err := s.b.reader().queryRow(ctx,
		`SELECT b.brand FROM accounts a LEFT JOIN brands b ON b.account_id = a.id WHERE a.id = $1`, accountID).Scan(&js)
	if err != nil {
		return brandgen.Brand{}, false, s.fail(op, err)
	}
	if js == nil {
		return brandgen.Brand{}, false, nil
	}
	var b brandgen.Brand
	if err := json.Unmarshal(js, &b); err != nil {
		return brandgen.Brand{}, false, fmt.Errorf("db: %s: decode: %w", op, err)
	}
	return b, true, nil
}

// ---- usage ----

func (s *store) AddUsage(ctx context.Context, accountID int64, period string, n, limit int) (int, error) {
	op := fmt.Sprintf("add %d to usage of account %d in %s", n, accountID, period)
	switch {
	case n == 0:
		return s.Usage(ctx, accountID, period)
	case n < 0:
		var used int
		err := s.b.writer().queryRow(ctx, `
			UPDATE usage_counters SET used = `+s.b.greatest()+`(used + $3, 0)
			WHERE account_id = $1 AND period = $2 RETURNING used`, accountID, period, n).Scan(&used)
		if errors.Is(err, sql.ErrNoRows) {
			return s.Usage(ctx, accountID, period) // nothing counted yet: 0, or the account is unknown
		}
		if err != nil {
			return 0, s.fail(op, err)
		}
		return used, nil
	case n > limit:
		return s.quotaExceeded(ctx, op, accountID, period)
	}
	// One conditional upsert: the insert only happens when n <= limit (checked above), and the
	// update only when the sum stays within limit. Postgres locks the conflicting row and
	// re-evaluates the WHERE on its latest version; SQLite serialises writers. Concurrent callers
	// therefore never push the counter over limit.
	var used int
	err := s.b.writer().queryRow(ctx, `
		INSERT INTO usage_counters (account_id, period, used) VALUES ($1, $2, $3)
		ON CONFLICT (account_id, period) DO UPDATE SET used = usage_counters.used + excluded.used
		WHERE usage_counters.used + excluded.used <= $4
		RETURNING used`, accountID, period, n, limit).Scan(&used)
	if errors.Is(err, sql.ErrNoRows) {
		return s.quotaExceeded(ctx, op, accountID, period)
	}
	if err != nil {
		return 0, s.fail(op, err)
	}
	return used, nil
}

func (s *store) quotaExceeded(ctx context.Context, op string, accountID int64, period string) (int, error) {
	used, err := s.Usage(ctx, accountID, period)
	if err != nil {
		return 0, err
	}
	return used, fmt.Errorf("db: %s: %d used: %w", op, used, brandgen.ErrQuotaExceeded)
}

func (s *store) Usage(ctx context.Context, accountID int64, period string) (int, error) {
	var used int
	err := s.b.reader().queryRow(ctx, `
		SELECT COALESCE(u.used, 0) FROM accounts a
		LEFT JOIN usage_counters u ON u.account_id = a.id AND u.period = $2
		WHERE a.id = $1`, accountID, period).Scan(&used)
	if err != nil {
		return 0, s.fail(fmt.Sprintf("usage of account %d in %s", accountID, period), err)
	}
	return used, nil
}

// ---- diagrams ----

// diagramJSON holds a diagram's JSON columns ready to bind.
type diagramJSON struct {
	model, display string
	brand          any // nil or the brand's JSON text
}

func encodeDiagram(d Diagram) (diagramJSON, error) {
	var out diagramJSON
	var err error
	if out.model, err = rawJSON("model", d.Model); err != nil {
		return out, err
	}
	if out.display, err = rawJSON("display", d.Display); err != nil {
		return out, err
	}
	if out.brand, err = encodeBrand(d.Brand); err != nil {
		return out, err
	}
	return out, nil
}

// rawJSON checks opaque JSON; empty means JSON null.
func rawJSON(field string, m json.RawMessage) (string, error) {
	if len(m) == 0 {
		return "null", nil
	}
	if !json.Valid(m) {
		return "", fmt.Errorf("%s is not valid JSON", field)
	}
	return string(m), nil
}

func encodeBrand(b *brandgen.Brand) (any, error) {
	if b == nil {
		return nil, nil
	}
	js, err := json.Marshal(b)
	if err != nil {
		return nil, fmt.Errorf("encode brand: %w", err)
	}
	return string(js), nil
}

func decodeBrand(js []byte) (*brandgen.Brand, error) {
	if js == nil || string(js) == "null" {
		return nil, nil
	}
	var b brandgen.Brand
	if err := json.Unmarshal(js, &b); err != nil {
		return nil, fmt.Errorf("decode brand: %w", err)
	}
	return &b, nil
}

func (s *store) CreateDiagram(ctx context.Context, d Diagram, note string) error {
	op := fmt.Sprintf("create diagram %q", d.ID)
	if d.ID == "" {
		return fmt.Errorf("db: %s: id is required", op)
	}
	js, err := encodeDiagram(d)
	if err != nil {
		return fmt.Errorf("db: %s: %w", op, err)
	}
	created := d.CreatedAt.UTC().Truncate(time.Microsecond)
	if d.CreatedAt.IsZero() {
		created = now()
	}
	updated := d.UpdatedAt.UTC().Truncate(time.Microsecond)
	if d.UpdatedAt.IsZero() {
		updated = created
	}
	err = s.b.inTx(ctx, func(tx execer) error {
		if _, err := tx.exec(ctx, `
			INSERT INTO diagrams (id, account_id, type, title, model, display, brand, created_at, updated_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
			d.ID, d.AccountID, d.Type, d.Title, js.model, js.display, js.brand, created, updated); err != nil {
			return err
		}
		_, err := tx.exec(ctx, `
			INSERT INTO diagram_revisions (diagram_id, n, title, model, display, brand, note, created_at)
			VALUES ($1, 1, $2, $3, $4, $5, $6, $7)`,
			d.ID, d.Title, js.model, js.display, js.brand, note, updated)
		return err
	})
	if err != nil {
		return s.fail(op, err)
	}
	return nil
}

func (s *store) Diagram(ctx context.Context, accountID int64, id string) (Diagram, error) {
	op := fmt.Sprintf("diagram %q of account %d", id, accountID)
	var d Diagram
	var model, display, brand []byte
	err := s.b.reader().queryRow(ctx, `
		SELECT id, account_id, type, title, model, display, brand, created_at, updated_at
		FROM diagrams WHERE id = $1 AND account_id = $2`, id, accountID).
		Scan(&d.ID, &d.AccountID, &d.Type, &d.Title, &model, &display, &brand, &d.CreatedAt, &d.UpdatedAt)
	if err != nil {
		return Diagram{}, s.fail(op, err)
	}
	d.Model, d.Display = json.RawMessage(model), json.RawMessage(display)
	d.CreatedAt, d.UpdatedAt = d.CreatedAt.UTC(), d.UpdatedAt.UTC()
	if d.Brand, err = decodeBrand(brand); err != nil {
		return Diagram{}, fmt.Errorf("db: %s: %w", op, err)
	}
	return d, nil
}

func (s *store) UpdateDiagram(ctx context.Context, d Diagram, note string) error {
	op := fmt.Sprintf("update diagram %q of account %d", d.ID, d.AccountID)
	js, err := encodeDiagram(d)
	if err != nil {
		return fmt.Errorf("db: %s: %w", op, err)
	}
	updated := now()
	err = s.b.inTx(ctx, func(tx execer) error {
		// The UPDATE locks the diagram's row until commit, so concurrent updates of one diagram
		// number their revisions one after the other.
		n, err := tx.exec(ctx, `
			UPDATE diagrams SET type = $3, title = $4, model = $5, display = $6, brand = $7, updated_at = $8
			WHERE id = $1 AND account_id = $2`,
			d.ID, d.AccountID, d.Type, d.Title, js.model, js.display, js.brand, updated)
		if err != nil {
			return err
		}
		if n == 0 {
			return notFound(fmt.Sprintf("diagram %q", d.ID))
		}
		var next int
		if err := tx.queryRow(ctx, `SELECT COALESCE(MAX(n), 0) + 1 FROM diagram_revisions WHERE diagram_id = $1`,
			d.ID).Scan(&next); err != nil {
			return err
		}
		_, err = tx.exec(ctx, `
			INSERT INTO diagram_revisions (diagram_id, n, title, model, display, brand, note, created_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
			d.ID, next, d.Title, js.model, js.display, js.brand, note, updated)
		return err
	})
	if err != nil {
		return s.fail(op, err)
	}
	return nil
}

func (s *store) DeleteDiagram(ctx context.Context, accountID int64, id string) error {
	op := fmt.Sprintf("delete diagram %q of account %d", id, accountID)
	n, err := s.b.writer().exec(ctx, `DELETE FROM diagrams WHERE id = $1 AND account_id = $2`, id, accountID)
	if err != nil {
		return s.fail(op, err)
	}
	if n == 0 {
		return s.fail(op, notFound(fmt.Sprintf("diagram %q", id)))
	}
	return nil
}

func (s *store) Revisions(ctx context.Context, accountID int64, id string) ([]Revision, error) {
	op := fmt.Sprintf("revisions of diagram %q of account %d", id, accountID)
	rows, err := s.b.reader().query(ctx, `
		SELECT r.n, r.title, r.model, r.display, r.brand, r.note, r.created_at
		FROM diagram_revisions r JOIN diagrams d ON d.id = r.diagram_id
		WHERE d.id = $1 AND d.account_id = $2
		ORDER BY r.n`, id, accountID)
	if err != nil {
		return nil, s.fail(op, err)
	}
	defer rows.Close()
	var revs []Revision
	for rows.Next() {
		var r Revision
		var model, display, brand []byte
		if err := rows.Scan(&r.N, &r.Title, &model, &display, &brand, &r.Note, &r.CreatedAt); err != nil {
			return nil, s.fail(op, err)
		}
		r.Model, r.Display = json.RawMessage(model), json.RawMessage(display)
		r.CreatedAt = r.CreatedAt.UTC()
		if r.Brand, err = decodeBrand(brand); err != nil {
			return nil, fmt.Errorf("db: %s: %w", op, err)
		}
		revs = append(revs, r)
	}
	if err := rows.Err(); err != nil {
		return nil, s.fail(op, err)
	}
	if len(revs) == 0 {
		return nil, s.fail(op, notFound(fmt.Sprintf("diagram %q", id)))
	}
	return revs, nil
}
