package visualtest

import (
	"fmt"
	"strings"
	"testing"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/posts"
	"github.com/brandgen/brandgen/studio"
)

// emojiSizeProbe lists every colour emoji of the content's HTML text (SVG text aside) with its
// advance (a Range around the grapheme, less the letter-spacing) over its element's font size.
const emojiSizeProbe = `(() => {
  const main = document.querySelector('main.content') || document.body;
  const seg = new Intl.Segmenter('en', {granularity: 'grapheme'}), out = [];
  const w = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
  while (w.nextNode()) {
    const n = w.currentNode, el = n.parentElement;
    if (!n.data.trim() || el.closest('svg,style,script,.decor')) continue;
    const cs = getComputedStyle(el);
    if (cs.display === 'none' || cs.visibility === 'hidden' || !el.getClientRects().length) continue;
    const fs = parseFloat(cs.fontSize), ls = parseFloat(cs.letterSpacing) || 0;
    for (const g of seg.segment(n.data)) {
      if (!/\p{Extended_Pictographic}/u.test(g.segment)) continue;
      const r = document.createRange();
      r.setStart(n, g.index); r.setEnd(n, g.index + g.segment.length);
      const b = r.getBoundingClientRect();
      if (b.width <= 0) continue;
      out.push({emoji: g.segment, cls: String(el.className || el.tagName), family: cs.fontFamily.split(',')[0], fs, em: (b.width - ls) / fs});
    }
  }
  return out;
})()`

type emojiSize struct {
	Emoji, Cls, Family string
	FS, Em             float64
}

// minEmojiEm is the least advance an emoji may draw at, in ems of its element's font size: Noto
// Color Emoji's glyphs advance 1.25 em; editorial's font-size-adjust had drawn those in its reading
// text at 0.65 em, since Chromium scales every face by the first face's (Garamond's) ratio.
const minEmojiEm = 1.0

// emojiSizeCheck returns the emoji drawn under minEmojiEm.
func emojiSizeCheck(es []emojiSize) []string {
	var bad []string
	for _, e := range es {
		if e.Em < minEmojiEm {
			bad = append(bad, fmt.Sprintf("%s in %s (%s, %.1f px) at %.2f em", e.Emoji, e.Cls, e.Family, e.FS, e.Em))
		}
	}
	return bad
}

// TestEmojiFullSize renders the emoji sample of every format in every size in editorial, and fails
// on an emoji drawn smaller than its font size says (issue 10: "Bring a friend ☀️" and "Until 31
// August ⏳" in editorial's offer, the poster's 🌴, drew at 60% of their size in the reading text
// around them). TestTypeSystem checks every other page's emoji with the same probe.
func TestEmojiFullSize(t *testing.T) {
	for _, pattern := range posts.Formats {
		for _, s := range posts.Samples(pattern) {
			if s.Name != "emoji" {
				continue
			}
			t.Run(pattern, func(t *testing.T) {
				t.Parallel()
				for _, size := range brandgen.Sizes {
					look := brandgen.Look{Size: size, Theme: brandgen.ThemeLight, Style: brandgen.StyleEditorial}
					var es []emojiSize
					probe(t, studio.Job{Pattern: pattern, Content: s.Content, Look: look, Layout: s.Layout}, emojiSizeProbe, &es)
					if bad := emojiSizeCheck(es); len(bad) > 0 {
						t.Errorf("%s %s: %d of %d emoji drawn small: %s", look.Size, look.Style, len(bad), len(es), strings.Join(bad[:min(len(bad), 6)], "; "))
					}
				}
			})
		}
	}
}
