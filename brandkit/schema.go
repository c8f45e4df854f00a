package brandkit

import "github.com/invopop/jsonschema"

// JSONSchemaExtend states in the published schema (GET /api/v1/openapi.json) what Check checks.
func (Request) JSONSchemaExtend(s *jsonschema.Schema) {
	ids := make([]any, 0, len(All()))
	for _, a := range All() {
		ids = append(ids, a.ID)
	}
	s.Properties.Set("id", &jsonschema.Schema{Type: "string", Enum: ids, Description: "An asset id from GET /brandkit."})
	max := uint64(MaxPills)
	s.Properties.Set("pills", &jsonschema.Schema{Type: "array", MaxItems: &max, Items: &jsonschema.Schema{Type: "string"},
		Description: "Short labels, where the asset shows them (its pills count)."})
	s.Properties.Set("tagline", &jsonschema.Schema{Type: "string", Description: "Overrides the saved tagline for this render."})
}
