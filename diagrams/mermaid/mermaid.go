// Package mermaid draws the Mermaid diagram types (flowchart, sequence, class, er, mindmap, gantt)
// with the pinned mermaid.min.js that the render pool keeps loaded in each tab's stage window
// (renderer.Config.StageScripts), and checks Mermaid sources with Mermaid's own parser there.
//
// Layout runs where the library is already warm: Draw sends the source, the theme and our font
// stack to the stage through an Evaluator (renderer.Pool.Eval via studio), Mermaid lays it out and
// measures its text in the stage document with our @font-face rules applied, and the SVG comes
// back with the reveal marks added (data-node, data-edge with data-from/data-to, data-group,
// data-order; see stage.js). The diagram page then inlines that SVG.
package mermaid

import (
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync/atomic"

	"github.com/brandgen/brandgen/renderer"
)

//go:embed stage.js
var stageJS string

// Script is the stage asset each render tab must load: add it to renderer.Config.StageScripts.
const Script = "vendor/mermaid.min.js"

// Scripts are the stage assets of a render tab, in order: Mermaid, then a warm-up that renders a
// tiny diagram of each type when the tab opens (the first render of a type costs ~1 s).
var Scripts = []string{Script, "vendor/mermaid-warm.js"}

// Types are the diagram types this package draws, as the API names them.
var Types = []string{"flowchart", "sequence", "class", "er", "mindmap", "gantt"}

// Has reports whether t is a Mermaid type.
func Has(t string) bool { return slices.Contains(Types, t) }

// Evaluator runs JavaScript in a warm stage window (renderer.Pool.Eval, through studio).
type Evaluator interface {
	Eval(ctx context.Context, expr string, out any) error
}

// ErrSyntax wraps a source Mermaid's parser rejects; the message is Mermaid's.
var ErrSyntax = errors.New("mermaid: invalid diagram source")

// diagramTypes maps our type names to the diagram types Mermaid's parser reports.
var diagramTypes = map[string][]string{
	"flowchart": {"flowchart-v2", "flowchart", "flowchart-elk"},
	"sequence":  {"sequence"},
	"class":     {"class", "classDiagram"},
	"er":        {"er"},
	"mindmap":   {"mindmap"},
	"gantt":     {"gantt"},
}

// Check parses source with Mermaid's parser in the stage and checks it is a diagram of type typ.
// A rejected source is an error wrapping ErrSyntax with Mermaid's message (first lines).
func Check(ctx context.Context, ev Evaluator, typ, source string) error {
	var out struct {
		DiagramType string `json:"diagramType"`
	}
	if err := call(ctx, ev, request{Op: "parse", Type: typ, Source: source, Config: baseConfig(Theme{})}, &out); err != nil {
		return err
	}
	if want := diagramTypes[typ]; !slices.Contains(want, out.DiagramType) {
		return fmt.Errorf("%w: it is a %q diagram, not %s", ErrSyntax, out.DiagramType, typ)
	}
	return nil
}

// Art is a laid-out diagram.
type Art struct {
	SVG           string  // the <svg> element, marked, without width/height (the page sizes it)
	Width, Height float64 // its viewBox size in CSS pixels at FontSize
	FontSize      float64 // the text size the layout used, in the SVG's own pixels
	Nodes, Edges  int     // how many marks of each kind it carries
	Groups        int
}

// Draw lays out source in the theme and returns the marked SVG. It checks the source as Check
// does (an error wrapping ErrSyntax), so a caller that draws needs no separate Check.
func Draw(ctx context.Context, ev Evaluator, typ, source string, th Theme) (Art, error) {
	var out struct {
		DiagramType string  `json:"diagramType"`
		SVG         string  `json:"svg"`
		Width       float64 `json:"width"`
		Height      float64 `json:"height"`
		Nodes       int     `json:"nodes"`
		Edges       int     `json:"edges"`
		Groups      int     `json:"groups"`
	}
	req := request{Op: "render", Type: typ, Source: source, ID: nextID(), Config: baseConfig(th), Lang: th.Lang,
		Fonts: []string{`400 20px "BG Inter"`, `600 20px "BG Inter"`, `700 20px "BG Inter"`}, Sample: sample(source)}
	if err := call(ctx, ev, req, &out); err != nil {
		return Art{}, err
	}
	// Draw parses the source as Check does: a source of another type is a syntax error here too.
	if want := diagramTypes[typ]; out.DiagramType != "" && !slices.Contains(want, out.DiagramType) {
		return Art{}, fmt.Errorf("%w: it is a %q diagram, not %s", ErrSyntax, out.DiagramType, typ)
	}
	return Art{SVG: out.SVG, Width: out.Width, Height: out.Height, FontSize: th.fontSize(),
		Nodes: out.Nodes, Edges: out.Edges, Groups: out.Groups}, nil
}

type request struct {
	Op     string         `json:"op"`
	Type   string         `json:"type"`
	Source string         `json:"source"`
	ID     string         `json:"id,omitempty"`
	Config map[string]any `json:"config"`
	Fonts  []string       `json:"fonts,omitempty"`
	Sample string         `json:"sample,omitempty"`
	Lang   string         `json:"lang,omitempty"`
}

func call(ctx context.Context, ev Evaluator, req request, out any) error {
	js, err := json.Marshal(req)
	if err != nil {
		return fmt.Errorf("mermaid: encode request: %w", err)
	}
	err = ev.Eval(ctx, "("+stageJS+")("+string(js)+")", out)
	if err == nil {
		return nil
	}
	if isScriptError(err) && req.Op == "parse" {
		return fmt.Errorf("%w: %s", ErrSyntax, parseMessage(err))
	}
	if isScriptError(err) && isSyntaxMessage(err.Error()) {
		return fmt.Errorf("%w: %s", ErrSyntax, parseMessage(err))
	}
	return fmt.Errorf("mermaid: %s %s: %w", req.Op, req.Type, err)
}

// isScriptError reports an exception of the stage script (renderer.ErrScript), as opposed to a
// pool failure (busy, crash, timeout).
func isScriptError(err error) bool { return errors.Is(err, renderer.ErrScript) }

func isSyntaxMessage(msg string) bool {
	return strings.Contains(msg, "Parse error") || strings.Contains(msg, "Lexical error") ||
		strings.Contains(msg, "No diagram type detected") || strings.Contains(msg, "Expecting")
}

// parseMessage keeps the useful part of Mermaid's parse error: at most three lines, no prefix.
func parseMessage(err error) string {
	msg := err.Error()
	if _, after, ok := strings.Cut(msg, "script failed: "); ok {
		msg = after
	}
	lines := strings.Split(strings.TrimSpace(msg), "\n")
	if len(lines) > 4 {
		lines = lines[:4]
	}
	return strings.Join(lines, " ")
}

var seq atomic.Uint64

// nextID names one render's SVG; ids only need to be unique within one page.
func nextID() string { return fmt.Sprintf("bgd%d", seq.Add(1)) }

// sample is text for document.fonts.load, so fallback faces for the source's scripts load too.
func sample(source string) string {
	var b strings.Builder
	seen := map[rune]bool{}
	for _, r := range source {
		if r > 0x7f && !seen[r] && len(seen) < 64 {
			seen[r] = true
			b.WriteRune(r)
		}
	}
	return "Aa" + b.String()
}
