package studio

import (
	"context"
	"fmt"

	"github.com/brandgen/brandgen"
)

// BrandColors returns the colours of the account's saved brand (empty when none is saved).
func (s *Studio) BrandColors(ctx context.Context, accountID int64) (brandgen.Colors, error) {
	if s.store == nil || accountID == 0 {
		return brandgen.Colors{}, nil
	}
	b, ok, err := s.store.Brand(ctx, accountID)
	if err != nil {
		return brandgen.Colors{}, fmt.Errorf("load saved brand: %w", err)
	}
	if !ok || b.Colors == nil {
		return brandgen.Colors{}, nil
	}
	return *b.Colors, nil
}
