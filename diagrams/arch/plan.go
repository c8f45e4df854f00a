package arch

import (
	"fmt"
	"regexp"
	"strings"
	"unicode/utf8"
)

// Plan is the offline planner: a graph and a title from a prompt, by rules that read
//   - arrow chains, one per line: "user -> API -> Postgres", "A => B: label";
//   - relations: "A calls B, B writes to C", "Lambda functions write to DynamoDB and publish to SNS";
//   - narration: "users hit CloudFront, then API Gateway, ...";
//   - bullet or numbered lists (each item a statement; items without relations form a pipeline);
//   - prose naming components: "web app on ECS behind an ALB with RDS and S3", wired along the
//     request path (clients, edge, entry, compute, queues, stores, external services);
//   - groups: "in us-east-1", "inside a VPC", "Kubernetes cluster", "public/private subnet".
//
// Known cloud services and products map to their icons through the icons' aliases. It never
// returns an empty graph, nor one node for a prompt that names several things.
func Plan(prompt string) (Graph, string) {
	p := newPlanner(prompt)
	p.run()
	p.genericGateways()
	return p.b.graph(), p.title()
}

// builder accumulates nodes and edges, merging the same thing named twice.
type builder struct {
	nodes  []Node
	tiers  []tier
	keys   map[string]int // normalised phrase -> node
	vendor map[string]int // vendor kind -> node (one node per product unless counted)
	edges  []Edge
	pairs  map[[2]int]bool
	groups []Group
}

func newBuilder() *builder {
	return &builder{keys: map[string]int{}, vendor: map[string]int{}, pairs: map[[2]int]bool{}}
}

var leadingNoise = regexp.MustCompile(`(?i)^(?:(?:a|an|the|our|my|their|its|some|then|and|also|finally|first|next|both|each|every|which|that|who|it|they|all|to|from|into|via)\s+)+`)

// node finds or adds the node a phrase names; -1 for an empty phrase.
func (b *builder) node(phrase string) int {
	phrase = cleanPhrase(phrase)
	if phrase == "" {
		return -1
	}
	key := normKey(phrase)
	if i, ok := b.keys[key]; ok {
		return i
	}
	kind, known := kindIn(phrase)
	if known && !isGeneric(kind) {
		if i, ok := b.vendor[kind]; ok {
			b.keys[key] = i
			return i
		}
	}
	if !known {
		kind = "service"
	}
	i := b.add(labelFor(phrase, kind), kind)
	b.keys[key] = i
	if known && !isGeneric(kind) {
		b.vendor[kind] = i
	}
	return i
}

// add appends a node with a fresh id.
func (b *builder) add(label, kind string) int {
	id := slug(label)
	base, n := id, 2
	for b.hasID(id) {
		id = fmt.Sprintf("%s-%d", base, n)
		n++
	}
	b.nodes = append(b.nodes, Node{ID: id, Label: label, Kind: kind})
	b.tiers = append(b.tiers, kindTier(kind))
	return len(b.nodes) - 1
}

func (b *builder) hasID(id string) bool {
	for _, n := range b.nodes {
		if n.ID == id {
			return true
		}
	}
	for _, g := range b.groups {
		if g.ID == id {
			return true
		}
	}
	return false
}

// edge adds a connection once (and never a self-loop).
func (b *builder) edge(from, to int, label string) {
	if from < 0 || to < 0 || from == to || b.pairs[[2]int{from, to}] {
		return
	}
	if len(b.nodes) > MaxNodes || len(b.edges) >= MaxEdges {
		return
	}
	b.pairs[[2]int{from, to}] = true
	b.edges = append(b.edges, Edge{From: b.nodes[from].ID, To: b.nodes[to].ID, Label: clipEdgeLabel(label)})
}

func (b *builder) hasIncoming(n int) bool {
	for p := range b.pairs {
		if p[1] == n {
			return true
		}
	}
	return false
}

func (b *builder) connected(n int) bool {
	for p := range b.pairs {
		if p[0] == n || p[1] == n {
			return true
		}
	}
	return false
}

func (b *builder) graph() Graph {
	g := Graph{Groups: b.groups, Nodes: b.nodes, Edges: b.edges}
	if len(g.Nodes) > MaxNodes {
		g = trimGraph(g, MaxNodes)
	}
	return g
}

// trimGraph keeps the first n nodes and the edges between them.
func trimGraph(g Graph, n int) Graph {
	keep := map[string]bool{}
	g.Nodes = g.Nodes[:n]
	for _, nd := range g.Nodes {
		keep[nd.ID] = true
	}
	var edges []Edge
	for _, e := range g.Edges {
		if keep[e.From] && keep[e.To] {
			edges = append(edges, e)
		}
	}
	g.Edges = edges
	return g
}

// cleanPhrase strips what is not a component's name from a phrase.
func cleanPhrase(s string) string {
	s = strings.TrimSpace(strings.Trim(s, " \t.,:;!?\"'`()[]{}*•·-–—>"))
	for {
		t := leadingNoise.ReplaceAllString(s, "")
		t = strings.TrimSpace(t)
		if t == s {
			break
		}
		s = t
	}
	s = strings.TrimSpace(trailingNoise.ReplaceAllString(s, ""))
	if utf8.RuneCountInString(s) > 60 {
		s = clipLabel(s)
	}
	return s
}

var trailingNoise = regexp.MustCompile(`(?i)\s+(?:as well|too|etc|instead|directly|too|itself|as needed)$`)

// normKey is the identity of a phrase: lower case, singular, without articles.
func normKey(s string) string {
	ws := words(s)
	for i, w := range ws {
		if len(w) > 3 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") {
			ws[i] = strings.TrimSuffix(w, "s")
		}
	}
	return strings.Join(ws, " ")
}

func slug(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(s) {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			b.WriteRune(r)
			dash = false
		case b.Len() > 0 && !dash:
			b.WriteByte('-')
			dash = true
		}
		if b.Len() >= 30 {
			break
		}
	}
	id := strings.Trim(b.String(), "-")
	if id == "" {
		id = "n"
	}
	return id
}

func clipEdgeLabel(s string) string {
	s = strings.TrimSpace(s)
	if utf8.RuneCountInString(s) <= MaxEdgeLabel {
		return s
	}
	return clipLabel(string([]rune(s)[:MaxEdgeLabel]))
}

var actionRe = regexp.MustCompile(`(?i)\b(?:builds|runs|handles|processes|receives|serves|creates|deploys|pushes|pulls|manages|hosts|exposes|collects|generates|accepts|gets|sends)\b`)

var titleLeadRe = regexp.MustCompile(`(?i)^(?:inside|in|within|on|for)\s+`)

var instructionRe = regexp.MustCompile(`(?i)^(?:please\s+)?(?:(?:can you|could you)\s+)?(?:draw|show|create|make|design|build|sketch|generate|give me|i need|we need|diagram|visuali[sz]e|map out|illustrate)\s+(?:me\s+)?(?:an?\s+|the\s+)?(?:(?:cloud|system|aws|high[- ]level)\s+)?(?:architecture\s+)?(?:diagram\s+)?(?:(?:of|for|showing|with)\s+)?(?:an?\s+|the\s+|our\s+|my\s+)?`)

// title writes the diagram's title from the prompt: its heading, else its subject ("web app on
// ECS behind an ALB" -> "Web app on ECS"), else what the graph is (a serverless API on AWS, the
// main components).
func (p *planner) title() string {
	if p.heading != "" {
		h := titleLeadRe.ReplaceAllString(cleanPhrase(p.heading), "")
		return clipTitle(upperFirst(cleanPhrase(h)))
	}
	first := strings.TrimSpace(strings.Split(strings.TrimSpace(p.prompt), "\n")[0])
	if bulletRe.MatchString(first) {
		// A bare list: what the graph is, else its components.
		if t := p.pattern(); t != "" {
			return t
		}
		return clipTitle(p.namesTitle())
	}
	first = bulletRe.ReplaceAllString(first, "")
	first = instructionRe.ReplaceAllString(first, "")
	subject := regexp.MustCompile(`(?i)[,;:.!?(]|\s+(?:behind|with|using|that|where|which|and|then|plus|via|fronted by|backed by|talking to|writing to|reading from|in front of|sharing|serving|connected to)\s+`).Split(first, 2)[0]
	subject = cleanPhrase(subject)
	ws := strings.Fields(subject)
	if !arrowRe.MatchString(first) && !hasVerb(subject) && !actionRe.MatchString(subject) && len(ws) >= 1 && len(ws) <= 8 && !isStopPhrase(ws) {
		t := labelFor(subject, "")
		if len(ws) == 1 {
			if k := p.pattern(); k != "" {
				return k
			}
		}
		return clipTitle(t)
	}
	if t := p.pattern(); t != "" {
		return t
	}
	return clipTitle(p.namesTitle())
}

func isStopPhrase(ws []string) bool {
	for _, w := range ws {
		if !stopWords[strings.ToLower(w)] {
			return false
		}
	}
	return true
}

// pattern names a recognisable architecture: "Serverless API on AWS", "Event-driven backend".
func (p *planner) pattern() string {
	var aws, gcp, azure, fn, apigw, async, k8s, data, etl int
	for _, n := range p.b.nodes {
		k := n.Kind
		switch {
		case strings.HasPrefix(k, "aws-"):
			aws++
		case strings.HasPrefix(k, "gcp-") || k == "firebase":
			gcp++
		case strings.HasPrefix(k, "azure"):
			azure++
		}
		switch {
		case k == "aws-lambda" || k == "function" || k == "gcp-functions" || k == "azure-functions" || k == "cloudflare-workers":
			fn++
		case k == "aws-api-gateway" || k == "gateway" || k == "api":
			apigw++
		case kindTier(k) == tierAsync:
			async++
		case k == "kubernetes" || k == "aws-eks" || k == "gcp-gke" || k == "azure-aks":
			k8s++
		case k == "warehouse" || k == "airflow" || k == "dbt" || k == "snowflake" || k == "aws-glue" || k == "gcp-bigquery" || k == "spark":
			etl++
		}
		if kindTier(k) == tierData {
			data++
		}
	}
	for _, g := range p.b.groups {
		if g.Kind == "cluster" {
			k8s++
		}
	}
	provider := ""
	switch {
	case aws >= 2 && aws >= gcp && aws >= azure:
		provider = " on AWS"
	case gcp >= 2 && gcp >= azure:
		provider = " on Google Cloud"
	case azure >= 2:
		provider = " on Azure"
	}
	switch {
	case fn > 0 && apigw > 0:
		return "Serverless API" + provider
	case fn > 0:
		return "Serverless backend" + provider
	case k8s > 0:
		return "Services on Kubernetes"
	case etl > 0:
		return "Data pipeline" + provider
	case p.has("aws-cloudfront", "cdn", "cloudflare") && p.has("aws-s3", "storage") && !p.hasTier(tierCompute):
		return "Static website" + provider
	case async > 0 && len(p.b.nodes) >= 4:
		return "Event-driven backend" + provider
	case provider != "" && len(p.b.nodes) >= 3:
		return "Web platform" + provider
	}
	return ""
}

func (p *planner) has(kinds ...string) bool {
	for _, n := range p.b.nodes {
		for _, k := range kinds {
			if n.Kind == k {
				return true
			}
		}
	}
	return false
}

func (p *planner) hasTier(t tier) bool {
	for _, n := range p.b.nodes {
		if kindTier(n.Kind) == t {
			return true
		}
	}
	return false
}

// namesTitle lists the main components: "User, API and Postgres".
func (p *planner) namesTitle() string {
	var names []string
	for _, n := range p.b.nodes {
		if p.addedUsers && n.Kind == "users" && n.Label == "Users" {
			continue
		}
		names = append(names, n.Label)
		if len(names) == 3 {
			break
		}
	}
	switch len(names) {
	case 0:
		return "System overview"
	case 1:
		return names[0]
	case 2:
		return names[0] + " and " + names[1]
	}
	return names[0] + ", " + names[1] + " and " + names[2]
}

func clipTitle(s string) string {
	r := []rune(strings.TrimSpace(s))
	if len(r) <= 60 {
		return string(r)
	}
	cut := string(r[:60])
	if i := strings.LastIndex(cut, " "); i > 30 {
		cut = cut[:i]
	}
	return strings.TrimRight(cut, " ,;:-")
}
