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
	Drop      bool          // the first optional tier (the lines past the estimate) goes up front (data-fit-drop)
	Sparse    bool          // code slide: the rows leave most of the room (slideCodeSparse); the window takes the height left
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

// slideCodeSparse is the share of the window's room under which a short snippet's rows leave the
// slide sparse (its title set at display size); slideTitleLeading is the title's line-height over
// codeRoom's 1.1 (a CJK title's is 1.3).
const (
	slideCodeSparse   = 0.5
	slideTitleLeading = 1.3 / 1.1
)

// codeView prepares code in language for the page d (a code slide's body, SlideArea):
// highlighted lines and a starting font size that fits the snippet's longest line and its line
// count into the editor window, never under the size's readable floor. title and caption are the
// texts drawn above and below the window ("" when absent); they only shape the estimate. A snippet
// that does not fit at the floor with its words at their usual sizes is dense (Long): the title
// and caption step down, the lines close up, long lines wrap under their number, and the lines
// past the window's room are marked optional (Drop: the first tier goes up front, the same in
// every style; the fit reports content_dropped on content.code), as the code post does: a
// 15-line function was set at 18-19 px, unreadable on a phone. A page computes it once for its
// texts (pageMemo): the slide's fit hook and its body draw the same view.
func codeView(d Data, code, language, title, caption string) CodeView {
	key := codeViewKey{d.Look, d.M, d.Badge.Show, code, language, title, caption}
	return d.memo.memoCodeView(key, func() CodeView { return sizeCodeView(d, code, language, title, caption) })
}

// sizeCodeView is codeView's work, done once per page and texts.
func sizeCodeView(d Data, code, language, title, caption string) CodeView {
	v, lines := codeBase(d, code, language, title, caption)
	m := d.M
	floor := float64(m.Floor)
	gutter := float64(v.Digits + 2)
	// The gutter takes the digits plus 2 columns; the window holds at least 24 columns.
	cols := float64(max(v.Cols, 24)) + gutter
	// room is the window's room with the words at their sizes (dense: the title as the slide sets
	// it, at most two lines, the caption at the body size, the window's padding tightened), and
	// the size at which the snippet's longest line and its line count fit it. The height estimate
	// runs 8% generous for a short snippet: the fit script only shrinks.
	sans := d // the title's size as the sans styles set it: every style estimates the same room
	sans.Look.Style = "flat"
	// On a slide blueprint's window is as wide as the others' (slide-code.tmpl insets it only
	// top and bottom, its corner ticks hanging into the margin as the chart slide's card's do), so
	// its room is theirs: inset 24 px for its ticks as codeRoom has it for the code post, it wrapped
	// "context. / WithTimeout(" where the others kept "context.WithTimeout(" and set square code
	// 2.5 px smaller.
	rd := d
	if rd.Look.Style == "blueprint" {
		rd = sans
	}
	room := func(dense bool) (availW, availH, leading, size float64) {
		pad := float64(m.Pad)
		titleSize, titleLines, capSize, capLines := float64(m.Type.H2), 3, float64(m.Type.Lead), 3
		leading, slack := codeLeading, 1.08
		if dense {
			titleSize, titleLines, capSize, capLines = float64(sans.TitleSize(title, "h3", "lead", 2, 0)), 2, float64(m.Type.Body), 2
			pad *= 0.6
			leading, slack = codeLeadingLong, 1
		}
		availW, availH = codeRoom(rd, v.Side, pad, codeWords{title, caption, titleSize, capSize, titleLines, capLines})
		return availW, availH, leading, math.Min(availW/(cols*monoAdvance), slack*availH/(float64(v.Lines)*leading))
	}
	availW, availH, leading, size := room(v.Long)
	if !v.Long && size < floor {
		v.Long = true
		availW, availH, leading, size = room(true)
	}
	v.MinSize = m.Floor
	if v.Long {
		// At the floor at least, up to the lead size while the rows fit and no line wraps into
		// more rows than it adds; the lines past the room are optional (keepLines, the same in
		// every style), the first tier dropped up front.
		top := float64(m.Type.Lead)
		size = math.Max(floor, math.Min(size, top))
		// It grows in the smallest window of the four styles (keepLines'), so no line it would
		// keep at the floor is dropped for growing.
		narrowW, shortH := narrowestWindow(rd, availW, availH)
		size = storyCodeSize(lines, size, top, narrowW, shortH, gutter, leading, 1, 36)
		keep := keepLines(rd, lines, size, leading, availW, availH, gutter)
		cut := keep + codeKeepSlack
		v.HTML = markOptional(v.HTML, keep, cut)
		v.Drop = cut < len(lines)
		v.FontSize = int(size)
		return v
	}
	// A short snippet (the carousel slide; the code post sets its own size, codePostView) is set
	// up to the third heading, under the title (the second without one), and grows further by
	// wrapping its longest lines under a hanging indent (slide-code.tmpl) while the window keeps
	// 36 columns and the wraps add at most half the line count: three lines of code at the width
	// of their longest left the slide two thirds empty.
	top := float64(m.Type.H3)
	if strings.TrimSpace(title) == "" {
		top = float64(m.Type.H2)
	}
	size = math.Max(floor, math.Min(size, top))
	// The rows may fill all the height (fill 1); rows stay 36 columns wide and are counted as
	// the page wraps them, at spaces.
	size = storyCodeSize(lines, size, top, availW, 1.08*availH, gutter, leading, 1, 36)
	// The snippet is the slide's hero: it grows on to the caption's size (the lead) while no
	// line wraps into more than two rows and the rows fit the height, past the 36 columns
	// (the SQL sample's code sat at 33 px under a 38 px caption). Where a long line stops it
	// first, the caption steps down to the code's size (slide-code.tmpl).
	size = heroCodeSize(lines, size, math.Min(top, float64(m.Type.Lead)), availW, 1.08*availH, gutter, leading)
	// A snippet its width stops short of the height (three lines of CJK-commented Go at 33 px
	// spanned half a portrait slide with its title and caption) opens its lines up, as the
	// story's code post does, until its rows span slideCodeFill of the room.
	rows := float64(codeRows(lines, size, availW, gutter))
	// A sparse snippet (its rows at the usual leading under slideCodeSparse of the room: three
	// lines of CJK-commented Go left the title, the window and the caption as three bands over a
	// portrait body) gives the height to its title, display size while it holds on two lines, and
	// to its window, which grows with the code centred in it (slide-code.tmpl's .sparse).
	// A window alone (no title, no caption) stays a centred card.
	words := strings.TrimSpace(title) != "" || strings.TrimSpace(caption) != ""
	v.Sparse = words && rows*size*codeLeading < slideCodeSparse*availH
	if t := strings.TrimSpace(title); t != "" && v.Sparse &&
		estimateLines(t, float64(m.Type.Display), float64(d.ContentWidth()), headlineFace(false)) <= 2 {
		v.TitleSize = m.Type.Display
		_, availH = codeRoom(rd, v.Side, float64(m.Pad), codeWords{title, caption, float64(m.Type.Display) * slideTitleLeading, float64(m.Type.Lead), 2, 3})
	}
	if l := math.Floor(math.Min(codeLeadingOpen, availH*slideCodeFill/(rows*size))*100) / 100; l > codeLeading+0.02 {
		v.Leading = l
	}
	v.FontSize = int(size)
	return v
}

// codeBase is what the code slide (codeView) and the code post (codePostView) share: the snippet's
// lines (one empty line for none, as the page wraps them: highlight's glued keywords), highlighted, its widest line in columns, the gutter's digits,
// whether it is long and whether its window sits beside the words (landscape with a title or
// caption). Each sizes the code its own way.
func codeBase(d Data, code, language, title, caption string) (CodeView, []string) {
	lines := CodeLines(code)
	if len(lines) == 0 {
		lines = []string{""}
	}
	l := lookupLang(language)
	html, wrapped := d.memo.memoHighlight(code, lines, language)
	v := CodeView{HTML: html, Lines: len(lines), Lang: l.id, Label: l.label, File: l.file}
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
	return v, wrapped
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
			r := codeLineRows(ln, perLine+codeHang)
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
