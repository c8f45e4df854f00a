package handlers

import (
	"encoding/json"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/animate"
	"github.com/brandgen/brandgen/brandkit"
	"github.com/brandgen/brandgen/carousel"
	"github.com/brandgen/brandgen/diagrams"
	"github.com/brandgen/brandgen/jobs"
	"github.com/brandgen/brandgen/meter"
	"github.com/brandgen/brandgen/patterns"
	"github.com/invopop/jsonschema"
)

// The request and response bodies of the API. The handlers decode and answer with these types, and
// the OpenAPI document (routes.go) is reflected from them: a field without omitempty is required
// (requests) or always present (responses). JSONSchemaExtend methods state what the handlers check
// beyond the Go types, from the same constants; refs name the catalog's schemas (catalogSchemas).

// PostRequest is the body of POST /posts.
type PostRequest struct {
	lookRequest
	Prompt *string `json:"prompt"`
	Format string  `json:"format,omitempty"`
	Layout string  `json:"layout,omitempty"`
}

// JSONSchemaExtend adds the limits checked by createPost.
func (PostRequest) JSONSchemaExtend(s *jsonschema.Schema) {
	lookFields(s)
	setProp(s, "prompt", prompt(maxPrompt, "What the post is about."))
	setProp(s, "format", ref("PostFormat", "The post format; omitted: chosen from the prompt."))
	setProp(s, "layout", ref("Layout", "List-layout hint of formats that take one (the catalog lists each format's layouts)."))
}

// PostResponse is the body of POST /posts.
type PostResponse struct {
	Pattern string      `json:"pattern"`
	Content any         `json:"content"`
	Image   string      `json:"image"`
	Usage   meter.Usage `json:"usage"`
	// Warnings: what the render did to fit the content (optional parts left out), if anything.
	Warnings []brandgen.Warning `json:"warnings,omitempty"`
}

// JSONSchemaExtend names the content and image types.
func (PostResponse) JSONSchemaExtend(s *jsonschema.Schema) {
	setProp(s, "pattern", ref("PostFormat", ""))
	setProp(s, "content", ref("PostContent", "The planned content: send it to POST /render, edited or not, to re-render."))
	setProp(s, "image", dataURI("image/png"))
}

// ChartRequest holds the display fields of POST /chart; its data fields (chartType, series, ...)
// are the chart pattern's content at the top level (the document joins both).
type ChartRequest struct {
	lookRequest
}

// JSONSchemaExtend describes the display fields.
func (ChartRequest) JSONSchemaExtend(s *jsonschema.Schema) { lookFields(s) }

// ImageResponse is the body of POST /chart and POST /render.
type ImageResponse struct {
	Pattern string `json:"pattern"`
	Content any    `json:"content"`
	Image   string `json:"image"`
	// Warnings: what the render did to fit the content (optional parts left out), if anything.
	Warnings []brandgen.Warning `json:"warnings,omitempty"`
}

// JSONSchemaExtend names the content and image types.
func (ImageResponse) JSONSchemaExtend(s *jsonschema.Schema) {
	setProp(s, "pattern", ref("PatternID", ""))
	setProp(s, "content", ref("Content", "The rendered content: send it back to POST /render to re-render."))
	setProp(s, "image", dataURI("image/png"))
}

// RenderRequest is the body of POST /render: a /posts or /chart answer is accepted unmodified.
type RenderRequest struct {
	lookRequest
	Format  string          `json:"format,omitempty"`
	Pattern string          `json:"pattern,omitempty"`
	Layout  string          `json:"layout,omitempty"`
	Content json.RawMessage `json:"content"`
}

// JSONSchemaExtend names the pattern and content types.
func (RenderRequest) JSONSchemaExtend(s *jsonschema.Schema) {
	lookFields(s)
	setProp(s, "format", ref("PatternID", "The pattern of the content; required unless pattern is given."))
	setProp(s, "pattern", ref("PatternID", "Same as format (the key of a /posts or /chart answer)."))
	setProp(s, "layout", ref("Layout", ""))
	setProp(s, "content", ref("Content", "Content of the pattern, as a /posts or /chart answer returned it, edited or not."))
}

// AnimateRequest is the body of POST /animate: format and content, or diagramId alone.
type AnimateRequest struct {
	lookRequest
	Format    string          `json:"format,omitempty"`
	Pattern   string          `json:"pattern,omitempty"` // a /posts or /chart response sent back as is
	Layout    string          `json:"layout,omitempty"`
	Content   json.RawMessage `json:"content,omitempty"`
	DiagramID *string         `json:"diagramId,omitempty"`
	Anim      animate.Mode    `json:"anim,omitempty"`
	Speed     animate.Speed   `json:"speed,omitempty"`
}

// JSONSchemaExtend names the pattern and content types and the enums.
func (AnimateRequest) JSONSchemaExtend(s *jsonschema.Schema) {
	lookFields(s)
	setProp(s, "format", ref("PatternID", "Required with content; cannot be combined with diagramId."))
	setProp(s, "pattern", ref("PatternID", "Same as format."))
	setProp(s, "layout", ref("Layout", ""))
	setProp(s, "content", ref("Content", "Required with format; cannot be combined with diagramId."))
	setProp(s, "diagramId", &jsonschema.Schema{Type: "string", Description: "A diagram's id, alone: the diagram keeps its own look and brand."})
	setProp(s, "anim", enumSchema(animate.Modes, "flow (default) reveals along connections, build reveals elements in sequence."))
	setProp(s, "speed", enumSchema(animate.Speeds, "Default normal."))
}

// AnimateResponse is the 200 body of POST /animate (inline render). With the job queue the same
// warnings come in the job's answer, GET /jobs/{jobId}.
type AnimateResponse struct {
	GIF string `json:"gif"`
	// Warnings: what the render did to fit the content (optional parts left out), if anything:
	// the same as POST /render reports for a still of the same content, look and size. A diagram
	// animation has none.
	Warnings []brandgen.Warning `json:"warnings,omitempty"`
}

// JSONSchemaExtend states the image type.
func (AnimateResponse) JSONSchemaExtend(s *jsonschema.Schema) {
	setProp(s, "gif", dataURI("image/gif"))
}

// AnimateAccepted is the 202 body of POST /animate with the job queue: poll GET /jobs/{jobId}.
type AnimateAccepted struct {
	Async bool   `json:"async"`
	JobID string `json:"jobId"`
}

// BatchRequest is the body of POST /batch.
type BatchRequest struct {
	lookRequest
	Format string            `json:"format"`
	Base   json.RawMessage   `json:"base,omitempty"`
	Items  []json.RawMessage `json:"items"`
}

// JSONSchemaExtend states the batch limits.
func (BatchRequest) JSONSchemaExtend(s *jsonschema.Schema) {
	lookFields(s)
	setProp(s, "format", ref("PatternID", "One single-image format (post formats and chart) for every item."))
	setProp(s, "base", &jsonschema.Schema{Type: "object", AdditionalProperties: jsonschema.TrueSchema, Description: "Content fields shared by every item."})
	one, max := uint64(1), uint64(maxBatchItems)
	setProp(s, "items", &jsonschema.Schema{Type: "array", MinItems: &one, MaxItems: &max,
		Items:       &jsonschema.Schema{Type: "object", AdditionalProperties: jsonschema.TrueSchema},
		Description: "Per-item content merged onto base (item wins, objects merged one level deep); invalid items are skipped."})
}

// BatchAccepted is the 202 body of POST /batch: poll GET /jobs/batch/{batchId}.
type BatchAccepted struct {
	BatchID string         `json:"batchId"`
	Total   int            `json:"total"`
	Skipped []jobs.Skipped `json:"skipped"`
	JobIDs  []string       `json:"jobIds"`
}

// CarouselRequest is the body of POST /carousel.
type CarouselRequest struct {
	lookRequest
	Prompt *string `json:"prompt"`
}

// JSONSchemaExtend states the prompt cap and the carousel sizes.
func (CarouselRequest) JSONSchemaExtend(s *jsonschema.Schema) {
	lookFields(s)
	setProp(s, "prompt", prompt(maxPrompt, "What the carousel is about."))
	carouselSize(s)
}

// CarouselRenderRequest is the body of POST /carousel/render: the slide objects of a /carousel
// answer (content.slides), edited or not; a whole /carousel answer works too.
type CarouselRenderRequest struct {
	lookRequest
	Slides  json.RawMessage `json:"slides,omitempty"`
	Content *HeldCarousel   `json:"content,omitempty"`
}

// HeldCarousel is the content of a /carousel answer sent back to /carousel/render.
type HeldCarousel struct {
	Slides json.RawMessage `json:"slides,omitempty"`
}

// JSONSchemaExtend names the slide type.
func (HeldCarousel) JSONSchemaExtend(s *jsonschema.Schema) {
	setProp(s, "slides", &jsonschema.Schema{Type: "array", Items: ref("Slide", "")})
}

// JSONSchemaExtend names the slide type and the carousel sizes.
func (CarouselRenderRequest) JSONSchemaExtend(s *jsonschema.Schema) {
	lookFields(s)
	setProp(s, "slides", &jsonschema.Schema{Type: "array", Items: ref("Slide", ""),
		Description: "The slide objects (content.slides of a /carousel answer); required unless content.slides is sent."})
	carouselSize(s)
}

// CarouselContent is the editable content of a carousel: its slide objects.
type CarouselContent struct {
	Slides []any `json:"slides"`
}

// JSONSchemaExtend names the slide type.
func (CarouselContent) JSONSchemaExtend(s *jsonschema.Schema) {
	setProp(s, "slides", &jsonschema.Schema{Type: "array", Items: ref("Slide", "")})
}

// CarouselResponse is the body of POST /carousel (with usage) and POST /carousel/render.
type CarouselResponse struct {
	Pattern string          `json:"pattern"`
	Slides  []string        `json:"slides"`
	PDF     string          `json:"pdf"`
	Content CarouselContent `json:"content"`
	Usage   *meter.Usage    `json:"usage,omitempty"`
	// Warnings: what the slides' render left out to fit (absent when nothing), each path naming
	// the slide object: content.slides[2].subtitle, content.slides[4] for the whole slide.
	Warnings []brandgen.Warning `json:"warnings,omitempty"`
}

// JSONSchemaExtend states the image types.
func (CarouselResponse) JSONSchemaExtend(s *jsonschema.Schema) {
	setProp(s, "slides", &jsonschema.Schema{Type: "array", Items: dataURI("image/png"), Description: "The rendered slides, in order."})
	setProp(s, "pdf", dataURI("application/pdf"))
}

// DiagramResponse is the Diagram of the contract; usage is added on metered calls.
type DiagramResponse struct {
	diagrams.Diagram
	Usage *meter.Usage `json:"usage,omitempty"`
}

// JSONSchemaExtend states the enums and the image type.
func (DiagramResponse) JSONSchemaExtend(s *jsonschema.Schema) {
	setProp(s, "type", enumSchema(diagrams.Types, ""))
	setProp(s, "size", enumSchema(brandgen.Sizes, "The concrete size drawn (auto resolved)."))
	setProp(s, "theme", enumSchema(brandgen.Themes, ""))
	setProp(s, "image", dataURI("image/png"))
}

// DiagramList is the body of GET /diagrams.
type DiagramList struct {
	Diagrams []diagrams.Summary `json:"diagrams"`
	Next     string             `json:"next,omitempty"`
}

// RenameRequest is the body of PATCH /diagrams/{id}.
type RenameRequest struct {
	Title *string `json:"title"`
}

// JSONSchemaExtend states the title cap.
func (RenameRequest) JSONSchemaExtend(s *jsonschema.Schema) {
	max := uint64(diagrams.MaxTitle)
	setProp(s, "title", &jsonschema.Schema{Type: "string", MaxLength: &max, Description: "The new title; an empty string clears it."})
}

// LogoRequest is the body of POST /logo.
type LogoRequest struct {
	Prompt *string `json:"prompt"`
}

// JSONSchemaExtend states the prompt cap.
func (LogoRequest) JSONSchemaExtend(s *jsonschema.Schema) {
	setProp(s, "prompt", prompt(maxLogoPrompt, "What the mark should evoke; the mark has no text or letters."))
}

// LogoResponse is the body of POST /logo.
type LogoResponse struct {
	Image    string `json:"image"`
	FreeLeft int    `json:"freeLeft"`
	Credits  int    `json:"credits"`
}

// JSONSchemaExtend states the image type.
func (LogoResponse) JSONSchemaExtend(s *jsonschema.Schema) { setProp(s, "image", dataURI("image/png")) }

// AssetResponse is the body of POST /brandkit/render.
type AssetResponse struct {
	ID     string `json:"id"`
	Title  string `json:"title"`
	Width  int    `json:"width"`
	Height int    `json:"height"`
	Image  string `json:"image"`
	// Warnings: pills left out (content_dropped on pills[i]: past what the asset shows, or no
	// room for them), if any.
	Warnings []brandgen.Warning `json:"warnings,omitempty"`
}

// JSONSchemaExtend states the image type.
func (AssetResponse) JSONSchemaExtend(s *jsonschema.Schema) {
	setProp(s, "image", dataURI("image/png"))
}

// AssetList is the body of GET /brandkit.
type AssetList struct {
	Assets []brandkit.Asset `json:"assets"`
}

// BrandResponse is the body of GET and POST /brand.
type BrandResponse struct {
	Brand brandgen.Brand `json:"brand"`
}

// SettingsPatch is the body of PATCH /settings: a present field sets, null resets, absent keeps.
type SettingsPatch struct {
	DiagramDefaults map[string]json.RawMessage `json:"diagramDefaults,omitempty"`
}

// JSONSchemaExtend lists the settable defaults, each nullable.
func (SettingsPatch) JSONSchemaExtend(s *jsonschema.Schema) {
	nullable := func(v *jsonschema.Schema) *jsonschema.Schema {
		return &jsonschema.Schema{AnyOf: []*jsonschema.Schema{v, {Type: "null"}}}
	}
	d := &jsonschema.Schema{Type: "object", Properties: jsonschema.NewProperties(), AdditionalProperties: jsonschema.FalseSchema,
		Description: "Saved fallbacks of /diagrams and refine; null resets one to the system default."}
	d.Properties.Set("theme", nullable(enumSchema(brandgen.Themes, "")))
	d.Properties.Set("size", nullable(enumSchema(append([]brandgen.Size{brandgen.SizeAuto}, brandgen.Sizes...), "")))
	d.Properties.Set("nodeStyle", nullable(enumSchema(brandgen.NodeStyles, "")))
	d.Properties.Set("transparent", nullable(&jsonschema.Schema{Type: "boolean"}))
	d.Properties.Set("branded", nullable(&jsonschema.Schema{Type: "boolean"}))
	setProp(s, "diagramDefaults", d)
}

// UsageResponse is the body of GET /usage.
type UsageResponse struct {
	Plan       brandgen.Plan       `json:"plan"`
	PlanStatus brandgen.PlanStatus `json:"planStatus"`
	Usage      meter.Usage         `json:"usage"`
}

// CatalogResponse is the body of GET /schemas.
type CatalogResponse struct {
	Patterns []patterns.Entry `json:"patterns"`
}

// HealthResponse is the body of GET /healthz.
type HealthResponse struct {
	Status string `json:"status"`
}

// ReadyResponse is the body of GET /readyz.
type ReadyResponse struct {
	Status string            `json:"status"` // ready or not ready
	Checks map[string]string `json:"checks"` // check name -> ok or the error
}

// ErrorBody is the error envelope of every non-2xx answer.
type ErrorBody struct {
	Error   string           `json:"error"`
	Message string           `json:"message"`
	Issues  []brandgen.Issue `json:"issues,omitempty"`
	// IssuesOmitted counts the issues past the first 50, which are not listed.
	IssuesOmitted int `json:"issuesOmitted,omitempty"`
}

func setProp(s *jsonschema.Schema, name string, p *jsonschema.Schema) {
	if s.Properties == nil {
		s.Properties = jsonschema.NewProperties()
	}
	s.Properties.Set(name, p)
}

// ref is a reference to a component schema of the document (see catalogSchemas).
func ref(name, desc string) *jsonschema.Schema {
	r := &jsonschema.Schema{Ref: "#/components/schemas/" + name}
	if desc != "" { // siblings of $ref are allowed in OpenAPI 3.1 (JSON Schema 2020-12)
		r.Description = desc
	}
	return r
}

func prompt(max int, desc string) *jsonschema.Schema {
	one, m := uint64(1), uint64(max)
	return &jsonschema.Schema{Type: "string", MinLength: &one, MaxLength: &m, Description: desc}
}

func dataURI(mediaType string) *jsonschema.Schema {
	return &jsonschema.Schema{Type: "string", Pattern: "^data:" + mediaType + ";base64,",
		Description: "A " + mediaType + " data URI (base64)."}
}

func enumSchema[T ~string](values []T, desc string) *jsonschema.Schema {
	e := make([]any, len(values))
	for i, v := range values {
		e[i] = string(v)
	}
	return &jsonschema.Schema{Type: "string", Enum: e, Description: desc}
}

// lookFields describes the display fields of lookRequest (the concrete sizes only; carousels narrow
// them further).
func lookFields(s *jsonschema.Schema) {
	setProp(s, "size", enumSchema(brandgen.Sizes, "Default portrait."))
	setProp(s, "theme", enumSchema(brandgen.Themes, "Default light."))
	setProp(s, "style", enumSchema(brandgen.Styles, "Default glass."))
	setProp(s, "brand", ref("Brand", "Per-call brand, merged field by field over the saved profile; the saved profile is unchanged."))
	setProp(s, "unbranded", &jsonschema.Schema{Type: "boolean", Description: "Strips name and logo for this render only; colours are kept."})
}

func carouselSize(s *jsonschema.Schema) {
	setProp(s, "size", enumSchema(carousel.Sizes, "portrait (default) or square."))
}
