package handlers

import (
	"bytes"
	"encoding/json"
	"runtime"
	"strings"
	"testing"
)

// bigRenderBody is a valid /render body of about size bytes: a chart's content and, as a client
// re-sending a /chart answer does, the answer's image (ignored by /render).
func bigRenderBody(t testing.TB, size int) []byte {
	t.Helper()
	head, err := json.Marshal(map[string]any{"pattern": "chart", "content": chartExample, "theme": "dark"})
	if err != nil {
		t.Fatal(err)
	}
	img := `,"image":"data:image/png;base64,` + strings.Repeat("iVBORw0KGgoAAAANSUhEUgAA", (size-len(head)-40)/24) + `"}`
	return append(head[:len(head)-1], img...)
}

// decodeRenderBody is what POST /render does with a body before it renders.
func decodeRenderBody(raw []byte) []string {
	fields, err := parseBody(raw)
	if err != nil {
		return []string{err.Error()}
	}
	var req RenderRequest
	issues := decodeFields(fields, &req)
	issues = append(issues, decodeFields(fields, &req.lookRequest)...)
	_, ci := catalog.Decode(req.Pattern, req.Content, "content.")
	issues = append(issues, ci...)
	out := make([]string, len(issues))
	for i, is := range issues {
		out[i] = is.Field + ": " + is.Message
	}
	return out
}

// allocatedPerRun is the bytes f allocates per call (runtime.MemStats.TotalAlloc), over runs.
func allocatedPerRun(runs int, f func()) uint64 {
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for range runs {
		f()
	}
	runtime.ReadMemStats(&after)
	return (after.TotalAlloc - before.TotalAlloc) / uint64(runs)
}

// Decoding a 10 MB /render body (content plus an ignored image) allocates little beyond the body
// itself: the ignored field is never copied.
func TestBodyDecodeMemory(t *testing.T) {
	raw := bigRenderBody(t, 10<<20)
	if issues := decodeRenderBody(raw); len(issues) > 0 {
		t.Fatalf("the body is not valid: %v", issues)
	}
	read := allocatedPerRun(3, func() {
		var buf bytes.Buffer
		buf.Grow(len(raw) + bytes.MinRead)
		_, _ = buf.ReadFrom(bytes.NewReader(raw))
	})
	decode := allocatedPerRun(3, func() { decodeRenderBody(raw) })
	t.Logf("10 MB /render body (%d bytes): read %.1f MB, decode %.1f MB allocated (%.2f x the body)",
		len(raw), float64(read)/(1<<20), float64(decode)/(1<<20), float64(decode)/float64(len(raw)))
	if decode > uint64(len(raw))/4 {
		t.Errorf("decoding allocates %d bytes for a %d-byte body, want under a quarter of it", decode, len(raw))
	}
}
