package jobs

import "github.com/invopop/jsonschema"

// JSONSchemaExtend states the statuses in the published schema (GET /api/v1/openapi.json).
func (JobStatus) JSONSchemaExtend(s *jsonschema.Schema) {
	s.Properties.Set("status", &jsonschema.Schema{Type: "string", Enum: []any{StatusQueued, StatusRendering, StatusDone, StatusFailed}})
	s.Properties.Set("image", &jsonschema.Schema{Type: "string", Pattern: "^data:image/(png|gif);base64,",
		Description: "Done only: the PNG or GIF as a data URI."})
	s.Properties.Set("error", &jsonschema.Schema{Type: "string", Description: "Failed only."})
}

// JSONSchemaExtend states the statuses in the published schema.
func (BatchStatus) JSONSchemaExtend(s *jsonschema.Schema) {
	s.Properties.Set("status", &jsonschema.Schema{Type: "string", Enum: []any{BatchPending, BatchDone}})
}
