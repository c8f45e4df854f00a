package templates

import (
	"html/template"
	"strings"

	"github.com/brandgen/brandgen/textlang"
)

// emojiText sets a line of display text for pages that draw it with effects colour emoji do not
// survive (a gradient clipped to the glyphs paints them as silhouettes): every run of emoji goes in
// <span class="emo">, which the pattern draws in its own colours. A run is glued with a no-break
// space to the word before it (to the word after it when it opens the text), so an emoji never
// starts or ends a line alone ("this year / 🚀 Our team" -> "this year 🚀 / Our team"), and
// runs parted by spaces only ("PDF ✨ 🎯") stay together.
func emojiText(s string) template.HTML {
	rs := []rune(strings.TrimSpace(s))
	emoji := textlang.EmojiMask(rs)
	var b strings.Builder
	for i := 0; i < len(rs); {
		if !emoji[i] {
			j := i
			for j < len(rs) && !emoji[j] {
				j++
			}
			text := string(rs[i:j])
			if j < len(rs) { // the spaces before an emoji run become one no-break space
				if trimmed := strings.TrimRight(text, " "); trimmed != text && trimmed != "" {
					text = trimmed + "\u00a0"
				} else if i > 0 && trimmed == "" {
					// only spaces between two runs ("🎉 🚀"): one no-break space keeps them together
					text = "\u00a0"
				}
			}
			if i > 0 && isLeadingRun(emoji, i) {
				// after a run that opened the text, the spaces become one no-break space
				if trimmed := strings.TrimLeft(text, " "); trimmed != text {
					text = "\u00a0" + trimmed
				}
			}
			b.WriteString(textEscaper.Replace(text))
			i = j
			continue
		}
		j := i
		for j < len(rs) && emoji[j] {
			j++
		}
		b.WriteString(`<span class="emo">`)
		b.WriteString(textEscaper.Replace(string(rs[i:j])))
		b.WriteString(`</span>`)
		i = j
	}
	return template.HTML(b.String()) //nolint:gosec // every piece of the text is escaped above
}

// isLeadingRun reports whether the text before index i is one emoji run that opens the text.
func isLeadingRun(emoji []bool, i int) bool {
	for k := 0; k < i; k++ {
		if !emoji[k] {
			return false
		}
	}
	return true
}

// Marked is an item's text split from the emoji run that opens it (leadEmoji).
type Marked struct {
	Emoji, Text string
}

// leadEmoji splits the emoji run that opens an item ("🌱 Plant-based options daily") from its text,
// so a list can set the emoji as the item's marker instead of drawing its own check mark or icon
// beside it (two markers). Emoji is "" when the item does not open with one, or is nothing else.
func leadEmoji(s string) Marked {
	s = strings.TrimSpace(s)
	emoji, rest := textlang.LeadingEmoji(s, false)
	if emoji == "" || rest == "" {
		return Marked{Text: s}
	}
	return Marked{Emoji: emoji, Text: rest}
}
