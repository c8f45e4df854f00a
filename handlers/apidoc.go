package handlers

import (
	"encoding/json"
	"fmt"
	"net/http"
	"reflect"
	"slices"
	"strings"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/openapi"
	"github.com/brandgen/brandgen/patterns"
	"github.com/brandgen/brandgen/posts"
	"github.com/brandgen/brandgen/slides"
	"github.com/gin-gonic/gin"
	"github.com/invopop/jsonschema"
)

// apiDoc builds the OpenAPI document of the route table, with the catalog's content schemas.
func apiDoc(routes []route, cat *patterns.Catalog) ([]byte, error) {
	return openapi.Build(openapi.Spec{
		Title:   "brandgen API",
		Version: apiVersion,
		Description: "Branded images from prompts and data: posts, charts, diagrams, carousels, animations, brand kits and logos.\n\n" +
			"Every /api/v1 call needs the `x-api-key` header. Writes (POST, PATCH, DELETE) are rate-limited per key; " +
			"every response carries RateLimit-* headers and a 429 carries Retry-After. Content objects follow the pattern " +
			"catalog's JSON Schemas (components Pattern*), which reject unknown fields; unknown top-level request fields are ignored.",
		APIKeyHeader: "x-api-key",
		Error:        ErrorBody{},
		Operations:   operations(routes),
		Schemas:      catalogSchemas(cat),
		Tags:         apiTags,
		Mapper:       typeSchema,
		Namer:        typeName,
	})
}

// typeName names the component schemas of types from other packages after their package, unless
// the name says it already: diagrams.Summary -> DiagramSummary, jobs.JobStatus -> JobStatus.
func typeName(t reflect.Type) string {
	if t == reflect.TypeOf(ErrorBody{}) {
		return "Error" // the contract's name
	}
	pkg := t.PkgPath()
	pkg = pkg[strings.LastIndex(pkg, "/")+1:]
	if pkg == "handlers" || pkg == "brandgen" || pkg == "" {
		return ""
	}
	prefix := strings.ToUpper(pkg[:1]) + strings.TrimSuffix(pkg[1:], "s")
	if strings.HasPrefix(t.Name(), prefix) {
		return ""
	}
	return prefix + t.Name()
}

var apiTags = []openapi.Tag{
	{Name: "posts", Description: "Post images planned from a prompt (metered)."},
	{Name: "charts", Description: "Deterministic charts and KPI cards from data."},
	{Name: "render", Description: "Free re-renders of held content."},
	{Name: "diagrams", Description: "Stored diagrams: create, refine, restyle, export, rename, delete."},
	{Name: "carousel", Description: "Multi-slide carousels with a PDF."},
	{Name: "animate", Description: "Reveal GIFs of content or diagrams."},
	{Name: "jobs", Description: "Async batches and jobs, polled."},
	{Name: "brand", Description: "The saved brand profile."},
	{Name: "brandkit", Description: "Brand-kit assets rendered from the saved brand."},
	{Name: "logo", Description: "Logo marks (credits)."},
	{Name: "account", Description: "Settings and usage."},
	{Name: "catalog", Description: "The pattern catalog and this document."},
	{Name: "operations", Description: "Health, readiness and metrics (no API key)."},
}

// typeSchema gives the enums of the domain's string types, from the lists validation uses.
func typeSchema(t reflect.Type) *jsonschema.Schema {
	switch t {
	case reflect.TypeOf(brandgen.Size("")):
		return enumSchema(append(slices.Clone(brandgen.Sizes), brandgen.SizeAuto), "auto: diagrams only.")
	case reflect.TypeOf(brandgen.Theme("")):
		return enumSchema(brandgen.Themes, "")
	case reflect.TypeOf(brandgen.Style("")):
		return enumSchema(brandgen.Styles, "")
	case reflect.TypeOf(brandgen.Plan("")):
		return enumSchema(brandgen.Plans, "")
	}
	return nil
}

// catalogSchemas are the components the request and response types refer to: one Pattern<Id>
// schema per catalog pattern (with the first sample of a post format as its example), the unions
// Content, PostContent and Slide, the enums PatternID, PostFormat and Layout, and ChartFields (the
// chart content as the top level of POST /chart, which also holds the display fields).
func catalogSchemas(cat *patterns.Catalog) map[string]json.RawMessage {
	out := map[string]json.RawMessage{}
	if cat == nil {
		return out
	}
	put := func(name string, v any) {
		raw, err := json.Marshal(v)
		if err != nil {
			panic(fmt.Sprintf("catalog schema %s: %v", name, err)) // maps of JSON values always marshal
		}
		out[name] = raw
	}
	var ids []string
	var content, postContent, slide []any
	for _, p := range cat.All() {
		var s map[string]any
		if err := json.Unmarshal(p.Schema, &s); err != nil {
			continue // the catalog compiled it: cannot happen
		}
		renameKey(s, "errorMessage", "x-errorMessage") // the catalog's own keyword for its messages
		if samples := posts.Samples(p.ID); len(samples) > 0 {
			s["examples"] = []any{samples[0].Content}
		}
		if samples := slides.Samples(slides.KindOf(p.ID)); len(samples) > 0 {
			s["examples"] = []any{samples[0].Slide}
		}
		if p.ID == "chart" {
			s["examples"] = []any{chartExample}
			fields := map[string]any{}
			for k, v := range s {
				if k != "additionalProperties" && k != "$id" && k != "$schema" && k != "examples" {
					fields[k] = v
				}
			}
			put("ChartFields", fields)
		}
		name := patternSchemaName(p.ID)
		put(name, s)
		r := openapi.Ref(name)
		switch p.Kind {
		case patterns.KindSlide:
			slide = append(slide, r)
			continue
		case patterns.KindPost:
			postContent = append(postContent, r)
		}
		ids = append(ids, p.ID)
		content = append(content, r)
	}
	put("PatternID", map[string]any{"type": "string", "enum": ids, "description": "A pattern id: a post format or chart."})
	put("PostFormat", openapi.Enum(posts.Formats))
	var layouts []string
	for _, f := range posts.Formats {
		for _, l := range posts.Layouts[f] {
			if !slices.Contains(layouts, l) {
				layouts = append(layouts, l)
			}
		}
	}
	put("Layout", map[string]any{"type": "string", "enum": layouts, "description": "List layout; each format's layouts are in the catalog."})
	put("Content", map[string]any{"anyOf": content, "description": "Content of a post format or chart (the format or pattern field says which)."})
	put("PostContent", map[string]any{"anyOf": postContent, "description": "Content of a post format (the pattern field says which)."})
	put("Slide", map[string]any{"anyOf": slide, "description": "One carousel slide object; its kind field says which."})
	return out
}

// renameKey renames key old to new in every object of v.
func renameKey(v any, old, new string) {
	switch v := v.(type) {
	case map[string]any:
		if x, ok := v[old]; ok {
			delete(v, old)
			v[new] = x
		}
		for _, x := range v {
			renameKey(x, old, new)
		}
	case []any:
		for _, x := range v {
			renameKey(x, old, new)
		}
	}
}

// patternSchemaName is the component name of a pattern's content schema: cover -> PatternCover,
// slide-cover -> PatternSlideCover.
func patternSchemaName(id string) string {
	var b strings.Builder
	b.WriteString("Pattern")
	for _, part := range strings.FieldsFunc(id, func(r rune) bool { return r == '-' || r == '_' }) {
		b.WriteString(strings.ToUpper(part[:1]) + part[1:])
	}
	return b.String()
}

// chartExample is the example body of POST /chart (checked against the schema by the tests).
var chartExample = map[string]any{
	"chartType": "bar", "title": "Weekly signups", "subtitle": "Last 5 days", "unit": "users",
	"series": []any{
		map[string]any{"label": "Mon", "value": 120}, map[string]any{"label": "Tue", "value": 150},
		map[string]any{"label": "Wed", "value": 90}, map[string]any{"label": "Thu", "value": 180},
		map[string]any{"label": "Fri", "value": 210},
	},
}

var chartAnimateExample = map[string]any{"format": "chart", "content": chartExample, "anim": "build", "speed": "fast"}

// renderExample re-renders the first sample of the first post format.
func (s *server) renderExample() map[string]any {
	f := posts.Formats[0]
	ex := map[string]any{"format": f, "theme": "dark", "style": "flat"}
	if samples := posts.Samples(f); len(samples) > 0 {
		ex["content"] = samples[0].Content
	}
	return ex
}

// openapiDoc serves the document built at startup.
func (s *server) openapiDoc(c *gin.Context) {
	c.Header("Cache-Control", "public, max-age=300")
	c.Data(http.StatusOK, "application/json", s.doc)
}
