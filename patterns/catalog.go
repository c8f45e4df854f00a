// Package patterns is the catalog of render patterns: each pattern is an id, a title, a description,
// a kind (post or chart), the layouts it supports and the JSON Schema (2020-12) of its content,
// generated from a Go type. Decode validates content against that schema and reports every invalid
// field with its path, then returns the typed value the pattern's template draws.
//
// Adding a pattern is a Definition registered in New plus its template in templates/patterns; no
// handler changes.
package patterns

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/charts"
	"github.com/brandgen/brandgen/posts"
	invopop "github.com/invopop/jsonschema"
	"github.com/santhosh-tekuri/jsonschema/v6"
)

// Kind says what a pattern makes.
type Kind string

// Pattern kinds.
const (
	KindPost  Kind = "post"
	KindChart Kind = "chart"
)

// Definition registers a pattern.
type Definition struct {
	ID, Title, Description string
	Kind                   Kind
	Layouts                []string
	// Content is a zero value of the pattern's content type, e.g. charts.Content{}.
	Content any
	// Check adds semantic checks beyond the schema; prefix is the field prefix of the call.
	Check func(content any, prefix string) []brandgen.Issue
	// Adjust may edit the generated schema (for what Go types cannot say).
	Adjust func(*invopop.Schema)
}

// Pattern is a registered pattern.
type Pattern struct {
	ID          string
	Title       string
	Description string
	Kind        Kind
	Layouts     []string
	Schema      json.RawMessage

	typ      reflect.Type
	compiled *jsonschema.Schema
	doc      any // the schema document, for error messages
	check    func(any, string) []brandgen.Issue
}

// Entry is a pattern as the catalog (GET /schemas) lists it.
type Entry struct {
	ID          string          `json:"id"`
	Title       string          `json:"title"`
	Description string          `json:"description"`
	Kind        Kind            `json:"kind"`
	Layouts     []string        `json:"layouts,omitempty"`
	Schema      json.RawMessage `json:"schema"`
}

// JSONSchemaExtend describes the entry in the published OpenAPI document.
func (Entry) JSONSchemaExtend(s *invopop.Schema) {
	s.Properties.Set("kind", &invopop.Schema{Type: "string", Enum: []any{string(KindPost), string(KindChart), string(KindSlide)}})
	s.Properties.Set("schema", &invopop.Schema{Type: "object", AdditionalProperties: invopop.TrueSchema, Description: "The content's JSON Schema (2020-12)."})
}

// Entry returns the pattern's catalog entry.
func (p *Pattern) Entry() Entry {
	return Entry{ID: p.ID, Title: p.Title, Description: p.Description, Kind: p.Kind, Layouts: p.Layouts, Schema: p.Schema}
}

// MarshalJSON writes the catalog entry: {id, title, description, kind, layouts?, schema}.
func (p *Pattern) MarshalJSON() ([]byte, error) { return json.Marshal(p.Entry()) }

// Catalog holds the patterns in registration order.
type Catalog struct {
	list []*Pattern
	byID map[string]*Pattern
}

// New returns the catalog of every built-in pattern: the post formats in contract order, then chart,
// then the carousel slide kinds (patterns/slides.go).
func New() (*Catalog, error) {
	c := &Catalog{byID: map[string]*Pattern{}}
	for _, d := range postDefinitions() {
		if err := c.Register(d); err != nil {
			return nil, err
		}
	}
	err := c.Register(Definition{
		ID: "chart", Title: "Chart", Kind: KindChart, Content: charts.Content{}, Check: checkChart, Adjust: adjustChartSchema,
		Description: "A bar, line or donut chart, or a card of 1 to 6 KPI tiles, drawn from data.",
	})
	if err != nil {
		return nil, err
	}
	for _, d := range slideDefinitions() { // patterns/slides.go
		if err := c.Register(d); err != nil {
			return nil, err
		}
	}
	return c, nil
}

// Register adds a pattern; its schema is generated and compiled once here.
func (c *Catalog) Register(d Definition) error {
	if d.ID == "" || d.Content == nil {
		return fmt.Errorf("register pattern %q: id and content type are required", d.ID)
	}
	if _, dup := c.byID[d.ID]; dup {
		return fmt.Errorf("register pattern %q: already registered", d.ID)
	}
	r := &invopop.Reflector{DoNotReference: true, ExpandedStruct: true}
	s := r.Reflect(d.Content)
	if d.Adjust != nil {
		d.Adjust(s)
	}
	s.Version = "https://json-schema.org/draft/2020-12/schema"
	s.ID = invopop.ID("https://brandgen.internal/schemas/" + d.ID + ".json")
	s.Title = d.Title
	s.Description = d.Description
	raw, err := json.Marshal(s)
	if err != nil {
		return fmt.Errorf("register pattern %q: schema: %w", d.ID, err)
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		return fmt.Errorf("register pattern %q: schema: %w", d.ID, err)
	}
	comp := jsonschema.NewCompiler()
	comp.DefaultDraft(jsonschema.Draft2020)
	url := string(s.ID)
	if err := comp.AddResource(url, doc); err != nil {
		return fmt.Errorf("register pattern %q: %w", d.ID, err)
	}
	compiled, err := comp.Compile(url)
	if err != nil {
		return fmt.Errorf("register pattern %q: compile schema: %w", d.ID, err)
	}
	p := &Pattern{ID: d.ID, Title: d.Title, Description: d.Description, Kind: d.Kind, Layouts: d.Layouts,
		Schema: raw, typ: reflect.TypeOf(d.Content), compiled: compiled, doc: doc, check: d.Check}
	c.list = append(c.list, p)
	c.byID[d.ID] = p
	return nil
}

// Lookup finds a pattern by id.
func (c *Catalog) Lookup(id string) (*Pattern, bool) {
	p, ok := c.byID[id]
	return p, ok
}

// Schema returns a pattern's content schema.
func (c *Catalog) Schema(id string) (json.RawMessage, bool) {
	p, ok := c.byID[id]
	if !ok {
		return nil, false
	}
	return p.Schema, true
}

// All lists the patterns: post formats in contract order, then chart.
func (c *Catalog) All() []*Pattern { return c.list }

// Posts lists the post formats only.
func (c *Catalog) Posts() []*Pattern {
	var out []*Pattern
	for _, p := range c.list {
		if p.Kind == KindPost {
			out = append(out, p)
		}
	}
	return out
}

// Decode validates raw content against the pattern's schema and returns it as the pattern's Go type
// (a value, e.g. charts.Content). Every invalid field is one issue whose field is prefix + path,
// e.g. "content.tiles[3].value"; prefix is "" for top-level content (POST /chart). All issues come
// together: the definition's Check runs whenever the content decodes into the Go type, even when
// the schema already found issues (the schema's issue wins on a field both report). Content is
// returned only when there is no issue.
func (c *Catalog) Decode(id string, raw json.RawMessage, prefix string) (any, []brandgen.Issue) {
	p, ok := c.byID[id]
	if !ok {
		return nil, []brandgen.Issue{{Field: "format", Message: "unknown pattern " + id}}
	}
	whole := strings.TrimSuffix(prefix, ".")
	if whole == "" {
		whole = "body"
	}
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		return nil, []brandgen.Issue{{Field: whole, Message: "must be a JSON object"}}
	}
	if _, isObject := inst.(map[string]any); !isObject {
		return nil, []brandgen.Issue{{Field: whole, Message: "must be a JSON object"}}
	}
	var issues []brandgen.Issue
	if err := p.compiled.Validate(inst); err != nil {
		issues = issuesOf(err, prefix, p.doc, inst)
	}
	v := reflect.New(p.typ)
	if err := json.Unmarshal(raw, v.Interface()); err != nil {
		if len(issues) == 0 { // the schema let through what the Go type refuses: a schema bug
			issues = []brandgen.Issue{goTypeIssue(err, prefix, whole)}
		}
		return nil, issues
	}
	content := v.Elem().Interface()
	if p.check != nil {
		issues = mergeIssues(issues, p.check(content, prefix))
	}
	if len(issues) > 0 {
		return nil, issues
	}
	return content, nil
}

// CheckLayout reports a layout the pattern does not support ("" is always fine).
func (c *Catalog) CheckLayout(id, layout string) *brandgen.Issue {
	p, ok := c.byID[id]
	if layout == "" || !ok {
		return nil
	}
	for _, l := range p.Layouts {
		if l == layout {
			return nil
		}
	}
	if len(p.Layouts) == 0 {
		return &brandgen.Issue{Field: "layout", Message: fmt.Sprintf("the %s format takes no layout", id)}
	}
	return &brandgen.Issue{Field: "layout", Message: fmt.Sprintf("must be one of %s for %s", strings.Join(p.Layouts, ", "), id)}
}

func postDefinitions() []Definition {
	types := map[string]any{
		posts.Cover: posts.CoverContent{}, posts.Roadmap: posts.RoadmapContent{}, posts.Listicle: posts.ListicleContent{},
		posts.Checklist: posts.ChecklistContent{}, posts.Resources: posts.ResourcesContent{},
		posts.Comparison: posts.ComparisonContent{}, posts.Quote: posts.QuoteContent{}, posts.Stat: posts.StatContent{},
		posts.Grid: posts.GridContent{}, posts.Code: posts.CodeContent{}, posts.Poster: posts.PosterContent{},
		posts.Announcement: posts.AnnouncementContent{}, posts.Offer: posts.OfferContent{},
		posts.Testimonial: posts.TestimonialContent{}, posts.Event: posts.EventContent{}, posts.Ad: posts.AdContent{},
		posts.Hiring: posts.HiringContent{}, posts.Showcase: posts.ShowcaseContent{}, posts.Campaign: posts.CampaignContent{},
	}
	defs := make([]Definition, 0, len(posts.Formats))
	for _, id := range posts.Formats {
		t := posts.Titles[id]
		defs = append(defs, Definition{ID: id, Title: t[0], Description: t[1], Kind: KindPost,
			Layouts: posts.Layouts[id], Content: types[id], Check: posts.Validate})
	}
	return defs
}

// goTypeIssue words a Go decoding error in the API's terms, never Go's (which names Go types).
func goTypeIssue(err error, prefix, whole string) brandgen.Issue {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) && te.Field != "" {
		return brandgen.Issue{Field: prefix + te.Field, Message: "must not be " + te.Value}
	}
	return brandgen.Issue{Field: whole, Message: "does not match the schema"}
}
