package visualtest

import (
	"fmt"
	"testing"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/studio"
)

// cardPadProbe measures glass's content card (the first .card): its content box (inside its
// border and padding) and the extent of everything in it (a range over its contents: the text
// and the boxes of its elements).
const cardPadProbe = `(() => {
  const c = document.querySelector('main.content .card');
  if (!c) return null;
  const cs = getComputedStyle(c), b = c.getBoundingClientRect(), p = (k) => parseFloat(cs[k]) || 0;
  const r = document.createRange();
  r.selectNodeContents(c);
  const t = r.getBoundingClientRect();
  return {inner: {t: b.top + p('borderTopWidth') + p('paddingTop'), b: b.bottom - p('borderBottomWidth') - p('paddingBottom')}, content: {t: t.top, b: t.bottom}};
})()`

type cardPad struct {
	Inner   struct{ T, B float64 } `json:"inner"`
	Content struct{ T, B float64 } `json:"content"`
}

// outOfPadding returns how the card's content stands in its padding (by more than tol px).
func outOfPadding(c cardPad, tol float64) []string {
	var bad []string
	if d := c.Inner.T - c.Content.T; d > tol {
		bad = append(bad, fmt.Sprintf("content stands %.0f px into the card's top padding", d))
	}
	if d := c.Content.B - c.Inner.B; d > tol {
		bad = append(bad, fmt.Sprintf("content stands %.0f px into the card's bottom padding", d))
	}
	return bad
}

func TestOutOfPadding(t *testing.T) {
	mk := func(it, ib, ct, cb float64) cardPad {
		var c cardPad
		c.Inner.T, c.Inner.B, c.Content.T, c.Content.B = it, ib, ct, cb
		return c
	}
	for _, tc := range []struct {
		name string
		c    cardPad
		want int
	}{
		{"inside", mk(100, 900, 100, 880), 0},
		{"kicker on the card's edge", mk(100, 900, 40, 880), 1},
		{"title in the bottom padding", mk(100, 900, 100, 960), 1},
		{"descender overhang", mk(100, 900, 100, 910), 0},
	} {
		if got := outOfPadding(tc.c, 12); len(got) != tc.want {
			t.Errorf("%s: %q, want %d", tc.name, got, tc.want)
		}
	}
}

// TestGlassCardHoldsContent: glass sets a display post on a frosted card; its content stays inside
// the card's padding in every size (announcement landscape grew a long title 60 px into the bottom
// padding and set the kicker on the card's top edge: the grid's rows overflowed into the padding,
// which the fit's box check did not see).
func TestGlassCardHoldsContent(t *testing.T) {
	for _, pattern := range []string{"announcement", "cover"} {
		for _, sample := range []string{"long", "emoji", "cjk"} {
			content := sampleContent(t, pattern, sample)
			t.Run(pattern+"/"+sample, func(t *testing.T) {
				t.Parallel()
				for _, size := range brandgen.Sizes {
					look := brandgen.Look{Size: size, Theme: brandgen.ThemeLight, Style: brandgen.StyleGlass}
					var got *cardPad
					probe(t, studio.Job{Pattern: pattern, Content: content, Look: look}, cardPadProbe, &got)
					if got == nil {
						t.Fatalf("%s: no glass card", size)
					}
					for _, b := range outOfPadding(*got, 12) { // fit.js allows glyphs 12 px (or 1/4 em) of overhang
						t.Errorf("%s: %s", size, b)
					}
				}
			})
		}
	}
}
