package sketch

import (
	"fmt"
	"regexp"
	"strings"
	"time"
)

// Mermaid is the sketch's Mermaid source.
func (s Sketch) Mermaid() string {
	var b strings.Builder
	line := func(format string, args ...any) { fmt.Fprintf(&b, format+"\n", args...) }
	switch s.Type {
	case "sequence":
		line("sequenceDiagram")
		for _, n := range s.Nodes {
			line("  participant %s as %s", n.ID, seqText(n.Label))
		}
		for _, e := range s.Edges {
			arrow := "->>"
			if e.Reply {
				arrow = "-->>"
			}
			label := seqText(e.Label)
			if label == "" {
				label = " "
			}
			line("  %s%s%s: %s", e.From, arrow, e.To, label)
		}
	case "class":
		line("classDiagram")
		line("  direction %s", s.dir("TB"))
		for _, n := range s.Nodes {
			line("  class %s[%s] {", n.ID, quote(n.Label))
			for _, f := range n.Fields {
				line("    %s", memberText(f))
			}
			line("  }")
		}
		for _, e := range s.Edges {
			if e.Label != "" {
				line("  %s --> %s : %s", e.From, e.To, relText(e.Label))
			} else {
				line("  %s --> %s", e.From, e.To)
			}
		}
	case "er":
		line("erDiagram")
		line("  direction %s", s.dir("LR"))
		for _, n := range s.Nodes {
			line("  %s[%s] {", n.ID, quote(n.Label))
			for _, f := range n.Fields {
				if a := erAttribute(f); a != "" {
					line("    %s", a)
				}
			}
			line("  }")
		}
		flip := s.balancedLeaves()
		for i, e := range s.Edges {
			label := e.Label
			if label == "" && len(s.Nodes) < DenseER {
				label = "has"
			}
			if flip[i] { // the same relationship written from the child: laid out on the other side
				line("  %s }o--|| %s : %s", e.To, e.From, quote(label))
				continue
			}
			line("  %s ||--o{ %s : %s", e.From, e.To, quote(label))
		}
	case "mindmap":
		line("mindmap")
		if len(s.Nodes) == 0 {
			break
		}
		children := map[string][]string{}
		hasParent := map[string]bool{}
		for _, e := range s.Edges {
			if !hasParent[e.To] && e.To != s.Nodes[0].ID {
				children[e.From] = append(children[e.From], e.To)
				hasParent[e.To] = true
			}
		}
		for _, n := range s.Nodes[1:] { // orphans hang off the root
			if !hasParent[n.ID] {
				children[s.Nodes[0].ID] = append(children[s.Nodes[0].ID], n.ID)
			}
		}
		var walk func(id string, depth int, seen map[string]bool)
		walk = func(id string, depth int, seen map[string]bool) {
			if seen[id] {
				return
			}
			seen[id] = true
			n, _ := s.Node(id)
			shape := "[%s]"
			if depth == 0 {
				shape = "((%s))"
			} else if depth == 1 {
				shape = "(%s)"
			}
			line("%s%s"+shape, strings.Repeat("  ", depth+1), n.ID, quote(n.Label))
			for _, c := range children[id] {
				walk(c, depth+1, seen)
			}
		}
		walk(s.Nodes[0].ID, 0, map[string]bool{})
	case "gantt":
		line("gantt")
		line("  dateFormat YYYY-MM-DD")
		line("  axisFormat %%b %%d")
		start := s.Start
		if _, err := time.Parse("2006-01-02", start); err != nil {
			start = "2026-01-05"
		}
		after := map[string]string{}
		for _, e := range s.Edges {
			after[e.To] = e.From
		}
		section := "\x00"
		for i, n := range s.Nodes {
			if n.Group != section || i == 0 {
				section = n.Group
				line("  section %s", ganttText(s.groupLabel(n.Group, "Plan")))
			}
			days := max(n.Days, 1)
			switch {
			case after[n.ID] != "":
				line("  %s :%s, after %s, %dd", ganttText(n.Label), n.ID, after[n.ID], days)
			case i == 0:
				line("  %s :%s, %s, %dd", ganttText(n.Label), n.ID, start, days)
			default:
				line("  %s :%s, after %s, %dd", ganttText(n.Label), n.ID, s.Nodes[i-1].ID, days)
			}
		}
	default: // flowchart
		if s.Wrap > 1 && len(s.Groups) == 0 && len(s.Nodes) > s.Wrap {
			s.wrapRows(line)
			break
		}
		line("flowchart %s", s.dir("LR"))
		inGroup := map[string][]Node{}
		for _, n := range s.Nodes {
			inGroup[n.Group] = append(inGroup[n.Group], n)
		}
		for _, n := range inGroup[""] {
			line("  %s", flowNode(n))
		}
		for _, g := range s.Groups {
			if len(inGroup[g.ID]) == 0 {
				continue
			}
			line("  subgraph %s [%s]", g.ID, quote(g.Label))
			for _, n := range inGroup[g.ID] {
				line("    %s", flowNode(n))
			}
			line("  end")
		}
		for _, e := range s.Edges {
			if e.Label != "" {
				line("  %s -->|%s| %s", e.From, quote(e.Label), e.To)
			} else {
				line("  %s --> %s", e.From, e.To)
			}
		}
	}
	return b.String()
}

func (s Sketch) dir(def string) string {
	if s.Direction == "LR" || s.Direction == "TB" {
		return s.Direction
	}
	return def
}

func (s Sketch) groupLabel(id, def string) string {
	for _, g := range s.Groups {
		if g.ID == id {
			return g.Label
		}
	}
	return def
}

func flowNode(n Node) string {
	l := quote(n.Label)
	switch n.Shape {
	case "round":
		return n.ID + "(" + l + ")"
	case "db":
		return n.ID + "[(" + l + ")]"
	case "circle":
		return n.ID + "((" + l + "))"
	case "decision":
		return n.ID + "{" + l + "}"
	}
	return n.ID + "[" + l + "]"
}

// clean makes one line of label text: no control characters, quotes or entity starts.
func clean(s string) string {
	s = strings.Map(func(r rune) rune {
		switch {
		case r == '\n' || r == '\r' || r == '\t':
			return ' '
		case r < 0x20:
			return -1
		case r == '"':
			return '\''
		case r == '#':
			return '№'
		}
		return r
	}, s)
	return strings.Join(strings.Fields(s), " ")
}

func quote(s string) string { return `"` + clean(s) + `"` }

var seqBad = strings.NewReplacer(";", ",", ":", " -", "<", "‹", ">", "›", "%", " pct", "+", " plus ", "-", "‐")

// seqText is text safe after "participant x as" or a message's colon.
func seqText(s string) string { return strings.TrimSpace(seqBad.Replace(clean(s))) }

var memberRe = regexp.MustCompile(`[^\p{L}\p{N}_ +\-#~():,\[\]<>]`)

func memberText(s string) string { return strings.TrimSpace(memberRe.ReplaceAllString(clean(s), "")) }

var relBad = strings.NewReplacer(":", " ", "<", "", ">", "", "{", "", "}", "")

func relText(s string) string { return strings.TrimSpace(relBad.Replace(clean(s))) }

var ganttBad = strings.NewReplacer(":", " -", ";", ",")

func ganttText(s string) string { return strings.TrimSpace(ganttBad.Replace(clean(s))) }

var identRe = regexp.MustCompile(`[^A-Za-z0-9_]+`)

// erAttribute renders "type name [PK|FK]" as an attribute line, or "" for an unusable field.
func erAttribute(f string) string {
	parts := strings.Fields(clean(f))
	if len(parts) == 0 {
		return ""
	}
	if len(parts) == 1 {
		parts = []string{"string", parts[0]}
	}
	typ := identRe.ReplaceAllString(parts[0], "_")
	name := identRe.ReplaceAllString(parts[1], "_")
	if typ == "" || name == "" {
		return ""
	}
	out := typ + " " + name
	for _, k := range parts[2:] {
		if k = strings.ToUpper(strings.Trim(k, ",")); k == "PK" || k == "FK" || k == "UK" {
			out += " " + k
			break
		}
	}
	return out
}

// wrapRows writes a long flowchart as rows of s.Wrap nodes (left to right), stacked top to
// bottom: dense chains stay large enough to read on a canvas.
func (s Sketch) wrapRows(line func(string, ...any)) {
	line("flowchart TB")
	for i := 0; i < len(s.Nodes); i += s.Wrap {
		line("  subgraph row%d [\" \"]", i/s.Wrap+1)
		line("    direction LR")
		for _, n := range s.Nodes[i:min(i+s.Wrap, len(s.Nodes))] {
			line("    %s", flowNode(n))
		}
		line("  end")
	}
	// Edges inside a row link nodes; an edge between rows links the rows themselves (Mermaid
	// ignores a subgraph's direction once a node in it links outside).
	row := map[string]int{}
	for i, n := range s.Nodes {
		row[n.ID] = i/s.Wrap + 1
	}
	linked := map[[2]int]bool{}
	for _, e := range s.Edges {
		from, to := e.From, e.To
		if ra, rb := row[from], row[to]; ra != rb {
			if linked[[2]int{ra, rb}] {
				continue
			}
			linked[[2]int{ra, rb}] = true
			from, to = fmt.Sprintf("row%d", ra), fmt.Sprintf("row%d", rb)
		}
		if e.Label != "" {
			line("  %s -->|%s| %s", from, quote(e.Label), to)
		} else {
			line("  %s --> %s", from, to)
		}
	}
}

// DenseER is the entity count from which an ER diagram is set tight: relationships without a
// stated label go unlabelled (a "has" on every line is noise there).
const DenseER = 16

// balancedLeaves marks, for an entity with many leaf children (tables related to it alone), every
// other one of those edges: written from the child, the layout puts those children on the other
// side of the parent, so a hub's children stand in two shorter columns (or rows), not one.
func (s Sketch) balancedLeaves() map[int]bool {
	degree := map[string]int{}
	for _, e := range s.Edges {
		degree[e.From]++
		degree[e.To]++
	}
	leaves := map[string][]int{}
	for i, e := range s.Edges {
		if degree[e.To] == 1 {
			leaves[e.From] = append(leaves[e.From], i)
		}
	}
	flip := map[int]bool{}
	for _, idx := range leaves {
		if len(idx) < 5 {
			continue
		}
		for k, i := range idx {
			if k%2 == 1 {
				flip[i] = true
			}
		}
	}
	return flip
}
