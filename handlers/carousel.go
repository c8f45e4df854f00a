package handlers

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"unicode/utf8"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/carousel"
	"github.com/brandgen/brandgen/generate"
	"github.com/brandgen/brandgen/meter"
	"github.com/brandgen/brandgen/slides"
	"github.com/gin-gonic/gin"
)

// carouselLook validates the display fields of the carousel endpoints: size portrait or square.
func carouselLook(req lookRequest) []brandgen.Issue {
	issues := req.issues()
	for i, is := range issues {
		if is.Field == "size" {
			issues = append(issues[:i], issues[i+1:]...)
			break
		}
	}
	if is := carousel.CheckSize(req.Size, "size"); is != nil {
		issues = append(issues, *is)
	}
	return issues
}

// readCarouselRequest decodes the body into req and its display fields into look, and returns the
// issues of both with the look validated for a carousel.
func readCarouselRequest(c *gin.Context, req any, look *lookRequest) ([]brandgen.Issue, error) {
	fields, err := readFields(c)
	if err != nil {
		return nil, err
	}
	issues := decodeFields(fields, req)
	issues = append(issues, decodeFields(fields, look)...)
	return append(issues, carouselLook(*look)...), nil
}

// createCarousel plans 5 to 10 slides from a prompt (model or offline planner), renders them and
// the PDF, and counts one generation, only when all of that succeeded.
func (s *server) createCarousel(c *gin.Context) {
	var req CarouselRequest
	issues, err := readCarouselRequest(c, &req, &req.lookRequest)
	if err != nil {
		fail(c, err)
		return
	}
	switch {
	case hasIssue(issues, "prompt"): // not a string
	case req.Prompt == nil || strings.TrimSpace(*req.Prompt) == "":
		issues = append(issues, brandgen.Issue{Field: "prompt", Message: "is required"})
	case utf8.RuneCountInString(*req.Prompt) > maxPrompt:
		issues = append(issues, brandgen.Issue{Field: "prompt", Message: fmt.Sprintf("must be at most %d characters (is %d)", maxPrompt, utf8.RuneCountInString(*req.Prompt))})
	}
	if err := brandgen.Invalid(sortIssues(issues)); err != nil {
		fail(c, err)
		return
	}
	bodyDecoded(c)
	s.withGeneration(c, func(ctx context.Context, res *meter.Reservation) error {
		plan, err := generate.CarouselPlannerOf(s.Planner).PlanCarousel(ctx, generate.CarouselRequest{Prompt: *req.Prompt})
		if err != nil {
			return err
		}
		raw, _ := json.Marshal(plan.Slides)
		typed, deckIssues := carousel.Decode(s.Catalog, raw, "slides", slides.MinPlanned, slides.MaxPlanned)
		if len(deckIssues) > 0 { // a planner bug: its output was validated already
			return fmt.Errorf("planner %s produced an invalid carousel: %v", plan.Provider, deckIssues)
		}
		body, err := s.makeCarousel(c, typed, req.lookRequest)
		if err != nil {
			return err
		}
		u := res.Usage()
		u.Provider, u.Model, u.PromptTokens, u.CompletionTokens = plan.Provider, plan.Model, plan.PromptTokens, plan.CompletionTokens
		body.Usage = &u
		c.JSON(http.StatusOK, body)
		return nil
	})
}

// renderCarousel re-renders slide objects, edited or not, into slides and the PDF. It never calls a
// model and is free. slides is the content.slides array of a /carousel answer; a whole /carousel
// answer sent back unmodified works too (its top-level slides are the images, so content.slides
// is used).
func (s *server) renderCarousel(c *gin.Context) {
	var req CarouselRenderRequest
	issues, err := readCarouselRequest(c, &req, &req.lookRequest)
	if err != nil {
		fail(c, err)
		return
	}
	field, raw := "slides", req.Slides
	if (len(raw) == 0 || imagesOnly(raw)) && req.Content != nil && len(req.Content.Slides) > 0 {
		field, raw = "content.slides", req.Content.Slides
	}
	if imagesOnly(raw) {
		issues = append(issues, brandgen.Issue{Field: "slides", Message: "must be the slide objects (content.slides of a /carousel answer), not the images"})
	} else if !hasIssue(issues, "slides") {
		typed, deckIssues := carousel.Decode(s.Catalog, raw, field, slides.MinSlides, slides.MaxSlides)
		issues = append(issues, deckIssues...)
		if len(issues) == 0 {
			bodyDecoded(c)
			body, err := s.makeCarousel(c, typed, req.lookRequest)
			if err != nil {
				fail(c, err)
				return
			}
			c.JSON(http.StatusOK, body)
			return
		}
	}
	fail(c, brandgen.Invalid(sortIssues(issues)))
}

// imagesOnly reports whether raw is a non-empty array of strings (the rendered slides).
func imagesOnly(raw json.RawMessage) bool {
	var ss []string
	return json.Unmarshal(raw, &ss) == nil && len(ss) > 0
}

func hasIssue(issues []brandgen.Issue, field string) bool {
	for _, is := range issues {
		if is.Field == field {
			return true
		}
	}
	return false
}

// makeCarousel renders typed slides into the answer body (without usage).
func (s *server) makeCarousel(c *gin.Context, typed []any, look lookRequest) (CarouselResponse, error) {
	deck, err := carousel.New(s.Studio, s.log).Make(c.Request.Context(), carousel.Request{AccountID: account(c).ID,
		Slides: typed, Look: look.look(), Brand: look.Brand, Unbranded: look.Unbranded})
	if err != nil {
		return CarouselResponse{}, err
	}
	body := CarouselResponse{Pattern: carousel.Pattern, Slides: make([]string, len(deck.PNGs)),
		PDF: "data:application/pdf;base64," + base64.StdEncoding.EncodeToString(deck.PDF), Content: CarouselContent{Slides: typed},
		Warnings: deck.Warnings}
	for i, png := range deck.PNGs {
		body.Slides[i] = pngURI(png)
	}
	return body, nil
}
