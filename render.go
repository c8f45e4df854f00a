package brandgen

import (
	"fmt"
	"strings"
)

// Size is a named canvas size. Pixels gives its dimensions.
type Size string

// The canvas sizes of decisions.md.
const (
	SizePortrait  Size = "portrait"
	SizeSquare    Size = "square"
	SizeStory     Size = "story"
	SizeLandscape Size = "landscape"
	// SizeAuto is accepted by diagrams only; it resolves to portrait or landscape.
	SizeAuto Size = "auto"
)

// Sizes lists the concrete sizes in the order the API documents them.
var Sizes = []Size{SizePortrait, SizeSquare, SizeStory, SizeLandscape}

// Pixels returns the canvas width and height in CSS pixels. Unknown sizes answer portrait.
func (s Size) Pixels() (width, height int) {
	switch s {
	case SizeSquare:
		return 1080, 1080
	case SizeStory:
		return 1080, 1920
	case SizeLandscape:
		return 1920, 1080
	default:
		return 1080, 1350
	}
}

// Valid reports whether s is one of the concrete sizes.
func (s Size) Valid() bool { return oneOf(s, Sizes) }

// Theme is light or dark.
type Theme string

// The themes.
const (
	ThemeLight Theme = "light"
	ThemeDark  Theme = "dark"
)

// Themes lists the themes.
var Themes = []Theme{ThemeLight, ThemeDark}

// Valid reports whether t is a known theme.
func (t Theme) Valid() bool { return oneOf(t, Themes) }

// Style is one of the four visual styles of design.md.
type Style string

// The styles.
const (
	StyleGlass     Style = "glass"
	StyleFlat      Style = "flat"
	StyleBlueprint Style = "blueprint"
	StyleEditorial Style = "editorial"
)

// Styles lists the styles.
var Styles = []Style{StyleGlass, StyleFlat, StyleBlueprint, StyleEditorial}

// Valid reports whether s is a known style.
func (s Style) Valid() bool { return oneOf(s, Styles) }

func oneOf[T ~string](v T, set []T) bool {
	for _, s := range set {
		if v == s {
			return true
		}
	}
	return false
}

// Enum renders a set of allowed values for an error message: "light, dark".
func Enum[T ~string](set []T) string {
	parts := make([]string, len(set))
	for i, s := range set {
		parts[i] = string(s)
	}
	return strings.Join(parts, ", ")
}

// Look is how a page is drawn: canvas size, theme and style.
type Look struct {
	Size  Size
	Theme Theme
	Style Style
}

// Validate names every field of the look that is not one of its allowed values. Empty fields are
// allowed (callers apply defaults first or after); prefix is prepended to field names.
func (l Look) Validate(prefix string) []Issue {
	var issues []Issue
	if l.Size != "" && !l.Size.Valid() {
		issues = append(issues, Issue{prefix + "size", fmt.Sprintf("must be one of %s", Enum(Sizes))})
	}
	if l.Theme != "" && !l.Theme.Valid() {
		issues = append(issues, Issue{prefix + "theme", fmt.Sprintf("must be one of %s", Enum(Themes))})
	}
	if l.Style != "" && !l.Style.Valid() {
		issues = append(issues, Issue{prefix + "style", fmt.Sprintf("must be one of %s", Enum(Styles))})
	}
	return issues
}

// WithDefaults fills empty fields with the post and chart defaults: portrait, light, glass.
func (l Look) WithDefaults() Look {
	if l.Size == "" {
		l.Size = SizePortrait
	}
	if l.Theme == "" {
		l.Theme = ThemeLight
	}
	if l.Style == "" {
		l.Style = StyleGlass
	}
	return l
}

// Warning is something a render did to make the content fit that the caller should know about,
// e.g. an optional part left out because the content did not fit above the readable text size.
// Responses carry them as warnings: [{code, message, path}] (absent when there are none).
type Warning struct {
	Code    string `json:"code" jsonschema:"enum=content_dropped,enum=text_below_minimum" jsonschema_description:"content_dropped: an optional part was left out; text_below_minimum: the text could not fit above the readable minimum size."`
	Message string `json:"message" jsonschema_description:"For people."`
	Path    string `json:"path" jsonschema_description:"The field concerned, as the request or answer names it: content.subtitle, content.slides[2].subtitle, pills[3]; content for the whole content."`
}
