package handlers

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/branding"
	"github.com/brandgen/brandgen/diagrams"
)

// hostileBodies seed the fuzz targets: the inputs of issue 12 and their neighbours.
var hostileBodies = []string{
	``, `{}`, `[]`, `null`, `"x"`, `{"a":`, `{"chartType":"bar","series":[{"label":"a","value":1},{"label":"b","value":2}]}`,
	`{"chartType":"bar","series":[{"label":"a","value":1,"value":"x"}]}`,
	`{"chartType":"bar","chartType":"line"}`,
	`{"title":"Q3\u0007","subtitle":"\u0085","series":[{"label":"\ud800","value":1e999}]}`,
	"{\"title\":\"\xff\xfe\",\"prompt\":\"a\xc3\x28b\"}",
	`{"prompt":"launch\r\nday\tnow","type":"flowchart","title":"` + strings.Repeat("t", 300) + `"}`,
	`{"size":"huge","theme":7,"style":null,"brand":{"colors":{"primary":"red"},"logo":"ftp://x"},"unbranded":"yes"}`,
	`{"brand":{"name":"a\u0000b","logo":"data:image/svg+xml;base64,PHN2Zy8+"}}`,
	`{"` + strings.Repeat("k", 5000) + `":1}`,
	`{"a":{"a":{"a":{"a":[[[[{"b":"\u001f"}]]]]}}}}`,
	`{"tiles":[{"value":"1","label":"a"},{"label":"b"}],"chartType":"kpi"}`,
	`{"series":"\\ud83d\\ude00","palette":["#fff","#12"]}`,
}

// FuzzRequestBody runs the request decoders over arbitrary bodies: parse, the duplicate/UTF-8
// scan, field-by-field decoding of the chart, brand and diagram requests and their validators, and
// chart content through the catalog. None may panic; every issue names a field and says something
// in the API's words; the envelope form is bounded.
func FuzzRequestBody(f *testing.F) {
	for _, b := range hostileBodies {
		f.Add([]byte(b))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		fields, err := parseBody(body)
		var issues []brandgen.Issue
		if err != nil {
			e, ok := brandgen.AsError(err)
			if !ok || e.Code != brandgen.CodeValidation || len(e.Issues) == 0 {
				t.Fatalf("parse error %v is not a validation_error with issues", err)
			}
			issues = e.Issues
		} else {
			var look lookRequest
			issues = append(issues, decodeFields(fields, &look)...)
			issues = append(issues, look.issues()...)
			var brand brandgen.Brand
			issues = append(issues, decodeFields(fields, &brand)...)
			issues = append(issues, branding.Validate(brand, "")...)
			var dreq diagrams.CreateRequest
			issues = append(issues, decodeFields(fields, &dreq)...)
			issues = append(issues, decodeFields(fields, &dreq.Display)...)
			issues = append(issues, dreq.Issues()...)
			content := map[string]json.RawMessage{}
			for _, k := range chartFields {
				if v, ok := fields[k]; ok {
					content[k] = v
				}
			}
			raw, _ := json.Marshal(content)
			_, ci := catalog.Decode("chart", raw, "")
			issues = append(issues, ci...)
		}
		for _, is := range issues {
			if is.Field == "" || is.Message == "" {
				t.Fatalf("issue without field or message: %+v", is)
			}
			for _, leak := range []string{"json:", "Go struct", "unmarshal"} {
				if strings.Contains(is.Message, leak) {
					t.Fatalf("Go's wording in %+v", is)
				}
			}
		}
		listed, omitted := clipIssues(issues, maxIssues)
		if len(listed) > maxIssues || len(listed)+omitted != len(issues) {
			t.Fatalf("clipIssues: %d listed, %d omitted of %d", len(listed), omitted, len(issues))
		}
		for _, is := range listed {
			if utf8.RuneCountInString(is.Field) > maxFieldEcho || !utf8.ValidString(is.Field) || !utf8.ValidString(is.Message) {
				t.Fatalf("unbounded or invalid echo: %q", is.Field)
			}
		}
	})
}

// FuzzScanJSON checks scanJSON against Go's decoder: a valid JSON body it finds clean decodes to
// strings without control characters (other than tab and line breaks) and without replacement
// characters the input did not spell.
func FuzzScanJSON(f *testing.F) {
	for _, b := range hostileBodies {
		f.Add([]byte(b))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		if !json.Valid(body) {
			return
		}
		fields, issues := scanJSON(body)
		for _, is := range issues {
			if is.Field == "" || is.Message == "" {
				t.Fatalf("issue without field or message: %+v", is)
			}
		}
		if len(issues) > 0 {
			return
		}
		var v any
		if err := json.Unmarshal(body, &v); err != nil {
			t.Fatalf("valid JSON does not decode: %v", err)
		}
		if _, isObject := v.(map[string]any); isObject { // the members are encoding/json's, as slices of body
			var want map[string]json.RawMessage
			_ = json.Unmarshal(body, &want)
			if len(fields) != len(want) {
				t.Fatalf("scanJSON found %d members, encoding/json %d: %q", len(fields), len(want), body)
			}
			for k, w := range want {
				if !bytes.Equal(fields[k], w) {
					t.Fatalf("member %q = %q, encoding/json %q", k, fields[k], w)
				}
			}
		}
		spelled := strings.Contains(string(body), "\uFFFD") || strings.Contains(strings.ToLower(string(body)), `\ufffd`)
		var walk func(any)
		walk = func(v any) {
			switch x := v.(type) {
			case string:
				for _, r := range x {
					if unicode.IsControl(r) && r != '\t' && r != '\n' && r != '\r' {
						t.Fatalf("clean body decodes to control character %U", r)
					}
					if r == utf8.RuneError && !spelled {
						t.Fatalf("clean body decodes to a replacement character: %q", body)
					}
				}
			case []any:
				for _, e := range x {
					walk(e)
				}
			case map[string]any:
				for k, e := range x {
					walk(k)
					walk(e)
				}
			}
		}
		walk(v)
	})
}
