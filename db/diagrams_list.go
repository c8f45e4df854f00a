package db

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// ErrBadCursor: a list cursor that the store did not hand out (or that is damaged).
var ErrBadCursor = errors.New("invalid cursor")

// MaxListLimit caps one page of ListDiagrams.
const MaxListLimit = 100

// listCursor is the position after the last row of a page: its creation time and id, encoded
// opaquely (base64url of "<unix microseconds>.<id>").
func encodeCursor(created time.Time, id string) string {
	return base64.RawURLEncoding.EncodeToString([]byte(strconv.FormatInt(created.UnixMicro(), 10) + "." + id))
}

func decodeCursor(c string) (time.Time, string, error) {
	raw, err := base64.RawURLEncoding.DecodeString(c)
	if err != nil {
		return time.Time{}, "", ErrBadCursor
	}
	us, id, ok := strings.Cut(string(raw), ".")
	n, err := strconv.ParseInt(us, 10, 64)
	if !ok || err != nil || id == "" || n < 0 {
		return time.Time{}, "", ErrBadCursor
	}
	return time.UnixMicro(n).UTC(), id, nil
}

func (s *store) ListDiagrams(ctx context.Context, accountID int64, cursor string, limit int) ([]Diagram, string, error) {
	op := fmt.Sprintf("list diagrams of account %d", accountID)
	limit = min(max(limit, 1), MaxListLimit)
	q := `SELECT id, account_id, type, title, display, brand, created_at, updated_at
		FROM diagrams WHERE account_id = $1`
	args := []any{accountID}
	if cursor != "" {
		at, id, err := decodeCursor(cursor)
		if err != nil {
			return nil, "", fmt.Errorf("db: %s: %w", op, err)
		}
		q += ` AND (created_at < $2 OR (created_at = $2 AND id < $3))`
		args = append(args, at, id)
	}
	q += fmt.Sprintf(` ORDER BY created_at DESC, id DESC LIMIT %d`, limit+1)
	rows, err := s.b.reader().query(ctx, q, args...)
	if err != nil {
		return nil, "", s.fail(op, err)
	}
	defer rows.Close()
	var list []Diagram
	for rows.Next() {
		var d Diagram
		var display, brand []byte
		if err := rows.Scan(&d.ID, &d.AccountID, &d.Type, &d.Title, &display, &brand, &d.CreatedAt, &d.UpdatedAt); err != nil {
			return nil, "", s.fail(op, err)
		}
		d.Display = json.RawMessage(display)
		d.CreatedAt, d.UpdatedAt = d.CreatedAt.UTC(), d.UpdatedAt.UTC()
		if d.Brand, err = decodeBrand(brand); err != nil {
			return nil, "", fmt.Errorf("db: %s: %w", op, err)
		}
		list = append(list, d)
	}
	if err := rows.Err(); err != nil {
		return nil, "", s.fail(op, err)
	}
	next := ""
	if len(list) > limit {
		list = list[:limit]
		last := list[limit-1]
		next = encodeCursor(last.CreatedAt, last.ID)
	}
	return list, next, nil
}
