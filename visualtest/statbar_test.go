package visualtest

import (
	"testing"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/posts"
	"github.com/brandgen/brandgen/studio"
)

// statBarProbe measures flat's bar under a stat's figure: the bar's top and height and the figure's
// ink bottom over the bar (of each character above the bar: the baseline, its content box's bottom
// less the font's descent, plus its ink's descent, both from the canvas's metrics in its font).
const statBarProbe = `(() => {
  const num = document.querySelector('.p-stat .s-num'), bar = document.querySelector('.p-stat .s-dim');
  if (!num || !bar) return {};
  const cs = getComputedStyle(num), ctx = document.createElement('canvas').getContext('2d');
  ctx.font = [cs.fontStyle, cs.fontWeight, cs.fontSize, cs.fontFamily].join(' ');
  const b = bar.getBoundingClientRect();
  let bottom = 0;
  const w = document.createTreeWalker(num, NodeFilter.SHOW_TEXT);
  while (w.nextNode()) {
    const n = w.currentNode;
    for (let i = 0; i < n.data.length; i++) {
      const r = document.createRange();
      r.setStart(n, i); r.setEnd(n, i + 1);
      const m = ctx.measureText(n.data[i]);
      for (const c of r.getClientRects()) {
        if (c.right <= b.left || c.left >= b.right || !n.data[i].trim()) continue;
        bottom = Math.max(bottom, c.bottom - m.fontBoundingBoxDescent + m.actualBoundingBoxDescent);
      }
    }
  }
  return {inkBottom: bottom, barTop: b.top, barH: b.height};
})()`

// statBarClear is the least gap between a stat figure's ink and flat's bar under it, in bar heights
// (a full-size figure leaves 2.9 to 3.6).
const statBarClear = 2.75

// TestFlatStatBarClear renders every stat sample in flat in every size: the bar under the figure
// stands clear of the figure's ink (issue 10: a long figure shrank, its .06em gap with it, and left
// the bar 2.1 bar heights under the glyphs, tight).
func TestFlatStatBarClear(t *testing.T) {
	for _, s := range posts.Samples("stat") {
		t.Run(s.Name, func(t *testing.T) {
			t.Parallel()
			for _, size := range brandgen.Sizes {
				var p struct{ InkBottom, BarTop, BarH float64 }
				raw := probe(t, studio.Job{Pattern: "stat", Content: s.Content, Look: brandgen.Look{Size: size, Theme: brandgen.ThemeLight, Style: brandgen.StyleFlat}}, statBarProbe, &p)
				if p.BarH == 0 || p.InkBottom == 0 {
					t.Fatalf("%s: no bar or figure: %s", size, raw)
				}
				if gap := p.BarTop - p.InkBottom; gap < p.BarH*statBarClear {
					t.Errorf("%s: the bar (%.0f px high) stands %.1f px under the figure's ink, want %.2fx its height", size, p.BarH, gap, statBarClear)
				}
			}
		})
	}
}
