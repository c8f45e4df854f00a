package diagrams

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/branding"
)

// Limits of the contract.
const (
	MaxPrompt = 4000
	MaxTitle  = 80
)

// Types are the diagram types; architecture is the default.
var Types = []string{"architecture", "flowchart", "sequence", "class", "er", "mindmap", "gantt"}

// DefaultType is the type of a diagram created without one.
const DefaultType = "architecture"

// Colors are a diagram's colour overrides (hex); empty fields fall back to the brand, then the theme.
type Colors struct {
	Primary    string `json:"primary,omitempty"`
	Secondary  string `json:"secondary,omitempty"`
	Background string `json:"background,omitempty"`
}

// Display are the fields that change how a diagram is drawn, as a request gives them: nil or
// empty means "not given".
type Display struct {
	Size        brandgen.Size   `json:"size"`
	Theme       brandgen.Theme  `json:"theme"`
	Style       brandgen.Style  `json:"style"`
	NodeStyle   string          `json:"nodeStyle"`
	Transparent *bool           `json:"transparent"`
	Colors      *Colors         `json:"colors"`
	Brand       *brandgen.Brand `json:"brand"`
	Unbranded   *bool           `json:"unbranded"`
}

// CreateRequest is the body of POST /diagrams.
type CreateRequest struct {
	Display
	Prompt *string `json:"prompt"`
	Type   string  `json:"type"`
	Title  *string `json:"title"`
}

// RefineRequest is the body of POST /diagrams/{id}/refine: with a prompt a content edit, without
// one a restyle.
type RefineRequest struct {
	Display
	Prompt *string `json:"prompt"`
	Title  *string `json:"title"`
}

// Issues names every invalid field of the create request.
func (r CreateRequest) Issues() []brandgen.Issue {
	issues := r.Display.issues()
	switch {
	case r.Prompt == nil || strings.TrimSpace(*r.Prompt) == "":
		issues = append(issues, brandgen.Issue{Field: "prompt", Message: "is required"})
	default:
		issues = append(issues, promptIssues(*r.Prompt)...)
	}
	if r.Type != "" && !slices.Contains(Types, r.Type) {
		issues = append(issues, brandgen.Issue{Field: "type", Message: "must be one of " + strings.Join(Types, ", ")})
	}
	issues = append(issues, titleIssues(r.Title)...)
	return issues
}

// Issues names every invalid field of the refine request.
func (r RefineRequest) Issues() []brandgen.Issue {
	issues := r.Display.issues()
	if r.Prompt != nil {
		if strings.TrimSpace(*r.Prompt) == "" {
			issues = append(issues, brandgen.Issue{Field: "prompt", Message: "must not be blank (omit it to restyle)"})
		} else {
			issues = append(issues, promptIssues(*r.Prompt)...)
		}
	}
	return append(issues, titleIssues(r.Title)...)
}

// TitleIssues validates a rename's title (required; empty clears).
func TitleIssues(title *string) []brandgen.Issue {
	if title == nil {
		return []brandgen.Issue{{Field: "title", Message: "is required (an empty string clears the title)"}}
	}
	return titleIssues(title)
}

func promptIssues(p string) []brandgen.Issue {
	if n := utf8.RuneCountInString(p); n > MaxPrompt {
		return []brandgen.Issue{{Field: "prompt", Message: fmt.Sprintf("must be at most %d characters (is %d)", MaxPrompt, n)}}
	}
	return nil
}

func titleIssues(t *string) []brandgen.Issue {
	if t == nil {
		return nil
	}
	if n := utf8.RuneCountInString(*t); n > MaxTitle {
		return []brandgen.Issue{{Field: "title", Message: fmt.Sprintf("must be at most %d characters (is %d)", MaxTitle, n)}}
	}
	for _, r := range *t {
		if r < 0x20 || r == 0x7f {
			return []brandgen.Issue{{Field: "title", Message: "must be one line without control characters"}}
		}
	}
	return nil
}

// sizes are the sizes a diagram accepts: the concrete ones and auto.
var sizes = append([]brandgen.Size{brandgen.SizeAuto}, brandgen.Sizes...)

func (d Display) issues() []brandgen.Issue {
	var issues []brandgen.Issue
	add := func(field, msg string) { issues = append(issues, brandgen.Issue{Field: field, Message: msg}) }
	if d.Size != "" && !slices.Contains(sizes, d.Size) {
		add("size", "must be one of "+brandgen.Enum(sizes))
	}
	if d.Theme != "" && !d.Theme.Valid() {
		add("theme", "must be one of "+brandgen.Enum(brandgen.Themes))
	}
	if d.Style != "" && !d.Style.Valid() {
		add("style", "must be one of "+brandgen.Enum(brandgen.Styles))
	}
	if d.NodeStyle != "" && !slices.Contains(brandgen.NodeStyles, d.NodeStyle) {
		add("nodeStyle", "must be one of "+strings.Join(brandgen.NodeStyles, ", "))
	}
	if c := d.Colors; c != nil {
		for _, f := range []struct{ name, v string }{{"primary", c.Primary}, {"secondary", c.Secondary}, {"background", c.Background}} {
			if f.v != "" && !branding.IsHexColor(f.v) {
				add("colors."+f.name, `must be a hex colour, "#RGB" or "#RRGGBB"`)
			}
		}
	}
	if d.Brand != nil {
		issues = append(issues, branding.Validate(*d.Brand, "brand.")...)
	}
	return issues
}
