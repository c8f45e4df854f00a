package carousel

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/slides"
)

// Decoder validates content against a catalog pattern (patterns.Catalog.Decode).
type Decoder interface {
	Decode(id string, raw json.RawMessage, prefix string) (any, []brandgen.Issue)
}

// Decode validates a JSON array of slide objects and returns the typed slides. field names the
// array in issues ("slides"); each slide's issues are named by index and field ("slides[3].title",
// "slides[0].kind"). The array must hold min to max slides. Every issue of every slide is reported.
func Decode(cat Decoder, raw json.RawMessage, field string, min, max int) ([]any, []brandgen.Issue) {
	trimmed := bytes.TrimSpace(raw)
	if len(trimmed) == 0 || string(trimmed) == "null" {
		return nil, []brandgen.Issue{{Field: field, Message: fmt.Sprintf("is required: an array of %d to %d slide objects", min, max)}}
	}
	var items []json.RawMessage
	if err := json.Unmarshal(trimmed, &items); err != nil {
		return nil, []brandgen.Issue{{Field: field, Message: fmt.Sprintf("must be an array of %d to %d slide objects", min, max)}}
	}
	if len(items) < min || len(items) > max {
		return nil, []brandgen.Issue{{Field: field, Message: fmt.Sprintf("must hold %d to %d slides (has %d)", min, max, len(items))}}
	}
	out := make([]any, len(items))
	var issues []brandgen.Issue
	for i, item := range items {
		prefix := fmt.Sprintf("%s[%d].", field, i)
		var head map[string]json.RawMessage
		if err := json.Unmarshal(item, &head); err != nil || head == nil {
			issues = append(issues, brandgen.Issue{Field: strings.TrimSuffix(prefix, "."), Message: "must be a slide object {kind, ...}"})
			continue
		}
		rawKind, ok := head["kind"]
		if !ok {
			issues = append(issues, brandgen.Issue{Field: prefix + "kind", Message: "is required: one of " + strings.Join(slides.Kinds, ", ")})
			continue
		}
		var kind string
		if err := json.Unmarshal(rawKind, &kind); err != nil || !slices.Contains(slides.Kinds, kind) {
			issues = append(issues, brandgen.Issue{Field: prefix + "kind", Message: "must be one of " + strings.Join(slides.Kinds, ", ")})
			continue
		}
		typed, is := cat.Decode(slides.PatternID(kind), item, prefix)
		if len(is) > 0 {
			issues = append(issues, is...)
			continue
		}
		out[i] = typed
	}
	if len(issues) > 0 {
		return nil, issues
	}
	return out, nil
}

// CheckSize names a size a carousel cannot have.
func CheckSize(size brandgen.Size, field string) *brandgen.Issue {
	if size == "" || slices.Contains(Sizes, size) {
		return nil
	}
	return &brandgen.Issue{Field: field, Message: "must be portrait or square (a carousel is 1080x1350 or 1080x1080)"}
}
