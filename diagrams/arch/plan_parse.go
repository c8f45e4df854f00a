package arch

import (
	"regexp"
	"strings"
)

// planner reads one prompt into a builder.
type planner struct {
	prompt     string
	b          *builder
	heading    string
	related    bool  // a chain or a relation was found
	items      []int // the first node of each list item, in order
	mentions   []int // nodes named in prose, in order
	tail       int   // the last node of the previous clause, for narration ("then ...")
	addedUsers bool  // wire added a Users node the prompt did not name
	subject    int   // the subject of the previous relation, for clauses without one
	narrative  bool  // the sentence tells a request's path from a client
}

func newPlanner(prompt string) *planner {
	return &planner{prompt: prompt, b: newBuilder(), tail: -1, subject: -1}
}

var (
	arrowRe         = regexp.MustCompile(`\s*(?:-{1,2}>|={1,2}>|→|⟶|➔|➜|⇒|—>|–>)\s*`)
	bulletRe        = regexp.MustCompile(`^\s*(?:[-*•·+]|\d{1,2}[.)]|step\s+\d+[:.)]?)\s+`)
	sentRe          = regexp.MustCompile(`[.;!?。；](?:\s+|$)|\n`)
	clauseRe        = regexp.MustCompile(`(?i)\s*,\s*(?:and\s+|then\s+)?|\s+(?:and\s+)?then\s+|\s+and\s+(?:then\s+)?(?:finally\s+)?`)
	inlineHeadingRe = regexp.MustCompile(`^([^:;,.>]{2,40}):\s+(\S.*)$`)
	labelArro       = regexp.MustCompile(`-\s*\[([^\]]{1,40})\]\s*->|-\s*\(([^)]{1,40})\)\s*->`)
)

// relation verbs: the phrase, then the edge label it gives ("" none).
var verbs = []struct {
	re    *regexp.Regexp // the verb in a clause
	andRe *regexp.Regexp // the verb after "and" or a comma: another relation of the same subject
	label string
}{}

func init() {
	for _, v := range []struct{ pattern, label string }{
		{`writes?(?: \w+)? (?:to|into)|persists? (?:\w+ )?(?:to|in)|saves? (?:\w+ )?(?:to|in)|stores? (?:\w+ )?(?:in|to|into)|inserts? into`, "writes"},
		{`reads?(?: \w+)? from|loads? (?:\w+ )?from|pulls? (?:\w+ )?from|fetch(?:es)? (?:\w+ )?from`, "reads"},
		{`publish(?:es)?(?: \w+)? (?:to|on|into)|emits?(?: \w+)? (?:to|on|into)|produces? (?:\w+ )?(?:to|into)|fans? out to`, "publishes"},
		{`subscribes? to|consumes?(?: \w+)? from|listens? (?:to|on)|polls`, "consumes"},
		{`enqueues? (?:\w+ )?(?:to|in|into|on)|queues? (?:\w+ )?(?:to|in|on)`, "enqueues"},
		{`pushes (?:\w+ )?(?:to|into|onto)`, "pushes"},
		{`(?:connects?|goes|go|flows?|travels?|passes?|routes?|comes?) (?:in )?(?:through|via)`, ""},
		{`sends? (?:\w+ )?(?:to|through|via|with|using)|posts? to|notifies|streams? (?:\w+ )?(?:to|into)|uploads? (?:\w+ )?to|forwards? (?:\w+ )?to|ships? (?:\w+ )?to`, ""},
		{`queries|searches|reads|writes to`, ""},
		{`caches? (?:\w+ )?in`, "caches"},
		{`scrapes|monitors|collects (?:\w+ )?from|watches`, "scrapes"},
		{`logs? (?:\w+ )?to|reports? to|exports? (?:\w+ )?to`, "logs"},
		{`authenticates? (?:\w+ )?(?:with|against|via)`, "auth"},
		{`calls(?: into)?|call|invokes?|triggers?|talks? to|connects? to|hits?|reaches|routes? (?:\w+ )?to|proxies (?:\w+ )?to|goes to|points to|depends on|uses|use|relies on|deploys? to|go to|charges? (?:\w+ )?(?:via|through|with|using)|bills? (?:\w+ )?(?:via|through|with)|pays? (?:\w+ )?(?:via|through|with)|requests|feeds?(?: into)?|loads? into|passes (?:\w+ )?to|hands (?:\w+ )?(?:off )?to|serves|fronts|balances (?:\w+ )?(?:across|between|to)`, ""},
	} {
		verbs = append(verbs, struct {
			re    *regexp.Regexp
			andRe *regexp.Regexp
			label string
		}{regexp.MustCompile(`(?i)(?:^|\s)(` + v.pattern + `)\s+`), regexp.MustCompile(`(?i)\s(?:and|,)\s+(` + v.pattern + `)\s+`), v.label})
	}
}

// run reads the whole prompt.
func (p *planner) run() {
	text := strings.ReplaceAll(p.prompt, "\r", "")
	lines := strings.Split(text, "\n")
	var body []string
	for i, l := range lines {
		l = strings.TrimSpace(l)
		if l == "" {
			continue
		}
		if i == 0 && len(lines) > 1 && strings.HasSuffix(l, ":") && !arrowRe.MatchString(l) {
			p.heading = strings.TrimSuffix(l, ":")
			continue
		}
		body = append(body, l)
	}
	if len(body) > 0 && p.heading == "" {
		if m := inlineHeadingRe.FindStringSubmatch(body[0]); m != nil && !hasVerb(m[1]) && !arrowRe.MatchString(m[1]) {
			p.heading = m[1]
			body[0] = m[2]
		}
	}
	for _, l := range body {
		item := bulletRe.MatchString(l)
		l = bulletRe.ReplaceAllString(l, "")
		before := len(p.b.nodes)
		if item {
			p.tail = -1
		}
		p.line(l)
		if item && len(p.b.nodes) > before {
			p.items = append(p.items, before)
		} else if item {
			// The item names nodes already there: its first one.
			if n := p.b.node(firstName(l)); n >= 0 {
				p.items = append(p.items, n)
			}
		}
	}
	p.groups()
	if !p.related && len(p.items) > 1 {
		// A list of components without relations: a pipeline in list order.
		for i := 1; i < len(p.items); i++ {
			p.b.edge(p.items[i-1], p.items[i], "")
		}
		p.related = true
	}
	p.wire()
	if len(p.b.nodes) < 2 {
		p.fallback()
	}
}

// line reads one line: arrow chains, else sentences of clauses.
func (p *planner) line(l string) {
	if arrowRe.MatchString(l) {
		p.chain(l)
		return
	}
	for _, sent := range sentRe.Split(l, -1) {
		sent = strings.TrimSpace(sent)
		if sent == "" {
			continue
		}
		p.tail = -1
		for _, clause := range splitClauses(sent) {
			p.clause(clause)
		}
	}
}

// splitClauses cuts a sentence at commas, "then" and "and" — except an "and" between two objects
// of one verb ("writes to RDS and S3") or two verbs of one subject, which relation() handles.
func splitClauses(sent string) []string {
	parts := clauseRe.Split(sent, -1)
	seps := clauseRe.FindAllString(sent, -1)
	var out []string
	cur := ""
	for i, part := range parts {
		if i == 0 {
			cur = part
			continue
		}
		sep := strings.ToLower(strings.TrimSpace(seps[i-1]))
		if strings.Contains(sep, "then") {
			part = "then " + part
		}
		joinable := sep == "and" || sep == "," || sep == ", and"
		// Keep "X and Y" together when the clause so far has a verb and this part has none
		// (more objects) or starts with a verb (more relations of the same subject).
		if joinable && hasVerb(cur) && (!hasVerb(part) || startsWithVerb(part)) {
			cur += " and " + part
			continue
		}
		out = append(out, cur)
		cur = part
	}
	return append(out, cur)
}

func hasVerb(s string) bool {
	for _, v := range verbs {
		if v.re.MatchString(" " + s + " ") {
			return true
		}
	}
	return false
}

func startsWithVerb(s string) bool {
	s = " " + strings.TrimSpace(s) + " "
	for _, v := range verbs {
		if loc := v.re.FindStringIndex(s); loc != nil && loc[0] == 0 {
			return true
		}
	}
	return false
}

// chain reads "A -> B -> C" (labels: "A -[HTTPS]-> B", or ": label" after the last node).
func (p *planner) chain(l string) {
	endLabel := ""
	if i := strings.LastIndex(l, ":"); i > 0 && arrowRe.MatchString(l[:i]) && !arrowRe.MatchString(l[i:]) {
		l, endLabel = l[:i], strings.TrimSpace(l[i+1:])
	}
	var labels []string
	l = labelArro.ReplaceAllStringFunc(l, func(m string) string {
		sub := labelArro.FindStringSubmatch(m)
		labels = append(labels, strings.TrimSpace(sub[1]+sub[2]))
		return " ->\x00" + string(rune('0'+len(labels)-1)) + " "
	})
	parts := arrowRe.Split(l, -1)
	prev := -1
	for i, part := range parts {
		label := ""
		if strings.HasPrefix(part, "\x00") && len(part) > 1 {
			if k := int(part[1] - '0'); k >= 0 && k < len(labels) {
				label = labels[k]
			}
			part = part[2:]
		}
		var cur []int
		for _, name := range splitNames(part) {
			if n := p.b.node(name); n >= 0 {
				cur = append(cur, n)
			}
		}
		if len(cur) == 0 {
			continue
		}
		if prev >= 0 {
			if i == len(parts)-1 && endLabel != "" && label == "" {
				label = endLabel
			}
			for _, c := range cur {
				p.b.edge(prev, c, label)
			}
			p.related = true
		}
		prev = cur[len(cur)-1]
	}
}

// splitNames splits "A, B and C" or "A & B" into names.
func splitNames(s string) []string { return namesRe.Split(s, -1) }

var namesRe = regexp.MustCompile(`(?i)\s*(?:,|&|\band\b|\bor\b|/\s)\s*`)

// clause reads one clause: a relation, narration ("then X"), or prose naming components.
func (p *planner) clause(c string) {
	c = strings.TrimSpace(c)
	if c == "" {
		return
	}
	low := strings.ToLower(c)
	then := strings.HasPrefix(low, "then ")
	if then {
		c = strings.TrimSpace(c[5:])
	}
	if m := copyRe.FindStringSubmatch(c); m != nil {
		// "nightly ETL loads Postgres into BigQuery": the job reads one and writes the other.
		job := p.objects(m[1])
		src, dst := p.objects(m[2]), p.objects(m[3])
		if len(job) > 0 && len(src) > 0 && len(dst) > 0 {
			p.b.edge(job[0], src[0], "reads")
			p.b.edge(job[0], dst[0], "loads")
			p.related, p.tail, p.subject = true, dst[0], job[0]
			return
		}
	}
	subj, rels, ok := relation(c)
	var from []int
	carried := false
	if ok && p.tail >= 0 && pronounRe.MatchString(strings.TrimSpace(subj)) {
		// ", which routes to ...": the previous clause's last node goes on.
		from, carried = []int{p.tail}, true
	}
	if !ok && startsWithVerb(c) && p.subject >= 0 {
		carried = true
		// "..., pushes to ECR": the previous clause's subject goes on.
		subj, rels, ok = relation("\x02 " + c)
		from = []int{p.subject}
	}
	if ok {
		if from == nil {
			from = p.objects(subj)
		}
		if len(from) == 0 {
			return
		}
		p.subject = from[0]
		// Narration: a new subject continues from the previous clause's last node.
		if p.tail < 0 {
			// The first relation of a sentence: a story told from a client's side continues
			// from clause to clause ("users hit X, then Y, Z writes to W").
			p.narrative = kindTier(p.b.nodes[from[0]].Kind) == tierClient
		}
		if !carried && (p.narrative || then) && p.tail >= 0 && !p.b.hasIncoming(from[0]) && kindTier(p.b.nodes[from[0]].Kind) != tierClient {
			p.b.edge(p.tail, from[0], "")
		}
		last := from[0]
		for _, r := range rels {
			object, sub := splitRelative(r.object)
			hops := hopRe.Split(object, -1)
			for _, hop := range hops[:len(hops)-1] {
				// "connect through Cloudflare to Kong": a path of hops.
				for _, h := range p.objects(hop) {
					for _, f := range from {
						p.b.edge(f, h, r.label)
					}
					from = []int{h}
				}
			}
			object = hops[len(hops)-1]
			tos := p.objects(object)
			for _, to := range tos {
				for _, f := range from {
					p.b.edge(f, to, r.label)
				}
				last = to
			}
			if sub != "" && len(tos) > 0 {
				// "a Node.js API which reads from MongoDB": the object goes on as a subject.
				p.subject, p.tail = tos[len(tos)-1], -1
				p.clause(sub)
				last = p.tail
			}
		}
		p.related = true
		p.tail = last
		return
	}
	if p.tail >= 0 && (then || strings.HasPrefix(low, "to ") || strings.HasPrefix(low, "into ") || strings.HasPrefix(low, "through ")) {
		ns := p.objects(c)
		for _, n := range ns {
			p.b.edge(p.tail, n, "")
		}
		if len(ns) > 0 {
			p.related = true
			p.tail = ns[len(ns)-1]
		}
		return
	}
	p.prose(c)
}

type rel struct{ object, label string }

// relation finds "subject verb object [and verb object]" in a clause.
func relation(c string) (subject string, rels []rel, ok bool) {
	s := " " + c + " "
	best, bestLabel := []int(nil), ""
	for _, v := range verbs {
		if loc := v.re.FindStringSubmatchIndex(s); loc != nil && (best == nil || loc[2] < best[0]) {
			best, bestLabel = []int{loc[2], loc[3]}, v.label
		}
	}
	if best == nil || strings.TrimSpace(s[:best[0]]) == "" {
		return "", nil, false
	}
	subject = s[:best[0]]
	rest := s[best[1]:]
	label := bestLabel
	if loc := relativeRe.FindStringIndex(rest); loc != nil && hasVerb(rest[loc[1]:]) {
		// "talks to an API which reads from X and caches in Y": the rest belongs to the API.
		return subject, []rel{{rest, label}}, true
	}
	// "... and publish to SNS": further verbs of the same subject.
	for {
		next, nextLabel := []int(nil), ""
		for _, v := range verbs {
			if loc := v.andRe.FindStringSubmatchIndex(rest); loc != nil && (next == nil || loc[0] < next[0]) {
				next, nextLabel = []int{loc[0], loc[1]}, v.label
			}
		}
		if next == nil {
			rels = append(rels, rel{rest, label})
			break
		}
		rels = append(rels, rel{rest[:next[0]], label})
		rest, label = rest[next[1]:], nextLabel
	}
	return subject, rels, true
}

var (
	copyRe    = regexp.MustCompile(`(?i)^(.+?)\s+(?:loads?|copies|copy|moves?|syncs?|replicates?|exports?|ships?)\s+(.+?)\s+(?:into|to|onto)\s+(.+)$`)
	pronounRe = regexp.MustCompile(`(?i)^(?:which|that|who|it|they|this|these)$`)
)

var relativeRe = regexp.MustCompile(`(?i)\s+(?:which|that|who|where it|where they)\s+`)

// splitRelative cuts "a Node.js API which reads from MongoDB" into the object and the relative
// clause, when the clause has a verb.
func splitRelative(s string) (string, string) {
	loc := relativeRe.FindStringIndex(s)
	if loc == nil || !hasVerb(s[loc[1]:]) {
		return s, ""
	}
	return s[:loc[0]], strings.TrimSpace(s[loc[1]:])
}

// objects turns a phrase naming one or more components into nodes (prose rules apply inside:
// "the orders table in Postgres" names Postgres).
func (p *planner) objects(phrase string) []int {
	phrase = strings.TrimSpace(phrase)
	// A trailing purpose or manner ("for sessions", "over HTTPS", "every night") is not a name,
	// unless it names a product ("emails with SendGrid").
	if m := tailNoise.FindStringIndex(phrase); m != nil {
		tail := firstWordRe.ReplaceAllString(phrase[m[0]:], "")
		if k, ok := kindIn(tail); ok && !isGeneric(k) {
			phrase = tail
		} else {
			phrase = phrase[:m[0]]
		}
	}
	names := splitNames(phrase)
	if len(names) > 1 {
		// "the users, orders and inventory services": each is a service.
		lastWs := strings.Fields(names[len(names)-1])
		if len(lastWs) >= 2 {
			head := strings.ToLower(lastWs[len(lastWs)-1])
			if k, ok := kindIn(head); ok && isGeneric(k) && singular(head) != head {
				for i := range names[:len(names)-1] {
					if _, known := kindIn(names[i]); !known && len(strings.Fields(cleanPhrase(names[i]))) == 1 {
						names[i] = cleanPhrase(names[i]) + " " + singular(head)
					}
				}
				lastWs[len(lastWs)-1] = singular(lastWs[len(lastWs)-1])
				names[len(names)-1] = strings.Join(lastWs, " ")
			}
		}
	}
	var out []int
	for _, name := range names {
		name = cleanPhrase(name)
		if name == "" {
			continue
		}
		if count, rest := countOf(name); count > 1 {
			out = append(out, p.counted(count, rest)...)
			continue
		}
		if n := p.b.node(name); n >= 0 {
			out = append(out, n)
		}
	}
	return out
}

var (
	hopRe       = regexp.MustCompile(`(?i)\s+(?:to|into|then)\s+`)
	firstWordRe = regexp.MustCompile(`^\s*\S+\s+`)
)

var tailNoise = regexp.MustCompile(`(?i)\s+(?:for|over|using|via|with|every|each|when|if|as|on each|per)\s+.*$`)

// firstName is the first name a list item gives, for an item naming an existing node.
func firstName(l string) string {
	if subj, _, ok := relation(l); ok {
		return subj
	}
	return splitNames(arrowRe.Split(l, 2)[0])[0]
}
