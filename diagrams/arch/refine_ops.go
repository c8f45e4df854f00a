package arch

import (
	"errors"
	"fmt"
	"regexp"
	"strings"
)

var (
	betweenRe = regexp.MustCompile(`(?i)^(.+?)\s+between\s+(.+?)\s+and\s+(.+)$`)
	inGroupRe = regexp.MustCompile(`(?i)^(.+?)\s+(?:in|into|inside|within)\s+(?:the\s+)?(.+?)(?:\s+(?:group|boundary))?$`)
	linkRe    = regexp.MustCompile(`(?i)^(.+?)\s+(connected to|connected from|linked to|wired to|in front of|behind|after|before|that (?:calls|reads from|writes to|talks to|uses)|calling|called by|fed by|for|to|from|on)\s+(?:the\s+)?(.+)$`)
)

// add adds a node: "a Redis cache connected to the API", "a WAF in front of the ALB", "two
// workers behind the queue in the private subnet".
func (r *refiner) add(what string) (string, error) {
	what = strings.TrimSpace(what)
	group := ""
	if m := inGroupRe.FindStringSubmatch(what); m != nil {
		if gi, err := r.findGroup(m[2]); err == nil {
			what, group = m[1], r.g.Groups[gi].ID
		}
	}
	var a, b string
	mode := ""
	if m := betweenRe.FindStringSubmatch(what); m != nil {
		what, a, b, mode = m[1], m[2], m[3], "between"
	} else if m := linkRe.FindStringSubmatch(what); m != nil {
		what, a, mode = m[1], m[3], strings.ToLower(m[2])
	}
	count, name := countOf(cleanPhrase(what))
	name = cleanPhrase(name)
	if name == "" {
		return "", errors.New("add what?")
	}
	kind, ok := kindIn(name)
	if !ok {
		kind = "service"
	}
	var added []int
	for i := 1; i <= count; i++ {
		label := labelFor(name, kind)
		if count > 1 {
			label = fmt.Sprintf("%s %d", labelFor(singular(name), kind), i)
		}
		if len(r.g.Nodes) >= MaxNodes {
			return "", fmt.Errorf("a diagram has at most %d nodes", MaxNodes)
		}
		r.g.Nodes = append(r.g.Nodes, Node{ID: r.freeID(slug(label)), Label: label, Kind: kind, Group: group})
		added = append(added, len(r.g.Nodes)-1)
	}
	note := fmt.Sprintf("Added %s.", r.g.Nodes[added[0]].Label)
	if count > 1 {
		note = fmt.Sprintf("Added %d × %s.", count, labelFor(singular(name), kind))
	}
	if mode == "" {
		return note, nil
	}
	other, err := r.findNode(a)
	if err != nil {
		return "", err
	}
	o := r.g.Nodes[other].ID
	for _, n := range added {
		id := r.g.Nodes[n].ID
		switch mode {
		case "between":
			third, err := r.findNode(b)
			if err != nil {
				return "", err
			}
			t := r.g.Nodes[third].ID
			if i := r.edgeIndex(o, t); i >= 0 { // the new node goes into the existing edge
				r.g.Edges = append(r.g.Edges[:i], r.g.Edges[i+1:]...)
			}
			r.g.Edges = append(r.g.Edges, Edge{From: o, To: id}, Edge{From: id, To: t})
		case "in front of", "before", "for", "calling", "that calls", "that reads from", "that writes to", "that talks to", "that uses", "to", "on":
			if mode == "in front of" || mode == "before" {
				// the new node takes the other's incoming edges
				for i := range r.g.Edges {
					if r.g.Edges[i].To == o && r.g.Edges[i].From != id {
						r.g.Edges[i].To = id
					}
				}
			}
			if mode == "to" || mode == "on" {
				// "add a cache to the API": the API uses it.
				r.g.Edges = append(r.g.Edges, Edge{From: o, To: id})
				continue
			}
			r.g.Edges = append(r.g.Edges, Edge{From: id, To: o})
		case "behind", "after", "called by", "fed by", "from", "connected from":
			r.g.Edges = append(r.g.Edges, Edge{From: o, To: id})
		default: // connected to: along the request path
			if kindTier(kind) < kindTier(r.g.Nodes[other].Kind) {
				r.g.Edges = append(r.g.Edges, Edge{From: id, To: o})
			} else {
				r.g.Edges = append(r.g.Edges, Edge{From: o, To: id})
			}
		}
	}
	return strings.TrimSuffix(note, ".") + " (" + mode + " " + r.g.Nodes[other].Label + ").", nil
}

func (r *refiner) freeID(id string) string {
	taken := func(s string) bool {
		for _, n := range r.g.Nodes {
			if n.ID == s {
				return true
			}
		}
		for _, g := range r.g.Groups {
			if g.ID == s {
				return true
			}
		}
		return false
	}
	base, n := id, 2
	for taken(id) {
		id = fmt.Sprintf("%s-%d", base, n)
		n++
	}
	return id
}

// remove removes a node (and its edges), a group (its members move to its parent) or an edge.
func (r *refiner) remove(what string) (string, error) {
	if m := edgeNameRe.FindStringSubmatch(cleanPhrase(what)); m != nil {
		return r.disconnect(m[1], m[2])
	}
	if names := splitNames(what); len(names) > 1 {
		// "remove the cache and the worker": each in turn.
		var notes []string
		for _, n := range names {
			if strings.TrimSpace(cleanPhrase(n)) == "" {
				continue
			}
			note, err := r.remove(n)
			if err != nil {
				return "", err
			}
			notes = append(notes, note)
		}
		return strings.Join(notes, " "), nil
	}
	ni, nerr := r.findNode(what)
	if nerr != nil {
		gi, gerr := r.findGroup(what)
		if gerr != nil {
			return "", nerr
		}
		gr := r.g.Groups[gi]
		for i := range r.g.Nodes {
			if r.g.Nodes[i].Group == gr.ID {
				r.g.Nodes[i].Group = gr.Parent
			}
		}
		for i := range r.g.Groups {
			if r.g.Groups[i].Parent == gr.ID {
				r.g.Groups[i].Parent = gr.Parent
			}
		}
		r.g.Groups = append(r.g.Groups[:gi], r.g.Groups[gi+1:]...)
		return fmt.Sprintf("Removed the %s boundary.", gr.Label), nil
	}
	n := r.g.Nodes[ni]
	if len(r.g.Nodes) == 1 {
		return "", errors.New("a diagram keeps at least one node")
	}
	r.g.Nodes = append(r.g.Nodes[:ni], r.g.Nodes[ni+1:]...)
	var edges []Edge
	for _, e := range r.g.Edges {
		if e.From != n.ID && e.To != n.ID {
			edges = append(edges, e)
		}
	}
	r.g.Edges = edges
	return fmt.Sprintf("Removed %s.", n.Label), nil
}

// rename relabels a node or a group.
func (r *refiner) rename(what, to string) (string, error) {
	to = strings.TrimSpace(to)
	if to == "" {
		return "", errors.New("rename to what?")
	}
	if ni, err := r.findNode(what); err == nil {
		old := r.g.Nodes[ni].Label
		r.g.Nodes[ni].Label = to
		if k, ok := kindIn(to); ok && (r.g.Nodes[ni].Kind == "" || r.g.Nodes[ni].Kind == "service") {
			r.g.Nodes[ni].Kind = k
		}
		return fmt.Sprintf("Renamed %s to %s.", old, to), nil
	} else if gi, gerr := r.findGroup(what); gerr == nil {
		old := r.g.Groups[gi].Label
		r.g.Groups[gi].Label = to
		return fmt.Sprintf("Renamed %s to %s.", old, to), nil
	} else {
		return "", err
	}
}

// connect adds an edge (or relabels an existing one).
func (r *refiner) connect(a, b, label string) (string, error) {
	fi, err := r.findNode(a)
	if err != nil {
		return "", err
	}
	ti, err := r.findNode(b)
	if err != nil {
		return "", err
	}
	from, to := r.g.Nodes[fi], r.g.Nodes[ti]
	if from.ID == to.ID {
		return "", errors.New("a node cannot connect to itself")
	}
	if i := r.edgeIndex(from.ID, to.ID); i >= 0 {
		if label == "" || r.g.Edges[i].Label == label {
			return "", fmt.Errorf("%s already connects to %s", from.Label, to.Label)
		}
		r.g.Edges[i].Label = label
		return fmt.Sprintf("Labelled %s → %s %q.", from.Label, to.Label, label), nil
	}
	r.g.Edges = append(r.g.Edges, Edge{From: from.ID, To: to.ID, Label: clipEdgeLabel(label)})
	return fmt.Sprintf("Connected %s to %s.", from.Label, to.Label), nil
}

// disconnect removes the edges between two nodes, either way.
func (r *refiner) disconnect(a, b string) (string, error) {
	fi, err := r.findNode(a)
	if err != nil {
		return "", err
	}
	ti, err := r.findNode(b)
	if err != nil {
		return "", err
	}
	x, y := r.g.Nodes[fi].ID, r.g.Nodes[ti].ID
	var edges []Edge
	for _, e := range r.g.Edges {
		if !(e.From == x && e.To == y) && !(e.From == y && e.To == x) {
			edges = append(edges, e)
		}
	}
	if len(edges) == len(r.g.Edges) {
		return "", fmt.Errorf("%s and %s are not connected", r.g.Nodes[fi].Label, r.g.Nodes[ti].Label)
	}
	r.g.Edges = edges
	return fmt.Sprintf("Disconnected %s and %s.", r.g.Nodes[fi].Label, r.g.Nodes[ti].Label), nil
}

// move puts nodes (or a group) into a group.
func (r *refiner) move(what, into string) (string, error) {
	gi, err := r.findGroup(into)
	if err != nil {
		return "", err
	}
	gr := r.g.Groups[gi]
	var moved []string
	for _, name := range splitNames(what) {
		if strings.TrimSpace(name) == "" {
			continue
		}
		if ni, err := r.findNode(name); err == nil {
			r.g.Nodes[ni].Group = gr.ID
			moved = append(moved, r.g.Nodes[ni].Label)
			continue
		}
		si, err := r.findGroup(name)
		if err != nil {
			return "", fmt.Errorf("no node or group %q", cleanPhrase(name))
		}
		if si == gi {
			return "", errors.New("a group cannot go into itself")
		}
		r.g.Groups[si].Parent = gr.ID
		moved = append(moved, r.g.Groups[si].Label)
	}
	if len(moved) == 0 {
		return "", errors.New("move what?")
	}
	return fmt.Sprintf("Moved %s into %s.", strings.Join(moved, ", "), gr.Label), nil
}

// moveOut takes nodes out of a group (to its parent).
func (r *refiner) moveOut(what, from string) (string, error) {
	gi, err := r.findGroup(from)
	if err != nil {
		return "", err
	}
	gr := r.g.Groups[gi]
	var moved []string
	for _, name := range splitNames(what) {
		ni, err := r.findNode(name)
		if err != nil {
			return "", err
		}
		if r.g.Nodes[ni].Group != gr.ID {
			return "", fmt.Errorf("%s is not in %s", r.g.Nodes[ni].Label, gr.Label)
		}
		r.g.Nodes[ni].Group = gr.Parent
		moved = append(moved, r.g.Nodes[ni].Label)
	}
	return fmt.Sprintf("Moved %s out of %s.", strings.Join(moved, ", "), gr.Label), nil
}

// group draws a new boundary around nodes: "group the API and the worker as Backend".
func (r *refiner) group(what, name string) (string, error) {
	name = strings.Trim(cleanPhrase(name), quoteTrim)
	kind := ""
	for _, k := range GroupKinds {
		if strings.Contains(strings.ToLower(name), k) {
			kind = k
		}
	}
	if len(r.g.Groups) >= MaxGroups {
		return "", fmt.Errorf("a diagram has at most %d groups", MaxGroups)
	}
	id := r.freeID(slug(name))
	var members []int
	for _, n := range splitNames(what) {
		if strings.TrimSpace(n) == "" {
			continue
		}
		ni, err := r.findNode(n)
		if err != nil {
			return "", err
		}
		members = append(members, ni)
	}
	if len(members) == 0 {
		return "", errors.New("group what?")
	}
	parent := r.g.Nodes[members[0]].Group
	for _, m := range members {
		if r.g.Nodes[m].Group != parent {
			parent = ""
		}
	}
	r.g.Groups = append(r.g.Groups, Group{ID: id, Label: labelFor(name, ""), Kind: kind, Parent: parent})
	for _, m := range members {
		r.g.Nodes[m].Group = id
	}
	return fmt.Sprintf("Grouped %d nodes as %s.", len(members), labelFor(name, "")), nil
}
