package generate

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/posts"
)

// MaxPromptRunes is the longest prompt the planners accept (api-v1.md: max 4000 characters).
const MaxPromptRunes = 4000

// Providers reported in Plan.Provider and the usage object.
const (
	ProviderOpenAI  = "openai"
	ProviderOffline = "offline"
)

// OfflineModel is the Plan.Model of the offline planner.
const OfflineModel = "rules-v3"

// Request is what a post is planned from.
type Request struct {
	Prompt string
	// Format is a post format id (posts.Formats); "" lets the planner choose one from the prompt.
	Format string
	// Layout is the optional layout hint of the format (posts.Layouts), e.g. "2col" or "3x3".
	Layout string
}

// Plan is a planned post: the chosen format and its content, plus who planned it and at what cost.
type Plan struct {
	Pattern string          // post format id
	Content json.RawMessage // the format's content object, valid against the catalog's schema
	// Provider is "openai" or "offline"; Model the model name ("rules-v3" offline).
	Provider string
	Model    string
	// PromptTokens and CompletionTokens are the tokens the provider reported, summed over every
	// call of the plan (the repair round-trip included); zero offline.
	PromptTokens, CompletionTokens int
}

// Planner turns a request into a plan.
type Planner interface {
	Plan(ctx context.Context, r Request) (Plan, error)
}

// Catalog is what the model planner needs from the pattern catalog. CatalogFuncs adapts a catalog
// that offers these under other names.
type Catalog interface {
	// Schema returns the JSON Schema (2020-12) of a pattern's content.
	Schema(id string) (json.RawMessage, bool)
	// Decode validates raw content of pattern id and returns the typed content, or every issue
	// found; issue fields start with prefix.
	Decode(id string, raw json.RawMessage, prefix string) (any, []brandgen.Issue)
}

// CatalogFuncs is a Catalog made of two functions, e.g. for *patterns.Catalog:
//
//	generate.CatalogFuncs{
//		SchemaFunc: func(id string) (json.RawMessage, bool) {
//			p, ok := cat.Lookup(id)
//			if !ok {
//				return nil, false
//			}
//			return p.Schema, true
//		},
//		DecodeFunc: cat.Decode,
//	}
type CatalogFuncs struct {
	SchemaFunc func(id string) (json.RawMessage, bool)
	DecodeFunc func(id string, raw json.RawMessage, prefix string) (any, []brandgen.Issue)
}

// Schema calls SchemaFunc.
func (c CatalogFuncs) Schema(id string) (json.RawMessage, bool) { return c.SchemaFunc(id) }

// Decode calls DecodeFunc.
func (c CatalogFuncs) Decode(id string, raw json.RawMessage, prefix string) (any, []brandgen.Issue) {
	return c.DecodeFunc(id, raw, prefix)
}

// New returns the planner for cfg: a Model when a model server is configured (an API key or a base
// URL is set), else an Offline planner.
func New(cfg ModelConfig, catalog Catalog) (Planner, error) {
	if cfg.APIKey == "" && cfg.BaseURL == "" {
		return NewOffline(), nil
	}
	return NewModel(cfg, catalog)
}

// validate checks the request fields every planner relies on and normalises them.
func validate(r Request) (Request, error) {
	var issues []brandgen.Issue
	r.Prompt = strings.TrimSpace(r.Prompt)
	r.Format = strings.TrimSpace(r.Format)
	r.Layout = strings.TrimSpace(r.Layout)
	switch n := utf8.RuneCountInString(r.Prompt); {
	case n == 0:
		issues = append(issues, brandgen.Issue{Field: "prompt", Message: "is required"})
	case n > MaxPromptRunes:
		issues = append(issues, brandgen.Issue{Field: "prompt", Message: fmt.Sprintf("must be at most %d characters", MaxPromptRunes)})
	}
	if r.Format != "" && !slices.Contains(posts.Formats, r.Format) {
		issues = append(issues, brandgen.Issue{Field: "format", Message: "must be one of " + strings.Join(posts.Formats, ", ")})
	}
	if err := brandgen.Invalid(issues); err != nil {
		return r, err
	}
	return r, nil
}

// layoutFor returns the layout hint when the format supports it, else "".
func layoutFor(format, layout string) string {
	if slices.Contains(posts.Layouts[format], layout) {
		return layout
	}
	return ""
}
