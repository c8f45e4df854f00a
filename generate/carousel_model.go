package generate

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/slides"
	openai "github.com/sashabaranov/go-openai"
)

// carouselSchema is the strict request schema of a carousel: {slides: [one of the slide kinds]},
// built once from the catalog's slide schemas.
type carouselSchema struct {
	once   sync.Once
	schema *object
	err    error
}

func (m *Model) carouselSchema() (*object, error) {
	m.carousel.once.Do(func() {
		var kinds []any
		for _, k := range slides.Kinds {
			raw, ok := m.catalog.Schema(slides.PatternID(k))
			if !ok {
				m.carousel.err = fmt.Errorf("generate: the catalog has no schema for slide kind %q", k)
				return
			}
			s, err := strictify(raw)
			if err != nil {
				m.carousel.err = fmt.Errorf("generate: schema of slide kind %s: %w", k, err)
				return
			}
			t := slides.Titles[k]
			s.set("description", t[0]+": "+t[1])
			kinds = append(kinds, s)
		}
		items := newObject()
		items.set("anyOf", kinds)
		list := newObject()
		list.set("type", "array")
		list.set("description", fmt.Sprintf("%d to %d slides: a cover first, a cta last, body slides of varied kinds between.", slides.MinPlanned, slides.MaxPlanned))
		list.set("items", items)
		props := newObject()
		props.set("slides", list)
		root := newObject()
		root.set("type", "object")
		root.set("properties", props)
		root.set("required", []any{"slides"})
		root.set("additionalProperties", false)
		m.carousel.schema = root
	})
	return m.carousel.schema, m.carousel.err
}

// PlanCarousel asks the model for the slides in one structured-output call, validates every
// slide against its kind's schema and the deck's shape (5 to 10 slides, a cover first, a cta
// last), and when something is wrong asks once more with the issues. Failures wrap
// brandgen.ErrProviderUnavailable.
func (m *Model) PlanCarousel(ctx context.Context, r CarouselRequest) (CarouselPlan, error) {
	req, err := validate(Request{Prompt: r.Prompt})
	if err != nil {
		return CarouselPlan{}, err
	}
	schema, err := m.carouselSchema()
	if err != nil {
		return CarouselPlan{}, err
	}
	chat := openai.ChatCompletionRequest{
		Model: m.cfg.Model,
		Messages: []openai.ChatCompletionMessage{
			{Role: openai.ChatMessageRoleSystem, Content: carouselPrompt()},
			{Role: openai.ChatMessageRoleUser, Content: req.Prompt},
		},
		ResponseFormat: &openai.ChatCompletionResponseFormat{
			Type: openai.ChatCompletionResponseFormatTypeJSONSchema,
			JSONSchema: &openai.ChatCompletionResponseFormatJSONSchema{
				Name: "brandgen_carousel", Schema: schema, Strict: true,
			},
		},
	}
	var tokens Plan
	finish := func(slides []json.RawMessage) CarouselPlan {
		return CarouselPlan{Slides: slides, Provider: ProviderOpenAI, Model: tokens.Model,
			PromptTokens: tokens.PromptTokens, CompletionTokens: tokens.CompletionTokens}
	}
	tokens.Model = m.cfg.Model
	answer, err := m.call(ctx, chat, &tokens)
	if err != nil {
		return finish(nil), err
	}
	deck, issues := m.checkCarousel(answer)
	if len(issues) > 0 {
		chat.Messages = append(chat.Messages,
			openai.ChatCompletionMessage{Role: openai.ChatMessageRoleAssistant, Content: answer},
			openai.ChatCompletionMessage{Role: openai.ChatMessageRoleUser, Content: repairPrompt(issues)})
		if answer, err = m.call(ctx, chat, &tokens); err != nil {
			return finish(nil), err
		}
		if deck, issues = m.checkCarousel(answer); len(issues) > 0 {
			return finish(nil), &ProviderError{Model: m.cfg.Model, Host: m.host, Issues: issues,
				Reason: "the model's carousel was still invalid after a repair request"}
		}
	}
	return finish(deck), nil
}

// checkCarousel parses an answer {slides: [...]} and validates it (checkDeck), nulls standing for
// omitted optional fields.
func (m *Model) checkCarousel(answer string) ([]json.RawMessage, []brandgen.Issue) {
	text := strings.TrimSpace(answer)
	if strings.HasPrefix(text, "```") {
		text = strings.TrimPrefix(strings.TrimPrefix(text, "```json"), "```")
		text = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(text), "```"))
	}
	v, err := decodeOrdered([]byte(text))
	if err != nil {
		return nil, []brandgen.Issue{{Field: "body", Message: "is not valid JSON: " + err.Error()}}
	}
	root, ok := v.(*object)
	if !ok {
		return nil, []brandgen.Issue{{Field: "body", Message: "must be a JSON object {slides: [...]}"}}
	}
	list, ok := root.vals["slides"].([]any)
	if !ok {
		return nil, []brandgen.Issue{{Field: "slides", Message: "is required: an array of slide objects"}}
	}
	raw := make([]json.RawMessage, len(list))
	for i, s := range list {
		b, err := json.Marshal(dropNulls(s))
		if err != nil {
			return nil, []brandgen.Issue{{Field: fmt.Sprintf("slides[%d]", i), Message: err.Error()}}
		}
		raw[i] = b
	}
	return checkDeck(m.catalog, raw)
}

// carouselPrompt tells the model the job and the slide kinds.
func carouselPrompt() string {
	var b strings.Builder
	fmt.Fprintf(&b, `You write a LinkedIn/Instagram carousel for brandgen, which draws each slide with the user's brand.
Answer with JSON that matches the given schema. Rules:
- %d to %d slides. The first is a cover (the carousel's promise, never the user's instruction such as "make a carousel about"), the last a cta (call to action); between them body slides of varied kinds, one idea per slide.
- Write in the language of the user's prompt, and keep the user's names, numbers, dates, prices, code and links exactly as given.
- Do not invent facts: no statistics, quotes by real people, prices, dates, names or links that the prompt does not give. A stat, quote or chart slide only for figures or words the prompt gives. Set an optional field to null rather than make it up. You may write the copy (titles, explanations, tips) the prompt asks for.
- Short lines read best on a phone: respect the character and item limits stated in each field's description.
- Plain text only: no markdown, no placeholder or lorem ipsum text. Emoji only where a field asks for one (illustration icon).
Slide kinds:
`, slides.MinPlanned, slides.MaxPlanned)
	for _, k := range slides.Kinds {
		fmt.Fprintf(&b, "- %s: %s\n", k, slides.Titles[k][1])
	}
	return b.String()
}
