package diagrams

import (
	"context"
	"encoding/json"
	"errors"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/diagrams/arch"
	"github.com/brandgen/brandgen/diagrams/mermaid"
	"github.com/brandgen/brandgen/generate"
)

// ModelPlanner plans with a model (generate.DiagramModel): Mermaid sources checked with Mermaid's
// parser in the warm stage (Checker), architecture graphs with arch's schema and rules.
type ModelPlanner struct {
	Model   *generate.DiagramModel
	Checker mermaid.Evaluator
}

// Plan implements Planner.
func (p ModelPlanner) Plan(ctx context.Context, typ, prompt string) (Plan, error) {
	return p.run(ctx, typ, prompt, "")
}

// Refine implements Planner.
func (p ModelPlanner) Refine(ctx context.Context, typ string, m Model, instruction string) (Plan, error) {
	current := m.Source
	if typ == "architecture" {
		js, err := json.Marshal(m.Graph)
		if err != nil {
			return Plan{}, err
		}
		current = string(js)
	}
	return p.run(ctx, typ, instruction, current)
}

func (p ModelPlanner) run(ctx context.Context, typ, prompt, current string) (Plan, error) {
	req := generate.DiagramRequest{Type: typ, Prompt: prompt, Current: current}
	if typ == "architecture" {
		req.GraphSchema = arch.Schema()
	}
	ans, err := p.Model.Diagram(ctx, req, func(ctx context.Context, a generate.DiagramAnswer) []brandgen.Issue {
		if typ == "architecture" {
			var g arch.Graph
			if err := json.Unmarshal(a.Graph, &g); err != nil {
				return []brandgen.Issue{{Field: "graph", Message: "does not match the schema: " + err.Error()}}
			}
			return g.Validate("graph.")
		}
		err := mermaid.Check(ctx, p.Checker, typ, a.Source)
		if errors.Is(err, mermaid.ErrSyntax) {
			return []brandgen.Issue{{Field: "source", Message: "Mermaid rejects it: " + err.Error()}}
		}
		if err != nil { // the stage itself failed: not the model's fault, report it as is
			return []brandgen.Issue{{Field: "source", Message: "could not be checked: " + err.Error()}}
		}
		return nil
	})
	plan := Plan{Provider: generate.ProviderOpenAI, LLM: ans.Model, PromptTokens: ans.PromptTokens, CompletionTokens: ans.CompletionTokens}
	if err != nil {
		return plan, err
	}
	plan.Title, plan.Note, plan.Display.Theme = ans.Title, ans.Note, brandgen.Theme(ans.Theme)
	if typ == "architecture" {
		var g arch.Graph
		if err := json.Unmarshal(ans.Graph, &g); err != nil {
			return plan, err
		}
		plan.Model = Model{Graph: &g}
	} else {
		plan.Model = Model{Source: ans.Source}
	}
	if plan.Note == "" {
		plan.Note = "planned by " + ans.Model
	}
	return plan, nil
}
