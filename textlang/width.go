// Columns (display width) is the only part of the package with a dependency: golang.org/x/text/width.

package textlang

import (
	"unicode"

	"golang.org/x/text/width"
)

// Columns is the display width of s in columns, the unit the templates' and slides' length
// cut-offs are tuned in: a Latin letter, digit or space is one column, a wide character two (CJK
// ideographs, kana, Hangul, full-width forms and emoji, which all set about 1em against ~0.5em for
// Latin text), and combining marks, variation selectors and joiners none. Counting bytes (len)
// made CJK text ~3x too long and counting runes ~2x too short, so CJK content went dense sooner
// (or later) than Latin content of the same printed width.
func Columns(s string) int {
	n, last := 0, 0
	for _, r := range s {
		switch {
		case r == 0xFE0F && last == 1: // emoji presentation of a text symbol (☀️, ❤️)
			n++
			last = 2
		case unicode.In(r, unicode.Mn, unicode.Me, unicode.Cf) || unicode.Is(unicode.Variation_Selector, r):
		case wide(r):
			n += 2
			last = 2
		default:
			n++
			last = 1
		}
	}
	return n
}

func wide(r rune) bool {
	switch width.LookupRune(r).Kind() {
	case width.EastAsianWide, width.EastAsianFullwidth:
		return true
	}
	return false
}
