package handlers

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/generate"
	"github.com/brandgen/brandgen/meter"
	"github.com/brandgen/brandgen/posts"
	"github.com/brandgen/brandgen/studio"
	"github.com/gin-gonic/gin"
)

// maxPrompt is the prompt cap of /posts, /diagrams, /carousel and refine.
const maxPrompt = 4000

// createPost plans a post from a prompt (model or offline planner), renders it, and counts one
// generation, only when all of that succeeded.
func (s *server) createPost(c *gin.Context) {
	var req PostRequest
	fields, err := readFields(c)
	if err != nil {
		fail(c, err)
		return
	}
	issues := decodeFields(fields, &req)
	issues = append(issues, decodeFields(fields, &req.lookRequest)...)
	issues = append(issues, req.issues()...)
	switch {
	case req.Prompt == nil || strings.TrimSpace(*req.Prompt) == "":
		issues = append(issues, brandgen.Issue{Field: "prompt", Message: "is required"})
	case utf8.RuneCountInString(*req.Prompt) > maxPrompt:
		issues = append(issues, brandgen.Issue{Field: "prompt", Message: fmt.Sprintf("must be at most %d characters (is %d)", maxPrompt, utf8.RuneCountInString(*req.Prompt))})
	}
	switch {
	case req.Format == "":
		if req.Layout != "" && !anyLayout(req.Layout) {
			issues = append(issues, brandgen.Issue{Field: "layout", Message: "is not a layout of any format; layouts: " + allLayouts()})
		}
	case req.Format == "diagram":
		issues = append(issues, brandgen.Issue{Field: "format", Message: "diagram is not a post format: use POST /diagrams"})
	case !slices.Contains(posts.Formats, req.Format):
		issues = append(issues, brandgen.Issue{Field: "format", Message: "must be one of " + strings.Join(posts.Formats, ", ")})
	default:
		if is := s.Catalog.CheckLayout(req.Format, req.Layout); is != nil {
			issues = append(issues, *is)
		}
	}
	if err := brandgen.Invalid(sortIssues(issues)); err != nil {
		fail(c, err)
		return
	}
	bodyDecoded(c)
	acct := account(c)
	s.withGeneration(c, func(ctx context.Context, res *meter.Reservation) error {
		plan, err := s.Planner.Plan(ctx, generate.Request{Prompt: *req.Prompt, Format: req.Format, Layout: req.Layout})
		if err != nil {
			return err
		}
		content, contentIssues := s.Catalog.Decode(plan.Pattern, plan.Content, "content.")
		if len(contentIssues) > 0 { // a planner bug: its output was validated already
			return fmt.Errorf("planner %s produced invalid %s content: %v", plan.Provider, plan.Pattern, contentIssues)
		}
		layout := req.Layout
		if s.Catalog.CheckLayout(plan.Pattern, layout) != nil {
			layout = "" // an auto-selected format that has no such layout
		}
		png, warnings, err := s.Studio.RenderReport(ctx, studio.Job{AccountID: acct.ID, Pattern: plan.Pattern, Content: content,
			Look: req.look(), Layout: layout, Brand: req.Brand, Unbranded: req.Unbranded})
		if err != nil {
			return err
		}
		u := res.Usage()
		u.Provider, u.Model, u.PromptTokens, u.CompletionTokens = plan.Provider, plan.Model, plan.PromptTokens, plan.CompletionTokens
		c.JSON(http.StatusOK, PostResponse{Pattern: plan.Pattern, Content: content, Image: pngURI(png), Usage: u, Warnings: warnings})
		return nil
	})
}

func anyLayout(l string) bool {
	for _, ls := range posts.Layouts {
		if slices.Contains(ls, l) {
			return true
		}
	}
	return false
}

func allLayouts() string {
	var all []string
	for _, id := range posts.Formats {
		for _, l := range posts.Layouts[id] {
			if !slices.Contains(all, l) {
				all = append(all, l)
			}
		}
	}
	return strings.Join(all, ", ")
}
