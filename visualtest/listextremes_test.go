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

// TestGridStoryTitles renders the long grid (nine cells) in story in every style: its cell titles
// read at 30 px or more on at most two lines (three narrow columns held them to three lines at
// about 24 px in tall cards; the story draws two columns of five rows).
func TestGridStoryTitles(t *testing.T) {
	s := sampleNamed(t, posts.Grid, "long")
	for _, style := range brandgen.Styles {
		t.Run(string(style), func(t *testing.T) {
			t.Parallel()
			p := itemRowsOf(t, posts.Grid, s, brandgen.Look{Size: brandgen.SizeStory, Theme: brandgen.ThemeLight, Style: style}, "g-title")
			for _, it := range p.Items {
				if it.FS < 30-0.5 || len(it.Rows) > 2 {
					t.Errorf("title %q at %.1f px on %d lines, want >= 30 px on <= 2 (fit limit %s)", strings.Join(it.Rows, " / "), it.FS, len(it.Rows), p.Limit)
				}
			}
		})
	}
}
