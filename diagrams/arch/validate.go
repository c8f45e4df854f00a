package arch

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/brandgen/brandgen"
)

// Limits of a graph. They keep a drawing legible on a 1080 px canvas and bound the layout time.
const (
	MaxNodes      = 60
	MaxEdges      = 120
	MaxGroups     = 24
	MaxGroupDepth = 4
	MaxIDLen      = 40
	MaxLabelLen   = 60 // node and group labels, in characters
	MaxEdgeLabel  = 40
	MaxKindLen    = 40
)

// GroupKinds are the kinds of group boundary; "" draws as generic.
var GroupKinds = []string{"region", "vpc", "subnet", "cluster", "zone", "account", "generic"}

// Validate names every invalid field (ids unique, references resolve, labels present, sizes
// bounded), with paths under prefix ("nodes[2].group"). Unknown node kinds are not errors: they
// resolve through the aliases or draw the generic service icon.
func (g Graph) Validate(prefix string) []brandgen.Issue {
	var out []brandgen.Issue
	add := func(field, format string, args ...any) {
		out = append(out, brandgen.Issue{Field: prefix + field, Message: fmt.Sprintf(format, args...)})
	}
	switch {
	case len(g.Nodes) == 0:
		add("nodes", "must have at least one node")
	case len(g.Nodes) > MaxNodes:
		add("nodes", "must have at most %d nodes (has %d)", MaxNodes, len(g.Nodes))
	}
	if len(g.Edges) > MaxEdges {
		add("edges", "must have at most %d edges (has %d)", MaxEdges, len(g.Edges))
	}
	if len(g.Groups) > MaxGroups {
		add("groups", "must have at most %d groups (has %d)", MaxGroups, len(g.Groups))
	}

	groups := map[string]int{}
	ids := map[string]string{} // id -> first owner's path, across groups and nodes
	checkID := func(path, id string) {
		switch {
		case strings.TrimSpace(id) == "":
			add(path, "is required")
		case utf8.RuneCountInString(id) > MaxIDLen:
			add(path, "must be at most %d characters", MaxIDLen)
		case strings.ContainsAny(id, " \t\n\"'<>&") || strings.Contains(id, "->"):
			add(path, "must not contain spaces, quotes, <, >, & or ->")
		default:
			if first, dup := ids[id]; dup {
				add(path, "duplicates the id of %s", first)
				return
			}
			ids[id] = strings.TrimSuffix(path, ".id")
		}
	}
	checkLabel := func(path, label string, required bool, max int) {
		l := strings.TrimSpace(label)
		switch {
		case l == "" && required:
			add(path, "is required")
		case utf8.RuneCountInString(l) > max:
			add(path, "must be at most %d characters", max)
		}
	}
	for i, gr := range g.Groups {
		p := fmt.Sprintf("groups[%d]", i)
		checkID(p+".id", gr.ID)
		if _, dup := groups[gr.ID]; !dup {
			groups[gr.ID] = i
		}
		checkLabel(p+".label", gr.Label, true, MaxLabelLen)
		if gr.Kind != "" && !oneOf(gr.Kind, GroupKinds) {
			add(p+".kind", "must be one of %s", strings.Join(GroupKinds, ", "))
		}
	}
	for i, gr := range g.Groups {
		if gr.Parent == "" {
			continue
		}
		p := fmt.Sprintf("groups[%d].parent", i)
		if _, ok := groups[gr.Parent]; !ok {
			add(p, "refers to no group %q", gr.Parent)
			continue
		}
		// Walk up: a cycle or a chain too deep is an error of the group that closes it.
		depth, cur, seen := 1, gr.Parent, map[string]bool{gr.ID: true}
		for cur != "" {
			if seen[cur] {
				add(p, "makes a cycle of groups through %q", cur)
				break
			}
			seen[cur] = true
			depth++
			if depth > MaxGroupDepth {
				add(p, "nests groups more than %d deep", MaxGroupDepth)
				break
			}
			cur = g.Groups[groups[cur]].Parent
		}
	}
	nodes := map[string]bool{}
	for i, n := range g.Nodes {
		p := fmt.Sprintf("nodes[%d]", i)
		checkID(p+".id", n.ID)
		nodes[n.ID] = true
		checkLabel(p+".label", n.Label, true, MaxLabelLen)
		if utf8.RuneCountInString(n.Kind) > MaxKindLen {
			add(p+".kind", "must be at most %d characters", MaxKindLen)
		}
		if n.Group != "" {
			if _, ok := groups[n.Group]; !ok {
				add(p+".group", "refers to no group %q", n.Group)
			}
		}
	}
	pairs := map[[2]string]int{}
	for i, e := range g.Edges {
		p := fmt.Sprintf("edges[%d]", i)
		okFrom, okTo := nodes[e.From], nodes[e.To]
		switch {
		case e.From == "":
			add(p+".from", "is required")
		case !okFrom:
			add(p+".from", "refers to no node %q", e.From)
		}
		switch {
		case e.To == "":
			add(p+".to", "is required")
		case !okTo:
			add(p+".to", "refers to no node %q", e.To)
		}
		if okFrom && okTo {
			if e.From == e.To {
				add(p+".to", "must differ from from (no self-loops)")
			} else if j, dup := pairs[[2]string{e.From, e.To}]; dup {
				add(p, "duplicates edges[%d] (%s -> %s)", j, e.From, e.To)
			} else {
				pairs[[2]string{e.From, e.To}] = i
			}
		}
		checkLabel(p+".label", e.Label, false, MaxEdgeLabel)
	}
	return out
}

func oneOf(v string, set []string) bool {
	for _, s := range set {
		if v == s {
			return true
		}
	}
	return false
}
