package generate

import (
	"regexp"
	"strings"

	"github.com/brandgen/brandgen/posts"
)

// doc is a prompt taken apart for the offline planner.
type doc struct {
	raw   string // the prompt, trimmed
	lower string // raw in lower case (detection)
	body  string // raw without the instruction lead ("Create a post about") and without code
	// hint is the format the instruction names ("make a checklist ..."), or "".
	hint string

	code     string // a code block (fenced, or lines that read as code)
	codeLang string // the fence's language tag
	codeHead string // text before the code
	codeTail string // text after the code

	list       []listItem // explicit list lines, in order
	prose      []string   // sentences outside the list, in order
	inline     []string   // an inline list ("tips: a, b and c"), when there is one
	inlineHead string     // what precedes the inline list's colon
	inlineIdx  int        // index in prose of the sentence holding the inline list
	cjk        bool
	exclaim    string // an opening exclamation taken out of prose ("Big news!!"), a kicker
}

var (
	// fillerWords may sit between the instruction verb and the subject.
	fillerWords = map[string]bool{
		"a": true, "an": true, "the": true, "one": true, "some": true, "single": true, "new": true, "short": true,
		"quick": true, "simple": true, "nice": true, "cool": true, "modern": true, "clean": true, "bold": true,
		"beautiful": true, "catchy": true, "engaging": true, "branded": true, "social": true, "media": true,
		"linkedin": true, "instagram": true, "insta": true, "twitter": true, "x": true, "facebook": true,
		"tiktok": true, "post": true, "posts": true, "image": true, "images": true, "graphic": true,
		"graphics": true, "card": true, "visual": true, "slide": true, "banner": true, "picture": true,
		"pic": true, "tweet": true, "square": true, "portrait": true, "landscape": true, "dark": true,
		"light": true, "glass": true, "flat": true, "blueprint": true, "editorial": true, "style": true,
		"styled": true, "themed": true, "mode": true, "format": true, "design": true, "template": true,
		"feature": true, "product": true, "launch": true, "job": true, "sale": true, "company": true,
		"marketing": true, "promotional": true, "little": true, "big": true, "great": true, "punchy": true,
		"minimal": true, "minimalist": true, "colorful": true, "colourful": true, "professional": true,
		"blog": true, "story": true, "on-brand": true, "me": true, "us": true, "it": true, "this": true,
		"something": true, "content": true,
	}
	// formatWords name formats in an instruction or a leading label.
	formatWords = map[string]string{
		"cover": posts.Cover, "thread": posts.Cover, "carousel": posts.Cover, "title": posts.Cover,
		"roadmap": posts.Roadmap, "timeline": posts.Roadmap,
		"listicle": posts.Listicle, "list": posts.Listicle, "tips": posts.Listicle, "tip": posts.Listicle,
		"checklist": posts.Checklist, "to-do": posts.Checklist, "todo": posts.Checklist,
		"resources": posts.Resources, "resource": posts.Resources, "reading": posts.Resources,
		"comparison": posts.Comparison, "versus": posts.Comparison, "before/after": posts.Comparison,
		"pros/cons": posts.Comparison, "vs": posts.Comparison,
		"quote": posts.Quote, "quotation": posts.Quote,
		"stat": posts.Stat, "statistic": posts.Stat, "stats": posts.Stat, "number": posts.Stat, "kpi": posts.Stat,
		"grid": posts.Grid, "features": posts.Grid,
		"code": posts.Code, "snippet": posts.Code,
		"poster": posts.Poster, "statement": posts.Poster,
		"announcement": posts.Announcement, "release": posts.Announcement,
		"offer": posts.Offer, "promo": posts.Offer, "promotion": posts.Offer, "discount": posts.Offer, "coupon": posts.Offer,
		"testimonial": posts.Testimonial, "review": posts.Testimonial,
		"event": posts.Event, "invite": posts.Event, "invitation": posts.Event, "webinar": posts.Event, "meetup": posts.Event,
		"ad": posts.Ad, "advert": posts.Ad, "advertisement": posts.Ad,
		"hiring": posts.Hiring, "vacancy": posts.Hiring, "recruiting": posts.Hiring,
		"showcase": posts.Showcase, "case-study": posts.Showcase, "portfolio": posts.Showcase,
		"campaign": posts.Campaign,
	}
	// titleWords name a format but also make a fine title ("Features: ...", "Tips: ...").
	titleWords = map[string]bool{"features": true, "tips": true, "list": true, "title": true, "number": true,
		"release": true, "review": true, "resources": true, "timeline": true, "statement": true, "reading": true}
	// connectorHints are the formats an instruction's connector names ("a post announcing ...").
	connectorHints = map[string]string{"announcing": posts.Announcement, "introducing": posts.Announcement,
		"comparing": posts.Comparison, "listing": posts.Listicle, "advertising": posts.Ad}
	connectorRe = regexp.MustCompile(`(?i)^(?:about|on|for|from|thanking|welcoming|congratulating|announcing|introducing|highlighting|featuring|showing|explaining|listing|comparing|describing|celebrating|promoting|advertising|regarding|around|covering|titled|called|saying|that\s+says|with\s+the\s+(?:text|words|title)|with\s+text|based\s+on|of|with|to\s+(?:announce|promote|share|show|celebrate|introduce))\b\s*:?\s*|^[:\-–—]\s*`)
	backtickRe  = regexp.MustCompile("`([^`\n]{4,})`")
	fenceRe     = regexp.MustCompile("(?s)```[ \t]*([\\w+#.-]*)[^\n]*\n(.*?)(?:\n[ \t]*```|$)")
	codeLineRe  = regexp.MustCompile(`^\s*(?:func\s|def\s|class\s\w|import\s|package\s\w|from\s+\S+\s+import|const\s|let\s|var\s|fn\s|pub\s+fn|async\s+fn|return\b|if\s.*[:{]\s*$|for\s.*[:{]\s*$|while\s.*[:{]\s*$|#include|#!|SELECT\s|INSERT\s+INTO|UPDATE\s\w+\s+SET|CREATE\s+(?:TABLE|INDEX)|console\.\w+\(|print(?:ln|f)?\(|fmt\.\w+\(|System\.out|\$\s+\w|npm\s|npx\s|go\s+(?:run|build|test|get|mod)\b|pip\s+install|docker\s|kubectl\s|curl\s|git\s|brew\s|apt(?:-get)?\s|<\w+[\s>]|</\w+>|@\w+\(|\}|\{$|\]|\)$|//|/\*|\*/|\w+\s*:=|\w+(?:\.\w+)*\s*=\s*[\w"'\[{(]|\w+\(.*\)\s*;?$|[.#]?[\w-]+\s*\{\s*$|\s{2,}\S)`)
	// cliRe is a shell command after a label: "... with curl: curl -X POST https://...".
	cliRe        = regexp.MustCompile(`^\s*(?:\$\s+)?(?:curl|wget|npm|npx|pnpm|yarn|pip3?|docker|kubectl|git|brew|go|cargo|helm|terraform|aws|gcloud|az|brandgen)\s+(?:-{1,2}[A-Za-z]|install|run|build|add|get|clone|push|pull|apply|exec|init|test|deploy|create|compose|login|up|https?://)`)
	strongCodeRe = regexp.MustCompile(`:=|=>|\w\(\)|\);\s*$|\bfunc\s+\w+\(|\bdef\s+\w+\(|\bfn\s+\w+\(|\bconsole\.log\(|\bSELECT\s.+\sFROM\s|\$\s+(?:npm|go|docker|git|pip|curl)\s|^\s*#include|^\s*import\s+(?:[\w./"]+\s*$|\w+\s+from\s|\{|\()|^\s*package\s+\w+$|<\/\w+>`)
)

// analyze takes a prompt apart.
func analyze(prompt string) *doc {
	d := &doc{raw: strings.TrimSpace(strings.ReplaceAll(prompt, "\r\n", "\n")), inlineIdx: -1}
	d.lower = strings.ToLower(d.raw)
	d.cjk = hasCJK(d.raw)
	text := d.findCode(d.raw)
	text = d.stripLead(text)
	d.body = text

	for _, line := range strings.Split(text, "\n") {
		line = strings.Join(strings.Fields(line), " ")
		if line == "" {
			continue
		}
		// A bullet-looking first line is a list entry only when more follow.
		if it, ok := parseListLine(line); ok && (len(d.list) > 0 || len(d.prose) > 0 || looksListy(text)) {
			d.list = append(d.list, it)
			continue
		}
		for _, s := range sentences(line) {
			// "— Jane Doe" after a quotation is a sentence of its own, without the dash.
			if t := strings.TrimLeft(s, "—–~― "); t != s && t != "" && (strings.HasPrefix(s, "— ") || strings.HasPrefix(s, "– ") || strings.HasPrefix(s, "—") || strings.HasPrefix(s, "~ ")) {
				s = t
			}
			d.prose = append(d.prose, s)
		}
	}
	// Style requests ("Make it punchy.") are not content; an opening exclamation ("Big news!!")
	// before the message is a kicker.
	prose := d.prose[:0]
	for i, p := range d.prose {
		if i > 0 && isStyleRequest(p) {
			continue
		}
		prose = append(prose, p)
	}
	d.prose = prose
	if len(d.prose) > 1 {
		if k := exclamation(d.prose[0]); k != "" {
			d.exclaim, d.prose = k, d.prose[1:]
		}
	}
	// A lone bullet-looking line is prose, not a list.
	if len(d.list) == 1 {
		d.prose = append(d.prose, d.list[0].text)
		d.list = nil
	}
	// An inline list: "Title: a, b, c" or a sentence made of three or more short parts.
	for i, s := range d.prose {
		head, tail, hasColon := strings.Cut(s, ": ")
		if !hasColon {
			head, tail, hasColon = strings.Cut(s, "：")
		}
		if !hasColon {
			// "4 ways to cut your cloud bill - rightsize, use spot, ...": a dash after a short head.
			for _, sep := range []string{" - ", " — ", " – "} {
				if h, t, ok := strings.Cut(s, sep); ok && len(strings.Fields(h)) <= 10 && inlineList(t, 3) != nil {
					head, tail, hasColon = h, t, true
					break
				}
			}
		}
		if hasColon {
			if parts := inlineList(tail, 2); parts != nil {
				d.inline, d.inlineHead, d.inlineIdx = parts, trimSentence(head), i
				break
			}
		}
		if parts := inlineList(s, 3); parts != nil && i > 0 || (parts != nil && len(d.prose) == 1 && len(parts) >= 4) {
			d.inline, d.inlineIdx = parts, i
			break
		}
	}
	return d
}

// looksListy reports whether text has at least two list lines (so a first bullet line is a list).
func looksListy(text string) bool {
	n := 0
	for _, line := range strings.Split(text, "\n") {
		if _, ok := parseListLine(line); ok {
			n++
		}
	}
	return n >= 2
}

// findCode takes a fenced block, or a run of lines that read as code, out of s and returns the rest.
func (d *doc) findCode(s string) string {
	if m := fenceRe.FindStringSubmatchIndex(s); m != nil {
		d.codeLang = strings.ToLower(s[m[2]:m[3]])
		d.code = strings.Trim(s[m[4]:m[5]], "\n")
		d.codeHead = strings.TrimSpace(s[:m[0]])
		d.codeTail = strings.TrimSpace(s[m[1]:])
		if strings.TrimSpace(d.code) != "" {
			return strings.TrimSpace(d.codeHead + "\n" + d.codeTail)
		}
		d.code = ""
	}
	lines := strings.Split(s, "\n")
	start, end, strong := -1, -1, 0
	bestStart, bestEnd, bestStrong := -1, -1, 0
	for i, line := range lines {
		if strings.TrimSpace(line) != "" && codeLineRe.MatchString(line) && !isListProse(line) {
			if start < 0 {
				start, strong = i, 0
			}
			end = i
			if strongCodeRe.MatchString(line) {
				strong++
			}
			continue
		}
		if strings.TrimSpace(line) == "" && start >= 0 {
			continue // blank lines inside code
		}
		if start >= 0 && (end-start+1 > bestEnd-bestStart+1 || bestStart < 0) {
			bestStart, bestEnd, bestStrong = start, end, strong
		}
		start = -1
	}
	if start >= 0 && (end-start+1 > bestEnd-bestStart+1 || bestStart < 0) {
		bestStart, bestEnd, bestStrong = start, end, strong
	}
	if bestStart < 0 || bestStrong == 0 || (bestEnd == bestStart && bestStrong < 1) {
		// Inline code in backticks: `x := 1`.
		if m := backtickRe.FindStringSubmatch(s); m != nil && strongCodeRe.MatchString(m[1]) {
			d.code = m[1]
			head, tail, _ := strings.Cut(s, m[0])
			d.codeHead, d.codeTail = strings.TrimSpace(head), strings.TrimSpace(tail)
			return strings.TrimSpace(d.codeHead + "\n" + d.codeTail)
		}
		// "Label: code" on one line.
		for i, line := range lines {
			head, tail, ok := strings.Cut(line, ": ")
			if ok && (strongCodeRe.MatchString(tail) || cliRe.MatchString(tail)) && len(strings.Fields(head)) <= 12 {
				d.code = strings.TrimSpace(tail)
				d.codeHead = strings.TrimSpace(strings.Join(append(append([]string{}, lines[:i]...), head), "\n"))
				d.codeTail = strings.TrimSpace(strings.Join(lines[i+1:], "\n"))
				return strings.TrimSpace(d.codeHead + "\n" + d.codeTail)
			}
		}
		return s
	}
	d.code = strings.Trim(strings.Join(lines[bestStart:bestEnd+1], "\n"), "\n")
	d.codeHead = strings.TrimSpace(strings.Join(lines[:bestStart], "\n"))
	d.codeTail = strings.TrimSpace(strings.Join(lines[bestEnd+1:], "\n"))
	return strings.TrimSpace(d.codeHead + "\n" + d.codeTail)
}

// isListProse reports whether a line is a prose bullet ("- Use context for cancellation") that the
// code heuristics would otherwise take for code.
func isListProse(line string) bool {
	it, ok := parseListLine(line)
	return ok && len(strings.Fields(it.text)) >= 2 && !strongCodeRe.MatchString(it.text)
}

func startsWithDigit(s string) bool { return s != "" && s[0] >= '0' && s[0] <= '9' }

func joinLines(a, b string) string {
	if strings.TrimSpace(b) == "" {
		return a
	}
	return a + "\n" + b
}
