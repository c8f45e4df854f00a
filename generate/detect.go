package generate

import (
	"regexp"
	"regexp/syntax"
	"strconv"
	"strings"

	"github.com/brandgen/brandgen/posts"
)

// signal is a pattern of the prompt that votes for a format.
type signal struct {
	format string
	weight int
	re     *regexp.Regexp
	// anchors are literal strings one of which every match starts with (nil: unknown); a prompt
	// holding none of them cannot match, which saves running the expression over long prompts.
	anchors []string
}

func sig(format string, weight int, re string) signal {
	s := signal{format: format, weight: weight, re: regexp.MustCompile(re)}
	if p, err := syntax.Parse(re, syntax.Perl); err == nil {
		s.anchors = literalPrefixes(p.Simplify())
	}
	return s
}

// matches reports whether the signal matches the lower-cased text.
func (s signal) matches(lower string) bool {
	if s.anchors != nil {
		found := false
		for _, a := range s.anchors {
			if strings.Contains(lower, a) {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return s.re.MatchString(lower)
}

// literalPrefixes returns literal strings one of which starts every match of re, or nil.
func literalPrefixes(re *syntax.Regexp) []string {
	switch re.Op {
	case syntax.OpLiteral:
		if re.Flags&syntax.FoldCase != 0 {
			return []string{strings.ToLower(string(re.Rune))}
		}
		return []string{string(re.Rune)}
	case syntax.OpCapture:
		return literalPrefixes(re.Sub[0])
	case syntax.OpPlus:
		return literalPrefixes(re.Sub[0])
	case syntax.OpRepeat:
		if re.Min >= 1 {
			return literalPrefixes(re.Sub[0])
		}
	case syntax.OpConcat:
		for _, sub := range re.Sub {
			switch sub.Op {
			case syntax.OpWordBoundary, syntax.OpNoWordBoundary, syntax.OpBeginLine, syntax.OpBeginText, syntax.OpEmptyMatch:
				continue
			}
			return literalPrefixes(sub)
		}
	case syntax.OpAlternate:
		var out []string
		for _, sub := range re.Sub {
			p := literalPrefixes(sub)
			if p == nil {
				return nil
			}
			out = append(out, p...)
		}
		return out
	case syntax.OpCharClass:
		var out []string
		for i := 0; i+1 < len(re.Rune); i += 2 {
			if re.Rune[i+1]-re.Rune[i] > 10 || len(out) > 16 {
				return nil
			}
			for r := re.Rune[i]; r <= re.Rune[i+1]; r++ {
				out = append(out, string(r))
			}
		}
		return out
	}
	return nil
}

// signals are matched against the lower-cased prompt; each match adds its weight once.
var signals = []signal{
	sig(posts.Hiring, 7, `\bwe(?:'re|’re| are)\s+hiring\b|\bnow\s+hiring\b|\bis\s+hiring\b|\bhiring\b|\bjob\s+(?:opening|offer|post)|\bopen\s+(?:role|position)s?\b|\bvacanc(?:y|ies)\b|\bjoin\s+our\s+team\b|招聘|採用`),
	sig(posts.Hiring, 6, `\b(?:looking\s+for|seeking)\s+(?:an?\s+)?(?:\w+\s+){0,3}(?:engineer|developer|designer|manager|lead|scientist|analyst|marketer|writer|intern|barista|chef|nurse|teacher)s?\b|\bsend\s+(?:us\s+)?your\s+(?:cv|resume|résumé)\b`),
	sig(posts.Hiring, 3, `\bapply\s+(?:now|today|at|here)\b|\bfull[-\s]time\b|\bsalary\b`),
	sig(posts.Offer, 7, `\d\s?(?:%|％|percent)\s*off\b|\bpromo\s*code\b|\bcoupon\b|\buse\s+code\b|\bbogo\b|\bbuy\s+one\s+get\s+one\b|\b2\s+for\s+1\b|\bfree\s+shipping\b|\bblack\s+friday\b|\bcyber\s+monday\b|\bflash\s+sale\b|\bhalf[-\s]price\b|[$€£]\d+\s+off\b|折扣|优惠|\bdescuento\b|\bc[óo]digo\s+[A-Z0-9]`),
	sig(posts.Offer, 4, `\bdiscount\b|\bsale\b|\bdeal\b|\bsave\s+\d|\boffer\b|\bpromo(?:tion)?\b`),
	sig(posts.Testimonial, 9, `\btestimonial\b|\bcustomer\s+(?:said|says|wrote|review|story|quote|feedback)\b|\bclient\s+(?:said|says|review|feedback)\b|\b(?:our|a|happy)\s+(?:customers?|clients?|users?)\s+(?:said|says|say|love)\b|[★⭐]{3,}|\b[1-5](?:\.0)?\s?/\s?5\b|\b[1-5]\s?stars?\b|\bfive[-\s]stars?\b`),
	sig(posts.Testimonial, 3, `\breview\b|\bfeedback\b|\bcustomer\b|\bclient\b`),
	sig(posts.Quote, 4, `\bquote\b|\bquotation\b|\bsaid\b|\bonce\s+said\b|\bwords\s+of\b|\bas\s+\w+\s+(?:\w+\s+)?(?:says|said|puts\s+it)\b`),
	sig(posts.Event, 6, `\bwebinar\b|\bmeetup\b|\bmeet-up\b|\bconference\b|\bworkshop\b|\bsummit\b|\bhackathon\b|\blive\s*stream\b|\b(?:ama|q&a)\s+session\b|\brsvp\b|\bsave\s+the\s+date\b|\bkeynote\b|\bpanel\s+(?:discussion|talk)\b|\bfireside\s+chat\b|\blaunch\s+party\b|\bopen\s+house\b|\bbootcamp\b|\bmasterclass\b|\btwitter\s+space\b|\bevent\b|研讨会|活动|セミナー|ウェビナー|勉強会|ミートアップ|イベント|讲座|直播`),
	sig(posts.Event, 6, `\bbooth\b|\bcome\s+say\s+hi\b|\bsee\s+you\s+(?:at|there|in)\b|\bvisit\s+us\s+at\b|\bgrand\s+opening\b|\bdoors\s+open\b`),
	sig(posts.Event, 3, `\bjoin\s+us\b|\bregister\b|\bseats?\b|\btickets?\b|\bspeakers?\b|\btalk\b|\bsession\b|\bdoors\s+open\b|\bvenue\b`),
	sig(posts.Roadmap, 9, `\broadmap\b|\btimeline\b|路线图|ロードマップ`),
	sig(posts.Roadmap, 3, `\bmilestones?\b|\bphase\s+\d\b|\bnext\s+quarter\b|\bcoming\s+(?:next|soon)\b|\bnow\s*/\s*next\s*/\s*later\b`),
	sig(posts.Comparison, 8, `\s(?:vs\.?|versus)\s|\bcompared\s+(?:to|with)\b|\bcomparison\b|\bcompare\b|\bbefore\s*(?:&|and|/|vs\.?)\s*after\b|\bmyths?\s*(?:&|and|/|vs\.?)\s*facts?\b|\bpros\s*(?:&|and|/)\s*cons\b|\bdo(?:'s|s)?\s*(?:&|and|/)\s*don(?:'t|’t)s\b|\bwhich\s+is\s+better\b|\bhead[-\s]to[-\s]head\b|对比|比較`),
	sig(posts.Comparison, 5, `^\s*[\w.+#-]+(?:\s[\w.+#-]+)?\s+or\s+[\w.+#-]+(?:\s[\w.+#-]+)?(?:\s+(?:for|in)\s[^?]{1,40})?\?\s*$`),
	sig(posts.Checklist, 9, `\bchecklist\b|\bto-?do\s+list\b|\bcheck\s*list\b|清单|チェックリスト`),
	sig(posts.Checklist, 3, `\bmake\s+sure\b|\bdon(?:'t|’t)\s+forget\b|\bbefore\s+you\s+(?:launch|ship|deploy|publish|go)\b|\bpre-?launch\b|\bpre-?flight\b`),
	sig(posts.Resources, 7, `\bresources\b|\breading\s+list\b|\bmust[-\s]reads?\b|\bbookmarks?\b|\b(?:books|courses|podcasts|newsletters|tools|libraries|repos|websites|channels|apps|plugins|extensions|tutorials)\s+(?:to|for|that|every|i|we|you)\b|\b(?:best|top|favorite|favourite|free|useful|essential)\s+(?:\w+\s+)?(?:books|courses|podcasts|newsletters|tools|libraries|repos|websites|channels|apps|plugins|extensions|tutorials)\b`),
	sig(posts.Stat, 3, `\bstat(?:istic)?s?\b|\bsurvey\b|\breport\b|\bdata\s+shows\b|\bgrew\b|\bgrowth\b|\bincrease[ds]?\b|\bdecrease[ds]?\b|\bdropped\b|\brevenue\b|\busers\b|\bcustomers\b|\bdownloads\b|\bper\s+(?:day|month|year|second)\b`),
	sig(posts.Listicle, 5, `\btips\b|\bways\b|\breasons\b|\bsteps\b|\blessons\b|\bmistakes\b|\bhabits\b|\brules\b|\bideas\b|\bthings\b|\bsecrets\b|\bhacks\b|\btricks\b|\bprinciples\b|\btakeaways\b|\blearnings\b|\bquestions\b|\bmyths\b|\btop\s+\d+\b|\b\d+\s+(?:\w+\s+)?(?:tips|ways|reasons|steps|lessons|mistakes|habits|rules|ideas|things|secrets|hacks|tricks|books|tools)\b|技巧|方法|コツ`),
	sig(posts.Grid, 6, `\bfeatures?\s+(?:grid|overview|list)\b|\bgrid\b|\bpillars\b|\bour\s+values\b|\bcore\s+values\b|\bcapabilities\b|\bwhat\s+we\s+(?:offer|do)\b|\bour\s+services\b|\bwhy\s+choose\b|\bbenefits\b|\bkey\s+features\b|\beverything\s+you\s+(?:need|get)\b|\bfeatures\s*:`),
	sig(posts.Grid, 2, `\bfeatures\b`),
	sig(posts.Announcement, 6, `\blaunch(?:ing|ed|es)?\b|\bintroducing\b|\bannounc(?:e|ing|ement)\b|\bnow\s+(?:available|live|open)\b|\bjust\s+(?:shipped|launched|released|dropped)\b|\bshipped\b|\breleased?\b|\bis\s+(?:live|here|out)\b|\bnew\s+(?:feature|version|release|product)\b|\bwe(?:'re|’re| are)\s+(?:excited|thrilled|proud|happy)\b|\bmeet\s+the\s+new\b|\bsay\s+hello\s+to\b|\bcoming\s+soon\b|\bwe(?:'ve|’ve|\s+have)?\s+(?:just\s+)?raised\b|\bseries\s+[a-d]\b|\bseed\s+round\b|\bacquired\b|\bacquisition\b|\bpartner(?:ship|ing)\s+with\b|\bwelcome\s+\p{Lu}|発売|发布|上线|推出|リリース|ローンチ|公開しました|登場|\blanzamos\b|\blanzamiento\b|\bya\s+disponible\b|\bnueva\s+versión\b`),
	sig(posts.Ad, 5, `\bshop\s+now\b|\bbuy\s+now\b|\border\s+(?:now|today)\b|\bget\s+yours\b|\badvert(?:isement)?\b|\bad\s+for\b|\bstarting\s+at\b|\bfrom\s+[$€£]\d|\bonly\s+[$€£]\d|/mo\b|\bper\s+month\b|\bfree\s+trial\b|\bsign\s+up\b`),
	sig(posts.Showcase, 6, `\bshowcase\b|\bcase\s+study\b|\bportfolio\b|\bproject\b|\bbuilt\s+with\b|\bwe\s+built\b|\bi\s+built\b|\bhighlights\b|\bside\s+project\b|\bopen[-\s]source(?:d)?\b|\bdemo\b`),
	sig(posts.Campaign, 6, `\bcampaign\b|\bawareness\b|\bmovement\b|\bpledge\b|\bjoin\s+the\b|\btogether\s+we\b|\bmonth\s+of\b|\bday\s+of\b|\bearth\s+day\b|\bpride\b|\bmental\s+health\b|\bsustainab|\bclimate\b|\bcharity\b|\bdonat(?:e|ion)\b|\bfundrais|\bvolunteer`),
	sig(posts.Cover, 3, `\bthread\b|🧵`),
	sig(posts.Cover, 6, `\bthread\b|🧵|\bseries\b|\bpart\s+\d\b|\bepisode\b|\bchapter\b|\bguide\b|\bdeep\s+dive\b|\bhow\s+to\b|\bintroduction\s+to\b|\b101\b|\bexplained\b|\bcarousel\b|\bswipe\b|\bcover\b|\btutorial\b|\bcourse\s+(?:intro|outline)\b|\barticle\b|\bblog\s+post\b|\bnewsletter\s+issue\b`),
	sig(posts.Poster, 5, `\bhappy\s+(?:holidays|new\s+year|birthday|thanksgiving|easter|diwali|lunar\s+new\s+year|\w+\s+day)\b|\bmerry\s+christmas\b|\bseason(?:'s|’s)\s+greetings\b|\bthank\s+you\b|\bthanks\s+for\b`),
	sig(posts.Poster, 6, `\bposter\b|\bmanifesto\b|\bmotto\b|\bmantra\b|\breminder\b|\bslogan\b|\bmonday\s+motivation\b|\bmotivation(?:al)?\b|\binspiration(?:al)?\b|\bhot\s+take\b|\bunpopular\s+opinion\b`),
}

// priority breaks ties between equal scores: the more specific format first.
var priority = []string{posts.Code, posts.Hiring, posts.Offer, posts.Testimonial, posts.Quote, posts.Event,
	posts.Roadmap, posts.Comparison, posts.Checklist, posts.Resources, posts.Stat, posts.Listicle, posts.Grid,
	posts.Announcement, posts.Ad, posts.Showcase, posts.Campaign, posts.Cover, posts.Poster}

// scores votes every format for d.
func (d *doc) scores() map[string]int {
	s := map[string]int{}
	for _, sg := range signals {
		if sg.matches(d.lower) {
			s[sg.format] += sg.weight
		}
	}
	// Shapes of the text.
	if d.code != "" {
		s[posts.Code] += 9
		if d.codeLang != "" || strings.Count(d.code, "\n") >= 1 {
			s[posts.Code] += 3
		}
	}
	if q, ok := findQuote(d.body); ok {
		s[posts.Quote] += 6
		if runes(q.text) > 40 {
			s[posts.Quote]++
		}
		if _, ok := d.quoteAttribution(q); ok {
			s[posts.Quote] += 2
			s[posts.Testimonial] += 1
		}
	} else if d.dashAttribution() != "" {
		s[posts.Quote] += 6
	}
	if v, _ := findValue(d.raw); v != "" {
		s[posts.Stat] += 4
		for _, sn := range append(d.prose, listTexts(d.list)...) {
			if v, at := findValue(sn); v != "" && len(strings.Fields(sn[:at])) <= 2 {
				s[posts.Stat] += 3 // the sentence is about the figure: "73% of ...", "Over 10M users"
				break
			}
		}
		if len(d.prose) <= 2 {
			s[posts.Stat]++
		}
	}
	if findDate(d.raw) != "" {
		s[posts.Event] += 3
	}
	if findTime(d.raw) != "" {
		s[posts.Event] += 3
	}
	if n := len(quarterRe.FindAllString(d.raw, -1)); n >= 2 {
		s[posts.Roadmap] += 7
	} else if n == 1 {
		s[posts.Roadmap] += 2
	}
	checks := 0
	for _, it := range d.list {
		if it.marked {
			checks++
		}
	}
	if checks >= 2 {
		s[posts.Checklist] += 8
	}
	n := len(d.list)
	if n == 0 {
		n = len(d.inline)
	}
	if n >= 3 {
		s[posts.Listicle] += 4
		s[posts.Grid]++
	}
	icons := 0
	for _, it := range d.list {
		if it.icon != "" {
			icons++
		}
	}
	if icons >= 2 {
		s[posts.Grid] += 3
	}
	if urls := findURLs(d.raw); len(urls) >= 2 {
		s[posts.Resources] += 7
	}
	if findHashtag(d.raw) != "" {
		s[posts.Campaign] += 3
	}
	if versionRe.MatchString(d.raw) {
		s[posts.Announcement] += 3
	}
	if priceRe.MatchString(d.raw) {
		s[posts.Ad] += 2
	}
	if len(d.prose) == 1 && len(d.list) == 0 && d.inline == nil && d.code == "" {
		if w := wordCount(d.body); w <= 12 {
			s[posts.Poster] += 4 // a short statement
		}
	}
	if d.hint != "" {
		s[d.hint] += 12
	}
	return s
}

// listMin is the least number of entries a list format needs from the prompt when auto-selected.
var listMin = map[string]int{posts.Listicle: 3, posts.Checklist: 3, posts.Resources: 2, posts.Grid: 3, posts.Roadmap: 2}

// hasItems reports whether the prompt itself has at least n list entries (lines, an inline list or
// sentences after the title).
func (d *doc) hasItems(n int) bool {
	return len(d.list) >= n || len(d.inline) >= n || len(d.rest()) >= n
}

// pick chooses the format of d: the best score, ties broken by priority; with no clear signal, a
// cover for longer text and a poster for a short statement.
func (d *doc) pick() string {
	s := d.scores()
	best, bestScore := "", 0
	for _, f := range priority {
		if s[f] > bestScore {
			best, bestScore = f, s[f]
		}
	}
	// A list format needs a list: without enough entries in the prompt, the next best format.
	for bestScore >= 4 && listMin[best] > 0 && !d.hasItems(listMin[best]) && d.hint != best && !(best == posts.Listicle && d.countedAdvice() > 0) {
		s[best] = 0
		best, bestScore = "", 0
		for _, f := range priority {
			if s[f] > bestScore {
				best, bestScore = f, s[f]
			}
		}
	}
	if bestScore >= 4 {
		return best
	}
	if wordCount(d.body) <= 12 && len(d.prose) <= 1 {
		return posts.Poster
	}
	return posts.Cover
}

// countedAdviceRe is a title that counts pieces of advice: "5 tips for remote teams", "3 reasons
// to ...", "5 consejos para ...". Such a title is a listicle even without its items (books and
// tools are not: the planner cannot name them).
var countedAdviceRe = regexp.MustCompile(`(?i)^\s*(?:the\s+|my\s+|our\s+|top\s+)?(\d{1,2})\s+(?:\w+\s+)?(?:tips|ways|reasons|steps|lessons|mistakes|habits|rules|ideas|things|secrets|hacks|tricks|principles|takeaways|questions|myths|consejos|formas|razones|pasos|ideas|errores|claves)\b`)

// countedAdvice returns the count of a counted-advice title, or 0.
func (d *doc) countedAdvice() int {
	m := countedAdviceRe.FindStringSubmatch(d.title())
	if m == nil {
		return 0
	}
	n, _ := strconv.Atoi(m[1])
	return n
}
