package diagrams

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/diagrams/arch"
	"github.com/brandgen/brandgen/diagrams/mermaid"
	"github.com/brandgen/brandgen/diagrams/rules"
	"github.com/brandgen/brandgen/diagrams/sketch"
)

// Model is a diagram's structure as stored (never returned over the API): the Mermaid source of
// the Mermaid types, with the sketch it was written from when the offline planner made it, or the
// architecture graph.
type Model struct {
	Source string         `json:"source,omitempty"`
	Sketch *sketch.Sketch `json:"sketch,omitempty"`
	Graph  *arch.Graph    `json:"graph,omitempty"`
}

// Plan is a planner's answer.
type Plan struct {
	Model   Model
	Title   string        // a title for the diagram ("" when the planner has none)
	Note    string        // what was drawn or changed
	Display rules.Display // display changes an edit instruction asked for
	// Provider and LLM are who planned it ("offline", "rules-diagrams-v2" or "openai", a model).
	Provider, LLM                  string
	PromptTokens, CompletionTokens int
}

// Planner plans diagrams from prompts and edits them from instructions. Errors that are the
// caller's (an instruction that cannot be applied) are *brandgen.Error validation errors; a
// provider failure wraps brandgen.ErrProviderUnavailable.
type Planner interface {
	Plan(ctx context.Context, typ, prompt string) (Plan, error)
	Refine(ctx context.Context, typ string, current Model, instruction string) (Plan, error)
}

// Offline is the planner without a model: package rules for the Mermaid types, arch.Plan and
// arch.Refine for architecture.
type Offline struct {
	Now func() time.Time // nil: time.Now
}

func (o Offline) now() time.Time {
	if o.Now != nil {
		return o.Now()
	}
	return time.Now()
}

// Plan implements Planner.
func (o Offline) Plan(_ context.Context, typ, prompt string) (Plan, error) {
	p := Plan{Provider: "offline", LLM: rules.Model}
	if typ == "architecture" {
		g, title := arch.Plan(prompt)
		p.Model, p.Title, p.Note = Model{Graph: &g}, title, fmt.Sprintf("drew %d components", len(g.Nodes))
		return p, nil
	}
	s, title := rules.Plan(typ, prompt, o.now())
	p.Model = Model{Source: s.Mermaid(), Sketch: &s}
	p.Title, p.Note = title, fmt.Sprintf("drew %s", count(len(s.Nodes), nodeWord(typ)))
	return p, nil
}

// Refine implements Planner.
func (o Offline) Refine(_ context.Context, typ string, m Model, instruction string) (Plan, error) {
	p := Plan{Provider: "offline", LLM: rules.Model}
	if typ == "architecture" {
		if m.Graph == nil {
			return p, errors.New("diagrams: architecture diagram without a graph")
		}
		if disp, note, ok := rules.DisplayOnly(instruction); ok { // "make it dark"
			p.Model, p.Display, p.Note = m, disp, note
			return p, nil
		}
		g, note, err := arch.Refine(*m.Graph, instruction)
		if err != nil {
			return p, brandgen.Invalid([]brandgen.Issue{{Field: "prompt", Message: "cannot apply the instruction: " + err.Error()}})
		}
		p.Model, p.Note = Model{Graph: &g}, note
		return p, nil
	}
	if m.Sketch == nil {
		return p, brandgen.Invalid([]brandgen.Issue{{Field: "prompt", Message: "this diagram was written by the model planner; " +
			"the offline planner can only restyle it (configure OPENAI_API_KEY or OPENAI_BASE_URL to edit it)"}})
	}
	s, disp, note, err := rules.Refine(*m.Sketch, instruction)
	if err != nil {
		return p, brandgen.Invalid([]brandgen.Issue{{Field: "prompt", Message: "cannot apply the instruction: " + err.Error()}})
	}
	p.Model, p.Display, p.Note = Model{Source: s.Mermaid(), Sketch: &s}, disp, note
	return p, nil
}

func nodeWord(typ string) string {
	switch typ {
	case "sequence":
		return "participant"
	case "class":
		return "class"
	case "er":
		return "entity"
	case "gantt":
		return "task"
	case "mindmap":
		return "idea"
	}
	return "step"
}

func count(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	if word == "class" {
		return fmt.Sprintf("%d classes", n)
	}
	if word == "entity" {
		return fmt.Sprintf("%d entities", n)
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// checkGraph validates a planned architecture graph (Mermaid sources are checked by drawing them).
func checkGraph(typ string, m Model) error {
	if typ != "architecture" {
		if m.Source == "" {
			return errors.New("no source")
		}
		return nil
	}
	return checkModel(context.Background(), nil, typ, m)
}

// checkModel validates a planned model before it is saved: a Mermaid source with Mermaid's own
// parser, a graph with its schema rules.
func checkModel(ctx context.Context, ev mermaid.Evaluator, typ string, m Model) error {
	if typ == "architecture" {
		if m.Graph == nil {
			return errors.New("no graph")
		}
		if issues := m.Graph.Validate(""); len(issues) > 0 {
			return fmt.Errorf("invalid graph: %s: %s", issues[0].Field, issues[0].Message)
		}
		return nil
	}
	return mermaid.Check(ctx, ev, typ, m.Source)
}
