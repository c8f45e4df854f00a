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

// widestRun is the widest run a line cannot break: a word with its glued emoji; a CJK character
// starts a run of its own only where CJK breaks anywhere.
func TestWidestRun(t *testing.T) {
	f := headlineFace(false)
	w := func(s string) float64 { e := 0.0; f.glyphs(s, func(_ rune, x float64) { e += x }); return e }
	runs := []struct {
		text        string
		cjkAnywhere bool
		want        float64
	}{
		{"Microservices 🧩", false, w("Microservices") + f.space + emojiWidth},
		{"🧩 Microservices", false, w("Microservices") + f.space + emojiWidth},
		{"🎉 🚀 Launch", false, w("Launch") + 2*(f.space+emojiWidth)},
		{"Read replicas", false, w("replicas")},
		{"Self-hosted on K8s", false, w("Self-hosted")},
		{"微服务", false, w("微服务")},
		{"微服务", true, 1},
		{"API调用 🚀", true, 1 + f.space + emojiWidth},
		{"Go API", true, w("API")},
		{"", true, 0},
	}
	for _, c := range runs {
		if got := widestRun(c.text, f, c.cjkAnywhere); got < c.want-1e-9 || got > c.want+1e-9 {
			t.Errorf("widestRun(%q, %v) = %.3f em, want %.3f", c.text, c.cjkAnywhere, got, c.want)
		}
	}
}
