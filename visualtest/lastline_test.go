package visualtest

import (
	"fmt"
	"testing"

	"github.com/brandgen/brandgen/posts"
	"github.com/brandgen/brandgen/studio"
)

// minLastLine is the least width of a paragraph's last line, as a share of its longest line: a
// shorter one reads as a widow ("… for the price | of one.", 0.2).
const minLastLine = 0.35

// shortLastLine describes rows' last line when the text runs over two or more lines and its last
// line is under minLastLine of the longest; "" when it is not.
func shortLastLine(rows []headlineRow) string {
	if len(rows) < 2 {
		return ""
	}
	longest := 0.0
	for _, r := range rows {
		longest = max(longest, r.Width)
	}
	last := rows[len(rows)-1]
	if last.Width >= longest*minLastLine {
		return ""
	}
	return fmt.Sprintf("last line %q is %.0f%% of the longest", last.Words, 100*last.Width/longest)
}

func TestShortLastLine(t *testing.T) {
	for _, tc := range []struct {
		rows []headlineRow
		bad  bool
	}{
		{[]headlineRow{{Words: []string{"one", "line"}, Width: 500}}, false},
		{[]headlineRow{{Words: []string{"get", "a", "year"}, Width: 500}, {Words: []string{"of", "one."}, Width: 100}}, true},
		{[]headlineRow{{Words: []string{"get", "a", "year"}, Width: 500}, {Words: []string{"of", "Pro", "for", "one."}, Width: 260}}, false},
	} {
		if got := shortLastLine(tc.rows) != ""; got != tc.bad {
			t.Errorf("%v: short %v, want %v", tc.rows, got, tc.bad)
		}
	}
}

// TestParagraphLastLines renders the paragraphs of the promo patterns (offer's details, stat's
// context and source, ad's body) in every sample, in halfLooks (one page answers for all of a
// pattern's paragraphs): their last line is not a
// short widow (issue 10: offer's emoji details ended on "of one." in portrait, ragged with
// text-wrap:pretty, which only keeps a single word off the last line).
func TestParagraphLastLines(t *testing.T) {
	for _, tc := range []struct {
		pattern string
		sels    []string
	}{
		{"offer", []string{".o-details"}},
		{"stat", []string{".s-context", ".s-source"}},
		{"ad", []string{".ad-body"}},
	} {
		expr := "["
		for _, sel := range tc.sels {
			expr += headlineProbe + "(" + jsString(sel) + ",'body'),"
		}
		expr += "]"
		for _, s := range posts.Samples(tc.pattern) {
			t.Run(tc.pattern+"/"+s.Name, func(t *testing.T) {
				t.Parallel()
				for _, look := range halfLooks() {
					var got []headlineResult
					probe(t, studio.Job{Pattern: tc.pattern, Content: s.Content, Look: look}, expr, &got)
					for i, g := range got {
						if !g.Found {
							continue // the sample has no such paragraph
						}
						if bad := shortLastLine(g.Rows); bad != "" {
							t.Errorf("%s %s %s: %s", look.Size, look.Style, tc.sels[i], bad)
						}
					}
				}
			})
		}
	}
}
