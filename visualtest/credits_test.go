package visualtest

import (
	"fmt"
	"strings"
	"testing"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/posts"
	"github.com/brandgen/brandgen/studio"
)

// quoteAuthorProbe reads a quote's author line as the page sets it: the text of each of its lines.
const quoteAuthorProbe = `(() => {
` + jsTextRows + `  const a = document.querySelector('.q-author');
  return a ? textRows(a).map((r) => r.text) : [];
})()`

// squeeze drops every space (no-break spaces too) so texts compare whatever their breaks.
func squeeze(s string) string {
	return strings.Join(strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == '\u00a0' || r == '\n' || r == '\t' }), "")
}

// nameSplit reports a quote author's name (up to the first ", ") that the page broke over lines:
// no one line holds it whole.
func nameSplit(author string, lines []string) string {
	name, _, _ := strings.Cut(author, ", ")
	if len([]rune(name)) > 26 {
		return "" // a name past 26 columns may wrap (the template keeps only shorter ones whole)
	}
	for _, l := range lines {
		if strings.Contains(squeeze(l), squeeze(name)) {
			return ""
		}
	}
	return fmt.Sprintf("the name %q is broken over lines %q", name, lines)
}

func TestNameSplit(t *testing.T) {
	for _, c := range []struct {
		author string
		lines  []string
		split  bool
	}{
		{"Edsger W. Dijkstra", []string{"Edsger W. ", "Dijkstra"}, true},
		{"Edsger W. Dijkstra", []string{"Edsger W. Dijkstra"}, false},
		{"María Fernández-Castillo, VP of Marketing", []string{"María ", "Fernández-Castillo, VP of", "Marketing"}, true},
		{"María Fernández-Castillo, VP of Marketing", []string{"María Fernández-Castillo, ", "VP of Marketing"}, false},
	} {
		if got := nameSplit(c.author, c.lines); (got != "") != c.split {
			t.Errorf("%q as %q: %q, want split %v", c.author, c.lines, got, c.split)
		}
	}
}

// TestQuoteNameWhole renders every quote sample with an author in every size and style: the
// author's name (up to its first ", ", up to 26 columns) stays on one line. Landscape's narrow
// credits column broke it in editorial (small caps at .1em): "Edsger W. / Dijkstra", and "María"
// alone over "Fernández-Castillo, VP".
func TestQuoteNameWhole(t *testing.T) {
	for _, s := range posts.Samples("quote") {
		c, ok := s.Content.(posts.QuoteContent)
		if !ok || c.Author == "" {
			continue
		}
		t.Run(s.Name, func(t *testing.T) {
			t.Parallel()
			for _, size := range brandgen.Sizes {
				for _, style := range brandgen.Styles {
					var lines []string
					probe(t, studio.Job{Pattern: "quote", Content: s.Content, Look: brandgen.Look{Size: size, Theme: brandgen.ThemeLight, Style: style}}, quoteAuthorProbe, &lines)
					if len(lines) == 0 {
						t.Fatalf("%s %s: no author lines", size, style)
					}
					if msg := nameSplit(c.Author, lines); msg != "" {
						t.Errorf("%s %s: %s", size, style, msg)
					}
				}
			}
		})
	}
}

// announcementFootProbe measures an announcement's foot: the call to action's and the date's font
// sizes (0 when absent).
const announcementFootProbe = `(() => {
  const fs = (el) => el ? parseFloat(getComputedStyle(el).fontSize) : 0;
  return {cta: fs(document.querySelector('.p-announcement .cta')), date: fs(document.querySelector('.p-announcement .a-date [data-fit]'))};
})()`

// TestAnnouncementDateUnderCTA renders every announcement sample with a call to action and a date
// in every size and style: the date, the foot's second voice, is never larger than the call to
// action. A long call to action shrank alone to landscape's narrow column and the date, left at its
// size, stood at about twice it (editorial: 46 px against 26).
func TestAnnouncementDateUnderCTA(t *testing.T) {
	for _, s := range posts.Samples("announcement") {
		c, ok := s.Content.(posts.AnnouncementContent)
		if !ok || c.CTA == "" || c.Date == "" {
			continue
		}
		t.Run(s.Name, func(t *testing.T) {
			t.Parallel()
			for _, size := range brandgen.Sizes {
				for _, style := range brandgen.Styles {
					var p struct{ CTA, Date float64 }
					raw := probe(t, studio.Job{Pattern: "announcement", Content: s.Content, Look: brandgen.Look{Size: size, Theme: brandgen.ThemeLight, Style: style}}, announcementFootProbe, &p)
					if p.CTA == 0 || p.Date == 0 {
						t.Fatalf("%s %s: no call to action or date: %s", size, style, raw)
					}
					if p.Date > p.CTA+0.5 {
						t.Errorf("%s %s: date %.1f px over the call to action %.1f px", size, style, p.Date, p.CTA)
					}
				}
			}
		})
	}
}
