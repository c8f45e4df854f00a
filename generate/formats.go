package generate

// This file builds the content of each post format from an analysed prompt.

import (
	"fmt"
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

var (
	// whenRe reads the period label at the start of a roadmap entry: "Q1 2026:", "Phase 2 -",
	// "March", "Now:" (a bare word only with a separator: "Next steps" is a title).
	whenRe    = regexp.MustCompile(`(?i)^(?:(?:\d{4}\s*年(?:\s*\d{1,2}\s*月)?|\d{1,2}\s*月)\s*[:：\-–—|)]?|(?:(?:q[1-4]|h[12])(?:\s*[' ]?\s*(?:\d{4}|\d{2}))?|(?:phase|step|stage|week|month|sprint|milestone|v|version)\s*\d+(?:\.\d+)*|\d{4}|` + monthRe + `\.?(?:\s+\d{4})?)\b\s*[:\-–—|)]?|(?:now|next|later|today|soon|done)\s*[:\-–—|)])\s*`)
	statusRes = []struct {
		status string
		re     *regexp.Regexp
	}{
		{"done", regexp.MustCompile(`(?i)\((?:done|shipped|launched|released|completed|live)\)|\b(?:done|shipped|launched|released|completed|delivered)\b|✅|✔`)},
		{"now", regexp.MustCompile(`(?i)\((?:now|in\s+progress|wip|current|ongoing)\)|\b(?:in\s+progress|wip|ongoing|currently|right\s+now|this\s+quarter|building)\b|🚧|🔨`)},
		{"next", regexp.MustCompile(`(?i)\((?:next|planned|soon|later|upcoming)\)|\b(?:planned|upcoming|coming\s+soon|later)\b|🔜`)},
	}
	statusStrip = regexp.MustCompile(`(?i)\s*\((?:done|shipped|launched|released|completed|live|now|in\s+progress|wip|current|ongoing|next|planned|soon|later|upcoming)\)|\s*[✅✔🚧🔨🔜]\s*`)
)

func (d *doc) roadmap() *posts.RoadmapContent {
	c := &posts.RoadmapContent{Title: d.title()}
	var items []string
	var fromRest bool
	if loc := whenRe.FindStringIndex(d.headSentence()); loc != nil && loc[1] < len(d.headSentence()) && d.inline == nil {
		// The prompt is the timeline itself ("Now: beta\nNext: GA"): its first line is a milestone.
		c.Title = "Roadmap"
		if d.cjk {
			c.Title = "路线图"
		}
		items, fromRest = d.needItems(1, 5, milestoneFrames)
		items = append([]string{d.headSentence()}, items...)
	} else {
		items, fromRest = d.needItems(2, 6, milestoneFrames)
	}
	for i, it := range items {
		m := posts.Milestone{}
		text := it
		if loc := whenRe.FindStringIndex(text); loc != nil && loc[1] < len(text) {
			m.When = strings.TrimSpace(strings.TrimRight(strings.TrimSpace(text[:loc[1]]), ":：-–—|)"))
			text = text[loc[1]:]
		} else if q := quarterRe.FindStringIndex(text); q != nil {
			m.When = text[q[0]:q[1]]
			text = strings.TrimSpace(text[:q[0]] + text[q[1]:])
			text = trailingPrepRe.ReplaceAllString(text, "")
			text = strings.Trim(text, " ,:-–—()")
		}
		switch strings.ToLower(m.When) {
		case "now", "today":
			m.Status = "now"
		case "next", "later", "soon":
			m.Status = "next"
		case "done":
			m.Status = "done"
		default:
			for _, s := range statusRes {
				if s.re.MatchString(it) {
					m.Status = s.status
					break
				}
			}
		}
		text = statusStrip.ReplaceAllString(text, "")
		if m.When == "" {
			m.When = fmt.Sprintf("Step %d", i+1)
			if d.cjk {
				m.When = fmt.Sprintf("%02d", i+1)
			}
		}
		m.Title, m.Text = titleText(text, 60)
		if m.Title == "" {
			m.Title = upperFirst(m.When)
		}
		c.Milestones = append(c.Milestones, m)
	}
	if !fromRest {
		c.Subtitle = d.restText()
	}
	return c
}

// listNouns are plural nouns a listicle's kicker may count ("5 tips").
var listNounRe = regexp.MustCompile(`(?i)\b(tips|ways|reasons|steps|lessons|mistakes|habits|rules|ideas|things|secrets|hacks|tricks|principles|takeaways|questions|myths|books|tools|facts)\b`)

func (d *doc) listicle(layout string) *posts.ListicleContent {
	c := &posts.ListicleContent{}
	c.Kicker, c.Title = labelAndTitle(d.title(), 40)
	items, _ := d.needItems(3, 10, tipFrames)
	items = d.evenFor2col(items, layout, 10)
	textMax := 160
	if layout == "2col" {
		textMax = 100
	}
	for _, it := range items {
		t, x := titleText(it, 80)
		c.Items = append(c.Items, posts.Item{Title: t, Text: clipText(x, textMax)})
	}
	if c.Kicker == "" {
		if m := listNounRe.FindString(d.title()); m != "" && !digitRe.MatchString(d.title()) {
			c.Kicker = fmt.Sprintf("%d %s", len(c.Items), strings.ToLower(m))
		}
	}
	c.Footer = d.footerLine()
	return c
}

var openChecklistRe = regexp.MustCompile(`(?i)\bmake\s+sure\b|\bdon(?:'t|’t)\s+forget\b|\bbefore\s+you\b|\bto-?do\b|\bpre-?launch\b|\bpre-?flight\b|\bprep\b`)

func (d *doc) checklist(layout string) *posts.ChecklistContent {
	c := &posts.ChecklistContent{Title: d.title()}
	items, fromRest := d.needItems(3, 10, checkFrames)
	items = d.evenFor2col(items, layout, 10)
	marked := map[string]listItem{}
	anyMarked := false
	for _, it := range d.list {
		marked[it.text] = it
		anyMarked = anyMarked || it.marked
	}
	allChecked := !anyMarked && !openChecklistRe.MatchString(d.raw)
	for _, it := range items {
		ch := posts.Check{Text: upperFirst(trimSentence(it)), Checked: allChecked}
		if m, ok := marked[it]; ok && anyMarked {
			ch.Checked = m.checked
		}
		c.Items = append(c.Items, ch)
	}
	if !fromRest {
		c.Subtitle = d.restText()
	}
	return c
}

// evenFor2col gives a two-column layout an even number of entries when the prompt has one more
// to offer; the prompt's own entries are never dropped.
func (d *doc) evenFor2col(items []string, layout string, max int) []string {
	if layout != "2col" || len(items)%2 == 0 || len(items) >= max {
		return items
	}
	if more, _ := d.itemPool(len(items)+1, len(items)+1); len(more) > len(items) {
		return more
	}
	return items
}

var (
	tagRe     = regexp.MustCompile(`(?i)[(\[]\s*(free|paid|book|course|video|podcast|newsletter|tool|library|article|docs?|blog|talk|youtube|repo|open[-\s]source|oss|app|website|site|paper|guide|cheatsheet|community)\s*[)\]]`)
	tagWordRe = regexp.MustCompile(`(?i)\b(book|course|podcast|newsletter|library|cheatsheet|paper|video|youtube channel|repo|docs)\b`)
)

func (d *doc) resources(layout string) *posts.ResourcesContent {
	c := &posts.ResourcesContent{Title: d.title()}
	items, fromRest := d.needItems(2, 8, resourceFrames)
	items = d.evenFor2col(items, layout, 8)
	for _, it := range items {
		r := posts.Resource{}
		rest := it
		if m := tagRe.FindStringSubmatchIndex(rest); m != nil {
			r.Tag = upperFirst(strings.ToLower(rest[m[2]:m[3]]))
			rest = strings.TrimSpace(rest[:m[0]] + rest[m[1]:])
		}
		if u := urlRe.FindStringIndex(rest); u != nil && !emailRe.MatchString(rest[u[0]:u[1]]) {
			r.Link = displayURL(rest[u[0]:u[1]])
			rest = strings.TrimSpace(rest[:u[0]] + " " + rest[u[1]:])
			rest = strings.Trim(strings.Join(strings.Fields(rest), " "), " ()[]-–—:,|")
		}
		name, text := titleText(rest, 60)
		if name == "" {
			name = r.Link
		}
		r.Name, r.Text = name, text
		if r.Tag == "" {
			if m := tagWordRe.FindString(text); m != "" {
				r.Tag = upperFirst(strings.ToLower(m))
			}
		}
		c.Items = append(c.Items, r)
	}
	if len(c.Items) < 2 {
		c.Items = append(c.Items, posts.Resource{Name: d.topic()})
	}
	if !fromRest {
		c.Subtitle = d.restText()
	}
	return c
}

var (
	sidePairs = []struct {
		re          *regexp.Regexp
		left, right string
	}{
		{regexp.MustCompile(`(?i)\bbefore\s*(?:&|and|/|vs\.?)\s*after\b`), "Before", "After"},
		{regexp.MustCompile(`(?i)\bmyths?\s*(?:&|and|/|vs\.?)\s*facts?\b`), "Myth", "Fact"},
		{regexp.MustCompile(`(?i)\bpros\s*(?:&|and|/)\s*cons\b`), "Pros", "Cons"},
		{regexp.MustCompile(`(?i)\bdo(?:'s|s)?\s*(?:&|and|/)\s*don(?:'t|’t)s\b`), "Do", "Don't"},
	}
	vsSplitRe    = regexp.MustCompile(`(?i)\s+(?:vs\.?|versus|v\.)\s+|\s+(?:compared\s+(?:to|with))\s+`)
	orQuestionRe = regexp.MustCompile(`^\s*([\w.+#-]+(?:\s[\w.+#-]+)?)\s+or\s+([\w.+#-]+(?:\s[\w.+#-]+)?)(?:\s+(?:for|in)\s[^?]{1,40})?\?\s*$`)
	compareRe    = regexp.MustCompile(`(?i)\bcompar(?:e|ing)\s+(.+?)\s+(?:and|with|to|vs\.?)\s+(.+?)(?:[.,:;?!]|\s+(?:for|in|on|when)\s|$)`)
	sideStopRe   = regexp.MustCompile(`(?i)[,:;?!.()]|\s+(?:for|in|when|—|–|-|which|who|what|on)\s`)
	verdictRe    = regexp.MustCompile(`(?i)\b(?:verdict|bottom\s+line|winner|wins|choose|pick|go\s+with|use\s+\S+\s+(?:if|when)|tl;?dr|in\s+short)\b`)
	rowSplitRe   = regexp.MustCompile(`(?i)\s+(?:vs\.?|versus)\s+|\s*\|\s*|\s+/\s+|\s*(?:→|->|=>)\s*`)
	verbCleanRe  = regexp.MustCompile(`(?i)^(?:is|are|has|have|gives|offers|was|were)\s+`)
)

func (d *doc) comparison() *posts.ComparisonContent {
	c := &posts.ComparisonContent{Title: d.title()}
	left, right := d.sides()
	named := left != ""
	if !named {
		left, right = "Without", "With"
		if d.cjk {
			left, right = "A", "B"
		}
	}
	c.Left, c.Right = clip(left, 40), clip(right, 40)
	items, _ := d.itemPool(2, 8)
	var lefts, rights []string
	for _, it := range items {
		if lbl, body, ok := splitLabel(it, 4); ok {
			// "Price: $10 vs $20" / "Speed: fast | slow".
			if parts := rowSplitRe.Split(body, 2); len(parts) == 2 && strings.TrimSpace(parts[0]) != "" && strings.TrimSpace(parts[1]) != "" {
				c.Rows = append(c.Rows, posts.Row{Label: upperFirst(lbl), Left: upperFirst(parts[0]), Right: upperFirst(trimSentence(parts[1]))})
				continue
			}
			// "Postgres: relational, mature" lists a side.
			if named && strings.EqualFold(lbl, left) {
				lefts = append(lefts, splitSide(body)...)
				continue
			}
			if named && strings.EqualFold(lbl, right) {
				rights = append(rights, splitSide(body)...)
				continue
			}
		}
		if parts := rowSplitRe.Split(trimSentence(it), 2); len(parts) == 2 && !strings.EqualFold(strings.TrimSpace(parts[0]), left) {
			c.Rows = append(c.Rows, posts.Row{Left: upperFirst(parts[0]), Right: upperFirst(parts[1])})
			continue
		}
		if named {
			low := strings.ToLower(it)
			hasL, hasR := strings.Contains(low, strings.ToLower(left)), strings.Contains(low, strings.ToLower(right))
			switch {
			case hasL && !hasR:
				lefts = append(lefts, sideText(it, left))
				continue
			case hasR && !hasL:
				rights = append(rights, sideText(it, right))
				continue
			}
		}
	}
	for i := 0; i < len(lefts) && i < len(rights); i++ {
		c.Rows = append(c.Rows, posts.Row{Left: upperFirst(lefts[i]), Right: upperFirst(rights[i])})
	}
	if len(c.Rows) < 2 && !named {
		// Without and with the topic: each entry is something the right side has.
		if len(items) == 0 {
			items = []string{d.topic()}
		}
		for _, f := range append(items, cellFrames...) {
			if len(c.Rows) >= 6 || (len(c.Rows) >= 2 && containsString(cellFrames, f)) {
				break
			}
			c.Rows = append(c.Rows, posts.Row{Label: clip(upperFirst(trimSentence(f)), 40), Left: "✗", Right: "✓"})
		}
	}
	if len(c.Rows) < 2 {
		c.Rows = append(c.Rows[:0:0], c.Rows...)
		c.Rows = append(c.Rows, posts.Row{Label: "Option", Left: c.Left, Right: c.Right})
		if len(c.Rows) < 2 {
			c.Rows = append(c.Rows, posts.Row{Label: "Your pick", Left: "Team " + c.Left, Right: "Team " + c.Right})
		}
	}
	for _, s := range d.rest() {
		if verdictRe.MatchString(s) {
			c.Verdict = trimSentence(s)
			if l, t, ok := splitLabel(c.Verdict, 3); ok && verdictRe.MatchString(l) {
				c.Verdict = upperFirst(t)
			}
			low := strings.ToLower(s)
			li, ri := strings.Index(low, strings.ToLower(left)), strings.Index(low, strings.ToLower(right))
			if named && winnerRe.MatchString(s) {
				switch {
				case li >= 0 && (ri < 0 || li < ri):
					c.Winner = "left"
				case ri >= 0:
					c.Winner = "right"
				}
			}
		}
	}
	return c
}

// sides finds the two names compared: "X vs Y", "compare X and Y", "before/after".
func (d *doc) sides() (left, right string) {
	for _, p := range sidePairs {
		if p.re.MatchString(d.raw) {
			return p.left, p.right
		}
	}
	for _, s := range append([]string{d.headSentence()}, d.prose...) {
		parts := vsSplitRe.Split(s, 2)
		if len(parts) != 2 {
			continue
		}
		l := parts[0]
		for _, sep := range []string{": ", "：", ", ", " — ", " – ", " - ", "? "} {
			if i := strings.LastIndex(l, sep); i >= 0 {
				l = l[i+len(sep):]
			}
		}
		lw := strings.Fields(l)
		if len(lw) > 4 {
			lw = lw[len(lw)-4:]
		}
		for len(lw) > 1 && (danglingWords[strings.ToLower(lw[0])] || strings.EqualFold(lw[0], "comparing")) {
			lw = lw[1:]
		}
		r := parts[1]
		if loc := sideStopRe.FindStringIndex(r); loc != nil {
			r = r[:loc[0]]
		}
		rw := strings.Fields(r)
		if len(rw) > 4 {
			rw = rw[:4]
		}
		if len(lw) > 0 && len(rw) > 0 {
			return upperFirst(strings.Join(lw, " ")), upperFirst(trimSentence(strings.Join(rw, " ")))
		}
	}
	if m := compareRe.FindStringSubmatch(d.raw); m != nil {
		return upperFirst(m[1]), upperFirst(m[2])
	}
	if m := orQuestionRe.FindStringSubmatch(d.headSentence()); m != nil {
		return upperFirst(m[1]), upperFirst(m[2])
	}
	return "", ""
}

// splitSide splits "relational, mature, ACID" into row cells.
func splitSide(s string) []string {
	if parts := inlineList(s, 2); parts != nil {
		return parts
	}
	return []string{trimSentence(s)}
}

// sideText turns "Postgres is relational" into "Relational".
func sideText(s, name string) string {
	low := strings.ToLower(s)
	i := strings.Index(low, strings.ToLower(name))
	t := strings.TrimSpace(s[:i] + s[i+len(name):])
	t = strings.TrimLeft(t, ":,–—- ")
	t = verbCleanRe.ReplaceAllString(t, "")
	t = trimSentence(t)
	if t == "" {
		return name
	}
	return upperFirst(t)
}

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
	if before != "" && looksLikeName(before) && len(strings.Fields(before)) <= 4 && strings.HasSuffix(strings.TrimSpace(q.before), ":") {
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

var (
	fromToRe         = regexp.MustCompile(`^\S+(?:\s+\S+)?\s+(?:to|→|->)\s+`)
	sourceSentenceRe = regexp.MustCompile(`(?i)^\s*(?:source|via|data)\s*:`)
	digitRe          = regexp.MustCompile(`\d`)
)

func (d *doc) stat() *posts.StatContent {
	c := &posts.StatContent{}
	var used string
	for _, s := range append(d.prose, listTexts(d.list)...) {
		if v, at := findValue(s); v != "" {
			// "grew from $1.2M to $4.2M": the figure is where it went.
			if m := fromToRe.FindStringSubmatchIndex(s[at:]); m != nil && m[0] == 0 {
				if v2, at2 := findValue(s[at+m[1]:]); v2 != "" && at2 == 0 {
					v, at = v2, at+m[1]
				}
			}
			c.Value = strings.Join(strings.Fields(v), " ")
			used = s
			rest := strings.TrimSpace(s[at+len(v):])
			if strings.TrimSpace(s[:at]) == "" && len(strings.Fields(rest)) >= 2 {
				c.Label = trimSentence(rest)
			} else {
				c.Label = trimSentence(s)
			}
			break
		}
	}
	if c.Value == "" {
		for _, s := range append(d.prose, listTexts(d.list)...) {
			if m := anyNumberRe.FindString(s); m != "" && runes(m) <= 16 {
				c.Value, used, c.Label = m, s, trimSentence(s)
				break
			}
		}
	}
	if c.Value == "" {
		if items := d.listOrInline(); len(items) >= 2 {
			c.Value = fmt.Sprint(len(items))
			c.Label = d.title()
			used = d.headSentence()
		}
	}
	if c.Value == "" {
		c.Value = salientWord(d.title())
		c.Label = d.title()
		used = d.headSentence()
	}
	if m := sourceRe.FindStringSubmatch(d.raw); m != nil {
		c.Source = upperFirst(trimSentence(strings.TrimSpace(m[1])))
	}
	var ctx []string
	for _, s := range d.prose {
		if s == used || sourceSentenceRe.MatchString(s) || (c.Source != "" && strings.Contains(s, c.Source) && runes(s) < runes(c.Source)+20) {
			continue
		}
		ctx = append(ctx, s)
	}
	c.Context = strings.Join(ctx, " ")
	return c
}

func listTexts(l []listItem) []string {
	out := make([]string, len(l))
	for i, it := range l {
		out[i] = it.text
	}
	return out
}

// salientWord picks a short, prominent word of s to stand as a figure: a capitalised word after
// the first, else the longest word.
func salientWord(s string) string {
	if hasCJK(s) {
		best := ""
		for _, c := range clauses(s) {
			if runes(c) >= 2 && runes(c) <= 16 && (best == "" || runes(c) < runes(best)) {
				best = c
			}
		}
		if best != "" {
			return best
		}
	}
	ws := wordsOf(s)
	if len(ws) == 0 {
		return clip(s, 16)
	}
	best := ""
	for i, w := range ws {
		if i > 0 && runes(w) <= 16 && len(w) > 1 && strings.ToUpper(w[:1]) == w[:1] && !danglingWords[strings.ToLower(w)] && !digitRe.MatchString(w[:1]) {
			return w
		}
		if runes(w) > runes(best) && runes(w) <= 16 {
			best = w
		}
	}
	if best == "" {
		best = clip(ws[0], 16)
	}
	return upperFirst(best)
}

// icons maps keywords to emoji for grid cells without their own.
var icons = []struct {
	re    *regexp.Regexp
	emoji string
}{
	{regexp.MustCompile(`(?i)\b(?:fast|speed|quick|instant|performance|latency|real[-\s]?time)`), "⚡"},
	{regexp.MustCompile(`(?i)\b(?:secur|safe|privacy|private|encrypt|protect|compliance|gdpr|sso|auth)`), "🔒"},
	{regexp.MustCompile(`(?i)\b(?:price|pricing|cost|cheap|budget|save|money|billing|free)`), "💰"},
	{regexp.MustCompile(`(?i)\b(?:team|collaborat|together|people|community|share)`), "👥"},
	{regexp.MustCompile(`(?i)\b(?:global|world|international|language|region|anywhere|remote)`), "🌍"},
	{regexp.MustCompile(`(?i)\b(?:analytic|chart|dashboard|metric|report|insight|data)`), "📊"},
	{regexp.MustCompile(`(?i)\b(?:ai|model|smart|automat|intelligen|llm|gpt)\b`), "🤖"},
	{regexp.MustCompile(`(?i)\b(?:code|api|sdk|developer|cli|integration|webhook|open[-\s]?source)`), "💻"},
	{regexp.MustCompile(`(?i)\b(?:cloud|host|deploy|server|infra|scale|scaling)`), "☁️"},
	{regexp.MustCompile(`(?i)\b(?:time|schedul|calendar|deadline|hour)`), "⏱️"},
	{regexp.MustCompile(`(?i)\b(?:mobile|phone|ios|android|app)\b`), "📱"},
	{regexp.MustCompile(`(?i)\b(?:support|help|chat|customer|service)`), "💬"},
	{regexp.MustCompile(`(?i)\b(?:design|brand|style|color|colour|theme|look)`), "🎨"},
	{regexp.MustCompile(`(?i)\b(?:search|find|discover|explore)`), "🔍"},
	{regexp.MustCompile(`(?i)\b(?:mail|email|newsletter|inbox|message)`), "✉️"},
	{regexp.MustCompile(`(?i)\b(?:grow|growth|increase|revenue|sales|scale)`), "📈"},
	{regexp.MustCompile(`(?i)\b(?:idea|learn|tip|insight|know)`), "💡"},
	{regexp.MustCompile(`(?i)\b(?:launch|ship|release|start|rocket)`), "🚀"},
	{regexp.MustCompile(`(?i)\b(?:goal|target|focus|precis|accura)`), "🎯"},
	{regexp.MustCompile(`(?i)\b(?:plugin|modular|extens|integrat|connect)`), "🧩"},
	{regexp.MustCompile(`(?i)\b(?:health|wellbeing|care|love|heart)`), "❤️"},
	{regexp.MustCompile(`(?i)\b(?:eco|green|climate|sustainab|nature|plant)`), "🌱"},
}

var defaultIcons = []string{"✨", "🎯", "🧩", "✅", "💡", "🚀", "📌", "🔧", "⭐"}

func iconFor(s string, i int) string {
	for _, ic := range icons {
		if ic.re.MatchString(s) {
			return ic.emoji
		}
	}
	return defaultIcons[i%len(defaultIcons)]
}

var gridCells = map[string]int{"2x2": 4, "3x2": 6, "3x3": 9}

func (d *doc) grid(layout string) *posts.GridContent {
	c := &posts.GridContent{Title: d.title()}
	want := gridCells[layout] // 0: no layout, the prompt decides
	var items []string
	var fromRest bool
	if want > 0 {
		items, fromRest = d.itemPool(want, want)
	} else {
		items, fromRest = d.itemPool(2, 9)
	}
	if len(items) < 2 {
		items, fromRest = d.needItems(2, 9, cellFrames)
	}
	icons := map[string]string{}
	for _, it := range d.list {
		icons[it.text] = it.icon
	}
	used := map[string]bool{}
	for i, it := range items {
		icon, text := leadingEmoji(it)
		if icon == "" {
			icon = icons[it]
		}
		if icon == "" {
			icon = iconFor(it, i)
			for j := 0; used[icon] && j < len(defaultIcons); j++ {
				icon = defaultIcons[(i+j)%len(defaultIcons)]
			}
		}
		used[icon] = true
		title, body := titleText(stripEmoji(text), 50)
		c.Cells = append(c.Cells, posts.Cell{Icon: icon, Title: title, Text: body})
	}
	if !fromRest {
		c.Subtitle = d.restText()
	}
	return c
}

var langAliases = map[string]string{"js": "javascript", "jsx": "javascript", "node": "javascript", "ts": "typescript",
	"tsx": "typescript", "py": "python", "python3": "python", "sh": "bash", "shell": "bash", "zsh": "bash",
	"console": "bash", "golang": "go", "yml": "yaml", "c++": "cpp", "rs": "rust", "rb": "ruby", "kt": "kotlin",
	"postgres": "sql", "postgresql": "sql", "mysql": "sql", "md": "markdown", "dockerfile": "dockerfile", "html5": "html"}

var langNameRe = regexp.MustCompile(`(?i)\b(go|golang|python|javascript|typescript|rust|sql|bash|shell|java|kotlin|swift|ruby|php|css|html|yaml|json|c\+\+|c#|elixir|haskell|scala|dart|lua)\b`)

var langGuesses = []struct {
	lang string
	re   *regexp.Regexp
}{
	{"go", regexp.MustCompile(`(?m)^\s*package\s+\w+\s*$|\bfunc\s+(?:\(\w+\s+\*?\w+\)\s*)?\w+\(|:=|\bfmt\.\w+\(|\bgo\s+func\b|\bchan\s+\w+|\berr\s*!=\s*nil\b`)},
	{"rust", regexp.MustCompile(`\bfn\s+\w+\(|\blet\s+mut\b|\bimpl\s+\w+|println!\(|\bpub\s+(?:fn|struct)\b|->\s*Result<`)},
	{"python", regexp.MustCompile(`(?m)^\s*def\s+\w+\(.*\)\s*(?:->\s*\w+\s*)?:|^\s*from\s+\w+\s+import\b|^\s*import\s+\w+\s*$|\bprint\(|\bself\.|^\s*class\s+\w+.*:\s*$|\belif\b|\bNone\b`)},
	{"typescript", regexp.MustCompile(`\binterface\s+\w+\s*\{|:\s*(?:string|number|boolean)\b|\bexport\s+type\b|\bas\s+const\b|<\w+>\(`)},
	{"javascript", regexp.MustCompile(`\bconst\s+\w+\s*=|\blet\s+\w+\s*=|=>|\bconsole\.log\(|\bfunction\s+\w*\(|\brequire\(|\bexport\s+default\b|\bawait\s`)},
	{"sql", regexp.MustCompile(`(?i)\bselect\s+.+\s+from\s|\binsert\s+into\b|\bcreate\s+table\b|\bupdate\s+\w+\s+set\b|\bwhere\s+\w+\s*=`)},
	{"bash", regexp.MustCompile(`(?m)^\s*\$\s|^\s*(?:npm|npx|pnpm|yarn|go|pip|docker|kubectl|curl|git|brew|apt|sudo|cd|ls|echo|export)\s|^#!/bin/(?:ba)?sh`)},
	{"html", regexp.MustCompile(`(?i)<(?:!doctype|html|div|span|body|head|p|a|img|section)\b`)},
	{"css", regexp.MustCompile(`(?m)^\s*[.#]?[\w-]+(?:\s*[,>+~]\s*[.#]?[\w-]+)*\s*\{\s*$|^\s*[\w-]+\s*:\s*[^;]+;\s*$`)},
	{"json", regexp.MustCompile(`^\s*[{\[]\s*"`)},
	{"java", regexp.MustCompile(`\bpublic\s+(?:static\s+)?(?:void|class)\b|System\.out\.println`)},
	{"c", regexp.MustCompile(`#include\s*<`)},
}

// guessLanguage names the language of a snippet.
func guessLanguage(code string) string {
	for _, g := range langGuesses {
		if g.re.MatchString(code) {
			return g.lang
		}
	}
	return "text"
}

func (d *doc) codeContent() *posts.CodeContent {
	c := &posts.CodeContent{}
	if d.code != "" {
		lang := strings.ToLower(d.codeLang)
		if a, ok := langAliases[lang]; ok {
			lang = a
		}
		if lang == "" {
			lang = guessLanguage(d.code)
		}
		if lang == "text" {
			if m := langNameRe.FindStringSubmatch(d.codeHead + " " + d.codeTail); m != nil {
				lang = strings.ToLower(m[1])
				if a, ok := langAliases[lang]; ok {
					lang = a
				}
			}
		}
		c.Language = lang
		c.Code = clipLines(d.code, 30, 2400)
		if h := strings.TrimSpace(d.codeHead); h != "" {
			c.Title = upperFirst(strings.TrimSuffix(trimSentence(sentences(strings.ReplaceAll(h, "\n", " "))[0]), ":"))
			if ss := sentences(strings.ReplaceAll(h, "\n", " ")); len(ss) > 1 && d.codeTail == "" {
				c.Caption = strings.Join(ss[1:], " ")
			}
		}
		if t := strings.TrimSpace(d.codeTail); t != "" {
			c.Caption = strings.Join(strings.Fields(t), " ")
		}
		if c.Title == "" && c.Caption != "" {
			c.Title, c.Caption = trimSentence(sentences(c.Caption)[0]), strings.Join(sentences(c.Caption)[1:], " ")
		}
		return c
	}
	// No code in the prompt: show its words as a markdown note, the honest way to put text in an
	// editor window.
	c.Language = "markdown"
	c.Title = d.title()
	var b strings.Builder
	b.WriteString("# " + c.Title + "\n")
	items := d.listOrInline()
	if r := d.rest(); len(r) > 0 && len(items) > 0 {
		b.WriteString("\n" + strings.Join(r, " ") + "\n")
	} else if len(items) == 0 {
		items = d.rest()
	}
	if len(items) > 0 {
		b.WriteString("\n")
		for _, it := range items {
			b.WriteString("- " + it + "\n")
		}
	}
	c.Code = clipLines(strings.TrimRight(b.String(), "\n"), 30, 2400)
	return c
}

// clipLines keeps at most maxLines whole lines and maxRunes runes of code.
func clipLines(code string, maxLines, maxRunes int) string {
	lines := strings.Split(strings.TrimRight(code, "\n\t "), "\n")
	if len(lines) > maxLines {
		lines = lines[:maxLines]
	}
	out := ""
	for i, l := range lines {
		next := l
		if i > 0 {
			next = "\n" + l
		}
		if runes(out)+runes(next) > maxRunes {
			if out == "" {
				return string([]rune(l)[:maxRunes])
			}
			break
		}
		out += next
	}
	return out
}

func (d *doc) poster() *posts.PosterContent {
	c := &posts.PosterContent{}
	t := d.title()
	c.Kicker, c.Headline = labelAndTitle(t, 40)
	if runes(c.Headline) > 80 {
		if cs := clauses(c.Headline); len(cs) > 1 && runes(cs[0]) <= 80 {
			c.Headline = cs[0]
			c.Subline = upperFirst(strings.TrimLeft(strings.TrimPrefix(c.Headline, cs[0]), ",;:-–— "))
		}
	}
	sub := d.restAllText()
	if items := d.listOrInline(); sub == "" && len(items) > 0 {
		if len(items) > 4 {
			items = items[:4]
		}
		sub = strings.Join(items, " · ")
	}
	if c.Subline == "" {
		c.Subline = upperFirst(sub)
	}
	c.Footer = d.footerLine()
	if c.Footer == "" {
		c.Footer = findDate(d.raw)
	}
	return c
}

func (d *doc) announcementKicker() string {
	low := d.lower
	if v := versionRe.FindString(d.raw); v != "" {
		return v
	}
	switch {
	case strings.Contains(low, "now available"):
		return "Now available"
	case strings.Contains(low, "coming soon"):
		return "Coming soon"
	case strings.Contains(low, "introducing"):
		return "Introducing"
	case strings.Contains(low, "announcing"):
		return "Announcing"
	case justLaunchedRe.MatchString(low):
		return "Just launched"
	case strings.Contains(low, "launch"):
		return "Launch"
	}
	return "New"
}

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
		t = l
		body = append([]string{upperFirst(rest)}, body...)
	} else if d.inlineHead != "" && strings.HasPrefix(head, d.inlineHead) {
		t = stripAnnounce(d.inlineHead)
		body = append([]string{upperFirst(strings.Join(d.inline, ", "))}, body...)
	}
	c.Title = t
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
	offerStripRe = regexp.MustCompile(`(?i)\s*[,(]?\s*(?:with|use)?\s*(?:promo\s*code|coupon(?:\s*code)?|discount\s*code|code)\s*[:=]?\s*["'“]?[A-Z0-9][A-Z0-9_-]{2,23}["'”]?\)?`)
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
		details = append(details, s)
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
		c.Person = "Customer"
		if d.cjk {
			c.Person = "客户"
		}
	}
	c.Initials = initials(c.Person)
	if c.Quote == "" {
		c.Quote = d.topic()
	}
	return c
}

var (
	eventKindRe        = regexp.MustCompile(`(?i)\b(grand\s+opening|webinar|meetup|meet-up|workshop|conference|summit|hackathon|live\s*stream|ama|q&a|keynote|masterclass|bootcamp|launch\s+party|open\s+house|panel|fireside\s+chat|twitter\s+space|talk|party|demo\s+day|office\s+hours|community\s+call)\b`)
	speakersRe         = regexp.MustCompile(`(?i)(?:\bspeakers?\s*:|\bwith\s+speakers?\b|\bfeaturing\b|\bhosted\s+by\b|\bwith\b|\bspeaking\s*:|\bpresented\s+by\b)\s*([\p{Lu}][^.!?\n]{2,200})`)
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
	c.Date = findDate(d.raw)
	c.Time = findTime(d.raw)
	c.Place = findPlace(d.raw)
	title := trimSentence(d.headSentence())
	for _, span := range []string{c.Date, c.Time, c.Place, onlineRe.FindString(title)} {
		title = removeSpan(title, span)
	}
	title = stripAnnounce(strings.TrimSpace(title))
	c.Title = upperFirst(trimDangling(title))
	if c.Title == "" || len(strings.Fields(c.Title)) < 1 {
		c.Title = d.title()
	}
	if c.Date == "" {
		c.Date = "Date TBA"
		if d.cjk {
			c.Date = "日期待定"
		}
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
		c.CTA = "Learn more"
		if d.cjk {
			c.CTA = "了解更多"
		}
	}
	return c
}

var (
	perksLabelRe  = regexp.MustCompile(`(?i)\b(?:perks|benefits|we\s+offer|what\s+you\s+get|why\s+join(?:\s+us)?)\s*:\s*(.+)`)
	hiringNoiseRe = regexp.MustCompile(`(?i)\bhiring\b|\bapply\b|\bjoin\s+(?:us|our)\b|招聘|简历|履歴書|応募|地点`)
	roleLabelRe   = regexp.MustCompile(`(?i)\b(?:role|position|job(?:\s+title)?)\s*:\s*([^.!?\n,;]+)`)
	cjkRoleRe     = regexp.MustCompile(`(?:招聘|诚聘|募集|採用|채용)\s*[:：]?\s*([^，。,;；！!\s]{2,30})`)
	cjkPlaceRe    = regexp.MustCompile(`(?:地点|工作地点|地點|勤務地|근무지)\s*[:：]?\s*([^，。,;；！!\s]{1,20})`)
	cjkTypeRe     = regexp.MustCompile(`全职|兼职|实习|全職|兼職|實習|正社員|契約社員|アルバイト|정규직|계약직|인턴`)
	applyRe       = regexp.MustCompile(`(?i)\b(?:apply|send\s+(?:your\s+)?(?:cv|resume)|reach\s+out)\s+(?:now\s+|today\s+)?(?:at|to|via|on)\s+(\S+)|\bdm\s+(?:us|me)\b`)
)

func (d *doc) hiring() *posts.HiringContent {
	c := &posts.HiringContent{}
	if m := hiringRoleRe.FindStringSubmatch(d.raw); m != nil && len(strings.Fields(m[1])) <= 8 && !notARoleRe.MatchString(strings.TrimSpace(m[1])) {
		c.Role = upperFirst(strings.TrimSpace(m[1]))
	}
	if c.Role == "" {
		if m := roleLabelRe.FindStringSubmatch(d.raw); m != nil {
			c.Role = strings.TrimSpace(m[1])
		}
	}
	if c.Role == "" {
		if m := cjkRoleRe.FindStringSubmatch(d.raw); m != nil {
			c.Role = m[1]
		}
	}
	if c.Role == "" {
		for _, s := range append(d.prose, listTexts(d.list)...) {
			for _, cl := range clauses(s) {
				if loc := roleWordRe.FindStringIndex(cl); loc != nil && len(strings.Fields(cl)) <= 8 {
					c.Role = upperFirst(trimSentence(cl))
					break
				}
			}
			if c.Role != "" {
				break
			}
		}
	}
	if c.Role == "" {
		c.Role = d.title()
	}
	c.Role = strings.TrimSpace(hiringLeadRe.ReplaceAllString(c.Role, ""))
	if m := companyRe.FindStringSubmatch(d.raw); m != nil {
		co := m[1]
		if co == "" {
			co = m[2]
		}
		if !notACompanyRe.MatchString(co) && findDate(co) == "" {
			c.Company = co
		}
	}
	if m := remoteRe.FindString(d.raw); m != "" {
		c.Location = upperFirst(strings.TrimSpace(m))
	}
	if p := findPlace(d.raw); p != "" && p != c.Company && !strings.HasPrefix(p, "Online") {
		if c.Location == "" {
			c.Location = p
		} else if !strings.Contains(c.Location, p) {
			c.Location = p + " or " + strings.ToLower(c.Location)
		}
	}
	if c.Location == "" {
		if m := cjkPlaceRe.FindStringSubmatch(d.raw); m != nil {
			c.Location = m[1]
		}
	}
	if m := cjkTypeRe.FindString(d.raw); m != "" {
		c.Type = m
	} else if m := employmentRe.FindString(d.raw); m != "" {
		t := strings.ToLower(m)
		t = dashSpaceRe.ReplaceAllString(t, "-")
		c.Type = upperFirst(strings.Replace(t, "working-student", "working student", 1))
	}
	for _, it := range d.list {
		c.Perks = append(c.Perks, upperFirst(trimSentence(it.text)))
	}
	if len(c.Perks) == 0 {
		if m := perksLabelRe.FindStringSubmatch(d.raw); m != nil {
			for _, p := range inlineListOrOne(m[1]) {
				c.Perks = append(c.Perks, upperFirst(p))
			}
		}
	}
	if len(c.Perks) == 0 && len(d.inline) > 0 {
		for _, p := range d.inline {
			c.Perks = append(c.Perks, upperFirst(trimSentence(p)))
		}
	}
	// A perk is none of the other fields.
	perks := c.Perks[:0]
	for _, p := range c.Perks {
		low := strings.ToLower(p)
		dup := false
		for _, f := range []string{c.Role, c.Location, c.Type, c.Company} {
			if f != "" && (strings.Contains(low, strings.ToLower(f)) || strings.Contains(strings.ToLower(f), low)) {
				dup = true
			}
		}
		if !dup && !hiringNoiseRe.MatchString(p) {
			perks = append(perks, p)
		}
	}
	c.Perks = perks
	if m := applyRe.FindStringSubmatch(d.raw); m != nil {
		if m[1] != "" {
			c.Apply = strings.TrimRight(displayURL(m[1]), ".,;!")
		} else {
			c.Apply = "DM us"
		}
	} else if e := emailRe.FindString(d.raw); e != "" {
		c.Apply = e
	} else if u := findURLs(d.raw); len(u) > 0 {
		c.Apply = u[0]
	}
	return c
}

func inlineListOrOne(s string) []string {
	s = trimSentence(strings.SplitN(s, ". ", 2)[0])
	if p := inlineList(s, 2); p != nil {
		return p
	}
	return []string{s}
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

func (d *doc) campaign() *posts.CampaignContent {
	c := &posts.CampaignContent{}
	t := d.title()
	tag := findHashtag(d.raw)
	if tag != "" && strings.HasSuffix(t, tag) && strings.TrimSpace(strings.TrimSuffix(t, tag)) != "" {
		t = trimDangling(strings.TrimSpace(strings.TrimSuffix(t, tag)))
	}
	c.Kicker, c.Headline = labelAndTitle(t, 30)
	if runes(c.Headline) > 80 {
		if cs := clauses(c.Headline); len(cs) > 1 && runes(cs[0]) <= 80 {
			c.Headline = cs[0]
		}
	}
	var msg []string
	for _, s := range d.restAll() {
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
