package charts

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/brandgen/brandgen/textlang"
)

// font is a face at a size; it measures text by per-character advance widths.
type font struct {
	family string // CSS font-family list, first name decides the width table
	weight int
	size   float64
	upper  bool    // text is drawn upper-cased (small-caps kickers)
	track  float64 // letter-spacing in em
	lining bool    // numbers: lining, tabular figures (serif faces default to old-style)
	floor  float64 // the smallest size it may take (Theme.MinText)
}

// withSize is f at size, never under its floor.
func (f font) withSize(size float64) font { f.size = max(size, f.floor); return f }

// faceKind classifies a CSS font-family list by its first family.
func faceKind(family string) string {
	first := strings.ToLower(strings.TrimSpace(strings.Split(family, ",")[0]))
	first = strings.Trim(first, `"' `)
	switch {
	case strings.Contains(first, "mono") || strings.Contains(first, "courier") || strings.Contains(first, "code"):
		return "mono"
	case strings.Contains(first, "garamond") || (strings.Contains(first, "serif") && !strings.Contains(first, "sans")) ||
		strings.Contains(first, "georgia") || strings.Contains(first, "times"):
		return "serif"
	}
	return "sans"
}

// width estimates the rendered width of s in pixels.
func (f font) width(s string) float64 {
	if f.upper {
		s = strings.ToUpper(s)
	}
	kind := faceKind(f.family)
	var table *[95]float64
	extra := 1.0
	switch {
	case kind == "serif":
		table = &garamondRegular
		if f.weight >= 600 {
			extra = 1.06
		}
	case f.weight >= 700:
		table = &interBold
	case f.weight >= 500:
		table = &interSemibold
	default:
		table = &interRegular
	}
	var em float64
	n := 0
	rs := []rune(s)
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		w := runeWidth(r, table, kind == "mono")
		switch k := textlang.EmojiLen(rs[i:]); {
		case k > 0:
			w = emojiWidth // one emoji however many runes it takes (👩‍💻, 🇯🇵, 1️⃣)
			i += k - 1
		case f.lining && r >= '0' && r <= '9' && kind != "mono":
			w = table['0'-0x20] // tabular figures all take the width of 0
		}
		em += w
		n++
	}
	return (em*extra + f.track*float64(n)) * f.size
}

// runeWidth is the advance of r in em.
func runeWidth(r rune, table *[95]float64, mono bool) float64 {
	switch {
	case r >= 0x20 && r <= 0x7e:
		if mono {
			return 0.6
		}
		return table[r-0x20]
	case r == '\u200d' || r == '\ufe0f' || r == '\ufe0e' || unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Me, r):
		return 0
	case r == '\u202f' || r == '\u2009':
		return 0.2
	case r == '\u00a0':
		return 0.28
	case isWide(r):
		return 1.0
	case textlang.IsEmojiRune(r):
		return 1.0 // a pictograph drawn as text (★, ❤, ©): wide glyphs, estimated wide
	case mono:
		return 0.6
	case r == '…':
		return 0.8
	case r == '—':
		return 0.92
	case r == '–' || r == '−' || r == '×':
		return 0.66
	case r == '•' || r == '·':
		return 0.36
	case unicode.IsUpper(r):
		return 0.7
	case unicode.IsLetter(r):
		return 0.58
	case unicode.IsDigit(r):
		return 0.63
	}
	return 0.6
}

func isWide(r rune) bool {
	return unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul) ||
		(r >= 0x3000 && r <= 0x303f) || (r >= 0xff00 && r <= 0xff60) || (r >= 0xffe0 && r <= 0xffe6)
}

// emojiWidth is the advance of one colour emoji in em.
const emojiWidth = 1.2

// clean makes content text safe to measure and to put in XML: invalid UTF-8 becomes U+FFFD,
// control characters and runs of white space become one space, characters XML forbids go.
func clean(s string) string {
	var b strings.Builder
	space := false
	for i, w := 0, 0; i < len(s); i += w {
		r, size := utf8.DecodeRuneInString(s[i:])
		w = size
		if r == utf8.RuneError && size == 1 {
			r = '\ufffd'
		}
		if unicode.IsSpace(r) || unicode.IsControl(r) {
			space = b.Len() > 0
			continue
		}
		if r == 0xfffe || r == 0xffff || (r >= 0xd800 && r <= 0xdfff) {
			continue
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		b.WriteRune(r)
	}
	return b.String()
}

// textBlock is text fitted to a box: its lines and the font size they need.
type textBlock struct {
	lines     []string
	size      float64
	truncated bool
}

// fit fits text into maxWidth and at most maxLines lines: first on one line, shrinking down to
// 85% of the size; then wrapped at spaces (and between CJK characters), shrinking down to
// minSize; at minSize, lines that still do not fit are cut with an ellipsis. Words are never
// broken in the middle.
func fit(text string, f font, maxWidth float64, maxLines int, minSize float64) textBlock {
	text = clean(text)
	if maxLines < 1 {
		maxLines = 1
	}
	f = f.withSize(f.size)
	minSize = max(minSize, f.floor)
	if minSize > f.size {
		minSize = f.size
	}
	if text == "" {
		return textBlock{size: f.size}
	}
	if maxLines == 1 {
		// Width grows linearly with size: shrink straight to the size that fits.
		if w := f.width(text); w <= maxWidth {
			return textBlock{lines: []string{text}, size: f.size}
		} else if size := f.size * maxWidth / w * 0.999; size >= minSize {
			return textBlock{lines: []string{text}, size: size}
		}
		fm := f.withSize(minSize)
		return textBlock{lines: []string{truncate(text, fm, maxWidth)}, size: minSize, truncated: true}
	}
	oneLineMin := max(minSize, f.size*0.85)
	for size := f.size; ; size = shrink(size, oneLineMin) {
		if f.withSize(size).width(text) <= maxWidth {
			return textBlock{lines: []string{text}, size: size}
		}
		if size <= oneLineMin {
			break
		}
	}
	if maxLines > 1 {
		for size := f.size; ; size = shrink(size, minSize) {
			if lines, ok := wrap(text, f.withSize(size), maxWidth, maxLines); ok {
				return textBlock{lines: lines, size: size}
			}
			if size <= minSize {
				break
			}
		}
	}
	fm := f.withSize(minSize)
	lines, _ := wrap(text, fm, maxWidth, 0)
	if len(lines) > maxLines {
		rest := strings.Join(lines[maxLines-1:], " ")
		lines = append(lines[:maxLines-1:maxLines-1], rest)
	}
	for i, l := range lines {
		lines[i] = truncate(l, fm, maxWidth)
	}
	return textBlock{lines: lines, size: minSize, truncated: true}
}

func shrink(size, floor float64) float64 {
	next := size * 0.94
	if next < floor {
		return floor
	}
	return next
}

// token is a piece of text that wrapping does not split.
type token struct {
	text  string
	space bool // a space separates it from the previous token
}

func tokenize(text string) []token {
	var toks []token
	for wi, word := range strings.Fields(text) {
		space := wi > 0
		start := 0
		for i, r := range word {
			if isWide(r) {
				if i > start {
					toks = append(toks, token{word[start:i], space})
					space = false
				}
				toks = append(toks, token{string(r), space})
				space = false
				start = i + utf8.RuneLen(r)
			}
		}
		if start < len(word) {
			toks = append(toks, token{word[start:], space})
		}
	}
	return toks
}

// wrap breaks text into lines at spaces and between CJK characters, greedily. ok is false when
// it takes more than maxLines lines (0: no limit) or a single word is wider than maxWidth (that
// word then sits alone on a line that is too wide).
func wrap(text string, f font, maxWidth float64, maxLines int) ([]string, bool) {
	var lines []string
	line := ""
	ok := true
	for _, tok := range tokenize(text) {
		candidate := tok.text
		if line != "" {
			if tok.space {
				candidate = line + " " + tok.text
			} else {
				candidate = line + tok.text
			}
		}
		if f.width(candidate) <= maxWidth {
			line = candidate
			continue
		}
		if line != "" {
			lines = append(lines, line)
		}
		line = tok.text
		if f.width(line) > maxWidth {
			ok = false
		}
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines, ok && (maxLines == 0 || len(lines) <= maxLines)
}

// truncate cuts s with an ellipsis so that it fits maxWidth.
func truncate(s string, f font, maxWidth float64) string {
	if f.width(s) <= maxWidth {
		return s
	}
	runes := []rune(s)
	for n := len(runes) - 1; n > 0; n-- {
		head := strings.TrimRightFunc(string(runes[:n]), func(r rune) bool {
			return unicode.IsSpace(r) || strings.ContainsRune(",.;:-–—/", r)
		})
		if head == "" {
			continue
		}
		if f.width(head+"…") <= maxWidth {
			return head + "…"
		}
	}
	return "…"
}

// xmlEscaper escapes text for XML content and attribute values.
var xmlEscaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&#34;", "'", "&#39;")

// esc escapes text (already cleaned) for the SVG.
func esc(s string) string { return xmlEscaper.Replace(s) }
