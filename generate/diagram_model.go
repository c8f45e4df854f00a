package generate

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"github.com/brandgen/brandgen"
	openai "github.com/sashabaranov/go-openai"
)

// DiagramModel plans diagrams with an OpenAI-compatible server and structured output: Mermaid
// source for the Mermaid types, or a graph matching a given JSON Schema (the architecture type).
// Every answer is checked by the caller's function (Mermaid's own parser, the graph's rules) and
// gets one repair round-trip; failures wrap brandgen.ErrProviderUnavailable.
type DiagramModel struct {
	m *Model // the shared client, timeouts and error reporting; no catalog
}

// NewDiagramModel returns the diagram model planner.
func NewDiagramModel(cfg ModelConfig) (*DiagramModel, error) {
	if strings.TrimSpace(cfg.Model) == "" {
		return nil, errors.New("generate: a model name is required")
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = DefaultTimeout
	}
	oc := openai.DefaultConfig(cfg.APIKey)
	if cfg.BaseURL != "" {
		oc.BaseURL = strings.TrimRight(cfg.BaseURL, "/")
	}
	if cfg.HTTPClient != nil {
		oc.HTTPClient = cfg.HTTPClient
	} else {
		oc.HTTPClient = &http.Client{}
	}
	m := &Model{client: openai.NewClientWithConfig(oc), cfg: cfg, host: oc.BaseURL}
	if u, err := url.Parse(oc.BaseURL); err == nil && u.Host != "" {
		m.host = u.Host + u.Path
	}
	return &DiagramModel{m: m}, nil
}

// DiagramRequest is one planning call.
type DiagramRequest struct {
	Type   string // architecture, flowchart, sequence, class, er, mindmap, gantt
	Prompt string // what to draw, or the edit instruction when Current is set
	// Current is the diagram being edited (its Mermaid source, or its graph as JSON); "" for a new one.
	Current string
	// GraphSchema is the JSON Schema of the architecture graph (strict-mode compatible); nil for
	// the Mermaid types.
	GraphSchema map[string]any
}

// DiagramAnswer is a checked answer.
type DiagramAnswer struct {
	Title  string
	Note   string
	Theme  string          // "light" or "dark" when an edit asked for it, else ""
	Source string          // Mermaid types
	Graph  json.RawMessage // architecture
	// Model is the model name the server reported; tokens are summed over the repair.
	Model                          string
	PromptTokens, CompletionTokens int
}

// DiagramCheck validates an answer and names what is wrong with it (fields "source", "graph...").
type DiagramCheck func(ctx context.Context, a DiagramAnswer) []brandgen.Issue

// Diagram asks the model for the diagram and checks it, repairing once.
func (d *DiagramModel) Diagram(ctx context.Context, r DiagramRequest, check DiagramCheck) (DiagramAnswer, error) {
	m := d.m
	schema := diagramSchema(r.GraphSchema)
	user := r.Prompt
	if r.Current != "" {
		user = "The current diagram:\n" + r.Current + "\n\nChange it as follows (keep everything else): " + r.Prompt
	}
	req := openai.ChatCompletionRequest{
		Model: m.cfg.Model,
		Messages: []openai.ChatCompletionMessage{
			{Role: openai.ChatMessageRoleSystem, Content: diagramSystemPrompt(r.Type, r.Current != "")},
			{Role: openai.ChatMessageRoleUser, Content: user},
		},
		ResponseFormat: &openai.ChatCompletionResponseFormat{
			Type: openai.ChatCompletionResponseFormatTypeJSONSchema,
			JSONSchema: &openai.ChatCompletionResponseFormatJSONSchema{
				Name: "brandgen_diagram", Schema: jsonValue{schema}, Strict: true,
			},
		},
	}
	var plan Plan
	var ans DiagramAnswer
	for attempt := 0; attempt < 2; attempt++ {
		text, err := m.call(ctx, req, &plan)
		if err != nil {
			return ans, err
		}
		var issues []brandgen.Issue
		ans, issues = parseDiagramAnswer(text, r.GraphSchema != nil)
		if len(issues) == 0 {
			issues = check(ctx, ans)
		}
		ans.Model, ans.PromptTokens, ans.CompletionTokens = plan.Model, plan.PromptTokens, plan.CompletionTokens
		if len(issues) == 0 {
			return ans, nil
		}
		if attempt == 1 {
			return ans, &ProviderError{Model: m.cfg.Model, Host: m.host, Issues: issues,
				Reason: "the model's diagram was still invalid after a repair request"}
		}
		req.Messages = append(req.Messages,
			openai.ChatCompletionMessage{Role: openai.ChatMessageRoleAssistant, Content: text},
			openai.ChatCompletionMessage{Role: openai.ChatMessageRoleUser, Content: repairPrompt(issues)})
	}
	return ans, nil
}

func parseDiagramAnswer(text string, graph bool) (DiagramAnswer, []brandgen.Issue) {
	text = strings.TrimSpace(text)
	if strings.HasPrefix(text, "```") {
		text = strings.TrimPrefix(strings.TrimPrefix(text, "```json"), "```")
		text = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(text), "```"))
	}
	var raw struct {
		Title  string          `json:"title"`
		Note   string          `json:"note"`
		Theme  string          `json:"theme"`
		Source string          `json:"source"`
		Graph  json.RawMessage `json:"graph"`
	}
	if err := json.Unmarshal([]byte(text), &raw); err != nil {
		return DiagramAnswer{}, []brandgen.Issue{{Field: "body", Message: "is not valid JSON: " + err.Error()}}
	}
	a := DiagramAnswer{Title: strings.TrimSpace(raw.Title), Note: strings.TrimSpace(raw.Note), Theme: raw.Theme,
		Source: strings.TrimSpace(raw.Source), Graph: raw.Graph}
	if a.Theme != "light" && a.Theme != "dark" {
		a.Theme = ""
	}
	if graph && (len(a.Graph) == 0 || string(a.Graph) == "null") {
		return a, []brandgen.Issue{{Field: "graph", Message: "is required"}}
	}
	if !graph && a.Source == "" {
		return a, []brandgen.Issue{{Field: "source", Message: "is required"}}
	}
	return a, nil
}

// diagramSchema is the strict answer schema: title, note, theme and the source or the graph.
func diagramSchema(graph map[string]any) map[string]any {
	props := map[string]any{
		"title": map[string]any{"type": "string", "description": "A short title for the diagram, at most 60 characters."},
		"note":  map[string]any{"type": "string", "description": "One short sentence on what was drawn or changed."},
		"theme": map[string]any{"type": "string", "enum": []any{"", "light", "dark"},
			"description": "Only when the user asks for a light or dark look: that theme; otherwise empty."},
	}
	required := []any{"title", "note", "theme"}
	if graph != nil {
		props["graph"] = graph
		required = append(required, "graph")
	} else {
		props["source"] = map[string]any{"type": "string", "description": "The complete Mermaid source of the diagram."}
		required = append(required, "source")
	}
	return map[string]any{"type": "object", "properties": props, "required": required, "additionalProperties": false}
}

var mermaidHeaders = map[string]string{
	"flowchart": "flowchart LR (or TB)", "sequence": "sequenceDiagram", "class": "classDiagram",
	"er": "erDiagram", "mindmap": "mindmap", "gantt": "gantt",
}

func diagramSystemPrompt(typ string, edit bool) string {
	var b strings.Builder
	if typ == "architecture" {
		b.WriteString("You design cloud and system architecture diagrams for brandgen, which draws them. Answer with JSON matching the schema: " +
			"the graph's groups (regions, VPCs, clusters, subnets), nodes (a kind such as aws-ecs, postgres, redis, user, queue, and a short label) and labelled edges.\n")
	} else {
		fmt.Fprintf(&b, "You write Mermaid diagrams for brandgen, which draws them with its own theme. Answer with JSON matching the schema; "+
			"source is a complete Mermaid %s diagram starting with %q.\n", typ, mermaidHeaders[typ])
		b.WriteString("- No theme, init directives, classDef, style or click lines, no %%{ }%% blocks, no HTML, no markdown fences: brandgen styles the diagram.\n" +
			"- Short labels (at most 5 words); quote labels with punctuation. No title line: the title goes in the title field.\n" +
			"- At most 40 nodes; prefer a clear structure over detail.\n")
	}
	b.WriteString("- Write in the language of the user's prompt and keep the user's names exactly.\n")
	if edit {
		b.WriteString("- You are editing the current diagram: apply the requested change, keep everything else as it is, and return the whole diagram.\n")
	}
	return b.String()
}

// jsonValue marshals any value (the response format takes a json.Marshaler).
type jsonValue struct{ v any }

func (j jsonValue) MarshalJSON() ([]byte, error) { return json.Marshal(j.v) }
