package visualtest

import (
	"testing"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/posts"
	"github.com/brandgen/brandgen/studio"
)

// testiMarkProbe measures editorial's serif quote mark on a testimonial: the ink of the glyph (canvas
// metrics from its baseline), the card's head rule, and how far the quote's text boxes run into
// the ink.
const testiMarkProbe = `(() => {
  const m = document.querySelector('.tm-serif'), c = document.querySelector('.tm-card');
  if (!m || !c) return {found: false};
  const cs = getComputedStyle(m), ctx = document.createElement('canvas').getContext('2d');
  ctx.font = cs.fontStyle + ' ' + cs.fontWeight + ' ' + cs.fontSize + ' ' + cs.fontFamily;
  const mt = ctx.measureText('\u201c'), fm = ctx.measureText('x');
  const rg = document.createRange(); rg.selectNodeContents(m); const tr = rg.getBoundingClientRect();
  const base = tr.top + (tr.height - (fm.fontBoundingBoxAscent + fm.fontBoundingBoxDescent)) / 2 + fm.fontBoundingBoxAscent;
  const ink = {top: base - mt.actualBoundingBoxAscent, bottom: base + mt.actualBoundingBoxDescent, left: tr.left, right: tr.right};
  let into = 0;
  const w = document.createTreeWalker(document.querySelector('.tm-quote'), NodeFilter.SHOW_TEXT);
  while (w.nextNode()) {
    const g = document.createRange(); g.selectNodeContents(w.currentNode);
    for (const b of g.getClientRects()) if (b.right > ink.left && b.left < ink.right && b.bottom > ink.top && b.top < ink.bottom) into = Math.max(into, ink.bottom - b.top);
  }
  return {found: true, rule: c.getBoundingClientRect().top, inkTop: ink.top, into};
})()`

// TestTestimonialMark renders every testimonial sample in every size in editorial: the serif quote
// mark hangs under the card's head rule (its ink rose 17 px over the rule in every size, issue 10)
// and the quote's lines keep clear of it (at most a line box's leading, 8 px).
func TestTestimonialMark(t *testing.T) {
	for _, s := range posts.Samples("testimonial") {
		t.Run(s.Name, func(t *testing.T) {
			t.Parallel()
			for _, size := range brandgen.Sizes {
				var p struct {
					Found              bool
					Rule, InkTop, Into float64
				}
				raw := probe(t, studio.Job{Pattern: "testimonial", Content: s.Content, Look: brandgen.Look{Size: size, Theme: brandgen.ThemeLight, Style: brandgen.StyleEditorial}}, testiMarkProbe, &p)
				if !p.Found {
					t.Fatalf("%s: no serif mark: %s", size, raw)
				}
				if p.InkTop < p.Rule+4 {
					t.Errorf("%s: the mark's ink starts at %.0f px, the head rule at %.0f px: it crosses the rule", size, p.InkTop, p.Rule)
				}
				if p.Into > 8 {
					t.Errorf("%s: the quote's text runs %.0f px into the mark", size, p.Into)
				}
			}
		})
	}
}
