package app

import (
	"fmt"

	"github.com/brandgen/brandgen/diagrams"
	"github.com/brandgen/brandgen/diagrams/mermaid"
	"github.com/brandgen/brandgen/generate"
)

// StageScripts are the scripts every render tab keeps loaded in its stage (Mermaid, for diagram
// layout). Pools made outside New (tests, the sheet command) use the same list.
var StageScripts = mermaid.Scripts

// newDiagrams builds the diagram service: the model planner when a model server is configured,
// else the offline rules; layout runs in the pool's warm stage through the studio.
func (a *App) newDiagrams(cfg Config, o Overrides) error {
	a.Studio.SetEvaluator(a.Pool)
	planner := o.DiagramPlanner
	if planner == nil && (cfg.OpenAIKey != "" || cfg.OpenAIBaseURL != "") {
		m, err := generate.NewDiagramModel(generate.ModelConfig{APIKey: cfg.OpenAIKey, BaseURL: cfg.OpenAIBaseURL, Model: cfg.Model})
		if err != nil {
			return fmt.Errorf("diagram planner: %w", err)
		}
		planner = diagrams.ModelPlanner{Model: m, Checker: a.Studio}
	}
	a.Diagrams = diagrams.New(a.Store, a.Studio, planner)
	return nil
}
