// Package openapi builds the service's OpenAPI 3.1 document from a plain description of its
// operations: the Go types of their request and response bodies (reflected into JSON Schema with
// invopop/jsonschema), extra named schemas (the pattern catalog's content schemas), parameters,
// error codes per status, rate-limit headers and the API-key security scheme.
//
// The package knows nothing of HTTP routers: the caller (handlers) keeps one route table that both
// registers its routes and describes them here, so the document cannot drift from what is served.
package openapi

import (
	"encoding/json"
	"fmt"
	"net/http"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/invopop/jsonschema"
)

// Spec is everything Build needs.
type Spec struct {
	Title, Version, Description string
	// APIKeyHeader is the header carrying the API key (security scheme "apiKey").
	APIKeyHeader string
	// Error is a zero value of the error envelope type every non-2xx answer carries.
	Error any
	// Operations in the order they should appear.
	Operations []Operation
	// Schemas are extra named component schemas (JSON Schema 2020-12 documents), referenced with Ref.
	Schemas map[string]json.RawMessage
	// Tags describes the operations' tags, in order.
	Tags []Tag
	// Mapper may give the schema of a Go type (enums of string types); nil: reflect it.
	Mapper func(reflect.Type) *jsonschema.Schema
	// Namer may name the component schema of a Go type; "" or nil: the type's own name.
	Namer func(reflect.Type) string
}

// Tag groups operations.
type Tag struct{ Name, Description string }

// Operation is one method on one path.
type Operation struct {
	Method               string // GET, POST, ...
	Path                 string // OpenAPI syntax: /api/v1/diagrams/{id}
	ID                   string // operationId
	Summary, Description string
	Tag                  string
	// Public operations need no API key.
	Public bool
	// RateLimited operations answer with the RateLimit-* headers on every response.
	RateLimited bool
	// Extensions are x- fields of the operation (x-plan-required, x-metered).
	Extensions map[string]any
	Params     []Param
	Request    *Body
	Responses  []Response
	// Errors are the codes the operation may answer, each with its status.
	Errors []Error
}

// Param is a path or query parameter.
type Param struct {
	Name, In, Description string // In: path or query
	Required              bool
	Schema                any // a schema as JSON-able value (see Enum, String)
}

// Body is one media type of a request or response body: a Go type to reflect (Type), a schema
// given as a JSON-able value (Schema), e.g. Ref("PatternChart"), or both (the body matches both).
type Body struct {
	MediaType string // default application/json
	Type      any
	Schema    any
	Example   any
}

// Response is one success status.
type Response struct {
	Status      int
	Description string
	Bodies      []Body            // none: no body
	Headers     map[string]string // extra response headers: name -> description
}

// Error is an error code and the status it is answered with.
type Error struct {
	Status int
	Code   string
}

// Ref is a schema that refers to the named component schema.
func Ref(name string) map[string]any { return map[string]any{"$ref": "#/components/schemas/" + name} }

// Enum is a string schema limited to values.
func Enum[T ~string](values []T) map[string]any {
	out := make([]string, len(values))
	for i, v := range values {
		out[i] = string(v)
	}
	return map[string]any{"type": "string", "enum": out}
}

// String is a plain string schema.
func String() map[string]any { return map[string]any{"type": "string"} }

// Headers of rate-limited responses (decisions.md).
var rateHeaders = []struct{ name, desc string }{
	{"RateLimit-Limit", "Writes (POST, PATCH, DELETE) allowed in a burst for this API key."},
	{"RateLimit-Remaining", "Writes left in the bucket now; reads only peek and are never refused."},
	{"RateLimit-Reset", "Seconds until the bucket is full again."},
	{"RateLimit-Policy", "The bucket's policy, e.g. 60;w=60."},
}

// Build returns the document as JSON.
func Build(s Spec) ([]byte, error) {
	b := &builder{spec: s, schemas: map[string]any{}, names: map[string]reflect.Type{}}
	doc, err := b.document()
	if err != nil {
		return nil, err
	}
	return json.MarshalIndent(doc, "", "  ")
}

type builder struct {
	spec      Spec
	schemas   map[string]any          // components/schemas
	names     map[string]reflect.Type // component name -> Go type
	errSchema any                     // the error envelope's schema (a $ref)
}

func (b *builder) document() (map[string]any, error) {
	for name, raw := range b.spec.Schemas {
		var v map[string]any
		if err := json.Unmarshal(raw, &v); err != nil {
			return nil, fmt.Errorf("schema %s: %w", name, err)
		}
		delete(v, "$schema")
		delete(v, "$id")
		b.schemas[name] = objectSchemas(v)
	}
	errSchema, err := b.schemaOf(b.spec.Error)
	if err != nil {
		return nil, fmt.Errorf("error envelope: %w", err)
	}
	b.errSchema = errSchema
	paths := map[string]map[string]any{}
	seenID := map[string]bool{}
	for _, op := range b.spec.Operations {
		if op.ID == "" || seenID[op.ID] {
			return nil, fmt.Errorf("%s %s: missing or repeated operationId %q", op.Method, op.Path, op.ID)
		}
		seenID[op.ID] = true
		o, err := b.operation(op)
		if err != nil {
			return nil, fmt.Errorf("%s %s: %w", op.Method, op.Path, err)
		}
		if paths[op.Path] == nil {
			paths[op.Path] = map[string]any{}
		}
		m := strings.ToLower(op.Method)
		if _, dup := paths[op.Path][m]; dup {
			return nil, fmt.Errorf("%s %s: described twice", op.Method, op.Path)
		}
		paths[op.Path][m] = o
	}
	headers := map[string]any{
		"Retry-After": map[string]any{"description": "Seconds to wait before retrying.", "schema": map[string]any{"type": "integer", "minimum": 0}},
	}
	for _, h := range rateHeaders {
		schema := map[string]any{"type": "integer", "minimum": 0}
		if h.name == "RateLimit-Policy" {
			schema = String()
		}
		headers[h.name] = map[string]any{"description": h.desc, "schema": schema}
	}
	tags := make([]map[string]any, 0, len(b.spec.Tags))
	for _, t := range b.spec.Tags {
		tags = append(tags, map[string]any{"name": t.Name, "description": t.Description})
	}
	return map[string]any{
		"openapi":           "3.1.0",
		"jsonSchemaDialect": "https://json-schema.org/draft/2020-12/schema",
		"info": map[string]any{
			"title": b.spec.Title, "version": b.spec.Version, "description": b.spec.Description,
		},
		"servers":  []map[string]any{{"url": "/", "description": "This server (paths carry the /api/v1 prefix)."}},
		"tags":     tags,
		"security": []map[string]any{{"apiKey": []string{}}},
		"paths":    paths,
		"components": map[string]any{
			"schemas": b.schemas,
			"securitySchemes": map[string]any{"apiKey": map[string]any{
				"type": "apiKey", "in": "header", "name": b.spec.APIKeyHeader,
				"description": "The account's API key (bg_...), from `brandgen keys create` or the developer settings."}},
			"headers": headers,
		},
	}, nil
}

func (b *builder) operation(op Operation) (map[string]any, error) {
	o := map[string]any{"operationId": op.ID, "summary": op.Summary}
	if op.Description != "" {
		o["description"] = op.Description
	}
	if op.Tag != "" {
		o["tags"] = []string{op.Tag}
	}
	if op.Public {
		o["security"] = []any{}
	}
	for k, v := range op.Extensions {
		if !strings.HasPrefix(k, "x-") {
			return nil, fmt.Errorf("extension %q must start with x-", k)
		}
		o[k] = v
	}
	params, err := b.params(op)
	if err != nil {
		return nil, err
	}
	if len(params) > 0 {
		o["parameters"] = params
	}
	if op.Request != nil {
		content, err := b.content([]Body{*op.Request})
		if err != nil {
			return nil, fmt.Errorf("request: %w", err)
		}
		o["requestBody"] = map[string]any{"required": true, "content": content}
	}
	responses := map[string]any{}
	for _, r := range op.Responses {
		res := map[string]any{"description": r.Description, "headers": b.headers(op, r.Status, r.Headers)}
		if len(r.Bodies) > 0 {
			content, err := b.content(r.Bodies)
			if err != nil {
				return nil, fmt.Errorf("response %d: %w", r.Status, err)
			}
			res["content"] = content
		}
		responses[strconv.Itoa(r.Status)] = res
	}
	for status, codes := range groupErrors(op.Errors) {
		key := strconv.Itoa(status)
		if _, clash := responses[key]; clash {
			return nil, fmt.Errorf("status %d is both a success and an error", status)
		}
		responses[key] = b.errorResponse(op, status, codes)
	}
	if len(responses) == 0 {
		return nil, fmt.Errorf("no responses")
	}
	o["responses"] = responses
	return o, nil
}

// params lists the path parameters (every {name} of the path must be described) and the query ones.
func (b *builder) params(op Operation) ([]map[string]any, error) {
	var out []map[string]any
	described := map[string]bool{}
	for _, p := range op.Params {
		if p.In != "path" && p.In != "query" {
			return nil, fmt.Errorf("parameter %s: in must be path or query", p.Name)
		}
		schema := p.Schema
		if schema == nil {
			schema = String()
		}
		m := map[string]any{"name": p.Name, "in": p.In, "schema": schema, "required": p.Required || p.In == "path"}
		if p.Description != "" {
			m["description"] = p.Description
		}
		if p.In == "path" {
			described[p.Name] = true
		}
		out = append(out, m)
	}
	for _, seg := range strings.Split(op.Path, "/") {
		if strings.HasPrefix(seg, "{") && strings.HasSuffix(seg, "}") && !described[seg[1:len(seg)-1]] {
			return nil, fmt.Errorf("path parameter %s is not described", seg)
		}
	}
	return out, nil
}

func (b *builder) content(bodies []Body) (map[string]any, error) {
	content := map[string]any{}
	for _, body := range bodies {
		mt := body.MediaType
		if mt == "" {
			mt = "application/json"
		}
		var schema any = body.Schema
		if body.Type != nil {
			s, err := b.schemaOf(body.Type)
			if err != nil {
				return nil, err
			}
			schema = s
			if body.Schema != nil { // both: the body must match both
				schema = map[string]any{"allOf": []any{s, body.Schema}}
			}
		}
		if schema == nil {
			return nil, fmt.Errorf("%s body has neither a type nor a schema", mt)
		}
		m := map[string]any{"schema": schema}
		if body.Example != nil {
			m["example"] = body.Example
		}
		content[mt] = m
	}
	return content, nil
}

func (b *builder) headers(op Operation, status int, extra map[string]string) map[string]any {
	h := map[string]any{}
	if op.RateLimited {
		for _, r := range rateHeaders {
			h[r.name] = map[string]any{"$ref": "#/components/headers/" + r.name}
		}
	}
	if status == http.StatusTooManyRequests || status == http.StatusServiceUnavailable {
		h["Retry-After"] = map[string]any{"$ref": "#/components/headers/Retry-After"}
	}
	for name, desc := range extra {
		h[name] = map[string]any{"description": desc, "schema": String()}
	}
	return h
}

func (b *builder) errorResponse(op Operation, status int, codes []string) map[string]any {
	examples := map[string]any{}
	for _, c := range codes {
		ex := map[string]any{"error": c, "message": http.StatusText(status)}
		if c == "validation_error" {
			ex["message"] = "the request is invalid"
			ex["issues"] = []map[string]string{{"field": "size", "message": "must be one of portrait, square, story, landscape"}}
		}
		examples[c] = map[string]any{"value": ex}
	}
	return map[string]any{
		"description": http.StatusText(status) + ": " + strings.Join(codes, ", "),
		"headers":     b.headers(op, status, nil),
		"content": map[string]any{"application/json": map[string]any{
			"schema": map[string]any{"allOf": []any{
				b.errSchema,
				map[string]any{"properties": map[string]any{"error": map[string]any{"enum": codes}}},
			}},
			"examples": examples,
		}},
	}
}

func groupErrors(errs []Error) map[int][]string {
	out := map[int][]string{}
	for _, e := range errs {
		if !slices.Contains(out[e.Status], e.Code) {
			out[e.Status] = append(out[e.Status], e.Code)
		}
	}
	for _, codes := range out {
		sort.Strings(codes)
	}
	return out
}
