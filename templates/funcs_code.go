package templates

import (
	"html/template"
	"math"
	"strconv"
	"strings"

	"github.com/brandgen/brandgen"
)

// Template func of the code post format: the highlighted snippet and the numbers its editor window
// is laid out with.

// CodeView is a snippet prepared for the code pattern.
type CodeView struct {
	HTML      template.HTML // one <span class="l"> per line, tokens as <span class="t-X"> (see highlight.go)
	Lines     int           // line count after trimming blank lines at both ends
	Cols      int           // the longest line in monospace columns (tabs expanded)
	Digits    int           // digits of the last line number
	Lang      string        // canonical language id ("go", "typescript", ...); "" when unknown
	Label     string        // display name ("Go", "TypeScript"); the language as given when unknown
	File      string        // the file name shown on the editor tab ("main.go")
	FontSize  int           // starting font size in px, estimated so the code fits the window
	MinSize   int           // the smallest size the fit script may shrink it to
	Long      bool          // more than codeLongLines lines: the page shrinks the title and caption
	Side      bool          // landscape with a title or caption: words in a left column, the window right
	Solo      bool          // landscape without words: the window alone, centred (codePostView)
	Leading   float64       // story: the code's line-height when it is opened up to fill the height; 0: the CSS default
	TitleSize int           // story and landscape: the title's size in px when set larger than the default; 0: the default
	Drop      bool          // code post: the first optional tier (the lines past the estimate) goes up front (data-fit-drop)
}

// codeLongLines is the line count above which the code pattern shrinks its title and caption;
// codeSideShare is the window's share of the width in the landscape two-column layout (code.tmpl's
// grid columns 1fr and 2.1fr).
const (
	codeLongLines = 16
	codeSideShare = 2.1 / 3.1
)

// Monospace measures (JetBrains Mono): advance 0.6 em; the pattern sets line-height 1.5, 1.38 for
// long snippets.
const (
	monoAdvance     = 0.6
	codeLeading     = 1.5
	codeLeadingLong = 1.38
)

// codeBlueprintInset is the width blueprint's code window loses: code.tmpl insets it 12 px each
// side for its corner ticks.
const codeBlueprintInset = 24

// slideCodeFill is the share of the window's estimated room a short snippet's rows may span on a
// code slide when its lines are opened up (CodeView.Leading; the estimate counts the title at the
// second heading, larger than the slide draws it, so the rows stay inside the window).
const slideCodeFill = 0.92

// codeView prepares code in language for the page d: highlighted lines and a starting font size
// that fits the snippet's longest line and its line count into the editor window, between a
// legible minimum and the canvas's lead size. title and caption are the texts drawn above and
// below the window ("" when absent); they only shape the estimate.
func codeView(d Data, code, language, title, caption string) CodeView {
	v, lines := codeBase(d, code, language, title, caption)
	m := d.M
	pad := float64(m.Pad)
	// Long snippets get a smaller title and caption (see code.tmpl); estimate with what the page
	// will draw: the window's title bar and padding, the title and caption at their line caps.
	long := v.Long
	titleSize, titleLines, capSize, capLines := float64(m.Type.H2), 3, float64(m.Type.Lead), 3
	if long {
		titleSize, titleLines, capSize, capLines = float64(m.Type.H3), 2, float64(m.Type.Body), 2
		pad *= 0.6
	}
	availW, availH := codeRoom(d, v.Side, pad, codeWords{title, caption, titleSize, capSize, titleLines, capLines})
	// The gutter takes the digits plus 2 columns. The height estimate runs 8% generous: the fit
	// script only shrinks.
	cols := float64(max(v.Cols, 24) + v.Digits + 2)
	leading := codeLeading
	v.MinSize = 9
	if long {
		leading, v.MinSize = codeLeadingLong, 8
	}
	size := math.Min(availW/(cols*monoAdvance), 1.08*availH/(float64(v.Lines)*leading))
	// A short snippet (the carousel slide; the code post sets its own size, codePostView) is set
	// up to the third heading, under the title (the second without one), and grows further by
	// wrapping its longest lines under a hanging indent (slide-code.tmpl) while the window keeps
	// 36 columns and the wraps add at most half the line count: three lines of code at the width
	// of their longest left the slide two thirds empty.
	top := float64(m.Type.H3)
	if strings.TrimSpace(title) == "" {
		top = float64(m.Type.H2)
	}
	if long {
		top = float64(m.Type.Lead)
	}
	size = math.Max(float64(v.MinSize), math.Min(size, top))
	if !long {
		// The rows may fill all the height (fill 1); rows stay 36 columns wide and are counted as
		// the page wraps them, at spaces.
		size = storyCodeSize(lines, size, top, availW, 1.08*availH, float64(v.Digits+2), leading, 1, 36)
		// The snippet is the slide's hero: it grows on to the caption's size (the lead) while no
		// line wraps into more than two rows and the rows fit the height, past the 36 columns
		// (the SQL sample's code sat at 33 px under a 38 px caption). Where a long line stops it
		// first, the caption steps down to the code's size (slide-code.tmpl).
		size = heroCodeSize(lines, size, math.Min(top, float64(m.Type.Lead)), availW, 1.08*availH, float64(v.Digits+2), leading)
		// A snippet its width stops short of the height (three lines of CJK-commented Go at 33 px
		// spanned half a portrait slide with its title and caption) opens its lines up, as the
		// story's code post does, until its rows span slideCodeFill of the room.
		rows := float64(codeRows(lines, size, availW, float64(v.Digits+2)))
		if l := math.Floor(math.Min(codeLeadingOpen, availH*slideCodeFill/(rows*size))*100) / 100; l > codeLeading+0.02 {
			v.Leading = l
		}
	}
	v.FontSize = int(size)
	return v
}

// codeBase is what the code slide (codeView) and the code post (codePostView) share: the snippet's
// lines (one empty line for none), highlighted, its widest line in columns, the gutter's digits,
// whether it is long and whether its window sits beside the words (landscape with a title or
// caption). Each sizes the code its own way.
func codeBase(d Data, code, language, title, caption string) (CodeView, []string) {
	lines := CodeLines(code)
	if len(lines) == 0 {
		lines = []string{""}
	}
	l := lookupLang(language)
	v := CodeView{HTML: Highlight(lines, language), Lines: len(lines), Lang: l.id, Label: l.label, File: l.file}
	if l == langGeneric {
		v.Label = strings.TrimSpace(language)
		v.File = "snippet"
	}
	for _, ln := range lines {
		v.Cols = max(v.Cols, textCols(ln))
	}
	v.Digits = len(strconv.Itoa(v.Lines))
	v.Long = v.Lines > codeLongLines
	hasWords := strings.TrimSpace(title) != "" || strings.TrimSpace(caption) != ""
	v.Side = d.Look.Size == brandgen.SizeLandscape && hasWords
	return v, lines
}

// heroCodeSize is the largest size from size up to top at which every line of a short snippet
// wraps into two rows at most (as the page wraps it, wrapRows) and the rows fit availH.
func heroCodeSize(lines []string, size, top, availW, availH, gutter, leading float64) float64 {
	best := size
	for s := size + 1; s <= top; s++ {
		perLine := int(availW/(s*monoAdvance) - gutter - codeHang)
		if perLine < 8 {
			break
		}
		rows, ok := 0, true
		for _, ln := range lines {
			r := wrapRows(ln, perLine+codeHang, perLine)
			ok = ok && r <= 2
			rows += r
		}
		if !ok || float64(rows)*s*leading > availH {
			break
		}
		best = s
	}
	return best
}

// codeWords are the title and caption drawn with a code window (above and below it, or beside it
// in landscape) at their sizes and line caps.
type codeWords struct {
	title, caption     string
	titleSize, capSize float64
	titleLines         int
	capLines           int
}

// codeRoom is the room, in px, the editor window's text gets on page d: the content box less the
// window's title bar and padding pad, and less the words above and below it unless side (in
// landscape the window takes codeSideShare of the width beside the words and the full height).
func codeRoom(d Data, side bool, pad float64, words codeWords) (availW, availH float64) {
	m := d.M
	w := float64(d.ContentWidth())
	availH = float64(d.ContentHeight()) - 64 - 1.6*pad
	if d.Look.Style == "blueprint" {
		w -= codeBlueprintInset
	}
	if side {
		w = (w - 2*float64(m.Gap)) * codeSideShare
		words.title, words.caption = "", ""
	}
	if strings.TrimSpace(words.title) != "" {
		availH -= words.titleSize*1.1*float64(min(words.titleLines, estimateLines(words.title, words.titleSize, w, headlineFace(false)))) + float64(m.Gap)
	}
	if strings.TrimSpace(words.caption) != "" {
		availH -= words.capSize*1.3*float64(min(words.capLines, estimateLines(words.caption, words.capSize, w, leadFace(false)))) + float64(m.Gap)
	}
	return w - 1.7*pad, availH
}
