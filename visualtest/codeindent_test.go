package visualtest

import (
	"regexp"
	"strings"
	"testing"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/posts"
	"github.com/brandgen/brandgen/slides"
	"github.com/brandgen/brandgen/studio"
)

// codeIndentProbe finds, for every code line the page shows (the code post's .c-pre and the code
// slide's .cd-pre), the rows its characters' boxes set: the first row's start (its leading spaces
// included) and the left of its first inked character, each continuation row's first inked
// character's left, the row's width (the line's content box from the first row's start) and the
// font's column width. A space that hangs at a row's end has no say.
const codeIndentProbe = `(() => {
  ` + jsTextRows + `
  const out = [];
  for (const l of document.querySelectorAll('main.content .c-pre .l, main.content .cd-pre .l')) {
    if (!l.getClientRects().length) continue;
    const fs = parseFloat(getComputedStyle(l).fontSize), rows = textRows(l);
    if (rows.length < 2) continue;
    const lb = l.getBoundingClientRect(), pr = parseFloat(getComputedStyle(l).paddingRight);
    out.push({text: rows.map((r) => r.text).join(''), start: rows[0].l, ink: rows[0].ink,
      width: lb.right - pr - rows[0].l, ch: fs * 0.6,
      cont: rows.slice(1).filter((r) => r.ink !== undefined).map((r) => r.ink), rows: rows.map((r) => r.text)});
  }
  return out;
})()`

// codeIndentLine is one wrapped code line as codeIndentProbe reports it.
type codeIndentLine struct {
	Text              string
	Start, Ink, Width float64
	Ch                float64
	Cont              []float64
	Rows              []string // each row's text
}

// bareMarker matches a row that ends on a comment marker alone (after a space or at the row's
// start): the comment's words went to the next row.
var bareMarker = regexp.MustCompile(`(^|\s)(#|//|--|/\*)\s*$`)

// checkCommentMarker fails t for each wrapped line with a row (not its last) that ends on a bare
// comment marker: the CJK code sample's landscape window set "open(…).write(png)  #" over
// "保存 🎉" (glueComment keeps the marker with its first word).
func checkCommentMarker(t *testing.T, name string, lines []codeIndentLine) {
	t.Helper()
	for _, l := range lines {
		for i, r := range l.Rows[:max(0, len(l.Rows)-1)] {
			if bareMarker.MatchString(strings.TrimRight(r, " \u00a0")) {
				t.Errorf("%s: %q: row %d ends on a bare comment marker (%q)", name, l.Text, i+1, r)
			}
		}
	}
}

func TestBareMarker(t *testing.T) {
	for _, c := range []struct {
		row  string
		bare bool
	}{{`open("q.png").write(png)  #`, true}, {"x := 1 //", true}, {"# 保存", false}, {"a #b", false}, {"c := a - b", false}} {
		if got := bareMarker.MatchString(c.row); got != c.bare {
			t.Errorf("%q: bare %v, want %v", c.row, got, c.bare)
		}
	}
}

// checkCodeIndent fails t for each wrapped line whose continuation rows start less than a column
// in from the line's own first inked character (under its indent: a continuation left of the
// indent read as a new statement, issue 10). A deep indent's hang is capped (40% of the row, the
// templates' codeHangMax): there the continuation must start at the cap at least.
func checkCodeIndent(t *testing.T, name string, lines []codeIndentLine) {
	t.Helper()
	for _, l := range lines {
		want := l.Ink + l.Ch - 0.5
		if limit := l.Start + 0.4*l.Width - 1; want > limit {
			want = limit
		}
		for i, x := range l.Cont {
			if x < want {
				t.Errorf("%s: %q: continuation row %d starts at %.1f px, left of its line's text at %.1f px + a column (want >= %.1f)",
					name, l.Text, i+2, x, l.Ink, want)
			}
		}
	}
}

// TestCodeIndent renders the code post's samples in square and landscape and the code slide's in
// portrait and square, in every style, and checks that no wrapped row ends on a bare comment marker
// (checkCommentMarker) and that each wrapped line continues under its own indent (checkCodeIndent): the long samples' "redact(url), err)" wrapped 2 columns in from the
// line number, left of its indented return.
func TestCodeIndent(t *testing.T) {
	t.Run("post", func(t *testing.T) {
		t.Parallel()
		for _, s := range posts.Samples(posts.Code) {
			for _, size := range []brandgen.Size{brandgen.SizeSquare, brandgen.SizeLandscape} {
				for i, style := range brandgen.Styles {
					look := brandgen.Look{Size: size, Theme: brandgen.Themes[i%2], Style: style}
					var lines []codeIndentLine
					probe(t, studio.Job{Pattern: posts.Code, Content: s.Content, Look: look, Layout: s.Layout}, codeIndentProbe, &lines)
					t.Logf("%s %s %s: %d wrapped lines", s.Name, size, style, len(lines))
					checkCodeIndent(t, s.Name+" "+string(size)+" "+string(style), lines)
					checkCommentMarker(t, s.Name+" "+string(size)+" "+string(style), lines)
				}
			}
		}
	})
	t.Run("slide", func(t *testing.T) {
		t.Parallel()
		for _, smp := range slides.Samples(slides.Code) {
			page := slides.Pages([]any{smp.Slide})[0]
			page.Index, page.Total = 3, 8
			for _, size := range []brandgen.Size{brandgen.SizePortrait, brandgen.SizeSquare} {
				for i, style := range brandgen.Styles {
					look := brandgen.Look{Size: size, Theme: brandgen.Themes[i%2], Style: style}
					var lines []codeIndentLine
					probe(t, studio.Job{Pattern: slides.PatternID(slides.Code), Content: page, Look: look}, codeIndentProbe, &lines)
					t.Logf("%s %s %s: %d wrapped lines", smp.Name, size, style, len(lines))
					checkCodeIndent(t, smp.Name+" "+string(size)+" "+string(style), lines)
					checkCommentMarker(t, smp.Name+" "+string(size)+" "+string(style), lines)
				}
			}
		}
	})
}
