package templates

import (
	"regexp"
	"strings"
	"testing"
)

// emojiMarkup is emojiText's markup: a span around each emoji run, no-break spaces gluing it.
var emojiMarkup = regexp.MustCompile(`<span class="emo">([^<]*)</span>`)

// plainEmoji undoes emojiText's markup, for tests that look for a sample's text in a page.
func plainEmoji(html string) string {
	return strings.ReplaceAll(emojiMarkup.ReplaceAllString(html, "$1"), "\u00a0", " ")
}

func TestEmojiText(t *testing.T) {
	tests := []struct{ in, want string }{
		{"Less meetings, more making 🛠️", "Less meetings, more making\u00a0<span class=\"emo\">🛠️</span>"},
		{"Ship it 🚀🚀", "Ship it\u00a0<span class=\"emo\">🚀🚀</span>"},
		{"🎉 Launch day", "<span class=\"emo\">🎉</span>\u00a0Launch day"},
		{"the best tool this year 🚀 Our team ships ✨", "the best tool this year\u00a0<span class=\"emo\">🚀</span> Our team ships\u00a0<span class=\"emo\">✨</span>"},
		{"No emoji <here>", "No emoji &lt;here&gt;"},
		{"👩‍💻 we code & ship 👨‍👩‍👧", "<span class=\"emo\">👩‍💻</span>\u00a0we code &amp; ship\u00a0<span class=\"emo\">👨‍👩‍👧</span>"},
		{"少即是多", "少即是多"},
		{"C++ & <Go> 🚀", "C&#43;&#43; &amp; &lt;Go&gt;\u00a0<span class=\"emo\">🚀</span>"},
		// Characters shown as text unless VS16 follows stay in the text (and in its gradient).
		{"★ Rated © Acme™ ✓", "★ Rated © Acme™ ✓"},
		{"We ❤️ Go", "We\u00a0<span class=\"emo\">❤️</span> Go"},
		{"Step 1️⃣ sign up", "Step\u00a0<span class=\"emo\">1️⃣</span> sign up"},
		{"Made in 🇯🇵", "Made in\u00a0<span class=\"emo\">🇯🇵</span>"},
		// Runs parted by spaces only stay together ("PDF ✨ | 🎯" left 🎯 alone).
		{"Carousels to PDF ✨ 🎯", "Carousels to PDF\u00a0<span class=\"emo\">✨</span>\u00a0<span class=\"emo\">🎯</span>"},
	}
	for _, tc := range tests {
		if got := string(emojiText(tc.in)); got != tc.want {
			t.Errorf("emojiText(%q) = %q, want %q", tc.in, got, tc.want)
		}
		if got := plainEmoji(string(emojiText(tc.in))); got != textEscaper.Replace(tc.in) {
			t.Errorf("plainEmoji(emojiText(%q)) = %q, want the escaped text back", tc.in, got)
		}
	}
}

func TestLeadEmoji(t *testing.T) {
	tests := []struct{ in, emoji, text string }{
		{"🌱 Plant-based options daily", "🌱", "Plant-based options daily"},
		{"♻️ Returnable bowls", "♻️", "Returnable bowls"},
		{"👩‍💻Pair programming", "👩‍💻", "Pair programming"},
		{"  🏖️  28 days off ", "🏖️", "28 days off"},
		{"Renders in under 300 ms", "", "Renders in under 300 ms"},
		{"Lunch 🥗", "", "Lunch 🥗"},
		{"🚀", "", "🚀"},
		{"300 毫秒内完成渲染", "", "300 毫秒内完成渲染"},
		{"★ Rated 4.9", "", "★ Rated 4.9"},                  // a text pictograph is not a marker
		{"1️⃣ Sign up", "1️⃣", "Sign up"},                   // a keycap emoji is
		{"🇯🇵🇰🇷 Tokyo and Seoul", "🇯🇵🇰🇷", "Tokyo and Seoul"}, // runs of flags stay whole
	}
	for _, tc := range tests {
		if got := leadEmoji(tc.in); got.Emoji != tc.emoji || got.Text != tc.text {
			t.Errorf("leadEmoji(%q) = %+v, want {%q %q}", tc.in, got, tc.emoji, tc.text)
		}
	}
}
