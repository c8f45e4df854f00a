package generate

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/brandgen/brandgen"
)

// mermaidLike accepts sources that start with the flowchart header (the real check is Mermaid's
// parser, in package diagrams).
func mermaidLike(_ context.Context, a DiagramAnswer) []brandgen.Issue {
	if !strings.HasPrefix(a.Source, "flowchart") {
		return []brandgen.Issue{{Field: "source", Message: "Mermaid rejects it: Parse error on line 1"}}
	}
	return nil
}

func answer(t *testing.T, v map[string]any) string {
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestDiagramModel(t *testing.T) {
	good := answer(t, map[string]any{"title": "Checkout", "note": "drew 3 steps", "theme": "", "source": "flowchart LR\n a --> b"})
	bad := answer(t, map[string]any{"title": "Checkout", "note": "", "theme": "", "source": "graph??"})
	t.Run("valid", func(t *testing.T) {
		f := newFakeOpenAI(t, reply{content: good})
		m, err := NewDiagramModel(ModelConfig{APIKey: "sk-test-123456789", BaseURL: f.URL + "/v1", Model: "gpt-test"})
		if err != nil {
			t.Fatal(err)
		}
		a, err := m.Diagram(context.Background(), DiagramRequest{Type: "flowchart", Prompt: "a then b"}, mermaidLike)
		if err != nil || a.Source != "flowchart LR\n a --> b" || a.Title != "Checkout" || a.PromptTokens != 120 {
			t.Fatalf("answer %+v, %v", a, err)
		}
		req := f.reqs()[0]
		if !req.ResponseFormat.JSONSchema.Strict || !strings.Contains(string(req.ResponseFormat.JSONSchema.Schema), `"source"`) ||
			!strings.Contains(req.Messages[0].Content, "flowchart") {
			t.Fatalf("request = %+v", req)
		}
	})
	t.Run("repaired", func(t *testing.T) {
		f := newFakeOpenAI(t, reply{content: bad}, reply{content: good})
		m, _ := NewDiagramModel(ModelConfig{BaseURL: f.URL + "/v1", Model: "gpt-test"})
		a, err := m.Diagram(context.Background(), DiagramRequest{Type: "flowchart", Prompt: "a then b", Current: "flowchart LR\n a"}, mermaidLike)
		if err != nil || a.PromptTokens != 240 {
			t.Fatalf("answer %+v, %v", a, err)
		}
		reqs := f.reqs()
		if len(reqs) != 2 || !strings.Contains(reqs[1].Messages[len(reqs[1].Messages)-1].Content, "Parse error") ||
			!strings.Contains(reqs[0].Messages[1].Content, "The current diagram") {
			t.Fatalf("repair request = %+v", reqs)
		}
	})
	t.Run("still invalid", func(t *testing.T) {
		f := newFakeOpenAI(t, reply{content: bad}, reply{content: bad})
		m, _ := NewDiagramModel(ModelConfig{BaseURL: f.URL + "/v1", Model: "gpt-test"})
		_, err := m.Diagram(context.Background(), DiagramRequest{Type: "flowchart", Prompt: "a then b"}, mermaidLike)
		var pe *ProviderError
		if !errors.Is(err, brandgen.ErrProviderUnavailable) || !errors.As(err, &pe) || len(pe.Issues) == 0 {
			t.Fatalf("err = %v", err)
		}
	})
	t.Run("server down", func(t *testing.T) {
		f := newFakeOpenAI(t, reply{status: 500, body: `{"error":{"message":"boom"}}`})
		m, _ := NewDiagramModel(ModelConfig{BaseURL: f.URL + "/v1", Model: "gpt-test"})
		if _, err := m.Diagram(context.Background(), DiagramRequest{Type: "flowchart", Prompt: "x"}, mermaidLike); !errors.Is(err, brandgen.ErrProviderUnavailable) {
			t.Fatalf("err = %v", err)
		}
	})
	t.Run("graph", func(t *testing.T) {
		f := newFakeOpenAI(t, reply{content: answer(t, map[string]any{"title": "T", "note": "n", "theme": "dark", "graph": map[string]any{"nodes": []any{}}})})
		m, _ := NewDiagramModel(ModelConfig{BaseURL: f.URL + "/v1", Model: "gpt-test"})
		schema := map[string]any{"type": "object", "properties": map[string]any{"nodes": map[string]any{"type": "array"}}}
		a, err := m.Diagram(context.Background(), DiagramRequest{Type: "architecture", Prompt: "x", GraphSchema: schema},
			func(context.Context, DiagramAnswer) []brandgen.Issue { return nil })
		if err != nil || a.Theme != "dark" || !strings.Contains(string(a.Graph), "nodes") {
			t.Fatalf("answer %+v, %v", a, err)
		}
		if s := string(f.reqs()[0].ResponseFormat.JSONSchema.Schema); !strings.Contains(s, `"graph"`) || strings.Contains(s, `"source"`) {
			t.Fatalf("schema = %s", s)
		}
	})
}
