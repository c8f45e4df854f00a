package generate

import (
	"regexp"
	"strings"

	"github.com/brandgen/brandgen/posts"
)

// This file builds the quote and testimonial formats and finds who said a quotation.

// quoteAttribution finds who said a quotation: "— Jane Doe, CTO" after it, or "Jane said:" before.
func (d *doc) quoteAttribution(q quoted) (string, bool) {
	if m := attributionRe.FindStringSubmatch(q.after); m != nil && looksLikeName(m[1]) {
		return m[1], true
	}
	before := strings.TrimSpace(strings.TrimRight(q.before, ":,"))
	if m := saidBeforeRe.FindStringSubmatch(before); m != nil {
		return m[1], true
	}
	if m := quoteByRe.FindStringSubmatch(before); m != nil {
		return m[1], true
	}
	if p, _ := splitAttribution(before); p != "" && looksLikeName(p) && len(strings.Fields(p)) <= 4 && strings.HasSuffix(strings.TrimSpace(q.before), ":") {
		return before, true
	}
	// A bare name after the quotation: "…" Alan Kay.
	if after := strings.TrimLeft(q.after, ",. "); after != "" {
		if p, _ := splitAttribution(after); p != "" && looksLikeName(p) && len(strings.Fields(p)) <= 4 && len(strings.Fields(after)) <= 12 {
			return after, true
		}
	}
	return "", false
}

var (
	saidBeforeRe = regexp.MustCompile(`(?i)(?:^|[.!?]\s+|\bas\s+)([\p{Lu}@][\p{L}.'’ -]{1,40}?(?:,\s[^,:]{2,60})?)\s+(?:once\s+)?(?:said|says|wrote|tweeted|put\s+it)\s*$`)
	quoteByRe    = regexp.MustCompile(`(?i)(?:quote|words)\s+(?:by|from|of)\s+([\p{Lu}@][^:.!?]{1,60})$`)
)

var dashAttrRe = regexp.MustCompile(`^(.{8,}?)\s*(?:\n|\s)[—–―~-]{1,2}\s*([\p{Lu}@][^\n]{1,90})$`)

// dashAttribution finds "Some words — Jane Doe" in an unquoted prompt and returns the attribution.
func (d *doc) dashAttribution() string {
	if m := dashAttrRe.FindStringSubmatch(strings.TrimSpace(d.body)); m != nil {
		p, _ := splitAttribution(m[2])
		if looksLikeName(p) && len(strings.Fields(p)) <= 4 {
			return m[2]
		}
	}
	return ""
}

func (d *doc) quote() *posts.QuoteContent {
	c := &posts.QuoteContent{}
	if q, ok := findQuote(d.body); ok {
		c.Quote = q.text
		if a, ok := d.quoteAttribution(q); ok {
			c.Author, c.Role = splitAttribution(a)
		}
	} else if a := d.dashAttribution(); a != "" {
		m := dashAttrRe.FindStringSubmatch(strings.TrimSpace(d.body))
		c.Quote = strings.TrimSpace(strings.Trim(m[1], `"'“”`))
		c.Author, c.Role = splitAttribution(a)
	} else {
		c.Quote = strings.Join(d.prose, " ")
		if c.Quote == "" {
			c.Quote = d.body
		}
		if runes(c.Quote) > 320 {
			c.Quote = d.longestSentence()
		}
	}
	return c
}

func (d *doc) longestSentence() string {
	best := ""
	for _, s := range d.prose {
		if runes(s) > runes(best) && runes(s) <= 320 {
			best = s
		}
	}
	if best == "" {
		best = d.headSentence()
	}
	return best
}

func (d *doc) testimonial() *posts.TestimonialContent {
	c := &posts.TestimonialContent{Rating: findRating(d.raw)}
	var attribution string
	if q, ok := findQuote(d.body); ok {
		c.Quote = q.text
		attribution, _ = d.quoteAttribution(q)
	} else if a := d.dashAttribution(); a != "" {
		m := dashAttrRe.FindStringSubmatch(strings.TrimSpace(d.body))
		c.Quote = strings.TrimSpace(strings.Trim(m[1], `"'“”`))
		attribution = a
	} else {
		c.Quote = d.longestSentence()
		if all := strings.Join(d.prose, " "); runes(all) <= 300 && all != "" {
			c.Quote = all
		}
	}
	c.Quote = strings.TrimSpace(starsRe.ReplaceAllString(c.Quote, " "))
	if attribution != "" {
		c.Person, c.Role = splitAttribution(attribution)
		c.Role = strings.TrimSpace(starsRe.ReplaceAllString(c.Role, " "))
	}
	if c.Person == "" {
		if m := nameRe.FindString(strings.Replace(d.raw, c.Quote, "", 1)); m != "" && !calendarWordRe.MatchString(strings.ToLower(strings.Fields(m)[0])) {
			c.Person = m
		}
	}
	if c.Person == "" {
		c.Person = d.word(customerWord)
	}
	c.Initials = initials(c.Person)
	if c.Quote == "" {
		c.Quote = d.topic()
	}
	return c
}
