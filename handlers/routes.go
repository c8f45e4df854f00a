package handlers

import (
	"net/http"
	"slices"
	"strings"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/brandkit"
	"github.com/brandgen/brandgen/diagrams"
	"github.com/brandgen/brandgen/jobs"
	"github.com/brandgen/brandgen/openapi"
	"github.com/gin-gonic/gin"
)

// The route table: every route the server answers is one entry, which both registers the gin
// route (register) and describes the operation in the OpenAPI document (apiDoc). A new endpoint
// is one more entry here; TestOpenAPIRoutes fails when gin serves a route the document lacks.
// Routes that are not API calls are entries too: a page (GET /, text/html) is an operation of
// edge edgeBare or edgePublic with its media type; one that should stay out of the document (the
// admin dashboard) sets hidden to the reason. Never call r.GET & co. outside register.

// edge is the middleware chain in front of a route.
type edge int

const (
	edgeBare   edge = iota // nothing but the engine's (health, readiness, metrics)
	edgePublic             // rate-limit headers, no API key (the OpenAPI document)
	edgeAPI                // rate limit, body cap, API key
	edgeKey                // body cap and API key, no rate limit (/mcp: the REST calls it makes are limited)
)

// route is one entry of the table.
type route struct {
	openapi.Operation // Method ("*": any), Path (OpenAPI syntax) and the description
	edge              edge
	plan              bool            // needs the active developer plan (requirePlan)
	metered           bool            // counts one generation of the plan volume
	codes             []brandgen.Code // error codes beyond those the edge and flags imply
	handle            gin.HandlerFunc
	// hidden routes are served but are not part of the API; the text says why.
	hidden string
}

// apiVersion is the OpenAPI document's info.version (decisions.md).
const apiVersion = "1.2.0"

func jsonBody(v any) []openapi.Body { return []openapi.Body{{Type: v}} }

func ok(v any, desc string) []openapi.Response {
	return []openapi.Response{{Status: http.StatusOK, Description: desc, Bodies: jsonBody(v)}}
}

func idParam(name, desc string) []openapi.Param {
	return []openapi.Param{{Name: name, In: "path", Description: desc}}
}

// routes is the table, for the dependencies this server has.
func (s *server) routes() []route {
	rendering := []brandgen.Code{brandgen.CodeRenderBusy}
	generating := []brandgen.Code{brandgen.CodeProviderUnavailable, brandgen.CodeRenderBusy}
	rs := []route{
		{edge: edgeBare, handle: s.healthz, Operation: openapi.Operation{Method: "GET", Path: "/healthz", ID: "healthz", Tag: "operations",
			Summary: "Liveness", Responses: ok(HealthResponse{}, "The process is alive.")}},
		{edge: edgeBare, handle: s.healthz, Operation: openapi.Operation{Method: "HEAD", Path: "/healthz", ID: "healthzHead", Tag: "operations",
			Summary: "Liveness (HEAD)", Responses: []openapi.Response{{Status: 200, Description: "The process is alive."}}}},
		{edge: edgeBare, handle: s.readyz, Operation: openapi.Operation{Method: "GET", Path: "/readyz", ID: "readyz", Tag: "operations",
			Summary: "Readiness: database, Redis when set, browser pool",
			Responses: []openapi.Response{
				{Status: 200, Description: "Every check passed.", Bodies: jsonBody(ReadyResponse{})},
				{Status: 503, Description: "A check failed; checks names it.", Bodies: jsonBody(ReadyResponse{})},
			}}},
		{edge: edgePublic, handle: s.openapiDoc, Operation: openapi.Operation{Method: "GET", Path: "/api/v1/openapi.json", ID: "openapi", Tag: "catalog",
			Summary: "This OpenAPI 3.1 document", Description: "Generated at startup from the route table and the Go types the handlers use. Needs no API key.",
			Responses: []openapi.Response{{Status: 200, Description: "The document.", Bodies: []openapi.Body{{Schema: map[string]any{"type": "object", "additionalProperties": true}}}}}}},
		{edge: edgeAPI, handle: s.schemas, Operation: openapi.Operation{Method: "GET", Path: "/api/v1/schemas", ID: "listPatterns", Tag: "catalog",
			Summary:   "The pattern catalog: every pattern id with its title, kind, layouts and content schema",
			Responses: ok(CatalogResponse{}, "The catalog.")}},
		{edge: edgeAPI, handle: s.schemas, Operation: openapi.Operation{Method: "GET", Path: "/api/schemas", ID: "listPatternsAlias", Tag: "catalog",
			Summary: "Alias of GET /api/v1/schemas", Responses: ok(CatalogResponse{}, "The catalog.")}},
		{edge: edgeAPI, handle: s.saveBrand, codes: []brandgen.Code{brandgen.CodeValidation}, Operation: openapi.Operation{Method: "POST", Path: "/api/v1/brand", ID: "saveBrand", Tag: "brand",
			Summary: "Save the brand profile used by later generations", Request: &openapi.Body{Type: brandgen.Brand{}},
			Responses: ok(BrandResponse{}, "The saved profile.")}},
		{edge: edgeAPI, handle: s.getBrand, Operation: openapi.Operation{Method: "GET", Path: "/api/v1/brand", ID: "getBrand", Tag: "brand",
			Summary: "The saved brand profile ({} when none)", Responses: ok(BrandResponse{}, "The saved profile.")}},
		{edge: edgeAPI, handle: s.getSettings, Operation: openapi.Operation{Method: "GET", Path: "/api/v1/settings", ID: "getSettings", Tag: "account",
			Summary: "Account settings (saved diagram defaults)", Responses: ok(brandgen.Settings{}, "The settings.")}},
		{edge: edgeAPI, handle: s.patchSettings, Operation: openapi.Operation{Method: "PATCH", Path: "/api/v1/settings", ID: "patchSettings", Tag: "account",
			Summary: "Change saved diagram defaults", Request: &openapi.Body{Type: SettingsPatch{}},
			Responses: ok(brandgen.Settings{}, "The settings after the change.")}},
		{edge: edgeAPI, handle: s.usage, Operation: openapi.Operation{Method: "GET", Path: "/api/v1/usage", ID: "getUsage", Tag: "account",
			Summary: "Plan, plan status and generation volume", Responses: ok(UsageResponse{}, "The account's usage.")}},
		{edge: edgeAPI, handle: s.chart, plan: true, codes: rendering, Operation: openapi.Operation{Method: "POST", Path: "/api/v1/chart", ID: "renderChart", Tag: "charts",
			Summary:   "Draw a bar, line or donut chart or a KPI card from data (deterministic, free)",
			Request:   &openapi.Body{Type: ChartRequest{}, Schema: openapi.Ref("ChartFields"), Example: chartExample},
			Responses: ok(ImageResponse{}, "The chart; content sent to POST /render with format chart reproduces it.")}},
		{edge: edgeAPI, handle: s.render, codes: rendering, Operation: openapi.Operation{Method: "POST", Path: "/api/v1/render", ID: "render", Tag: "render",
			Summary: "Re-render held content (free): a /posts or /chart answer is accepted unmodified",
			Request: &openapi.Body{Type: RenderRequest{}, Example: s.renderExample()}, Responses: ok(ImageResponse{}, "The image.")}},
		{edge: edgeAPI, handle: s.createPost, plan: true, metered: true, codes: generating, Operation: openapi.Operation{Method: "POST", Path: "/api/v1/posts", ID: "createPost", Tag: "posts",
			Summary:   "Plan a post from a prompt and render it",
			Request:   &openapi.Body{Type: PostRequest{}, Example: map[string]any{"prompt": "Five tips for faster Go builds", "format": "listicle", "layout": "2col", "theme": "dark"}},
			Responses: ok(PostResponse{}, "The post: pattern, planned content, image and usage.")}},
	}
	rs = append(rs, s.diagramRoutes()...)
	rs = append(rs,
		route{edge: edgeAPI, handle: s.animate, plan: true, metered: true, codes: []brandgen.Code{brandgen.CodeNotFound, brandgen.CodeRenderBusy, brandgen.CodeQueueUnavailable},
			Operation: openapi.Operation{Method: "POST", Path: "/api/v1/animate", ID: "animate", Tag: "animate",
				Summary: "Reveal GIF of held content (format + content) or of a diagram (diagramId alone)",
				Request: &openapi.Body{Type: AnimateRequest{}, Example: chartAnimateExample},
				Responses: []openapi.Response{
					{Status: 200, Description: "Rendered inline (no job queue configured).", Bodies: jsonBody(AnimateResponse{})},
					{Status: 202, Description: "Queued: poll GET /api/v1/jobs/{jobId}.", Bodies: jsonBody(AnimateAccepted{})},
				}}},
		route{edge: edgeAPI, handle: s.batch, plan: true, metered: true, codes: []brandgen.Code{brandgen.CodeBatchUnavailable, brandgen.CodeQueueUnavailable},
			Operation: openapi.Operation{Method: "POST", Path: "/api/v1/batch", ID: "createBatch", Tag: "jobs",
				Summary: "Queue one render per item (one format, a shared base); billed once",
				Request: &openapi.Body{Type: BatchRequest{}, Example: map[string]any{"format": "chart",
					"base":  map[string]any{"chartType": "bar", "title": "Signups"},
					"items": []any{map[string]any{"series": chartExample["series"]}, map[string]any{"title": "Churn", "series": chartExample["series"]}}}},
				Responses: []openapi.Response{{Status: 202, Description: "Queued: poll GET /api/v1/jobs/batch/{batchId}.", Bodies: jsonBody(BatchAccepted{})}}}},
		route{edge: edgeAPI, handle: s.job, codes: []brandgen.Code{brandgen.CodeForbidden, brandgen.CodeNotFound, brandgen.CodeQueueUnavailable},
			Operation: openapi.Operation{Method: "GET", Path: "/api/v1/jobs/{id}", ID: "getJob", Tag: "jobs",
				Summary: "Poll an async job (free; never counted by the rate limit)", Params: idParam("id", "The jobId of a 202 answer."),
				Responses: ok(jobs.JobStatus{}, "The job: queued, rendering, done (with image) or failed (with error).")}},
		route{edge: edgeAPI, handle: s.batchStatus, codes: []brandgen.Code{brandgen.CodeForbidden, brandgen.CodeNotFound, brandgen.CodeQueueUnavailable},
			Operation: openapi.Operation{Method: "GET", Path: "/api/v1/jobs/batch/{batchId}", ID: "getBatch", Tag: "jobs",
				Summary: "Poll a batch (free)", Params: idParam("batchId", "The batchId of POST /batch."),
				Responses: ok(jobs.BatchStatus{}, "The batch; images once every item settled.")}},
		route{edge: edgeAPI, handle: s.brandkitCatalog, Operation: openapi.Operation{Method: "GET", Path: "/api/v1/brandkit", ID: "listBrandkitAssets", Tag: "brandkit",
			Summary: "Brand-kit assets: social covers, logo cards, meeting backgrounds", Responses: ok(AssetList{}, "The assets.")}},
		route{edge: edgeAPI, handle: s.renderAsset, codes: []brandgen.Code{brandgen.CodeUnknownAsset, brandgen.CodeRenderBusy},
			Operation: openapi.Operation{Method: "POST", Path: "/api/v1/brandkit/render", ID: "renderBrandkitAsset", Tag: "brandkit",
				Summary:   "Render a brand-kit asset from the saved brand (free)",
				Request:   &openapi.Body{Type: brandkit.Request{}, Example: map[string]any{"id": "x-header", "theme": "dark", "pills": []string{"Go", "APIs"}}},
				Responses: ok(AssetResponse{}, "The asset.")}},
		route{edge: edgeAPI, handle: s.createLogo, plan: true, codes: []brandgen.Code{brandgen.CodeInsufficientCredits, brandgen.CodeProviderUnavailable, brandgen.CodeRenderBusy},
			Operation: openapi.Operation{Method: "POST", Path: "/api/v1/logo", ID: "createLogo", Tag: "logo",
				Summary: "Make a logo mark in the brand colours (first free, then 25 credits)", Extensions: map[string]any{"x-credits": brandgen.LogoPriceCredits},
				Request: &openapi.Body{Type: LogoRequest{}, Example: map[string]any{"prompt": "a fox made of circuit lines"}}, Responses: ok(LogoResponse{}, "The mark.")}},
		route{edge: edgeAPI, handle: s.createCarousel, plan: true, metered: true, codes: generating,
			Operation: openapi.Operation{Method: "POST", Path: "/api/v1/carousel", ID: "createCarousel", Tag: "carousel",
				Summary:   "Plan and render a 5 to 10 slide carousel with its PDF",
				Request:   &openapi.Body{Type: CarouselRequest{}, Example: map[string]any{"prompt": "How we cut our cloud bill by 40%", "size": "square"}},
				Responses: ok(CarouselResponse{}, "Slides, PDF, editable content and usage.")}},
		route{edge: edgeAPI, handle: s.renderCarousel, codes: rendering,
			Operation: openapi.Operation{Method: "POST", Path: "/api/v1/carousel/render", ID: "renderCarousel", Tag: "carousel",
				Summary: "Re-render edited slide objects into slides and a PDF (free)",
				Request: &openapi.Body{Type: CarouselRenderRequest{}}, Responses: ok(CarouselResponse{}, "Slides, PDF and content.")}},
	)
	if s.Metrics != nil {
		rs = append(rs, route{edge: edgeBare, handle: gin.WrapH(s.Metrics.Handler()), Operation: openapi.Operation{Method: "GET", Path: "/metrics", ID: "metrics", Tag: "operations",
			Summary: "Prometheus metrics", Responses: []openapi.Response{{Status: 200, Description: "Prometheus text exposition.",
				Bodies: []openapi.Body{{MediaType: "text/plain", Schema: openapi.String()}}}}}})
	}
	rs = append(rs, s.adminRoutes()...)
	return append(rs, s.devRoutes()...) // devsurface.go: the playground and /mcp
}

// diagramRoutes are the /diagrams family (when the service is wired).
func (s *server) diagramRoutes() []route {
	if s.Diagrams == nil {
		return nil
	}
	id := idParam("id", "The diagram's id.")
	notFound := []brandgen.Code{brandgen.CodeNotFound, brandgen.CodeRenderBusy}
	return []route{
		{edge: edgeAPI, handle: s.createDiagram, plan: true, metered: true, codes: []brandgen.Code{brandgen.CodeProviderUnavailable, brandgen.CodeRenderBusy},
			Operation: openapi.Operation{Method: "POST", Path: "/api/v1/diagrams", ID: "createDiagram", Tag: "diagrams",
				Summary:   "Create a diagram from a prompt; it is stored under a permanent id",
				Request:   &openapi.Body{Type: diagrams.CreateRequest{}, Example: map[string]any{"prompt": "A web app on AWS: CloudFront, ALB, two ECS services, RDS Postgres", "type": "architecture"}},
				Responses: ok(DiagramResponse{}, "The diagram, with usage.")}},
		{edge: edgeAPI, handle: s.listDiagrams, codes: []brandgen.Code{brandgen.CodeValidation},
			Operation: openapi.Operation{Method: "GET", Path: "/api/v1/diagrams", ID: "listDiagrams", Tag: "diagrams",
				Summary: "The account's diagrams, newest first, without images",
				Params: []openapi.Param{
					{Name: "limit", In: "query", Description: "Page size, 1 to 100 (default 20).", Schema: map[string]any{"type": "integer", "minimum": 1, "maximum": 100}},
					{Name: "cursor", In: "query", Description: "The next of the previous page."},
				},
				Responses: ok(DiagramList{}, "A page of diagrams; next is absent on the last page.")}},
		{edge: edgeAPI, handle: s.getDiagram, codes: []brandgen.Code{brandgen.CodeValidation, brandgen.CodeSVGUnsupported, brandgen.CodeNotFound, brandgen.CodeRenderBusy},
			Operation: openapi.Operation{Method: "GET", Path: "/api/v1/diagrams/{id}", ID: "getDiagram", Tag: "diagrams",
				Summary: "Re-render (JSON or PNG) or export (SVG, architecture only) the diagram (free)",
				Params: append(id,
					openapi.Param{Name: "theme", In: "query", Schema: openapi.Enum(brandgen.Themes)},
					openapi.Param{Name: "size", In: "query", Schema: openapi.Enum(brandgen.Sizes)},
					openapi.Param{Name: "transparent", In: "query", Schema: openapi.Enum([]string{"1", "true", "0", "false"})},
					openapi.Param{Name: "format", In: "query", Description: "Omitted: the JSON Diagram.", Schema: openapi.Enum([]string{"png", "svg"})},
					openapi.Param{Name: "download", In: "query", Description: "1: save rather than open inline (Content-Disposition: attachment).", Schema: openapi.Enum([]string{"1", "true", "0", "false"})},
				),
				Responses: []openapi.Response{
					{Status: 200, Description: "The diagram: JSON without format, the PNG with format=png, the SVG with format=svg.",
						Headers: map[string]string{"ETag": "Image forms: the render's entity tag.", "Content-Disposition": "With download=1."},
						Bodies: []openapi.Body{{Type: DiagramResponse{}},
							{MediaType: "image/png", Schema: binary("image/png")}, {MediaType: "image/svg+xml", Schema: binary("image/svg+xml")}}},
					{Status: 304, Description: "Image forms: If-None-Match matched the ETag.", Headers: map[string]string{"ETag": "The render's entity tag."}},
				}}},
		{edge: edgeAPI, handle: s.renameDiagram, codes: notFound,
			Operation: openapi.Operation{Method: "PATCH", Path: "/api/v1/diagrams/{id}", ID: "renameDiagram", Tag: "diagrams",
				Summary: "Rename the diagram (free)", Params: id, Request: &openapi.Body{Type: RenameRequest{}, Example: map[string]any{"title": "Checkout flow"}},
				Responses: ok(DiagramResponse{}, "The diagram.")}},
		{edge: edgeAPI, handle: s.deleteDiagram, codes: []brandgen.Code{brandgen.CodeNotFound},
			Operation: openapi.Operation{Method: "DELETE", Path: "/api/v1/diagrams/{id}", ID: "deleteDiagram", Tag: "diagrams",
				Summary: "Delete the diagram and its history", Params: id,
				Responses: []openapi.Response{{Status: 204, Description: "Deleted."}}}},
		{edge: edgeAPI, handle: s.refineDiagram, plan: true, metered: true, codes: []brandgen.Code{brandgen.CodeNotFound, brandgen.CodeProviderUnavailable, brandgen.CodeRenderBusy},
			Operation: openapi.Operation{Method: "POST", Path: "/api/v1/diagrams/{id}/refine", ID: "refineDiagram", Tag: "diagrams",
				Summary: "Edit with a prompt (one generation) or restyle without one (free)", Params: id,
				Description: "Only a refine with a prompt is metered; omitted fields keep the diagram's current setting.",
				Request:     &openapi.Body{Type: diagrams.RefineRequest{}, Example: map[string]any{"theme": "dark", "nodeStyle": "freeform"}},
				Responses:   ok(DiagramResponse{}, "The diagram (usage only when a prompt was given).")}},
	}
}

// adminRoutes mount the asynqmon dashboard at /admin/queues behind basic auth (any user name, the
// password BRANDGEN_ADMIN_PASSWORD); not mounted when either is unset.
func (s *server) adminRoutes() []route {
	if s.Admin == nil || s.AdminPassword == "" {
		return nil
	}
	why := "the operator's job-queue dashboard (asynqmon), behind basic auth, not part of the API"
	var out []route
	for _, p := range []string{"/admin/queues", "/admin/queues/*path"} {
		out = append(out, route{edge: edgeBare, hidden: why, handle: s.adminAuth(gin.WrapH(s.Admin)), Operation: openapi.Operation{Method: "*", Path: p}})
	}
	return out
}

func binary(mediaType string) map[string]any {
	return map[string]any{"type": "string", "contentMediaType": mediaType}
}

// ginPath turns an OpenAPI path into gin's syntax: {id} -> :id.
func ginPath(p string) string {
	segs := strings.Split(p, "/")
	for i, seg := range segs {
		if strings.HasPrefix(seg, "{") && strings.HasSuffix(seg, "}") {
			segs[i] = ":" + seg[1:len(seg)-1]
		}
	}
	return strings.Join(segs, "/")
}

// sheds reports whether a route refuses with render_busy before reading its body when the render
// pool is full (shed.go): the API's POSTs that render in the request. /animate is left out: with
// the job queue it only enqueues.
func sheds(rt route) bool {
	return rt.edge == edgeAPI && rt.Method == http.MethodPost && rt.Path != "/api/v1/animate" &&
		slices.Contains(rt.codes, brandgen.CodeRenderBusy)
}

// register adds every route of the table to r with its edge's middleware.
func (s *server) register(r *gin.Engine, routes []route) {
	for _, rt := range routes {
		var chain []gin.HandlerFunc
		switch rt.edge {
		case edgePublic:
			chain = append(chain, s.rateLimit)
		case edgeAPI:
			chain = append(chain, s.rateLimit, limitBody, s.authenticate)
		case edgeKey:
			chain = append(chain, limitBody, s.authenticate)
		}
		if rt.plan {
			chain = append(chain, requirePlan)
		}
		if sheds(rt) {
			chain = append(chain, s.shed)
		}
		if rt.edge == edgeAPI || rt.edge == edgeKey {
			chain = append(chain, s.admitBody(rt.edge == edgeKey))
		}
		chain = append(chain, rt.handle)
		if rt.Method == "*" {
			r.Any(ginPath(rt.Path), chain...)
			continue
		}
		r.Handle(rt.Method, ginPath(rt.Path), chain...)
	}
}

// operations describes the table's documented routes, adding the error codes each edge and flag
// implies.
func operations(routes []route) []openapi.Operation {
	var ops []openapi.Operation
	for _, rt := range routes {
		if rt.hidden != "" {
			continue
		}
		op := rt.Operation
		codes := slices.Clone(rt.codes)
		switch rt.edge {
		case edgePublic:
			op.Public, op.RateLimited = true, true
			codes = append(codes, brandgen.CodeInternal)
		case edgeAPI:
			op.RateLimited = true
			codes = append(codes, brandgen.CodeUnauthorized, brandgen.CodeDatabaseUnavailable, brandgen.CodeInternal)
			if isWrite(op.Method) {
				codes = append(codes, brandgen.CodeRateLimited)
			}
			if op.Request != nil {
				codes = append(codes, brandgen.CodeValidation, brandgen.CodePayloadTooLarge, brandgen.CodeRequestTimeout, brandgen.CodeServerBusy)
			}
		default:
			op.Public = true
		}
		ext := map[string]any{}
		for k, v := range op.Extensions {
			ext[k] = v
		}
		if rt.plan {
			codes = append(codes, brandgen.CodePlanRequired)
			ext["x-plan-required"] = "developer"
		}
		if rt.metered {
			codes = append(codes, brandgen.CodeQuotaExceeded)
			ext["x-metered"] = 1
		}
		if len(ext) > 0 {
			op.Extensions = ext
		}
		for _, c := range codes {
			op.Errors = append(op.Errors, openapi.Error{Status: statusOf[c], Code: string(c)})
		}
		ops = append(ops, op)
	}
	return ops
}
