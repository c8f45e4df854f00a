package arch

import (
	"math"
	"strings"

	"github.com/brandgen/brandgen/charts"
)

// refSize is the node label size of the reference layout, in layout units; the drawing scales
// the layout so that it becomes the label size on the canvas.
const refSize = 20.0

// The text sizes relative to the node label size.
const (
	smallRatio = 0.86 // edge and group labels at the normal density
	lineRatio  = 1.22 // line height
)

// density is how tightly a graph is set: the normal setting, and tighter ones for dense graphs
// that would otherwise print text below the floor. Lengths are in units of the reference size.
type density struct {
	name       string
	small      float64 // edge and group label size, relative to node labels
	icon       float64 // structured icon
	iconFree   float64 // freeform icon
	labelMax   float64 // widest text column of a structured node
	labelFree  float64 // of a freeform node
	padX, padY float64 // structured card padding
	gap        float64 // icon to text
	nodeSep    float64 // TB; LR uses 0.8 of it
	rankSep    float64 // TB; LR uses 1.4 of it
	cluster    float64 // cluster padding
	edgeLabelW float64 // widest edge label column
	uniform    bool    // every node gets the same box
	labelPad   float64 // vertical padding of edge and group labels
	groupLineH float64 // group label row height, relative to its text
}

var densities = []density{
	{name: "normal", small: smallRatio, icon: 1.7, iconFree: 2.8, labelMax: 8.5, labelFree: 7.5, padX: 0.85, padY: 0.7, gap: 0.6,
		nodeSep: 1.0, rankSep: 1.6, cluster: 0.8, edgeLabelW: 7, uniform: true, labelPad: 0.45, groupLineH: 1.5},
	{name: "compact", small: 0.92, icon: 1.45, iconFree: 2.2, labelMax: 6.5, labelFree: 6, padX: 0.6, padY: 0.5, gap: 0.45,
		nodeSep: 0.6, rankSep: 1.1, cluster: 0.6, edgeLabelW: 5.5, uniform: true, labelPad: 0.45, groupLineH: 1.5},
	{name: "tight", small: 1, icon: 1.3, iconFree: 1.8, labelMax: 5.5, labelFree: 5, padX: 0.45, padY: 0.35, gap: 0.35,
		nodeSep: 0.3, rankSep: 0.6, cluster: 0.35, edgeLabelW: 4.5, labelPad: 0.1, groupLineH: 1.25},
}

// metrics are the measured pieces of a graph at the reference size.
type metrics struct {
	d         density
	nodeStyle string
	maxLabel  float64 // the node label size the graph may grow to
	sizes     []size2 // node boxes
	nodeW     float64 // a one-line node of the widest label: placeholders of empty groups
	nodeH     float64
	iconSize  float64
	labelW    float64 // the text column of a node
	nodes     []nodeText
	edges     []edgeText
	groups    []groupText
}

type size2 struct{ w, h float64 }

type nodeText struct{ lines []string }

type edgeText struct {
	lines []string
	w, h  float64 // the label's box; 0 without a label
}

type groupText struct {
	text     string
	w, h     float64 // the label's box (icon and text)
	textW    float64
	iconSize float64
}

// label styles at the reference size.
func (t theme) nodeLabel() textStyle {
	return textStyle{family: t.labelFamily, weight: t.labelWeight, size: refSize * t.labelScale, fill: t.nodeText}
}

func (t theme) edgeLabelStyle(small float64) textStyle {
	s := textStyle{family: t.smallFamily, weight: t.smallWeight, size: refSize * small * t.labelScale, fill: t.edgeLabel, italic: t.smallItalic}
	return s
}

func (t theme) groupLabel(small float64) textStyle {
	size := refSize * small
	return textStyle{family: t.sans, weight: 600, size: size, upper: t.groupUpper, track: t.groupTrack}
}

// measure sizes every box of g at the reference size.
func measure(g Graph, t theme, nodeStyle string, d density) metrics {
	m := metrics{nodeStyle: nodeStyle, d: d}
	// Few nodes fill the canvas with size: the label cap grows as the graph shrinks.
	m.maxLabel = clampF(46-2*float64(len(g.Nodes)), maxLabel, 40)
	ls := t.nodeLabel()
	lineH := ls.size * lineRatio
	natural := 0.0
	for _, n := range g.Nodes {
		natural = math.Max(natural, ls.width(charts.CleanText(n.Label)))
	}
	if nodeStyle == NodeFreeform {
		m.iconSize = d.iconFree * refSize
		m.labelW = clampF(natural, 4*refSize, d.labelFree*refSize)
	} else {
		m.iconSize = d.icon * refSize
		labelMax := d.labelMax
		if len(g.Nodes) <= 6 {
			labelMax *= 1.35 // few nodes have room for long names
		}
		m.labelW = clampF(natural, 3.5*refSize, labelMax*refSize)
	}
	// The text column is at least as wide as the longest word, so that words are never cut.
	for _, n := range g.Nodes {
		for _, w := range strings.Fields(charts.CleanText(n.Label)) {
			m.labelW = math.Max(m.labelW, math.Min(ls.width(w), 10*refSize))
		}
	}
	limit := 3 // lines of a label before it is cut
	maxLines, textW := 1, 0.0
	widths := make([]float64, len(g.Nodes))
	for i, n := range g.Nodes {
		lines, ok := ls.font().Wrap(charts.CleanText(n.Label), m.labelW, limit)
		if !ok {
			lines, _ = fitLines(n.Label, ls, m.labelW, limit, ls.size)
		}
		m.nodes = append(m.nodes, nodeText{lines: lines})
		maxLines = max(maxLines, len(lines))
		for _, l := range lines {
			widths[i] = math.Max(widths[i], math.Min(ls.width(l), m.labelW))
		}
		textW = math.Max(textW, widths[i])
	}
	box := func(textW float64, lines int) (w, h float64) {
		if nodeStyle == NodeFreeform {
			return math.Max(m.iconSize+0.6*refSize, textW+0.4*refSize), m.iconSize + 0.45*refSize + float64(lines)*lineH
		}
		return d.padX*refSize*2 + m.iconSize + d.gap*refSize + textW, math.Max(m.iconSize, float64(lines)*lineH) + 2*d.padY*refSize
	}
	// Every node has the same box (tidy ranks), except at the tight density, where each node is
	// as small as its label.
	m.sizes = make([]size2, len(g.Nodes))
	for i := range g.Nodes {
		if d.uniform {
			m.sizes[i].w, m.sizes[i].h = box(textW, maxLines)
		} else {
			m.sizes[i].w, m.sizes[i].h = box(widths[i], len(m.nodes[i].lines))
		}
	}
	m.nodeW, m.nodeH = box(textW, 1)

	es := t.edgeLabelStyle(d.small)
	for _, e := range g.Edges {
		if charts.CleanText(e.Label) == "" {
			m.edges = append(m.edges, edgeText{})
			continue
		}
		lines, _ := fitLines(e.Label, es, d.edgeLabelW*refSize, 3, es.size)
		w := 0.0
		for _, l := range lines {
			w = math.Max(w, es.width(l))
		}
		m.edges = append(m.edges, edgeText{lines: lines, w: w + 0.8*refSize, h: float64(len(lines))*es.size*1.2 + d.labelPad*refSize})
	}

	gs := t.groupLabel(d.small)
	for _, gr := range g.Groups {
		text := gs.font().Truncate(gr.Label, 14*refSize)
		icon := gs.size * 1.15
		tw := gs.width(text)
		m.groups = append(m.groups, groupText{text: text, textW: tw, iconSize: icon,
			w: icon + 0.45*gs.size + tw + 0.9*refSize, h: gs.size*d.groupLineH + d.labelPad*refSize})
	}
	return m
}

// spec builds dot's input for a direction.
func (m metrics) spec(g Graph, rankdir string, spread float64) spec {
	d := m.d
	s := spec{rankdir: rankdir, clusterM: d.cluster * refSize}
	if rankdir == "LR" {
		s.nodeSep, s.rankSep = 0.8*d.nodeSep*refSize*spread, 1.4*d.rankSep*refSize*spread
	} else {
		s.nodeSep, s.rankSep = d.nodeSep*refSize*spread, d.rankSep*refSize*spread
	}
	gi := map[string]int{}
	for i, gr := range g.Groups {
		gi[gr.ID] = i
	}
	// dot wants a parent cluster before its children: order the groups parents first.
	order := groupOrder(g)
	pos := make([]int, len(g.Groups)) // group index -> position in s.groups
	for p, i := range order {
		pos[i] = p
	}
	hasNodes := make([]bool, len(g.Groups))
	for _, n := range g.Nodes {
		for cur, ok := gi[n.Group]; ok; cur, ok = gi[g.Groups[cur].Parent] {
			if hasNodes[cur] {
				break
			}
			hasNodes[cur] = true
		}
	}
	for _, i := range order {
		gr := g.Groups[i]
		parent := -1
		if p, ok := gi[gr.Parent]; ok {
			parent = pos[p]
		}
		sg := specGroup{parent: parent, labelW: m.groups[i].w, labelH: m.groups[i].h}
		if !hasNodes[i] {
			sg.placeholderW = m.nodeW
		}
		s.groups = append(s.groups, sg)
	}
	for j, n := range g.Nodes {
		grp := -1
		if i, ok := gi[n.Group]; ok {
			grp = pos[i]
		}
		s.nodes = append(s.nodes, specNode{w: m.sizes[j].w, h: m.sizes[j].h, group: grp})
	}
	ni := map[string]int{}
	for i, n := range g.Nodes {
		ni[n.ID] = i
	}
	for i, e := range g.Edges {
		s.edges = append(s.edges, specEdge{from: ni[e.From], to: ni[e.To], labelW: m.edges[i].w, labelH: m.edges[i].h})
	}
	return s
}

// groupOrder lists group indexes with every parent before its children (input order otherwise).
func groupOrder(g Graph) []int {
	gi := map[string]int{}
	for i, gr := range g.Groups {
		gi[gr.ID] = i
	}
	depth := func(i int) int {
		d := 0
		for p, ok := gi[g.Groups[i].Parent]; ok && d <= MaxGroupDepth; p, ok = gi[g.Groups[p].Parent] {
			d++
		}
		return d
	}
	var out []int
	for d := 0; d <= MaxGroupDepth; d++ {
		for i := range g.Groups {
			if depth(i) == d {
				out = append(out, i)
			}
		}
	}
	return out
}

func clampF(v, lo, hi float64) float64 { return math.Max(lo, math.Min(hi, v)) }
