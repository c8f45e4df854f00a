package patterns

import (
	"errors"
	"fmt"
	"net/url"
	"sort"
	"strconv"
	"strings"

	"github.com/brandgen/brandgen"
	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
)

// errorMessageKeyword is the schema annotation (as in ajv-errors) that overrides the message of a
// failing keyword: a string for every keyword of that schema, or an object keyword -> message.
// Validators ignore it; the catalog uses it for rules whose generic message would say little
// ("'not' failed").
const errorMessageKeyword = "errorMessage"

// issuesOf flattens a schema validation error into one issue per invalid field, sorted by field
// (array indexes in numeric order). doc is the schema document, for messages and bounds.
func issuesOf(err error, prefix string, doc any, inst any) []brandgen.Issue {
	whole := strings.TrimSuffix(prefix, ".")
	if whole == "" {
		whole = "body"
	}
	var ve *jsonschema.ValidationError
	if !errors.As(err, &ve) {
		return []brandgen.Issue{{Field: whole, Message: err.Error()}}
	}
	m := mapper{prefix: prefix, whole: whole, doc: doc, inst: inst, best: map[string]ranked{}}
	m.walk(ve)
	out := make([]brandgen.Issue, 0, len(m.order))
	for _, f := range m.order {
		out = append(out, brandgen.Issue{Field: f, Message: m.best[f].msg})
	}
	sortIssues(out)
	return out
}

type ranked struct {
	msg  string
	rank int
}

// mapper collects the best message per field.
type mapper struct {
	prefix, whole string
	doc, inst     any
	best          map[string]ranked
	order         []string
}

// Message ranks: a schema's own errorMessage beats a wrong type, which beats a missing field,
// which beats the rest (a field that is not allowed at all need not also hear it is too short).
const (
	rankCustom = iota
	rankType
	rankRequired
	rankOther
)

func (m *mapper) add(field, msg string, rank int) {
	if field == "" {
		field = m.whole
	}
	prev, ok := m.best[field]
	if !ok {
		m.order = append(m.order, field)
	}
	if !ok || rank < prev.rank {
		m.best[field] = ranked{msg, rank}
	}
}

func (m *mapper) walk(e *jsonschema.ValidationError) {
	switch k := e.ErrorKind.(type) {
	case *kind.AnyOf:
		m.alternatives(e)
		return
	case *kind.OneOf:
		if len(k.Subschemas) == 0 {
			m.alternatives(e)
			return
		}
	}
	if len(e.Causes) > 0 {
		for _, c := range e.Causes {
			m.walk(c)
		}
		return
	}
	m.leaf(e)
}

// alternatives reports an anyOf/oneOf where no branch matched: the branches whose type fit
// speak for the value ("must be at most 24 characters"); when none fit, one message lists the
// types ("must be a string or a number, not boolean").
func (m *mapper) alternatives(e *jsonschema.ValidationError) {
	var fitting []*jsonschema.ValidationError
	var want []string
	got := ""
	for _, c := range e.Causes {
		if t, ok := typeMismatch(c, e.InstanceLocation); ok {
			want = append(want, t.Want...)
			got = t.Got
			continue
		}
		fitting = append(fitting, c)
	}
	if len(fitting) > 0 {
		for _, c := range fitting {
			m.walk(c)
		}
		return
	}
	field := m.path(e.InstanceLocation)
	if msg, ok := m.custom(e); ok {
		m.add(field, msg, rankCustom)
		return
	}
	if len(want) == 0 {
		m.add(field, "does not match any allowed form", rankOther)
		return
	}
	m.add(field, typeMessage(want, got), rankType)
}

// typeMismatch reports whether the error is (only) a wrong type of the value at loc.
func typeMismatch(e *jsonschema.ValidationError, loc []string) (*kind.Type, bool) {
	for len(e.Causes) == 1 {
		if _, ok := e.ErrorKind.(*kind.Type); ok {
			break
		}
		e = e.Causes[0]
	}
	t, ok := e.ErrorKind.(*kind.Type)
	if !ok || len(e.Causes) > 0 || strings.Join(e.InstanceLocation, "/") != strings.Join(loc, "/") {
		return nil, false
	}
	return t, true
}

func (m *mapper) leaf(e *jsonschema.ValidationError) {
	field := m.path(e.InstanceLocation)
	custom, hasCustom := m.custom(e)
	switch k := e.ErrorKind.(type) {
	case *kind.Required:
		for _, name := range k.Missing {
			f := m.child(field, name)
			if msg, ok := m.customFor(e, "required", name); ok {
				m.add(f, msg, rankCustom)
			} else {
				m.add(f, "is required", rankRequired)
			}
		}
		return
	case *kind.AdditionalProperties:
		allowed := m.propertyNames(e)
		for _, name := range k.Properties {
			msg := "is not a known field"
			if len(allowed) > 0 {
				msg += " (allowed: " + strings.Join(allowed, ", ") + ")"
			}
			m.add(m.child(field, name), msg, rankOther)
		}
		return
	}
	if hasCustom {
		m.add(field, custom, rankCustom)
		return
	}
	if t, ok := e.ErrorKind.(*kind.Type); ok {
		m.add(field, typeMessage(t.Want, t.Got), rankType)
		return
	}
	m.add(field, m.message(e), rankOther)
}

func (m *mapper) message(e *jsonschema.ValidationError) string {
	node, _ := m.node(e.SchemaURL).(map[string]any)
	switch k := e.ErrorKind.(type) {
	case *kind.Enum:
		want := make([]string, len(k.Want))
		for i, w := range k.Want {
			want[i] = fmt.Sprint(w)
		}
		if len(want) == 1 {
			return "must be " + want[0]
		}
		return "must be one of " + strings.Join(want, ", ")
	case *kind.Const:
		return fmt.Sprintf("must be %v", k.Want)
	case *kind.MinItems, *kind.MaxItems:
		lo, hasLo := number(node["minItems"])
		hi, hasHi := number(node["maxItems"])
		got := 0
		if mi, ok := k.(*kind.MinItems); ok {
			got = mi.Got
		} else {
			got = k.(*kind.MaxItems).Got
		}
		switch {
		case hasLo && hasHi && lo == hi:
			return fmt.Sprintf("must have exactly %d %s (has %d)", lo, items(lo), got)
		case hasLo && hasHi:
			return fmt.Sprintf("must have %d to %d items (has %d)", lo, hi, got)
		case hasLo:
			return fmt.Sprintf("must have at least %d %s (has %d)", lo, items(lo), got)
		default:
			return fmt.Sprintf("must have at most %d %s (has %d)", hi, items(hi), got)
		}
	case *kind.MinLength:
		if k.Want == 1 {
			return "must not be empty"
		}
		return fmt.Sprintf("must be at least %d characters (is %d)", k.Want, k.Got)
	case *kind.MaxLength:
		return fmt.Sprintf("must be at most %d characters (is %d)", k.Want, k.Got)
	case *kind.Pattern:
		if strings.Contains(k.Want, "0-9a-fA-F") {
			return "must be a hex colour: #RGB or #RRGGBB"
		}
		return "must match the pattern " + k.Want
	case *kind.Minimum:
		return "must be at least " + ratString(k.Want.FloatString(6))
	case *kind.Maximum:
		return "must be at most " + ratString(k.Want.FloatString(6))
	case *kind.ExclusiveMinimum:
		return "must be more than " + ratString(k.Want.FloatString(6))
	case *kind.ExclusiveMaximum:
		return "must be less than " + ratString(k.Want.FloatString(6))
	case *kind.FalseSchema, *kind.Not:
		return "is not allowed here"
	case *kind.UniqueItems:
		return fmt.Sprintf("must not repeat items (items %d and %d are equal)", k.Duplicates[0], k.Duplicates[1])
	case *kind.Format:
		return fmt.Sprintf("must be a valid %s", k.Want)
	}
	return e.ErrorKind.LocalizedString(printer)
}

func items(n int) string {
	if n == 1 {
		return "item"
	}
	return "items"
}

func ratString(s string) string {
	if strings.Contains(s, ".") {
		s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	}
	return s
}

func number(v any) (int, bool) {
	switch n := v.(type) {
	case interface{ Int64() (int64, error) }:
		i, err := n.Int64()
		return int(i), err == nil
	case float64:
		return int(n), true
	}
	return 0, false
}

var printer = message.NewPrinter(language.English)

func typeMessage(want []string, got string) string {
	seen := map[string]bool{}
	var parts []string
	for _, w := range want {
		if w == "integer" && seen["number"] {
			continue
		}
		if !seen[w] {
			seen[w] = true
			parts = append(parts, article(w))
		}
	}
	return "must be " + strings.Join(parts, " or ") + ", not " + got
}

func article(t string) string {
	switch t {
	case "object", "array", "integer":
		return "an " + t
	case "null":
		return "null"
	}
	return "a " + t
}

// custom is the errorMessage the failing schema sets for this error's keyword.
func (m *mapper) custom(e *jsonschema.ValidationError) (string, bool) {
	kw := ""
	if p := e.ErrorKind.KeywordPath(); len(p) > 0 {
		kw = p[0]
	}
	return m.customFor(e, kw, "")
}

// customFor looks up errorMessage in the schema at the error's location: a string applies to
// every keyword; an object maps keyword -> string, or, for required, keyword -> property -> string.
func (m *mapper) customFor(e *jsonschema.ValidationError, keyword, property string) (string, bool) {
	node, ok := m.node(e.SchemaURL).(map[string]any)
	if !ok {
		return "", false
	}
	switch em := node[errorMessageKeyword].(type) {
	case string:
		return em, true
	case map[string]any:
		switch v := em[keyword].(type) {
		case string:
			return v, true
		case map[string]any:
			s, ok := v[property].(string)
			return s, ok
		}
	}
	return "", false
}

// propertyNames lists the properties the schema at the error's location declares.
func (m *mapper) propertyNames(e *jsonschema.ValidationError) []string {
	node, _ := m.node(e.SchemaURL).(map[string]any)
	props, _ := node["properties"].(map[string]any)
	names := make([]string, 0, len(props))
	for k := range props {
		names = append(names, k)
	}
	sort.Strings(names)
	return names
}

// node resolves a schema location ("https://...#/allOf/0/then") in the schema document.
func (m *mapper) node(schemaURL string) any {
	_, frag, ok := strings.Cut(schemaURL, "#")
	if !ok {
		return m.doc
	}
	if f, err := url.PathUnescape(frag); err == nil {
		frag = f
	}
	cur := m.doc
	for _, tok := range strings.Split(strings.TrimPrefix(frag, "/"), "/") {
		if tok == "" {
			continue
		}
		tok = strings.NewReplacer("~1", "/", "~0", "~").Replace(tok)
		switch c := cur.(type) {
		case map[string]any:
			cur = c[tok]
		case []any:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(c) {
				return nil
			}
			cur = c[i]
		default:
			return nil
		}
	}
	return cur
}

// path writes an instance location as a field: ["tiles","3","value"] -> prefix+"tiles[3].value".
// A token is an index when the value it steps into is an array.
func (m *mapper) path(loc []string) string {
	var b strings.Builder
	b.WriteString(m.prefix)
	cur := m.inst
	first := true
	for _, tok := range loc {
		switch c := cur.(type) {
		case []any:
			b.WriteString("[" + tok + "]")
			if i, err := strconv.Atoi(tok); err == nil && i >= 0 && i < len(c) {
				cur = c[i]
			} else {
				cur = nil
			}
		default:
			if !first {
				b.WriteByte('.')
			}
			b.WriteString(tok)
			if obj, ok := cur.(map[string]any); ok {
				cur = obj[tok]
			} else {
				cur = nil
			}
		}
		first = false
	}
	out := b.String()
	if out == m.prefix {
		return ""
	}
	return out
}

// child is the field of property name inside field ("" is the content itself).
func (m *mapper) child(field, name string) string {
	if field == "" {
		return m.prefix + name
	}
	return field + "." + name
}

// sortIssues orders issues by field, with array indexes in numeric order (series[2] before
// series[10]).
func sortIssues(issues []brandgen.Issue) {
	sort.SliceStable(issues, func(i, j int) bool { return fieldLess(issues[i].Field, issues[j].Field) })
}

func fieldLess(a, b string) bool {
	for a != "" && b != "" {
		ad, bd := digitRun(a), digitRun(b)
		if ad > 0 && bd > 0 {
			an, _ := strconv.Atoi(a[:ad])
			bn, _ := strconv.Atoi(b[:bd])
			if an != bn {
				return an < bn
			}
			a, b = a[ad:], b[bd:]
			continue
		}
		if a[0] != b[0] {
			return a[0] < b[0]
		}
		a, b = a[1:], b[1:]
	}
	return len(a) < len(b)
}

func digitRun(s string) int {
	n := 0
	for n < len(s) && s[n] >= '0' && s[n] <= '9' {
		n++
	}
	return n
}

// mergeIssues adds extra issues for fields that have none yet.
func mergeIssues(issues, extra []brandgen.Issue) []brandgen.Issue {
	seen := map[string]bool{}
	for _, is := range issues {
		seen[is.Field] = true
	}
	for _, is := range extra {
		if !seen[is.Field] {
			seen[is.Field] = true
			issues = append(issues, is)
		}
	}
	sortIssues(issues)
	return issues
}
