package openapi

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"unicode"

	"github.com/invopop/jsonschema"
)

// schemaOf reflects v's type into a schema: named struct types become component schemas referenced
// with $ref, everything else is inlined. Fields without omitempty are required (as encoding/json
// writes them always); unknown properties are allowed (the API ignores unknown top-level fields;
// content objects, whose schemas come from the pattern catalog, reject them).
func (b *builder) schemaOf(v any) (any, error) {
	t := reflect.TypeOf(v)
	r := &jsonschema.Reflector{
		Anonymous:                 true,
		AllowAdditionalProperties: true,
		Mapper:                    b.spec.Mapper,
		Namer:                     b.name,
	}
	s := r.ReflectFromType(t)
	raw, err := json.Marshal(s)
	if err != nil {
		return nil, fmt.Errorf("schema of %s: %w", t, err)
	}
	raw = []byte(strings.ReplaceAll(string(raw), `"#/$defs/`, `"#/components/schemas/`))
	var m map[string]any
	if err := json.Unmarshal(raw, &m); err != nil {
		return nil, fmt.Errorf("schema of %s: %w", t, err)
	}
	if defs, ok := m["$defs"].(map[string]any); ok {
		for name, def := range defs {
			if prev, ok := b.schemas[name]; ok && !sameJSON(prev, def) {
				return nil, fmt.Errorf("schema of %s: component %s is defined twice, differently", t, name)
			}
			b.schemas[name] = def
		}
	}
	delete(m, "$defs")
	delete(m, "$schema")
	return m, nil
}

// name is the component name of a Go type: its own name, qualified with its package's when another
// package's type took that name first.
func (b *builder) name(t reflect.Type) string {
	n := t.Name()
	if n == "" || strings.ContainsAny(n, "[]") {
		return ""
	}
	if prev, ok := b.names[n]; ok && prev != t {
		pkg := t.PkgPath()
		pkg = pkg[strings.LastIndex(pkg, "/")+1:]
		q := string(unicode.ToUpper(rune(pkg[0]))) + pkg[1:] + n
		b.names[q] = t
		return q
	}
	b.names[n] = t
	return n
}

func sameJSON(a, b any) bool {
	ra, _ := json.Marshal(a)
	rb, _ := json.Marshal(b)
	return string(ra) == string(rb)
}
