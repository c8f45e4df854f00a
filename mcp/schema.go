package mcp

import (
	"encoding/json"
	"fmt"
	"slices"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/diagrams"
	"github.com/brandgen/brandgen/patterns"
	"github.com/brandgen/brandgen/posts"
	invopop "github.com/invopop/jsonschema"
)

// The tools' inputs are the REST request bodies. Their JSON schemas are reflected from the Go
// types the handlers decode (diagrams.CreateRequest, diagrams.RefineRequest, brandgen.Brand, the
// chart pattern's schema from the catalog), with the allowed values filled in from the same Go
// enumerations the handlers validate against. The schemas describe; the REST handlers validate.

// lookInput are the display fields of POST /posts and /chart.
type lookInput struct {
	Size      brandgen.Size   `json:"size,omitempty"`
	Theme     brandgen.Theme  `json:"theme,omitempty"`
	Style     brandgen.Style  `json:"style,omitempty"`
	Brand     *brandgen.Brand `json:"brand,omitempty"`
	Unbranded bool            `json:"unbranded,omitempty"`
}

// postInput is the body of POST /posts.
type postInput struct {
	Prompt string `json:"prompt"`
	Format string `json:"format,omitempty"`
	Layout string `json:"layout,omitempty"`
	lookInput
}

// refineInput is the id of the diagram plus the body of POST /diagrams/{id}/refine.
type refineInput struct {
	ID string `json:"id"`
	diagrams.RefineRequest
}

// listInput filters list_patterns.
type listInput struct {
	Kind string `json:"kind,omitempty"`
}

// descriptions of the fields, shared by every tool that has them.
var descriptions = map[string]string{
	"prompt":      "What to make, in plain words (at most 4000 characters).",
	"format":      "Post format; omitted: chosen from the prompt.",
	"layout":      "List-layout hint of formats that have layouts (see list_patterns).",
	"size":        "Canvas size.",
	"theme":       "Light or dark.",
	"style":       "Visual style.",
	"brand":       "Brand for this call only (name, handle, logo as https URL or data URI, colors {primary, secondary} as hex, tagline); empty fields fall back to the saved brand.",
	"unbranded":   "true: no name or logo badge on this image (brand colours are kept).",
	"type":        "Diagram type.",
	"nodeStyle":   "Architecture diagrams: structured (boxed) or freeform (icons only).",
	"title":       "Diagram title, at most 80 characters.",
	"transparent": "Transparent background.",
	"colors":      "Hex colour overrides {primary, secondary, background}.",
	"id":          "The diagram's id, as create_diagram returned it.",
	"kind":        "Only patterns of this kind.",
}

// enums are the allowed values of the fields, from the Go enumerations.
func enums() map[string][]string {
	return map[string][]string{
		"size":      strs(brandgen.Sizes),
		"theme":     strs(brandgen.Themes),
		"style":     strs(brandgen.Styles),
		"format":    posts.Formats,
		"type":      diagrams.Types,
		"nodeStyle": brandgen.NodeStyles,
		"kind":      {string(patterns.KindPost), string(patterns.KindChart), string(patterns.KindSlide)},
	}
}

func strs[T ~string](in []T) []string {
	out := make([]string, len(in))
	for i, v := range in {
		out[i] = string(v)
	}
	return out
}

// reflect returns the JSON schema of v's type as a map, with descriptions, enums and the required
// fields set.
func reflect(v any, required ...string) (map[string]any, error) {
	r := &invopop.Reflector{DoNotReference: true, ExpandedStruct: true, AllowAdditionalProperties: true}
	raw, err := json.Marshal(r.Reflect(v))
	if err != nil {
		return nil, err
	}
	var s map[string]any
	if err := json.Unmarshal(raw, &s); err != nil {
		return nil, err
	}
	delete(s, "$schema")
	delete(s, "$id")
	delete(s, "additionalProperties") // unknown fields are ignored, as by the REST API
	props, _ := s["properties"].(map[string]any)
	annotate(props)
	s["required"] = required
	if len(required) == 0 {
		delete(s, "required")
	}
	return s, nil
}

func annotate(props map[string]any) {
	en := enums()
	for name, p := range props {
		m, ok := p.(map[string]any)
		if !ok {
			continue
		}
		if d, ok := descriptions[name]; ok {
			if _, has := m["description"]; !has {
				m["description"] = d
			}
		}
		if values, ok := en[name]; ok {
			m["enum"] = values
		}
	}
}

// schemas are the tools' input schemas.
type schemas struct {
	post, createDiagram, refineDiagram, chart, list map[string]any
}

func newSchemas(catalog *patterns.Catalog) (schemas, error) {
	var s schemas
	var err error
	if s.post, err = reflect(postInput{}, "prompt"); err != nil {
		return s, fmt.Errorf("create_post schema: %w", err)
	}
	if s.createDiagram, err = reflect(diagrams.CreateRequest{}, "prompt"); err != nil {
		return s, fmt.Errorf("create_diagram schema: %w", err)
	}
	if s.refineDiagram, err = reflect(refineInput{}, "id"); err != nil {
		return s, fmt.Errorf("refine_diagram schema: %w", err)
	}
	for _, d := range []map[string]any{s.createDiagram, s.refineDiagram} {
		props := d["properties"].(map[string]any)
		if size, ok := props["size"].(map[string]any); ok { // diagrams also take auto
			size["enum"] = append(strs(brandgen.Sizes), string(brandgen.SizeAuto))
		}
		if ub, ok := props["unbranded"].(map[string]any); ok {
			ub["description"] = "true: no badge; false: stamp the brand. Diagrams default to unbranded (or the account's setting)."
		}
	}
	if s.chart, err = chartSchema(catalog); err != nil {
		return s, fmt.Errorf("render_chart schema: %w", err)
	}
	if s.list, err = reflect(listInput{}); err != nil {
		return s, fmt.Errorf("list_patterns schema: %w", err)
	}
	return s, nil
}

// chartSchema is the chart pattern's content schema from the catalog (the top-level fields of
// POST /chart) plus the display fields.
func chartSchema(catalog *patterns.Catalog) (map[string]any, error) {
	raw, ok := catalog.Schema("chart")
	if !ok {
		return nil, fmt.Errorf("the catalog has no chart pattern")
	}
	var s map[string]any
	if err := json.Unmarshal(raw, &s); err != nil {
		return nil, err
	}
	look, err := reflect(lookInput{})
	if err != nil {
		return nil, err
	}
	props := s["properties"].(map[string]any)
	for k, v := range look["properties"].(map[string]any) {
		props[k] = v
	}
	for _, k := range []string{"$schema", "$id", "title", "additionalProperties"} {
		delete(s, k)
	}
	dropKeyword(s, "errorMessage") // the catalog's own keyword, unknown to clients' validators
	if req, ok := s["required"].([]any); !ok || !slices.Contains(req, any("chartType")) {
		return nil, fmt.Errorf("chart schema does not require chartType")
	}
	return s, nil
}

// dropKeyword removes key from every object of the schema document v.
func dropKeyword(v any, key string) {
	switch v := v.(type) {
	case map[string]any:
		delete(v, key)
		for _, c := range v {
			dropKeyword(c, key)
		}
	case []any:
		for _, c := range v {
			dropKeyword(c, key)
		}
	}
}
