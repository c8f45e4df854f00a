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

// eventProbe measures an event page: the title's lines (linesProbe's grouping), its font size, the
// date tile's day figure size, each fact's and each speaker's role's text with its line count, the boxes of the title
// and the date tile (columns in landscape), and the band between the title's last line and the
// date block under it (portrait-like sizes).
const eventProbe = `(() => {
  ` + jsTextRows + `
  const lines = (el) => textRows(el).map((x) => x.text);
  const h = document.querySelector('.ev-title'), day = document.querySelector('.ev-day');
  const tile = document.querySelector('.ev-tile').getBoundingClientRect(), hb = h.getBoundingClientRect();
  const rows = textRows(h), when = document.querySelector('.ev-left > .ev-when');
  const fs = parseFloat(getComputedStyle(h).fontSize), last = rows.length ? rows[rows.length - 1].c + fs * 0.5 : hb.bottom;
  return {title: lines(h), titleFS: parseFloat(getComputedStyle(h).fontSize),
    dayFS: day ? parseFloat(getComputedStyle(day).fontSize) : 0,
    facts: [...document.querySelectorAll('.ev-fact-text')].map((f) => ({text: f.textContent.trim(), n: lines(f).length})),
    roles: [...document.querySelectorAll('.ev-role')].map((f) => ({text: f.textContent.trim(), n: lines(f).length})),
    titleRight: hb.right, tileLeft: tile.left, band: when ? when.getBoundingClientRect().top - last : 0};
})()`

type eventPage struct {
	Title   []string `json:"title"`
	TitleFS float64  `json:"titleFS"`
	DayFS   float64  `json:"dayFS"`
	Facts   []struct {
		Text string `json:"text"`
		N    int    `json:"n"`
	} `json:"facts"`
	Roles []struct {
		Text string `json:"text"`
		N    int    `json:"n"`
	} `json:"roles"`
	TitleRight float64 `json:"titleRight"`
	TileLeft   float64 `json:"tileLeft"`
	Band       float64 `json:"band"`
}

// maxEventBand is the most room a story may leave between the title's last line and the date
// block under it: the block grows into the height instead (the short story left ~200 px when the
// title, set smaller so "Chrome" is not alone, held the whole page at the growth its four lines
// allowed).
const maxEventBand = 160

// eventRuleCheck returns the event layout rules the page breaks: a title line other than the last
// holding one word ("Office | hours: ask us", "ask us anything | about | brand kits"), a day figure
// over 1.1x the title, short facts broken in two where they have the width (story, landscape), a
// short speaker's role (24 columns at most) broken in two under its name in landscape (glass grew
// its one speaker and broke "Developer / Advocate 🎨" where the other styles kept it whole), a
// story band under the title over maxEventBand, and a landscape date tile under the title instead
// of in its own column (few speakers).
func eventRuleCheck(p eventPage, size brandgen.Size, side bool) []string {
	var bad []string
	if len(p.Title) >= 3 {
		for _, l := range p.Title[:len(p.Title)-1] {
			if f := strings.Fields(l); len(f) == 1 && textlang.Columns(l) == len([]rune(strings.TrimSpace(l))) {
				bad = append(bad, "title line "+strings.TrimSpace(l)+" is one word: "+strings.Join(p.Title, " | "))
			}
		}
	}
	if p.DayFS > p.TitleFS*1.1+0.5 {
		bad = append(bad, fmt.Sprintf("day figure %.1f px over 1.1x the title %.1f px", p.DayFS, p.TitleFS))
	}
	if size == brandgen.SizeStory || size == brandgen.SizeLandscape && side {
		for _, f := range p.Facts {
			if textlang.Columns(f.Text) <= 24 && f.N > 1 {
				bad = append(bad, fmt.Sprintf("fact %q on %d lines", f.Text, f.N))
			}
		}
	}
	if size == brandgen.SizeLandscape {
		for _, r := range p.Roles {
			if textlang.Columns(r.Text) <= 24 && r.N > 1 {
				bad = append(bad, fmt.Sprintf("role %q on %d lines", r.Text, r.N))
			}
		}
	}
	if size == brandgen.SizeStory && p.Band > maxEventBand {
		bad = append(bad, fmt.Sprintf("a band of %.0f px under the title (at most %d)", p.Band, maxEventBand))
	}
	if size == brandgen.SizeLandscape && side && p.TileLeft < p.TitleRight {
		bad = append(bad, "landscape: the date tile is not in a column of its own")
	}
	return bad
}

// TestEventLayout checks every event sample in every size and style against eventRuleCheck.
func TestEventLayout(t *testing.T) {
	brand := &brandgen.Brand{Name: "Northwind Labs", Handle: "@northwind", Colors: &brandgen.Colors{Primary: "#4f46e5", Secondary: "#f59e0b"}}
	for _, s := range posts.Samples(posts.Event) {
		c := s.Content.(posts.EventContent)
		// A compact CJK title takes the side layout with two speakers at most (event.tmpl $sideMax).
		most := 3
		if textlang.IsCJK(textlang.Of(s.Content)) {
			most = 2
		}
		side := len(c.Speakers) <= most && s.Name != "long"
		for _, size := range brandgen.Sizes {
			for _, style := range brandgen.Styles {
				look := brandgen.Look{Size: size, Theme: brandgen.ThemeLight, Style: style}
				var p eventPage
				probe(t, studio.Job{Pattern: posts.Event, Content: s.Content, Look: look, Brand: brand}, eventProbe, &p)
				if len(p.Title) == 0 || p.TitleFS == 0 {
					t.Fatalf("%s %s %s: no title", s.Name, size, style)
				}
				for _, b := range eventRuleCheck(p, size, side) {
					t.Errorf("%s %s %s: %s", s.Name, size, style, b)
				}
			}
		}
	}
}
