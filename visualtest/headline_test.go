package visualtest

import (
	"strings"
	"testing"
	"unicode"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/charts"
	"github.com/brandgen/brandgen/posts"
	"github.com/brandgen/brandgen/studio"
)

// headlineProbe measures the headline at the selector: its lines (words and width, from the client
// rects of its text grouped by vertical centre), its font size, and the height of its text over the
// inner height of the box at boxSel.
const headlineProbe = `((sel, boxSel) => {
  const h = document.querySelector(sel), box = document.querySelector(boxSel);
  if (!h || !box) return {found: false};
  const fs = parseFloat(getComputedStyle(h).fontSize);
  const rows = [];
  const w = document.createTreeWalker(h, NodeFilter.SHOW_TEXT);
  for (let n = w.nextNode(); n; n = w.nextNode()) {
    const re = /\S+/g;
    let m;
    while ((m = re.exec(n.data))) {
      const r = document.createRange();
      r.setStart(n, m.index); r.setEnd(n, m.index + m[0].length);
      for (const b of r.getClientRects()) {
        if (!b.width) continue;
        const c = (b.top + b.bottom) / 2;
        let row = rows.find((x) => Math.abs(x.c - c) < fs * 0.5);
        if (!row) rows.push(row = {c, l: b.left, r: b.right, top: b.top, bottom: b.bottom, words: []});
        row.l = Math.min(row.l, b.left); row.r = Math.max(row.r, b.right);
        row.top = Math.min(row.top, b.top); row.bottom = Math.max(row.bottom, b.bottom);
        if (row.words[row.words.length - 1] !== m[0]) row.words.push(m[0]);
      }
    }
  }
  rows.sort((a, b) => a.c - b.c);
  const cs = getComputedStyle(box), bb = box.getBoundingClientRect();
  const inner = bb.height - parseFloat(cs.paddingTop) - parseFloat(cs.paddingBottom) - parseFloat(cs.borderTopWidth) - parseFloat(cs.borderBottomWidth);
  const lh = parseFloat(getComputedStyle(h).lineHeight) || fs;
  return {found: true, fs, rows: rows.map((x) => ({words: x.words, width: x.r - x.l})), fill: rows.length * lh / inner};
})`

type headlineRow struct {
	Words []string `json:"words"`
	Width float64  `json:"width"`
}

type headlineResult struct {
	Found bool          `json:"found"`
	FS    float64       `json:"fs"`
	Rows  []headlineRow `json:"rows"`
	Fill  float64       `json:"fill"`
}

// strayWords returns the lines before the last that hold one word and are under 3/5 of the longest
// line ("Ship it. | Then | make it | beautiful."): a word left alone inside a headline. Two to four
// words ("Less, | but | better.") may stack a word a line, as a poster does.
func strayWords(rows []headlineRow) []string {
	longest, words := 0.0, 0
	for _, r := range rows {
		longest = max(longest, r.Width)
		words += len(r.Words)
	}
	if words < 5 {
		return nil
	}
	var bad []string
	for i, r := range rows {
		if i < len(rows)-1 && len(r.Words) == 1 && r.Width < longest*0.6 {
			bad = append(bad, r.Words[0])
		}
	}
	return bad
}

func sampleContent(t *testing.T, pattern, name string) any {
	t.Helper()
	for _, s := range posts.Samples(pattern) {
		if s.Name == name {
			return s.Content
		}
	}
	t.Fatalf("no sample %s/%s", pattern, name)
	return nil
}

// A poster's (and a cover's) headline never leaves a word alone on a line inside it (flat's story set "Ship it. |
// Then | make it | beautiful."), and it fills its box: a headline of two clauses too wide for a
// line each stacks them ("Deploy on | Friday? | Only with | tests") rather than shrinking to two
// small centred lines (editorial's emoji poster filled a third of its box).
func TestPosterHeadlineLines(t *testing.T) {
	for _, tc := range []struct {
		pattern, sample string
		size            brandgen.Size
		minFill         float64
	}{
		{"poster", "short", brandgen.SizeStory, 0},
		{"poster", "short", brandgen.SizePortrait, 0.5},
		{"poster", "emoji", brandgen.SizePortrait, 0.6},
		{"poster", "emoji", brandgen.SizeLandscape, 0.6},
		{"poster", "minimal", brandgen.SizePortrait, 0.6},
		// blueprint's cover set "Five things | we shipped | this | week": a refit after one glue
		// left another word alone.
		{"cover", "emoji", brandgen.SizePortrait, 0},
	} {
		content := sampleContent(t, tc.pattern, tc.sample)
		sel, box := ".p-headline", ".p-main"
		if tc.pattern == "cover" {
			sel, box = ".pc-title", ".pc-main"
		}
		for _, style := range brandgen.Styles {
			t.Run(tc.pattern+"/"+tc.sample+"/"+string(tc.size)+"/"+string(style), func(t *testing.T) {
				t.Parallel()
				look := brandgen.Look{Size: tc.size, Theme: brandgen.ThemeLight, Style: style}
				var got headlineResult
				raw := probe(t, studio.Job{Pattern: tc.pattern, Content: content, Look: look},
					headlineProbe+"("+jsString(sel)+","+jsString(box)+")", &got)
				if !got.Found || len(got.Rows) == 0 {
					t.Fatalf("no headline: %s", raw)
				}
				if bad := strayWords(got.Rows); len(bad) > 0 {
					t.Errorf("word(s) %q alone on a line inside the headline: %s", bad, raw)
				}
				if got.Fill < tc.minFill {
					t.Errorf("headline lines fill %.0f%% of their box (want >= %.0f%%): %s", got.Fill*100, tc.minFill*100, raw)
				}
			})
		}
	}
}

// figureProbe reports, for every element under the selectors whose own text holds a digit, its
// class, its text and its computed font-variant-numeric.
const figureProbe = `((sels) => {
  const out = [];
  document.querySelectorAll(sels).forEach((el) => {
    const own = [...el.childNodes].filter((n) => n.nodeType === 3).map((n) => n.data).join('');
    if (/\d/.test(own)) out.push({cls: String(el.className), text: own.trim().slice(0, 40), num: getComputedStyle(el).fontVariantNumeric});
  });
  return out;
})`

// Figures are set in lining figures everywhere in editorial, whose Garamond draws old-style ones by
// default (a "01" at x-height read as a footnote mark beside its title, a "$9" in a price as a
// typo): headlines, hero numbers, prices, dates, chart labels. Only the small-caps kickers and a
// stat's small-caps source line (kicker) keep old-style figures, which sit at the small caps' height.
func TestEditorialLiningFigures(t *testing.T) {
	chart := charts.Content{ChartType: charts.TypeDonut, Title: "Q3 2026: 42% of sign-ups came from search", Unit: "%",
		Slices: []charts.Point{{Label: "Organic", Value: 42}, {Label: "Referrals", Value: 23}, {Label: "Social", Value: 18}, {Label: "Paid", Value: 17}}}
	for _, tc := range []struct {
		name, pattern, sels, kicker string
		content                     any
	}{
		{"showcase/long", "showcase", ".sc-num,.sc-title,.sc-feat-title,.sc-feat-text,.sc-cta-text", "", sampleContent(t, "showcase", "long")},
		{"showcase", "showcase", ".sc-num,.sc-title", ".sc-kicker", posts.ShowcaseContent{Kicker: "Release 3.2", Title: "How Fjordbyte cut design tickets by 80%",
			Features: []posts.Item{{Title: "3x faster"}, {Title: "12 templates"}}}},
		{"cover", "cover", ".pc-title", ".pc-kicker", posts.CoverContent{Kicker: "Issue 42", Title: "How we cut our p99 latency by 80%"}},
		{"poster", "poster", ".p-headline,.p-headline .clause", "", posts.PosterContent{Headline: "10 years, 300 releases"}},
		{"announcement", "announcement", ".a-title", ".a-kicker,.a-kicker *", posts.AnnouncementContent{Kicker: "v2.0", Title: "Postgres 17 support is here"}},
		{"stat", "stat", ".s-value,.s-value *,.s-label,.s-context", ".s-source", posts.StatContent{Value: "73%", Label: "of 1,200 teams ship weekly", Context: "Up from 41% in 2024.", Source: "Survey 2026"}},
		{"offer", "offer", ".p-offer *", "", posts.OfferContent{Headline: "Black Friday 2026", Discount: "30% OFF", Details: "All plans from $9/mo for 12 months", Expires: "Until 31 Dec"}},
		{"event", "event", ".ev-title,.ev-when *,.ev-facts *", ".ev-kicker", posts.EventContent{Kicker: "Meetup 12", Title: "Go 1.26 in production", Date: "Thu, 12 March 2026", Time: "18:00 CET", Place: "Berlin"}},
		{"chart", "chart", ".headline,svg text,svg tspan", "", chart},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			look := brandgen.Look{Size: brandgen.SizePortrait, Theme: brandgen.ThemeLight, Style: brandgen.StyleEditorial}
			var got []struct{ Cls, Text, Num string }
			raw := probe(t, studio.Job{Pattern: tc.pattern, Content: tc.content, Look: look}, figureProbe+"("+jsString(tc.sels)+")", &got)
			if len(got) == 0 {
				t.Fatalf("no figures found under %s: %s", tc.sels, raw)
			}
			for _, g := range got {
				if !strings.Contains(g.Num, "lining-nums") {
					t.Errorf("%s %q: font-variant-numeric %q, want lining-nums", g.Cls, g.Text, g.Num)
				}
			}
			if tc.kicker == "" {
				return
			}
			raw = probe(t, studio.Job{Pattern: tc.pattern, Content: tc.content, Look: look}, figureProbe+"("+jsString(tc.kicker)+")", &got)
			if len(got) == 0 {
				t.Fatalf("no figures found in the kicker %s: %s", tc.kicker, raw)
			}
			for _, g := range got {
				if strings.Contains(g.Num, "lining-nums") {
					t.Errorf("kicker %s %q: font-variant-numeric %q, want old-style figures", g.Cls, g.Text, g.Num)
				}
			}
		})
	}
}

// loneWords returns the one-word lines of a text of three or more words that are under 4/5 of its
// longest line (the rule of clauses.js's widows), the last line too unless lastOK, and both words
// of a two-word name set on two lines ("Golang | Weekly").
func loneWords(rows []headlineRow, lastOK bool) []string {
	longest, words := 0.0, 0
	for _, r := range rows {
		longest = max(longest, r.Width)
		words += wordsIn(r.Words)
	}
	if len(rows) < 2 || words < 2 {
		return nil
	}
	var bad []string
	for i, r := range rows {
		if lastOK && i == len(rows)-1 && words > 2 {
			continue
		}
		if wordsIn(r.Words) == 1 && (words == 2 || r.Width < longest*0.8) {
			bad = append(bad, strings.Join(r.Words, " "))
		}
	}
	return bad
}

// wordsIn counts the words of a line's tokens: an emoji or a mark after a word ("countdowns ⏳ .")
// is part of it, not a word of its own (as clauses.js's strays counts them).
func wordsIn(tokens []string) int {
	n := 0
	for _, tok := range tokens {
		if strings.IndexFunc(tok, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) >= 0 {
			n++
		}
	}
	return n
}

// The texts marked data-widow never leave a word alone on a line where freeing it costs little
// (seen on the contact sheets: showcase's bare story title opening on "How" (editorial's too: the
// glued "How Fjordbyte" sets the grown title 14% smaller, still 1.2x its template size), offer's
// "Your first | month | is on us", grid's "Safe | margins and auto-fit text.", resources' "Golang |
// Weekly" in landscape, a resource's text ending on "Go." alone in story, glass's
// grown story listicle item "Be | consistent", campaign's message ending on "fund.", event's short story title ending on
// "Chrome" in the sans styles (data-widow="size": the title is set a little under its template
// size, "Branded images at | scale with Go and | headless Chrome"); flat's heavy "Golang Weekly"
// is glued too, its page held at its growth), announcement's emoji body ending on "countdowns ⏳."
// in square (a word with its emoji is one word), grid's long portrait card title ending on "colours"
// or "network". skip lists the styles where the glued pair is too
// wide for the line at widows' least size, which leaves the text as the fit set it; lastOK a text
// whose last word may stay alone (grid's narrow cells: "auto-fit | text." breaks at the hyphen
// when glued).
func TestWidowWords(t *testing.T) {
	for _, tc := range []struct {
		pattern, sample, sel string
		size                 brandgen.Size
		lastOK               bool
		skip                 brandgen.Style
	}{
		{"showcase", "bare", ".sc-title", brandgen.SizeStory, false, ""},
		{"event", "short", ".ev-title", brandgen.SizeStory, false, ""},
		{"offer", "minimal", ".o-headline", brandgen.SizeStory, false, ""},
		{"grid", "six", ".g-cell:nth-child(2) .g-text", brandgen.SizeSquare, true, ""},
		{"resources", "minimal", ".pr-name", brandgen.SizeLandscape, false, ""},
		{"resources", "short", ".pr-item:nth-child(3) .pr-text", brandgen.SizeStory, false, ""},
		{"listicle", "minimal", ".li-item:nth-child(3) .li-name", brandgen.SizeStory, false, ""},
		{"campaign", "short", ".cp-msg", brandgen.SizePortrait, false, ""},
		{"campaign", "short", ".cp-msg", brandgen.SizeLandscape, false, ""},
		{"announcement", "emoji", ".a-body", brandgen.SizeSquare, false, ""},
		{"grid", "long", ".g-cell:nth-child(2) .g-title", brandgen.SizePortrait, false, ""},
	} {
		content := sampleContent(t, tc.pattern, tc.sample)
		for _, style := range brandgen.Styles {
			if style == tc.skip {
				continue
			}
			t.Run(tc.pattern+"/"+tc.sample+"/"+string(tc.size)+"/"+string(style), func(t *testing.T) {
				t.Parallel()
				look := brandgen.Look{Size: tc.size, Theme: brandgen.ThemeLight, Style: style}
				var got headlineResult
				raw := probe(t, studio.Job{Pattern: tc.pattern, Content: content, Look: look},
					headlineProbe+"("+jsString(tc.sel)+",'body')", &got)
				if !got.Found || len(got.Rows) == 0 {
					t.Fatalf("no %s: %s", tc.sel, raw)
				}
				if bad := loneWords(got.Rows, tc.lastOK); len(bad) > 0 {
					t.Errorf("word(s) %q alone on a line of %s: %s", bad, tc.sel, raw)
				}
			})
		}
	}
}
