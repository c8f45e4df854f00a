package arch

// Reveal marks: the convention shared with the diagram service and the animations. In the SVG,
// every group element carries data-group="<id>", every node data-node="<id>", every edge
// data-edge="<from>-><to>" with data-from and data-to (its label inside it), and each of them
// data-order="<n>": the 0-based build step at which it appears. Groups come first (outer before
// inner), then nodes in flow order (breadth-first along the edges from the nodes nothing points
// to); an edge appears with the later of its two ends. Revealing is toggling opacity on these
// elements: step k shows every element whose data-order <= k.

// reveal is the build step of every element.
type reveal struct {
	groups []int // by group index
	nodes  []int // by node index
	edges  []int // by edge index
	steps  int   // number of steps
}

// FlowOrder returns the node ids in flow order: breadth-first along the edges, starting from the
// nodes with no incoming edge (in input order), then from the first node not yet reached.
func FlowOrder(g Graph) []string {
	idx := flowOrder(g)
	out := make([]string, len(idx))
	for i, n := range idx {
		out[i] = g.Nodes[n].ID
	}
	return out
}

func flowOrder(g Graph) []int {
	ni := make(map[string]int, len(g.Nodes))
	for i, n := range g.Nodes {
		ni[n.ID] = i
	}
	out := make([][]int, len(g.Nodes))
	in := make([]int, len(g.Nodes))
	for _, e := range g.Edges {
		f, ok1 := ni[e.From]
		t, ok2 := ni[e.To]
		if ok1 && ok2 {
			out[f] = append(out[f], t)
			in[t]++
		}
	}
	seen := make([]bool, len(g.Nodes))
	var order, queue []int
	visit := func(start int) {
		seen[start] = true
		queue = append(queue[:0], start)
		for len(queue) > 0 {
			n := queue[0]
			queue = queue[1:]
			order = append(order, n)
			for _, t := range out[n] {
				if !seen[t] {
					seen[t] = true
					queue = append(queue, t)
				}
			}
		}
	}
	for i := range g.Nodes {
		if in[i] == 0 && !seen[i] {
			visit(i)
		}
	}
	for i := range g.Nodes {
		if !seen[i] {
			visit(i)
		}
	}
	return order
}

func revealOrder(g Graph) reveal {
	r := reveal{groups: make([]int, len(g.Groups)), nodes: make([]int, len(g.Nodes)), edges: make([]int, len(g.Edges))}
	step := 0
	for _, i := range groupOrder(g) {
		r.groups[i] = step
		step++
	}
	for _, n := range flowOrder(g) {
		r.nodes[n] = step
		step++
	}
	ni := make(map[string]int, len(g.Nodes))
	for i, n := range g.Nodes {
		ni[n.ID] = i
	}
	for i, e := range g.Edges {
		r.edges[i] = max(r.nodes[ni[e.From]], r.nodes[ni[e.To]])
	}
	r.steps = step
	return r
}
