package visualtest

import (
	"testing"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/posts"
	"github.com/brandgen/brandgen/studio"
)

// spaceProbe measures every space inside the element at the selector: its advance over the font
// size of the hero number (em). A monospace face gives a space a whole digit's cell (~0.6em).
const spaceProbe = `((sel) => {
  const el = document.querySelector(sel);
  if (!el) return {found: false};
  const fs = parseFloat(getComputedStyle(el).fontSize);
  const out = [];
  const w = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let n = w.nextNode(); n; n = w.nextNode()) {
    for (let i = 0; i < n.data.length; i++) {
      if (!/\s/.test(n.data[i])) continue;
      const r = document.createRange();
      r.setStart(n, i); r.setEnd(n, i + 1);
      out.push(r.getBoundingClientRect().width / fs);
    }
  }
  return {found: true, em: out};
})`

// A space in a hero number ("4.9 ★", "10 x") is a word space of the display face in every style,
// not a digit cell of blueprint's mono face, which opened a gap of half the figure's height.
func TestHeroNumberSpaces(t *testing.T) {
	for _, tc := range []struct {
		pattern, sel string
		content      any
	}{
		{"stat", ".s-value", posts.StatContent{Value: "4.9 ★", Label: "average rating from 2,300 reviews"}},
		{"offer", ".o-discount", posts.OfferContent{Discount: "30 %", Headline: "Pro plan for a month"}},
	} {
		for _, style := range brandgen.Styles {
			look := brandgen.Look{Size: brandgen.SizePortrait, Theme: brandgen.ThemeLight, Style: style}
			var got struct {
				Found bool
				Em    []float64
			}
			raw := probe(t, studio.Job{Pattern: tc.pattern, Content: tc.content, Look: look}, spaceProbe+"("+jsString(tc.sel)+")", &got)
			if !got.Found || len(got.Em) == 0 {
				t.Fatalf("%s %s: no space in the hero number: %s", tc.pattern, style, raw)
			}
			for _, em := range got.Em {
				if em > 0.36 {
					t.Errorf("%s %s: a space in the hero number is %.2fem wide (want <= 0.36em, a word space)", tc.pattern, style, em)
				}
			}
		}
	}
}
