package generate

import (
	"regexp"
	"strings"

	"github.com/brandgen/brandgen/posts"
)

// This file takes the instruction off a prompt, so that no headline echoes it: "Create a LinkedIn
// post announcing that ...", "hey can you make a post for ...", "A listicle post about ...",
// "Announce that ...", "post: ...", "Anuncia que ...", "发布一个帖子：...", "…を作って：". It notes the
// format the instruction names, and drops the style requests people add ("Make it punchy.").

var (
	// leadRe reads the instruction's opening: a greeting, please, a request ("can you", "I need"),
	// then a verb ("create", "make", "post") or an announcing verb ("announce", "tell people").
	leadRe = regexp.MustCompile(`(?i)^\s*` +
		`(?:(?:hey|hi|hello|yo|ok(?:ay)?)\b[,!.]*\s+)?` +
		`(?:(?:please|pls|plz|kindly)\s+)?` +
		`(?P<ask>(?:(?:can|could|would|will)\s+you|(?:(?:i|we)\s+)?(?:need|want|would\s+like|'d\s+like)|i'd\s+like|help\s+me|let'?s|lets)\s+(?:please\s+)?(?:to\s+)?)?` +
		`(?:(?P<ann>(?:announce|tell\s+(?:people|everyone|the\s+world|our\s+(?:users|customers|followers|community|audience|team))|let\s+(?:people|everyone|the\s+world|our\s+(?:users|customers|followers|community|audience|team))\s+know)(?:\s+that)?\s+)` +
		`|(?:create|make|generate|design|write|draw|build|produce|prepare|craft|compose|render|do|give|put\s+together|whip\s+up|mock\s+up|post|tweet|share|show|publish)\s+(?:me\s+|us\s+)?)?`)
	// esLeadRe is a Spanish instruction: "Crea un post para ...", "Anuncia que ...".
	esLeadRe = regexp.MustCompile(`(?i)^\s*(?:por\s+favor\s*,?\s*)?(?:(?:crea|haz|genera|diseña|escribe|prepara|crear|hacer)(?:me)?\s+(?:un|una)\s+(?:post|publicación|imagen|anuncio|gráfico|banner|cartel|tuit|tweet|póster)(?:\s+(?:para|sobre|de|con|anunciando|que\s+diga))?|(?P<ann>anuncia(?:r)?(?:\s+que)?))\s*:?\s*`)
	// zhLeadRe is a Chinese instruction: "帮我做一张招聘海报：", "发布一个帖子：".
	zhLeadRe = regexp.MustCompile(`^\s*(?:请你?|帮我|帮忙|麻烦你?|给我)?(?:做|制作|生成|写|创建|设计|发布|发|出)(?:一下)?(?:一[张个篇条份幅])?[^：:，,。！!？?\s]{0,8}?(?:帖子|海报|图片|推文|文案|图|卡片|封面|贴文)\s*[：:，,]?\s*`)
	// jaLeadRe is a Japanese instruction ending in a request: "ウェビナーのお知らせを作って：".
	jaLeadRe = regexp.MustCompile(`^\s*[^：:。！!？?\n]{0,30}?(?:を|の)?(?:作って|作成して|つくって)(?:ください|下さい)?\s*[：:。、]?\s*`)
	// labelOnlyWords may form a leading label that only names the medium: "Post:", "LinkedIn post:".
	mediumWords = map[string]bool{"post": true, "posts": true, "image": true, "graphic": true, "tweet": true,
		"caption": true, "slide": true, "banner": true, "card": true, "picture": true, "pic": true, "visual": true,
		"poster": true, "carousel": true, "listicle": true, "thread": true, "cover": true, "flyer": true,
		"reel": true, "infographic": true, "announcement": true, "ad": true, "copy": true, "text": true,
		"prompt": true, "topic": true, "idea": true, "headline": true, "subject": true, "linkedin": true,
		"instagram": true, "twitter": true, "x": true, "facebook": true, "social": true, "story": true,
		"reminder": true, "shoutout": true}
	// connectorRewrites keep the sense of a connector that is part of the message.
	connectorRewrites = map[string]string{"thanking": "Thank you to ", "welcoming": "Welcome ",
		"congratulating": "Congratulations to ", "celebrating": "Celebrating "}
	// styleRe is a request about the look, not the message: "Make it punchy", "Use our brand colors".
	styleRe = regexp.MustCompile(`(?i)^(?:please\s+)?(?:(?:make|keep)\s+it\s+(?:\w+\s*){1,3}(?:[,;]|$)|use\s+(?:our|the|my|a)\s+(?:brand\s+|company\s+|primary\s+)?(?:colou?rs?|fonts?|logo|palette|style|theme)\b|(?:in\s+)?(?:dark|light)\s+(?:mode|theme)(?:\s+please)?[.!]*$|add\s+(?:some\s+|an?\s+|a\s+few\s+)?(?:emojis?|hashtags?|logo)\b|no\s+emojis?\b|(?:thanks|thank\s+you|thx|ty)[.!]*$)`)
	// exclaimRe is an opening exclamation that works as a kicker: "Big news!!", "Finally!".
	exclaimRe = regexp.MustCompile(`(?i)^\W*(big\s+news|exciting\s+news|great\s+news|breaking(?:\s+news)?|finally|psa|heads\s+up|it'?s\s+here|guess\s+what|news|update|new)\W*$`)
)

// stripLead drops the instruction from the start of s (the prompt without its code) and notes a
// format it names in d.hint.
func (d *doc) stripLead(s string) string {
	first, rest, _ := strings.Cut(s, "\n")
	if out, ok := d.stripLabel(first); ok {
		return joinLines(out, rest)
	}
	for _, re := range []*regexp.Regexp{esLeadRe, zhLeadRe, jaLeadRe} {
		if m := re.FindStringSubmatchIndex(first); m != nil && m[1] > 0 && m[1] < len(first) {
			if re == esLeadRe && m[2] >= 0 {
				d.hint = posts.Announcement
			}
			return joinLines(upperFirst(strings.TrimSpace(first[m[1]:])), rest)
		}
	}
	m := leadRe.FindStringSubmatchIndex(first)
	asked := m[leadRe.SubexpIndex("ask")*2] >= 0
	announced := m[leadRe.SubexpIndex("ann")*2] >= 0
	verbed := m[1] > 0
	words := strings.Fields(first[m[1]:])
	i, medium, onlyFiller := d.instructionWords(words)
	body := strings.Join(words[i:], " ")
	conn := connectorRe.FindStringIndex(body)
	rewrite := ""
	if conn != nil {
		c := strings.ToLower(strings.Fields(body[:conn[1]] + " x")[0])
		if f, ok := connectorHints[c]; ok && d.hint == "" {
			d.hint = f
		}
		rewrite = connectorRewrites[c]
		body = body[conn[1]:]
	}
	switch {
	case announced:
		if d.hint == "" {
			d.hint = posts.Announcement
		}
	case !verbed:
		// No verb: only "A post about ...", "A listicle post about ..." or "LinkedIn post: ..." lead.
		colon := i > 0 && strings.HasSuffix(words[i-1], ":")
		if !medium || (conn == nil && !(colon && onlyFiller)) {
			d.hint = ""
			return s
		}
	case !medium && conn == nil && !(i < len(words) && startsWithDigit(words[i])):
		// "Make sure to ...", "Share your story", "Do the work": the verb is the subject's. An
		// instruction names what to make ("a post", "a checklist") or what it is about.
		d.hint = ""
		return s
	}
	body = strings.TrimSpace(body)
	if low := strings.ToLower(body); strings.HasPrefix(low, "that ") {
		body = strings.TrimSpace(body[5:])
	}
	if body == "" {
		return s
	}
	if asked {
		// "Can you make a post for our sale? 50% off ...": the question mark was the request's.
		if j := strings.Index(body, "? "); j > 0 {
			body = body[:j] + "." + body[j+1:]
		}
		body = strings.TrimSuffix(body, "?")
	}
	if rewrite != "" {
		body = rewrite + body
	}
	return joinLines(d.dropInstructionSentence(upperFirst(body)), rest)
}

// dropInstructionSentence drops a first sentence made only of instruction words ("Before/after
// post?"), noting the format it names, when more text follows.
func (d *doc) dropInstructionSentence(s string) string {
	ss := sentences(s)
	if len(ss) < 2 {
		return s
	}
	hint := ""
	for _, w := range strings.Fields(strings.ToLower(ss[0])) {
		w = strings.Trim(w, ",:.;!?")
		if f, ok := formatWords[w]; ok {
			hint = f
			continue
		}
		if !fillerWords[w] && !mediumWords[w] {
			return s
		}
	}
	if d.hint == "" {
		d.hint = hint
	}
	return strings.TrimSpace(strings.TrimPrefix(s, ss[0]))
}

// instructionWords counts the words at the start of words that belong to the instruction: filler
// ("a", "short", "LinkedIn"), the medium ("post", "image") and format words ("checklist"), which
// set d.hint. medium tells whether a medium or format was named; onlyFiller whether no format was.
func (d *doc) instructionWords(words []string) (n int, medium, onlyFiller bool) {
	onlyFiller = true
	for n < len(words) {
		raw := words[n]
		w := strings.ToLower(strings.Trim(raw, ",:.;!"))
		ends := strings.HasSuffix(raw, ":") || strings.HasSuffix(raw, ".")
		switch f, ok := formatWords[w]; {
		case ok && !excludedFormatWord[w]:
			if d.hint == "" {
				d.hint = f
			}
			onlyFiller = false
		case w == "list" || w == "code":
			// "make a list of", "code snippet": only filler before a connector or a format word.
			next := ""
			if n+1 < len(words) {
				next = words[n+1]
			}
			if !ends && !connectorRe.MatchString(next) && formatWords[strings.ToLower(next)] == "" {
				return n, medium, onlyFiller
			}
			if d.hint == "" {
				d.hint = formatWords[w]
			}
		case fillerWords[w] || mediumWords[w]:
		default:
			return n, medium, onlyFiller
		}
		medium = medium || mediumWords[w] || formatWords[w] != ""
		n++
		if ends {
			break
		}
	}
	return n, medium, onlyFiller
}

// excludedFormatWord are format words that are not taken as instruction words after a verb:
// "make a list", "tips", "code" and the like are often the subject.
var excludedFormatWord = map[string]bool{"list": true, "number": true, "title": true, "tips": true,
	"code": true, "features": true, "review": true, "release": true}

// stripLabel drops a leading label that is an instruction: "Quote: ..." (names a format),
// "Post: ..." or "LinkedIn post: ..." (names the medium).
func (d *doc) stripLabel(first string) (string, bool) {
	label, text, ok := strings.Cut(first, ":")
	if !ok || strings.TrimSpace(text) == "" || strings.ContainsAny(label, "/.") {
		return "", false
	}
	ws := strings.Fields(strings.ToLower(label))
	if len(ws) == 1 {
		if f, ok := formatWords[ws[0]]; ok && !titleWords[ws[0]] {
			d.hint = f
			return upperFirst(strings.TrimSpace(text)), true
		}
	}
	if len(ws) == 0 || len(ws) > 3 {
		return "", false
	}
	for _, w := range ws {
		if !mediumWords[w] && !(fillerWords[w] && w != "new" && w != "launch" && w != "product" && w != "feature" && w != "sale" && w != "job") {
			return "", false
		}
	}
	return upperFirst(strings.TrimSpace(text)), true
}

// isStyleRequest reports whether a sentence asks for a look rather than saying something.
func isStyleRequest(s string) bool { return styleRe.MatchString(strings.TrimSpace(s)) }

// exclamation returns an opening exclamation ("Big news!!") as a kicker, or "".
func exclamation(s string) string {
	_, t := leadingEmoji(strings.TrimSpace(s))
	if m := exclaimRe.FindStringSubmatch(t); m != nil {
		return upperFirst(strings.ToLower(m[1]))
	}
	return ""
}
