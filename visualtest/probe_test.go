package visualtest

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/studio"
)

// halfLooks are 8 of the 16 size x style looks (light theme): each size in two styles, each style
// in two sizes. For rules over many pages whose cause lies in one style's faces or in one size's
// layout, seldom in one pair of them (CJK breaks, item ratios): half the pages, every style and
// size still seen.
func halfLooks() []brandgen.Look {
	var looks []brandgen.Look
	for j, size := range brandgen.Sizes {
		for _, k := range []int{j, j + 2} {
			looks = append(looks, brandgen.Look{Size: size, Theme: brandgen.ThemeLight, Style: brandgen.Styles[k%len(brandgen.Styles)]})
		}
	}
	return looks
}

// probe builds job's page, loads it and evaluates the script expr in it (a JSON value; no image is
// captured) and decodes that value into out; it fails t naming the size and style when any step fails, and
// returns the raw JSON for messages.
func probe(t *testing.T, job studio.Job, expr string, out any) []byte {
	t.Helper()
	pg, err := st.Page(context.Background(), job)
	if err != nil {
		t.Fatalf("%s %s %s: page: %v", job.Pattern, job.Look.Size, job.Look.Style, err)
	}
	raw, err := pool.Probe(context.Background(), pg, expr)
	if err != nil {
		t.Fatalf("%s %s %s: %v", job.Pattern, job.Look.Size, job.Look.Style, err)
	}
	if err := json.Unmarshal(raw, out); err != nil {
		t.Fatalf("%s %s %s: probe %s: %v", job.Pattern, job.Look.Size, job.Look.Style, raw, err)
	}
	return raw
}

// jsTextRows defines textRows(el) for a probe script: the lines of the text inside el as the page
// sets them, each {text, l, r, ink} (its characters' client rects grouped by vertical centre, top to
// bottom; a character without a box, a collapsed space, joins the line before it; ink is the left
// of the line's first character that is not a space, absent on a line of spaces).
const jsTextRows = `const textRows = (el) => {
  const fs = parseFloat(getComputedStyle(el).fontSize), rows = [];
  const w = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  while (w.nextNode()) {
    const n = w.currentNode;
    for (let i = 0; i < n.data.length; i++) {
      const r = document.createRange();
      r.setStart(n, i); r.setEnd(n, i + 1);
      const b = [...r.getClientRects()].filter((x) => x.width > 0).pop();
      if (!b) { if (rows.length) rows[rows.length - 1].text += n.data[i]; continue; }
      const c = (b.top + b.bottom) / 2;
      let row = rows.find((x) => Math.abs(x.c - c) < fs * 0.5);
      if (!row) rows.push(row = {c, l: b.left, r: b.right, text: ''});
      row.l = Math.min(row.l, b.left); row.r = Math.max(row.r, b.right); row.text += n.data[i];
      if (n.data[i].trim() !== '') row.ink = Math.min(row.ink ?? b.left, b.left);
    }
  }
  return rows.sort((a, b) => a.c - b.c);
};
`
