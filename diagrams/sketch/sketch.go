// Package sketch is the structured model of the Mermaid diagram types that the offline planner
// writes and edits (nodes, edges, groups; one shape for all six types) and its Mermaid source.
//
// How each type reads the model:
//
//	flowchart  nodes in groups (subgraphs), labelled edges
//	sequence   nodes are participants in order; edges are messages in order (Reply: dashed)
//	class      nodes are classes with Fields (members); edges are relations
//	er         nodes are entities with Fields ("type name [PK|FK]"); edges are relationships
//	mindmap    the first node is the root; edges go parent -> child
//	gantt      nodes are tasks of Days days in their group (section), in order; an edge A -> B
//	           starts B after A (default: after the previous task)
package sketch

import (
	"fmt"
	"slices"
	"strings"
	"unicode"
)

// Sketch is one diagram.
type Sketch struct {
	Type      string  `json:"type"`
	Direction string  `json:"direction,omitempty"` // LR or TB (flowchart, class, er)
	Start     string  `json:"start,omitempty"`     // gantt: first day, YYYY-MM-DD
	Wrap      int     `json:"wrap,omitempty"`      // flowchart without groups: rows of this many nodes, read left to right
	Groups    []Group `json:"groups,omitempty"`
	Nodes     []Node  `json:"nodes"`
	Edges     []Edge  `json:"edges,omitempty"`
}

// Group is a subgraph (flowchart) or a section (gantt).
type Group struct {
	ID    string `json:"id"`
	Label string `json:"label"`
}

// Node is a box, participant, class, entity, branch or task.
type Node struct {
	ID     string   `json:"id"`
	Label  string   `json:"label"`
	Group  string   `json:"group,omitempty"`
	Shape  string   `json:"shape,omitempty"` // flowchart: box, round, db, circle, decision
	Fields []string `json:"fields,omitempty"`
	Days   int      `json:"days,omitempty"`
}

// Edge is a connection, message or relation.
type Edge struct {
	From  string `json:"from"`
	To    string `json:"to"`
	Label string `json:"label,omitempty"`
	Reply bool   `json:"reply,omitempty"` // sequence: a dashed return message
}

// Node returns the node with id.
func (s *Sketch) Node(id string) (*Node, bool) {
	for i := range s.Nodes {
		if s.Nodes[i].ID == id {
			return &s.Nodes[i], true
		}
	}
	return nil, false
}

// Find returns the node whose label matches name (case and space insensitive; a unique prefix
// or containment match is accepted).
func (s *Sketch) Find(name string) (*Node, bool) {
	key := fold(name)
	if key == "" {
		return nil, false
	}
	for i := range s.Nodes {
		if fold(s.Nodes[i].Label) == key || fold(s.Nodes[i].ID) == key {
			return &s.Nodes[i], true
		}
	}
	var hit *Node
	for i := range s.Nodes {
		l := fold(s.Nodes[i].Label)
		if strings.Contains(l, key) || (len(l) >= 3 && strings.Contains(key, l)) {
			if hit != nil {
				return nil, false // ambiguous
			}
			hit = &s.Nodes[i]
		}
	}
	return hit, hit != nil
}

func fold(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
		}
	}
	return strings.TrimSuffix(b.String(), "s")
}

// NewID returns an unused node id ("n<k>").
func (s *Sketch) NewID() string {
	for k := len(s.Nodes) + 1; ; k++ {
		id := fmt.Sprintf("n%d", k)
		if _, taken := s.Node(id); !taken {
			return id
		}
	}
}

// Remove deletes the node and every edge touching it.
func (s *Sketch) Remove(id string) {
	s.Nodes = slices.DeleteFunc(s.Nodes, func(n Node) bool { return n.ID == id })
	s.Edges = slices.DeleteFunc(s.Edges, func(e Edge) bool { return e.From == id || e.To == id })
}

// Connected reports whether an edge from -> to exists.
func (s *Sketch) Connected(from, to string) bool {
	return slices.ContainsFunc(s.Edges, func(e Edge) bool { return e.From == from && e.To == to })
}

// Validate checks the model is drawable: ids unique and referenced ids present.
func (s *Sketch) Validate() error {
	if len(s.Nodes) == 0 {
		return fmt.Errorf("sketch: no nodes")
	}
	seen := map[string]bool{}
	for _, n := range s.Nodes {
		if n.ID == "" || seen[n.ID] {
			return fmt.Errorf("sketch: node id %q empty or repeated", n.ID)
		}
		seen[n.ID] = true
	}
	for _, e := range s.Edges {
		if !seen[e.From] || !seen[e.To] {
			return fmt.Errorf("sketch: edge %s -> %s references a missing node", e.From, e.To)
		}
	}
	return nil
}
