package templates

import (
	"fmt"
	"html/template"
	"math"
	"strings"

	"github.com/brandgen/brandgen"
)

// The code post's sizing (code.tmpl): unlike the carousel's code slide (codeView alone), a post's
// code never goes under the size's readable floor. Past what fits at the floor, lines wrap under
// their number, and the tail of the snippet is marked optional so the fit script drops it line by
// line and reports content_dropped on content.code.

// codeHang is the hanging indent, in columns, of a wrapped line's continuation past the line's
// own indent (code.tmpl's and slide-code.tmpl's .l); codeHangMax is the most of a row's width the
// hang (indent and codeHang) takes, so a deeply indented line's continuations keep 60% of the row.
const (
	codeHang    = 2
	codeHangMax = 0.4
)

// codeLineHang is the columns a wrapped line's continuation rows start in from its first row's
// start, in rows width columns wide: its indent plus codeHang, at most codeHangMax of the width
// (rounded up, as the CSS's min() against 40% of the row is met in whole columns). A continuation
// under the gutter read as a new statement left of the line's own indent (issue 10).
func codeLineHang(ln string, width int) int {
	return min(lineIndent(ln)+codeHang, int(math.Ceil(codeHangMax*float64(width))))
}

// codeLineRows is the rows a line of code takes in rows width columns wide (the window's text
// less the gutter): the first row the full width, the continuations the width less its hang
// (codeLineHang).
func codeLineRows(ln string, width int) int {
	return wrapRows(ln, width, max(1, width-codeLineHang(ln, width)))
}

// codePostView is codeView for the code post (the same codeBase, its own sizing): the font size between the floor and the size's
// largest code size (landscape without words: the window alone, centred, sized to the code), the
// lines the estimate cannot fit at that size marked data-optional, last line first.
func codePostView(d Data, code, language, title, caption string) CodeView {
	v, lines := codeBase(d, code, language, title, caption)
	m := d.M
	hasWords := strings.TrimSpace(title) != "" || strings.TrimSpace(caption) != ""
	v.Solo = d.Look.Size == brandgen.SizeLandscape && !hasWords
	floor := float64(m.Floor)
	top := float64(m.Type.Lead)
	if v.Solo {
		top = float64(m.Type.H3)
	}

	pad := float64(m.Pad)
	story := d.Look.Size == brandgen.SizeStory
	titleSize, titleLines, capSize, capLines := float64(m.Type.H2), 3, float64(m.Type.Lead), 3
	if story {
		titleSize = float64(m.Type.H1)
	}
	if v.Long {
		titleSize, titleLines, capSize, capLines = float64(m.Type.H3), 3, float64(m.Type.Body), 3
		if story {
			titleSize = float64(m.Type.H2)
		}
		pad *= 0.6
	}
	gutter := float64(v.Digits + 2)
	cols := float64(max(v.Cols, 24)) + gutter
	// layout sizes the code under a title at ts: the room it leaves, the font size and leading.
	layout := func(ts float64) (availW, availH, size, leading float64) {
		availW, availH = codeRoom(d, v.Side, pad, codeWords{title, caption, ts, capSize, titleLines, capLines})
		leading = codeLeading
		if v.Long {
			leading = codeLeadingLong
		}
		size = math.Min(availW/(cols*monoAdvance), availH/(float64(v.Lines)*leading))
		size = math.Max(floor, math.Min(size, top))
		// A short snippet is set larger than its longest line allows, its long lines wrapping,
		// to use the height: in landscape the window's height is what is left once its width
		// holds the longest line (a thin strip between empty bands), and in portrait and square
		// one long line held a six-line snippet at the floor over half an empty canvas (the CJK
		// sample, 48% of the height); story then opens the lines up (up to codeLeadingOpen)
		// until the rows span most of the window's room, so title, window and caption together
		// fill the height instead of floating between bands.
		if !v.Long {
			fill, minCols := 0.75, 36
			if story {
				fill, minCols = storyCodeFill, storyCodeCols
			}
			size = storyCodeSize(lines, size, float64(m.Type.H3), availW, availH, gutter, leading, fill, minCols)
			if story {
				rows := float64(codeRows(lines, size, availW, gutter))
				leading = math.Max(leading, math.Floor(math.Min(codeLeadingOpen, availH*storyCodeFill/(rows*size))*100)/100)
			}
		}
		return availW, availH, size, leading
	}
	availW, availH, size, leading := layout(titleSize)
	// A story's title grows (to display size on up to three lines, or hero on two) while the code
	// keeps its size: a short snippet leaves the height to its words.
	if t := strings.TrimSpace(title); story && !v.Long && t != "" {
		for _, c := range []struct{ size, lines int }{{m.Type.Hero, 2}, {m.Type.Display, 3}} {
			if estimateLines(t, float64(c.size), float64(d.ContentWidth()), headlineFace(false)) > c.lines {
				continue
			}
			if w, h, s, l := layout(float64(c.size)); s >= size {
				availW, availH, size, leading = w, h, s, l
				v.TitleSize = c.size
				break
			}
		}
	}
	// Landscape's words column (a third of the width beside a full-height window): a title that
	// holds on up to four lines, its longest word whole, is set at display size or hero, so the
	// column balances the window instead of a small block in air.
	if t := strings.TrimSpace(title); v.Side && !v.Long && t != "" {
		colW := (float64(d.ContentWidth()) - 2*float64(m.Gap)) * (1 - codeSideShare)
		f := headlineFace(d.Look.Style == "editorial")
		for _, ts := range []int{m.Type.Hero, m.Type.Display} {
			if estimateLines(t, float64(ts), colW, f) <= 4 && longestWord(t, float64(ts), f) <= colW {
				v.TitleSize = ts
				break
			}
		}
	}
	if leading > codeLeading+0.02 && !v.Long {
		v.Leading = leading
	}
	v.FontSize, v.MinSize = int(size), m.Floor

	// Lines that fit at that size (keepLines: the same in every style). The lines past them and
	// one more (the estimate runs a line short) go up front (Drop: data-fit-drop), the same in every style: dropped one by one by the fit, the
	// tail was kept as far as each style's own room went, and editorial's narrower serif caption
	// (two lines where the sans took three) kept a line more of the long sample in a square.
	keep := keepLines(d, lines, size, leading, availW, availH, gutter)
	// Above and below a window the estimate counts the title and caption at their line caps and
	// runs about a line short: a line more is kept. Beside the words (landscape) or alone it is
	// exact: the window's room is the content height.
	cut := keep + codeKeepSlack
	if v.Side || v.Solo {
		cut = keep
	}
	v.HTML = markOptional(v.HTML, keep, cut)
	v.Drop = cut < len(lines)
	return v
}

// keepLines is how many of lines, from the first, fit a window availW by availH (the page d's
// style's) at size and leading, wrapped lines counted in full (at spaces, as codeRows), in the
// smallest window of the four styles (blueprint's, inset all round for its corner ticks; codeRoom
// counts only its width) so every style counts the same lines.
func keepLines(d Data, lines []string, size, leading, availW, availH, gutter float64) int {
	narrowW, shortH := narrowestWindow(d, availW, availH)
	perLine := max(8, int(narrowW/(size*monoAdvance)-gutter-codeHang))
	room := int(shortH / (size * leading))
	keep, used := 0, 0
	for _, ln := range lines {
		n := codeLineRows(ln, perLine+codeHang)
		if used+n > room {
			break
		}
		used += n
		keep++
	}
	return keep
}

// narrowestWindow is the room of the smallest window of the four styles, given page d's style's
// availW by availH: blueprint's, inset all round for its corner ticks (codeRoom takes its width
// inset already), so every style counts and grows the same lines.
func narrowestWindow(d Data, availW, availH float64) (w, h float64) {
	w = availW
	if d.Look.Style != "blueprint" {
		w -= codeBlueprintInset
	}
	return w, availH - codeBlueprintInset
}

// codeKeepSlack is the lines kept past the estimate's count under a title or over a caption.
const codeKeepSlack = 1

// Story code fill: the share of the window's room the rows of a short snippet may take
// (storyCodeSize's fill), the fewest columns a wrapped row may hold there (a phone's narrow column:
// landscape keeps 36), and the most open line-height the rows are spread to to reach the fill. Rows
// are counted as the page wraps them, at spaces (codeRows); while they were counted by columns,
// which undercounted them, the fill was 0.88 and the open line-height 1.8.
const (
	storyCodeFill   = 0.92
	codeLeadingOpen = 1.9
	storyCodeCols   = 30
)

// codeRows is the rows lines take at size s in a window availW wide (gutter columns of numbers),
// long lines wrapping at spaces as the page wraps them, their continuations under their own indent
// (codeLineRows; the first row also holds the hanging indent's columns).
func codeRows(lines []string, s, availW, gutter float64) int {
	perLine := max(1, int(availW/(s*monoAdvance)-gutter-codeHang))
	n := 0
	for _, ln := range lines {
		n += codeLineRows(ln, perLine+codeHang)
	}
	return n
}

// wrapRows is the rows a line of code takes when it wraps as the page wraps it (white-space:
// pre-wrap): at spaces, which stay at the end of their row, between wide characters and between
// the tokens of a run without spaces (breakTokens' marks); a word longer than a row breaks
// anywhere (overflow-wrap:anywhere). No-break spaces (a keyword glued to
// its word, highlight) join their neighbours, and the line's indent (no-break spaces on the page)
// stays with its first word: no row of indent alone. The first row holds first columns,
// the others rest. Counting columns alone undercounted: "ctx, cancel := context.WithTimeout(ctx,
// 2*time.Second)" took three rows where two were estimated, as the break fell at a space.
func wrapRows(ln string, first, rest int) int {
	rows, col, width := 1, 0, first
	word := 0
	place := func() {
		if word == 0 {
			return
		}
		if col > 0 && col+word > width {
			rows, col, width = rows+1, 0, rest
		}
		for col+word > width && width > 0 {
			word -= width - col
			rows, col, width = rows+1, 0, rest
		}
		col += word
		word = 0
	}
	lead, glue := true, false // at the line's indent; after a no-break space (or the indent)
	monoGlyphs(ln, func(g string, cols int) {
		switch {
		case g == " " && lead: // the indent is no-break spaces (highlight): it keeps its first word
			word++
			glue = true
			return
		case g == " ":
			place()
			col++ // a space hangs at the end of its row
		case g == zwsp: // a break between tokens (breakTokens: <wbr> on the page)
			place()
		case cols == 2:
			if !glue {
				place()
			}
			word += 2
			place()
		default:
			word += cols
		}
		lead, glue = false, g == nbsp
	})
	place()
	return rows
}

// storyCodeSize is the story's (and landscape's) own scale for code: the story has the portrait's
// width and more height, so the snippet is set larger than its longest line allows, long lines
// wrapping under their number, until its rows fill the share fill of the height (no more than one
// more wrapped row for every two lines, and a row never narrowed under minCols columns unless every
// line still fits it whole); rows counted as codeRows counts them.
func storyCodeSize(lines []string, size, top, availW, availH, gutter, leading, fill float64, minCols int) float64 {
	longest := 0
	for _, ln := range lines {
		longest = max(longest, textCols(ln))
	}
	best, base := size, codeRows(lines, size, availW, gutter)
	for s := size + 1; s <= top; s++ {
		if perLine := int(availW/(s*monoAdvance) - gutter - codeHang); perLine < minCols && perLine < longest {
			break
		}
		n := codeRows(lines, s, availW, gutter)
		if float64(n)*s*leading > availH*fill || 2*(n-base) > len(lines) {
			break
		}
		best = s
	}
	return best
}

// markOptional marks the lines of a highlighted snippet (one <span class="l"> each) that the fit
// script may drop: the last lines first, one tier per line from a few lines before keep (the
// estimate is rough), every line from cut (0-based) on in the first tier, which the page drops up
// front (CodeView.Drop). Three lines always stay.
func markOptional(h template.HTML, keep, cut int) template.HTML {
	const open = `<span class="l"` // an indented line's tag goes on with its style (Highlight)
	parts := strings.Split(string(h), open)
	n := len(parts) - 1
	from := max(3, keep-6)
	if from >= n {
		return h
	}
	var b strings.Builder
	b.Grow(len(h) + (n-from)*48)
	b.WriteString(parts[0])
	for i := range n {
		if i < from {
			b.WriteString(open)
		} else {
			tier := 1
			if i < cut {
				tier = cut - i + 1
			}
			fmt.Fprintf(&b, `<span class="l" data-optional="%d" data-path="content.code"`, tier)
		}
		b.WriteString(parts[i+1])
	}
	return template.HTML(b.String())
}
