package patterns

import (
	"github.com/brandgen/brandgen/slides"
	invopop "github.com/invopop/jsonschema"
)

// KindSlide is the kind of the carousel slide patterns ("slide-cover", "slide-point", ...).
const KindSlide Kind = "slide"

// slideDefinitions registers one pattern per slide kind (package slides), id "slide-<kind>".
func slideDefinitions() []Definition {
	defs := make([]Definition, 0, len(slides.Kinds))
	for _, k := range slides.Kinds {
		t := slides.Titles[k]
		d := Definition{ID: slides.PatternID(k), Title: t[0], Description: t[1], Kind: KindSlide,
			Content: slides.Types[k], Check: slides.Check}
		if k == slides.List {
			d.Adjust = adjustListSlide
		}
		defs = append(defs, d)
	}
	return defs
}

// adjustListSlide states the cap on each line of a list slide in the schema.
func adjustListSlide(s *invopop.Schema) {
	items, ok := s.Properties.Get("items")
	if !ok || items.Items == nil {
		return
	}
	lo, hi := uint64(1), uint64(slides.ItemMaxRunes)
	items.Items.MinLength, items.Items.MaxLength = &lo, &hi
}

// Slides lists the slide kinds' patterns, in slides.Kinds order.
func (c *Catalog) Slides() []*Pattern {
	var out []*Pattern
	for _, p := range c.list {
		if p.Kind == KindSlide {
			out = append(out, p)
		}
	}
	return out
}
