package visualtest

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/posts"
	"github.com/brandgen/brandgen/studio"
	"github.com/brandgen/brandgen/textlang"
)

// cardInsetProbe measures each list item card: the room between its top edge and its first line and
// between its last line and its bottom edge (the lines' content areas; a numeral counts by its line
// box, line-height 1, whose glyph area stands far above its digits), the card's tight floor
// (--gap-s) and whether the list runs in (title and text in one paragraph, cards tight by design),
// and the lines of every item's name and text (lone emoji, loneEmojiLines).
const cardInsetProbe = `(() => {
  ` + jsTextRows + `
  const gapS = parseFloat(getComputedStyle(document.documentElement).getPropertyValue('--gap-s')) || 16;
  const list = document.querySelector('main.content .p-list');
  const cards = [];
  document.querySelectorAll('main.content .li-item.card').forEach((card, i) => {
    const c = card.getBoundingClientRect();
    let top = Infinity, bottom = -Infinity;
    const w = document.createTreeWalker(card, NodeFilter.SHOW_TEXT);
    while (w.nextNode()) {
      const n = w.currentNode, el = n.parentElement;
      if (!n.data.trim() || !el.getClientRects().length) continue;
      let rs;
      if (el.closest('.li-num')) {
        const num = el.closest('.li-num'), b = num.getBoundingClientRect(), cs = getComputedStyle(num);
        rs = [{top: b.top + parseFloat(cs.paddingTop), bottom: b.bottom - parseFloat(cs.paddingBottom), width: 1, height: 1}];
      } else {
        const r = document.createRange();
        r.selectNodeContents(n);
        rs = [...r.getClientRects()];
      }
      for (const b of rs) if (b.width && b.height) { top = Math.min(top, b.top); bottom = Math.max(bottom, b.bottom); }
    }
    if (top < Infinity) cards.push({i: i + 1, top: top - c.top, bottom: c.bottom - bottom});
  });
  const lines = [...document.querySelectorAll('main.content .li-name,main.content .li-text')].filter((el) => el.getClientRects().length)
    .map((el) => textRows(el).map((x) => ({text: x.text, w: x.r - x.l})));
  return {gapS, runin: !!list && list.classList.contains('runin'), cards, lines};
})()`

type cardInsets struct {
	GapS  float64 `json:"gapS"`
	Runin bool    `json:"runin"`
	Cards []struct {
		I           int
		Top, Bottom float64
	} `json:"cards"`
	Lines [][]rowLine `json:"lines"`
}

// cardInsetCheck returns the cards whose item does not sit evenly: the smaller inset under 0.75 of
// the larger (2 px of slack), or, outside run-in lists, either inset under --gap-s.
func cardInsetCheck(p cardInsets) []string {
	var bad []string
	for _, c := range p.Cards {
		lo, hi := math.Min(c.Top, c.Bottom), math.Max(c.Top, c.Bottom)
		if lo < hi*0.75-2 || (!p.Runin && lo < p.GapS-0.5) {
			bad = append(bad, fmt.Sprintf("item %d %.0f px from its card's top, %.0f px from its bottom", c.I, c.Top, c.Bottom))
		}
	}
	return bad
}

// TestListCardInsets renders every listicle sample in every size in glass (the style that sets its
// items on cards) and checks that each item sits evenly in its card: a card sized by its text had
// 16 px above and below against 40 beside, and the name's tight leading put it nearer the top edge
// (14 px over 19); a short item in a row its neighbour made tall sat at the top (21 px over 70).
// On the same pages no emoji stands alone on a line of an item's name or text (the emoji sample set
// "Async standups / 📝" in landscape in every style; the names now glue it, emojiText).
func TestListCardInsets(t *testing.T) {
	for _, s := range posts.Samples(posts.Listicle) {
		t.Run(s.Name, func(t *testing.T) {
			t.Parallel()
			for _, size := range brandgen.Sizes {
				look := brandgen.Look{Size: size, Theme: brandgen.ThemeLight, Style: brandgen.StyleGlass}
				var p cardInsets
				probe(t, studio.Job{Pattern: posts.Listicle, Content: s.Content, Look: look, Layout: s.Layout}, cardInsetProbe, &p)
				if len(p.Cards) == 0 {
					t.Fatalf("%s: no cards", size)
				}
				if bad := cardInsetCheck(p); len(bad) > 0 {
					t.Errorf("%s: %s", size, strings.Join(bad, "; "))
				}
				if bad := loneEmojiLines(p.Lines); len(bad) > 0 {
					t.Errorf("%s: %s", size, strings.Join(bad, "; "))
				}
			}
		})
	}
}

// TestListNameOverText renders every resources sample in every size and style and checks that each
// resource's name reads as the item's heading: at least 1.3x its text in Latin scripts (names one
// step over their text ended at 29.5 px over 24 px text once the fit had shrunk them over text on the
// floor, 1.2x; a tag on the name's line once held them at 25 over 24 px), 1.15x in CJK, whose item
// text the template sets one step nearer its name.
func TestListNameOverText(t *testing.T) {
	it := listItems[posts.Resources]
	for _, s := range posts.Samples(posts.Resources) {
		want := 1.3
		if textlang.IsCJK(textlang.Detect(s.Content.(posts.ResourcesContent).Title)) {
			want = 1.15
		}
		t.Run(s.Name, func(t *testing.T) {
			t.Parallel()
			for _, size := range brandgen.Sizes {
				for _, style := range brandgen.Styles {
					p := listProbe(t, posts.Resources, s, brandgen.Look{Size: size, Theme: brandgen.ThemeLight, Style: style})
					m, x := p.size(it.main), p.size(it.second)
					if m > 0 && x > 0 && m < x*want-0.5 {
						t.Errorf("%s %s: name %.1f px over item text %.1f px (%.2fx, want >= %.2fx)", size, style, m, x, m/x, want)
					}
				}
			}
		})
	}
}
