package rules

import (
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/brandgen/brandgen/diagrams/sketch"
)

// graph adds nodes by label, once each.
type graph struct {
	s    *sketch.Sketch
	byKy map[string]string
}

func newGraph(s *sketch.Sketch) *graph { return &graph{s: s, byKy: map[string]string{}} }

func key(label string) string {
	return strings.TrimSuffix(strings.ToLower(strings.Join(strings.Fields(label), " ")), "s")
}

// node returns the id of the node labelled label, adding it when new.
func (g *graph) node(label string) string {
	k := key(label)
	if id, ok := g.byKy[k]; ok {
		return id
	}
	id := g.s.NewID()
	g.s.Nodes = append(g.s.Nodes, sketch.Node{ID: id, Label: label, Shape: shapeOf(label)})
	g.byKy[k] = id
	return id
}

func (g *graph) edge(from, to, label string) {
	a, b := g.node(from), g.node(to)
	if a != b && !g.s.Connected(a, b) {
		g.s.Edges = append(g.s.Edges, sketch.Edge{From: a, To: b, Label: label})
	}
}

var (
	dbRe   = regexp.MustCompile(`(?i)\b(postgres\w*|mysql|mariadb|database|db|redis|cache|s3|bucket|storage|store|table|bigquery|snowflake|mongo\w*|dynamo\w*|sqlite|elastic\w*)\b`)
	userRe = regexp.MustCompile(`(?i)^(users?|customers?|clients?|browser|mobile( app)?|visitors?|admins?)$`)
)

func shapeOf(label string) string {
	switch {
	case strings.HasSuffix(label, "?"):
		return "decision"
	case userRe.MatchString(label):
		return "round"
	case dbRe.MatchString(label):
		return "db"
	}
	return ""
}

func planFlow(s *sketch.Sketch, p prompt) {
	g := newGraph(s)
	for _, c := range p.chains {
		for i := 1; i < len(c); i++ {
			g.edge(c[i-1], c[i], "")
		}
	}
	for _, f := range p.facts {
		label := f.verb
		if f.what != "" {
			label = "returns " + strings.ToLower(f.what)
		}
		g.edge(f.from, f.to, label)
	}
	if len(s.Nodes) == 0 {
		items := p.items
		for i, it := range items {
			if i == 0 {
				g.node(it)
				continue
			}
			g.edge(items[i-1], it, "")
		}
	}
	// A short flow reads left to right; from five steps on top to bottom (the canvas then picks
	// portrait; the drawing flips the direction when the canvas asked for does not suit it).
	s.Direction = "LR"
	if len(s.Nodes) > 4 {
		s.Direction = "TB"
	}
	if len(s.Nodes) > 10 {
		s.Wrap = 4 // a long flow reads in rows
	}
}

var replyVerbs = map[string]bool{"returns": true, "responds to": true, "replies to": true, "returns to": true}

func planSequence(s *sketch.Sketch, p prompt) {
	g := newGraph(s)
	last := ""
	for _, f := range p.facts {
		if f.what != "" { // "API returns the token to User"
			s.Edges = append(s.Edges, sketch.Edge{From: g.node(f.from), To: g.node(f.to), Label: f.what, Reply: true})
			continue
		}
		if replyVerbs[f.verb] {
			if _, known := g.byKy[key(f.to)]; !known && last != "" && key(last) != key(f.from) {
				// "DB returns the user": a reply to whoever asked, labelled with what it returns.
				a, b := g.node(f.from), g.node(last)
				s.Edges = append(s.Edges, sketch.Edge{From: a, To: b, Label: f.to, Reply: true})
				continue
			}
		}
		a, b := g.node(f.from), g.node(f.to)
		label := f.verb
		s.Edges = append(s.Edges, sketch.Edge{From: a, To: b, Label: label, Reply: replyVerbs[f.verb]})
		last = f.from
	}
	for _, c := range p.chains {
		for i := 1; i < len(c); i++ {
			s.Edges = append(s.Edges, sketch.Edge{From: g.node(c[i-1]), To: g.node(c[i]), Label: "request"})
		}
	}
	if len(s.Nodes) == 0 {
		for i, it := range p.items {
			id := g.node(it)
			if i > 0 {
				s.Edges = append(s.Edges, sketch.Edge{From: s.Nodes[i-1].ID, To: id, Label: "next"})
			}
		}
	}
	for i := range s.Nodes {
		s.Nodes[i].Shape = ""
	}
}

var classKwRe = regexp.MustCompile(`(?i)^(?:classes|class|entities|entity|tables|table|models?)\s+`)

func planClass(s *sketch.Sketch, p prompt) {
	g := newGraph(s)
	for _, l := range p.lists {
		id := g.node(className(l.name))
		n, _ := s.Node(id)
		for _, f := range l.items {
			n.Fields = append(n.Fields, member(f))
		}
	}
	for _, f := range p.facts {
		g.edge(className(f.from), className(f.to), f.verb)
	}
	if len(s.Nodes) == 0 {
		for _, it := range p.items {
			for _, name := range splitItems(classKwRe.ReplaceAllString(it, "")) {
				g.node(className(name))
			}
		}
		for i := 1; i < len(s.Nodes); i++ {
			s.Edges = append(s.Edges, sketch.Edge{From: s.Nodes[0].ID, To: s.Nodes[i].ID, Label: "uses"})
		}
	}
	for i := range s.Nodes {
		s.Nodes[i].Shape = ""
	}
	s.Direction = classDirection(s)
}

// className is a class name from words: "order item" -> "OrderItem".
func className(s string) string {
	var b strings.Builder
	for _, w := range strings.Fields(classKwRe.ReplaceAllString(s, "")) {
		b.WriteString(upperFirst(w))
	}
	if b.Len() == 0 {
		return s
	}
	return b.String()
}

func member(f string) string {
	f = strings.TrimSpace(f)
	if strings.HasSuffix(f, "()") {
		return "+" + f
	}
	return "+" + strings.ReplaceAll(strings.ToLower(f[:1])+f[1:], " ", "_")
}

var tablesRe = regexp.MustCompile(`(?i)\b(?:tables?|entities|entity|models?)\s*:?\s+(.+?)(?:\s+with\b.*|\s*$)`)

func planER(s *sketch.Sketch, p prompt) {
	g := newGraph(s)
	add := func(name string) string {
		id := g.node(entityName(name))
		n, _ := s.Node(id)
		n.Shape = ""
		if len(n.Fields) == 0 {
			n.Fields = []string{"int id PK"}
		}
		return id
	}
	for _, l := range p.lists {
		id := add(l.name)
		n, _ := s.Node(id)
		for _, f := range l.items {
			n.Fields = append(n.Fields, "string "+strings.ReplaceAll(strings.ToLower(f), " ", "_"))
		}
	}
	for _, f := range p.facts {
		a, b := add(f.from), add(f.to)
		if !s.Connected(a, b) {
			s.Edges = append(s.Edges, sketch.Edge{From: a, To: b, Label: f.verb})
		}
	}
	if m := tablesRe.FindStringSubmatch(strings.Join(p.lines, " ")); m != nil {
		for _, name := range splitItems(m[1]) {
			add(name)
		}
	}
	if len(s.Nodes) == 0 {
		for _, it := range p.items {
			add(it)
		}
	}
	if len(s.Edges) == 0 && len(s.Nodes) > 1 {
		foreignKeys(s)
	}
	s.Direction = "LR"
}

// Table roles for foreign keys the prompt does not state.
var (
	ownerWords   = map[string]bool{"user": true, "account": true, "customer": true, "member": true, "organization": true, "org": true, "team": true, "tenant": true, "company": true, "client": true}
	catalogWords = map[string]bool{"product": true, "item": true, "sku": true, "category": true, "tag": true, "label": true, "coupon": true, "country": true, "currency": true,
		"plan": true, "role": true, "permission": true, "brand": true, "vendor": true, "supplier": true, "warehouse": true, "location": true}
	lineWords = map[string]bool{"item": true, "line": true, "entry": true, "detail": true}
	// parents are the usual owners of a table, most likely first, when the schema has them.
	parents = map[string][]string{
		"task": {"project", "board"}, "comment": {"task", "post", "issue", "ticket"}, "payment": {"order", "invoice"},
		"refund": {"payment", "order"}, "shipment": {"order"}, "attachment": {"task", "message", "ticket", "comment"},
		"review": {"product"}, "member": {"team", "organization"}, "message": {"channel", "conversation"},
		"invoice": {"account", "customer", "organization"}, "subscription": {"account", "customer"},
		"team": {"account", "organization", "company"}, "project": {"team", "organization", "account"},
		"issue": {"project"}, "ticket": {"project", "customer"}, "post": {"blog", "user"}, "channel": {"team", "workspace"},
	}
)

// foreignKeys relates tables when the prompt names no relation, as a schema designer would:
//  1. a table named after others references them ("order_items" -> orders, "user_roles" -> users
//     and roles);
//  2. a line table ("order_items", "invoice_lines") also references the catalog (products) when
//     there is one;
//  3. a table with a usual parent in the schema belongs to it (tasks -> projects, payments ->
//     orders); any other table that is not a catalog or lookup table (products, categories, tags)
//     belongs to the owner table (users, accounts, customers) when there is one, else to the first.
func foreignKeys(s *sketch.Sketch) {
	name := func(i int) string { return singular(strings.ToLower(s.Nodes[i].Label)) }
	find := func(word string) int {
		for i := range s.Nodes {
			if name(i) == word {
				return i
			}
		}
		return -1
	}
	findIn := func(set map[string]bool) int {
		for i := range s.Nodes {
			if set[name(i)] {
				return i
			}
		}
		return -1
	}
	link := func(parent, child int) {
		if parent == child || parent < 0 || s.Connected(s.Nodes[parent].ID, s.Nodes[child].ID) {
			return
		}
		s.Nodes[child].Fields = append(s.Nodes[child].Fields, "int "+name(parent)+"_id FK")
		s.Edges = append(s.Edges, sketch.Edge{From: s.Nodes[parent].ID, To: s.Nodes[child].ID})
	}
	owner, catalog := findIn(ownerWords), findIn(map[string]bool{"product": true, "sku": true})
	for i := range s.Nodes {
		words := strings.FieldsFunc(strings.ToLower(s.Nodes[i].Label), func(r rune) bool { return r == '_' || r == ' ' || r == '-' })
		linked := false
		// 1: the longest runs of words that name another table, left to right.
		for a := 0; a < len(words); {
			next := a + 1
			for b := len(words); b > a; b-- {
				if b-a == len(words) {
					continue // the table itself
				}
				if j := find(singular(strings.Join(words[a:b], "_"))); j >= 0 && j != i {
					link(j, i)
					linked, next = true, b
					break
				}
			}
			a = next
		}
		last := ""
		if len(words) > 0 {
			last = singular(words[len(words)-1])
		}
		// 2: line tables reference the catalog.
		if len(words) > 1 && lineWords[last] && catalog >= 0 {
			link(catalog, i)
			linked = true
		}
		// 3: a table with a usual parent in the schema belongs to it; everything else but catalogs
		// to the owner, else the first table.
		if !linked && len(words) == 1 {
			for _, p := range parents[last] {
				if j := find(p); j >= 0 && j != i {
					link(j, i)
					linked = true
					break
				}
			}
		}
		if !linked && !catalogWords[last] && !ownerWords[last] {
			if owner >= 0 {
				link(owner, i)
			} else if i > 0 && !catalogWords[name(0)] {
				link(0, i)
			}
		}
	}
}

func entityName(s string) string {
	s = strings.ToLower(strings.Join(strings.Fields(classKwRe.ReplaceAllString(s, "")), "_"))
	return strings.ToUpper(s[:min(1, len(s))]) + s[min(1, len(s)):]
}

func singular(s string) string {
	switch {
	case strings.HasSuffix(s, "ies"):
		return s[:len(s)-3] + "y"
	case strings.HasSuffix(s, "sses"), strings.HasSuffix(s, "xes"):
		return s[:len(s)-2]
	case strings.HasSuffix(s, "s") && !strings.HasSuffix(s, "ss"):
		return s[:len(s)-1]
	}
	return s
}

var (
	durationRe = regexp.MustCompile(`(?i)\b(?:for\s+|takes\s+|lasting\s+|in\s+|of\s+|\(\s*)?(\d+|an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s*-?\s*(days?|d|weeks?|wks?|w|months?|mo|sprints?)\b\)?`)
	numbers    = map[string]int{"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
		"seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12}
)

// duration finds "two weeks", "3 days", "1 month" in an item: days, and the item without it.
func duration(item string) (int, string) {
	m := durationRe.FindStringSubmatchIndex(item)
	if m == nil {
		return 0, item
	}
	nStr := strings.ToLower(item[m[2]:m[3]])
	n, err := strconv.Atoi(nStr)
	if err != nil {
		n = numbers[nStr]
	}
	unit := strings.ToLower(item[m[4]:m[5]])
	days := n
	switch {
	case strings.HasPrefix(unit, "w"):
		days = n * 7
	case strings.HasPrefix(unit, "mo"):
		days = n * 30
	case strings.HasPrefix(unit, "s"):
		days = n * 14
	}
	rest := strings.TrimSpace(item[:m[0]] + " " + item[m[1]:])
	return days, rest
}

func planGantt(s *sketch.Sketch, p prompt, now time.Time) {
	day := now.UTC()
	for day.Weekday() != time.Monday {
		day = day.AddDate(0, 0, 1)
	}
	s.Start = day.Format("2006-01-02")
	addTask := func(item, group string) {
		days, name := duration(item)
		if days == 0 {
			days = 7
		}
		name = clean(name)
		if name == "" {
			name = "Task " + strconv.Itoa(len(s.Nodes)+1)
		}
		s.Nodes = append(s.Nodes, sketch.Node{ID: s.NewID(), Label: name, Group: group, Days: days})
	}
	if len(p.lists) > 1 {
		for i, l := range p.lists {
			gid := "s" + strconv.Itoa(i+1)
			s.Groups = append(s.Groups, sketch.Group{ID: gid, Label: l.name})
			for _, it := range l.items {
				addTask(it, gid)
			}
		}
		return
	}
	label := "Plan"
	if p.title != "" {
		label = clip(p.title, 40)
	}
	s.Groups = []sketch.Group{{ID: "s1", Label: label}}
	for _, it := range ganttItems(p) {
		addTask(it, "s1")
	}
}

// ganttItems are the tasks of a plan: lines, or the clauses of one line ("phase 1 two weeks,
// then phase 2 ...").
func ganttItems(p prompt) []string {
	if len(p.lines) > 1 {
		return p.lines
	}
	if len(p.lines) == 0 {
		return nil
	}
	var out []string
	for _, part := range regexp.MustCompile(`(?i)\s*(?:,|;|\.\s|\bthen\b|\bfollowed by\b|\bafter that\b)\s*`).Split(p.lines[0], -1) {
		part = strings.TrimSpace(regexp.MustCompile(`(?i)^(?:and|then|finally|first)\s+`).ReplaceAllString(part, ""))
		if part != "" {
			out = append(out, part)
		}
	}
	return out
}

func planMindmap(s *sketch.Sketch, p prompt) {
	root := p.title
	items := p.items
	if root == "" && len(p.lists) == 1 {
		root, items = p.lists[0].name, p.lists[0].items
	}
	if root == "" && len(items) > 1 {
		root, items = items[0], items[1:]
	}
	if root == "" {
		root = "Ideas"
	}
	s.Nodes = append(s.Nodes, sketch.Node{ID: "n1", Label: root})
	add := func(label, parent string) string {
		id := s.NewID()
		s.Nodes = append(s.Nodes, sketch.Node{ID: id, Label: label})
		s.Edges = append(s.Edges, sketch.Edge{From: parent, To: id})
		return id
	}
	if len(p.lists) > 1 || (len(p.lists) == 1 && p.lists[0].name != root) {
		for _, l := range p.lists {
			branch := add(l.name, "n1")
			for _, it := range l.items {
				add(it, branch)
			}
		}
		return
	}
	for _, it := range items {
		if it != root {
			add(it, "n1")
		}
	}
}
