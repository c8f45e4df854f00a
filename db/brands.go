package db

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/brandgen/brandgen"
)

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
