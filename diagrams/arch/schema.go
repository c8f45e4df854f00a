package arch

import (
	"fmt"

	"github.com/brandgen/brandgen/diagrams/arch/icons"
)

// Schema is the graph's JSON Schema (2020-12) in the strict subset of OpenAI-compatible structured
// output: every property required, additionalProperties false, optional values nullable through
// type unions, and no keyword outside type, properties, required, items, enum,
// additionalProperties and description (bounds are stated in descriptions; Validate enforces
// them). Node kinds are an enum of every known kind, so a model picks an icon that exists.
func Schema() map[string]any {
	nullable := func(desc string, enum []string) map[string]any {
		s := map[string]any{"type": []any{"string", "null"}, "description": desc}
		if enum != nil {
			vals := make([]any, 0, len(enum)+1)
			for _, v := range enum {
				vals = append(vals, v)
			}
			s["enum"] = append(vals, nil)
		}
		return s
	}
	str := func(desc string) map[string]any { return map[string]any{"type": "string", "description": desc} }
	object := func(desc string, props map[string]any, order ...string) map[string]any {
		req := make([]any, len(order))
		for i, k := range order {
			req[i] = k
		}
		return map[string]any{"type": "object", "description": desc, "properties": props,
			"required": req, "additionalProperties": false}
	}
	group := object("A boundary drawn around nodes and nested groups: a cloud region, a VPC, a subnet, a Kubernetes cluster, an availability zone, an account.",
		map[string]any{
			"id":     str(fmt.Sprintf("Unique id (letters, digits, - _ .; at most %d characters), distinct from every node id.", MaxIDLen)),
			"label":  str(fmt.Sprintf("Shown at the boundary's top-left, at most %d characters, e.g. \"us-east-1\", \"Production VPC\".", MaxLabelLen)),
			"kind":   nullable("How the boundary is drawn; null for generic.", GroupKinds),
			"parent": nullable("Id of the enclosing group, or null at the top level.", nil),
		}, "id", "label", "kind", "parent")
	node := object("One component.",
		map[string]any{
			"id":    str(fmt.Sprintf("Unique id (letters, digits, - _ .; at most %d characters).", MaxIDLen)),
			"label": str(fmt.Sprintf("Short name shown on the diagram, at most %d characters, e.g. \"Orders API\", \"Postgres\".", MaxLabelLen)),
			"kind":  nullable("The icon: the closest known kind (a cloud service, a product or a generic role such as user, api, database, queue, cache); null for a generic service.", icons.Keys()),
			"group": nullable("Id of the group the node sits in, or null.", nil),
		}, "id", "label", "kind", "group")
	edge := object("A directed connection: requests, data or events flowing from one node to another.",
		map[string]any{
			"from":  str("Id of the source node."),
			"to":    str("Id of the target node (not the source)."),
			"label": nullable(fmt.Sprintf("What flows, at most %d characters (\"HTTPS\", \"writes\", \"events\"), or null.", MaxEdgeLabel), nil),
		}, "from", "to", "label")
	return object(fmt.Sprintf("An architecture diagram: at most %d nodes, %d edges and %d groups (nested at most %d deep). Edges follow the main flow, from users and entry points toward data stores.", MaxNodes, MaxEdges, MaxGroups, MaxGroupDepth),
		map[string]any{
			"groups": map[string]any{"type": "array", "items": group, "description": "Boundaries; empty when none."},
			"nodes":  map[string]any{"type": "array", "items": node, "description": "Components; at least two for a real diagram."},
			"edges":  map[string]any{"type": "array", "items": edge, "description": "Connections; no duplicates and no self-loops."},
		}, "groups", "nodes", "edges")
}
