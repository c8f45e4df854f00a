package templates

import (
	"unicode"

	"golang.org/x/text/width"
)

// displayWidth is the width of s in columns, the unit the templates' length cut-offs were tuned
// in: a Latin letter, digit or space is one column, a wide character two (CJK ideographs, kana,
// Hangul, full-width forms and emoji, which all set about 1em against ~0.5em for Latin text), and
// combining marks, variation selectors and joiners none. Counting bytes with len made CJK text
// ~3x (UTF-8) too long, so it went dense sooner than Latin text of the same width.
func displayWidth(s string) int {
	n, last := 0, 0
	for _, r := range s {
		switch {
		case r == 0xFE0F && last == 1: // emoji presentation of a text symbol (☀️, ❤️)
			n++
			last = 2
		case unicode.In(r, unicode.Mn, unicode.Me, unicode.Cf) || unicode.Is(unicode.Variation_Selector, r):
		case wideColumns(r):
			n += 2
			last = 2
		default:
			n++
			last = 1
		}
	}
	return n
}

func wideColumns(r rune) bool {
	switch width.LookupRune(r).Kind() {
	case width.EastAsianWide, width.EastAsianFullwidth:
		return true
	}
	return false
}
