package textlang

import (
	"strings"
	"testing"
	"unicode"
)

func TestEmoji(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		rune     bool   // IsEmojiRune of the first rune
		emoji    string // the runs EmojiMask marks, joined by "|"
		picto    string // the runs PictographMask marks
	}{
		{"black star is a pictograph shown as text", "★", true, "", "★"},
		{"check mark is neither", "✓", false, "", ""},
		{"heavy check mark shown as text", "✔", true, "", "✔"},
		{"check mark button", "✅", true, "✅", "✅"},
		{"copyright alone is text", "© 2026 Acme", true, "", ""},
		{"copyright with VS16", "©\uFE0F 2026", true, "©\uFE0F", "©\uFE0F"},
		{"trade mark", "Acme™", false, "", ""},
		{"digits", "2026", false, "", ""},
		{"keycap", "Step 1\uFE0F\u20E3 done", false, "1\uFE0F\u20E3", "1\uFE0F\u20E3"},
		{"keycap without VS16", "#\u20E3", false, "#\u20E3", "#\u20E3"},
		{"flag", "Made in 🇯🇵🇫🇷", false, "🇯🇵🇫🇷", "🇯🇵🇫🇷"},
		{"subdivision flag", "🏴\U000E0067\U000E0062\U000E0073\U000E0063\U000E0074\U000E007F!", true, "🏴\U000E0067\U000E0062\U000E0073\U000E0063\U000E0074\U000E007F", "🏴\U000E0067\U000E0062\U000E0073\U000E0063\U000E0074\U000E007F"},
		{"ZWJ sequence", "👩‍💻 we code", true, "👩‍💻", "👩‍💻"},
		{"family", "👨‍👩‍👧", true, "👨‍👩‍👧", "👨‍👩‍👧"},
		{"ZWJ to a text-default pictograph", "🏳️‍⚧️", true, "🏳️‍⚧️", "🏳️‍⚧️"},
		{"skin tone", "👍🏽 ok", true, "👍🏽", "👍🏽"},
		{"VS16 makes a text heart emoji", "I ❤️ Go", false, "❤️", "❤️"},
		{"heart alone is text", "I ❤ Go", false, "", "❤"},
		{"hammer and wrench with VS16", "making 🛠️", false, "🛠️", "🛠️"},
		{"VS15 keeps an emoji text", "⌚\uFE0E", true, "", "⌚\uFE0E"},
		{"emoji presentation", "Ship it 🚀🚀 ✨", false, "🚀🚀|✨", "🚀🚀|✨"},
		{"reserved for future emoji", "\U0001FAE9", true, "\U0001FAE9", "\U0001FAE9"},
		{"stray joiners are text", "a\u200Db\uFE0F", false, "", ""},
		{"ZWJ", "\u200D", true, "", ""},
		{"VS16", "\uFE0F", true, "", ""},
		{"CJK punctuation", "「你好」、世界。", false, "", ""},
		{"wavy dash and arrows are typographic", "〰 ↔ ↩ ‼", true, "", ""},
		{"pictographs used as bullets", "☀ Sun ✈ Fly ★★", true, "", "☀|✈|★★"},
		{"ideographic space and comma", "\u3000，", false, "", ""},
		{"Latin", "Ship faster", false, "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rs := []rune(tc.in)
			if got := IsEmojiRune(rs[0]); got != tc.rune {
				t.Errorf("IsEmojiRune(%q) = %v, want %v", rs[0], got, tc.rune)
			}
			if got := runs(rs, EmojiMask(rs)); got != tc.emoji {
				t.Errorf("emoji runs of %q = %q, want %q", tc.in, got, tc.emoji)
			}
			if got := runs(rs, PictographMask(rs)); got != tc.picto {
				t.Errorf("pictograph runs of %q = %q, want %q", tc.in, got, tc.picto)
			}
		})
	}
}

// runs joins the runs of rs that mask marks with "|".
func runs(rs []rune, mask []bool) string {
	var out []string
	for i := 0; i < len(rs); i++ {
		if !mask[i] {
			continue
		}
		j := i
		for j < len(rs) && mask[j] {
			j++
		}
		out = append(out, string(rs[i:j]))
		i = j
	}
	return strings.Join(out, "|")
}

func TestEmojiLen(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want int
	}{
		{"", 0},
		{"a", 0},
		{"🚀 go", 1},
		{"👩‍💻!", 3},
		{"🇯🇵🇫🇷", 2}, // one flag at a time
		{"1\uFE0F\u20E3", 3},
		{"©", 0},
		{"👍🏽\uFE0F", 3},
		{"🚀\u200D", 1}, // a joiner with nothing after it is not part of the emoji
	} {
		if got := EmojiLen([]rune(tc.in)); got != tc.want {
			t.Errorf("EmojiLen(%q) = %d, want %d", tc.in, got, tc.want)
		}
	}
}

// TestEmojiTables checks the generated tables against the properties of a few characters and
// against Go's Unicode version (regenerate them with go generate when Go moves on).
func TestEmojiTables(t *testing.T) {
	if emojiDataVersion != "15.0" {
		t.Fatalf("emoji data version %s", emojiDataVersion)
	}
	for _, tc := range []struct {
		r                       rune
		pictographic, presented bool
	}{
		{'©', true, false}, {'★', true, false}, {'✓', false, false}, {'⭐', true, true},
		{'😀', true, true}, {'🇯', false, true}, {'0', false, false}, {'〽', true, false},
	} {
		if got := unicode.Is(extendedPictographic, tc.r); got != tc.pictographic {
			t.Errorf("Extended_Pictographic(%q) = %v, want %v", tc.r, got, tc.pictographic)
		}
		if got := unicode.Is(emojiPresentation, tc.r); got != tc.presented {
			t.Errorf("Emoji_Presentation(%q) = %v, want %v", tc.r, got, tc.presented)
		}
	}
}

func TestLeadingEmoji(t *testing.T) {
	tests := []struct {
		in          string
		pictographs bool
		emoji, rest string
	}{
		{"🌱 Plant-based options", false, "🌱", "Plant-based options"},
		{"👩‍💻🚀 Ship it", false, "👩‍💻🚀", "Ship it"},
		{"1️⃣ Sign up", false, "1️⃣", "Sign up"},
		{"★ Rated 4.9", false, "", "★ Rated 4.9"},
		{"★ Rated 4.9", true, "★", "Rated 4.9"},
		{"✔ Fast renders", true, "✔", "Fast renders"},
		{"Lunch 🥗", true, "", "Lunch 🥗"},
		{"🚀", false, "🚀", ""},
		{"", true, "", ""},
	}
	for _, tc := range tests {
		if e, r := LeadingEmoji(tc.in, tc.pictographs); e != tc.emoji || r != tc.rest {
			t.Errorf("LeadingEmoji(%q, %v) = %q, %q; want %q, %q", tc.in, tc.pictographs, e, r, tc.emoji, tc.rest)
		}
	}
}
