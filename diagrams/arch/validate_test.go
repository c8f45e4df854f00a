package arch

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/brandgen/brandgen"
)

func TestValidate(t *testing.T) {
	ok := Graph{
		Groups: []Group{{ID: "vpc", Label: "VPC", Kind: "vpc"}, {ID: "sub", Label: "Subnet", Kind: "subnet", Parent: "vpc"}},
		Nodes:  []Node{{ID: "a", Label: "A", Kind: "user"}, {ID: "b", Label: "B", Group: "sub"}},
		Edges:  []Edge{{From: "a", To: "b", Label: "HTTPS"}},
	}
	if issues := ok.Validate(""); len(issues) != 0 {
		t.Fatalf("valid graph: %v", issues)
	}
	long := strings.Repeat("x", MaxLabelLen+1)
	many := Graph{}
	for i := 0; i <= MaxNodes; i++ {
		many.Nodes = append(many.Nodes, Node{ID: "n" + strings.Repeat("i", i%30) + string(rune('a'+i%26)) + string(rune('a'+i/26)), Label: "N"})
	}
	cases := []struct {
		name string
		g    Graph
		want []string // fields
	}{
		{"empty", Graph{}, []string{"graph.nodes"}},
		{"too many nodes", many, []string{"graph.nodes"}},
		{"every bad field", Graph{
			Groups: []Group{{ID: "g", Label: "", Kind: "galaxy", Parent: "nowhere"}, {ID: "g", Label: "dup"}},
			Nodes: []Node{{ID: "a", Label: "A", Group: "missing"}, {ID: "a", Label: long}, {ID: "", Label: "C"},
				{ID: "has space", Label: "D"}, {ID: "e", Label: "  "}},
			Edges: []Edge{{From: "a", To: "zz"}, {From: "", To: "a"}, {From: "a", To: "a"}, {From: "e", To: "a", Label: long}, {From: "e", To: "a"}},
		}, []string{
			"graph.groups[0].label", "graph.groups[0].kind", "graph.groups[0].parent", "graph.groups[1].id",
			"graph.nodes[0].group", "graph.nodes[1].id", "graph.nodes[1].label", "graph.nodes[2].id", "graph.nodes[3].id", "graph.nodes[4].label",
			"graph.edges[0].to", "graph.edges[1].from", "graph.edges[2].to", "graph.edges[3].label", "graph.edges[4]",
		}},
		{"group cycle", Graph{
			Groups: []Group{{ID: "x", Label: "X", Parent: "y"}, {ID: "y", Label: "Y", Parent: "x"}},
			Nodes:  []Node{{ID: "a", Label: "A", Group: "x"}},
		}, []string{"graph.groups[0].parent", "graph.groups[1].parent"}},
		{"group too deep", Graph{
			Groups: []Group{{ID: "g1", Label: "1"}, {ID: "g2", Label: "2", Parent: "g1"}, {ID: "g3", Label: "3", Parent: "g2"},
				{ID: "g4", Label: "4", Parent: "g3"}, {ID: "g5", Label: "5", Parent: "g4"}},
			Nodes: []Node{{ID: "a", Label: "A", Group: "g5"}},
		}, []string{"graph.groups[4].parent"}},
		{"node id equals group id", Graph{Groups: []Group{{ID: "x", Label: "X"}}, Nodes: []Node{{ID: "x", Label: "A"}}}, []string{"graph.nodes[0].id"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			issues := c.g.Validate("graph.")
			got := map[string]bool{}
			for _, is := range issues {
				got[is.Field] = true
				if is.Message == "" {
					t.Errorf("%s: empty message", is.Field)
				}
			}
			for _, f := range c.want {
				if !got[f] {
					t.Errorf("missing issue on %s; got %v", f, issues)
				}
			}
			if len(got) != len(c.want) {
				t.Errorf("got %d fields, want %d: %v", len(got), len(c.want), issues)
			}
		})
	}
}

// TestSchemaStrict checks the strict structured-output rules on every object of the schema.
func TestSchemaStrict(t *testing.T) {
	s := Schema()
	if _, err := json.Marshal(s); err != nil {
		t.Fatal(err)
	}
	allowed := map[string]bool{"type": true, "properties": true, "required": true, "items": true, "enum": true,
		"additionalProperties": true, "description": true}
	var walk func(path string, v map[string]any)
	walk = func(path string, v map[string]any) {
		for k := range v {
			if !allowed[k] {
				t.Errorf("%s: keyword %q outside the strict subset", path, k)
			}
		}
		if props, ok := v["properties"].(map[string]any); ok {
			if v["additionalProperties"] != false {
				t.Errorf("%s: additionalProperties is not false", path)
			}
			req := map[string]bool{}
			for _, r := range v["required"].([]any) {
				req[r.(string)] = true
			}
			for name, p := range props {
				if !req[name] {
					t.Errorf("%s.%s: not required", path, name)
				}
				walk(path+"."+name, p.(map[string]any))
			}
		}
		if items, ok := v["items"].(map[string]any); ok {
			walk(path+"[]", items)
		}
	}
	walk("graph", s)
	kinds := s["properties"].(map[string]any)["nodes"].(map[string]any)["items"].(map[string]any)["properties"].(map[string]any)["kind"].(map[string]any)
	enum := kinds["enum"].([]any)
	if len(enum) < 100 || enum[len(enum)-1] != nil {
		t.Errorf("node kind enum: %d values, last %v", len(enum), enum[len(enum)-1])
	}
	// A graph as a strict model returns it (nulls for the optional fields) decodes and validates.
	raw := `{"groups":[{"id":"vpc","label":"VPC","kind":"vpc","parent":null}],
	"nodes":[{"id":"a","label":"Users","kind":"users","group":null},{"id":"b","label":"API","kind":null,"group":"vpc"}],
	"edges":[{"from":"a","to":"b","label":null}]}`
	var g Graph
	if err := json.Unmarshal([]byte(raw), &g); err != nil {
		t.Fatal(err)
	}
	if issues := g.Validate(""); len(issues) > 0 {
		t.Errorf("decoded model output: %v", issues)
	}
	_ = brandgen.Issue{}
}
