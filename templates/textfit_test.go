package templates

import (
	"math"
	"testing"
)

// An emoji is one glyph however many code points spell it (textlang.EmojiLen): a ZWJ sequence, a
// flag, a skin tone or VS16 adds no width, emoji below U+1F000 (⭐, ✨, ❤️) count as emoji, and
// symbols shown as text (★, ©) as text.
func TestGlyphWidths(t *testing.T) {
	f := headlineFace(false)
	for _, tc := range []struct {
		in   string
		em   float64 // face widths
		cols int     // monospace columns
	}{
		{"a", f.lower, 1},
		{"🚀", emojiWidth, 2},
		{"⭐", emojiWidth, 2},
		{"✨", emojiWidth, 2},
		{"❤️", emojiWidth, 2},
		{"👩\u200d💻", emojiWidth, 2},
		{"👍🏽", emojiWidth, 2},
		{"🇯🇵", emojiWidth, 2},
		{"★", f.other, 1},
		{"©", f.other, 1},
		{"浏览器", 3, 6},
		{"Cafe\u0301", f.upper + 3*f.lower, 4},
		{"Go 🚀", f.upper + f.lower + f.space + emojiWidth, 5},
	} {
		em := 0.0
		f.glyphs(tc.in, func(_ rune, w float64) { em += w })
		if math.Abs(em-tc.em) > 1e-9 {
			t.Errorf("glyphs(%q) = %.2f em, want %.2f", tc.in, em, tc.em)
		}
		if got := textCols(tc.in); got != tc.cols {
			t.Errorf("textCols(%q) = %d, want %d", tc.in, got, tc.cols)
		}
	}
}

func TestExpandTabs(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"a\tb", "a   b"},
		{"🚀\tx", "🚀  x"},
		{"👩\u200d💻\tx", "👩\u200d💻  x"}, // one emoji, two columns
		{"中文\tx", "中文    x"},
	} {
		if got := expandTabs(tc.in, 4); got != tc.want {
			t.Errorf("expandTabs(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
