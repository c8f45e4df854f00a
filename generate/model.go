package generate

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"regexp"
	"strings"
	"time"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/posts"
	openai "github.com/sashabaranov/go-openai"
)

// DefaultTimeout bounds each call to the model server when ModelConfig.Timeout is zero.
const DefaultTimeout = 60 * time.Second

// ModelConfig configures the model planner.
type ModelConfig struct {
	APIKey  string // sent as a bearer token; may be empty for local servers
	BaseURL string // e.g. "https://api.openai.com/v1" (the default) or "http://localhost:11434/v1"
	Model   string // e.g. "gpt-4o-mini"
	// Timeout bounds each call (the plan and, when needed, its repair); default DefaultTimeout.
	Timeout    time.Duration
	HTTPClient *http.Client // nil: a client without its own timeout (Timeout applies)
}

// Model plans posts with an OpenAI-compatible chat-completions server and structured output.
// It is safe for concurrent use.
type Model struct {
	client  *openai.Client
	cfg     ModelConfig
	catalog Catalog
	host    string
	auto    *object            // request schema when the model chooses the format
	forced  map[string]*object // request schema per forced format

	carousel carouselSchema // the carousel's request schema, built on first use (carousel_model.go)
}

// NewModel returns a model planner. It builds the strict request schemas from the catalog's post
// schemas now, so a catalog without the post formats fails here rather than on the first request.
func NewModel(cfg ModelConfig, catalog Catalog) (*Model, error) {
	if strings.TrimSpace(cfg.Model) == "" {
		return nil, errors.New("generate: a model name is required")
	}
	if catalog == nil {
		return nil, errors.New("generate: a pattern catalog is required")
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = DefaultTimeout
	}
	client, host := newClient(cfg)
	m := &Model{client: client, cfg: cfg, catalog: catalog, forced: map[string]*object{}, host: host}
	var branches []any
	for _, id := range posts.Formats {
		raw, ok := catalog.Schema(id)
		if !ok {
			return nil, fmt.Errorf("generate: the catalog has no schema for post format %q", id)
		}
		content, err := strictify(raw)
		if err != nil {
			return nil, fmt.Errorf("generate: schema of %s: %w", id, err)
		}
		branch := formatBranch(id, content)
		m.forced[id] = branch
		branches = append(branches, branch)
	}
	post := newObject()
	post.set("description", "The post: its format id and that format's content.")
	post.set("anyOf", branches)
	m.auto = newObject()
	m.auto.set("type", "object")
	props := newObject()
	props.set("post", post)
	m.auto.set("properties", props)
	m.auto.set("required", []any{"post"})
	m.auto.set("additionalProperties", false)
	return m, nil
}

// formatBranch is {pattern: <id>, content: <strict content schema>}: a discriminated union member,
// so the chosen format and the content's shape always go together.
func formatBranch(id string, content *object) *object {
	title := posts.Titles[id]
	pattern := newObject()
	pattern.set("type", "string")
	pattern.set("enum", []any{id})
	pattern.set("description", "The post format: "+id+".")
	if _, ok := content.get("description"); !ok {
		content.set("description", title[0]+": "+title[1])
	}
	props := newObject()
	props.set("pattern", pattern)
	props.set("content", content)
	b := newObject()
	b.set("type", "object")
	b.set("description", title[0]+": "+title[1])
	b.set("properties", props)
	b.set("required", []any{"pattern", "content"})
	b.set("additionalProperties", false)
	return b
}

// Plan asks the model for the post, validates the answer against the catalog and, when it is
// invalid, asks once more with the issues found. Errors other than validation errors of the
// request wrap brandgen.ErrProviderUnavailable; the plan returned with them still reports the
// provider, the model and the tokens spent.
func (m *Model) Plan(ctx context.Context, r Request) (Plan, error) {
	r, err := validate(r)
	if err != nil {
		return Plan{}, err
	}
	schema, name := m.auto, "brandgen_post"
	if r.Format != "" {
		schema, name = m.forced[r.Format], "brandgen_"+r.Format
	}
	req := openai.ChatCompletionRequest{
		Model: m.cfg.Model,
		Messages: []openai.ChatCompletionMessage{
			{Role: openai.ChatMessageRoleSystem, Content: systemPrompt(r.Format, r.Layout)},
			{Role: openai.ChatMessageRoleUser, Content: r.Prompt},
		},
		ResponseFormat: &openai.ChatCompletionResponseFormat{
			Type: openai.ChatCompletionResponseFormatTypeJSONSchema,
			JSONSchema: &openai.ChatCompletionResponseFormatJSONSchema{
				Name:   name,
				Schema: schema,
				Strict: true,
			},
		},
	}
	plan := Plan{Provider: ProviderOpenAI, Model: m.cfg.Model}
	answer, err := m.call(ctx, req, &plan)
	if err != nil {
		return plan, err
	}
	pattern, content, issues := m.check(answer, r.Format)
	if len(issues) > 0 {
		// One repair round-trip: the model sees its answer and what is wrong with it.
		req.Messages = append(req.Messages,
			openai.ChatCompletionMessage{Role: openai.ChatMessageRoleAssistant, Content: answer},
			openai.ChatCompletionMessage{Role: openai.ChatMessageRoleUser, Content: repairPrompt(issues)})
		if answer, err = m.call(ctx, req, &plan); err != nil {
			return plan, err
		}
		if pattern, content, issues = m.check(answer, r.Format); len(issues) > 0 {
			return plan, &ProviderError{Model: m.cfg.Model, Host: m.host, Issues: issues,
				Reason: "the model's answer was still invalid after a repair request"}
		}
	}
	plan.Pattern, plan.Content = pattern, content
	return plan, nil
}

// call sends one chat completion and returns the answer text, adding the tokens used to plan.
func (m *Model) call(ctx context.Context, req openai.ChatCompletionRequest, plan *Plan) (string, error) {
	cctx, cancel := context.WithTimeout(ctx, m.cfg.Timeout)
	defer cancel()
	start := time.Now()
	resp, err := m.client.CreateChatCompletion(cctx, req)
	if err != nil {
		return "", m.providerError(ctx, cctx, err, time.Since(start))
	}
	plan.PromptTokens += resp.Usage.PromptTokens
	plan.CompletionTokens += resp.Usage.CompletionTokens
	if resp.Model != "" {
		plan.Model = resp.Model
	}
	if len(resp.Choices) == 0 {
		return "", &ProviderError{Model: m.cfg.Model, Host: m.host, Reason: "the answer has no choices"}
	}
	msg := resp.Choices[0].Message
	if msg.Refusal != "" {
		return "", &ProviderError{Model: m.cfg.Model, Host: m.host, Reason: "the model refused: " + m.redact(clip(msg.Refusal, 200))}
	}
	return msg.Content, nil
}

// check parses and validates an answer. It returns the pattern and the content re-encoded from
// the typed value, or the issues to send back to the model.
func (m *Model) check(answer, forced string) (string, json.RawMessage, []brandgen.Issue) {
	text := strings.TrimSpace(answer)
	if strings.HasPrefix(text, "```") {
		text = strings.TrimPrefix(strings.TrimPrefix(text, "```json"), "```")
		text = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(text), "```"))
	}
	v, err := decodeOrdered([]byte(text))
	if err != nil {
		return "", nil, []brandgen.Issue{{Field: "body", Message: "is not valid JSON: " + err.Error()}}
	}
	root, ok := v.(*object)
	if !ok {
		return "", nil, []brandgen.Issue{{Field: "body", Message: "must be a JSON object"}}
	}
	if post, ok := root.get("post"); ok {
		if p, ok := post.(*object); ok {
			root = p
		}
	}
	pattern, _ := root.vals["pattern"].(string)
	switch {
	case forced != "" && pattern == "":
		pattern = forced
	case forced != "" && pattern != forced:
		return "", nil, []brandgen.Issue{{Field: "pattern", Message: "must be " + forced}}
	case !containsString(posts.Formats, pattern):
		return "", nil, []brandgen.Issue{{Field: "pattern", Message: "must be one of " + strings.Join(posts.Formats, ", ")}}
	}
	content, ok := root.vals["content"]
	if !ok || content == nil {
		return "", nil, []brandgen.Issue{{Field: "content", Message: "is required"}}
	}
	raw, err := json.Marshal(dropNulls(content))
	if err != nil {
		return "", nil, []brandgen.Issue{{Field: "content", Message: err.Error()}}
	}
	typed, issues := m.catalog.Decode(pattern, raw, "content.")
	if len(issues) > 0 {
		return "", nil, issues
	}
	if typed != nil {
		if b, err := json.Marshal(typed); err == nil {
			raw = b
		}
	}
	return pattern, raw, nil
}

func containsString(set []string, s string) bool {
	for _, x := range set {
		if x == s {
			return true
		}
	}
	return false
}

// systemPrompt tells the model the job, the formats and the layout.
func systemPrompt(format, layout string) string {
	var b strings.Builder
	b.WriteString(`You write the content of one social media post image for brandgen, which draws it with the user's brand.
Answer with JSON that matches the given schema. Rules:
- Write in the language of the user's prompt, and keep the user's names, numbers, dates, prices, codes and links exactly as given.
- Do not invent facts: no statistics, quotes by real people, prices, dates, names or links that the prompt does not give. Set an optional field to null rather than make it up. You may write the copy (headlines, tips, descriptions) the prompt asks for.
- Respect the character and item limits stated in each field's description: the text is drawn on an image, short lines read best.
- Plain text only: no markdown, no placeholder or lorem ipsum text. Emoji only in fields that ask for one.
`)
	if format == "" {
		b.WriteString("\nChoose the post format that fits the prompt best:\n")
		for _, id := range posts.Formats {
			t := posts.Titles[id]
			fmt.Fprintf(&b, "- %s: %s\n", id, t[1])
		}
		for _, id := range posts.Formats {
			if hint := layoutHint(id, layout); hint != "" {
				fmt.Fprintf(&b, "If you choose %s: %s\n", id, hint)
			}
		}
	} else {
		t := posts.Titles[format]
		fmt.Fprintf(&b, "\nThe post format is %s (%s): %s\n", format, t[0], t[1])
		if hint := layoutHint(format, layout); hint != "" {
			b.WriteString(hint + "\n")
		}
	}
	return b.String()
}

func layoutHint(format, layout string) string {
	switch layoutFor(format, layout) {
	case "2x2":
		return "Layout 2x2: write exactly 4 cells."
	case "3x2":
		return "Layout 3x2: write exactly 6 cells."
	case "3x3":
		return "Layout 3x3: write exactly 9 cells."
	case "2col":
		return "Layout 2col: the items are drawn in two columns (in portrait and story only from 9 items; fewer take one column there); write an even number of items with short texts."
	case "1col":
		return "Layout 1col: the items are drawn in one column."
	}
	return ""
}

func repairPrompt(issues []brandgen.Issue) string {
	var b strings.Builder
	b.WriteString("Your answer does not validate against the schema:\n")
	for _, is := range issues {
		fmt.Fprintf(&b, "- %s: %s\n", is.Field, is.Message)
	}
	b.WriteString("Answer again with the complete, corrected JSON.")
	return b.String()
}

// ProviderError is a failure of the model server or of its answers. It wraps
// brandgen.ErrProviderUnavailable (and context.DeadlineExceeded on a timeout); its text never holds
// the API key.
type ProviderError struct {
	Model      string
	Host       string // base URL without the scheme
	StatusCode int    // HTTP status of the server's error answer, or 0
	Timeout    bool
	Issues     []brandgen.Issue // validation issues of the last answer, when that was the failure
	Reason     string
	ctxErr     error
}

func (e *ProviderError) Error() string {
	msg := fmt.Sprintf("generate: model %s at %s: %s", e.Model, e.Host, e.Reason)
	if len(e.Issues) > 0 {
		parts := make([]string, 0, len(e.Issues))
		for i, is := range e.Issues {
			if i == 5 {
				parts = append(parts, fmt.Sprintf("and %d more", len(e.Issues)-5))
				break
			}
			parts = append(parts, is.Field+": "+is.Message)
		}
		msg += " (" + strings.Join(parts, "; ") + ")"
	}
	return msg
}

// Unwrap lets errors.Is find brandgen.ErrProviderUnavailable and a context error.
func (e *ProviderError) Unwrap() []error {
	if e.ctxErr != nil {
		return []error{brandgen.ErrProviderUnavailable, e.ctxErr}
	}
	return []error{brandgen.ErrProviderUnavailable}
}

// providerError describes a failed call without the API key.
func (m *Model) providerError(parent, call context.Context, err error, took time.Duration) error {
	pe := &ProviderError{Model: m.cfg.Model, Host: m.host}
	var apiErr *openai.APIError
	var reqErr *openai.RequestError
	var netErr net.Error
	switch {
	case parent.Err() != nil:
		pe.Reason = "the request was cancelled: " + parent.Err().Error()
		pe.ctxErr = parent.Err()
	case errors.Is(err, context.DeadlineExceeded) || call.Err() != nil || (errors.As(err, &netErr) && netErr.Timeout()):
		pe.Timeout = true
		pe.Reason = fmt.Sprintf("no answer within %s (timeout)", m.cfg.Timeout)
		pe.ctxErr = context.DeadlineExceeded
	case errors.As(err, &apiErr):
		pe.StatusCode = apiErr.HTTPStatusCode
		pe.Reason = fmt.Sprintf("HTTP %d %s: %s", apiErr.HTTPStatusCode, http.StatusText(apiErr.HTTPStatusCode), clip(apiErr.Message, 200))
	case errors.As(err, &reqErr):
		pe.StatusCode = reqErr.HTTPStatusCode
		pe.Reason = fmt.Sprintf("HTTP %d %s", reqErr.HTTPStatusCode, http.StatusText(reqErr.HTTPStatusCode))
		if body := strings.TrimSpace(string(reqErr.Body)); body != "" {
			pe.Reason += ": " + clip(strings.Join(strings.Fields(body), " "), 200)
		}
	default:
		pe.Reason = "request failed after " + took.Round(time.Millisecond).String() + ": " + clip(err.Error(), 300)
	}
	pe.Reason = m.redact(pe.Reason)
	return pe
}

var secretRe = regexp.MustCompile(`\b(?:sk|key|api)[-_][A-Za-z0-9_-]{8,}|(?i:bearer)\s+\S+`)

// redact removes the API key, and anything shaped like a key or a bearer token, from s.
func (m *Model) redact(s string) string {
	if k := strings.TrimSpace(m.cfg.APIKey); len(k) >= 4 {
		s = strings.ReplaceAll(s, k, "[redacted]")
	}
	return secretRe.ReplaceAllString(s, "[redacted]")
}
