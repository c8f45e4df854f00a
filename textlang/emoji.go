package textlang

import (
	"strings"
	"unicode"
)

//go:generate go run gen_emoji.go /usr/share/unicode/emoji/emoji-data.txt

// Characters that bind emoji sequences (Unicode Technical Standard #51).
const (
	zwj        = '\u200D' // zero-width joiner: 👩‍💻
	vs15       = '\uFE0E' // variation selector 15: show the character as text
	vs16       = '\uFE0F' // variation selector 16: show the character as emoji
	keycap     = '\u20E3' // combining enclosing keycap: 1️⃣
	tagCancel  = '\U000E007F'
	regionalLo = '\U0001F1E6'
	regionalHi = '\U0001F1FF'
)

// IsEmojiRune reports whether r can be part of an emoji in some presentation: a pictograph
// (Unicode property Extended_Pictographic: 😀, ❤, ©, ★, ...), any other non-ASCII character with the
// property Emoji (regional indicators, skin tones), or a character that binds emoji sequences (ZWJ,
// VS16, the keycap mark, tag characters). ASCII digits, # and * are not: they are emoji only in
// keycap sequences, which EmojiLen finds. Whether r shows as an emoji depends on its neighbours:
// ★, © and ❤ alone are text; use EmojiLen or EmojiMask for what a reader sees as emoji.
func IsEmojiRune(r rune) bool {
	if r <= unicode.MaxASCII {
		return false
	}
	return unicode.Is(extendedPictographic, r) || unicode.Is(emojiProperty, r) ||
		r == zwj || r == vs16 || r == keycap || (r >= 0xE0020 && r <= tagCancel)
}

// EmojiLen returns how many runes at the start of rs form one emoji as a browser shows it, 0 when
// rs does not start with one. An emoji is a character shown as emoji by default (Unicode property
// Emoji_Presentation: 😀, ⭐, ✅; or an Extended_Pictographic code point reserved for future emoji),
// or one with the property Emoji that VS16 or the keycap mark turns into one (©️, ❤️, 1️⃣), with
// what may follow it: a skin tone, VS16, the keycap mark, a tag sequence (🏴󠁧󠁢󠁳󠁣󠁴󠁿), and further
// emoji joined by ZWJ (👩‍💻); or a pair of regional indicators (a flag, 🇯🇵). Characters shown as
// text by default stay text on their own (©, ™, ❤, ★, ✓, digits), and VS15 keeps even an emoji
// character text (⌚︎).
func EmojiLen(rs []rune) int { return sequenceLen(rs, false) }

// EmojiMask reports for each rune of rs whether it belongs to an emoji (see EmojiLen).
func EmojiMask(rs []rune) []bool { return mask(rs, false) }

// PictographMask is EmojiMask that also marks the pictographs shown as text (★, ✔, ❤ and ☀
// without VS16): the characters of the property Extended_Pictographic in the symbol blocks
// U+2300–U+2BFF and from U+1F000 on. The typographic marks that have it too (©, ®, ™, ‼, ℹ, the
// arrows ↔ and ↩, 〰) stay text. It is for callers that look for symbols used as icons or bullets
// ("✔ Fast renders") rather than for what a browser draws in colour.
func PictographMask(rs []rune) []bool { return mask(rs, true) }

// LeadingEmoji splits the run of emoji that opens s ("🌱 Plant-based", "👩‍💻🚀 Ship") from the
// rest, which it trims; emoji is "" when s does not open with one. With pictographs, symbols
// shown as text (★, ✔) count too (PictographMask), else only what a browser draws as emoji
// (EmojiMask).
func LeadingEmoji(s string, pictographs bool) (emoji, rest string) {
	rs := []rune(s)
	m := mask(rs, pictographs)
	i := 0
	for i < len(rs) && m[i] {
		i++
	}
	if i == 0 {
		return "", s
	}
	return string(rs[:i]), strings.TrimSpace(string(rs[i:]))
}

// isSymbolPictograph reports whether r is a pictograph of the symbol blocks (see PictographMask).
func isSymbolPictograph(r rune) bool {
	return ((r >= 0x2300 && r <= 0x2BFF) || r >= 0x1F000) && unicode.Is(extendedPictographic, r)
}

// sequenceLen is EmojiLen; text also takes symbol pictographs shown as text as bases.
func sequenceLen(rs []rune, text bool) int {
	n := emojiElement(rs, false, text)
	if n == 0 {
		return 0
	}
	for n+1 < len(rs) && rs[n] == zwj {
		m := emojiElement(rs[n+1:], true, text)
		if m == 0 {
			break
		}
		n += 1 + m
	}
	return n
}

func mask(rs []rune, text bool) []bool {
	mask := make([]bool, len(rs))
	for i := 0; i < len(rs); {
		n := sequenceLen(rs[i:], text)
		if n == 0 {
			i++
			continue
		}
		for k := i; k < i+n; k++ {
			mask[k] = true
		}
		i += n
	}
	return mask
}

// emojiElement returns the length of one emoji element at the start of rs (a flag, or a base with
// its modifiers); joined says it follows a ZWJ, where a text-default pictograph needs no VS16
// (🏳️‍⚧️ and 👁‍🗨 are written so); text takes symbol pictographs shown as text as bases too.
func emojiElement(rs []rune, joined, text bool) int {
	if len(rs) == 0 {
		return 0
	}
	r := rs[0]
	if r >= regionalLo && r <= regionalHi {
		if len(rs) > 1 && rs[1] >= regionalLo && rs[1] <= regionalHi {
			return 2
		}
		return 1 // a lone regional indicator shows as a boxed letter emoji
	}
	next := rune(0)
	if len(rs) > 1 {
		next = rs[1]
	}
	isKeycapBase := r == '#' || r == '*' || (r >= '0' && r <= '9')
	switch {
	case text && isSymbolPictograph(r):
	case next == vs15:
		return 0
	case unicode.Is(emojiPresentation, r), unicode.Is(emojiReserved, r):
	case joined && r > unicode.MaxASCII && (unicode.Is(extendedPictographic, r) || unicode.Is(emojiProperty, r)):
	case next == vs16 && unicode.Is(emojiProperty, r):
	case next == keycap && isKeycapBase:
	default:
		return 0
	}
	n := 1
	if n < len(rs) && rs[n] >= 0x1F3FB && rs[n] <= 0x1F3FF { // skin tone
		n++
	}
	if n < len(rs) && (rs[n] == vs16 || (text && rs[n] == vs15)) {
		n++
	}
	if n < len(rs) && rs[n] == keycap && isKeycapBase {
		n++
	}
	if n < len(rs) && rs[n] >= 0xE0020 && rs[n] < tagCancel { // tag sequence: 🏴 + tags + cancel tag
		m := n
		for m < len(rs) && rs[m] >= 0xE0020 && rs[m] < tagCancel {
			m++
		}
		if m < len(rs) && rs[m] == tagCancel {
			n = m + 1
		}
	}
	return n
}
