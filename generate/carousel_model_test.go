package generate

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"testing"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/slides"
)

const goodCarousel = `{"slides":[
 {"kind":"cover","kicker":null,"title":"5 lessons from scaling Postgres to 10k QPS","subtitle":"What broke and what we fixed."},
 {"kind":"point","kicker":"Lesson 1","title":"Pool your connections","body":"PgBouncer in transaction mode."},
 {"kind":"stat","value":"10k QPS","label":"on one primary","context":null,"source":null},
 {"kind":"list","title":"The checklist","items":["Pool","Partition","Vacuum"]},
 {"kind":"cta","title":"Found this useful?","body":null,"action":"Follow for more","link":null}]}`

func TestModelCarousel(t *testing.T) {
	f := newFakeOpenAI(t, reply{content: goodCarousel})
	m := newTestModel(t, f, 0)
	plan, err := m.PlanCarousel(context.Background(), CarouselRequest{Prompt: "5 lessons from scaling Postgres to 10k QPS"})
	if err != nil {
		t.Fatal(err)
	}
	if len(plan.Slides) != 5 || plan.Provider != ProviderOpenAI || plan.Model != "gpt-test-2025" || plan.PromptTokens != 120 {
		t.Fatalf("plan = %+v", plan)
	}
	if got := string(plan.Slides[0]); got != `{"kind":"cover","title":"5 lessons from scaling Postgres to 10k QPS","subtitle":"What broke and what we fixed."}` {
		t.Errorf("cover = %s (nulls dropped)", got)
	}
	r := f.reqs()[0]
	if r.ResponseFormat.Type != "json_schema" || !r.ResponseFormat.JSONSchema.Strict || r.ResponseFormat.JSONSchema.Name != "brandgen_carousel" {
		t.Errorf("response_format = %+v", r.ResponseFormat)
	}
	var schema map[string]any
	if err := json.Unmarshal(r.ResponseFormat.JSONSchema.Schema, &schema); err != nil {
		t.Fatal(err)
	}
	checkStrict(t, "schema", schema)
	kinds := lookup(schema, "properties.slides.items.anyOf").([]any)
	if len(kinds) != len(slides.Kinds) {
		t.Fatalf("%d slide kinds in the schema, want %d", len(kinds), len(slides.Kinds))
	}
	for i, k := range kinds {
		if got := lookup(k, "properties.kind.enum[0]"); got != slides.Kinds[i] {
			t.Errorf("kind %d = %v, want %s", i, got, slides.Kinds[i])
		}
	}
	for _, k := range slides.Kinds {
		if !strings.Contains(r.Messages[0].Content, "- "+k+": ") {
			t.Errorf("the system message does not offer %s", k)
		}
	}
}

func TestModelCarouselRepairs(t *testing.T) {
	// Too few slides, the cta missing, a title too long: one repair request names it all.
	bad := `{"slides":[{"kind":"cover","title":"` + strings.Repeat("x", 101) + `"},{"kind":"point","title":"One"},{"kind":"point","title":"Two"}]}`
	f := newFakeOpenAI(t, reply{content: bad}, reply{content: goodCarousel})
	m := newTestModel(t, f, 0)
	plan, err := m.PlanCarousel(context.Background(), CarouselRequest{Prompt: "Postgres lessons"})
	if err != nil {
		t.Fatal(err)
	}
	if len(plan.Slides) != 5 || plan.PromptTokens != 240 {
		t.Fatalf("plan = %d slides, %d prompt tokens", len(plan.Slides), plan.PromptTokens)
	}
	reqs := f.reqs()
	if len(reqs) != 2 {
		t.Fatalf("%d requests, want 2", len(reqs))
	}
	repair := reqs[1].Messages[len(reqs[1].Messages)-1].Content
	for _, want := range []string{"slides: must hold 5 to 10", "slides[0].title", "slides[2].kind: the last slide must be the cta"} {
		if !strings.Contains(repair, want) {
			t.Errorf("repair request lacks %q:\n%s", want, repair)
		}
	}
}

func TestModelCarouselFailures(t *testing.T) {
	bad := `{"slides":[{"kind":"poster","title":"x"}]}`
	cases := []struct {
		name   string
		script []reply
	}{
		{"invalid twice", []reply{{content: bad}, {content: bad}}},
		{"server error", []reply{{status: http.StatusInternalServerError, body: `{"error":{"message":"overloaded"}}`}}},
		{"not JSON", []reply{{content: "Sure! Here is your carousel."}, {content: "{"}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := newTestModel(t, newFakeOpenAI(t, c.script...), 0)
			_, err := m.PlanCarousel(context.Background(), CarouselRequest{Prompt: "Postgres lessons"})
			if !errors.Is(err, brandgen.ErrProviderUnavailable) {
				t.Fatalf("err = %v, want provider unavailable", err)
			}
			if strings.Contains(err.Error(), testKey) {
				t.Fatalf("the error shows the key: %v", err)
			}
		})
	}
	_, err := newTestModel(t, newFakeOpenAI(t), 0).PlanCarousel(context.Background(), CarouselRequest{Prompt: " "})
	if e, ok := brandgen.AsError(err); !ok || e.Code != brandgen.CodeValidation {
		t.Fatalf("blank prompt: %v", err)
	}
}

func TestCarouselPlannerOf(t *testing.T) {
	if _, ok := CarouselPlannerOf(NewOffline()).(*Offline); !ok {
		t.Fatal("offline planner not kept")
	}
	m := newTestModel(t, newFakeOpenAI(t), 0)
	if CarouselPlannerOf(m) != CarouselPlanner(m) {
		t.Fatal("model planner not kept")
	}
}
