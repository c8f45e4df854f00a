package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/brandgen/brandgen"
)

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
