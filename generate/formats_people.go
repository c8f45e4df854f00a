package generate

import (
	"regexp"
	"strings"

	"github.com/brandgen/brandgen/posts"
)

// This file builds the event format.

var (
	eventKindRe        = regexp.MustCompile(`(?i)\b(grand\s+opening|webinar|meetup|meet-up|workshop|conference|summit|hackathon|live\s*stream|ama|q&a|keynote|masterclass|bootcamp|launch\s+party|open\s+house|panel|fireside\s+chat|twitter\s+space|talk|party|demo\s+day|office\s+hours|community\s+call)\b|ウェビナー|セミナー|勉強会|ミートアップ|研讨会|讲座|直播|黑客松`)
	speakersRe         = regexp.MustCompile(`(?i)(?:\bspeakers?\s*:|\bspeakers?\s+(?:are|is|include|will\s+be)\s*:?|\bwith\s+speakers?\b|\bfeaturing\b|\bhosted\s+by\b|\bwith\b|\bspeaking\s*:|\bpresented\s+by\b)\s*([\p{Lu}][^.!?\n]{2,200})`)
	repeatedPunctRe    = regexp.MustCompile(`\s*,(?:\s*,)+\s*`)
	spaceBeforePunctRe = regexp.MustCompile(`\s+([:;,.!?])`)
	prepTrimRe         = regexp.MustCompile(`(?i)(?:\s+(?:on|at|in|from|@|this|next|every|,))+\s*$`)
)

func (d *doc) event() *posts.EventContent {
	c := &posts.EventContent{}
	if m := eventKindRe.FindString(d.raw); m != "" {
		c.Kicker = upperFirst(strings.ToLower(m))
		if strings.EqualFold(m, "ama") || strings.EqualFold(m, "q&a") {
			c.Kicker = strings.ToUpper(m)
		}
	}
	c.Date = calendarCase(findDate(d.raw))
	c.Time = findTime(d.raw)
	var spans []string
	c.Place, spans = d.eventPlace()
	title := trimSentence(d.headSentence())
	if loc := speakersRe.FindStringIndex(title); loc != nil && loc[0] > 0 {
		title = strings.TrimRight(title[:loc[0]], " ,;:-–—") // the speakers have their own field
	}
	for _, span := range append([]string{c.Date, c.Time, onlineRe.FindString(title)}, spans...) {
		title = removeSpan(title, span)
	}
	title = stripAnnounce(strings.TrimSpace(title))
	c.Title = upperFirst(trimDangling(title))
	if k, q := d.quotedTitle(); q != "" {
		// `our free workshop "Intro to Figma"`: the name is the title, what it is the kicker.
		c.Title = q
		if k != "" && runes(k) <= 30 && (c.Kicker == "" || strings.Contains(strings.ToLower(k), strings.ToLower(c.Kicker))) {
			c.Kicker = k
		}
	}
	if c.Title == "" || len(strings.Fields(c.Title)) < 1 {
		c.Title = d.title()
	}
	if c.Date == "" {
		c.Date = d.word(dateTBA)
	}
	if m := speakersRe.FindStringSubmatch(d.raw); m != nil {
		for _, part := range speakerParts(m[1]) {
			name, role := splitAttribution(part)
			if name == "" || !looksLikeName(name) || strings.EqualFold(name, c.Place) || len(c.Speakers) >= 4 {
				continue
			}
			c.Speakers = append(c.Speakers, posts.Speaker{Name: name, Role: role})
		}
	}
	c.CTA = findCTA(d.raw)
	return c
}

// speakerParts splits "Jane Doe (CTO, Acme) and John Roe" at list separators outside parentheses.
func speakerParts(s string) []string {
	var parts []string
	depth, start := 0, 0
	flush := func(end int) {
		if p := strings.TrimSpace(s[start:end]); p != "" {
			parts = append(parts, p)
		}
	}
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '(':
			depth++
		case ')':
			depth--
		case ',', ';', '&':
			if depth == 0 && !(s[i] == ',' && i+1 < len(s) && strings.HasPrefix(strings.TrimSpace(s[i+1:]), "CTO")) {
				flush(i)
				start = i + 1
			}
		case ' ':
			if depth == 0 && strings.HasPrefix(s[i:], " and ") {
				flush(i)
				start = i + 5
				i += 4
			}
		}
	}
	flush(len(s))
	// "Jane Doe, CTO at Acme" splits into a name and a role: glue role-like parts back on.
	var out []string
	for _, p := range parts {
		if len(out) > 0 && !nameRe.MatchString(p) {
			out[len(out)-1] += ", " + p
			continue
		}
		out = append(out, p)
	}
	return out
}

// removeSpan removes span (and the preposition before it) from s, case-insensitively.
func removeSpan(s, span string) string {
	if span == "" {
		return s
	}
	i := strings.Index(strings.ToLower(s), strings.ToLower(span))
	if i < 0 || len(strings.ToLower(s)) != len(s) {
		return s
	}
	before := prepTrimRe.ReplaceAllString(s[:i], "")
	out := strings.Join(strings.Fields(before+" "+s[i+len(span):]), " ")
	out = repeatedPunctRe.ReplaceAllString(out, ", ")
	out = spaceBeforePunctRe.ReplaceAllString(out, "$1")
	return strings.TrimSpace(strings.TrimLeft(out, ",;: "))
}

// eventPlace is where the event is, venue first ("Factory Görlitzer Park, Berlin"), and the spans
// of the prompt it was read from (taken out of the title).
func (d *doc) eventPlace() (string, []string) {
	if a := addressRe.FindString(d.raw); a != "" {
		a = strings.TrimRight(a, ".")
		return a, []string{a}
	}
	ps := findPlaces(d.raw)
	if len(ps) == 0 {
		p := findPlace(d.raw)
		return p, []string{p}
	}
	var venue, city string
	for _, p := range ps {
		switch {
		case p.venue && venue == "":
			venue = p.name
		case !p.venue && city == "":
			city = p.name
		}
	}
	switch {
	case venue != "" && city != "" && !strings.Contains(venue, city) && runes(venue)+runes(city)+2 <= 80:
		return venue + ", " + city, []string{venue, city}
	case venue != "":
		return venue, []string{venue}
	}
	return city, []string{city}
}

// quotedTitle finds a name in quotes in the title sentence (`our guide "10 SQL mistakes"`,
// 「Go入門」) and returns it with the words before it as a kicker ("Guide"), or "" when there is
// none or the whole sentence is the quotation.
func (d *doc) quotedTitle() (kicker, title string) {
	h := d.headSentence()
	for _, re := range quotedRes[:6] {
		m := re.FindStringSubmatchIndex(h)
		if m == nil {
			continue
		}
		q := strings.TrimSpace(h[m[2]:m[3]])
		if runes(q) < 2 || runes(q) > 100 || runes(q) >= runes(h)-4 {
			continue
		}
		before := strings.Fields(strings.TrimSpace(h[:m[0]]))
		for len(before) > 0 && kickerNoise[strings.ToLower(before[0])] {
			before = before[1:]
		}
		if len(before) > 0 && len(before) <= 4 {
			kicker = upperFirst(strings.TrimRight(strings.Join(before, " "), ":,"))
		}
		return kicker, q
	}
	return "", ""
}

// kickerNoise are words that open the phrase before a quoted name without saying what it is.
var kickerNoise = map[string]bool{"our": true, "the": true, "a": true, "an": true, "my": true, "this": true, "your": true, "new": true}

// calendarCase capitalises a date as written for display: "next tuesday" -> "Next Tuesday".
func calendarCase(date string) string {
	ws := strings.Fields(date)
	for i, w := range ws {
		if calendarWordRe.MatchString(strings.ToLower(strings.Trim(w, ",."))) {
			ws[i] = upperFirst(w)
		}
	}
	return upperFirst(strings.Join(ws, " "))
}
