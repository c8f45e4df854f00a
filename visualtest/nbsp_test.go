package visualtest

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/posts"
	"github.com/brandgen/brandgen/studio"
)

// nbspProbe measures how wide a no-break space (U+00A0) is set against a space (U+0020): the
// advance of each between two x's, less the two x's. Once in every font variable of the page (its
// stacks' first faces: editorial's reading and display Garamond, Inter, Inter Display, the mono
// face), upright and italic, at 100 px inside the content (so the canvas's variables apply); and
// once in every element whose text holds a U+00A0 (the glue of funcs_glue.go and funcs_emoji.go),
// in its own font, style and size. The spans are all laid out before the fonts are awaited: a
// U+00A0 face (static/css/fonts.css) loads only when some text needs it.
const nbspProbe = `(async () => {
  const main = document.querySelector('main.content') || document.body;
  const jobs = [];
  const measure = (host, css, meta) => {
    const spans = ['xx', 'x x', 'x\u00a0x'].map((t) => {
      const s = document.createElement('span');
      s.style.cssText = 'position:absolute;white-space:pre;letter-spacing:0;word-spacing:0;text-transform:none;' + css;
      s.textContent = t;
      host.appendChild(s);
      return s;
    });
    spans.forEach((s) => s.getBoundingClientRect());
    jobs.push({spans, meta});
  };
  // The elements are listed before any span is put in: the walk would go on into them.
  const glued = new Map();
  const w = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
  while (w.nextNode()) {
    const n = w.currentNode, el = n.parentElement;
    if (n.data.includes('\u00a0') && !glued.has(el) && !el.closest('svg,style,script')) glued.set(el, n);
  }
  for (const v of VARS) for (const style of ['normal', 'italic'])
    measure(main, 'font:' + style + ' 400 100px var(' + v + ')', {face: v, style});
  for (const [el, n] of glued) {
    const cs = getComputedStyle(el);
    if (cs.display === 'none' || cs.visibility === 'hidden' || !el.getClientRects().length) continue;
    const at = n.data.indexOf('\u00a0');
    measure(el, '', {text: n.data.slice(Math.max(0, at - 12), at + 6), cls: String(el.className || el.tagName),
      face: cs.fontFamily.split(',')[0], style: cs.fontStyle, fs: parseFloat(cs.fontSize)});
  }
  await document.fonts.ready;
  return jobs.map(({spans, meta}) => {
    const [xx, sp, nb] = spans.map((s) => s.getBoundingClientRect().width);
    spans.forEach((s) => s.remove());
    return {...meta, sp: sp - xx, nb: nb - xx};
  });
})()`

// nbspVars are the font variables nbspProbe measures: every stack a page sets its text in.
var nbspVars = []string{"--font-serif-text", "--font-serif-display", "--font-body", "--font-display", "--font-number", "--font-sans", "--font-mono"}

type nbspGap struct {
	Face, Style, Text, Cls string
	FS                     float64
	SP, NB                 float64 // the advances of U+0020 and U+00A0 in px
}

// maxNbspDiff is how far a no-break space's advance may stray from the space's, as a share of it:
// EB Garamond 12 Italic's own is 0.27 narrower (0.182 em against 0.25), and a word glued to its emoji
// sat visibly tight beside the spaces of its line in editorial's italics ("as PDF📄").
const maxNbspDiff = 0.05

// nbspCheck returns the measurements whose U+00A0 differs from U+0020 by more than maxNbspDiff.
func nbspCheck(gaps []nbspGap) []string {
	var bad []string
	for _, g := range gaps {
		if g.SP <= 0 || math.Abs(g.NB-g.SP) > maxNbspDiff*g.SP {
			where := g.Face + " " + g.Style
			if g.Cls != "" {
				where = fmt.Sprintf("%s %q (%s %s, %.1f px)", g.Cls, g.Text, g.Face, g.Style, g.FS)
			}
			bad = append(bad, fmt.Sprintf("%s: no-break space %.2f px, space %.2f px", where, g.NB, g.SP))
		}
	}
	return bad
}

// TestNoBreakSpaceWidth renders the emoji and long samples of every format in editorial (portrait)
// and checks that a no-break space is set as wide as a space (within 5%) in every font the page
// sets text in, upright and italic, and in every element whose text holds one. brandgen glues an
// emoji to its word, figures and short words with U+00A0, and EB Garamond Italic's own is 0.73x its
// space: editorial's italic lines read "as PDF📄" beside wide word spaces. static/css/fonts.css
// draws U+00A0 in the italic Garamond faces at the space's advance.
func TestNoBreakSpaceWidth(t *testing.T) {
	expr := strings.Replace(nbspProbe, "VARS", "["+strings.Join(func() []string {
		var q []string
		for _, v := range nbspVars {
			q = append(q, jsString(v))
		}
		return q
	}(), ",")+"]", 1)
	for _, pattern := range posts.Formats {
		t.Run(pattern, func(t *testing.T) {
			t.Parallel()
			glued := 0
			for _, s := range posts.Samples(pattern) {
				if s.Name != "emoji" && s.Name != "long" {
					continue
				}
				look := brandgen.Look{Size: brandgen.SizePortrait, Theme: brandgen.ThemeLight, Style: brandgen.StyleEditorial}
				var gaps []nbspGap
				probe(t, studio.Job{Pattern: pattern, Content: s.Content, Look: look, Layout: s.Layout}, expr, &gaps)
				if len(gaps) < 2*len(nbspVars) {
					t.Fatalf("%s: %d measurements, want the %d faces' at least", s.Name, len(gaps), 2*len(nbspVars))
				}
				glued += len(gaps) - 2*len(nbspVars)
				if bad := nbspCheck(gaps); len(bad) > 0 {
					t.Errorf("%s: %s", s.Name, strings.Join(bad, "; "))
				}
			}
			t.Logf("%s: %d elements with a no-break space measured", pattern, glued)
		})
	}
}

// TestNbspCheck checks nbspCheck's threshold on measurements as the probe returns them.
func TestNbspCheck(t *testing.T) {
	for _, c := range []struct {
		name string
		gap  nbspGap
		bad  bool
	}{
		{"equal", nbspGap{Face: "--font-serif-text", Style: "italic", SP: 30, NB: 30}, false},
		{"within 5%", nbspGap{Face: "--font-serif-text", Style: "italic", SP: 30, NB: 28.8}, false},
		{"Garamond italic's own", nbspGap{Face: "--font-serif-text", Style: "italic", SP: 30, NB: 21.84}, true},
		{"wider by 6%", nbspGap{Cls: "lead", Text: "PDF\u00a0", Face: "BG Garamond Text", Style: "italic", FS: 40, SP: 10, NB: 10.6}, true},
		{"no space measured", nbspGap{Face: "--font-mono", Style: "normal"}, true},
	} {
		if got := len(nbspCheck([]nbspGap{c.gap})) > 0; got != c.bad {
			t.Errorf("%s: flagged %v, want %v", c.name, got, c.bad)
		}
	}
}
