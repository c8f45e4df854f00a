package db

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/brandgen/brandgen"
)

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
