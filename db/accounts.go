package db

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/brandgen/brandgen"
)

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
