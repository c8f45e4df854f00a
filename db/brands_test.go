package db

import (
	"reflect"
	"testing"

	"github.com/brandgen/brandgen"
)

// testBrands is the part of the store suite (testStore) on the brands table.
func testBrands(t *testing.T, open func(t *testing.T) Store) {
	t.Run("BrandRoundTrip", func(t *testing.T) {
		s := open(t)
		ctx := testCtx(t)
		a := newAccount(t, s, brandgen.PlanPro)
		if b, ok, err := s.Brand(ctx, a.ID); err != nil || ok || !b.IsZero() {
			t.Fatalf("Brand before any save = %+v, %v, %v", b, ok, err)
		}
		for _, want := range []brandgen.Brand{
			{Name: "Acme", Handle: "@acme", Logo: "data:image/png;base64,iVBORw0KGgo=", Tagline: "Ünïcødé “quotes” 日本",
				Colors: &brandgen.Colors{Primary: "#112233", Secondary: "#abc"}},
			{Name: "Only name"},
			{},
		} {
			must(t, s.SaveBrand(ctx, a.ID, want))
			got, ok, err := s.Brand(ctx, a.ID)
			must(t, err)
			if !ok || !reflect.DeepEqual(got, want) {
				t.Errorf("Brand = %+v (ok %v), want %+v", got, ok, want)
			}
		}
	})
}
