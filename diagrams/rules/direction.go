package rules

import "github.com/brandgen/brandgen/diagrams/sketch"

// ranks returns how many layers a top-to-bottom layout of s has (longest path from a node
// without incoming edges; a cycle counts each of its nodes once) and how many nodes its widest
// layer holds.
func ranks(s *sketch.Sketch) (depth, width int) {
	rank := map[string]int{}
	for _, n := range s.Nodes {
		rank[n.ID] = 0
	}
	// Bellman-Ford style relaxation, bounded by the node count so a cycle cannot loop forever.
	for range s.Nodes {
		changed := false
		for _, e := range s.Edges {
			if e.From == e.To {
				continue
			}
			if r := rank[e.From] + 1; r > rank[e.To] && r < len(s.Nodes) {
				rank[e.To], changed = r, true
			}
		}
		if !changed {
			break
		}
	}
	per := map[int]int{}
	for _, r := range rank {
		per[r]++
		depth, width = max(depth, r+1), max(width, per[r])
	}
	return depth, width
}

// classDirection lays a class diagram out left to right when top to bottom would stack at least
// two layers more than its widest layer holds (a chain of three classes: a thin strip that the
// drawing would otherwise lay out a second time, left to right), else top to bottom.
func classDirection(s *sketch.Sketch) string {
	if depth, width := ranks(s); depth > width+1 {
		return "LR"
	}
	return "TB"
}
