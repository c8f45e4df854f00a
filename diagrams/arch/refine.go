package arch

import (
	"errors"
	"fmt"
	"regexp"
	"strings"
)

// ErrCannotRefine wraps every instruction Refine cannot apply; the graph is then unchanged.
var ErrCannotRefine = errors.New("arch: cannot refine")

// Refine applies offline edit instructions to g and says what changed. It reads, one per
// sentence, line or "; ":
//
//	add X [connected to Y | between Y and Z | in front of Y | behind Y] [in G]
//	remove X                 (a node, a group (its members move out), or "the edge from X to Y")
//	rename X to Y            (a node or a group)
//	connect X to Y [as "label"], X -> Y, X calls Y
//	disconnect X from Y
//	move X into G, move X out of G
//	group X, Y and Z as G
//
// Names match ids, labels (any case, singular or plural) or kinds ("the database"). An
// instruction it cannot apply, or that leaves an invalid graph, is an error wrapping
// ErrCannotRefine, and g is returned unchanged.
func Refine(g Graph, instruction string) (Graph, string, error) {
	r := &refiner{g: cloneGraph(g)}
	var notes []string
	steps := splitInstructions(instruction)
	if len(steps) == 0 {
		return g, "", fmt.Errorf("%w: empty instruction", ErrCannotRefine)
	}
	for _, step := range steps {
		note, err := r.apply(step)
		if err != nil {
			return g, "", fmt.Errorf("%w: %q: %v", ErrCannotRefine, step, err)
		}
		notes = append(notes, note)
	}
	if issues := r.g.Validate(""); len(issues) > 0 {
		return g, "", fmt.Errorf("%w: the result would be invalid: %s: %s", ErrCannotRefine, issues[0].Field, issues[0].Message)
	}
	return r.g, strings.Join(notes, " "), nil
}

func cloneGraph(g Graph) Graph {
	return Graph{Groups: append([]Group(nil), g.Groups...), Nodes: append([]Node(nil), g.Nodes...), Edges: append([]Edge(nil), g.Edges...)}
}

var stepSplitRe = regexp.MustCompile(`(?i)\s*(?:;|\n|\.\s+|\s+and then\s+|,\s*then\s+)\s*`)

func splitInstructions(s string) []string {
	var out []string
	for _, p := range stepSplitRe.Split(strings.TrimSpace(s), -1) {
		p = strings.TrimSpace(strings.TrimRight(strings.TrimSpace(bulletRe.ReplaceAllString(p, "")), ".!"))
		if p != "" {
			out = append(out, p)
		}
	}
	return out
}

type refiner struct{ g Graph }

var (
	addRe        = regexp.MustCompile(`(?i)^(?:please\s+)?(?:add|include|insert|introduce|put)\s+(.+)$`)
	removeRe     = regexp.MustCompile(`(?i)^(?:please\s+)?(?:remove|delete|drop|get rid of|take out)\s+(.+)$`)
	renameRe     = regexp.MustCompile(`(?i)^(?:please\s+)?(?:rename|relabel|call)\s+(.+?)\s+(?:to|as|into)\s+(.+)$`)
	connectRe    = regexp.MustCompile(`(?i)^(?:please\s+)?(?:connect|link|wire|join)\s+(.+?)\s+(?:to|with|and|->)\s+(.+?)(?:\s+(?:as|labell?ed|with (?:the )?label)\s+(.+))?$`)
	disconnectRe = regexp.MustCompile(`(?i)^(?:please\s+)?(?:disconnect|unlink|unwire|separate)\s+(.+?)\s+(?:from|and)\s+(.+)$`)
	moveOutRe    = regexp.MustCompile(`(?i)^(?:please\s+)?(?:move|take)\s+(.+?)\s+out\s+of\s+(.+)$`)
	moveRe       = regexp.MustCompile(`(?i)^(?:please\s+)?(?:move|put|place|nest)\s+(.+?)\s+(?:in|into|inside|under|to)\s+(.+)$`)
	groupRe      = regexp.MustCompile(`(?i)^(?:please\s+)?(?:group|wrap|box)\s+(.+?)\s+(?:as|into|in|under|called|named)\s+(?:an?\s+|the\s+)?(.+)$`)
	edgeNameRe   = regexp.MustCompile(`(?i)^(?:the\s+)?(?:edge|connection|link|arrow|line)\s+(?:from|between)\s+(.+?)\s+(?:to|and)\s+(.+)$`)
	quoteTrim    = " \t\"'`“”‘’"
)

func (r *refiner) apply(step string) (string, error) {
	switch {
	case renameRe.MatchString(step):
		m := renameRe.FindStringSubmatch(step)
		return r.rename(m[1], strings.Trim(m[2], quoteTrim))
	case groupRe.MatchString(step):
		m := groupRe.FindStringSubmatch(step)
		return r.group(m[1], m[2])
	case removeRe.MatchString(step):
		return r.remove(removeRe.FindStringSubmatch(step)[1])
	case disconnectRe.MatchString(step):
		m := disconnectRe.FindStringSubmatch(step)
		return r.disconnect(m[1], m[2])
	case connectRe.MatchString(step):
		m := connectRe.FindStringSubmatch(step)
		return r.connect(m[1], m[2], strings.Trim(m[3], quoteTrim))
	case moveOutRe.MatchString(step):
		m := moveOutRe.FindStringSubmatch(step)
		return r.moveOut(m[1], m[2])
	case moveRe.MatchString(step):
		m := moveRe.FindStringSubmatch(step)
		return r.move(m[1], m[2])
	case addRe.MatchString(step):
		return r.add(addRe.FindStringSubmatch(step)[1])
	case arrowRe.MatchString(step):
		parts := arrowRe.Split(step, -1)
		var notes []string
		for i := 1; i < len(parts); i++ {
			n, err := r.connect(parts[i-1], parts[i], "")
			if err != nil {
				return "", err
			}
			notes = append(notes, n)
		}
		return strings.Join(notes, " "), nil
	}
	if subj, rels, ok := relation(step); ok && len(rels) == 1 {
		return r.connect(subj, rels[0].object, rels[0].label)
	}
	return "", errors.New("not an edit this planner knows (add, remove, rename, connect, disconnect, move, group)")
}

// findNode resolves a name to one node index.
func (r *refiner) findNode(name string) (int, error) {
	name = cleanPhrase(strings.Trim(name, quoteTrim))
	if name == "" {
		return -1, errors.New("no node named")
	}
	low := strings.ToLower(name)
	key := normKey(name)
	var hits []int
	match := func(f func(Node) bool) bool {
		hits = hits[:0]
		for i, n := range r.g.Nodes {
			if f(n) {
				hits = append(hits, i)
			}
		}
		return len(hits) > 0
	}
	switch {
	case match(func(n Node) bool { return n.ID == name }):
	case match(func(n Node) bool { return strings.ToLower(n.Label) == low }):
	case match(func(n Node) bool { return normKey(n.Label) == key }):
	case len(strings.Fields(key)) <= 3 && match(func(n Node) bool { return n.Kind != "" && kindMatches(n.Kind, name) }):
	case match(func(n Node) bool {
		l := normKey(n.Label)
		return strings.Contains(" "+l+" ", " "+key+" ") || (len(key) > 3 && strings.Contains(key, l) && len(l) > 3)
	}):
	default:
		return -1, fmt.Errorf("no node %q (nodes: %s)", name, r.nodeList())
	}
	if len(hits) > 1 {
		var names []string
		for _, i := range hits {
			names = append(names, r.g.Nodes[i].Label)
		}
		return -1, fmt.Errorf("%q matches several nodes: %s", name, strings.Join(names, ", "))
	}
	return hits[0], nil
}

// kindMatches reports whether a name calls a node by its kind ("the database", "redis").
func kindMatches(kind, name string) bool {
	k, ok := kindIn(name)
	if !ok {
		return false
	}
	return k == kind || (isGeneric(k) && kindTier(kind) == kindTier(k) && k == genericOf(kind))
}

// genericOf is the generic kind a product is one of (postgres -> database).
func genericOf(kind string) string {
	switch kindTier(kind) {
	case tierData:
		if strings.Contains(kind, "redis") || strings.Contains(kind, "cache") || kind == "memcached" {
			return "cache"
		}
		if strings.Contains(kind, "s3") || kind == "storage" || strings.Contains(kind, "storage") || kind == "minio" {
			return "storage"
		}
		return "database"
	case tierAsync:
		return "queue"
	case tierEntry:
		if strings.Contains(kind, "gateway") || kind == "kong" || kind == "aws-appsync" {
			return "gateway"
		}
		return "load-balancer"
	case tierEdge:
		switch kind {
		case "aws-route53":
			return "dns"
		case "aws-waf":
			return "firewall"
		}
		return "cdn"
	case tierCompute:
		switch {
		case strings.Contains(kind, "lambda") || strings.Contains(kind, "functions") || kind == "cloudflare-workers":
			return "function"
		case kind == "aws-ec2" || kind == "aws-lightsail":
			return "server"
		}
		return "service"
	}
	return ""
}

func (r *refiner) nodeList() string {
	var names []string
	for _, n := range r.g.Nodes {
		names = append(names, n.Label)
		if len(names) == 12 {
			names = append(names, "...")
			break
		}
	}
	return strings.Join(names, ", ")
}

// findGroup resolves a name to one group index.
func (r *refiner) findGroup(name string) (int, error) {
	name = strings.TrimSpace(regexp.MustCompile(`(?i)\s+(?:group|boundary|box)$`).ReplaceAllString(cleanPhrase(strings.Trim(name, quoteTrim)), ""))
	low := strings.ToLower(name)
	for i, gr := range r.g.Groups {
		if gr.ID == name || strings.ToLower(gr.Label) == low || normKey(gr.Label) == normKey(name) || (gr.Kind != "" && low == gr.Kind) {
			return i, nil
		}
	}
	for i, gr := range r.g.Groups {
		if strings.Contains(strings.ToLower(gr.Label), low) && low != "" {
			return i, nil
		}
	}
	return -1, fmt.Errorf("no group %q", name)
}

func (r *refiner) edgeIndex(from, to string) int {
	for i, e := range r.g.Edges {
		if e.From == from && e.To == to {
			return i
		}
	}
	return -1
}
