package generate

// This file builds the content of each post format from an analysed prompt: the headline
// formats (cover, poster, campaign) and the expressions the builders share. The other formats are
// in formats_*.go.

import (
	"regexp"
	"strings"

	"github.com/brandgen/brandgen/posts"
)

// Expressions used by the format builders.
var (
	cjkBreakRe     = regexp.MustCompile(`[，、；。！？,;!?\s]+`)
	trailingPrepRe = regexp.MustCompile(`(?i)\s+(?:in|by|for|during)\s*$`)
	winnerRe       = regexp.MustCompile(`(?i)\b(?:wins|winner|better|go\s+with|choose|pick)\b`)
	justLaunchedRe = regexp.MustCompile(`\bjust\s+(?:launched|shipped|released)\b|\bis\s+live\b|\bnow\s+live\b`)
	upperRe        = regexp.MustCompile(`[A-Z]`)
	starsRe        = regexp.MustCompile(`(?i)\s*(?:★+|⭐+|\b[1-5]\s?/\s?5\b|\b[1-5]\s?stars?\b)\s*`)
	notARoleRe     = regexp.MustCompile(`(?i)^(?:now|!|and)$`)
	hiringLeadRe   = regexp.MustCompile(`(?i)^(?:we(?:'re|’re| are)\s+hiring\s*!?\s*|now\s+hiring\s*:?\s*)`)
	notACompanyRe  = regexp.MustCompile(`^(?:We|Our|Us|The|This|Remote|Hybrid)$`)
	dashSpaceRe    = regexp.MustCompile(`[-\s]`)
)

func (d *doc) cover() *posts.CoverContent {
	c := &posts.CoverContent{}
	c.Kicker, c.Title = labelAndTitle(d.title(), 40)
	if k, q := d.quotedTitle(); q != "" && runes(k) <= 40 {
		c.Kicker, c.Title = k, q // `our guide "10 SQL mistakes beginners make"`
	}
	if c.Kicker == "" {
		if m := seriesRe.FindString(d.raw); m != "" && m != "🧵" {
			c.Kicker = upperFirst(strings.TrimPrefix(strings.TrimPrefix(m, "a "), "A "))
		}
		// "A thread on how we ..." -> kicker Thread, title "How we ...".
		if t := strings.TrimSpace(strings.TrimSuffix(coverLeadRe.ReplaceAllString(c.Title, ""), "🧵")); t != "" && t != c.Title && c.Kicker != "" {
			c.Title = upperFirst(t)
		}
	}
	sub := d.restAllText()
	if items := d.listOrInline(); len(items) > 0 && (sub == "" || len(d.list) > 0) {
		sub = strings.TrimSpace(sub + " " + strings.Join(items, " · "))
	}
	c.Subtitle = upperFirst(sub)
	switch {
	case swipeRe.MatchString(d.raw):
		c.Footer = "Swipe →"
	case findDate(d.raw) != "":
		c.Footer = findDate(d.raw)
	default:
		c.Footer = d.footerLine()
	}
	return c
}

func (d *doc) poster() *posts.PosterContent {
	c := &posts.PosterContent{}
	c.Kicker, c.Headline = labelAndTitle(d.title(), 40)
	var sub []string
	c.Headline, sub = headlineAndMore(c.Headline, d.titleRest())
	sub = append(sub, d.restAll()...)
	if items := d.listOrInline(); len(sub) == 0 && len(items) > 0 {
		if len(items) > 4 {
			items = items[:4]
		}
		sub = append(sub, strings.Join(items, " · "))
	}
	c.Subline = upperFirst(joinSentences(sub))
	c.Footer = d.footerLine()
	if c.Footer == "" {
		c.Footer = findDate(d.raw)
	}
	return c
}

// headlineAndMore fits a headline into 80 runes, returning the words it leaves out and the rest
// of its sentence (titleRest) as the start of the body text.
func headlineAndMore(headline, titleRest string) (string, []string) {
	var more []string
	headline, rest := splitHeadline(headline, 80, 80)
	for _, s := range []string{rest, titleRest} {
		if s != "" {
			more = append(more, s)
		}
	}
	return headline, more
}

func (d *doc) campaign() *posts.CampaignContent {
	c := &posts.CampaignContent{}
	t := d.title()
	tag := findHashtag(d.raw)
	if tag != "" && strings.HasSuffix(t, tag) && strings.TrimSpace(strings.TrimSuffix(t, tag)) != "" {
		t = trimDangling(strings.TrimSpace(strings.TrimSuffix(t, tag)))
	}
	c.Kicker, c.Headline = labelAndTitle(t, 30)
	msg, more := []string{}, []string{}
	c.Headline, more = headlineAndMore(c.Headline, d.titleRest())
	for _, s := range append(more, d.restAll()...) {
		if strings.TrimSpace(s) != tag {
			msg = append(msg, s)
		}
	}
	if len(d.list) > 0 {
		msg = append(msg, strings.Join(listTexts(d.list), " · "))
	}
	c.Hashtag = tag
	c.CTA = findCTA(d.raw)
	c.Message = joinSentences(without(msg, c.CTA, tag))
	return c
}
