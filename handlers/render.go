package handlers

import (
	"encoding/base64"
	"encoding/json"
	"net/http"
	"sort"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/branding"
	"github.com/brandgen/brandgen/patterns"
	"github.com/brandgen/brandgen/studio"
	"github.com/gin-gonic/gin"
)

// lookRequest are the display fields most generation calls share.
type lookRequest struct {
	Size      brandgen.Size   `json:"size,omitempty"`
	Theme     brandgen.Theme  `json:"theme,omitempty"`
	Style     brandgen.Style  `json:"style,omitempty"`
	Brand     *brandgen.Brand `json:"brand,omitempty"`
	Unbranded bool            `json:"unbranded,omitempty"` // strips name and logo for this render; colours kept
}

func (l lookRequest) look() brandgen.Look {
	return brandgen.Look{Size: l.Size, Theme: l.Theme, Style: l.Style}.WithDefaults()
}

// issues validates the display fields.
func (l lookRequest) issues() []brandgen.Issue {
	issues := brandgen.Look{Size: l.Size, Theme: l.Theme, Style: l.Style}.Validate("")
	if l.Brand != nil {
		issues = append(issues, branding.Validate(*l.Brand, "brand.")...)
	}
	return issues
}

func pngURI(png []byte) string {
	return "data:image/png;base64," + base64.StdEncoding.EncodeToString(png)
}

// chartFields are the top-level fields of POST /chart that make up the chart's content.
var chartFields = []string{"chartType", "title", "subtitle", "unit", "series", "slices", "tiles", "palette"}

// chartObject is the chart's content object, made of the body's chart fields (parseBody checked
// them to be valid JSON) in one buffer of its final size.
func chartObject(fields map[string]json.RawMessage) json.RawMessage {
	n := 2
	for _, k := range chartFields {
		if v, ok := fields[k]; ok {
			n += len(k) + len(v) + 4
		}
	}
	out := make([]byte, 0, n)
	out = append(out, '{')
	for _, k := range chartFields {
		if v, ok := fields[k]; ok {
			if len(out) > 1 {
				out = append(out, ',')
			}
			out = append(append(append(append(out, '"'), k...), '"', ':'), v...)
		}
	}
	return append(out, '}')
}

// chart draws a chart or KPI card from data; its content, sent back to /render with format chart,
// reproduces the image.
func (s *server) chart(c *gin.Context) {
	fields, err := readFields(c)
	if err != nil {
		fail(c, err)
		return
	}
	var req ChartRequest
	issues := decodeFields(fields, &req.lookRequest)
	issues = append(issues, req.issues()...)
	typed, contentIssues := s.Catalog.Decode("chart", chartObject(fields), "")
	issues = append(issues, contentIssues...)
	if err := brandgen.Invalid(sortIssues(issues)); err != nil {
		fail(c, err)
		return
	}
	bodyDecoded(c)
	s.respondImage(c, studio.Job{Pattern: "chart", Content: typed, Look: req.look(), Brand: req.Brand, Unbranded: req.Unbranded})
}

// render re-renders held content: the body of a /posts or /chart response is accepted as is (key
// pattern for format, extra keys ignored). It never calls a model and is free.
func (s *server) render(c *gin.Context) {
	var req RenderRequest
	fields, err := readFields(c)
	if err != nil {
		fail(c, err)
		return
	}
	issues := decodeFields(fields, &req)
	issues = append(issues, decodeFields(fields, &req.lookRequest)...)
	issues = append(issues, req.issues()...)
	format := req.Format
	if format == "" {
		format = req.Pattern
	}
	var typed any
	switch p, ok := s.Catalog.Lookup(format); {
	case format == "":
		issues = append(issues, brandgen.Issue{Field: "format", Message: "is required (or the key pattern, as in a /posts response)"})
	case !ok:
		issues = append(issues, brandgen.Issue{Field: "format", Message: "must be one of " + s.patternIDs()})
	case p.Kind == patterns.KindSlide:
		issues = append(issues, brandgen.Issue{Field: "format", Message: "is a carousel slide kind: re-render slides with POST /carousel/render"})
	case len(req.Content) == 0 || string(req.Content) == "null":
		issues = append(issues, brandgen.Issue{Field: "content", Message: "is required"})
	default:
		var contentIssues []brandgen.Issue
		typed, contentIssues = s.Catalog.Decode(p.ID, req.Content, "content.")
		issues = append(issues, contentIssues...)
		if is := s.Catalog.CheckLayout(p.ID, req.Layout); is != nil {
			issues = append(issues, *is)
		}
	}
	if err := brandgen.Invalid(sortIssues(issues)); err != nil {
		fail(c, err)
		return
	}
	bodyDecoded(c)
	s.respondImage(c, studio.Job{Pattern: format, Content: typed, Look: req.look(), Layout: req.Layout,
		Brand: req.Brand, Unbranded: req.Unbranded})
}

func (s *server) respondImage(c *gin.Context, j studio.Job) {
	j.AccountID = account(c).ID
	png, warnings, err := s.Studio.RenderReport(c.Request.Context(), j)
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, ImageResponse{Pattern: j.Pattern, Content: j.Content, Image: pngURI(png), Warnings: warnings})
}

func (s *server) patternIDs() string {
	ids := make([]string, 0, 20)
	for _, p := range s.Catalog.All() {
		if p.Kind != patterns.KindSlide {
			ids = append(ids, p.ID)
		}
	}
	return brandgen.Enum(ids)
}

// sortIssues orders issues by field so responses are stable.
func sortIssues(issues []brandgen.Issue) []brandgen.Issue {
	sort.SliceStable(issues, func(i, j int) bool { return issues[i].Field < issues[j].Field })
	return issues
}
