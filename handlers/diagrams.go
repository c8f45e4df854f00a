package handlers

import (
	"context"
	"net/http"
	"strconv"
	"strings"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/diagrams"
	"github.com/brandgen/brandgen/meter"
	"github.com/gin-gonic/gin"
)

// decodeDisplay decodes a request body into dst (a struct embedding diagrams.Display) field by
// field, naming every field of the wrong type.
func decodeDiagramBody(c *gin.Context, dst any, display *diagrams.Display) []brandgen.Issue {
	fields, err := readFields(c)
	if err != nil {
		fail(c, err)
		return nil
	}
	issues := decodeFields(fields, dst)
	issues = append(issues, decodeFields(fields, display)...)
	if issues == nil {
		issues = []brandgen.Issue{}
	}
	return issues
}

func (s *server) createDiagram(c *gin.Context) {
	var req diagrams.CreateRequest
	issues := decodeDiagramBody(c, &req, &req.Display)
	if issues == nil {
		return
	}
	issues = append(issues, req.Issues()...)
	if err := brandgen.Invalid(sortIssues(dedupe(issues))); err != nil {
		fail(c, err)
		return
	}
	bodyDecoded(c)
	s.metered(c, func(ctx context.Context) (diagrams.Result, error) {
		return s.Diagrams.Create(ctx, account(c), req)
	})
}

func (s *server) refineDiagram(c *gin.Context) {
	var req diagrams.RefineRequest
	issues := decodeDiagramBody(c, &req, &req.Display)
	if issues == nil {
		return
	}
	issues = append(issues, req.Issues()...)
	if err := brandgen.Invalid(sortIssues(dedupe(issues))); err != nil {
		fail(c, err)
		return
	}
	bodyDecoded(c)
	id := c.Param("id")
	if req.Prompt == nil { // a restyle: free
		res, err := s.Diagrams.Refine(c.Request.Context(), account(c), id, req)
		if err != nil {
			fail(c, err)
			return
		}
		respondDiagram(c, res, nil)
		return
	}
	s.metered(c, func(ctx context.Context) (diagrams.Result, error) {
		return s.Diagrams.Refine(ctx, account(c), id, req)
	})
}

// metered runs fn as one generation (withGeneration) and answers its diagram with the usage.
func (s *server) metered(c *gin.Context, fn func(context.Context) (diagrams.Result, error)) {
	s.withGeneration(c, func(ctx context.Context, res *meter.Reservation) error {
		out, err := fn(ctx)
		if err != nil {
			return err
		}
		u := res.Usage()
		u.Provider, u.Model, u.PromptTokens, u.CompletionTokens = out.Provider, out.LLM, out.PromptTokens, out.CompletionTokens
		respondDiagram(c, out, &u)
		return nil
	})
}

func respondDiagram(c *gin.Context, r diagrams.Result, u *meter.Usage) {
	d := r.Diagram
	d.Image = pngURI(r.PNG)
	c.JSON(http.StatusOK, DiagramResponse{Diagram: d, Usage: u})
}

func (s *server) renameDiagram(c *gin.Context) {
	var req RenameRequest
	if err := bind(c, &req); err != nil {
		fail(c, err)
		return
	}
	if err := brandgen.Invalid(diagrams.TitleIssues(req.Title)); err != nil {
		fail(c, err)
		return
	}
	res, err := s.Diagrams.Rename(c.Request.Context(), account(c), c.Param("id"), *req.Title)
	if err != nil {
		fail(c, err)
		return
	}
	respondDiagram(c, res, nil)
}

func (s *server) deleteDiagram(c *gin.Context) {
	if err := s.Diagrams.Delete(c.Request.Context(), account(c), c.Param("id")); err != nil {
		fail(c, err)
		return
	}
	c.Status(http.StatusNoContent)
}

// getDiagram re-renders (JSON or png) or exports (svg) the diagram; image forms carry an ETag
// and answer 304 to a matching If-None-Match without rendering.
func (s *server) getDiagram(c *gin.Context) {
	var o diagrams.Overrides
	var issues []brandgen.Issue
	q := c.Request.URL.Query()
	if v := q.Get("theme"); v != "" {
		if o.Theme = brandgen.Theme(v); !o.Theme.Valid() {
			issues = append(issues, brandgen.Issue{Field: "theme", Message: "must be one of " + brandgen.Enum(brandgen.Themes)})
		}
	}
	if v := q.Get("size"); v != "" {
		o.Size = brandgen.Size(v)
		if !o.Size.Valid() && o.Size != brandgen.SizeAuto {
			issues = append(issues, brandgen.Issue{Field: "size", Message: "must be one of " + brandgen.Enum(brandgen.Sizes)})
		}
	}
	if v := q.Get("transparent"); v != "" {
		b, err := strconv.ParseBool(v)
		if err != nil || (v != "1" && v != "0" && v != "true" && v != "false") {
			issues = append(issues, brandgen.Issue{Field: "transparent", Message: "must be 1, true, 0 or false"})
		}
		o.Transparent = &b
	}
	format := q.Get("format")
	if format != "" && format != "png" && format != "svg" {
		issues = append(issues, brandgen.Issue{Field: "format", Message: "must be png or svg"})
	}
	download := q.Get("download")
	if download != "" && download != "1" && download != "true" && download != "0" && download != "false" {
		issues = append(issues, brandgen.Issue{Field: "download", Message: "must be 1"})
	}
	if err := brandgen.Invalid(issues); err != nil {
		fail(c, err)
		return
	}
	ctx, a, id := c.Request.Context(), account(c), c.Param("id")
	if format == "" {
		res, err := s.Diagrams.Get(ctx, a, id, o)
		if err != nil {
			fail(c, err)
			return
		}
		respondDiagram(c, res, nil)
		return
	}
	tag, typ, err := s.Diagrams.ETag(ctx, a, id, format, o)
	if err != nil {
		fail(c, err)
		return
	}
	if format == "svg" && typ != "architecture" {
		fail(c, diagrams.ErrSVGUnsupported)
		return
	}
	c.Header("ETag", tag)
	c.Header("Cache-Control", "private, no-cache")
	if download == "1" || download == "true" {
		c.Header("Content-Disposition", `attachment; filename="`+id+`.`+format+`"`)
	}
	if match := c.GetHeader("If-None-Match"); match != "" && etagMatches(match, tag) {
		c.Status(http.StatusNotModified)
		return
	}
	if format == "svg" {
		svg, err := s.Diagrams.SVG(ctx, a, id, o)
		if err != nil {
			fail(c, err)
			return
		}
		c.Data(http.StatusOK, "image/svg+xml", svg)
		return
	}
	res, err := s.Diagrams.Get(ctx, a, id, o)
	if err != nil {
		fail(c, err)
		return
	}
	c.Data(http.StatusOK, "image/png", res.PNG)
}

func etagMatches(header, tag string) bool {
	for _, t := range strings.Split(header, ",") {
		t = strings.TrimPrefix(strings.TrimSpace(t), "W/")
		if t == tag || t == "*" {
			return true
		}
	}
	return false
}

// listDiagrams is GET /diagrams: the account's diagrams, newest first, cursor-paginated, without
// images or sources.
func (s *server) listDiagrams(c *gin.Context) {
	limit := 20
	var issues []brandgen.Issue
	if v := c.Query("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 100 {
			issues = append(issues, brandgen.Issue{Field: "limit", Message: "must be an integer from 1 to 100"})
		}
		limit = n
	}
	if err := brandgen.Invalid(issues); err != nil {
		fail(c, err)
		return
	}
	list, next, err := s.Diagrams.List(c.Request.Context(), account(c), c.Query("cursor"), limit)
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, DiagramList{Diagrams: list, Next: next})
}

// dedupe drops repeated issues (a field decoded by both the request and its display part).
func dedupe(issues []brandgen.Issue) []brandgen.Issue {
	seen := map[string]bool{}
	out := issues[:0]
	for _, is := range issues {
		if !seen[is.Field] {
			seen[is.Field] = true
			out = append(out, is)
		}
	}
	return out
}
