package rules

import (
	"errors"
	"fmt"
	"regexp"
	"strings"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/diagrams/sketch"
)

// Display is a display change an instruction asked for ("make it dark"); empty fields keep the
// diagram's current value.
type Display struct {
	Theme       brandgen.Theme
	Size        brandgen.Size
	Transparent *bool
}

// IsZero reports whether the instruction changed nothing of the display.
func (d Display) IsZero() bool { return d.Theme == "" && d.Size == "" && d.Transparent == nil }

// ErrUnclear: the instruction is not one the rules understand; the message says what they do.
var ErrUnclear = errors.New("the offline planner did not understand the instruction: it understands " +
	`"add X (after Y | before Y | between A and B)", "remove X", "rename X to Y", "connect X to Y", ` +
	`"disconnect X from Y" and display changes such as "make it dark"`)

var (
	renameRe     = regexp.MustCompile(`(?i)^(?:rename|relabel|change)\s+(.+?)\s+(?:to|into|as)\s+(.+)$`)
	removeRe     = regexp.MustCompile(`(?i)^(?:remove|delete|drop|take out|get rid of)\s+(?:the\s+)?(.+?)(?:\s+(?:node|step|box|table|class|participant|task))?$`)
	connectRe    = regexp.MustCompile(`(?i)^(?:connect|link|wire|join)\s+(.+?)\s+(?:to|and|with)\s+(.+?)(?:\s+(?:labelled|labeled|with label|as)\s+(.+))?$`)
	disconnectRe = regexp.MustCompile(`(?i)^(?:disconnect|unlink)\s+(.+?)\s+(?:from|and)\s+(.+)$`)
	addRe        = regexp.MustCompile(`(?i)^(?:add|insert|include|put in|append)\s+(?:an?\s+|the\s+)?(.+?)$`)
	betweenRe    = regexp.MustCompile(`(?i)^(.+?)\s+between\s+(.+?)\s+and\s+(.+)$`)
	afterRe      = regexp.MustCompile(`(?i)^(.+?)\s+(?:after|below|under|from|connected to|linked to|attached to|to)\s+(.+)$`)
	beforeRe     = regexp.MustCompile(`(?i)^(.+?)\s+(?:before|above|in front of|feeding|that feeds|calling)\s+(.+)$`)
	themeRe      = regexp.MustCompile(`(?i)\b(dark|light)\b(?:\s+(?:mode|theme|background))?`)
	sizeRe       = regexp.MustCompile(`(?i)\b(portrait|landscape|square|story|vertical|horizontal|wide|tall)\b`)
	transRe      = regexp.MustCompile(`(?i)\b(transparent|opaque|no background|solid background)\b`)
	filler       = regexp.MustCompile(`(?i)^(?:please\s+|can you\s+|could you\s+|now\s+|also\s+|and\s+)+`)
)

// Refine applies instruction to s. It returns the new sketch, the display change, and a note on
// what changed. An instruction it cannot apply is ErrUnclear (or names what it could not find),
// and s is not changed.
func Refine(s sketch.Sketch, instruction string) (sketch.Sketch, Display, string, error) {
	out := clone(s)
	var disp Display
	var notes []string
	for _, clause := range regexp.MustCompile(`(?i)\s*(?:;|\n|\.\s+|,?\s+and then\s+|,\s*then\s+)\s*`).Split(strings.TrimSpace(instruction), -1) {
		clause = strings.TrimSpace(strings.TrimRight(filler.ReplaceAllString(strings.TrimSpace(clause), ""), ".!"))
		if clause == "" {
			continue
		}
		note, err := apply(&out, &disp, clause)
		if err != nil {
			return s, Display{}, "", err
		}
		notes = append(notes, note)
	}
	if len(notes) == 0 {
		return s, Display{}, "", ErrUnclear
	}
	if err := out.Validate(); err != nil {
		return s, Display{}, "", fmt.Errorf("the edit would leave %w", err)
	}
	return out, disp, strings.Join(notes, "; "), nil
}

func clone(s sketch.Sketch) sketch.Sketch {
	out := s
	out.Groups = append([]sketch.Group(nil), s.Groups...)
	out.Nodes = make([]sketch.Node, len(s.Nodes))
	for i, n := range s.Nodes {
		n.Fields = append([]string(nil), n.Fields...)
		out.Nodes[i] = n
	}
	out.Edges = append([]sketch.Edge(nil), s.Edges...)
	return out
}

func apply(s *sketch.Sketch, disp *Display, c string) (string, error) {
	if isDisplay(c) {
		return display(disp, c), nil
	}
	find := func(name string) (*sketch.Node, error) {
		n, ok := s.Find(clean(name))
		if !ok {
			return nil, fmt.Errorf("no element called %q in the diagram", clean(name))
		}
		return n, nil
	}
	switch {
	case renameRe.MatchString(c):
		m := renameRe.FindStringSubmatch(c)
		n, err := find(m[1])
		if err != nil {
			return "", err
		}
		old := n.Label
		n.Label = clean(m[2])
		return fmt.Sprintf("renamed %s to %s", old, n.Label), nil
	case disconnectRe.MatchString(c):
		m := disconnectRe.FindStringSubmatch(c)
		a, b, err := pair(find, m[1], m[2])
		if err != nil {
			return "", err
		}
		before := len(s.Edges)
		s.Edges = removeEdge(removeEdge(s.Edges, a.ID, b.ID), b.ID, a.ID)
		if len(s.Edges) == before {
			return "", fmt.Errorf("%s and %s are not connected", a.Label, b.Label)
		}
		return fmt.Sprintf("disconnected %s from %s", a.Label, b.Label), nil
	case connectRe.MatchString(c):
		m := connectRe.FindStringSubmatch(c)
		a, b, err := pair(find, m[1], m[2])
		if err != nil {
			return "", err
		}
		s.Edges = append(s.Edges, sketch.Edge{From: a.ID, To: b.ID, Label: clean(m[3])})
		return fmt.Sprintf("connected %s to %s", a.Label, b.Label), nil
	case removeRe.MatchString(c):
		m := removeRe.FindStringSubmatch(c)
		n, err := find(m[1])
		if err != nil {
			return "", err
		}
		if len(s.Nodes) == 1 {
			return "", fmt.Errorf("%s is the only element left", n.Label)
		}
		label, id := n.Label, n.ID
		relink(s, id)
		s.Remove(id)
		return "removed " + label, nil
	case addRe.MatchString(c):
		return add(s, addRe.FindStringSubmatch(c)[1], find)
	case arrowRe.MatchString(c): // "A -> B": connect, adding what is new
		parts := arrowRe.Split(c, -1)
		var prev string
		for _, part := range parts {
			label := clean(part)
			if label == "" {
				continue
			}
			n, ok := s.Find(label)
			if !ok {
				id := s.NewID()
				s.Nodes = append(s.Nodes, sketch.Node{ID: id, Label: label, Shape: shapeOf(label), Group: lastGroup(s), Days: 7})
				n, _ = s.Node(id)
			}
			if prev != "" && !s.Connected(prev, n.ID) {
				s.Edges = append(s.Edges, sketch.Edge{From: prev, To: n.ID})
			}
			prev = n.ID
		}
		return "connected " + strings.Join(parts, " → "), nil
	}
	return "", ErrUnclear
}

// add inserts a node described by what ("cache between API and DB", "audit log after API").
func add(s *sketch.Sketch, what string, find func(string) (*sketch.Node, error)) (string, error) {
	var label string
	var from, to []string
	switch {
	case betweenRe.MatchString(what):
		m := betweenRe.FindStringSubmatch(what)
		a, b, err := pair(find, m[2], m[3])
		if err != nil {
			return "", err
		}
		label, from, to = clean(m[1]), []string{a.ID}, []string{b.ID}
		// The new node sits on the connection: drop the direct edge.
		s.Edges = removeEdge(s.Edges, a.ID, b.ID)
	case beforeRe.MatchString(what):
		m := beforeRe.FindStringSubmatch(what)
		b, err := find(m[2])
		if err != nil {
			return "", err
		}
		label, to = clean(m[1]), []string{b.ID}
	case afterRe.MatchString(what):
		m := afterRe.FindStringSubmatch(what)
		a, err := find(m[2])
		if err != nil {
			return "", err
		}
		label, from = clean(m[1]), []string{a.ID}
	default:
		label = clean(what)
		if len(s.Nodes) > 0 {
			anchor := s.Nodes[len(s.Nodes)-1].ID
			if s.Type == "mindmap" {
				anchor = s.Nodes[0].ID
			}
			if s.Type != "er" && s.Type != "class" {
				from = []string{anchor}
			} else {
				from = []string{s.Nodes[0].ID}
			}
		}
	}
	label = strings.TrimSpace(regexp.MustCompile(`(?i)\s+(?:node|step|box|table|class|participant|task)$`).ReplaceAllString(label, ""))
	if label == "" {
		return "", ErrUnclear
	}
	if _, exists := s.Find(label); exists && fold(label) != "" {
		if n, _ := s.Find(label); strings.EqualFold(n.Label, label) {
			return "", fmt.Errorf("the diagram already has %s", n.Label)
		}
	}
	id := s.NewID()
	n := sketch.Node{ID: id, Label: label, Shape: shapeOf(label), Group: lastGroup(s), Days: 7}
	if s.Type == "er" {
		n.Label, n.Shape, n.Fields = entityName(label), "", []string{"int id PK"}
	}
	if s.Type == "class" {
		n.Label, n.Shape = className(label), ""
	}
	if s.Type == "sequence" || s.Type == "mindmap" || s.Type == "gantt" {
		n.Shape = ""
	}
	s.Nodes = append(s.Nodes, n)
	for _, f := range from {
		e := sketch.Edge{From: f, To: id}
		if s.Type == "sequence" {
			e.Label = "request"
		}
		s.Edges = append(s.Edges, e)
	}
	for _, t := range to {
		s.Edges = append(s.Edges, sketch.Edge{From: id, To: t})
	}
	return "added " + n.Label, nil
}

// relink keeps a chain whole when a node in it goes: A -> X -> B becomes A -> B.
func relink(s *sketch.Sketch, id string) {
	if s.Type == "sequence" || s.Type == "er" || s.Type == "class" {
		return
	}
	var in, out []string
	for _, e := range s.Edges {
		if e.To == id {
			in = append(in, e.From)
		}
		if e.From == id {
			out = append(out, e.To)
		}
	}
	if len(in) == 1 && len(out) >= 1 {
		for _, o := range out {
			if !s.Connected(in[0], o) && in[0] != o {
				s.Edges = append(s.Edges, sketch.Edge{From: in[0], To: o})
			}
		}
	}
}

// pair finds the two elements named x and y.
func pair(find func(string) (*sketch.Node, error), x, y string) (a, b *sketch.Node, err error) {
	if a, err = find(x); err != nil {
		return nil, nil, err
	}
	if b, err = find(y); err != nil {
		return nil, nil, err
	}
	return a, b, nil
}

func removeEdge(edges []sketch.Edge, from, to string) []sketch.Edge {
	out := edges[:0]
	for _, e := range edges {
		if e.From != from || e.To != to {
			out = append(out, e)
		}
	}
	return out
}

func lastGroup(s *sketch.Sketch) string {
	if s.Type == "gantt" && len(s.Nodes) > 0 {
		return s.Nodes[len(s.Nodes)-1].Group
	}
	return ""
}

func fold(s string) string { return strings.ToLower(strings.Join(strings.Fields(s), "")) }

func isDisplay(c string) bool {
	lc := strings.ToLower(c)
	if renameRe.MatchString(c) || addRe.MatchString(c) || removeRe.MatchString(c) {
		return false
	}
	return themeRe.MatchString(c) && regexp.MustCompile(`(?i)\b(make|switch|turn|use|go|set|change|theme|mode|background)\b`).MatchString(lc) ||
		sizeRe.MatchString(c) && regexp.MustCompile(`(?i)\b(make|switch|turn|use|set|change|format|size|orientation)\b`).MatchString(lc) ||
		transRe.MatchString(c)
}

func display(d *Display, c string) string {
	var notes []string
	if m := themeRe.FindStringSubmatch(c); m != nil {
		d.Theme = brandgen.Theme(strings.ToLower(m[1]))
		notes = append(notes, "theme "+string(d.Theme))
	}
	if m := sizeRe.FindStringSubmatch(c); m != nil {
		switch strings.ToLower(m[1]) {
		case "vertical", "tall", "portrait":
			d.Size = brandgen.SizePortrait
		case "horizontal", "wide", "landscape":
			d.Size = brandgen.SizeLandscape
		default:
			d.Size = brandgen.Size(strings.ToLower(m[1]))
		}
		notes = append(notes, "size "+string(d.Size))
	}
	if m := transRe.FindStringSubmatch(c); m != nil {
		v := strings.EqualFold(m[1], "transparent") || strings.EqualFold(m[1], "no background")
		d.Transparent = &v
		notes = append(notes, fmt.Sprintf("transparent %v", v))
	}
	return strings.Join(notes, ", ")
}
