// Package rules is the offline planner of the Mermaid diagram types: deterministic rules that turn
// a prompt into a sketch ("user -> API -> Postgres", "A calls B, B writes to C", bullet lists,
// "step 1 ..., step 2 ...", "tables users, orders with foreign keys", "phase 1 two weeks, then
// ...") and apply edit instructions to one (add, remove, rename, connect, disconnect, and display
// changes such as "make it dark"). A prompt that names several things never gives an empty or
// one-node diagram.
package rules

import (
	"fmt"
	"regexp"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/brandgen/brandgen/diagrams/sketch"
)

// Model is the name the offline planner reports.
const Model = "rules-diagrams-v2"

// Plan makes a diagram of type typ from prompt; now dates gantt charts. The title is a short
// one from the prompt ("" when nothing fits).
func Plan(typ, prompt string, now time.Time) (sketch.Sketch, string) {
	p := parse(prompt)
	s := sketch.Sketch{Type: typ}
	switch typ {
	case "er":
		planER(&s, p)
	case "gantt":
		planGantt(&s, p, now)
	case "mindmap":
		planMindmap(&s, p)
	case "class":
		planClass(&s, p)
	case "sequence":
		planSequence(&s, p)
	default:
		s.Type = "flowchart"
		planFlow(&s, p)
	}
	if len(s.Nodes) == 0 { // nothing recognisable: the prompt's own words as one node
		s.Nodes = append(s.Nodes, sketch.Node{ID: "n1", Label: clip(p.text, 60)})
	}
	title := p.title
	if title == "" {
		title = titleOf(s)
	}
	return s, title
}

// prompt is a prompt cut into what the rules look for.
type prompt struct {
	text   string
	title  string
	lines  []string   // non-empty lines, bullets and numbering removed
	chains [][]string // "a -> b -> c" chains
	facts  []fact     // "X verb Y" clauses
	items  []string   // list items (bullets, numbered steps, comma lists)
	lists  []labelled // "Name: a, b, c" lines
}

// fact is "from verb to" ("API queries Database"); what is the thing returned in "X returns what
// to Y".
type fact struct{ from, verb, to, what string }

type labelled struct {
	name  string
	items []string
}

var (
	arrowRe    = regexp.MustCompile(`\s*(?:-+>|=+>|→|⟶|➔)\s*`)
	bulletRe   = regexp.MustCompile(`^\s*(?:[-*•·]|\d+[.)]|step\s*\d+\s*[:.)-]?)\s*`)
	stepRe     = regexp.MustCompile(`(?i)\b(?:step\s*\d+|first(?:ly)?|then|next|after that|afterwards|finally|lastly)\b[:,]?\s*`)
	sentenceRe = regexp.MustCompile(`\.\s+`)
	returnsRe  = regexp.MustCompile(`(?i)^(.+?)\s+(?:returns|sends back|responds with|replies with)\s+(.+?)\s+to\s+(.+)$`)
	titleRe    = regexp.MustCompile(`(?i)^\s*(?:title|diagram|chart)\s*[:=]\s*(.+)$`)
	splitRe    = regexp.MustCompile(`\s*(?:[;\n]|\.\s+|,\s*(?:and\s+|then\s+)?|\s+and then\s+|\s+then\s+)\s*`)
	verbRe     = regexp.MustCompile(`(?i)^(.+?)\s+(` + verbs + `)\s+(.+)$`)
	leadingRe  = regexp.MustCompile(`(?i)^(?:a|an|the|and|then|also|draw|show|diagram of|flowchart of|a diagram of)\s+`)
)

// verbs that make "X verb Y" an edge.
const verbs = `calls|call|writes to|writes|reads from|reads|sends to|sends|publishes to|publishes|subscribes to|` +
	`consumes from|consumes|queries|uses|talks to|connects to|depends on|triggers|returns to|returns|responds to|replies to|` +
	`notifies|stores in|stores|saves to|pushes to|pulls from|feeds|forwards to|routes to|hits|invokes|requests|` +
	`logs in to|logs into|checks|validates|loads|caches in|emits to|streams to|posts to|has many|has one|has|` +
	`belongs to|extends|inherits from|implements|contains|owns|references|goes to|leads to|becomes|creates|updates|deletes`

func parse(text string) prompt {
	p := prompt{text: strings.TrimSpace(text)}
	raw := strings.Split(strings.ReplaceAll(p.text, "\r", ""), "\n")
	for i, l := range raw {
		l = strings.TrimSpace(l)
		if l == "" {
			continue
		}
		if m := titleRe.FindStringSubmatch(l); m != nil && p.title == "" {
			p.title = clip(m[1], 80)
			continue
		}
		if i == 0 && len(raw) > 1 && strings.HasSuffix(l, ":") {
			p.title = clip(strings.TrimSuffix(l, ":"), 80)
			continue
		}
		for _, sentence := range sentenceRe.Split(strings.TrimSpace(bulletRe.ReplaceAllString(l, "")), -1) {
			if sentence = strings.TrimSpace(sentence); sentence != "" {
				p.lines = append(p.lines, sentence)
			}
		}
	}
	// "Topic: a, b, c" on one line: a title (or a named list) and the items.
	for _, l := range p.lines {
		if name, rest, ok := strings.Cut(l, ":"); ok && utf8.RuneCountInString(name) <= 60 && strings.TrimSpace(rest) != "" && !arrowRe.MatchString(name) {
			items := splitItems(rest)
			if len(items) >= 1 {
				p.lists = append(p.lists, labelled{clean(name), items})
			}
		}
	}
	body := strings.Join(p.lines, "\n")
	for _, l := range p.lines {
		if arrowRe.MatchString(l) {
			var chain []string
			for _, part := range arrowRe.Split(l, -1) {
				if part = clean(stripLabel(part)); part != "" {
					chain = append(chain, part)
				}
			}
			if len(chain) >= 2 {
				p.chains = append(p.chains, chain)
			}
		}
	}
	for _, clause := range splitRe.Split(stepRe.ReplaceAllString(body, "\n"), -1) {
		clause = strings.TrimSpace(clause)
		if clause == "" || arrowRe.MatchString(clause) {
			continue
		}
		if m := returnsRe.FindStringSubmatch(clause); m != nil {
			p.facts = append(p.facts, fact{clean(m[1]), "returns", clean(m[3]), clean(m[2])})
			continue
		}
		if m := verbRe.FindStringSubmatch(clause); m != nil {
			from, to := clean(m[1]), clean(m[3])
			if from != "" && to != "" && utf8.RuneCountInString(from) <= 60 && utf8.RuneCountInString(to) <= 60 {
				p.facts = append(p.facts, fact{from, strings.ToLower(m[2]), to, ""})
				continue
			}
		}
	}
	// Items: bullet/numbered lines, else the clauses of a single line.
	if len(p.lines) > 1 {
		for _, l := range p.lines {
			if c := clean(l); c != "" {
				p.items = append(p.items, c)
			}
		}
	} else if len(p.lines) == 1 {
		p.items = splitItems(stepRe.ReplaceAllString(p.lines[0], ", "))
	}
	if p.title == "" {
		p.title = titleFrom(p)
	}
	return p
}

// splitItems cuts a list ("a, b and c", "a; b; c").
func splitItems(s string) []string {
	s = regexp.MustCompile(`(?i)\s+(?:and|or|&)\s+`).ReplaceAllString(s, ", ")
	var out []string
	for _, part := range regexp.MustCompile(`\s*[,;/]\s*|\.\s+`).Split(s, -1) {
		if c := clean(part); c != "" {
			out = append(out, c)
		}
	}
	return out
}

// stripLabel drops an inline edge label "(reads)" or "|reads|" from a chain part.
func stripLabel(s string) string {
	return strings.Trim(regexp.MustCompile(`\|[^|]*\|`).ReplaceAllString(s, ""), " ")
}

// clean is a label from prompt words: no trailing punctuation, leading articles, or filler.
func clean(s string) string {
	s = strings.TrimSpace(s)
	s = strings.Trim(s, " .,;:!?\"'`*_()[]{}")
	for {
		t := leadingRe.ReplaceAllString(s, "")
		if t == s {
			break
		}
		s = t
	}
	s = strings.Join(strings.Fields(s), " ")
	if s == "" {
		return ""
	}
	return clip(upperFirst(s), 48)
}

func upperFirst(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	first, _, _ := strings.Cut(s, " ")
	if unicode.IsLower(r) && !strings.ContainsAny(first, "0123456789_") {
		return string(unicode.ToUpper(r)) + s[n:]
	}
	return s
}

func clip(s string, n int) string {
	s = strings.TrimSpace(s)
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)[:n]
	if i := strings.LastIndexByte(string(r), ' '); i > n/2 {
		return strings.TrimSpace(string(r)[:i]) + "…"
	}
	return strings.TrimSpace(string(r)) + "…"
}

// titleFrom makes a title from the prompt: a short first line as it is, else the first labels.
func titleFrom(p prompt) string {
	if len(p.lines) == 0 {
		return ""
	}
	first := p.lines[0]
	if len(p.chains) > 0 {
		c := p.chains[0]
		if len(c) > 3 {
			return journey(c[0], c[len(c)-1], len(c), "steps")
		}
		return clip(strings.Join(c, " → "), 80)
	}
	_ = first
	return ""
}

// titleOf names a diagram after its first elements: "User → API → Postgres", "Users, Orders and
// Products", the mindmap's root.
func titleOf(s sketch.Sketch) string {
	var names []string
	for _, n := range s.Nodes {
		names = append(names, n.Label)
	}
	if s.Type == "er" { // table names read as words: "Users, orders, order items and products"
		for i, n := range names {
			n = strings.ReplaceAll(n, "_", " ")
			if i > 0 {
				n = lowerFirst(n)
			}
			names[i] = n
		}
	}
	switch {
	case s.Type == "mindmap" || len(names) == 1:
		return clip(names[0], 80)
	case s.Type == "flowchart":
		if len(names) > 3 {
			return journey(names[0], names[len(names)-1], len(names), "steps")
		}
		return clip(strings.Join(names, " → "), 80)
	case s.Type == "gantt":
		total := 0
		for _, n := range s.Nodes {
			total += n.Days
		}
		weeks := (total + 6) / 7
		if weeks == 1 {
			return clip(fmt.Sprintf("%s to %s in %d days", names[0], lowerFirst(names[len(names)-1]), total), 80)
		}
		return clip(fmt.Sprintf("%s to %s in %d weeks", names[0], lowerFirst(names[len(names)-1]), weeks), 80)
	}
	if len(names) > 4 {
		word := map[string]string{"er": "tables", "class": "classes", "sequence": "participants"}[s.Type]
		return clip(fmt.Sprintf("%s and %d more %s", strings.Join(names[:3], ", "), len(names)-3, word), 80)
	}
	return clip(strings.Join(names[:len(names)-1], ", ")+" and "+names[len(names)-1], 80)
}

// journey is the title of a long flow: "Visitor to active user in 6 steps".
func journey(first, last string, n int, unit string) string {
	if strings.Contains(last, " ") { // a phrase ("Active user"), not a name ("Postgres", "API")
		last = lowerFirst(last)
	}
	return clip(fmt.Sprintf("%s to %s in %d %s", first, last, n, unit), 80)
}

// lowerFirst lowercases a capitalised first word ("Launch" -> "launch"), not an acronym or a
// name with inner capitals ("API", "PostgreSQL").
func lowerFirst(s string) string {
	first, _, _ := strings.Cut(s, " ")
	r, n := utf8.DecodeRuneInString(first)
	if !unicode.IsUpper(r) || strings.IndexFunc(first[n:], unicode.IsUpper) >= 0 || strings.ContainsAny(first, "0123456789") {
		return s
	}
	return string(unicode.ToLower(r)) + s[n:]
}
