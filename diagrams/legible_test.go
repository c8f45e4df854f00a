package diagrams

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/diagrams/arch"
	"github.com/brandgen/brandgen/renderer"
)

// measureJS loads a page into a frame of the stage at the page's size and returns the smallest
// text drawn in it, in canvas pixels: each visible SVG text leaf's computed font size times the
// scale the SVG is drawn at (its screen CTM), and the HTML text's computed size.
const measureJS = `(async (html, w, h) => {
  const f = document.createElement('iframe');
  f.style.cssText = 'position:absolute;left:-30000px;top:0;border:0;width:' + w + 'px;height:' + h + 'px';
  document.body.appendChild(f);
  try {
    await new Promise((ok) => { f.onload = ok; f.srcdoc = html; });
    const d = f.contentDocument, win = f.contentWindow;
    await d.fonts.ready;
    let min = Infinity, what = '', n = 0;
    for (const t of d.querySelectorAll('svg text, svg tspan')) {
      if (!t.textContent.trim() || t.querySelector('tspan')) continue;
      const r = t.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue; // not drawn (display none)
      const m = t.getScreenCTM();
      const px = parseFloat(win.getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b);
      n++;
      if (px < min) { min = px; what = t.textContent.trim(); }
    }
    for (const el of d.querySelectorAll('h1, header')) {
      if (!el.textContent.trim()) continue;
      const px = parseFloat(win.getComputedStyle(el).fontSize);
      if (px < min) { min = px; what = el.textContent.trim(); }
    }
    return {min, what, n};
  } finally {
    f.remove();
  }
})`

type textMeasure struct {
	Min  float64 `json:"min"`
	What string  `json:"what"`
	N    int     `json:"n"`
}

// smallestText is the smallest text of a composed page, in canvas pixels.
func (s *Service) smallestText(ctx context.Context, pg renderer.Page) (textMeasure, error) {
	html, _ := json.Marshal(pg.HTML)
	var out textMeasure
	err := s.studio.Eval(ctx, fmt.Sprintf("%s(%s,%d,%d)", measureJS, html, pg.Width, pg.Height), &out)
	return out, err
}

// denseMindmap has six branches of four ideas each.
const denseMindmap = "Big plan\n- Branch 1: idea 1a, idea 1b, idea 1c, idea 1d\n- Branch 2: idea 2a, idea 2b, idea 2c, idea 2d\n" +
	"- Branch 3: idea 3a, idea 3b, idea 3c, idea 3d\n- Branch 4: idea 4a, idea 4b, idea 4c, idea 4d\n" +
	"- Branch 5: idea 5a, idea 5b, idea 5c, idea 5d\n- Branch 6: idea 6a, idea 6b, idea 6c, idea 6d"

// Dense diagrams stay legible: measured in the rendered page, no text is smaller than ~18 px
// (MinTextPx less 3%, the measure's rounding) on the canvas auto picks.
func TestDenseTextMeasured(t *testing.T) {
	s := newService(nil, nil)
	ctx := testCtx(t)
	var denseArch arch.Graph
	for _, smp := range arch.Samples() {
		if smp.Name == "dense" {
			denseArch = smp.Graph
		}
	}
	if len(denseArch.Nodes) < 36 {
		t.Fatalf("dense architecture sample has %d nodes", len(denseArch.Nodes))
	}
	cases := []struct {
		name, typ, prompt string
		model             *Model
		min               int // entities the plan must have
	}{
		{"er 30 tables", "er", DenseSamples["er"], nil, 30},
		{"flowchart 32 steps", "flowchart", DenseSamples["flowchart"], nil, 30},
		{"architecture 36 nodes", "architecture", "", &Model{Graph: &denseArch}, 36},
		{"mindmap 31 ideas", "mindmap", denseMindmap, nil, 30},
		{"er sample", "er", Samples["er"], nil, 4},
		{"gantt sample", "gantt", Samples["gantt"], nil, 6},
	}
	for _, c := range cases {
		m, title := Model{}, "Dense"
		if c.model != nil {
			m = *c.model
		} else {
			plan, err := s.planner.Plan(ctx, c.typ, c.prompt)
			if err != nil {
				t.Fatal(err)
			}
			if n := len(plan.Model.Sketch.Nodes); n < c.min {
				t.Fatalf("%s: %d nodes, want %d", c.name, n, c.min)
			}
			m, title = plan.Model, plan.Title
		}
		for _, theme := range []brandgen.Theme{brandgen.ThemeLight} {
			img, pg, err := s.compose(ctx, 0, c.typ, title, m, nil, Settings{Size: brandgen.SizeAuto, Theme: theme,
				Style: brandgen.StyleGlass, NodeStyle: "structured"})
			if err != nil {
				t.Fatalf("%s: %v", c.name, err)
			}
			got, err := s.smallestText(ctx, pg)
			if err != nil {
				t.Fatalf("%s: measure: %v", c.name, err)
			}
			t.Logf("%s on %s: smallest text %.1f px (%q) of %d", c.name, img.Size, got.Min, got.What, got.N)
			if got.N == 0 || got.Min < MinTextPx*0.97 {
				t.Errorf("%s on %s: smallest text %.1f px (%q), want >= ~%d", c.name, img.Size, got.Min, got.What, MinTextPx)
			}
		}
	}
}
