package visualtest

import (
	"fmt"
	"strings"
	"testing"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/studio"
	"github.com/brandgen/brandgen/textlang"
)

// emojiLedLines returns the lines (after the first) that open on an emoji: the emoji was cut from
// the word it follows ("faster exports | ⚡ and a brand new API").
func emojiLedLines(rows []rowLine) []string {
	var bad []string
	for i, r := range rows {
		rs := []rune(strings.TrimSpace(r.Text))
		if i == 0 || len(rs) == 0 {
			continue
		}
		if textlang.EmojiMask(rs)[0] {
			bad = append(bad, fmt.Sprintf("line %d %q opens on an emoji", i+1, string(rs)))
		}
	}
	return bad
}

func TestEmojiLedLines(t *testing.T) {
	for _, tc := range []struct {
		name string
		rows []rowLine
		want int
	}{
		{"glued", []rowLine{{"Dark mode 🌙, faster exports ⚡", 0}, {"and a brand new API", 0}}, 0},
		{"cut", []rowLine{{"Dark mode 🌙, faster exports", 0}, {"⚡ and a brand new API", 0}}, 1},
		{"opening the text", []rowLine{{"🚀 Launch day", 0}}, 0},
	} {
		if got := emojiLedLines(tc.rows); len(got) != tc.want {
			t.Errorf("%s: %q, want %d", tc.name, got, tc.want)
		}
	}
}

// TestEmojiStaysWithItsWord: the subtitle and body text of the display posts keep an emoji on the
// line of the word before it, in every size and style (the cover's emoji subtitle set "faster
// exports | ⚡ and a brand new API" in editorial landscape: unlike the headlines, its text did not
// go through emojiText's no-break glue).
func TestEmojiStaysWithItsWord(t *testing.T) {
	for _, tc := range []struct{ pattern, sel string }{{"cover", ".pc-sub"}, {"announcement", ".a-body"}} {
		content := sampleContent(t, tc.pattern, "emoji")
		t.Run(tc.pattern, func(t *testing.T) {
			t.Parallel()
			for _, size := range brandgen.Sizes {
				for _, style := range brandgen.Styles {
					look := brandgen.Look{Size: size, Theme: brandgen.ThemeLight, Style: style}
					var got rowsResult
					probe(t, studio.Job{Pattern: tc.pattern, Content: content, Look: look}, rowsProbe+"("+jsString(tc.sel)+")", &got)
					if len(got.Rows) == 0 {
						t.Fatalf("%s %s: no text at %s", size, style, tc.sel)
					}
					for _, b := range emojiLedLines(got.Rows) {
						t.Errorf("%s %s: %s", size, style, b)
					}
				}
			}
		})
	}
}
