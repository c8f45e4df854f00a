package generate

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/slides"
)

// CarouselRequest is what a carousel is planned from.
type CarouselRequest struct {
	Prompt string
}

// CarouselPlan is a planned carousel: 5 to 10 slide objects (each valid against its kind's schema
// in the catalog, a cover first and a call to action last), plus who planned it and at what cost.
type CarouselPlan struct {
	Slides []json.RawMessage
	// Provider, Model, PromptTokens and CompletionTokens are as in Plan.
	Provider                       string
	Model                          string
	PromptTokens, CompletionTokens int
}

// CarouselPlanner turns a prompt into a carousel. Model and Offline implement it.
type CarouselPlanner interface {
	PlanCarousel(ctx context.Context, r CarouselRequest) (CarouselPlan, error)
}

// CarouselPlannerOf returns p's carousel planner: p itself when it plans carousels, else the
// offline planner.
func CarouselPlannerOf(p Planner) CarouselPlanner {
	if cp, ok := p.(CarouselPlanner); ok {
		return cp
	}
	return NewOffline()
}

// checkDeck validates planned slides: each against its kind's schema (issues named "slides[i]...."),
// then the deck's shape: MinPlanned to MaxPlanned slides, a cover first, a call to action last.
// It returns the slides re-encoded from their typed values.
func checkDeck(cat Catalog, raw []json.RawMessage) ([]json.RawMessage, []brandgen.Issue) {
	var issues []brandgen.Issue
	if n := len(raw); n < slides.MinPlanned || n > slides.MaxPlanned {
		issues = append(issues, brandgen.Issue{Field: "slides", Message: fmt.Sprintf("must hold %d to %d slides (has %d)", slides.MinPlanned, slides.MaxPlanned, n)})
	}
	out := make([]json.RawMessage, len(raw))
	for i, item := range raw {
		prefix := fmt.Sprintf("slides[%d].", i)
		var head struct {
			Kind string `json:"kind"`
		}
		if err := json.Unmarshal(item, &head); err != nil || !containsString(slides.Kinds, head.Kind) {
			issues = append(issues, brandgen.Issue{Field: prefix + "kind", Message: "must be one of " + strings.Join(slides.Kinds, ", ")})
			continue
		}
		switch {
		case i == 0 && head.Kind != slides.Cover:
			issues = append(issues, brandgen.Issue{Field: prefix + "kind", Message: "the first slide must be the cover"})
		case i == len(raw)-1 && head.Kind != slides.CTA:
			issues = append(issues, brandgen.Issue{Field: prefix + "kind", Message: "the last slide must be the cta"})
		case i > 0 && i < len(raw)-1 && (head.Kind == slides.Cover || head.Kind == slides.CTA):
			issues = append(issues, brandgen.Issue{Field: prefix + "kind", Message: "only the first slide is a cover and only the last a cta"})
		}
		typed, is := cat.Decode(slides.PatternID(head.Kind), item, prefix)
		if len(is) > 0 {
			issues = append(issues, is...)
			continue
		}
		b, err := json.Marshal(typed)
		if err != nil {
			issues = append(issues, brandgen.Issue{Field: strings.TrimSuffix(prefix, "."), Message: err.Error()})
			continue
		}
		out[i] = b
	}
	if len(issues) > 0 {
		return nil, issues
	}
	return out, nil
}
