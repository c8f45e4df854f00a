package generate

import (
	"regexp"
	"strings"

	"github.com/brandgen/brandgen/posts"
)

// This file builds the comparison format.

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
	if named {
		// "Notion vs obsidian" -> "Notion vs Obsidian": the sides as the row heads spell them.
		for _, side := range []string{c.Left, c.Right} {
			if low := strings.ToLower(side); low != side && strings.Contains(c.Title, low) {
				c.Title = strings.Replace(c.Title, low, side, 1)
			}
		}
	}
	items, _ := d.itemPool(2, 8)
	var lefts, rights []string
	if named {
		// "Before: 3 tools, manual exports. After: one dashboard, ..." lists each side in a sentence.
		for _, sn := range append(append([]string{}, d.prose...), listTexts(d.list)...) {
			if l, body, ok := splitLabel(trimSentence(sn), 4); ok {
				switch {
				case strings.EqualFold(l, left):
					lefts = append(lefts, splitSide(body)...)
				case strings.EqualFold(l, right):
					rights = append(rights, splitSide(body)...)
				}
			}
		}
		if len(lefts) > 0 && len(rights) > 0 {
			items = nil
		} else {
			lefts, rights = nil, nil
		}
		if strings.EqualFold(c.Title, left) || strings.EqualFold(c.Title, right) {
			c.Title = left + " vs " + right
		}
	}
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
