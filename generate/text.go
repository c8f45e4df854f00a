package generate

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/brandgen/brandgen/textlang"
)

// This file holds the text helpers of the offline planner: splitting a prompt into lines,
// sentences, clauses and list items, and clipping strings to a schema limit at a word boundary.

// clip shortens s to at most max runes, cutting at a word boundary when one is close enough and
// dropping dangling punctuation and connectors. CJK text, which has no spaces, is cut at a clause
// mark or at max runes.
func clip(s string, max int) string {
	s = strings.TrimSpace(s)
	if max <= 0 || utf8.RuneCountInString(s) <= max {
		return s
	}
	r := []rune(s)
	cut := -1
	// Prefer a clause boundary in the second half, then a space in the last 60%.
	for i := max; i > max/2; i-- {
		if i < len(r) && isClauseMark(r[i-1]) {
			cut = i - 1
			break
		}
	}
	if cut < 0 {
		for i := max; i > max*2/5; i-- {
			if i < len(r) && unicode.IsSpace(r[i]) {
				cut = i
				break
			}
		}
	}
	if cut < 0 {
		cut = max
	}
	out := trimDangling(string(r[:cut]))
	if out == "" {
		out = strings.TrimSpace(string(r[:max]))
	}
	return out
}

// clipText is clip for prose: an ellipsis marks the cut when the text was shortened mid-sentence.
func clipText(s string, max int) string {
	s = strings.TrimSpace(s)
	if utf8.RuneCountInString(s) <= max || max < 8 {
		return clip(s, max)
	}
	out := clip(s, max-1)
	if out == "" {
		return out
	}
	last, _ := utf8.DecodeLastRuneInString(out)
	if strings.ContainsRune(".!?。！？…", last) {
		return out
	}
	return out + "…"
}

func isClauseMark(r rune) bool {
	return strings.ContainsRune(",;:.!?，；：。！？、", r)
}

var danglingWords = map[string]bool{
	"a": true, "an": true, "the": true, "and": true, "or": true, "of": true, "to": true, "for": true,
	"with": true, "in": true, "on": true, "at": true, "by": true, "from": true, "your": true, "our": true,
	"is": true, "are": true, "that": true, "which": true, "as": true, "&": true, "but": true, "into": true,
	"-": true, "–": true, "—": true, "|": true, "/": true, "vs": true, "vs.": true, "+": true,
}

// trimDangling drops trailing punctuation and connector words left over by a cut.
func trimDangling(s string) string {
	for {
		s = strings.TrimRightFunc(s, func(r rune) bool {
			return unicode.IsSpace(r) || strings.ContainsRune(",;:-–—(/|&+，；：、（", r)
		})
		i := strings.LastIndexFunc(s, unicode.IsSpace)
		if i < 0 {
			return s
		}
		if !danglingWords[strings.ToLower(s[i+1:])] {
			return s
		}
		s = s[:i]
	}
}

// upperFirst capitalises the first letter of s unless its first word looks like a name that is
// spelled on purpose (iPhone, gRPC, v2, go.dev).
func upperFirst(s string) string {
	s = strings.TrimSpace(s)
	if s == "" {
		return s
	}
	word, _, _ := strings.Cut(s, " ")
	r, n := utf8.DecodeRuneInString(word)
	if !unicode.IsLower(r) {
		return s
	}
	for _, c := range word[n:] {
		if unicode.IsUpper(c) || unicode.IsDigit(c) || c == '.' || c == '_' || c == '/' || c == '@' {
			return s
		}
	}
	return string(unicode.ToUpper(r)) + s[n:]
}

// hasCJK reports whether s contains Han, Hiragana, Katakana or Hangul letters.
func hasCJK(s string) bool {
	for _, r := range s {
		if unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul) {
			return true
		}
	}
	return false
}

// The emoji helpers below take pictographs drawn as text (✔, ★, ❤ without VS16) for emoji too
// (textlang.PictographMask): in a prompt they are icons and bullets all the same.

// leadingEmoji splits a leading emoji run (and the space after it) off s.
func leadingEmoji(s string) (emoji, rest string) { return textlang.LeadingEmoji(s, true) }

// stripEmoji removes every emoji from s (for titles of cells that carry the emoji as an icon).
func stripEmoji(s string) string {
	rs := []rune(s)
	mask := textlang.PictographMask(rs)
	kept := rs[:0:0]
	for i, r := range rs {
		if !mask[i] {
			kept = append(kept, r)
		}
	}
	return strings.Join(strings.Fields(string(kept)), " ")
}

// endsWithEmoji reports whether s ends with an emoji.
func endsWithEmoji(s string) bool {
	rs := []rune(s)
	mask := textlang.PictographMask(rs)
	return len(rs) > 0 && mask[len(rs)-1]
}

var abbreviations = map[string]bool{
	"vs": true, "e.g": true, "i.e": true, "etc": true, "dr": true, "mr": true, "mrs": true, "ms": true,
	"inc": true, "ltd": true, "st": true, "no": true, "jr": true, "sr": true, "approx": true, "co": true,
	"prof": true, "fig": true, "u.s": true, "a.m": true, "p.m": true, "mt": true,
}

// sentences splits a paragraph into sentences at . ! ? (and their CJK forms), keeping the mark.
// Decimal points, abbreviations (e.g., vs.), versions (v2.0) and domains (go.dev) do not split.
func sentences(s string) []string {
	var out []string
	r := []rune(s)
	emoji := textlang.PictographMask(r)
	start := 0
	for i := 0; i < len(r); i++ {
		c := r[i]
		switch {
		case strings.ContainsRune("。！？", c):
			// CJK marks end a sentence wherever they are.
		case emoji[i] && i > start+2 && r[i-1] == ' ' && (unicode.IsLetter(r[i-2]) || unicode.IsDigit(r[i-2])) &&
			closesSentence(r, emoji, i):
			// "We shipped dark mode 🌙 Now available ...": an emoji closes the sentence.
			for i+1 < len(r) && emoji[i+1] {
				i++
			}
		case c == '.' || c == '!' || c == '?' || c == '…':
			// Latin marks end one when followed by a space or the end (or closing quotes).
			j := i + 1
			for j < len(r) && strings.ContainsRune(".!?…\"'”’)", r[j]) {
				j++
			}
			if j < len(r) && !unicode.IsSpace(r[j]) {
				continue
			}
			if c == '.' {
				w := lastWord(string(r[start:i]))
				if abbreviations[strings.ToLower(w)] || (utf8.RuneCountInString(w) == 1 && unicode.IsUpper([]rune(w)[0])) {
					continue
				}
			}
			i = j - 1
		default:
			continue
		}
		if t := strings.TrimSpace(string(r[start : i+1])); t != "" {
			out = append(out, t)
		}
		start = i + 1
	}
	if t := strings.TrimSpace(string(r[start:])); t != "" {
		out = append(out, t)
	}
	return out
}

// closesSentence reports whether the emoji run starting at r[i] is followed by a space and a
// capital letter, as an emoji that ends one sentence before the next starts.
func closesSentence(r []rune, emoji []bool, i int) bool {
	j := i
	for j < len(r) && emoji[j] {
		j++
	}
	return j+1 < len(r) && r[j] == ' ' && unicode.IsUpper(r[j+1])
}

func lastWord(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.LastIndexFunc(s, unicode.IsSpace); i >= 0 {
		s = s[i+1:]
	}
	return strings.TrimLeft(s, "(\"'“")
}

// trimSentence drops the final full stop of a sentence (titles carry no period) but keeps ! ? ….
func trimSentence(s string) string {
	s = strings.TrimSpace(s)
	s = strings.TrimRight(s, ".。 ")
	return strings.TrimSpace(s)
}

var clauseSplit = regexp.MustCompile(`\s*(?:[;；、，]|,\s|\s[-–—|]\s|\s(?:and|but|so|then|while|plus)\s)\s*`)

// clauses splits a sentence at commas, semicolons, dashes and conjunctions.
func clauses(s string) []string {
	var out []string
	for _, p := range clauseSplit.Split(trimSentence(s), -1) {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

var (
	// bulletRe matches a list marker at the start of a line: bullets, numbers, check boxes.
	bulletRe       = regexp.MustCompile(`^\s*(?:[-*•·▪►→+–—]\s*)?(?:\[( |x|X|✓|✔)?\]\s*|(?i:step\s*)?#?\d{1,2}[.)\]:](?:\s+|$)|\(\d{1,2}\)\s*|[a-z]\)\s+|\d{1,2}\s[-–—]\s+|\d\x{FE0F}?\x{20E3}\s*|[-*•·▪►→+–—](?:\s+|$))`)
	checkedMarks   = "✅✓✔☑☒🟢"
	uncheckedMarks = "☐⬜❌✗✘□🔲"
)

// listItem is one entry of a list in the prompt.
type listItem struct {
	text    string
	icon    string // a leading emoji, if any
	marked  bool   // the line had a check box or tick
	checked bool
}

// parseListLine reports whether line is a list entry and returns it.
func parseListLine(line string) (listItem, bool) {
	t := strings.TrimSpace(line)
	if t == "" {
		return listItem{}, false
	}
	if m := bulletRe.FindStringSubmatchIndex(t); m != nil && m[1] > 0 {
		marker := t[:m[1]]
		rest := strings.TrimSpace(t[m[1]:])
		if rest == "" {
			return listItem{}, false
		}
		it := listItem{text: rest}
		if strings.Contains(marker, "[") {
			it.marked = true
			it.checked = m[2] >= 0 && strings.TrimSpace(t[m[2]:m[3]]) != ""
		}
		it.icon, it.text = splitIcon(it.text, &it)
		return it, it.text != ""
	}
	if e, rest := leadingEmoji(t); e != "" && rest != "" {
		it := listItem{text: rest}
		it.icon, it.text = splitIcon(t, &it)
		return it, it.text != ""
	}
	return listItem{}, false
}

// splitIcon takes a leading emoji off an item; a tick or cross marks the item checked or open.
func splitIcon(s string, it *listItem) (string, string) {
	e, rest := leadingEmoji(s)
	if e == "" {
		if r, n := utf8.DecodeRuneInString(s); strings.ContainsRune(checkedMarks+uncheckedMarks, r) {
			it.marked, it.checked = true, strings.ContainsRune(checkedMarks, r)
			return "", strings.TrimSpace(s[n:])
		}
		return "", s
	}
	first, _ := utf8.DecodeRuneInString(e)
	if strings.ContainsRune(checkedMarks, first) {
		it.marked, it.checked = true, true
		return "", rest
	}
	if strings.ContainsRune(uncheckedMarks, first) {
		it.marked = true
		return "", rest
	}
	return e, rest
}

var (
	inlineListSplit = regexp.MustCompile(`\s*(?:[;；、，|•·]|,|\s/\s)\s*`)
	semicolonSplit  = regexp.MustCompile(`\s*[;；]\s*`)
	lastAndSplit    = regexp.MustCompile(`\s+(?:and|or|&|plus)\s+|和|与|及`)
)

// inlineList splits "a, b, c and d" into its parts. It answers nil unless there are at least min
// parts and they read like list entries (short, not whole sentences).
func inlineList(s string, min int) []string {
	s = trimSentence(s)
	if strings.Count(s, ",")+strings.Count(s, ";")+strings.Count(s, "、")+strings.Count(s, "，")+strings.Count(s, "|")+strings.Count(s, "•")+strings.Count(s, "·") == 0 && min > 2 {
		return nil
	}
	var parts []string
	words := 0
	split := inlineListSplit.Split(s, -1)
	if strings.ContainsAny(s, ";；") {
		// Semicolons separate entries that may hold commas: "Ship small, ship often; Be kind".
		split = semicolonSplit.Split(s, -1)
	}
	// "a, b and c": only the last part splits at a conjunction, and only when no part is made of
	// several words joined by one ("Charts and KPIs, REST API" keeps its first part whole).
	if last := split[len(split)-1]; len(split) >= 1 {
		if halves := lastAndSplit.Split(last, 2); len(halves) == 2 && strings.TrimSpace(halves[0]) != "" && strings.TrimSpace(halves[1]) != "" {
			emoji := false
			for _, p := range split {
				if e, _ := leadingEmoji(strings.TrimSpace(p)); e != "" {
					emoji = true
				}
			}
			if !emoji && (len(split) > 1 || min <= 2) {
				split = append(split[:len(split)-1], halves...)
			}
		}
	}
	for _, p := range split {
		p = strings.TrimSpace(strings.TrimPrefix(strings.TrimPrefix(p, "and "), "or "))
		if p == "" {
			continue
		}
		if len(strings.Fields(p)) > 14 {
			return nil // a clause, not an entry
		}
		parts = append(parts, p)
		words += len(strings.Fields(p))
	}
	if len(parts) < min || words > 12*len(parts) {
		return nil
	}
	return parts
}

// labelSeps separate a label from its text in "Label: text", "Label - text", "Label | text".
var labelSeps = []string{": ", " — ", " – ", " - ", " | ", " -- ", "：", " → ", " -> ", " = "}

// splitLabel splits "Title: text" at the first separator whose left side is short enough to be a
// label (at most maxWords words). ok is false when there is none.
func splitLabel(s string, maxWords int) (label, text string, ok bool) {
	best := -1
	sep := ""
	for _, p := range labelSeps {
		if i := strings.Index(s, p); i > 0 && (best < 0 || i < best) {
			best, sep = i, p
		}
	}
	if best < 0 {
		return "", s, false
	}
	label = strings.TrimSpace(s[:best])
	text = strings.TrimSpace(s[best+len(sep):])
	if label == "" || text == "" || len(strings.Fields(label)) > maxWords {
		return "", s, false
	}
	return label, text, true
}

// titleText splits an item into a short title and supporting text: at a separator, else at the
// first clause when the item is longer than max runes.
func titleText(s string, max int) (title, text string) {
	s = trimSentence(s)
	if l, t, ok := splitLabel(s, 10); ok && utf8.RuneCountInString(l) <= max {
		return upperFirst(l), upperFirst(t)
	}
	if utf8.RuneCountInString(s) <= max {
		return upperFirst(s), ""
	}
	if cs := clauses(s); len(cs) > 1 && utf8.RuneCountInString(cs[0]) <= max && len(strings.Fields(cs[0])) >= 2 {
		rest := strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(s[len(cs[0]):]), ",;:-–—"))
		return upperFirst(cs[0]), upperFirst(rest)
	}
	t := clip(s, max)
	rest := strings.TrimSpace(strings.TrimPrefix(s, t))
	rest = strings.TrimLeft(rest, ",;:-–— ")
	if rest == "" {
		return upperFirst(t), ""
	}
	return upperFirst(t), "…" + rest
}

// dedupe drops empty and repeated strings (case-insensitively), keeping order.
func dedupe(in []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, s := range in {
		s = strings.TrimSpace(s)
		k := strings.ToLower(s)
		if s == "" || seen[k] {
			continue
		}
		seen[k] = true
		out = append(out, s)
	}
	return out
}

// wordsOf returns the words of s without surrounding punctuation.
func wordsOf(s string) []string {
	var out []string
	for _, w := range strings.Fields(s) {
		w = strings.TrimFunc(w, func(r rune) bool { return unicode.IsPunct(r) && r != '#' && r != '%' && r != '$' })
		if w != "" {
			out = append(out, w)
		}
	}
	return out
}

// wordCount counts the words of s; CJK text counts one word per two runes.
func wordCount(s string) int {
	if hasCJK(s) {
		return (runes(strings.Join(strings.Fields(s), "")) + 1) / 2
	}
	return len(strings.Fields(s))
}

// runes counts the runes of s.
func runes(s string) int { return utf8.RuneCountInString(s) }
