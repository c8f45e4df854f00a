package carousel

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/slides"
	"github.com/brandgen/brandgen/studio"
)

// overflowProbe lists what went wrong on a slide: text the fit script had to clamp or that still
// overflows its box, and a slide body whose content runs past it.
const overflowProbe = `(() => {
  const out = [];
  document.querySelectorAll('[data-fit]').forEach(e => {
    // Glyphs of a tight line-height (display CJK) stand out of their line boxes without being cut:
    // a quarter of the font size vertically is overhang, not overflow.
    const fs = parseFloat(getComputedStyle(e).fontSize) || 16;
    if (e.classList.contains('fit-clamped') || e.scrollHeight > e.clientHeight + Math.max(1, fs * 0.25) || e.scrollWidth > e.clientWidth + 1)
      out.push('text ' + e.className + ' ' + e.scrollWidth + '/' + e.clientWidth + 'x' + e.scrollHeight + '/' + e.clientHeight + ' at ' + getComputedStyle(e).fontSize + ': ' + e.textContent.slice(0, 40));
    // A box that shrank under its text (a list row squeezed by flex) lets the text spill over the
    // next row without the text itself overflowing.
    const r = e.getBoundingClientRect(), p = e.parentElement.getBoundingClientRect();
    if (r.bottom > p.bottom + fs * 0.25 + 1)
      out.push('text ' + e.className + ' spills ' + Math.round(r.bottom - p.bottom) + 'px out of its box at ' + getComputedStyle(e).fontSize + ': ' + e.textContent.slice(0, 40));
  });
  document.querySelectorAll('.sl-body').forEach(e => {
    if (e.scrollHeight > e.clientHeight + 1 || e.scrollWidth > e.clientWidth + 1) out.push('body overflows ' + e.scrollHeight + '/' + e.clientHeight);
  });
  return out;
})()`

// TestSlidesFit renders every sample of every slide kind in both sizes, each sample in one of the
// styles (rotating, light and dark alternating), and fails on any text clamped or overflowing.
func TestSlidesFit(t *testing.T) {
	if testing.Short() {
		t.Skip("renders 100 slides")
	}
	type item struct {
		name string
		page slides.Page
	}
	for _, size := range Sizes {
		for si, style := range brandgen.Styles {
			theme := brandgen.Themes[si%2]
			var items []item
			n := 0
			for _, kind := range slides.Kinds {
				for _, smp := range slides.Samples(kind) {
					if n%len(brandgen.Styles) == si {
						p := slides.Pages([]any{smp.Slide})[0]
						p.Index, p.Total = 3, 8
						items = append(items, item{kind + "/" + smp.Name, p})
					}
					n++
				}
			}
			t.Run(fmt.Sprintf("%s-%s-%s", size, style, theme), func(t *testing.T) {
				set := studio.Set{Look: brandgen.Look{Size: size, Style: style, Theme: theme}, Probe: overflowProbe,
					Brand: &brandgen.Brand{Name: "Northwind Labs", Handle: "@northwind"}}
				for _, it := range items {
					set.Pages = append(set.Pages, studio.SetPage{Pattern: slides.PatternID(it.page.Kind), Content: it.page})
				}
				res, err := maker.studio.RenderSet(context.Background(), set)
				if err != nil {
					t.Fatal(err)
				}
				for i, shot := range res.Shots {
					var problems []string
					if err := json.Unmarshal(shot.Probe, &problems); err != nil {
						t.Fatal(err)
					}
					for _, p := range problems {
						t.Errorf("%s: %s", items[i].name, p)
					}
				}
			})
		}
	}
}
