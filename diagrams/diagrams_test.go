package diagrams

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"image/png"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/db/dbtest"
	"github.com/brandgen/brandgen/diagrams/mermaid"
	"github.com/brandgen/brandgen/generate"
)

func testCtx(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	t.Cleanup(cancel)
	return ctx
}

// prompts are realistic prompts per Mermaid type.
var prompts = map[string][]string{
	"flowchart": {"user -> API -> Postgres", "A calls B, B writes to C", "- Sign up\n- Verify email\n- Create workspace\n- Invite team",
		"step 1 collect data, step 2 clean it, step 3 train the model, step 4 deploy", "ユーザー -> API -> データベース"},
	"sequence": {"User logs in to API, API queries Database, Database returns the user record, API returns a token to User"},
	"class":    {"User: name, email. Order: total, status. User has many Order", "classes Animal, Dog, Cat"},
	"er":       {"tables users, orders, order_items, products with foreign keys"},
	"mindmap":  {"Product launch: marketing, sales, support, engineering", "Launch plan\n- Marketing: blog, social, ads\n- Product: beta, docs"},
	"gantt":    {"phase 1 two weeks, then phase 2 three weeks, then launch 1 week"},
}

// Every offline plan of every Mermaid type passes Mermaid's parser and draws on both auto sizes.
func TestOfflinePlansDraw(t *testing.T) {
	s := newService(nil, nil)
	ctx := testCtx(t)
	for typ, list := range prompts {
		for _, p := range list {
			plan, err := s.planner.Plan(ctx, typ, p)
			if err != nil {
				t.Fatal(err)
			}
			if n := len(plan.Model.Sketch.Nodes); n < 2 {
				t.Errorf("%s %q: %d nodes", typ, p, n)
			}
			if err := checkModel(ctx, s.studio, typ, plan.Model); err != nil {
				t.Errorf("%s %q: %v\n%s", typ, p, err, plan.Model.Source)
				continue
			}
			for _, theme := range brandgen.Themes {
				img, err := s.draw(ctx, 0, typ, plan.Title, plan.Model, nil, Settings{Size: brandgen.SizeAuto, Theme: theme})
				if err != nil {
					t.Fatalf("%s %q: %v", typ, p, err)
				}
				m, err := png.Decode(bytes.NewReader(img.PNG))
				if err != nil {
					t.Fatal(err)
				}
				w, h := img.Size.Pixels()
				if b := m.Bounds(); b.Dx() != w || b.Dy() != h || (img.Size != brandgen.SizePortrait && img.Size != brandgen.SizeLandscape) {
					t.Errorf("%s: auto gave %s, image %v", typ, img.Size, b)
				}
				if img.TextPx < MinTextPx {
					t.Errorf("%s %q: text %.1f px", typ, p, img.TextPx)
				}
			}
		}
	}
}

// Dense diagrams (30+ nodes) stay legible: text at least MinTextPx on the canvas.
func TestDenseDiagramsLegible(t *testing.T) {
	s := newService(nil, nil)
	ctx := testCtx(t)
	var steps, ideas []string
	for i := 1; i <= 32; i++ {
		steps = append(steps, fmt.Sprintf("- Step %d of the pipeline", i))
	}
	for i := 1; i <= 6; i++ {
		ideas = append(ideas, fmt.Sprintf("- Branch %d: idea %da, idea %db, idea %dc, idea %dd", i, i, i, i, i))
	}
	cases := map[string]string{
		"flowchart": strings.Join(steps, "\n"),
		// The 30-table ER and the 36-node architecture are measured in the page: TestDenseTextMeasured.
		"mindmap": "Big plan\n" + strings.Join(ideas, "\n"),
	}
	for typ, p := range cases {
		plan, err := s.planner.Plan(ctx, typ, p)
		if err != nil {
			t.Fatal(err)
		}
		if n := len(plan.Model.Sketch.Nodes); n < 30 {
			t.Fatalf("%s: %d nodes, want 30+", typ, n)
		}
		for _, size := range []brandgen.Size{brandgen.SizeAuto, brandgen.SizePortrait} {
			img, err := s.draw(ctx, 0, typ, "Dense", plan.Model, nil, Settings{Size: size, Theme: brandgen.ThemeLight})
			if err != nil {
				t.Fatal(err)
			}
			if img.TextPx < MinTextPx {
				t.Errorf("%s %d nodes on %s: text %.1f px, want >= %d", typ, len(plan.Model.Sketch.Nodes), img.Size, img.TextPx, MinTextPx)
			}
		}
	}
}

// A model whose diagrams Mermaid keeps rejecting is a provider failure: nothing is stored.
func TestModelPlannerInvalid(t *testing.T) {
	store := dbtest.SQLite(t)
	ctx := testCtx(t)
	a, err := store.EnsureAccount(ctx, "model-"+t.Name(), brandgen.PlanDeveloper)
	if err != nil {
		t.Fatal(err)
	}
	answers := []string{
		`{"title":"Flow","note":"n","theme":"","source":"flowchart LR\n  a --> --> b"}`,
		`{"title":"Flow","note":"n","theme":"","source":"flowchart LR\n  a[A] --> b[B]"}`,
	}
	calls := 0
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		content := answers[min(calls, len(answers)-1)]
		if strings.Contains(r.URL.RawQuery, "never") || t.Name() == "" {
			content = answers[0]
		}
		calls++
		json.NewEncoder(w).Encode(map[string]any{"id": "x", "object": "chat.completion", "model": "fake",
			"choices": []any{map[string]any{"index": 0, "message": map[string]any{"role": "assistant", "content": content}, "finish_reason": "stop"}},
			"usage":   map[string]any{"prompt_tokens": 10, "completion_tokens": 5}})
	}))
	defer srv.Close()
	m, err := generate.NewDiagramModel(generate.ModelConfig{BaseURL: srv.URL + "/v1", Model: "fake"})
	if err != nil {
		t.Fatal(err)
	}
	s := newService(store, nil)
	s.planner = ModelPlanner{Model: m, Checker: s.studio}
	prompt := "a then b"
	// First answer invalid, the repair valid: created, two calls.
	res, err := s.Create(ctx, a, CreateRequest{Prompt: &prompt, Type: "flowchart"})
	if err != nil || calls != 2 || res.Provider != "openai" || res.PromptTokens != 20 {
		t.Fatalf("create = %+v, %v (calls %d)", res.Diagram, err, calls)
	}
	// Always invalid: 503, nothing stored.
	answers = answers[:1]
	calls = 0
	_, err = s.Create(ctx, a, CreateRequest{Prompt: &prompt, Type: "flowchart"})
	if !errors.Is(err, brandgen.ErrProviderUnavailable) || calls != 2 {
		t.Fatalf("err = %v, calls %d", err, calls)
	}
	list, _, err := s.List(ctx, a, "", 10)
	if err != nil || len(list) != 1 {
		t.Fatalf("%d diagrams stored, want 1 (%v)", len(list), err)
	}
	// A refine the model cannot do changes nothing.
	_, err = s.Refine(ctx, a, res.Diagram.ID, RefineRequest{Prompt: &prompt})
	if !errors.Is(err, brandgen.ErrProviderUnavailable) {
		t.Fatalf("refine err = %v", err)
	}
	revs, _ := store.Revisions(ctx, a.ID, res.Diagram.ID)
	if len(revs) != 1 {
		t.Fatalf("%d revisions after a failed refine", len(revs))
	}
}

var _ = mermaid.Script
