package charts

// Exported text measuring, for packages that draw their own SVG with the same fonts (the
// architecture diagrams). It is the chart's own measure: per-character advance widths of the
// shipped fonts, CJK full-width, emoji wide.

// TextFont is a face at a size: Family is a CSS font-family list (its first family decides the
// width table: sans, serif or mono), Weight a CSS weight, Upper draws the text upper-cased and
// Track is letter-spacing in em.
type TextFont struct {
	Family string
	Weight int
	Size   float64
	Upper  bool
	Track  float64
}

func (f TextFont) font() font {
	return font{family: f.Family, weight: f.Weight, size: f.Size, upper: f.Upper, track: f.Track}
}

// Width estimates the rendered width of s in pixels (slightly wide rather than narrow).
func (f TextFont) Width(s string) float64 { return f.font().width(s) }

// Wrap breaks text into lines no wider than maxWidth, at spaces and between CJK characters,
// never inside a word. ok is false when it needs more than maxLines lines (0: no limit) or one
// word alone is wider than maxWidth.
func (f TextFont) Wrap(text string, maxWidth float64, maxLines int) (lines []string, ok bool) {
	return wrap(clean(text), f.font(), maxWidth, maxLines)
}

// Truncate cuts s with an ellipsis so that it fits maxWidth.
func (f TextFont) Truncate(s string, maxWidth float64) string {
	return truncate(clean(s), f.font(), maxWidth)
}

// CleanText makes text safe to measure and to put in XML: invalid UTF-8 becomes U+FFFD, control
// characters and runs of white space become one space, characters XML forbids go.
func CleanText(s string) string { return clean(s) }

// IsWide reports whether r is a full-width (CJK) character.
func IsWide(r rune) bool { return isWide(r) }
