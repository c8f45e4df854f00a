package visualtest

import (
	"fmt"
	"strings"
	"testing"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/posts"
	"github.com/brandgen/brandgen/studio"
)

// itemRowsProbe returns, for every shown element of the class the page passes in, its font size
// and its lines as the page sets them, and the fit's limit (what stopped the block's growth).
const itemRowsProbe = `((cls) => {
  ` + jsTextRows + `
  const out = [];
  document.querySelectorAll('main.content .' + cls).forEach((el) => {
    if (el.getClientRects().length) out.push({fs: parseFloat(getComputedStyle(el).fontSize), rows: textRows(el).map((r) => r.text.trim())});
  });
  return {items: out, limit: String((window.__brandgenFit || {}).limit || '')};
})`

type itemRows struct {
	Items []struct {
		FS   float64
		Rows []string
	}
	Limit string
}

func itemRowsOf(t *testing.T, pattern string, s posts.Sample, look brandgen.Look, cls string) itemRows {
	t.Helper()
	var p itemRows
	probe(t, studio.Job{Pattern: pattern, Content: s.Content, Look: look, Layout: s.Layout}, itemRowsProbe+"('"+cls+"')", &p)
	return p
}

// lonelyWordCheck returns the items of three words or more with a line holding a single word
// ("Commit / message / says why"): a few short items grown into a narrow column.
func lonelyWordCheck(items [][]string) []string {
	var bad []string
	for _, rows := range items {
		if len(strings.Fields(strings.Join(rows, " "))) < 3 || len(rows) < 2 {
			continue
		}
		for _, r := range rows {
			if len(strings.Fields(r)) == 1 {
				bad = append(bad, fmt.Sprintf("%q", strings.Join(rows, " / ")))
				break
			}
		}
	}
	return bad
}

func TestLonelyWordCheck(t *testing.T) {
	if bad := lonelyWordCheck([][]string{{"Commit message", "says why"}, {"Tests pass"}, {"Ship", "it"}}); len(bad) != 0 {
		t.Errorf("two words a line, or an item of two words: %v", bad)
	}
	if bad := lonelyWordCheck([][]string{{"Commit", "message", "says why"}}); len(bad) != 1 {
		t.Errorf("a word a line: %v", bad)
	}
}

// TestChecklistMinimalWords renders the minimal checklist (three short items, grown to fill the
// canvas) in the tall and landscape sizes in every style: no item of three words or more keeps a
// line to a single word (issue 10: "Commit / message / says why" in landscape's item column).
func TestChecklistMinimalWords(t *testing.T) {
	s := sampleNamed(t, posts.Checklist, "minimal")
	for _, size := range []brandgen.Size{brandgen.SizePortrait, brandgen.SizeStory, brandgen.SizeLandscape} {
		t.Run(string(size), func(t *testing.T) {
			t.Parallel()
			for _, style := range brandgen.Styles {
				p := itemRowsOf(t, posts.Checklist, s, brandgen.Look{Size: size, Theme: brandgen.ThemeLight, Style: style}, "ck-text")
				var rows [][]string
				for _, it := range p.Items {
					rows = append(rows, it.Rows)
				}
				if bad := lonelyWordCheck(rows); len(bad) > 0 {
					t.Errorf("%s: an item line holds one word (fit limit %s): %s", style, p.Limit, strings.Join(bad, "; "))
				}
			}
		})
	}
}

// TestChecklistEmojiWords renders the emoji checklist (eight short items, its layout pinned to
// "2col") in the 1080 px wide sizes, in a sans and a mono style: no item of three words or more keeps
// a line to a single word. Portrait and story set two 440 px columns, grown into their height, as
// "Laptop / charger 🔌" and "Slides / exported / as PDF 📄" (issue 10); they take one column there.
func TestChecklistEmojiWords(t *testing.T) {
	s := sampleNamed(t, posts.Checklist, "emoji")
	for _, size := range []brandgen.Size{brandgen.SizePortrait, brandgen.SizeSquare, brandgen.SizeStory} {
		t.Run(string(size), func(t *testing.T) {
			t.Parallel()
			for _, style := range []brandgen.Style{brandgen.StyleFlat, brandgen.StyleBlueprint} {
				p := itemRowsOf(t, posts.Checklist, s, brandgen.Look{Size: size, Theme: brandgen.ThemeLight, Style: style}, "ck-text")
				var rows [][]string
				for _, it := range p.Items {
					rows = append(rows, it.Rows)
				}
				if bad := lonelyWordCheck(rows); len(bad) > 0 {
					t.Errorf("%s: an item line holds one word (fit limit %s): %s", style, p.Limit, strings.Join(bad, "; "))
				}
			}
		})
	}
}

// gridCellsProbe measures a grid's cell titles (size, lines) and its chips' height.
const gridCellsProbe = `(() => {
  ` + jsTextRows + `
  const out = {titles: [], chip: 0, limit: String((window.__brandgenFit || {}).limit || '')};
  document.querySelectorAll('main.content .g-cell').forEach((cell) => {
    const t = cell.querySelector('.g-title');
    out.titles.push({fs: parseFloat(getComputedStyle(t).fontSize), rows: textRows(t).map((r) => r.text.trim())});
    const chip = cell.querySelector('.g-chip').getBoundingClientRect();
    out.chip = out.chip ? Math.min(out.chip, chip.height) : chip.height;
  });
  return out;
})()`

// TestGridTallTitles renders the long grid (nine cells, their text dropped up front) in the tall
// sizes in every style: the cell titles read at 30 px or more within their line cap, and the chips
// are at least minChip px high.
// Portrait's three narrow columns held the titles to three lines at about 27 px over the cards'
// empty lower half; the story's three columns held them at about 24 px, and its chips stayed at
// 52 px in 460 px wide cards (the story draws two columns of five rows).
func TestGridTallTitles(t *testing.T) {
	s := sampleNamed(t, posts.Grid, "long")
	cases := []struct {
		size     brandgen.Size
		maxLines int
		minChip  float64
	}{
		{brandgen.SizePortrait, 4, 48},
		{brandgen.SizeStory, 2, 60},
	}
	for _, c := range cases {
		for _, style := range brandgen.Styles {
			t.Run(string(c.size)+"/"+string(style), func(t *testing.T) {
				t.Parallel()
				var p struct {
					Titles []struct {
						FS   float64
						Rows []string
					}
					Chip  float64
					Limit string
				}
				probe(t, studio.Job{Pattern: posts.Grid, Content: s.Content, Layout: s.Layout, Look: brandgen.Look{Size: c.size, Theme: brandgen.ThemeLight, Style: style}}, gridCellsProbe, &p)
				for _, it := range p.Titles {
					if it.FS < 30-0.5 || len(it.Rows) > c.maxLines {
						t.Errorf("title %q at %.1f px on %d lines, want >= 30 px on <= %d (fit limit %s)", strings.Join(it.Rows, " / "), it.FS, len(it.Rows), c.maxLines, p.Limit)
					}
				}
				if p.Chip < c.minChip-0.5 {
					t.Errorf("chips %.0f px high, want >= %.0f", p.Chip, c.minChip)
				}
			})
		}
	}
}

// leadingProbe returns, for every shown element of the class the page passes in that wraps, its line
// pitch (the distance between its first and last lines' centres over the lines between) over its font
// size.
const leadingProbe = `((cls) => {
  ` + jsTextRows + `
  const out = [];
  document.querySelectorAll('main.content .' + cls).forEach((el) => {
    const rows = textRows(el);
    if (rows.length < 2) return;
    out.push((rows[rows.length - 1].c - rows[0].c) / (rows.length - 1) / parseFloat(getComputedStyle(el).fontSize));
  });
  return out;
})`

// TestChecklistEditorialLeading renders the long checklist (ten items of two lines) in editorial in
// every size: a wrapped item's lines are at least 1.3x its font size apart (at the sans faces' 1.22,
// Garamond's long ascenders and descenders, drawn 1.2x for reading, read dense).
func TestChecklistEditorialLeading(t *testing.T) {
	s := sampleNamed(t, posts.Checklist, "long")
	for _, size := range brandgen.Sizes {
		t.Run(string(size), func(t *testing.T) {
			t.Parallel()
			var pitches []float64
			look := brandgen.Look{Size: size, Theme: brandgen.ThemeLight, Style: brandgen.StyleEditorial}
			probe(t, studio.Job{Pattern: posts.Checklist, Content: s.Content, Layout: s.Layout, Look: look}, leadingProbe+"('ck-text')", &pitches)
			if len(pitches) == 0 {
				t.Fatal("no wrapped item")
			}
			for i, p := range pitches {
				if p < 1.3-0.01 {
					t.Errorf("a wrapped item's lines %.2fx its size apart (item %d of the wrapped), want >= 1.3x", p, i+1)
				}
			}
		})
	}
}
