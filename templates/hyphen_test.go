package templates

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/posts"
)

// compoundLines reports, for each element with an id, how many line boxes each hyphenated compound
// of its text spans (measured from the client rects of a range over the compound's characters).
const compoundLines = `(() => {
  const out = {};
  const re = /[^\s\-\u2010]+(?:[\-\u2010][^\s\-\u2010]+)+/g;
  const lines = (el) => {
    const got = [];
    const text = el.textContent;
    const w = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    const nodes = [];
    for (let n = w.nextNode(); n; n = w.nextNode()) nodes.push(n);
    // Map offsets of textContent onto text nodes.
    const at = (i) => { for (const n of nodes) { if (i <= n.length) return [n, i]; i -= n.length; } return [nodes[nodes.length-1], nodes[nodes.length-1].length]; };
    for (const m of text.matchAll(re)) {
      const r = document.createRange();
      r.setStart(...at(m.index)); r.setEnd(...at(m.index + m[0].length));
      const tops = new Set([...r.getClientRects()].filter(b => b.width > 0).map(b => Math.round(b.top + b.height / 2)));
      got.push(m[0] + ':' + tops.size);
    }
    return got;
  };
  document.querySelectorAll('[id]').forEach(e => { out[e.id] = lines(e); });
  document.querySelectorAll('h1,.headline,.display,.title').forEach((e, i) => { out['h' + i] = lines(e); });
  return out;
})()`

// TestHyphenatedCompoundsStayWhole: a headline never breaks inside "Self-hosted". In a box as
// narrow as its longest unbreakable piece (min-content) a plain paragraph breaks after the hyphen,
// which proves the box provokes the break; the headline keeps the compound on one line (unless the
// compound alone is wider than the box). Then real
// cover and announcement pages in every size keep every compound of their headline whole.
func TestHyphenatedCompoundsStayWhole(t *testing.T) {
	p := testPool(t)
	s := testSet(t)
	run := func(t *testing.T, html func() (string, error)) map[string][]string {
		t.Helper()
		ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
		defer cancel()
		h, err := html()
		if err != nil {
			t.Fatal(err)
		}
		pg := fitPage(s, "")
		pg.HTML = h
		_, raw, err := p.RenderProbe(ctx, pg, compoundLines)
		if err != nil {
			t.Fatal(err)
		}
		var got map[string][]string
		if err := json.Unmarshal(raw, &got); err != nil {
			t.Fatal(err)
		}
		return got
	}
	t.Run("min-content box", func(t *testing.T) {
		style := `style="font:700 80px Inter;width:min-content"`
		got := run(t, func() (string, error) {
			return fitPage(s, `<h1 id="head" class="headline" `+style+`>Ship Self-hosted</h1><p id="plain" `+style+`>Ship Self-hosted</p>`+
				`<h1 id="narrow" class="headline" style="font:700 80px Inter;width:240px">Ship Self-hosted</h1>`).HTML, nil
		})
		// A compound wider than its box may break rather than stand out of it.
		if fmt.Sprint(got["narrow"]) != "[Self-hosted:2]" {
			t.Errorf("a compound wider than its box is kept whole: %v", got["narrow"])
		}
		if fmt.Sprint(got["plain"]) != "[Self-hosted:2]" {
			t.Fatalf("the control paragraph does not break after the hyphen: %v", got["plain"])
		}
		if fmt.Sprint(got["head"]) != "[Self-hosted:1]" {
			t.Errorf("headline compounds %v, want Self-hosted on one line", got["head"])
		}
	})
	title := "Self-hosted backups with point-in-time restore for every Postgres cluster"
	for _, size := range brandgen.Sizes {
		for _, c := range []struct {
			pattern string
			content any
		}{
			{"cover", posts.CoverContent{Title: title, Subtitle: "Zero-config, end-to-end encrypted."}},
			{"announcement", posts.AnnouncementContent{Kicker: "New", Title: title, Body: "Zero-config, end-to-end encrypted."}},
		} {
			t.Run(c.pattern+"-"+string(size), func(t *testing.T) {
				got := run(t, func() (string, error) {
					pg, err := s.Build(c.pattern, c.content, Options{Look: brandgen.Look{Size: size, Style: brandgen.StyleGlass}})
					return pg.HTML, err
				})
				n := 0
				for id, cs := range got {
					for _, cmp := range cs {
						n++
						if cmp[len(cmp)-2:] != ":1" {
							t.Errorf("%s: compound split across lines: %s", id, cmp)
						}
					}
				}
				if n == 0 {
					t.Fatalf("no headline compounds measured: %v", got)
				}
			})
		}
	}
}
