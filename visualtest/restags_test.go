package visualtest

import (
	"fmt"
	"strings"
	"testing"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/posts"
	"github.com/brandgen/brandgen/studio"
	"github.com/brandgen/brandgen/textlang"
)

// textLinesProbe counts the lines of every resource's text (its tag floated at the end of the first
// line counts with it).
const textLinesProbe = `(() => {
  ` + jsTextRows + `
  const out = [];
  document.querySelectorAll('main.content .pr-text').forEach((el) => {
    if (el.getClientRects().length) out.push(textRows(el).length);
  });
  return {lines: out};
})()`

// tagLinesCheck returns the items whose text in style runs more lines than in the style that sets
// the fewest (ref), one line of slack for a narrower or wider face.
func tagLinesCheck(lines, ref []int) []string {
	var bad []string
	total, refTotal := 0, 0
	for i := range lines {
		total += lines[i]
		if i < len(ref) {
			refTotal += ref[i]
		}
	}
	if total > refTotal+1 {
		bad = append(bad, fmt.Sprintf("item texts take %d lines against %d (%v against %v)", total, refTotal, lines, ref))
	}
	return bad
}

// TestResourcesTagsQuiet renders the long resources sample, whose tags sit at the end of each text's
// first line, in every size and style, and checks that no style's tags cost its texts lines the other
// styles do not spend: blueprint's boxed, widely tracked mono tags took a third of the line and pushed
// three texts to a third line in story.
func TestResourcesTagsQuiet(t *testing.T) {
	s := sampleNamed(t, posts.Resources, "long")
	for _, size := range brandgen.Sizes {
		t.Run(string(size), func(t *testing.T) {
			t.Parallel()
			got := map[brandgen.Style][]int{}
			var ref []int
			refTotal := 1 << 30
			for _, style := range brandgen.Styles {
				var p struct{ Lines []int }
				job := studio.Job{Pattern: posts.Resources, Content: s.Content, Layout: s.Layout,
					Look: brandgen.Look{Size: size, Theme: brandgen.ThemeLight, Style: style}}
				probe(t, job, textLinesProbe, &p)
				got[style] = p.Lines
				n := 0
				for _, l := range p.Lines {
					n += l
				}
				if n < refTotal {
					ref, refTotal = p.Lines, n
				}
			}
			for _, style := range brandgen.Styles {
				if bad := tagLinesCheck(got[style], ref); len(bad) > 0 {
					t.Errorf("%s: %s", style, strings.Join(bad, "; "))
				}
			}
		})
	}
}

func TestTagLinesCheck(t *testing.T) {
	if bad := tagLinesCheck([]int{2, 2, 3, 2}, []int{2, 2, 2, 2}); len(bad) != 0 {
		t.Errorf("one line of slack: %v", bad)
	}
	if bad := tagLinesCheck([]int{2, 3, 3, 2}, []int{2, 2, 2, 2}); len(bad) != 1 {
		t.Errorf("two lines over: %v", bad)
	}
}

// nameLinesProbe returns each resources item name's text and its lines as the page sets them.
const nameLinesProbe = `(() => {
  ` + jsTextRows + `
  const out = [];
  document.querySelectorAll('main.content .pr-name').forEach((el) => {
    if (el.getClientRects().length) out.push({text: el.textContent.trim(), lines: textRows(el).map((r) => r.text.trim())});
  });
  return {names: out};
})()`

type nameLines struct {
	Text  string
	Lines []string
}

// maxOneLineName is the widest name (in textlang columns) that keeps one line: resources.tmpl
// marks such a name data-lines="1" in two columns, and one column gives it the card's width.
const maxOneLineName = 20

// splitShortNames returns the names of at most maxOneLineName columns set on more than one line
// ("Refactoring / UI 📘").
func splitShortNames(names []nameLines) []string {
	var bad []string
	for _, n := range names {
		if textlang.Columns(n.Text) <= maxOneLineName && len(n.Lines) > 1 {
			bad = append(bad, fmt.Sprintf("%q", strings.Join(n.Lines, " / ")))
		}
	}
	return bad
}

func TestSplitShortNames(t *testing.T) {
	for _, c := range []struct {
		name  string
		names []nameLines
		want  int
	}{
		{"one line", []nameLines{{"Refactoring UI 📘", []string{"Refactoring UI 📘"}}}, 0},
		{"split", []nameLines{{"Refactoring UI 📘", []string{"Refactoring", "UI 📘"}}}, 1},
		{"long name may wrap", []nameLines{{"Designing Data-Intensive Applications", []string{"Designing Data-Intensive", "Applications"}}}, 0},
	} {
		if got := splitShortNames(c.names); len(got) != c.want {
			t.Errorf("%s: %v", c.name, got)
		}
	}
}

// TestResourcesShortNamesWhole renders the resources samples with short names (emoji, short,
// minimal, cjk) in every size and style and checks that no name of up to 20 columns takes two
// lines: the emoji story's pinned two columns, grown into its height, set "Refactoring | UI 📘",
// "Realtime | Colors 🌈" and "Inter | typeface 🔤" in glass, flat and editorial, and flat's portrait
// did the same, while blueprint's wider column kept each name whole.
func TestResourcesShortNamesWhole(t *testing.T) {
	for _, name := range []string{"emoji", "short", "minimal", "cjk"} {
		s := sampleNamed(t, posts.Resources, name)
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			for _, size := range brandgen.Sizes {
				for _, style := range brandgen.Styles {
					var p struct{ Names []nameLines }
					job := studio.Job{Pattern: posts.Resources, Content: s.Content, Layout: s.Layout,
						Look: brandgen.Look{Size: size, Theme: brandgen.ThemeLight, Style: style}}
					probe(t, job, nameLinesProbe, &p)
					if bad := splitShortNames(p.Names); len(bad) > 0 {
						t.Errorf("%s %s: short names split: %s", size, style, strings.Join(bad, "; "))
					}
				}
			}
		})
	}
}
