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
	return objectSchemas(m), nil
}

// subschemaKeys are the keywords whose value is one schema; listKeys hold a list of them, mapKeys
// a map of them.
var (
	subschemaKeys = []string{"not", "items", "if", "then", "else", "contains", "propertyNames", "additionalItems", "unevaluatedItems"}
	listKeys      = []string{"allOf", "anyOf", "oneOf", "prefixItems"}
	mapKeys       = []string{"properties", "patternProperties", "$defs", "dependentSchemas"}
)

// objectSchemas writes the boolean schemas inside schema s as objects (true: {}, false:
// {"not": {}}), which JSON Schema 2020-12 treats alike but some OpenAPI tools refuse.
// additionalProperties and unevaluatedProperties keep their booleans, which every tool reads.
func objectSchemas(s any) any {
	switch v := s.(type) {
	case bool:
		if v {
			return map[string]any{}
		}
		return map[string]any{"not": map[string]any{}}
	case map[string]any:
		for _, k := range subschemaKeys {
			if sub, ok := v[k]; ok {
				v[k] = objectSchemas(sub)
			}
		}
		for _, k := range listKeys {
			if list, ok := v[k].([]any); ok {
				for i := range list {
					list[i] = objectSchemas(list[i])
				}
			}
		}
		for _, k := range mapKeys {
			if m, ok := v[k].(map[string]any); ok {
				for name := range m {
					m[name] = objectSchemas(m[name])
				}
			}
		}
		for _, k := range []string{"additionalProperties", "unevaluatedProperties"} {
			if sub, ok := v[k].(map[string]any); ok {
				v[k] = objectSchemas(sub)
			}
		}
	}
	return s
}

// name is the component name of a Go type: its own name, qualified with its package's when another
// package's type took that name first.
func (b *builder) name(t reflect.Type) string {
	n := t.Name()
	if n == "" || strings.ContainsAny(n, "[]") {
		return ""
	}
	if b.spec.Namer != nil {
		if own := b.spec.Namer(t); own != "" {
			n = own
		}
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
