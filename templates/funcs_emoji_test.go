package templates

import "testing"

func TestEmojiText(t *testing.T) {
	tests := []struct{ in, want string }{
		{"Less meetings, more making 🛠️", "Less meetings, more making\u00a0<span class=\"emo\">🛠️</span>"},
		{"Ship it 🚀🚀", "Ship it\u00a0<span class=\"emo\">🚀🚀</span>"},
		{"🎉 Launch day", "<span class=\"emo\">🎉</span>\u00a0Launch day"},
		{"the best tool this year 🚀 Our team ships ✨", "the best tool this year\u00a0<span class=\"emo\">🚀</span> Our team ships\u00a0<span class=\"emo\">✨</span>"},
		{"No emoji <here>", "No emoji &lt;here&gt;"},
		{"👩‍💻 we code & ship 👨‍👩‍👧", "<span class=\"emo\">👩‍💻</span>\u00a0we code &amp; ship\u00a0<span class=\"emo\">👨‍👩‍👧</span>"},
		{"少即是多", "少即是多"},
	}
	for _, tc := range tests {
		if got := string(emojiText(tc.in)); got != tc.want {
			t.Errorf("emojiText(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
