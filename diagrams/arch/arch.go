// Package arch is the architecture diagram type: a structured graph (groups such as region, VPC,
// cluster or subnet; nodes with a kind, an icon and a label; labelled edges), laid out by a real
// layout engine and drawn as one SVG in the four styles and two node styles. The SVG is both what
// the render pool rasterises to PNG and, made self-contained by Export, the SVG download.
//
// The pieces, one file each: the model and its validation (validate.go, schema.go), the offline
// planner and refiner (plan.go, refine.go), layout by Graphviz's dot compiled to WebAssembly
// (layout.go), the drawing in four styles (draw.go, style.go, nodes.go, edges.go, chrome.go),
// the reveal order shared with the animations (order.go), the self-contained SVG export
// (export.go) and the page the render pool rasterises (page.go). Icons live in package icons.
package arch

import (
	"github.com/brandgen/brandgen"
)

// Graph is an architecture diagram's model, stored as JSON in the diagram's revisions.
type Graph struct {
	Groups []Group `json:"groups,omitempty"`
	Nodes  []Node  `json:"nodes"`
	Edges  []Edge  `json:"edges,omitempty"`
}

// Group is a boundary drawn around nodes (and nested groups).
type Group struct {
	ID     string `json:"id"`
	Label  string `json:"label"`
	Kind   string `json:"kind,omitempty"`   // region, vpc, subnet, cluster, zone, account, generic
	Parent string `json:"parent,omitempty"` // enclosing group id
}

// Node is one component.
type Node struct {
	ID    string `json:"id"`
	Label string `json:"label"`
	Kind  string `json:"kind,omitempty"`  // icon key: "aws-ecs", "postgres", "user", "queue", ... (icons.Keys; aliases resolve)
	Group string `json:"group,omitempty"` // enclosing group id
}

// Edge is a directed connection.
type Edge struct {
	From  string `json:"from"`
	To    string `json:"to"`
	Label string `json:"label,omitempty"`
}

// Options are the display settings of a drawing.
type Options struct {
	Look        brandgen.Look  // Size may be brandgen.SizeAuto (portrait or landscape, whichever fits)
	NodeStyle   string         // structured (boxed pills) or freeform (icon only)
	Colors      Colors         // per-diagram overrides; empty fields fall back to the badge's brand colours, then the style
	Title       string         // drawn at the top; empty: none
	Badge       brandgen.Badge // Show=false: no badge
	Transparent bool
}

// Colors are the diagram's colour overrides (hex).
type Colors struct {
	Primary, Secondary, Background string
}

// Drawing is a laid-out, styled diagram.
type Drawing struct {
	SVG    string        // the whole canvas; every node and edge marked (data-node, data-edge, data-order)
	Size   brandgen.Size // the concrete size
	Width  int
	Height int
	Lang   string // BCP 47 language of the labels' script when it needs its own glyph forms ("ja", "zh", "ko"), else ""
}

// The node styles.
const (
	NodeStructured = "structured" // boxed pills: icon and label side by side on a card
	NodeFreeform   = "freeform"   // icon alone, label under it
)

// NodeStyles lists the node styles, default first.
var NodeStyles = []string{NodeStructured, NodeFreeform}
