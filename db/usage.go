package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/brandgen/brandgen"
)

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
