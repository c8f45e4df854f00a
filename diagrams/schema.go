package diagrams

import (
	"strings"

	"github.com/brandgen/brandgen"
	"github.com/invopop/jsonschema"
)

// JSONSchemaExtend states in the published schema (GET /api/v1/openapi.json) what Issues checks.
func (CreateRequest) JSONSchemaExtend(s *jsonschema.Schema) {
	extendDisplay(s)
	s.Required = []string{"prompt"}
	setProp(s, "type", enum(Types, "Diagram type; architecture (the default) is a cloud or system topology with provider icons."))
}

// JSONSchemaExtend states in the published schema what Issues checks: every field is optional.
func (RefineRequest) JSONSchemaExtend(s *jsonschema.Schema) {
	extendDisplay(s)
	s.Required = nil
}

func extendDisplay(s *jsonschema.Schema) {
	one, max := uint64(1), uint64(MaxPrompt)
	titleMax := uint64(MaxTitle)
	setProp(s, "prompt", &jsonschema.Schema{Type: "string", MinLength: &one, MaxLength: &max,
		Description: "What to draw, or (refine) what to change; refine without a prompt is a free restyle."})
	setProp(s, "title", &jsonschema.Schema{Type: "string", MaxLength: &titleMax, Description: "One line; omitted: the engine writes one."})
	setProp(s, "size", enum(sizes, "auto picks portrait or landscape, whichever fits the laid-out diagram; omitted: the saved default, else auto."))
	setProp(s, "theme", enum(brandgen.Themes, "Omitted: the saved default, else light."))
	setProp(s, "style", enum(brandgen.Styles, "Architecture diagrams only; default glass."))
	setProp(s, "nodeStyle", enum(brandgen.NodeStyles, "Architecture diagrams only: structured (boxed) or freeform (icon-only)."))
	setProp(s, "transparent", &jsonschema.Schema{Type: "boolean", Description: "Omitted: the saved default, else false."})
	setProp(s, "unbranded", &jsonschema.Schema{Type: "boolean", Description: "Diagrams default to unbranded; false stamps the brand badge."})
}

func setProp(s *jsonschema.Schema, name string, p *jsonschema.Schema) {
	if s.Properties != nil {
		s.Properties.Set(name, p)
	}
}

func enum[T ~string](values []T, desc string) *jsonschema.Schema {
	e := make([]any, len(values))
	for i, v := range values {
		e[i] = string(v)
	}
	return &jsonschema.Schema{Type: "string", Enum: e, Description: strings.TrimSpace(desc)}
}
