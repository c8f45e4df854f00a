package generate

import (
	"regexp"
	"strings"

	"github.com/brandgen/brandgen/textlang"
)

// This file shortens headlines without losing what they say: a long headline splits at a natural
// point (an emoji, a dash, a colon, " with ", a comma) and the rest moves into the format's body
// field, instead of being clipped.

// headSplits are the places a headline may split, strongest first; keep says whether the
// separator's word stays with the rest ("with ...").
var headSplits = []struct {
	sep  string
	keep bool
}{{" — ", false}, {" – ", false}, {" - ", false}, {": ", false}, {"：", false}, {" with ", true},
	{" featuring ", true}, {", now ", true}, {", ", false}, {"，", false}, {"、", false}}

// splitHeadline splits t when it is longer than target runes: head is at most max runes and keeps
// at least two words (or four CJK runes); rest is the remainder, capitalised, or "" when t stays
// whole. An emoji followed by more text is the preferred split point.
func splitHeadline(t string, target, max int) (head, rest string) {
	t = strings.TrimSpace(t)
	if runes(t) <= target {
		return t, ""
	}
	ok := func(h string) bool {
		h = strings.TrimSpace(h)
		if hasCJK(h) {
			return runes(h) >= 4 && runes(h) <= max
		}
		return len(strings.Fields(h)) >= 2 && runes(h) <= max
	}
	best, bestRest := "", ""
	// An emoji in the middle, followed by words: "Acme DB 3.2 🎉 faster vacuum, ...".
	rs := []rune(t)
	emoji := textlang.PictographMask(rs)
	i := 0
	for i < len(rs) && emoji[i] { // an emoji that opens the text is no split point
		i++
	}
	for ; i < len(rs); i++ {
		if !emoji[i] {
			continue
		}
		j := i
		for j < len(rs) && emoji[j] {
			j++
		}
		if h := strings.TrimSpace(string(rs[:j])); j < len(rs) && rs[j] == ' ' && ok(h) {
			best, bestRest = h, strings.TrimSpace(string(rs[j:]))
		}
		break
	}
	if best == "" {
		at := -1
		for _, s := range headSplits {
			i := strings.Index(t, s.sep)
			if i <= 0 || !ok(t[:i]) || (at >= 0 && i >= at) {
				continue
			}
			r := t[i+len(s.sep):]
			if s.keep {
				r = strings.TrimSpace(t[i:])
			}
			if strings.TrimSpace(r) == "" {
				continue
			}
			at, best, bestRest = i, strings.TrimSpace(t[:i]), strings.TrimSpace(r)
		}
	}
	if best == "" {
		if runes(t) <= max {
			return t, ""
		}
		best = clip(t, max)
		bestRest = strings.TrimLeft(strings.TrimSpace(strings.TrimPrefix(t, best)), ",;:-–— ")
	}
	return trimDangling(best), upperFirst(bestRest)
}

// titleRest is what the title sentence says after the title (the inline list after "Title:"), or
// "" when the title is the whole sentence.
func (d *doc) titleRest() string {
	h := trimSentence(d.headSentence())
	t := d.title()
	i := strings.Index(strings.ToLower(h), strings.ToLower(t))
	if t == "" || i < 0 || len(strings.ToLower(h)) != len(h) {
		return ""
	}
	return upperFirst(strings.TrimLeft(strings.TrimSpace(h[i+len(t):]), ":：,;-–— "))
}

var spanishRe = regexp.MustCompile(`(?i)\b(?:que|para|nuestra|nuestro|nuevo|nueva|con|los|las|del|desde|disponible|también|ahora|consejos)\b`)

// language tells the prompt's language apart for generated words: the CJK tag of its script
// (textlang.Detect: "ja", "ko", "zh-Hans", "zh-Hant"), "es" (common Spanish words), else "en".
func (d *doc) language() string {
	if tag := textlang.Detect(d.raw); textlang.IsCJK(tag) {
		return tag
	}
	if len(spanishRe.FindAllString(d.raw, 3)) >= 2 {
		return "es"
	}
	return "en"
}

// word is the prompt's language's entry of words: its exact tag, else its base language ("zh"
// for both Chinese scripts), else English.
func (d *doc) word(words map[string]string) string {
	return wordIn(d.language(), words)
}

func wordIn(tag string, words map[string]string) string {
	if w, ok := words[tag]; ok {
		return w
	}
	if w, ok := words[textlang.Base(tag)]; ok {
		return w
	}
	return words["en"]
}

// The words the planner writes itself, per language ("zh" is Simplified Chinese).
var (
	dateTBA      = map[string]string{"en": "Date TBA", "es": "Fecha por confirmar", "ja": "日程未定", "ko": "일정 미정", "zh": "日期待定"}
	learnMore    = map[string]string{"en": "Learn more", "ja": "詳しくはこちら", "ko": "자세히 보기", "zh": "了解更多"}
	customerWord = map[string]string{"en": "Customer", "ja": "お客様", "ko": "고객", "zh": "客户", "zh-Hant": "客戶"}
	roadmapWord  = map[string]string{"en": "Roadmap", "ja": "ロードマップ", "ko": "로드맵", "zh": "路线图", "zh-Hant": "路線圖"}
)
