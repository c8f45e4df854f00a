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

// codeHang is the hanging indent, in columns, of a wrapped line's continuation (code.tmpl's .l).
const codeHang = 2

// codePostView is codeView for the code post: the font size between the floor and the size's
// largest code size (landscape without words: the window alone, centred, sized to the code), the
// lines the estimate cannot fit at that size marked data-optional, last line first.
func codePostView(d Data, code, language, title, caption string) CodeView {
	v := codeView(d, code, language, title, caption)
	lines := CodeLines(code)
	if len(lines) == 0 {
		lines = []string{""}
	}
	m := d.M
	hasWords := strings.TrimSpace(title) != "" || strings.TrimSpace(caption) != ""
	v.Solo = d.Look.Size == brandgen.SizeLandscape && !hasWords
	floor := float64(m.Floor)
	top := float64(m.Type.Lead)
	if v.Solo {
		top = float64(m.Type.H3)
	}

	pad := float64(m.Pad)
	titleSize, titleLines, capSize, capLines := float64(m.Type.H2), 3, float64(m.Type.Lead), 3
	if d.Look.Size == brandgen.SizeStory {
		titleSize = float64(m.Type.H1)
	}
	if v.Long {
		titleSize, titleLines, capSize, capLines = float64(m.Type.H3), 3, float64(m.Type.Body), 3
		if d.Look.Size == brandgen.SizeStory {
			titleSize = float64(m.Type.H2)
		}
		pad *= 0.6
	}
	availW, availH := codeRoom(d, v.Side, pad, codeWords{title, caption, titleSize, capSize, titleLines, capLines})
	leading := codeLeading
	if v.Long {
		leading = codeLeadingLong
	}
	gutter := float64(v.Digits + 2)
	cols := float64(max(v.Cols, 24)) + gutter
	size := math.Min(availW/(cols*monoAdvance), availH/(float64(v.Lines)*leading))
	size = math.Max(floor, math.Min(size, top))
	// Story (the portrait's width, more height) and landscape (the window's height is what is left
	// once its width holds the longest line: a short snippet in a thin strip between empty bands)
	// set a short snippet larger, wrapping its long lines, to use their height.
	if (d.Look.Size == brandgen.SizeStory || d.Look.Size == brandgen.SizeLandscape) && !v.Long {
		size = storyCodeSize(lines, size, float64(m.Type.H3), availW, availH, gutter, leading)
	}
	v.FontSize, v.MinSize = int(size), m.Floor

	// Lines that fit at that size, wrapped lines counted in full.
	perLine := max(8, int(availW/(size*monoAdvance)-gutter-codeHang))
	room := int(availH / (size * leading))
	keep, used := 0, 0
	for _, ln := range lines {
		n := max(1, (textCols(ln)+perLine-1)/perLine)
		if used+n > room {
			break
		}
		used += n
		keep++
	}
	v.HTML = markOptional(v.HTML, keep)
	return v
}

// storyCodeSize is the story's (and landscape's) own scale for code: the story has the portrait's
// width and more height, so the snippet is set larger than its longest line allows, long lines wrapping under their
// number, until its rows fill about three quarters of the height (no more than one more wrapped row
// for every two lines, and never under 36 columns a row).
func storyCodeSize(lines []string, size, top, availW, availH, gutter, leading float64) float64 {
	rows := func(s float64) int {
		perLine := max(1, int(availW/(s*monoAdvance)-gutter-codeHang))
		n := 0
		for _, ln := range lines {
			n += max(1, (textCols(ln)+perLine-1)/perLine)
		}
		return n
	}
	best, base := size, rows(size)
	for s := size + 1; s <= top; s++ {
		if int(availW/(s*monoAdvance)-gutter-codeHang) < 36 {
			break
		}
		n := rows(s)
		if float64(n)*s*leading > availH*0.75 || 2*(n-base) > len(lines) {
			break
		}
		best = s
	}
	return best
}

// markOptional marks the lines of a highlighted snippet (one <span class="l"> each) that the fit
// script may drop: the last lines first, one tier per line from a few lines before keep (the
// estimate is rough), every line from two past keep in the first tier. Three lines always stay.
func markOptional(h template.HTML, keep int) template.HTML {
	const open = `<span class="l">`
	parts := strings.Split(string(h), open)
	n := len(parts) - 1
	cut := keep + 2
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
			fmt.Fprintf(&b, `<span class="l" data-optional="%d" data-path="content.code">`, tier)
		}
		b.WriteString(parts[i+1])
	}
	return template.HTML(b.String())
}
