package mcp

import (
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"

	"github.com/brandgen/brandgen/patterns"
)

// The tools' input schemas are the request-body schemas of their operations in the API's own
// OpenAPI document (GET /api/v1/openapi.json, generated from the Go types the handlers decode),
// with every $ref inlined: one source for the REST document and the tools. The schemas describe;
// the REST handlers validate.

// docPath is where the API serves its OpenAPI document.
const docPath = "/api/v1/openapi.json"

// schemas are the tools' input schemas.
type schemas struct {
	post, createDiagram, refineDiagram, chart, list map[string]any
}

// fetchDoc reads the OpenAPI document from api in-process.
func fetchDoc(api http.Handler) ([]byte, error) {
	rec := httptest.NewRecorder()
	api.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, docPath, nil))
	if rec.Code != http.StatusOK {
		return nil, fmt.Errorf("GET %s answered %d", docPath, rec.Code)
	}
	return rec.Body.Bytes(), nil
}

func newSchemas(doc []byte) (schemas, error) {
	var d struct {
		Paths      map[string]map[string]operation `json:"paths"`
		Components struct {
			Schemas map[string]any `json:"schemas"`
		} `json:"components"`
	}
	if err := json.Unmarshal(doc, &d); err != nil {
		return schemas{}, fmt.Errorf("OpenAPI document: %w", err)
	}
	body := func(id string) (map[string]any, error) {
		for _, methods := range d.Paths {
			for _, op := range methods {
				if op.ID != id {
					continue
				}
				if op.Request == nil {
					return nil, fmt.Errorf("operation %s has no JSON request body", id)
				}
				s, err := inline(op.Request.Content["application/json"].Schema, d.Components.Schemas, 0)
				if err != nil {
					return nil, fmt.Errorf("operation %s: %w", id, err)
				}
				return object(s.(map[string]any))
			}
		}
		return nil, fmt.Errorf("no operation %s in the OpenAPI document", id)
	}
	var s schemas
	var err error
	if s.post, err = body("createPost"); err != nil {
		return s, err
	}
	if s.createDiagram, err = body("createDiagram"); err != nil {
		return s, err
	}
	if s.refineDiagram, err = body("refineDiagram"); err != nil {
		return s, err
	}
	s.refineDiagram["properties"].(map[string]any)["id"] = map[string]any{"type": "string", "description": "The diagram's id, as create_diagram returned it."}
	s.refineDiagram["required"] = append(required(s.refineDiagram), "id")
	if s.chart, err = body("renderChart"); err != nil {
		return s, err
	}
	s.list = map[string]any{"type": "object", "properties": map[string]any{"kind": map[string]any{
		"type": "string", "description": "Only patterns of this kind.",
		"enum": []string{string(patterns.KindPost), string(patterns.KindChart), string(patterns.KindSlide)},
	}}}
	return s, nil
}

type operation struct {
	ID      string `json:"operationId"`
	Request *struct {
		Content map[string]struct {
			Schema any `json:"schema"`
		} `json:"content"`
	} `json:"requestBody"`
}

// inline returns a copy of the schema v with every #/components/schemas/ reference replaced by the
// (inlined) component; keywords beside a $ref (a description) win over the component's. Keys of
// OpenAPI extensions (x-...) are dropped.
func inline(v any, comps map[string]any, depth int) (any, error) {
	if depth > 32 {
		return nil, fmt.Errorf("schema references nest too deep (a cycle?)")
	}
	switch v := v.(type) {
	case map[string]any:
		out := map[string]any{}
		if ref, ok := v["$ref"].(string); ok {
			name, ok := strings.CutPrefix(ref, "#/components/schemas/")
			if !ok || comps[name] == nil {
				return nil, fmt.Errorf("unresolvable $ref %q", ref)
			}
			target, err := inline(comps[name], comps, depth+1)
			if err != nil {
				return nil, err
			}
			maps.Copy(out, target.(map[string]any))
		}
		for k, c := range v {
			if k == "$ref" || strings.HasPrefix(k, "x-") {
				continue
			}
			ic, err := inline(c, comps, depth+1)
			if err != nil {
				return nil, err
			}
			out[k] = ic
		}
		return out, nil
	case []any:
		out := make([]any, len(v))
		for i, c := range v {
			ic, err := inline(c, comps, depth+1)
			if err != nil {
				return nil, err
			}
			out[i] = ic
		}
		return out, nil
	}
	return v, nil
}

// object turns a body schema into the one object schema a tool needs: an allOf of object schemas
// (POST /chart: the display fields and the chart fields) is merged into one.
func object(s map[string]any) (map[string]any, error) {
	if s["type"] == "object" {
		if _, ok := s["properties"].(map[string]any); !ok {
			s["properties"] = map[string]any{}
		}
		return s, nil
	}
	parts, ok := s["allOf"].([]any)
	if !ok {
		return nil, fmt.Errorf("request body is not an object schema")
	}
	out := map[string]any{"type": "object"}
	props := map[string]any{}
	var req, rules []any
	for _, p := range parts {
		m, ok := p.(map[string]any)
		if !ok || m["type"] != "object" {
			return nil, fmt.Errorf("allOf part is not an object schema")
		}
		for k, v := range m {
			switch k {
			case "properties":
				maps.Copy(props, v.(map[string]any))
			case "required":
				req = append(req, v.([]any)...)
			case "allOf":
				rules = append(rules, v.([]any)...)
			case "type", "title", "additionalProperties":
			default:
				if _, set := out[k]; !set {
					out[k] = v
				}
			}
		}
	}
	out["properties"] = props
	if len(req) > 0 {
		out["required"] = req
	}
	if len(rules) > 0 {
		out["allOf"] = rules
	}
	return out, nil
}

func required(s map[string]any) []any {
	r, _ := s["required"].([]any)
	return slices.Clone(r)
}
