package generate

import (
	"regexp"
	"strings"

	"github.com/brandgen/brandgen/posts"
)

// This file builds the promotional formats: announcement, offer, ad and showcase.

func (d *doc) announcementKicker() string {
	low := strings.ToLower(d.body)
	if v := versionRe.FindString(d.raw); v != "" {
		return v
	}
	switch {
	case d.exclaim != "":
		return d.exclaim
	case strings.Contains(low, "now available"):
		return "Now available"
	case strings.Contains(low, "coming soon"):
		return "Coming soon"
	case strings.Contains(d.lower, "introducing"):
		return "Introducing"
	case strings.Contains(d.lower, "announcing"):
		return "Announcing"
	case justLaunchedRe.MatchString(low):
		return "Just launched"
	case strings.Contains(low, "launch"):
		return "Launch"
	}
	return d.word(newWord)
}

// newWord is the default announcement kicker in each language the planner tells apart.
var newWord = map[string]string{"en": "New", "es": "Novedad", "ja": "お知らせ", "ko": "새 소식", "zh": "新发布", "zh-Hant": "新發布"}

// kickerLabelRe is a leading label that reads as a kicker: "New feature — dark mode is here".
var kickerLabelRe = regexp.MustCompile(`(?i)^(?:(?:our|the|a)\s+)?(?:(?:new|latest|first|next|big)\s+)?(?:open[-\s]source\s+)?(?:feature|release|product|update|version|launch|announcement|feature\s+drop|product\s+update|news)$|^new$|^(?:just\s+(?:shipped|launched|released)|now\s+(?:live|available)|coming\s+soon|breaking(?:\s+news)?|psa)$`)

// stripAnnounce drops "We're excited to announce" and friends from the start of a title.
func stripAnnounce(s string) string {
	if loc := announceRe.FindStringIndex(s); loc != nil && loc[1] > 0 && loc[1] < len(s) {
		return upperFirst(strings.TrimSpace(s[loc[1]:]))
	}
	return s
}

func (d *doc) announcement() *posts.AnnouncementContent {
	c := &posts.AnnouncementContent{Kicker: d.announcementKicker()}
	head := trimSentence(d.headSentence())
	t := stripAnnounce(head)
	body := d.restAll()
	if l, rest, ok := splitLabel(t, 6); ok && wordCount(rest) >= 2 {
		if kickerLabelRe.MatchString(l) {
			c.Kicker, t = upperFirst(l), stripAnnounce(upperFirst(rest))
		} else {
			t = l
			body = append([]string{upperFirst(rest)}, body...)
		}
	} else if d.inlineHead != "" && strings.HasPrefix(head, d.inlineHead) {
		t = stripAnnounce(d.inlineHead)
		body = append([]string{upperFirst(strings.Join(d.inline, ", "))}, body...)
	}
	// A long title keeps its subject; the details move into the body.
	target := 50
	if d.cjk {
		target = 16
	}
	if h, more := splitHeadline(t, target, 100); more != "" {
		t = h
		body = append([]string{more}, body...)
	}
	c.Title = upperFirst(t)
	if strings.EqualFold(strings.TrimSuffix(c.Title, "!"), c.Kicker) {
		c.Title = d.title()
	}
	if len(d.list) > 0 {
		body = append(body, strings.Join(listTexts(d.list), " · "))
	}
	c.CTA = findCTA(d.raw)
	if date := findDate(d.raw); !strings.Contains(strings.ToLower(c.CTA), strings.ToLower(date)) {
		c.Date = date
	}
	c.Body = joinSentences(without(body, c.CTA, c.Date))
	return c
}

var (
	offerStripRe = regexp.MustCompile(`(?i)\s*[,(]?\s*(?:with|use|con\s+el|con)?\s*(?:promo\s*code|coupon(?:\s*code)?|discount\s*code|code|código|cupón)\s*[:=]?\s*["'“]?[A-Z0-9][A-Z0-9_-]{2,23}["'”]?\)?`)
)

func (d *doc) offer() *posts.OfferContent {
	c := &posts.OfferContent{}
	head := trimSentence(d.headSentence())
	c.Code = d.promoCode()
	exp := expiresRe.FindString(d.raw)
	h := offerStripRe.ReplaceAllString(head, "")
	if exp != "" {
		h = strings.Replace(h, exp, "", 1)
	}
	h = trimDangling(strings.TrimSpace(h))
	if h == "" {
		h = head
	}
	c.Headline = upperFirst(h)
	c.Discount = findDiscount(d.raw)
	if c.Discount == "" {
		if p := priceRe.FindString(d.raw); p != "" && runes(p) <= 16 {
			c.Discount = p
		} else {
			c.Discount = "Special offer"
		}
	}
	var details []string
	c.CTA = findCTA(d.raw)
	for _, s := range without(d.restAll(), c.CTA, c.Code, exp, "use code", "promo code", "code") {
		// The deadline has its own field: "50% off annual plans, this week only" -> "50% off annual plans".
		if exp != "" && strings.Contains(s, exp) {
			s = trimDangling(strings.TrimSpace(strings.Replace(trimSentence(s), exp, "", 1)))
		}
		if s != "" {
			details = append(details, s)
		}
	}
	if len(d.list) > 0 {
		details = append(details, strings.Join(listTexts(d.list), " · "))
	}
	c.Details = joinSentences(details)
	c.Expires = upperFirst(trimSentence(strings.TrimSpace(exp)))
	return c
}

// promoCode returns a promo code written in the prompt: upper case letters with a digit, or after
// the word "code".
func (d *doc) promoCode() string {
	for _, m := range promoCodeRe.FindAllStringSubmatch(d.raw, -1) {
		code := m[1]
		if strings.ToUpper(code) == code && upperRe.MatchString(code) {
			return code
		}
	}
	return ""
}

func (d *doc) ad() *posts.AdContent {
	c := &posts.AdContent{}
	c.Headline = d.title()
	if runes(c.Headline) > 80 {
		if cs := clauses(c.Headline); len(cs) > 1 && runes(cs[0]) <= 80 {
			c.Headline = cs[0]
		}
	}
	if items := d.listOrInline(); len(items) > 0 {
		for _, it := range items {
			if len(c.Features) < 4 {
				c.Features = append(c.Features, upperFirst(trimSentence(it)))
			}
		}
		c.Body = d.restText()
	} else {
		r := d.rest()
		if len(r) >= 3 {
			for _, s := range r[1:] {
				if len(c.Features) < 4 && runes(s) <= 50 {
					c.Features = append(c.Features, trimSentence(s))
				}
			}
			if len(c.Features) >= 2 {
				r = r[:1]
			} else {
				c.Features = nil
			}
		}
		c.Body = strings.Join(r, " ")
	}
	price := priceRe.FindString(d.raw)
	c.Price = upperFirst(price)
	c.CTA = findCTA(d.raw)
	c.Body = joinSentences(without(sentences(c.Body), c.CTA, price))
	if c.CTA == "" {
		c.CTA = d.word(learnMore)
	}
	return c
}

func (d *doc) showcase() *posts.ShowcaseContent {
	c := &posts.ShowcaseContent{}
	low := d.lower
	switch {
	case strings.Contains(low, "case study"):
		c.Kicker = "Case study"
	case strings.Contains(low, "open source") || strings.Contains(low, "open-source"):
		c.Kicker = "Open source"
	case strings.Contains(low, "side project"):
		c.Kicker = "Side project"
	case strings.Contains(low, "portfolio"):
		c.Kicker = "Portfolio"
	case versionRe.MatchString(d.raw):
		c.Kicker = versionRe.FindString(d.raw)
	}
	c.Title = stripAnnounce(trimSentence(d.headSentence()))
	if l, rest, ok := splitLabel(c.Title, 5); ok && strings.EqualFold(l, c.Kicker) {
		c.Title = upperFirst(rest)
	} else if ok && wordCount(rest) >= 2 {
		c.Title = l
		c.Subtitle = upperFirst(rest)
	} else if d.inlineHead != "" && strings.HasPrefix(d.headSentence(), d.inlineHead) {
		c.Title = stripAnnounce(d.inlineHead)
	}
	if runes(c.Title) > 80 {
		if cs := clauses(c.Title); len(cs) > 1 && runes(cs[0]) <= 80 {
			c.Title = cs[0]
		}
	}
	var fromRest bool
	if len(d.list) > 0 || len(d.inline) > 0 || len(d.rest()) >= 2 {
		var items []string
		items, fromRest = d.itemPool(2, 4)
		for _, it := range items {
			if len(c.Features) < 4 {
				t, x := titleText(it, 80)
				c.Features = append(c.Features, posts.Item{Title: t, Text: x})
			}
		}
	}
	c.CTA = findCTA(d.raw)
	if c.CTA == "" {
		if u := findURLs(d.raw); len(u) > 0 && runes(u[0]) <= 40 {
			c.CTA = u[0]
		}
	}
	if !fromRest {
		c.Subtitle = joinSentences(append([]string{c.Subtitle}, without(d.rest(), c.CTA)...))
	}
	return c
}
