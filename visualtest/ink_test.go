package visualtest

import (
	"strings"
	"testing"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/slides"
	"github.com/brandgen/brandgen/studio"
)

// inkProbe lists the glyphs whose ink is cut off: each visible character of the content's HTML
// text (SVG text aside) is measured from its origin with the canvas's ink metrics
// (actualBoundingBoxLeft/Right in the element's font, style, weight and caps), which the layout's
// advance boxes leave out: an italic's overhang, a glyph past its letter-spacing. The ink must stay
// inside every box that hides overflow around it (padding box, 1 px; overflow:clip's box widened by
// its overflow-clip-margin), the page, and the safe area (a tenth of the font size, at least 2 px,
// as TestNothingOverflows allows for advance boxes, and another .15em for the ink). TestTypeSystem
// runs it over every post pattern x sample x size, TestSlideInk over the carousel slides.
const inkProbe = `(() => {
  const ctx = document.createElement('canvas').getContext('2d');
  const main = document.querySelector('main.content') || document.body;
  const safe = main.getBoundingClientRect(), W = innerWidth;
  const cache = new Map(), bad = [];
  // The page sets font-synthesis:none, so a CJK character or an emoji in italic text stays upright
  // (no face of theirs is italic); the canvas would slant it.
  const upright = /[\u2E80-\u9FFF\uAC00-\uD7AF\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFFEF]|\p{Extended_Pictographic}/u;
  const ink = (cs, ch) => {
    const font = [upright.test(ch) ? 'normal' : cs.fontStyle, cs.fontWeight, cs.fontSize, cs.fontFamily].join(' ');
    const key = font + '|' + cs.fontVariantCaps + '|' + ch;
    if (!cache.has(key)) {
      ctx.font = font;
      ctx.fontVariantCaps = cs.fontVariantCaps;
      const m = ctx.measureText(ch);
      cache.set(key, [m.actualBoundingBoxLeft, m.actualBoundingBoxRight]);
    }
    return cache.get(key);
  };
  const clips = (el) => {
    const out = [];
    for (let a = el; a && a !== document.documentElement; a = a.parentElement) {
      if (a instanceof SVGElement) continue;
      const s = getComputedStyle(a);
      if (s.display === 'contents' || s.display === 'inline' || s.overflowX === 'visible') continue; // inline boxes do not clip
      // overflow:clip on both axes clips overflow-clip-margin outside the padding box.
      const m = s.overflowX === 'clip' && s.overflowY === 'clip' ? parseFloat((s.overflowClipMargin.match(/-?[\d.]+px/) || ['0'])[0]) || 0 : 0;
      const r = a.getBoundingClientRect();
      out.push({el: a, l: r.left + a.clientLeft - m, r: r.left + a.clientLeft + a.clientWidth + m});
    }
    return out;
  };
  const desc = (el) => el.tagName.toLowerCase() + (typeof el.className === 'string' && el.className.trim() ? '.' + el.className.trim().split(/\s+/).join('.') : '');
  const w = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
  while (w.nextNode()) {
    const n = w.currentNode, el = n.parentElement;
    if (!n.data.trim() || el.closest('svg,style,script,.decor')) continue;
    const cs = getComputedStyle(el);
    if (cs.display === 'none' || cs.visibility === 'hidden' || parseFloat(cs.opacity) === 0) continue;
    const fs = parseFloat(cs.fontSize), boxes = clips(el);
    const h = Math.max(2, fs * 0.1);
    boxes.push({el: main, l: safe.left - h, r: safe.right + h, safe: true});
    boxes.push({el: document.documentElement, l: 0, r: W});
    const text = [...n.data];
    let off = 0;
    for (const ch of text) {
      const i = off;
      off += ch.length;
      if (!ch.trim()) continue;
      const rg = document.createRange();
      rg.setStart(n, i); rg.setEnd(n, i + ch.length);
      const b = [...rg.getClientRects()].filter((x) => x.width > 0).pop();
      if (!b) continue;
      let c = ch;
      if (cs.textTransform === 'uppercase') c = c.toUpperCase();
      if (cs.textTransform === 'lowercase') c = c.toLowerCase();
      // Editorial's reading face is Garamond with size-adjust (css/fonts.css): the canvas draws it
      // at that size too.
      const [al, ar] = ink(cs, c);
      const l = b.left - al, r = b.left + ar;
      for (const x of boxes) {
        // The safe area allows ink another .15em: an italic f's or p's sweep (Garamond's f, .25em) and a
        // serif J's tail hang into the margin, as in print; boxes that clip allow 1 px.
        const tol = x.safe ? fs * 0.15 : 1;
        if (l < x.l - tol || r > x.r + tol) {
          bad.push(desc(el) + ' ' + JSON.stringify(ch) + ' ink ' + Math.round(l) + '..' + Math.round(r) + ' outside ' + (x.safe ? 'the safe area' : desc(x.el)) + ' ' + Math.round(x.l) + '..' + Math.round(x.r));
          break;
        }
      }
    }
  }
  return bad;
})()`

// TestSlideInk runs inkProbe over every carousel slide kind x sample in portrait and square, each
// in another style (light): the slides' own columns kept overflow:hidden (the code slide's column,
// the glass point card, the comparison table) when the posts' fit boxes moved to the ink clip
// (.fit-ink), so an italic overhang or a line-end emoji there could be cut at the padding edge.
func TestSlideInk(t *testing.T) {
	for k, kind := range slides.Kinds {
		for j, smp := range slides.Samples(kind) {
			page := slides.Pages([]any{smp.Slide})[0]
			page.Index, page.Total = 3, 8
			t.Run(kind+"/"+smp.Name, func(t *testing.T) {
				t.Parallel()
				for i, size := range []brandgen.Size{brandgen.SizePortrait, brandgen.SizeSquare} {
					style := brandgen.Styles[(i+j+k)%len(brandgen.Styles)]
					look := brandgen.Look{Size: size, Theme: brandgen.ThemeLight, Style: style}
					var bad []string
					probe(t, studio.Job{Pattern: slides.PatternID(kind), Content: page, Look: look}, inkProbe, &bad)
					if len(bad) > 0 {
						t.Errorf("%s %s: %d glyphs cut off: %s", size, style, len(bad), strings.Join(bad[:min(len(bad), 6)], "; "))
					}
				}
			})
		}
	}
}
