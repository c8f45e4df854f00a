package generate

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/brandgen/brandgen/posts"
)

// This file builds the list formats: roadmap, listicle, checklist, resources and grid.

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
		c.Title = d.word(roadmapWord)
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
	least := 3
	if n := d.countedAdvice(); n > least && len(d.listOrInline()) == 0 && len(d.rest()) == 0 {
		least = min(n, len(tipFrames)) // "5 tips for better sleep": as many sections as it counts
	}
	items, _ := d.needItems(least, 10, tipFrames)
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

var openChecklistRe = regexp.MustCompile(`(?i)\bchecklist\s+for\b|\bfor\s+(?:launching|shipping|starting|moving|opening)\b|\bmake\s+sure\b|\bdon(?:'t|’t)\s+forget\b|\bbefore\s+you\b|\bto-?do\b|\bpre-?launch\b|\bpost-?launch\b|\bpre-?flight\b|\bprep\b`)

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
