// Package mcp is brandgen's MCP tool server, on the official Go SDK
// (github.com/modelcontextprotocol/go-sdk, the only package that imports it). Its tools are
// create_post, create_diagram, refine_diagram, render_chart and list_patterns; images come back as
// MCP image content, the rest of the REST response as JSON text.
//
// The tools' input schemas are the request bodies of the API's own OpenAPI document (schema.go).
// Every tool call is a REST call made in-process: the tool's arguments are the JSON body of the
// matching endpoint, served by the same http.Handler as the REST API (handlers.New) with the same
// API key. Authentication, plan checks, rate limits, validation and metering are therefore exactly
// the REST API's, with no second copy to drift. A refused call (any 4xx or 5xx envelope) comes back
// as a tool error (IsError) whose text names every invalid field by its REST path.
//
// Two transports: ServeStdio for `brandgen mcp` (one key for the whole session), and HTTPHandler,
// streamable HTTP mounted at /mcp behind x-api-key (each request's own key).
package mcp

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"sync"

	"github.com/brandgen/brandgen/patterns"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// Version is the server version MCP clients see: the REST API's (OpenAPI info.version).
const Version = "1.2.0"

// server answers tool calls by calling api.
type server struct {
	api http.Handler
	key string // "": the x-api-key header of the HTTP request carrying the call
}

// New returns the MCP server over the REST API handler api (complete: it must already serve the
// OpenAPI document). key is the API key of every call (stdio); "" takes each call's key from the
// x-api-key header of its HTTP request (streamable HTTP).
func New(api http.Handler, key string) (*sdk.Server, error) {
	doc, err := fetchDoc(api)
	if err != nil {
		return nil, fmt.Errorf("mcp: %w", err)
	}
	sc, err := newSchemas(doc)
	if err != nil {
		return nil, fmt.Errorf("mcp: %w", err)
	}
	s := &server{api: api, key: key}
	srv := sdk.NewServer(&sdk.Implementation{Name: "brandgen", Title: "brandgen", Version: Version}, &sdk.ServerOptions{
		Instructions: "brandgen renders branded images: social posts from a prompt (create_post), diagrams " +
			"stored under an id (create_diagram, refine_diagram), charts and KPI cards from data " +
			"(render_chart). Every image carries the brand's badge unless unbranded is true. list_patterns " +
			"gives the post formats and the chart schema.",
	})
	tool := func(name, title, desc string, schema map[string]any, h sdk.ToolHandler) {
		srv.AddTool(&sdk.Tool{Name: name, Title: title, Description: desc, InputSchema: schema}, h)
	}
	tool("create_post", "Create a post image",
		"Plans a branded social post from a prompt and renders it (POST /api/v1/posts). Counts one "+
			"generation. Returns the PNG and the planned pattern and content.",
		sc.post, s.forward(http.MethodPost, "/api/v1/posts"))
	tool("create_diagram", "Create a diagram",
		"Draws a diagram from a prompt and stores it under a new id (POST /api/v1/diagrams). Counts one "+
			"generation. Returns the PNG and the diagram's id, type, title, size and theme.",
		sc.createDiagram, s.forward(http.MethodPost, "/api/v1/diagrams"))
	tool("refine_diagram", "Refine a diagram",
		"Changes a stored diagram (POST /api/v1/diagrams/{id}/refine). With a prompt it is an edit that "+
			"counts one generation; without one, a free restyle applying only the display fields. Omitted "+
			"fields keep the diagram's current setting. Returns the new PNG.",
		sc.refineDiagram, s.refine)
	tool("render_chart", "Render a chart",
		"Draws a bar, line or donut chart, or a card of 1 to 6 KPI tiles, from data (POST /api/v1/chart). "+
			"Deterministic; no model call. Returns the PNG.",
		sc.chart, s.forward(http.MethodPost, "/api/v1/chart"))
	tool("list_patterns", "List patterns",
		"Lists the render patterns (post formats, chart, carousel slide kinds) with their titles, layouts "+
			"and content JSON schemas (GET /api/v1/schemas). Free.",
		sc.list, s.list)
	return srv, nil
}

// forward returns a tool handler that sends the arguments as the body of method path.
func (s *server) forward(method, path string) sdk.ToolHandler {
	return func(ctx context.Context, req *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
		return s.call(ctx, req, method, path, req.Params.Arguments)
	}
}

// refine takes the diagram id out of the arguments; the rest is the refine body.
func (s *server) refine(ctx context.Context, req *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
	var args map[string]json.RawMessage
	_ = json.Unmarshal(req.Params.Arguments, &args)
	var id string
	if err := json.Unmarshal(args["id"], &id); err != nil || strings.TrimSpace(id) == "" {
		return invalid("id", "is required: the id create_diagram returned"), nil
	}
	delete(args, "id")
	body, _ := json.Marshal(args)
	return s.call(ctx, req, http.MethodPost, "/api/v1/diagrams/"+url.PathEscape(id)+"/refine", body)
}

// list answers GET /schemas, filtered by kind.
func (s *server) list(ctx context.Context, req *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
	var in struct {
		Kind string `json:"kind"`
	}
	_ = json.Unmarshal(req.Params.Arguments, &in)
	kinds := []string{string(patterns.KindPost), string(patterns.KindChart), string(patterns.KindSlide)}
	if in.Kind != "" && !slices.Contains(kinds, in.Kind) {
		return invalid("kind", "must be one of "+strings.Join(kinds, ", ")), nil
	}
	res, err := s.call(ctx, req, http.MethodGet, "/api/v1/schemas", nil)
	if err != nil || res.IsError || in.Kind == "" {
		return res, err
	}
	var body struct {
		Patterns []map[string]any `json:"patterns"`
	}
	if err := json.Unmarshal([]byte(res.Content[0].(*sdk.TextContent).Text), &body); err != nil {
		return nil, fmt.Errorf("list_patterns: %w", err)
	}
	kept := body.Patterns[:0]
	for _, p := range body.Patterns {
		if p["kind"] == in.Kind {
			kept = append(kept, p)
		}
	}
	body.Patterns = kept
	return jsonResult(body), nil
}

// call serves one REST request in-process and turns the answer into a tool result.
func (s *server) call(ctx context.Context, req *sdk.CallToolRequest, method, path string, body json.RawMessage) (*sdk.CallToolResult, error) {
	key := s.key
	if key == "" && req.Extra != nil && req.Extra.Header != nil {
		key = req.Extra.Header.Get("x-api-key")
	}
	r, err := http.NewRequestWithContext(ctx, method, path, bytes.NewReader(body))
	if err != nil {
		return nil, fmt.Errorf("mcp: %s %s: %w", method, path, err)
	}
	r.RequestURI = path
	r.Header.Set("x-api-key", key)
	r.Header.Set("Content-Type", "application/json")
	r.Header.Set("User-Agent", "brandgen-mcp")
	rec := httptest.NewRecorder()
	s.api.ServeHTTP(rec, r)
	if rec.Code >= 300 {
		return refused(rec.Code, rec.Body.Bytes()), nil
	}
	var out map[string]any
	if err := json.Unmarshal(rec.Body.Bytes(), &out); err != nil {
		return nil, fmt.Errorf("mcp: %s %s answered %d with a body that is not a JSON object: %w", method, path, rec.Code, err)
	}
	res := &sdk.CallToolResult{}
	for _, field := range []string{"image", "gif"} {
		if uri, ok := out[field].(string); ok {
			img, err := imageContent(uri)
			if err != nil {
				return nil, fmt.Errorf("mcp: %s %s: %w", method, path, err)
			}
			res.Content = append(res.Content, img)
			delete(out, field)
		}
	}
	text := jsonResult(out)
	res.Content = append(res.Content, text.Content...)
	res.StructuredContent = out
	return res, nil
}

// imageContent decodes a data:MIME;base64, URI.
func imageContent(uri string) (*sdk.ImageContent, error) {
	head, data, ok := strings.Cut(uri, ",")
	mime, isB64 := strings.CutSuffix(strings.TrimPrefix(head, "data:"), ";base64")
	if !ok || !isB64 || !strings.HasPrefix(head, "data:image/") {
		return nil, fmt.Errorf("image is not a base64 data URI")
	}
	raw, err := base64.StdEncoding.DecodeString(data)
	if err != nil {
		return nil, fmt.Errorf("image: %w", err)
	}
	return &sdk.ImageContent{Data: raw, MIMEType: mime}, nil
}

func jsonResult(v any) *sdk.CallToolResult {
	b, _ := json.MarshalIndent(v, "", "  ")
	return &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: string(b)}}}
}

// envelope is the REST error body.
type envelope struct {
	Error   string `json:"error"`
	Message string `json:"message"`
	Issues  []struct {
		Field   string `json:"field"`
		Message string `json:"message"`
	} `json:"issues,omitempty"`
}

// refused is the tool error of a refused REST call: the code, the message and one line per
// invalid field; the envelope is also the structured content.
func refused(status int, body []byte) *sdk.CallToolResult {
	var env envelope
	if err := json.Unmarshal(body, &env); err != nil || env.Error == "" {
		env = envelope{Error: "http_" + fmt.Sprint(status), Message: strings.TrimSpace(string(body))}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s (HTTP %d): %s", env.Error, status, env.Message)
	for _, is := range env.Issues {
		fmt.Fprintf(&b, "\n- %s: %s", is.Field, is.Message)
	}
	return &sdk.CallToolResult{IsError: true, Content: []sdk.Content{&sdk.TextContent{Text: b.String()}}, StructuredContent: env}
}

// invalid is a validation tool error about one argument.
func invalid(field, message string) *sdk.CallToolResult {
	body, _ := json.Marshal(map[string]any{"error": "validation_error", "message": "the request has invalid fields",
		"issues": []map[string]string{{"field": field, "message": message}}})
	return refused(http.StatusBadRequest, body)
}

// ServeStdio runs the server on stdin and stdout until ctx ends or the client goes away.
func ServeStdio(ctx context.Context, srv *sdk.Server) error {
	return srv.Run(ctx, &sdk.StdioTransport{})
}

// HTTPHandler is the streamable HTTP transport over api, for /mcp. It is stateless (each POST
// carries its own key, checked by the REST middleware in front of it) and answers JSON rather than
// event streams. The server is built on the first request, as the handler is mounted while api is
// still being built. The SDK's DNS-rebinding guard is off: it rejects loopback requests with
// another Host (any reverse proxy on the same machine), and the endpoint needs the API key anyway.
func HTTPHandler(api http.Handler) http.Handler {
	var (
		once sync.Once
		h    http.Handler
		err  error
	)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		once.Do(func() {
			var srv *sdk.Server
			if srv, err = New(api, ""); err == nil {
				h = sdk.NewStreamableHTTPHandler(func(*http.Request) *sdk.Server { return srv },
					&sdk.StreamableHTTPOptions{Stateless: true, JSONResponse: true, DisableLocalhostProtection: true})
			}
		})
		if err != nil { // the document lacks an operation: a programming error the tests catch
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		h.ServeHTTP(w, r)
	})
}
