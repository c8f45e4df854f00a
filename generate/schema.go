package generate

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
)

// This file turns the catalog's JSON Schemas into the strict subset OpenAI-compatible structured
// output accepts: every object closed (additionalProperties false) with every property required,
// optional properties made nullable instead, $refs inlined, and the keywords strict mode may reject
// (minLength, maxLength, pattern, format, minItems, maxItems, minimum, maximum, ...) removed from
// the request and restated in the field's description. Answers are still validated against the
// real schema.

// object is a JSON object that keeps its key order (the order the model writes fields in).
type object struct {
	keys []string
	vals map[string]any
}

func newObject() *object { return &object{vals: map[string]any{}} }

func (o *object) get(k string) (any, bool) { v, ok := o.vals[k]; return v, ok }

func (o *object) set(k string, v any) {
	if _, ok := o.vals[k]; !ok {
		o.keys = append(o.keys, k)
	}
	o.vals[k] = v
}

// MarshalJSON writes the keys in order.
func (o *object) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, k := range o.keys {
		if i > 0 {
			b.WriteByte(',')
		}
		kb, _ := json.Marshal(k)
		b.Write(kb)
		b.WriteByte(':')
		vb, err := json.Marshal(o.vals[k])
		if err != nil {
			return nil, err
		}
		b.Write(vb)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// decodeOrdered parses JSON into *object, []any, json.Number, string, bool and nil.
func decodeOrdered(data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	v, err := decodeValue(dec)
	if err != nil {
		return nil, err
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return nil, errors.New("trailing data after the JSON value")
	}
	return v, nil
}

func decodeValue(dec *json.Decoder) (any, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch t := tok.(type) {
	case json.Delim:
		switch t {
		case '{':
			o := newObject()
			for dec.More() {
				kt, err := dec.Token()
				if err != nil {
					return nil, err
				}
				k, _ := kt.(string)
				v, err := decodeValue(dec)
				if err != nil {
					return nil, err
				}
				o.set(k, v)
			}
			if _, err := dec.Token(); err != nil {
				return nil, err
			}
			return o, nil
		case '[':
			arr := []any{}
			for dec.More() {
				v, err := decodeValue(dec)
				if err != nil {
					return nil, err
				}
				arr = append(arr, v)
			}
			if _, err := dec.Token(); err != nil {
				return nil, err
			}
			return arr, nil
		}
		return nil, fmt.Errorf("unexpected %v", t)
	default:
		return t, nil
	}
}

// strictKeys are the keywords kept in a strict request schema.
var strictKeys = map[string]bool{"type": true, "properties": true, "required": true, "items": true, "enum": true,
	"const": true, "description": true, "anyOf": true, "additionalProperties": true, "title": false}

// strictify returns the strict-mode form of a JSON Schema.
func strictify(schema json.RawMessage) (*object, error) {
	v, err := decodeOrdered(schema)
	if err != nil {
		return nil, fmt.Errorf("parse schema: %w", err)
	}
	root, ok := v.(*object)
	if !ok {
		return nil, errors.New("schema is not an object")
	}
	s := &strictor{root: root}
	out, err := s.node(root, 0)
	if err != nil {
		return nil, err
	}
	o, ok := out.(*object)
	if !ok {
		return nil, errors.New("schema is not an object schema")
	}
	if t, _ := o.get("type"); t != "object" {
		return nil, fmt.Errorf("schema root has type %v, want object", t)
	}
	return o, nil
}

type strictor struct{ root *object }

func (s *strictor) resolve(ref string) (*object, error) {
	for _, prefix := range []string{"#/$defs/", "#/definitions/"} {
		if name, ok := strings.CutPrefix(ref, prefix); ok {
			defsKey := strings.TrimSuffix(strings.TrimPrefix(prefix, "#/"), "/")
			defs, _ := s.root.get(defsKey)
			if d, ok := defs.(*object); ok {
				if def, ok := d.get(name); ok {
					if o, ok := def.(*object); ok {
						return o, nil
					}
				}
			}
			return nil, fmt.Errorf("unresolved $ref %s", ref)
		}
	}
	if ref == "#" {
		return s.root, nil
	}
	return nil, fmt.Errorf("unsupported $ref %s", ref)
}

func (s *strictor) node(v any, depth int) (any, error) {
	if depth > 32 {
		return nil, errors.New("schema nests too deep (recursive $ref?)")
	}
	in, ok := v.(*object)
	if !ok {
		return v, nil
	}
	if r, ok := in.get("$ref"); ok {
		ref, _ := r.(string)
		target, err := s.resolve(ref)
		if err != nil {
			return nil, err
		}
		// Keywords beside $ref (a description) win over the target's.
		merged := newObject()
		for _, k := range target.keys {
			merged.set(k, target.vals[k])
		}
		for _, k := range in.keys {
			if k != "$ref" {
				merged.set(k, in.vals[k])
			}
		}
		return s.node(merged, depth+1)
	}
	out := newObject()
	for _, k := range in.keys {
		if !strictKeys[k] {
			continue
		}
		switch k {
		case "properties":
			props, _ := in.vals[k].(*object)
			if props == nil {
				continue
			}
			required := map[string]bool{}
			if req, ok := in.get("required"); ok {
				for _, r := range req.([]any) {
					if name, ok := r.(string); ok {
						required[name] = true
					}
				}
			}
			np := newObject()
			for _, name := range props.keys {
				p, err := s.node(props.vals[name], depth+1)
				if err != nil {
					return nil, fmt.Errorf("%s: %w", name, err)
				}
				if !required[name] {
					p = nullable(p)
				}
				np.set(name, p)
			}
			out.set("properties", np)
			names := make([]any, len(props.keys))
			for i, name := range props.keys {
				names[i] = name
			}
			out.set("required", names)
		case "required", "additionalProperties":
			// Rewritten below.
		case "items":
			it, err := s.node(in.vals[k], depth+1)
			if err != nil {
				return nil, err
			}
			out.set("items", it)
		case "anyOf":
			list, _ := in.vals[k].([]any)
			var alts []any
			for _, a := range list {
				n, err := s.node(a, depth+1)
				if err != nil {
					return nil, err
				}
				alts = append(alts, n)
			}
			out.set("anyOf", alts)
		default:
			out.set(k, in.vals[k])
		}
	}
	if limits := describeLimits(in); limits != "" {
		desc, _ := out.get("description")
		d, _ := desc.(string)
		out.set("description", strings.TrimSpace(strings.TrimSpace(d)+" "+limits))
	}
	if isObjectType(out) {
		if _, ok := out.get("properties"); !ok {
			out.set("properties", newObject())
			out.set("required", []any{})
		}
		out.set("additionalProperties", false)
	}
	return out, nil
}

func isObjectType(o *object) bool {
	switch t := o.vals["type"].(type) {
	case string:
		return t == "object"
	case []any:
		for _, x := range t {
			if x == "object" {
				return true
			}
		}
	}
	return false
}

// nullable lets an optional property be null: type [T, "null"] (and null among its enum values),
// or anyOf [schema, {type: null}] when the schema has no single type.
func nullable(v any) any {
	o, ok := v.(*object)
	if !ok {
		return v
	}
	out := newObject()
	for _, k := range o.keys {
		out.set(k, o.vals[k])
	}
	switch t := o.vals["type"].(type) {
	case string:
		out.set("type", []any{t, "null"})
	case []any:
		has := false
		for _, x := range t {
			has = has || x == "null"
		}
		if !has {
			out.set("type", append(append([]any{}, t...), "null"))
		}
	default:
		alt := newObject()
		alt.set("type", "null")
		if alts, ok := o.vals["anyOf"].([]any); ok {
			out.set("anyOf", append(append([]any{}, alts...), alt))
			return out
		}
		wrapped := newObject()
		wrapped.set("anyOf", []any{o, alt})
		return wrapped
	}
	if enum, ok := o.vals["enum"].([]any); ok {
		out.set("enum", append(append([]any{}, enum...), nil))
	}
	return out
}

// describeLimits restates the validation keywords strict mode drops, for the model to follow.
func describeLimits(o *object) string {
	num := func(k string) (string, bool) {
		v, ok := o.vals[k]
		if !ok {
			return "", false
		}
		return fmt.Sprint(v), true
	}
	var parts []string
	minL, hasMinL := num("minLength")
	maxL, hasMaxL := num("maxLength")
	switch {
	case hasMaxL && hasMinL && minL != "0":
		parts = append(parts, fmt.Sprintf("%s to %s characters.", minL, maxL))
	case hasMaxL:
		parts = append(parts, fmt.Sprintf("At most %s characters.", maxL))
	case hasMinL && minL != "0":
		parts = append(parts, fmt.Sprintf("At least %s characters.", minL))
	}
	minI, hasMinI := num("minItems")
	maxI, hasMaxI := num("maxItems")
	switch {
	case hasMinI && hasMaxI:
		parts = append(parts, fmt.Sprintf("%s to %s items.", minI, maxI))
	case hasMaxI:
		parts = append(parts, fmt.Sprintf("At most %s items.", maxI))
	case hasMinI && minI != "0":
		parts = append(parts, fmt.Sprintf("At least %s items.", minI))
	}
	minN, hasMinN := num("minimum")
	maxN, hasMaxN := num("maximum")
	switch {
	case hasMinN && hasMaxN:
		parts = append(parts, fmt.Sprintf("From %s to %s.", minN, maxN))
	case hasMaxN:
		parts = append(parts, fmt.Sprintf("At most %s.", maxN))
	case hasMinN:
		parts = append(parts, fmt.Sprintf("At least %s.", minN))
	}
	if p, ok := num("pattern"); ok {
		parts = append(parts, fmt.Sprintf("Must match the pattern %s.", p))
	}
	if f, ok := num("format"); ok {
		parts = append(parts, fmt.Sprintf("Format: %s.", f))
	}
	return strings.Join(parts, " ")
}

// dropNulls removes null members of objects (strict mode's stand-in for an omitted optional
// field), recursively.
func dropNulls(v any) any {
	switch t := v.(type) {
	case *object:
		out := newObject()
		for _, k := range t.keys {
			if t.vals[k] == nil {
				continue
			}
			out.set(k, dropNulls(t.vals[k]))
		}
		return out
	case []any:
		out := make([]any, len(t))
		for i, x := range t {
			out[i] = dropNulls(x)
		}
		return out
	}
	return v
}
