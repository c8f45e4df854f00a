package generate

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/brandgen/brandgen/posts"
	sjs "github.com/santhosh-tekuri/jsonschema/v6"
)

func TestStrictifyHandWritten(t *testing.T) {
	in := `{
	  "$schema": "https://json-schema.org/draft/2020-12/schema",
	  "$ref": "#/$defs/Root",
	  "$defs": {
	    "Root": {"type": "object", "title": "Root", "properties": {
	      "name": {"type": "string", "minLength": 1, "maxLength": 20, "pattern": "^[a-z]+$", "description": "A name."},
	      "status": {"type": "string", "enum": ["a", "b"]},
	      "tags": {"type": "array", "items": {"type": "string", "maxLength": 5}, "maxItems": 3},
	      "child": {"$ref": "#/$defs/Child", "description": "The child."},
	      "either": {"anyOf": [{"type": "string"}, {"type": "integer", "minimum": 0, "maximum": 9}]}
	    }, "required": ["name"]},
	    "Child": {"type": "object", "properties": {"x": {"type": "integer"}}}
	  }
	}`
	out, err := strictify(json.RawMessage(in))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(out)
	got := string(b)
	for _, want := range []string{
		`"required":["name","status","tags","child","either"]`, // every property, in order
		`"name":{"type":"string","description":"A name. 1 to 20 characters. Must match the pattern ^[a-z]+$."}`,
		`"status":{"type":["string","null"],"enum":["a","b",null]}`,
		`"tags":{"type":["array","null"],"items":{"type":"string","description":"At most 5 characters."},"description":"At most 3 items."}`,
		`"child":{"type":["object","null"],"properties":{"x":{"type":["integer","null"]}},"required":["x"],"description":"The child.","additionalProperties":false}`,
		`"either":{"anyOf":[{"type":"string"},{"type":"integer","description":"From 0 to 9."},{"type":"null"}]}`,
		`"additionalProperties":false`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("strict schema lacks %s\n%s", want, got)
		}
	}
	for _, gone := range []string{"$ref", "$defs", "$schema", "minLength", "maxLength", "maxItems", "minimum", `"pattern":`, `"title"`} {
		if strings.Contains(got, gone) {
			t.Errorf("strict schema keeps %s: %s", gone, got)
		}
	}
	if _, err := strictify(json.RawMessage(`{"type":"string"}`)); err == nil {
		t.Error("a non-object root was accepted")
	}
	if _, err := strictify(json.RawMessage(`{"$ref":"#/$defs/Nope"}`)); err == nil {
		t.Error("an unresolved $ref was accepted")
	}
	if _, err := strictify(json.RawMessage(`{"$ref":"#/$defs/A","$defs":{"A":{"type":"object","properties":{"a":{"$ref":"#/$defs/A"}}}}}`)); err == nil {
		t.Error("a recursive schema was accepted")
	}
}

// TestStrictSchemasAcceptPlannedContent: for every format, the strict request schema (a valid JSON
// Schema) accepts real content once its missing optional fields are spelled as null, the way a
// strict model answers; dropNulls then gives back content the real schema accepts.
func TestStrictSchemasAcceptPlannedContent(t *testing.T) {
	cat := catalogForTest(t)
	o := NewOffline()
	for _, id := range posts.Formats {
		raw, _ := cat.Schema(id)
		strict, err := strictify(raw)
		if err != nil {
			t.Fatalf("%s: %v", id, err)
		}
		sb, _ := json.Marshal(formatBranch(id, strict))
		doc, err := sjs.UnmarshalJSON(bytes.NewReader(sb))
		if err != nil {
			t.Fatal(err)
		}
		c := sjs.NewCompiler()
		if err := c.AddResource("mem://strict.json", doc); err != nil {
			t.Fatal(err)
		}
		sch, err := c.Compile("mem://strict.json")
		if err != nil {
			t.Fatalf("%s: strict schema does not compile: %v", id, err)
		}
		for _, prompt := range forcedPrompts[:8] {
			plan, err := o.Plan(context.Background(), Request{Prompt: prompt, Format: id})
			if err != nil {
				t.Fatal(err)
			}
			content, _ := decodeOrdered(plan.Content)
			fillNulls(content, strict)
			answer := newObject()
			answer.set("pattern", id)
			answer.set("content", content)
			ab, _ := json.Marshal(answer)
			inst, _ := sjs.UnmarshalJSON(bytes.NewReader(ab))
			if err := sch.Validate(inst); err != nil {
				t.Errorf("%s: strict schema rejects %s: %v", id, ab, err)
				continue
			}
			back, _ := json.Marshal(dropNulls(content))
			if _, issues := cat.Decode(id, back, ""); len(issues) > 0 {
				t.Errorf("%s: after dropNulls: %v", id, issues)
			}
		}
	}
}

// fillNulls sets every property of the strict schema that v lacks to null.
func fillNulls(v any, schema *object) {
	switch x := v.(type) {
	case *object:
		props, _ := schema.vals["properties"].(*object)
		if props == nil {
			return
		}
		for _, k := range props.keys {
			sub, _ := props.vals[k].(*object)
			if val, ok := x.vals[k]; ok {
				fillNulls(val, sub)
			} else {
				x.set(k, nil)
			}
		}
	case []any:
		items, _ := schema.vals["items"].(*object)
		for _, e := range x {
			fillNulls(e, items)
		}
	}
}

func TestDropNulls(t *testing.T) {
	v, err := decodeOrdered([]byte(`{"b":null,"a":{"x":null,"y":[{"z":null,"w":1}]},"c":"s"}`))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(dropNulls(v))
	if got := string(b); got != `{"a":{"y":[{"w":1}]},"c":"s"}` {
		t.Errorf("dropNulls = %s", got)
	}
	if _, err := decodeOrdered([]byte(`{"a":1} {"b":2}`)); err == nil {
		t.Error("trailing data accepted")
	}
}

// TestAutoSchemaWithinOpenAILimits keeps the request schema inside OpenAI's documented
// structured-output limits: at most 5000 object properties, 10 levels of nesting, 1000 enum values
// and 120,000 characters of property names, enum values and the like.
func TestAutoSchemaWithinOpenAILimits(t *testing.T) {
	m, err := NewModel(ModelConfig{APIKey: "k", Model: "m"}, catalogForTest(t))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(m.auto)
	var schema any
	json.Unmarshal(b, &schema)
	props, enums, names, maxDepth := 0, 0, 0, 0
	var walk func(v any, depth int)
	walk = func(v any, depth int) {
		s, ok := v.(map[string]any)
		if !ok {
			return
		}
		if p, ok := s["properties"].(map[string]any); ok {
			depth++
			if depth > maxDepth {
				maxDepth = depth
			}
			for k, sub := range p {
				props++
				names += len(k)
				walk(sub, depth)
			}
		}
		if e, ok := s["enum"].([]any); ok {
			enums += len(e)
			for _, x := range e {
				if xs, ok := x.(string); ok {
					names += len(xs)
				}
			}
		}
		walk(s["items"], depth)
		if alts, ok := s["anyOf"].([]any); ok {
			for _, a := range alts {
				walk(a, depth)
			}
		}
	}
	walk(schema, 0)
	t.Logf("auto schema: %d bytes, %d properties, depth %d, %d enum values", len(b), props, maxDepth, enums)
	if props > 5000 || maxDepth > 10 || enums > 1000 || names > 120000 {
		t.Errorf("auto schema over the limits: %d properties, depth %d, %d enum values, %d name chars", props, maxDepth, enums, names)
	}
}
