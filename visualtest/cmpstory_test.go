package visualtest

import (
	"testing"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/posts"
	"github.com/brandgen/brandgen/studio"
)

// valueWidthProbe returns the narrowest value cell over the content width.
const valueWidthProbe = `(() => {
  const m = document.querySelector('main.content').getBoundingClientRect();
  let w = Infinity;
  document.querySelectorAll('main.content .cq-val').forEach((el) => {
    const r = el.parentElement.getBoundingClientRect();
    if (r.width > 0) w = Math.min(w, r.width);
  });
  return {share: w === Infinity ? 0 : w / m.width};
})()`

// TestComparisonStoryColumns checks that a story comparison with row labels gives each value half
// the column (the label on its own line), not a third beside a label column: the story has
// portrait's width and the height to stack.
func TestComparisonStoryColumns(t *testing.T) {
	for _, s := range posts.Samples(posts.Comparison) {
		c, ok := s.Content.(posts.ComparisonContent)
		if !ok {
			t.Fatalf("%s: content %T", s.Name, s.Content)
		}
		labels := false
		for _, r := range c.Rows {
			labels = labels || r.Label != ""
		}
		if !labels {
			continue
		}
		t.Run(s.Name, func(t *testing.T) {
			t.Parallel()
			for _, style := range []brandgen.Style{brandgen.StyleGlass, brandgen.StyleEditorial} {
				look := brandgen.Look{Size: brandgen.SizeStory, Theme: brandgen.ThemeLight, Style: style}
				var p struct{ Share float64 }
				probe(t, studio.Job{Pattern: "comparison", Content: s.Content, Look: look, Layout: s.Layout}, valueWidthProbe, &p)
				if p.Share < 0.4 {
					t.Errorf("%s: a value cell is %.0f%% of the story's width (want >= 40%%: labels over the values)", style, p.Share*100)
				}
			}
		})
	}
}

// verdictLinesProbe counts the lines of the verdict.
const verdictLinesProbe = `(() => {
  ` + jsTextRows + `
  const v = document.querySelector('main.content .cq-vtext');
  return {lines: v ? textRows(v).length : 0};
})()`

// TestComparisonVerdictLines renders every comparison sample in every size and style and checks
// that no style sets the verdict on more lines than glass: blueprint's mono face ran the long
// verdict to three lines in story against two elsewhere, and its table stood smaller for it.
func TestComparisonVerdictLines(t *testing.T) {
	for _, s := range posts.Samples(posts.Comparison) {
		t.Run(s.Name, func(t *testing.T) {
			t.Parallel()
			for _, size := range brandgen.Sizes {
				lines := map[brandgen.Style]int{}
				for _, style := range brandgen.Styles {
					var p struct{ Lines int }
					look := brandgen.Look{Size: size, Theme: brandgen.ThemeLight, Style: style}
					probe(t, studio.Job{Pattern: posts.Comparison, Content: s.Content, Look: look, Layout: s.Layout}, verdictLinesProbe, &p)
					lines[style] = p.Lines
				}
				for style, n := range lines {
					if n > lines[brandgen.StyleGlass] {
						t.Errorf("%s %s: verdict on %d lines, glass on %d", size, style, n, lines[brandgen.StyleGlass])
					}
				}
			}
		})
	}
}

// TestComparisonNamesWhole renders the short comparison ("Hosted SaaS" vs "Self-hosted", values at
// H3 beside a label column) in portrait and square, in a sans and the serif style: the one-word side
// name keeps one line (it broke "Self- / hosted" at its hyphen, the winner's tick beside it taking
// part of a column a third of the width), and the names stay at least 1.1x the values.
func TestComparisonNamesWhole(t *testing.T) {
	s := sampleNamed(t, posts.Comparison, "short")
	for _, size := range []brandgen.Size{brandgen.SizePortrait, brandgen.SizeSquare} {
		t.Run(string(size), func(t *testing.T) {
			t.Parallel()
			for _, style := range []brandgen.Style{brandgen.StyleGlass, brandgen.StyleEditorial} {
				look := brandgen.Look{Size: size, Theme: brandgen.ThemeLight, Style: style}
				names, vals := itemRowsOf(t, posts.Comparison, s, look, "cq-name"), itemRowsOf(t, posts.Comparison, s, look, "cq-val")
				if len(names.Items) != 2 || len(vals.Items) == 0 {
					t.Fatalf("%s: %d names, %d values", style, len(names.Items), len(vals.Items))
				}
				if rows := names.Items[1].Rows; len(rows) != 1 {
					t.Errorf("%s: %q set on %d lines %q", style, "Self-hosted", len(rows), rows)
				}
				if n, v := names.Items[0].FS, vals.Items[0].FS; n < v*1.1 {
					t.Errorf("%s: names %.1f px under 1.1x the values' %.1f px", style, n, v)
				}
			}
		})
	}
}

// winnerTickProbe returns the gap between the bottom of the winner's tick and the top of the first
// line of the winner's name, in ems of the name's size (negative: the tick reaches into the name's
// line, beside it).
const winnerTickProbe = `(() => {
  ` + jsTextRows + `
  const side = document.querySelector('main.content .cq-side.cq-win');
  const tick = side && side.querySelector('.cq-tick'), name = side && side.querySelector('.cq-name');
  if (!tick || !name) return {found: false, gap: 0};
  const row = textRows(name)[0], fs = parseFloat(getComputedStyle(name).fontSize);
  const r = document.createRange();
  r.selectNodeContents(name);
  const top = Math.min(...[...r.getClientRects()].filter((b) => Math.abs((b.top + b.bottom) / 2 - row.c) < fs * 0.5).map((b) => b.top));
  return {found: true, gap: (top - tick.getBoundingClientRect().bottom) / fs};
})()`

// TestComparisonTickBadge renders the emoji comparison, whose winner "Tabs ⇥" is one word and a
// symbol, in every size and style, and checks that the winner's tick is a badge over the name, not
// set beside it: counted as two words, the name had the tick right after its ⇥ ("Tabs ⇥✓").
func TestComparisonTickBadge(t *testing.T) {
	s := sampleNamed(t, posts.Comparison, "emoji")
	for _, size := range brandgen.Sizes {
		t.Run(string(size), func(t *testing.T) {
			t.Parallel()
			for _, style := range brandgen.Styles {
				var p struct {
					Found bool
					Gap   float64
				}
				look := brandgen.Look{Size: size, Theme: brandgen.ThemeLight, Style: style}
				probe(t, studio.Job{Pattern: posts.Comparison, Content: s.Content, Look: look, Layout: s.Layout}, winnerTickProbe, &p)
				if !p.Found {
					t.Fatalf("%s: no winner tick", style)
				}
				if p.Gap < 0 {
					t.Errorf("%s: the winner's tick reaches %.2f em into its name's line", style, -p.Gap)
				}
			}
		})
	}
}
