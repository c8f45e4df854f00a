package generate

import (
	"regexp"
	"strings"
	"unicode"
)

// This file holds the offline planner's extractors: regular expressions and helpers that find
// figures, dates, times, places, links, quotes, calls to action and the like in a prompt.

const monthRe = `(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)`
const weekdayRe = `(?:mon(?:day)?|tue(?:s(?:day)?)?|wed(?:nesday)?|thu(?:rs(?:day)?)?|fri(?:day)?|sat(?:urday)?|sun(?:day)?)`

var (
	// dateRes find a date as written, most specific first.
	dateRes = []*regexp.Regexp{
		regexp.MustCompile(`(?i)\b(?:` + weekdayRe + `\.?,?\s+)?(?:the\s+)?\d{1,2}(?:st|nd|rd|th)?(?:\s+of)?\s+` + monthRe + `\.?(?:,?\s+\d{4})?\b`),
		regexp.MustCompile(`(?i)\b(?:` + weekdayRe + `\.?,?\s+)?` + monthRe + `\.?\s+\d{1,2}(?:st|nd|rd|th)?(?:\s?[-–]\s?\d{1,2}(?:st|nd|rd|th)?)?\b(?:,?\s+\d{4}\b)?`),
		regexp.MustCompile(`(?i)\b\d{1,2}(?:\s?[-–]\s?\d{1,2})?\s+de\s+(?:enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|setiembre|octubre|noviembre|diciembre)(?:\s+de\s+\d{4})?\b`),
		regexp.MustCompile(`\b\d{4}-\d{2}-\d{2}\b`),
		regexp.MustCompile(`\b\d{1,2}[./]\d{1,2}[./](?:\d{4}|\d{2})\b`),
		regexp.MustCompile(`(?:\d{4}\s*年\s*)?\d{1,2}\s*月\s*\d{1,2}\s*[日号](?:\s*[（(]?(?:周|星期)[一二三四五六日天][)）]?)?`),
		regexp.MustCompile(`\d{4}\.\s?\d{1,2}\.\s?\d{1,2}\.?`),
		regexp.MustCompile(`(?i)\b(?:this|next|every)\s+` + weekdayRe + `\b|\b(?:tonight|tomorrow)\b`),
		regexp.MustCompile(`(?i)\b(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)s?\b`),
		regexp.MustCompile(`(?i)\b(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\s+\d{4}\b`),
	}
	timeRes = []*regexp.Regexp{
		regexp.MustCompile(`(?i)\b\d{1,2}(?::\d{2})?\s?(?:am|pm|a\.m\.|p\.m\.)(?:\s?[-–to]+\s?\d{1,2}(?::\d{2})?\s?(?:am|pm|a\.m\.|p\.m\.)?)?` + tzRe),
		regexp.MustCompile(`(?i)\b(?:[01]?\d|2[0-3])[:h][0-5]\d\b(?:\s?[-–]\s?(?:[01]?\d|2[0-3])[:h][0-5]\d\b)?` + tzRe),
		regexp.MustCompile(`(?:上午|下午|晚上|早上)?\d{1,2}\s*[点點時时](?:\s*\d{1,2}\s*分|半)?`),
		regexp.MustCompile(`(?i)\b(?:noon|midnight)\b`),
	}
	// valueRe finds a figure worth a stat: a percentage, an amount of money, a multiplier or a
	// large rounded number.
	valueRe = regexp.MustCompile(`(?i)(?:[$€£¥₹]\s?\d[\d,]*(?:\.\d+)?(?:\s?(?:k|m|b|bn|million|billion|thousand|trillion)\b)?(?:\s?/\s?(?:mo|month|yr|year))?|\b\d[\d,]*(?:\.\d+)?\s?(?:%|％|x\b|×|(?:k|m|b|bn)\b|\s(?:million|billion|thousand|trillion|percent)\b)|\d[\d,.]*\s?[万亿億]|\b\d{1,3}(?:,\d{3})+\+?|(?:#|no\.\s?)1\b)`)
	// anyNumberRe finds any number (last resort for a stat).
	anyNumberRe = regexp.MustCompile(`\d[\d,]*(?:\.\d+)?[+]?`)
	// pricedRe finds a price (an ad's, not a stat's figure).
	pricedRe    = regexp.MustCompile(`(?i)(?:\b(?:from|only|just|starting\s+at|for)\s+)[$€£¥₹]\s?\d+(?:[.,]\d{1,2})?(?:\s?/\s?(?:mo|month|yr|year|user|seat))?|[$€£¥₹]\s?\d+(?:[.,]\d{1,2})?\s?(?:/\s?(?:mo|month|yr|year|user|seat)|per\s+(?:month|year|user|seat))`)
	percentOff  = regexp.MustCompile(`(?i)(?:up\s+to\s+)?\d{1,3}\s?(?:%|％|percent)\s*off\b|\b(?:save|get)\s+\d{1,3}\s?%|\d{1,3}\s?%\s*(?:discount|rabatt|de\s+descuento)|[$€£]\s?\d+\s+off\b`)
	urlRe       = regexp.MustCompile(`(?i)\bhttps?://[^\s,;)>\]]+|\b(?:www\.)?[a-z0-9][a-z0-9-]*(?:\.[a-z0-9-]+)*\.(?:com|org|net|io|dev|app|ai|co|so|sh|gg|me|xyz|tech|edu|gov|info|de|uk|fr|jp|cn|ly|to|page|site|blog|cloud|tools|fm|tv|js\.org)\b(?:/[^\s,;)>\]]*)?`)
	emailRe     = regexp.MustCompile(`\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+\b`)
	handleRe    = regexp.MustCompile(`(?:^|\s)(@[A-Za-z0-9_]{2,30})\b`)
	hashtagRe   = regexp.MustCompile(`(?:^|\s)(#[\p{L}_][\p{L}\p{N}_]{1,38})`)
	versionRe   = regexp.MustCompile(`(?i)\bv\d+(?:\.\d+){0,2}\b|\b(?:version|release)\s+\d+(?:\.\d+){0,2}\b`)
	quarterRe   = regexp.MustCompile(`(?i)\b(?:q[1-4]|h[12])(?:\s*[' ]?\s*(?:\d{4}|\d{2}))?\b`)
	priceRe     = regexp.MustCompile(`(?i)(?:(?:from|starting at|only|just)\s+)?[$€£¥₹]\s?\d+(?:[.,]\d{1,2})?(?:\s?/\s?(?:mo|month|yr|year|user|seat))?|\b\d+(?:[.,]\d{1,2})?\s?(?:€|usd|eur|gbp)(?:\s?/\s?(?:mo|month|yr|year))?`)
	promoCodeRe = regexp.MustCompile(`(?i)\b(?:promo\s*code|coupon(?:\s*code)?|discount\s*code|use\s*code|code|código|cupón)\s*[:=]?\s*["'“]?([A-Z0-9][A-Z0-9_-]{2,23})\b`)
	expiresRe   = regexp.MustCompile(`(?i)\b(?:ends?|ending|until|till|through|thru|expires?|valid\s+(?:until|through|till)|only\s+until|last\s+day|offer\s+ends|hasta(?:\s+el)?)\b\s*[^.!?\n,;]{0,30}|\b(?:this\s+weekend|today|tomorrow|48\s*h(?:ours)?|24\s*h(?:ours)?|this\s+week)\s+only\b|\blimited\s+time\b`)
	ctaRe       = regexp.MustCompile(`(?i)\b(?:try\s+it(?:\s+(?:free|today|now|out))?|try\s+\w+\s+(?:free|today|now)|sign\s+up(?:\s+(?:free|today|now))?|get\s+started(?:\s+(?:free|today|now))?|learn\s+more|shop\s+(?:now|the\s+sale)|buy\s+now|order\s+(?:now|today)|book\s+(?:a\s+demo|now|your\s+(?:seat|spot|table))|register(?:\s+(?:now|free|today|here))?|rsvp(?:\s+(?:now|today))?|join\s+(?:us|now|the\s+waitlist|the\s+beta|free|the\s+movement)|download(?:\s+(?:now|today|free|it))?|apply\s+(?:now|today|here)|start\s+(?:your\s+)?free\s+trial|read\s+more|read\s+(?:the\s+)?(?:full\s+)?(?:release\s+notes|changelog|blog\s+post|docs|story|announcement|case\s+study)|subscribe(?:\s+(?:now|today))?|grab\s+(?:yours|it|a\s+seat)|get\s+yours|save\s+your\s+(?:seat|spot)|link\s+in\s+bio|claim\s+(?:your|the)\s+\p{L}+|dm\s+(?:us|me)|sign\s+the\s+pledge|take\s+the\s+pledge|donate(?:\s+(?:now|today))?|star\s+(?:us|it)\s+on\s+github|(?:get\s+(?:your\s+)?)?tickets|pre-?order(?:\s+(?:now|today|yours))?|upvote\s+us|vote\s+for\s+us)\b(?:\s*:\s*[^\s,;!?]+\.[^\s,;!?]+|\s+(?:at|on|via|in)\s+[^\s,;!?]+)?`)
	placeRe     = regexp.MustCompile(`(?:\bat|\bin|@|(?i:venue|location|where|place)\s*:)\s+((?:the\s+)?\p{Lu}[\p{L}\p{N}&'’-]*(?:(?:\s|,\s|\s(?:de|di|am|an|of|la|le|del|von)\s)(?:\p{Lu}[\p{L}\p{N}&'’-]*|\d{4}\b)){0,5})`)
	addressRe   = regexp.MustCompile(`\b\d{1,5}\s+\p{Lu}[\p{L}'’-]+(?:\s\p{Lu}[\p{L}'’-]+)*\s+(?:Street|St|Avenue|Ave|Road|Rd|Boulevard|Blvd|Lane|Ln|Drive|Dr|Way|Square|Sq|Place|Pl|Court|Ct)\b\.?|\b\p{Lu}[\p{L}-]*(?:straße|strasse|str\.|weg|platz|gasse|allee)\s+\d{1,4}\b`)
	onlineRe    = regexp.MustCompile(`(?i)\b(?:online|virtual(?:ly)?|on\s+zoom|via\s+zoom|zoom|google\s+meet|on\s+youtube|livestream(?:ed)?|live\s+stream|on\s+twitch|on\s+discord)\b|オンライン|线上|在线`)
	nameRe      = regexp.MustCompile(`\b\p{Lu}[\p{Ll}'’-]+(?:\s(?:van|de|von|da|del|le)?\s?\p{Lu}[\p{Ll}'’-]+){1,2}\b`)
	quotedRes   = []*regexp.Regexp{
		regexp.MustCompile(`"([^"\n]{3,})"`),
		regexp.MustCompile(`“([^”\n]{3,})”`),
		regexp.MustCompile(`«\s?([^»\n]{3,}?)\s?»`),
		regexp.MustCompile(`„([^“”\n]{3,})[“”]`),
		regexp.MustCompile(`「([^」\n]{2,})」`),
		regexp.MustCompile(`『([^』\n]{2,})』`),
		regexp.MustCompile(`(?:^|\s)'([^'\n]{12,})'(?:\s|$|[.,;:!?])`),
	}
	attributionRe = regexp.MustCompile(`^\s*[,.]?\s*(?:[-–—~―]+|said|says|wrote|by|according to)\s*(.+)$`)
	ratingRes     = []*regexp.Regexp{
		regexp.MustCompile(`(★{1,5})`),
		regexp.MustCompile(`(⭐{1,5})`),
		regexp.MustCompile(`(?i)\b([1-5])(?:\.0)?\s?(?:/\s?5|out\s+of\s+5|stars?|-star)\b`),
		regexp.MustCompile(`(?i)\b(five|four|three)[-\s]stars?\b`),
	}
	employmentRe = regexp.MustCompile(`(?i)\b(?:full[-\s]?time|part[-\s]?time|contract(?:or)?|freelance|internship|intern|temporary|permanent|working\s+student)\b`)
	remoteRe     = regexp.MustCompile(`(?i)\b(?:fully\s+)?(?:remote|hybrid|on[-\s]?site)(?:[-\s]first|[-\s]friendly)?(?:\s*\((?:[^)]{1,20})\)|\s+(?:in|within|from)\s+(?:the\s+)?(?:eu|us|uk|europe|emea|apac|latam|\p{Lu}[\p{L}]+))?`)
	roleWordRe   = regexp.MustCompile(`(?i)\b(?:engineer|developer|designer|manager|lead|scientist|analyst|marketer|writer|intern|architect|sre|devops|recruiter|specialist|consultant|director|head\s+of|vp|cto|cfo|coo|owner|advocate|editor|researcher|representative|rep|executive|coordinator|administrator|technician|assistant|officer|strategist|copywriter|illustrator|accountant|nurse|teacher|chef|barista|driver)s?\b`)
	hiringRoleRe = regexp.MustCompile(`(?i)(?:hiring(?:\s+(?:post|graphic|image|ad|poster|card|banner|flyer|visual))?(?:\s+for)?|looking\s+for|seeking|searching\s+for|recruiting|join\s+(?:us|our\s+team)\s+as|we\s+need|open\s+(?:role|position)s?\s*(?:for|:))\s*:?\s+(?:an?\s+|our\s+(?:next|first|new)\s+|(?:two|three|several|\d+)\s+)?([^.!?\n,;:()]+?)(?:\s+(?:(?:to\s+(?:join|help|build|lead|own|work)|who|in|at|for|based\s+in|with|from|on)\b|[(–—|-])|[.!?\n,;:(]|$)`)
	companyRe    = regexp.MustCompile(`(?:\bat|\bjoin|\bjoin\s+the)\s+(\p{Lu}[\p{L}\p{N}&.'-]*(?:\s\p{Lu}[\p{L}\p{N}&.'-]*){0,2})|(\p{Lu}[\p{L}\p{N}&.'-]*(?:\s\p{Lu}[\p{L}\p{N}&.'-]*){0,2})\s+(?:is|are)\s+(?:hiring|looking|growing)`)
	sourceRe     = regexp.MustCompile(`(?i)(?:\bsource\s*[:\-–]\s*|\baccording\s+to\s+|\bvia\s+|\bper\s+(?:the\s+)?|\(\s*source\s*:?\s*)([^.;\n)]{2,80})`)
)

var (
	calendarWordRe = regexp.MustCompile(`(?i)^` + monthRe + `\.?$|^` + weekdayRe + `\.?$`)
	percentRe      = regexp.MustCompile(`(?i)(\d{1,3})\s?(?:%|％|percent)`)
	amountOffRe    = regexp.MustCompile(`([$€£]\s?\d+)\s+off\b`)
	freeRe         = regexp.MustCompile(`\bfree\b`)
	zheRe          = regexp.MustCompile(`(\d+)\s*折`)
)

const tzRe = `(?:\s?(?:UTC|GMT|CET|CEST|EET|EEST|WET|BST|IST|JST|KST|AEST|AEDT|SGT|HKT|EST|EDT|CST|CDT|MST|MDT|PST|PDT|PT|ET|CT|MT)(?:\s?[+-]\s?\d{1,2})?\b)?`

// firstMatch returns the first (leftmost over all patterns, then by pattern order) match.
func firstMatch(res []*regexp.Regexp, s string) string {
	best, at := "", -1
	for _, re := range res {
		if loc := re.FindStringIndex(s); loc != nil && (at < 0 || loc[0] < at) {
			best, at = s[loc[0]:loc[1]], loc[0]
		}
	}
	return strings.TrimSpace(best)
}

// findDate returns the first date written in s, or "".
func findDate(s string) string {
	// Specific dates win over bare weekdays wherever they are.
	if d := firstMatch(dateRes[:6], s); d != "" {
		return strings.TrimRight(d, ".,")
	}
	return firstMatch(dateRes[6:], s)
}

// findTime returns the first time of day written in s, or "".
func findTime(s string) string {
	t := firstMatch(timeRes, s)
	if t != "" && strings.Contains(t, ":") {
		// "Q3: 12:00" style false positives are rare; dates like 2026.03 are not times.
		return t
	}
	return t
}

// findValue returns the first stat-worthy figure of s that is not a discount.
func findValue(s string) (value string, at int) {
	blank := func(m string) string { return strings.Repeat(" ", len(m)) }
	masked := percentOff.ReplaceAllStringFunc(s, blank)
	masked = pricedRe.ReplaceAllStringFunc(masked, blank)
	loc := valueRe.FindStringIndex(masked)
	if loc == nil {
		return "", -1
	}
	return strings.TrimSpace(s[loc[0]:loc[1]]), loc[0]
}

// findURLs returns the links written in s, as displayed (no scheme, no www.).
func findURLs(s string) []string {
	var out []string
	for _, loc := range urlRe.FindAllStringIndex(s, -1) {
		u := s[loc[0]:loc[1]]
		if emailRe.MatchString(u) || (loc[0] > 0 && s[loc[0]-1] == '@') {
			continue
		}
		out = append(out, displayURL(u))
	}
	return dedupe(out)
}

func displayURL(u string) string {
	u = strings.TrimRight(u, ".,;:!?")
	for _, p := range []string{"https://", "http://", "HTTPS://", "HTTP://"} {
		u = strings.TrimPrefix(u, p)
	}
	u = strings.TrimPrefix(u, "www.")
	return strings.TrimSuffix(u, "/")
}

// quoted is a quotation found in a prompt and what surrounds it.
type quoted struct {
	text, before, after string
}

// findQuote returns the longest quotation of s (at least three words or eight CJK runes).
func findQuote(s string) (quoted, bool) {
	var best quoted
	for _, re := range quotedRes {
		for _, m := range re.FindAllStringSubmatchIndex(s, -1) {
			q := strings.TrimSpace(s[m[2]:m[3]])
			if len(strings.Fields(q)) < 3 && !(hasCJK(q) && runes(q) >= 6) {
				continue
			}
			if runes(q) > runes(best.text) {
				best = quoted{text: q, before: strings.TrimSpace(s[:m[0]]), after: strings.TrimSpace(s[m[1]:])}
			}
		}
	}
	return best, best.text != ""
}

// splitAttribution splits "Jane Doe, CTO at Acme" or "Jane Doe (CTO, Acme)" into person and role.
func splitAttribution(s string) (person, role string) {
	s = strings.TrimSpace(strings.Trim(strings.TrimSpace(s), "-–—~―,.\"'“”"))
	if s == "" {
		return "", ""
	}
	// Cut at the end of the sentence or line.
	if i := strings.IndexAny(s, "\n"); i >= 0 {
		s = s[:i]
	}
	if ss := sentences(s); len(ss) > 0 {
		s = ss[0]
	}
	if i := strings.Index(s, "("); i > 0 {
		role = strings.Trim(s[i:], "() ")
		s = strings.TrimSpace(s[:i])
	}
	for _, sep := range []string{", ", " – ", " — ", " - ", " | ", "，"} {
		if i := strings.Index(s, sep); i > 0 {
			if role == "" {
				role = strings.TrimSpace(s[i+len(sep):])
			}
			s = strings.TrimSpace(s[:i])
			break
		}
	}
	// "Jane Doe from Acme" / "Jane Doe at Acme".
	for _, sep := range []string{" from ", " at ", " of "} {
		if i := strings.Index(s, sep); i > 0 && role == "" && len(strings.Fields(s[:i])) <= 4 {
			role = strings.TrimSpace(s[i+1:])
			s = strings.TrimSpace(s[:i])
			break
		}
	}
	return strings.TrimRight(s, ".,;:!"), strings.TrimRight(role, ".,;:!")
}

// looksLikeName reports whether s reads like an attribution: a few words starting with a capital.
func looksLikeName(s string) bool {
	f := strings.Fields(s)
	if len(f) == 0 || len(f) > 6 {
		return hasCJK(s) && runes(s) <= 12
	}
	r := []rune(f[0])
	return unicode.IsUpper(r[0]) || r[0] == '@' || hasCJK(s)
}

// initials returns up to two capital initials of a person's name (CJK: the first rune).
func initials(name string) string {
	var out []rune
	for _, w := range strings.Fields(name) {
		r := []rune(strings.TrimLeft(w, "@(\"'"))
		if len(r) == 0 {
			continue
		}
		if hasCJK(string(r[0])) {
			return string(r[0])
		}
		if unicode.IsLetter(r[0]) {
			out = append(out, unicode.ToUpper(r[0]))
		}
	}
	if len(out) > 2 {
		out = []rune{out[0], out[len(out)-1]}
	}
	return string(out)
}

// findRating returns 1 to 5 stars written in s, or 0.
func findRating(s string) int {
	for _, re := range ratingRes {
		m := re.FindStringSubmatch(s)
		if m == nil {
			continue
		}
		switch v := strings.ToLower(m[1]); {
		case strings.ContainsAny(v, "★⭐"):
			return runes(strings.ReplaceAll(v, "\uFE0F", ""))
		case v == "five":
			return 5
		case v == "four":
			return 4
		case v == "three":
			return 3
		default:
			return int(v[0] - '0')
		}
	}
	return 0
}

// findCTA returns a call to action written in s, capitalised, or "".
func findCTA(s string) string {
	m := upperFirst(strings.TrimRight(ctaRe.FindString(s), ".,;:!?"))
	if runes(m) > 40 {
		// A call too long for a button keeps its link: "Read the full release notes at acme.com/…".
		if u := findURLs(m); len(u) > 0 && runes(u[0]) <= 40 {
			return u[0]
		}
	}
	return m
}

// findPlace returns a street address, a venue, a city or "Online".
func findPlace(s string) string {
	if a := addressRe.FindString(s); a != "" {
		return strings.TrimRight(a, ".")
	}
	if ps := findPlaces(s); len(ps) > 0 {
		return ps[0].name
	}
	if m := onlineRe.FindString(s); m != "" {
		switch low := strings.ToLower(m); {
		case strings.Contains(low, "zoom"):
			return "Online (Zoom)"
		case strings.Contains(low, "youtube"):
			return "Online (YouTube)"
		case hasCJK(m):
			return m
		}
		return "Online"
	}
	return ""
}

// place is a venue or city named after "at", "in" or "@".
type place struct {
	name  string
	venue bool // after "at", "@" or "venue:" (else a city, after "in")
}

// findPlaces returns the venues and cities written in s, in order.
func findPlaces(s string) []place {
	var out []place
	for _, m := range placeRe.FindAllStringSubmatch(s, -1) {
		p := strings.TrimRight(m[1], ".,;:")
		first := strings.ToLower(strings.Fields(p)[0])
		if calendarWordRe.MatchString(first) {
			continue
		}
		if q := quarterRe.FindString(p); q != "" && strings.HasPrefix(strings.ToLower(p), strings.ToLower(q)) {
			continue
		}
		out = append(out, place{name: p, venue: !strings.HasPrefix(strings.TrimSpace(m[0]), "in")})
	}
	return out
}

// findHashtag returns the first hashtag of s, or "".
func findHashtag(s string) string {
	if m := hashtagRe.FindStringSubmatch(s); m != nil {
		return m[1]
	}
	return ""
}

// findDiscount returns the deal of an offer in a few characters: "30% OFF", "$10 OFF", "2 for 1",
// "Free shipping", "Half price".
func findDiscount(s string) string {
	low := strings.ToLower(s)
	if m := percentRe.FindStringSubmatch(s); m != nil {
		return m[1] + "% OFF"
	}
	if m := amountOffRe.FindStringSubmatch(low); m != nil {
		return strings.ReplaceAll(strings.ToUpper(m[1]), " ", "") + " OFF"
	}
	switch {
	case strings.Contains(low, "buy one get one") || strings.Contains(low, "bogo") || strings.Contains(low, "2 for 1") || strings.Contains(low, "two for one"):
		return "2 for 1"
	case strings.Contains(low, "half price") || strings.Contains(low, "half-price") || strings.Contains(low, "half off"):
		return "50% OFF"
	case strings.Contains(low, "free shipping"):
		return "Free shipping"
	case strings.Contains(low, "free trial"):
		return "Free trial"
	case freeRe.MatchString(low):
		return "Free"
	}
	if m := zheRe.FindStringSubmatch(s); m != nil {
		return m[1] + "折"
	}
	return ""
}
