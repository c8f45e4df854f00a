package visualtest

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/brandgen/brandgen/studio"
)

// probe builds job's page, renders it with the script expr evaluated in the page (a JSON value)
// and decodes that value into out; it fails t naming the size and style when any step fails, and
// returns the raw JSON for messages.
func probe(t *testing.T, job studio.Job, expr string, out any) []byte {
	t.Helper()
	pg, err := st.Page(context.Background(), job)
	if err != nil {
		t.Fatalf("%s %s %s: page: %v", job.Pattern, job.Look.Size, job.Look.Style, err)
	}
	_, raw, err := pool.RenderProbe(context.Background(), pg, expr)
	if err != nil {
		t.Fatalf("%s %s %s: %v", job.Pattern, job.Look.Size, job.Look.Style, err)
	}
	if err := json.Unmarshal(raw, out); err != nil {
		t.Fatalf("%s %s %s: probe %s: %v", job.Pattern, job.Look.Size, job.Look.Style, raw, err)
	}
	return raw
}
