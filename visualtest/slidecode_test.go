package visualtest

import (
	"testing"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/slides"
	"github.com/brandgen/brandgen/studio"
)

// slideCodeMinSpan is the share of a code slide's body height that its title, window and caption
// span together (slideProbe's span) when the slide has a title or caption: a snippet sized to its
// longest line left the parts in a block over one dead band (the CJK sample spanned about half
// the portrait body).
const slideCodeMinSpan = 0.65

// slideCodeMinCover is the share of a code slide's body height its title, window and caption
// cover with their own boxes (slideProbe's cover): the CJK sample spanned 85% of the portrait body
// as three bands with air between them, its parts covering 53%.
const slideCodeMinCover = 0.6

// codeBreakProbe lists the rows of the code (.cd-pre .l) that end inside a token, between two word
// characters, where the row held a break between tokens: a space, or a "." "(" "," "[" "{" between
// two tokens (highlight's <wbr>). The page breaks a run anywhere (overflow-wrap:anywhere) only
// where its row has no other opportunity: "ParameterStatus("in_hot_stan|dby")" broke inside the
// string before the break after "(" was there.
const codeBreakProbe = `(() => {
  ` + jsTextRows + `
  // Latin word characters: between CJK characters a row may break anywhere.
  const word = /[A-Za-z0-9_\u00c0-\u024f]/, boundary = /\S[.(,[{][^\s)\]}]| \S/;
  const out = [];
  document.querySelectorAll('.cd-pre .l').forEach((l) => {
    const rows = textRows(l);
    for (let i = 0; i + 1 < rows.length; i++) {
      const a = rows[i].text.replace(/^[\s\u00a0]+/, ''), b = rows[i + 1].text;
      if (word.test(a.slice(-1)) && word.test(b.charAt(0)) && boundary.test(a)) out.push(a + ' | ' + b);
    }
  });
  return out;
})()`

// codeSlideResult is slideProbe's answer with codeBreakProbe's.
type codeSlideResult struct {
	slideResult
	MidBreaks []string `json:"midBreaks"`
}

// TestSlideCodeSpan renders every code slide sample with a title or caption in portrait and square
// in every style and checks that its parts span slideCodeMinSpan of the body's height and cover
// slideCodeMinCover of it, and that no row of its code ends inside a token where the row held a
// break between tokens (codeBreakProbe).
func TestSlideCodeSpan(t *testing.T) {
	for _, smp := range slides.Samples(slides.Code) {
		cs, ok := smp.Slide.(slides.CodeSlide)
		if !ok || cs.Title == "" && cs.Caption == "" {
			continue
		}
		page := slides.Pages([]any{smp.Slide})[0]
		page.Index, page.Total = 3, 8
		t.Run(smp.Name, func(t *testing.T) {
			t.Parallel()
			for _, size := range []brandgen.Size{brandgen.SizePortrait, brandgen.SizeSquare} {
				for i, style := range brandgen.Styles {
					look := brandgen.Look{Size: size, Theme: brandgen.Themes[i%2], Style: style}
					var p codeSlideResult
					probe(t, studio.Job{Pattern: slides.PatternID(slides.Code), Content: page, Look: look}, "Object.assign("+slideProbe+", {midBreaks: "+codeBreakProbe+"})", &p)
					for _, b := range p.MidBreaks {
						t.Errorf("%s %s: a row of code ends inside a token where it held a break between tokens: %q", size, style, b)
					}
					t.Logf("%s %s: the parts span %.0f%% of the body and cover %.0f%%, code %.1f px", size, style, p.Span*100, p.Cover*100, p.Code)
					if p.Cover < slideCodeMinCover {
						t.Errorf("%s %s: the title, window and caption cover %.0f%% of the body's height (want >= %.0f%%)", size, style, p.Cover*100, slideCodeMinCover*100)
					}
					if p.Span < slideCodeMinSpan {
						t.Errorf("%s %s: the title, window and caption span %.0f%% of the body's height (want >= %.0f%%)", size, style, p.Span*100, slideCodeMinSpan*100)
					}
				}
			}
		})
	}
}
