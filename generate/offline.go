package generate

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/brandgen/brandgen/posts"
)

// Offline is the deterministic, rule-based planner: no network, no model, the same plan for the
// same request. It is safe for concurrent use.
type Offline struct{}

// NewOffline returns the offline planner.
func NewOffline() *Offline { return &Offline{} }

// Plan picks a format (unless r.Format forces one) and builds its content from the prompt.
func (o *Offline) Plan(ctx context.Context, r Request) (Plan, error) {
	r, err := validate(r)
	if err != nil {
		return Plan{}, err
	}
	if err := ctx.Err(); err != nil {
		return Plan{}, err
	}
	d := analyze(r.Prompt)
	format := r.Format
	if format == "" {
		format = d.pick()
	}
	content := d.build(format, layoutFor(format, r.Layout))
	raw, err := json.Marshal(content)
	if err != nil {
		return Plan{}, fmt.Errorf("offline plan %s: %w", format, err)
	}
	return Plan{Pattern: format, Content: raw, Provider: ProviderOffline, Model: OfflineModel}, nil
}

// Pick returns the format the offline planner would choose for prompt.
func Pick(prompt string) string { return analyze(prompt).pick() }

// build returns a pointer to the posts.* content of format, within its schema's limits.
func (d *doc) build(format, layout string) any {
	var v any
	switch format {
	case posts.Cover:
		v = d.cover()
	case posts.Roadmap:
		v = d.roadmap()
	case posts.Listicle:
		v = d.listicle(layout)
	case posts.Checklist:
		v = d.checklist(layout)
	case posts.Resources:
		v = d.resources(layout)
	case posts.Comparison:
		v = d.comparison()
	case posts.Quote:
		v = d.quote()
	case posts.Stat:
		v = d.stat()
	case posts.Grid:
		v = d.grid(layout)
	case posts.Code:
		v = d.codeContent()
	case posts.Poster:
		v = d.poster()
	case posts.Announcement:
		v = d.announcement()
	case posts.Offer:
		v = d.offer()
	case posts.Testimonial:
		v = d.testimonial()
	case posts.Event:
		v = d.event()
	case posts.Ad:
		v = d.ad()
	case posts.Hiring:
		v = d.hiring()
	case posts.Showcase:
		v = d.showcase()
	default: // posts.Campaign; validate() rejects unknown formats before this point
		v = d.campaign()
	}
	fit(v, d.topic())
	return v
}

// Shared pieces of the format builders.

// headSentence is the sentence the title comes from.
func (d *doc) headSentence() string {
	if len(d.prose) > 0 {
		return d.prose[0]
	}
	if len(d.list) > 0 {
		return d.list[0].text
	}
	if d.code != "" {
		return strings.SplitN(strings.TrimSpace(d.code), "\n", 2)[0]
	}
	return d.raw
}

// title is the post's headline: the first sentence (or the line before a list, or the part of the
// first sentence before an inline list's colon), without its final period.
func (d *doc) title() string {
	h := d.headSentence()
	if d.inlineHead != "" && strings.HasPrefix(h, d.inlineHead) {
		h = d.inlineHead
	}
	h = strings.TrimSuffix(trimSentence(h), ":")
	if q, ok := findQuote(h); ok && runes(q.text) >= runes(h)-4 {
		h = trimSentence(q.text) // a whole-sentence quotation, without its marks
	}
	return upperFirst(strings.TrimSpace(h))
}

// topic is a short form of the title, the last-resort filler of required fields.
func (d *doc) topic() string {
	t := d.title()
	if t == "" {
		t = strings.TrimSpace(d.raw)
	}
	return clip(t, 60)
}

// rest returns the prose sentences after the title sentence, without the one that holds the
// inline list (list formats show that list as items).
func (d *doc) rest() []string {
	var out []string
	for i, s := range d.prose {
		if i == 0 || (i == d.inlineIdx && d.inline != nil) {
			continue
		}
		out = append(out, s)
	}
	return out
}

// restAll returns every prose sentence after the title sentence.
func (d *doc) restAll() []string {
	if len(d.prose) < 2 {
		return nil
	}
	return d.prose[1:]
}

// restText joins rest() into a paragraph.
func (d *doc) restText() string { return strings.Join(d.rest(), " ") }

// restAllText joins restAll() into a paragraph.
func (d *doc) restAllText() string { return strings.Join(d.restAll(), " ") }

// without drops the sentences that other fields already show: a sentence that, once the used
// strings are taken out, has fewer than three letters left.
func without(ss []string, used ...string) []string {
	var out []string
	for _, s := range ss {
		rest := s
		for _, u := range used {
			if u = strings.TrimSpace(u); u != "" {
				rest = strings.ReplaceAll(strings.ToLower(rest), strings.ToLower(u), "")
			}
		}
		letters := 0
		for _, w := range strings.Fields(rest) {
			if leftoverWords[strings.Trim(w, ".,;:!?")] {
				continue // "Please 🙏", "Out" once the link or the date is taken out
			}
			for _, r := range w {
				if unicode.IsLetter(r) || unicode.IsDigit(r) {
					letters++
				}
			}
		}
		if letters >= 3 {
			out = append(out, s)
		}
	}
	return out
}

// leftoverWords say nothing once the rest of their sentence is shown elsewhere.
var leftoverWords = map[string]bool{"please": true, "pls": true, "now": true, "today": true, "out": true,
	"here": true, "and": true, "or": true, "the": true, "a": true, "at": true, "on": true, "to": true,
	"us": true, "it": true, "is": true, "in": true, "by": true, "from": true, "via": true}

// joinSentences joins sentences into a paragraph, ending each Latin sentence with a period when
// it has no closing mark.
func joinSentences(ss []string) string {
	var b strings.Builder
	for i, s := range ss {
		s = strings.TrimSpace(s)
		if s == "" {
			continue
		}
		if i < len(ss)-1 && !hasCJK(s) {
			if r, _ := utf8.DecodeLastRuneInString(s); !strings.ContainsRune(".!?…:;", r) && !endsWithEmoji(s) {
				s += "."
			}
		}
		if b.Len() > 0 && !hasCJK(s) {
			b.WriteByte(' ')
		}
		b.WriteString(s)
	}
	return b.String()
}

// listOrInline returns the prompt's own list: its list lines, else its inline list.
func (d *doc) listOrInline() []string {
	if len(d.list) > 0 {
		return listTexts(d.list)
	}
	return d.inline
}

// itemPool gathers list entries, best source first: list lines, the inline list, the sentences
// after the title, then their clauses and the title's clauses. A lower source is used only while
// there are fewer than min entries; at most max are returned. fromRest tells whether the sentences
// after the title were used (so they are not repeated as body text).
func (d *doc) itemPool(min, max int) (items []string, fromRest bool) {
	title := strings.ToLower(d.title())
	add := func(ss ...string) {
		for _, s := range ss {
			s = strings.TrimSpace(s)
			if s == "" || strings.ToLower(trimSentence(s)) == title {
				continue
			}
			items = append(items, s)
		}
		items = dedupe(items)
	}
	for _, it := range d.list {
		add(it.text)
	}
	if len(items) < min {
		add(d.inline...)
	}
	if len(items) < min {
		if r := d.rest(); len(r) > 0 {
			fromRest = true
			add(r...)
		}
	}
	if len(items) < min {
		// Clauses of longer entries: replace each entry by its clauses.
		var more []string
		for _, s := range items {
			if cs := clauses(s); len(cs) > 1 {
				more = append(more, cs...)
			} else {
				more = append(more, s)
			}
		}
		if len(dedupe(more)) > len(items) {
			items = nil
			add(more...)
		}
	}
	if len(items) < min {
		// The title's own clauses after the first ("Go tips, tricks and traps").
		if cs := clauses(d.headSentence()); len(cs) > 2 {
			add(cs[1:]...)
		}
	}
	if len(items) > max {
		items = items[:max]
	}
	return items, fromRest
}

// needItems returns between min and max items: the item pool, then, when the prompt really has
// too little, short entries made of its words.
func (d *doc) needItems(min, max int, frames []string) ([]string, bool) {
	items, fromRest := d.itemPool(min, max)
	if len(items) < min && d.cjk {
		items = dedupe(append(items, d.cjkChunks(min-len(items))...))
	}
	for _, f := range frames {
		if len(items) >= min {
			break
		}
		items = dedupe(append(items, f))
	}
	for i := 1; len(items) < min; i++ { // frames exhausted: number the topic
		items = append(items, fmt.Sprintf("%s (%d)", d.topic(), i))
	}
	if len(items) > max {
		items = items[:max]
	}
	return items, fromRest
}

// cjkChunks cuts CJK text into n short pieces at punctuation or evenly.
func (d *doc) cjkChunks(n int) []string {
	text := trimSentence(strings.Join(strings.Fields(d.body), ""))
	var parts []string
	for _, p := range cjkBreakRe.Split(text, -1) {
		if p != "" {
			parts = append(parts, p)
		}
	}
	if len(parts) > 1 {
		return parts
	}
	r := []rune(text)
	size := len(r) / (n + 1)
	if size < 2 {
		return nil
	}
	var out []string
	for i := 0; i+size <= len(r) && len(out) < n+1; i += size {
		out = append(out, string(r[i:i+size]))
	}
	return out
}

// Frames used when a prompt has too few words for a list; they read as section headings of the
// topic the title names.
var (
	tipFrames       = []string{"Why it matters", "Where to start", "Common mistakes to avoid", "How to measure progress", "What to do next"}
	checkFrames     = []string{"Set a clear goal", "Make a plan", "Do the work", "Review the result", "Share what you learned"}
	cellFrames      = []string{"What it is", "Why it matters", "How it works", "How to get started"}
	resourceFrames  = []string{"Official documentation", "Community guides", "Hands-on tutorials", "Newsletters"}
	milestoneFrames = []string{"Get started", "Next steps", "What comes after"}
)

// footerLine is a small closing line: a handle, a link or a hashtag from the prompt.
func (d *doc) footerLine() string {
	if m := handleRe.FindStringSubmatch(d.raw); m != nil {
		return m[1]
	}
	if u := findURLs(d.raw); len(u) > 0 {
		return u[0]
	}
	return findHashtag(d.raw)
}

// labelAndTitle splits "Label: Title" into a kicker and a title when the label is short.
func labelAndTitle(t string, maxLabelRunes int) (kicker, title string) {
	if l, rest, ok := splitLabel(t, 4); ok && runes(l) <= maxLabelRunes && len(strings.Fields(rest)) >= 2 && inlineList(rest, 3) == nil {
		return upperFirst(l), upperFirst(rest)
	}
	return "", t
}

var (
	seriesRe    = regexp.MustCompile(`(?i)\b(?:part|episode|chapter|lesson|day|week|issue)\s+#?\d+\b|\b(?:a\s+)?thread\b|🧵|\bdeep\s+dive\b|\bultimate\s+guide\b|\bguide\b|\btutorial\b|\b\w+\s+101\b`)
	coverLeadRe = regexp.MustCompile(`(?i)^(?:a\s+|my\s+|our\s+)?(?:thread|series|deep\s+dive|guide|tutorial)\s*(?:on|about|to|into|:)\s*`)
	swipeRe     = regexp.MustCompile(`(?i)\bthread\b|🧵|\bcarousel\b|\bswipe\b`)
	announceRe  = regexp.MustCompile(`(?i)^(?:(?:today|finally|big\s+news)[,!:]?\s+)?(?:we(?:'re|’re|\s+are)\s+(?:so\s+)?(?:excited|thrilled|proud|happy|pleased)\s+to\s+(?:announce|introduce|share|launch|unveil)(?:\s+that)?|we(?:'ve|’ve|\s+have)?\s+(?:just\s+)?(?:launched|released|shipped)|(?:we(?:'re|’re|\s+are)\s+)?(?:now\s+)?(?:launching|introducing|announcing|releasing|unveiling|presenting)|say\s+hello\s+to|meet|check\s+out|just\s+(?:launched|shipped|released|dropped)|new\s*:|now\s+available\s*:|launch\s*:)\s*:?\s*`)
)
