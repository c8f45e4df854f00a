package visualtest

import (
	"testing"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/studio"
)

// bandProbe(sel, shapes) measures the largest horizontal band of the element sel (main.content, a
// slide's .sl-body) that holds nothing drawn, over its height: its HTML text, an illustration's
// disc (.il-art) and every text of its SVG drawings counted one by one (typeProbe counts an SVG as
// one box, so it cannot see a band inside a plot); with shapes, also every shape of the SVGs (a
// donut's ring, bars), not the SVG's box nor a background. It returns {gap, span, n, title}: the
// band and the drawn extent as shares of the height, the boxes counted, and the font size of the
// first .s-title inside sel (0 without one).
const bandProbe = `((sel, shapes) => {
  const root = document.querySelector(sel);
  const m = root.getBoundingClientRect();
  const boxes = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const n = walker.currentNode, el = n.parentElement;
    if (!n.textContent.trim() || el.closest('svg,style,script')) continue;
    const cs = getComputedStyle(el);
    if (cs.visibility === 'hidden' || parseFloat(cs.opacity) === 0) continue;
    const r = document.createRange();
    r.selectNodeContents(n);
    for (const b of r.getClientRects()) if (b.width > 0 && b.height > 0) boxes.push(b);
  }
  root.querySelectorAll('.il-art').forEach((el) => boxes.push(el.getBoundingClientRect()));
  const skip = shapes ? 'defs,pattern,clipPath,mask,filter,marker' : 'defs,[aria-hidden="true"],.decor';
  root.querySelectorAll('svg').forEach((svg) => {
    const s = svg.getBoundingClientRect();
    svg.querySelectorAll(shapes ? 'text,path,circle,ellipse,line,polyline,polygon,rect' : 'text').forEach((el) => {
      if (el.closest(skip) || (el.tagName === 'text' && !el.textContent.trim())) return;
      const b = el.getBoundingClientRect();
      if (b.width <= 0 && b.height <= 0) return;
      if (shapes && b.width > s.width * 0.9 && b.height > s.height * 0.9) return; // a background
      boxes.push(b);
    });
  });
  const spans = boxes.map((x) => [Math.max(x.top, m.top), Math.min(x.bottom, m.bottom)]).filter((s) => s[1] > s[0]).sort((a, c) => a[0] - c[0]);
  let gap = 0, y = m.top;
  for (const s of spans) { gap = Math.max(gap, s[0] - y); y = Math.max(y, s[1]); }
  gap = Math.max(gap, m.bottom - y);
  const span = spans.length ? (Math.max(...spans.map((s) => s[1])) - spans[0][0]) / m.height : 0;
  const title = root.querySelector('.s-title');
  return {gap: gap / m.height, span, n: boxes.length, title: title ? parseFloat(getComputedStyle(title).fontSize) : 0};
})`

// bands is bandProbe's answer.
type bands struct {
	Gap, Span, Title float64
	N                int
}

// hireSlackProbe measures a hiring page's slack: the height between its head (kicker, role,
// company and chips) and its perks' card beyond the gap the layout sets between them (the perks'
// auto top margin takes what the text does not fill), in px and as a share of the content's height.
const hireSlackProbe = `(() => {
  const top = document.querySelector('.hi-top').getBoundingClientRect(), perks = document.querySelector('.hi-perks').getBoundingClientRect();
  const gap = parseFloat(getComputedStyle(document.querySelector('.hi-main')).rowGap) || 0;
  const h = document.querySelector('main.content').getBoundingClientRect().height;
  const px = perks.top - top.bottom - gap;
  return {px, share: px / h};
})()`

// TestHiringSquareBand: a hiring post in a square (the short and the Japanese samples, every
// style) leaves at most 3% of the content's height as slack between its chips and its perks. The
// Japanese role (シニア Go エンジニア) filled its line at Hero and the next step of the block's growth
// would have wrapped it, so the block stayed at 0.88 (glass) and glass, flat and blueprint left
// 29-74 px there (3.4-8.7%); now at most 3 px in every style.
func TestHiringSquareBand(t *testing.T) {
	for _, sample := range []string{"short", "cjk"} {
		content := sampleContent(t, "hiring", sample)
		for _, style := range brandgen.Styles {
			t.Run(sample+"/"+string(style), func(t *testing.T) {
				t.Parallel()
				var p struct{ Px, Share float64 }
				look := brandgen.Look{Size: brandgen.SizeSquare, Theme: brandgen.ThemeLight, Style: style}
				raw := probe(t, studio.Job{Pattern: "hiring", Content: content, Look: look}, hireSlackProbe, &p)
				t.Logf("slack %.0f px, %.3f of the height", p.Px, p.Share)
				if p.Share > 0.03 {
					t.Errorf("%.0f px (%.0f%% of the content's height) of slack between the chips and the perks: %s", p.Px, p.Share*100, raw)
				}
			})
		}
	}
}
