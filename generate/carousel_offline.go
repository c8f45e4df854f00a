package generate

import (
	"context"
	"encoding/json"
	"fmt"
	"github.com/brandgen/brandgen/textlang"
	"regexp"
	"strconv"
	"strings"

	"github.com/brandgen/brandgen/slides"
)

// PlanCarousel builds a carousel from the prompt's own words: the headline on the cover (never the
// instruction), one slide per list entry (a stat when it holds a figure, a quote when it quotes,
// a point otherwise), the code, the comparison or the figure the prompt has, a recap of a list,
// and a call to action using the prompt's handle, link or call to action. A prompt that promises
// "5 lessons" and gives none gets that many point slides headed by short, generic section titles
// to edit. The same prompt always gives the same deck.
func (o *Offline) PlanCarousel(ctx context.Context, r CarouselRequest) (CarouselPlan, error) {
	req, err := validate(Request{Prompt: r.Prompt})
	if err != nil {
		return CarouselPlan{}, err
	}
	if err := ctx.Err(); err != nil {
		return CarouselPlan{}, err
	}
	plan := CarouselPlan{Provider: ProviderOffline, Model: OfflineModel}
	for i, s := range analyze(req.Prompt).carousel() {
		b, err := json.Marshal(s)
		if err != nil {
			return CarouselPlan{}, fmt.Errorf("offline carousel slide %d: %w", i, err)
		}
		plan.Slides = append(plan.Slides, b)
	}
	return plan, nil
}

// deckWords are the few words the offline planner writes itself, per language.
type deckWords struct {
	step, point                    string // kickers with a %d
	recap, save, saveBody          string
	ctaTitle, ctaBody, ctaAction   string
	lessons, steps, tips, mistakes []string // section titles when the prompt gives none
}

var wordsByLang = map[string]deckWords{
	"": {step: "Step %d", point: "Point %d", recap: "The short version", save: "Save this for later",
		saveBody: "Swipe back any time: every slide is one idea you can use today.",
		ctaTitle: "Found this useful?", ctaBody: "Save it, share it with your team, and follow for more.", ctaAction: "Follow for more",
		lessons:  []string{"Measure before you change anything", "Fix the biggest bottleneck first", "Automate what you repeat", "Plan for failure before it happens", "Keep the design simple", "Write down what you learn", "Review, then do it again", "Share it with the team"},
		steps:    []string{"Start with the goal", "Gather what you need", "Build the smallest version", "Test it with real users", "Ship it", "Measure the result", "Improve what matters", "Share what you learned"},
		tips:     []string{"Start small", "Be consistent", "Make it measurable", "Cut what does not help", "Ask for feedback early", "Keep a checklist", "Teach it to someone", "Repeat what works"},
		mistakes: []string{"Skipping the measurement", "Optimising too early", "Ignoring the edge cases", "Doing it all at once", "Working without feedback", "Forgetting the rollback plan", "Not writing it down", "Never revisiting it"}},
	"zh": {step: "第 %d 步", point: "要点 %d", recap: "要点回顾", save: "先收藏，慢慢看", saveBody: "每一页都是一个今天就能用上的方法。",
		ctaTitle: "觉得有用吗？", ctaBody: "收藏这篇，分享给需要的人，关注获取更多。", ctaAction: "关注获取更多",
		lessons: []string{"先测量，再优化", "从最大的瓶颈开始", "把重复的工作自动化", "为失败提前做好准备", "保持设计简单", "记录你学到的东西", "复盘，然后再来一次", "分享给你的团队"}},
	"zh-Hant": {step: "第 %d 步", point: "要點 %d", recap: "要點回顧", save: "先收藏，慢慢看", saveBody: "每一頁都是一個今天就能用上的方法。",
		ctaTitle: "覺得有用嗎？", ctaBody: "收藏這篇，分享給需要的人，追蹤獲取更多。", ctaAction: "追蹤獲取更多",
		lessons: []string{"先測量，再優化", "從最大的瓶頸開始", "把重複的工作自動化", "為失敗提前做好準備", "保持設計簡單", "記錄你學到的東西", "復盤，然後再來一次", "分享給你的團隊"}},
	"ja": {step: "ステップ %d", point: "ポイント %d", recap: "まとめ", save: "保存して後で読む", saveBody: "どのスライドも、今日から使えるひとつのアイデアです。",
		ctaTitle: "役に立ちましたか？", ctaBody: "保存して、必要な人にシェアしてください。", ctaAction: "フォローして続きを見る",
		lessons: []string{"まず計測する", "最大のボトルネックから直す", "繰り返し作業を自動化する", "失敗に備える", "設計をシンプルに保つ", "学んだことを書き残す", "振り返って、もう一度", "チームで共有する"}},
	"ko": {step: "%d단계", point: "포인트 %d", recap: "요약", save: "저장해 두고 다시 보기", saveBody: "모든 슬라이드가 오늘 바로 쓸 수 있는 하나의 아이디어입니다.",
		ctaTitle: "도움이 되셨나요?", ctaBody: "저장하고 필요한 분께 공유해 주세요.", ctaAction: "팔로우하고 더 보기",
		lessons: []string{"먼저 측정하기", "가장 큰 병목부터 해결하기", "반복 작업 자동화하기", "실패에 미리 대비하기", "설계를 단순하게 유지하기", "배운 것을 기록하기", "돌아보고 다시 하기", "팀과 공유하기"}},
}

// deckWordsFor is the deck words of a language tag (textlang.Detect): its own (Traditional
// Chinese has its own), else its base language's, else English.
func deckWordsFor(tag string) deckWords {
	if w, ok := wordsByLang[tag]; ok {
		return w
	}
	return wordsByLang[textlang.Base(tag)]
}

var (
	// countRe finds the number of sections a title promises: "5 lessons", "seven tips", "3 steps".
	countRe    = regexp.MustCompile(`(?i)\b(\d{1,2}|two|three|four|five|six|seven|eight|nine|ten)\s+(?:\w+\s+)?(lessons?|tips?|steps?|ways?|mistakes?|pitfalls?|myths?|reasons?|rules?|habits?|ideas?|things?|takeaways?|secrets?|hacks?|tricks?|questions?|principles?|signs?|tools?|books?|truths?|patterns?|practices?)\b`)
	numberedRe = regexp.MustCompile(`(?m)^\s*\d{1,2}[.)]\s`)
	howToRe    = regexp.MustCompile(`(?i)^(?:how\s+to|how\s+we|how\s+i|a\s+guide\s+to|guide\s+to|getting\s+started\s+with)\b`)
	numberWord = map[string]int{"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}
	// unitAfterRe extends a figure with the unit written after it: "10k QPS", "3 ms", "40 databases".
	unitAfterRe = regexp.MustCompile(`^\s?(?:[A-Z]{2,5}\b|(?:ms|s|GB|MB|TB|users|customers|teams|QPS|RPS|req/s)\b)`)
	// labelTrimRe drops the count phrase and dangling prepositions around a stat's label.
	labelLeadRe  = regexp.MustCompile(`(?i)^\s*(?:\d{1,2}|two|three|four|five|six|seven|eight|nine|ten)\s+\w+\s+(?:from|of|on|about|for|learned|we\s+learned)?\s*`)
	labelTrailRe = regexp.MustCompile(`(?i)\s+(?:to|at|by|of|for|with|in|from|on|and)\s*$`)
)

// seriesCount reads "5 lessons" in the title: the count (0 when none) and the noun, singular.
func seriesCount(title string) (int, string) {
	m := countRe.FindStringSubmatch(title)
	if m == nil {
		return 0, ""
	}
	n, err := strconv.Atoi(m[1])
	if err != nil {
		n = numberWord[strings.ToLower(m[1])]
	}
	noun := strings.ToLower(m[2])
	if strings.HasSuffix(noun, "s") && !strings.HasSuffix(noun, "ss") {
		noun = strings.TrimSuffix(noun, "s")
	}
	return n, noun
}

// carousel builds the deck: a cover, 3 to 8 body slides and a call to action.
func (d *doc) carousel() []any {
	w := deckWordsFor(slides.Lang(d.raw))
	title := d.title()
	count, noun := seriesCount(title)
	pc := d.cover() // the post cover's kicker and title: "A thread on X" is kicker Thread, title X
	cover := &slides.CoverSlide{Kind: slides.Cover, Kicker: pc.Kicker, Title: pc.Title}
	items := d.listOrInline()
	rest := d.rest()
	var body []any
	// A prompt that opens with a quotation: the quote is a slide, the sentence after it the title.
	if q, ok := findQuote(d.body); ok && len(items) == 0 && runes(q.text) >= 12 && strings.HasPrefix(strings.TrimLeft(d.body, " \"“'«„「"), strings.TrimSpace(q.text)[:1]) {
		qs := d.quote()
		body = append(body, &slides.QuoteSlide{Kind: slides.Quote, Quote: qs.Quote, Author: qs.Author, Role: qs.Role})
		var left []string
		for _, r := range rest {
			if t := trimSentence(r); t != qs.Author && t != qs.Role && !strings.Contains(qs.Quote, t) {
				left = append(left, r)
			}
		}
		rest = left
		if len(rest) > 0 {
			cover.Kicker, cover.Title = "", upperFirst(trimSentence(rest[0]))
			rest = rest[1:]
		}
	}
	switch {
	case len(rest) > 0 && len(items) > 0:
		cover.Subtitle = rest[0]
		rest = rest[1:]
	case len(items) >= 2:
		heads := make([]string, len(items))
		for i, it := range items {
			heads[i] = upperFirst(it)
		}
		cover.Subtitle = strings.Join(heads, " · ")
	}
	kicker := ""
	switch {
	case count > 0 && noun != "":
		kicker = upperFirst(noun) + " %d"
	case howToRe.MatchString(title) || (len(d.list) > 0 && numberedRe.MatchString(d.raw)):
		kicker = w.step
	}
	if d.code != "" {
		body = append(body, d.codeSlide())
	}
	if _, right := d.sides(); right != "" {
		body = append(body, d.comparisonSlide())
	}
	stats := 0
	add := func(s any) {
		if _, isStat := s.(*slides.StatSlide); isStat {
			stats++
		}
		if s != nil {
			body = append(body, s)
		}
	}
	for i, it := range items {
		add(d.itemSlide(it, i, kicker, stats < 2))
	}
	if len(items) == 0 {
		if d.code != "" {
			c := d.codeContent()
			rest = without(rest, c.Title, c.Caption)
		}
		for i, s := range rest {
			add(d.itemSlide(s, len(body), "", stats < 2))
			if i >= 7 {
				break
			}
		}
	}
	hasStat := stats > 0
	if !hasStat {
		if st := titleStat(title); st != nil {
			body = append([]any{st}, body...)
		}
	}
	// The promised sections, when the prompt did not list them.
	frames := w.lessons
	switch noun {
	case "step":
		frames = orFrames(w.steps, frames)
	case "tip", "way", "rule", "habit", "idea", "hack", "trick", "secret", "principle", "practice":
		frames = orFrames(w.tips, frames)
	case "mistake", "pitfall", "myth", "sign":
		frames = orFrames(w.mistakes, frames)
	}
	if kicker == w.step {
		frames = orFrames(w.steps, frames)
	}
	// A title that promises "5 lessons" gets them, as section titles to edit when the prompt lists
	// fewer; other short decks get the comparison's two sides, a recap, a save-this slide, and only
	// then generic sections.
	frame := func(k int) {
		p := &slides.PointSlide{Kind: slides.Point, Title: frames[(k-1)%len(frames)]}
		if kicker != "" {
			p.Kicker = fmt.Sprintf(kicker, k)
		}
		body = append(body, p)
	}
	if count > 0 {
		for k := len(items) + 1; k <= min(count, len(frames)) && len(body) < slides.MaxPlanned-2; k++ {
			frame(k)
		}
	}
	if left, right := d.sides(); right != "" && len(body) < 3 && w.point == wordsByLang[""].point {
		body = append(body, &slides.PointSlide{Kind: slides.Point, Kicker: "Option 1", Title: "Why " + left},
			&slides.PointSlide{Kind: slides.Point, Kicker: "Option 2", Title: "Why " + right})
	}
	if len(items) >= 3 || (len(items) == 2 && len(body) < 3) {
		if len(body) < slides.MaxPlanned-2 {
			body = append(body, &slides.ListSlide{Kind: slides.List, Title: w.recap, Items: recapItems(items)})
		}
	}
	if len(body) < 3 {
		body = append(body, &slides.IllustrationSlide{Kind: slides.Illustration, Icon: iconFor(d.raw, 0), Title: w.save, Body: w.saveBody})
	}
	for k := 1; len(body) < 3; k++ {
		frame(k)
	}
	if len(body) > slides.MaxPlanned-2 {
		body = body[:slides.MaxPlanned-2]
	}
	deck := append([]any{cover}, body...)
	deck = append(deck, d.ctaSlide(w))
	topic := d.topic()
	for _, s := range deck {
		fit(s, topic)
	}
	return deck
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

func orFrames(f, fallback []string) []string {
	if len(f) > 0 {
		return f
	}
	return fallback
}

// recapItems are the list entries as short recap lines.
func recapItems(items []string) []string {
	var out []string
	for _, it := range items {
		if len(out) == 6 {
			break
		}
		head := it
		if l, _, ok := splitLabel(it, 5); ok {
			head = l
		}
		out = append(out, upperFirst(clip(trimSentence(head), slides.ItemMaxRunes)))
	}
	return out
}

// itemSlide makes one list entry (or sentence) a slide: a quote when it quotes someone, a stat when
// it leads with a figure, else a point with the entry's label as the title and the rest as body.
func (d *doc) itemSlide(it string, i int, kicker string, statOK bool) any {
	it = strings.TrimSpace(it)
	if it == "" {
		return nil
	}
	if q, ok := findQuote(it); ok && runes(q.text) >= 12 {
		s := &slides.QuoteSlide{Kind: slides.Quote, Quote: q.text}
		if a, ok := d.quoteAttribution(q); ok {
			s.Author, s.Role = splitAttribution(a)
		}
		return s
	}
	if v, at := findValue(it); v != "" && statOK && runes(it) <= 120 {
		before, after := it[:at], it[at+len(v):]
		if u := unitAfterRe.FindString(after); u != "" {
			v, after = v+u, after[len(u):]
		}
		// "Latency dropped by 40%" -> 40% / Latency dropped; "3x faster exports" -> 3x / Faster exports.
		label := strings.TrimSpace(labelTrailRe.ReplaceAllString(strings.TrimSpace(before), "") + " " + strings.TrimLeft(strings.TrimSpace(after), ":–—- "))
		if len(strings.Fields(label)) >= 1 && runes(v) <= 16 {
			return &slides.StatSlide{Kind: slides.Stat, Value: strings.Join(strings.Fields(v), " "), Label: upperFirst(trimSentence(label))}
		}
	}
	p := &slides.PointSlide{Kind: slides.Point}
	if kicker != "" {
		p.Kicker = fmt.Sprintf(kicker, i+1)
	}
	if l, text, ok := splitLabel(it, 8); ok {
		p.Title, p.Body = upperFirst(trimSentence(l)), upperFirst(text)
	} else if t, text := titleText(it, 90); text != "" {
		p.Title, p.Body = upperFirst(trimSentence(t)), upperFirst(text)
	} else {
		p.Title = upperFirst(trimSentence(it))
	}
	return p
}

// titleStat is a stat slide for a figure in the title ("... to 10k QPS"), or nil.
func titleStat(title string) *slides.StatSlide {
	v, at := findValue(title)
	if v == "" {
		return nil
	}
	after := title[at+len(v):]
	if u := unitAfterRe.FindString(after); u != "" {
		v, after = v+u, after[len(u):]
	}
	label := labelTrailRe.ReplaceAllString(labelLeadRe.ReplaceAllString(title[:at], ""), "")
	if tail := strings.TrimSpace(trimSentence(after)); len(strings.Fields(tail)) >= 2 {
		label = strings.TrimSpace(label + " " + tail)
	}
	if len(strings.Fields(label)) < 2 {
		label = title
	}
	return &slides.StatSlide{Kind: slides.Stat, Value: strings.Join(strings.Fields(v), " "), Label: upperFirst(strings.TrimSpace(label))}
}

func (d *doc) codeSlide() *slides.CodeSlide {
	c := d.codeContent()
	return &slides.CodeSlide{Kind: slides.Code, Title: c.Title, Language: c.Language, Code: clipLines(c.Code, 18, 1200), Caption: c.Caption}
}

func (d *doc) comparisonSlide() *slides.ComparisonSlide {
	c := d.comparison()
	s := &slides.ComparisonSlide{Kind: slides.Comparison, Title: c.Title, Left: clip(c.Left, 30), Right: clip(c.Right, 30), Verdict: c.Verdict}
	for _, r := range c.Rows {
		if len(s.Rows) == 5 {
			break
		}
		s.Rows = append(s.Rows, slides.Row{Label: clip(r.Label, 30), Left: clip(r.Left, 60), Right: clip(r.Right, 60)})
	}
	return s
}

// ctaSlide closes the deck with the prompt's own call to action, handle or link when it has them.
func (d *doc) ctaSlide(w deckWords) *slides.CTASlide {
	s := &slides.CTASlide{Kind: slides.CTA, Title: w.ctaTitle, Body: w.ctaBody, Action: w.ctaAction, Link: d.footerLine()}
	if c := findCTA(d.raw); c != "" {
		s.Action = upperFirst(c)
	}
	return s
}
