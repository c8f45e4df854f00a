package patterns

import (
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/brandgen/brandgen"
	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
)

var printer = message.NewPrinter(language.English)

// issuesOf flattens a schema validation error into one issue per invalid field, in field order.
func issuesOf(err error, prefix string) []brandgen.Issue {
	var ve *jsonschema.ValidationError
	if !errors.As(err, &ve) {
		return []brandgen.Issue{{Field: strings.TrimSuffix(prefix, "."), Message: err.Error()}}
	}
	seen := map[string]bool{}
	var out []brandgen.Issue
	add := func(field, msg string) {
		if field == "" {
			field = strings.TrimSuffix(prefix, ".")
			if field == "" {
				field = "body"
			}
		}
		if seen[field] {
			return
		}
		seen[field] = true
		out = append(out, brandgen.Issue{Field: field, Message: msg})
	}
	var walk func(*jsonschema.ValidationError)
	walk = func(e *jsonschema.ValidationError) {
		if len(e.Causes) > 0 {
			for _, c := range e.Causes {
				walk(c)
			}
			return
		}
		base := path(prefix, e.InstanceLocation)
		switch k := e.ErrorKind.(type) {
		case *kind.Required:
			for _, m := range k.Missing {
				add(join(base, m, prefix), "is required")
			}
		case *kind.AdditionalProperties:
			for _, m := range k.Properties {
				add(join(base, m, prefix), "is not a field of this content")
			}
		default:
			add(base, message_(e.ErrorKind))
		}
	}
	walk(ve)
	sort.SliceStable(out, func(i, j int) bool { return out[i].Field < out[j].Field })
	return out
}

// path turns ["tiles","3","value"] into prefix+"tiles[3].value".
func path(prefix string, loc []string) string {
	var b strings.Builder
	b.WriteString(prefix)
	for i, tok := range loc {
		if _, err := strconv.Atoi(tok); err == nil {
			b.WriteString("[" + tok + "]")
			continue
		}
		if i > 0 {
			b.WriteByte('.')
		}
		b.WriteString(tok)
	}
	return b.String()
}

func join(base, name, prefix string) string {
	if base == "" || base == prefix {
		return prefix + name
	}
	return base + "." + name
}

func message_(k jsonschema.ErrorKind) string {
	switch k := k.(type) {
	case *kind.Type:
		return "must be " + strings.Join(article(k.Want), " or ") + ", not " + k.Got
	case *kind.Enum:
		want := make([]string, len(k.Want))
		for i, w := range k.Want {
			want[i] = fmt.Sprint(w)
		}
		return "must be one of " + strings.Join(want, ", ")
	case *kind.MinItems:
		return fmt.Sprintf("must have at least %d items (has %d)", k.Want, k.Got)
	case *kind.MaxItems:
		return fmt.Sprintf("must have at most %d items (has %d)", k.Want, k.Got)
	case *kind.MinLength:
		if k.Want == 1 {
			return "must not be empty"
		}
		return fmt.Sprintf("must be at least %d characters (is %d)", k.Want, k.Got)
	case *kind.MaxLength:
		return fmt.Sprintf("must be at most %d characters (is %d)", k.Want, k.Got)
	case *kind.Pattern:
		if strings.Contains(k.Want, "0-9a-fA-F") {
			return "must be a hex colour like #1a2b3c or #abc"
		}
		return "must match " + k.Want
	case *kind.Minimum:
		return "must be at least " + k.Want.FloatString(0)
	case *kind.Maximum:
		return "must be at most " + k.Want.FloatString(0)
	}
	return k.LocalizedString(printer)
}

func article(types []string) []string {
	out := make([]string, len(types))
	for i, t := range types {
		switch t {
		case "object", "array", "integer":
			if t == "integer" {
				out[i] = "an integer"
			} else {
				out[i] = "an " + t
			}
		default:
			out[i] = "a " + t
		}
	}
	return out
}
