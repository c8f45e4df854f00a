package templates

import (
	"math"
	"strings"
	"unicode"

	"github.com/brandgen/brandgen/textlang"
)

// face holds rough average advance widths (in em) of a font, enough to estimate line counts before
// the browser lays the page out. The in-page fit script corrects any error by shrinking.
type face struct{ lower, upper, digit, space, other float64 }

func headlineFace(serif bool) face {
	if serif {
		return face{lower: 0.43, upper: 0.66, digit: 0.45, space: 0.21, other: 0.4}
	}
	return face{lower: 0.57, upper: 0.7, digit: 0.64, space: 0.23, other: 0.5}
}

func leadFace(serif bool) face {
	if serif {
		return face{lower: 0.42, upper: 0.64, digit: 0.45, space: 0.21, other: 0.4}
	}
	return face{lower: 0.53, upper: 0.68, digit: 0.62, space: 0.28, other: 0.5}
}

// emojiWidth is the advance of an emoji in em: colour emoji are set a little wider than an ideograph.
const emojiWidth = 1.2

// glyphs calls fn for each glyph of s with its first rune and its estimated advance in em: an emoji
// (a whole sequence as textlang.EmojiLen finds it: 🚀, ⭐, ❤️, 👩‍💻, 🇯🇵) is one glyph of
// emojiWidth, any other rune one glyph of runeWidth.
func (f face) glyphs(s string, fn func(r rune, em float64)) {
	eachGlyph(s, func(g []rune, emoji bool) {
		if emoji {
			fn(g[0], emojiWidth)
		} else {
			fn(g[0], f.runeWidth(g[0]))
		}
	})
}

// eachGlyph calls fn for each glyph of s: an emoji as the whole sequence textlang.EmojiLen finds
// (emoji true), any other rune alone. face.glyphs and monoGlyphs measure with it.
func eachGlyph(s string, fn func(g []rune, emoji bool)) {
	rs := []rune(s)
	for i := 0; i < len(rs); {
		if n := textlang.EmojiLen(rs[i:]); n > 0 {
			fn(rs[i:i+n], true)
			i += n
			continue
		}
		fn(rs[i:i+1], false)
		i++
	}
}

// runeWidth is the advance of a rune that is not part of an emoji (see glyphs) in em.
func (f face) runeWidth(r rune) float64 {
	switch {
	case r == ' ':
		return f.space
	case r >= 0x1100 && isWide(r):
		return 1.0
	case unicode.In(r, unicode.Mn, unicode.Me, unicode.Cf) || unicode.Is(unicode.Variation_Selector, r):
		return 0 // combining marks, joiners and variation selectors add no advance
	case unicode.IsUpper(r):
		return f.upper
	case unicode.IsLower(r):
		return f.lower
	case unicode.IsDigit(r):
		return f.digit
	}
	return f.other
}

func isWide(r rune) bool {
	return unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul) ||
		(r >= 0xFF00 && r <= 0xFFEF) || (r >= 0x3000 && r <= 0x303F)
}

// estimateLines estimates how many lines text takes at size px in a box maxWidth wide, wrapping
// greedily at spaces (and anywhere between wide CJK characters).
func estimateLines(text string, size, maxWidth float64, f face) int {
	const slack = 1.04 // estimates run slightly wide on purpose
	lines, x := 1, 0.0
	space := f.space * size
	for _, word := range strings.Fields(text) {
		var w float64
		f.glyphs(word, func(r rune, em float64) {
			cw := em * size * slack
			if isWide(r) && x+w+cw > maxWidth && x+w > 0 { // CJK breaks anywhere
				lines++
				x, w = 0, 0
			}
			w += cw
		})
		switch {
		case x == 0:
			x = w
		case x+space+w <= maxWidth:
			x += space + w
		default:
			lines++
			x = w
		}
		for x > maxWidth { // a word longer than the line breaks anywhere
			lines++
			x -= maxWidth
		}
	}
	return lines
}

// fitLines picks the largest size from size down to min (in 2 px steps) at which text takes at most
// maxLines lines, and returns it with the line count (which may exceed maxLines at min).
func fitLines(text string, size, min, maxWidth float64, maxLines int, f face) (float64, int) {
	for s := size; ; s = math.Max(min, s-2) {
		n := estimateLines(text, s, maxWidth, f)
		if n <= maxLines || s <= min {
			return s, n
		}
	}
}

// widestRun is the width in em (face f) of the widest run of s a line cannot break: a word, joined
// with a no-break space to the emoji after it (to the one before it when the emoji opens s), as
// emojiText glues them. With cjkAnywhere a CJK character starts a run of its own (a line may break
// before any); without it a CJK word is one run (a page's phrase breaks keep short names whole).
func widestRun(s string, f face, cjkAnywhere bool) float64 {
	top, last := 0.0, 0.0 // last: the run open at the end of the previous word
	glued := false        // the previous word was an emoji run that opened s: this word joins it
	for i, w := range strings.Fields(s) {
		emoji := true
		eachGlyph(w, func(_ []rune, e bool) { emoji = emoji && e })
		head, run := -1.0, 0.0 // head: the word's first run, which a glue extends
		f.glyphs(w, func(r rune, em float64) {
			if cjkAnywhere && isWide(r) && run > 0 {
				if head < 0 {
					head = run
				}
				run = 0
			}
			run += em
			top = max(top, run)
		})
		if head < 0 {
			head = run
		}
		switch {
		case emoji && i > 0:
			last += f.space + run
			top = max(top, last)
		case glued:
			top = max(top, last+f.space+head)
			if head == run {
				last += f.space + run
			} else {
				last = run
			}
		default:
			last = run
		}
		glued = emoji && i == 0 || glued && emoji
	}
	return top
}
