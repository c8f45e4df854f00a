package handlers

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"

	"github.com/brandgen/brandgen"
	"github.com/gin-gonic/gin"
)

// readFields reads the JSON object body as raw fields. An empty body counts as {}. The error is a
// validation_error on field "body" or payload_too_large.
func readFields(c *gin.Context) (map[string]json.RawMessage, error) {
	var buf bytes.Buffer
	if n := c.Request.ContentLength; n > 0 && n <= maxBody {
		buf.Grow(int(n) + bytes.MinRead) // one allocation, not a doubling series
	}
	if _, err := buf.ReadFrom(c.Request.Body); err != nil {
		return nil, bodyReadError(c, err)
	}
	return parseBody(buf.Bytes())
}

// parseBody parses a read body as raw fields (readFields without the reading). Each field's value
// is a slice of raw, not a copy: a 10 MB body whose bulk is a field the route ignores (an earlier
// answer's image) costs its buffer and nothing more. The one pass of scanJSON both splits the
// top-level object and checks every string and key.
func parseBody(raw []byte) (map[string]json.RawMessage, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 {
		raw = []byte("{}")
	}
	if raw[0] != '{' || !json.Valid(raw) {
		return nil, brandgen.Invalid([]brandgen.Issue{{Field: "body", Message: "must be a JSON object"}})
	}
	// Duplicate keys, invalid UTF-8 and control characters anywhere in the body, before any field
	// is decoded (Go's decoder would hide all three).
	fields, issues := scanJSON(raw)
	if err := brandgen.Invalid(issues); err != nil {
		return nil, err
	}
	return fields, nil
}

// bind decodes the JSON body into dst, a pointer to a struct, field by field, so that every field of
// the wrong type is reported rather than the first. Unknown fields are ignored (decisions.md).
func bind(c *gin.Context, dst any) error {
	fields, err := readFields(c)
	if err != nil {
		return err
	}
	issues := decodeFields(fields, dst)
	bodyDecoded(c)
	return brandgen.Invalid(issues)
}

// decodeFields sets each json-tagged field of the struct dst points to from fields.
func decodeFields(fields map[string]json.RawMessage, dst any) []brandgen.Issue {
	v := reflect.ValueOf(dst).Elem()
	t := v.Type()
	var issues []brandgen.Issue
	for i := 0; i < t.NumField(); i++ {
		name := strings.Split(t.Field(i).Tag.Get("json"), ",")[0]
		if name == "" || name == "-" {
			continue
		}
		raw, ok := fields[name]
		if !ok {
			continue
		}
		if err := json.Unmarshal(raw, v.Field(i).Addr().Interface()); err != nil {
			issues = append(issues, typeIssue(name, err))
		}
	}
	return issues
}

// typeIssue names the field a json decoding error is about, with the JSON type that was expected.
func typeIssue(field string, err error) brandgen.Issue {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		if te.Field != "" {
			field += "." + te.Field
		}
		field = strings.TrimSuffix(field, ".")
		return brandgen.Issue{Field: field, Message: fmt.Sprintf("must be %s, not %s", jsonKind(te.Type), te.Value)}
	}
	return brandgen.Issue{Field: field, Message: "is not valid"} // never Go's own message
}

func jsonKind(t reflect.Type) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "an integer"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.Slice, reflect.Array:
		return "an array"
	}
	if t == reflect.TypeOf(json.RawMessage{}) {
		return "JSON"
	}
	return "an object"
}
