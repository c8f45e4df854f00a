package visualtest

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/slides"
	"github.com/brandgen/brandgen/studio"
)

// allRowsProbe reports the lines of every element matching the selector (see rowsProbe).
const allRowsProbe = `((sel) => {
  ` + jsTextRows + `
  return [...document.querySelectorAll(sel)].filter((el) => el.getClientRects().length)
    .map((el) => textRows(el).map((x) => ({text: x.text, w: x.r - x.l})));
})`

// emojiOnly matches a line that holds nothing but emoji (and the joiners, selectors and spaces
// around them).
var emojiOnly = regexp.MustCompile(`^[\p{So}\p{Sk}\x{200d}\x{fe0f}\x{fe0e}\x{1f3fb}-\x{1f3ff}\s\x{a0}]+$`)

// loneEmojiLines names the lines of the elements' rows that hold nothing but emoji.
func loneEmojiLines(els [][]rowLine) []string {
	var bad []string
	for _, rows := range els {
		for i, r := range rows {
			if t := strings.TrimSpace(r.Text); i > 0 && t != "" && emojiOnly.MatchString(t) {
				bad = append(bad, fmt.Sprintf("%q alone on line %d of %q", t, i+1, joinRows(rows)))
			}
		}
	}
	return bad
}

// brokenRange matches a line that ends inside a range of numbers ("Core hours 11–").
var brokenRange = regexp.MustCompile(`\p{N}[\x{2013}\x{2014}]\s*$`)

// brokenRanges names the lines that end inside a range of numbers.
func brokenRanges(els [][]rowLine) []string {
	var bad []string
	for _, rows := range els {
		for i, r := range rows {
			if i < len(rows)-1 && brokenRange.MatchString(r.Text) {
				bad = append(bad, fmt.Sprintf("a range broken after line %d of %q", i+1, joinRows(rows)))
			}
		}
	}
	return bad
}

// oneLetterEnd matches a line that ends on a one-letter Latin word ("the same 200 rows. A").
var oneLetterEnd = regexp.MustCompile(`(^|[\s(])\p{Latin}$`)

// oneLetterEnds names the lines, but the last, of the elements' rows that end on a one-letter word.
func oneLetterEnds(els [][]rowLine) []string {
	var bad []string
	for _, rows := range els {
		for i, r := range rows {
			if i < len(rows)-1 && oneLetterEnd.MatchString(strings.TrimSpace(r.Text)) {
				bad = append(bad, fmt.Sprintf("line %d ends on a one-letter word in %q", i+1, joinRows(rows)))
			}
		}
	}
	return bad
}

// operatorLead matches a row that starts with an assignment or comparison operator ("= '2s';").
var operatorLead = regexp.MustCompile(`^(=|:=|==|!=|<>|<=|>=|\+=|-=)(\s|$)`)

// operatorLeads names the wrapped rows of the code lines that start with an operator: the line
// broke between a name and its operator.
func operatorLeads(els [][]rowLine) []string {
	var bad []string
	for _, rows := range els {
		for i, r := range rows {
			if t := strings.TrimSpace(r.Text); i > 0 && operatorLead.MatchString(t) {
				bad = append(bad, fmt.Sprintf("row %d starts with its operator in %q", i+1, joinRows(rows)))
			}
		}
	}
	return bad
}

func joinRows(rows []rowLine) string {
	var b strings.Builder
	for i, r := range rows {
		if i > 0 {
			b.WriteString(" | ")
		}
		b.WriteString(strings.TrimSpace(r.Text))
	}
	return b.String()
}

// Carousel slides set text the way a designer would: an emoji never stands alone on a line of a
// comparison's sides, cells or verdict (the emoji sample put 🚀 under "One pipeline" and 🧩 under
// "Microservices") or of a list's items ("Docs before meetings | 📝"), a list item never breaks a
// range of numbers ("Core hours 11– | 15 CET"), a point's paragraph never ends a line on a
// one-letter word ("the same 200 rows. A | 30-second cache"; blueprint's long portrait "fell behind
// for a | week"), a code slide's wrapped line never starts a row with its operator
// ("statement_timeout | = '2s';"), and a short CJK quote keeps
// its clauses whole, never stranding a short line between two full ones (先让它能用，| 再让它正确，|
// 最后 | 让它更快。), in every style.
func TestSlideTextStrands(t *testing.T) {
	cases := []struct {
		kind, sample, sel string
		check             func([][]rowLine) []string
	}{
		{slides.Comparison, "emoji", ".cp-side,.cp-cell,.cp-verdict", loneEmojiLines},
		{slides.List, "emoji", ".ls-text", func(els [][]rowLine) []string { return append(loneEmojiLines(els), brokenRanges(els)...) }},
		{slides.Point, "emoji", ".pt-body", oneLetterEnds},
		{slides.Point, "long", ".pt-body", oneLetterEnds},
		{slides.Code, "short", ".cd-pre .l", operatorLeads},
		{slides.Quote, "cjk", ".qt-text", func(els [][]rowLine) []string {
			var bad []string
			for _, rows := range els {
				bad = append(bad, strandedLines(rowsResult{Rows: rows}, 0.55)...)
			}
			return bad
		}},
	}
	for _, tc := range cases {
		var page slides.Page
		for _, smp := range slides.Samples(tc.kind) {
			if smp.Name == tc.sample {
				page = slides.Pages([]any{smp.Slide})[0]
			}
		}
		page.Index, page.Total = 3, 8
		for _, size := range []brandgen.Size{brandgen.SizePortrait, brandgen.SizeSquare} {
			t.Run(tc.kind+"/"+tc.sample+"/"+string(size), func(t *testing.T) {
				t.Parallel()
				for _, style := range brandgen.Styles {
					look := brandgen.Look{Size: size, Theme: brandgen.ThemeLight, Style: style}
					var els [][]rowLine
					probe(t, studio.Job{Pattern: slides.PatternID(tc.kind), Content: page, Look: look}, allRowsProbe+"("+jsString(tc.sel)+")", &els)
					if len(els) == 0 {
						t.Fatalf("%s: no text at %s", style, tc.sel)
					}
					if bad := tc.check(els); len(bad) > 0 {
						t.Errorf("%s: %s", style, strings.Join(bad, "; "))
					}
				}
			})
		}
	}
}

// The row checks of TestSlideTextStrands (and of the emoji tests: loneEmojiLines) on made-up rows.
func TestRowChecks(t *testing.T) {
	for _, tc := range []struct {
		check func([][]rowLine) []string
		name  string
		rows  [][]rowLine
		want  int
	}{
		{loneEmojiLines, "an emoji after its word", [][]rowLine{{{"One", 100}, {"pipeline 🚀", 200}}}, 0},
		{loneEmojiLines, "an emoji alone", [][]rowLine{{{"One pipeline", 200}, {"🚀", 40}}}, 1},
		{loneEmojiLines, "a side's emoji under its name", [][]rowLine{{{"Microservices", 200}, {"🧩 ", 40}}}, 1},
		{loneEmojiLines, "an emoji alone opening the text", [][]rowLine{{{"🚀", 40}, {"Launch", 200}}}, 0},
		{brokenRanges, "a range on one line", [][]rowLine{{{"Core hours 11–15", 300}, {"CET ⏰", 100}}}, 0},
		{brokenRanges, "a range broken", [][]rowLine{{{"Core hours 11–", 300}, {"15 CET ⏰", 100}}}, 1},
		{brokenRanges, "a dash between words", [][]rowLine{{{"long–", 300}, {"winded", 100}}}, 0},
		{oneLetterEnds, "a one-letter word opening a line", [][]rowLine{{{"the same 200 rows.", 300}, {"A 30-second cache", 300}}}, 0},
		{oneLetterEnds, "a one-letter word ending a line", [][]rowLine{{{"the same 200 rows. A ", 300}, {"30-second cache", 300}}}, 1},
		{oneLetterEnds, "a one-letter word ending the text", [][]rowLine{{{"Plan", 300}, {"B", 30}}}, 0},
		{oneLetterEnds, "a CJK character ending a line", [][]rowLine{{{"用 Go 构", 300}, {"建", 30}}}, 0},
		{operatorLeads, "a break before the statement", [][]rowLine{{{"ALTER ROLE api", 300}, {"SET statement_timeout = '2s';", 500}}}, 0},
		{operatorLeads, "a break before the operator", [][]rowLine{{{"ALTER ROLE api SET statement_timeout", 600}, {"= '2s';", 100}}}, 1},
		{operatorLeads, "a line that starts with an operator", [][]rowLine{{{"== x", 100}}}, 0},
		{operatorLeads, "an arrow is not an assignment", [][]rowLine{{{"f(x)", 100}, {"=> x", 100}}}, 0},
	} {
		if got := tc.check(tc.rows); len(got) != tc.want {
			t.Errorf("%s: %q, want %d", tc.name, got, tc.want)
		}
	}
}
