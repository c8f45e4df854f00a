package openapi

import (
	"encoding/json"
	"strings"
	"testing"
)

type item struct {
	Name  string `json:"name"`
	Note  string `json:"note,omitempty"`
	Flags []bool `json:"flags,omitempty"`
}

type itemList struct {
	Items []item `json:"items"`
	Next  string `json:"next,omitempty"`
}

type failure struct {
	Error string `json:"error"`
}

func build(t *testing.T, ops ...Operation) (map[string]any, error) {
	t.Helper()
	raw, err := Build(Spec{Title: "t", Version: "1.0.0", APIKeyHeader: "x-api-key", Error: failure{}, Operations: ops,
		Schemas: map[string]json.RawMessage{"Extra": json.RawMessage(`{"$id":"x","properties":{"a":{"not":true}},"allOf":[true]}`)}})
	if err != nil {
		return nil, err
	}
	var doc map[string]any
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	return doc, nil
}

func TestBuild(t *testing.T) {
	list := Operation{Method: "GET", Path: "/items/{id}", ID: "getItem", Params: []Param{{Name: "id", In: "path"}},
		Responses: []Response{{Status: 200, Description: "ok", Bodies: []Body{{Type: itemList{}}}}},
		Errors:    []Error{{404, "not_found"}, {429, "rate_limited"}, {404, "gone"}}, RateLimited: true}
	cases := []struct {
		name    string
		ops     []Operation
		wantErr string
		check   func(t *testing.T, doc map[string]any)
	}{
		{name: "components, refs, required, errors", ops: []Operation{list}, check: func(t *testing.T, doc map[string]any) {
			schemas := doc["components"].(map[string]any)["schemas"].(map[string]any)
			it := schemas["item"].(map[string]any)
			if req, _ := json.Marshal(it["required"]); string(req) != `["name"]` {
				t.Errorf("item required = %s, want the fields without omitempty", req)
			}
			if _, ok := schemas["itemList"]; !ok {
				t.Errorf("no itemList component: %v", schemas)
			}
			extra, _ := json.Marshal(schemas["Extra"])
			if strings.Contains(string(extra), "true") || strings.Contains(string(extra), "$id") {
				t.Errorf("Extra keeps boolean schemas or $id: %s", extra)
			}
			op := doc["paths"].(map[string]any)["/items/{id}"].(map[string]any)["get"].(map[string]any)
			res := op["responses"].(map[string]any)
			nf, _ := json.Marshal(res["404"])
			if !strings.Contains(string(nf), `"enum":["gone","not_found"]`) {
				t.Errorf("404 = %s, want both codes", nf)
			}
			tooMany, _ := json.Marshal(res["429"])
			if !strings.Contains(string(tooMany), "Retry-After") || !strings.Contains(string(tooMany), "RateLimit-Reset") {
				t.Errorf("429 = %s, want Retry-After and RateLimit-*", tooMany)
			}
			ok, _ := json.Marshal(res["200"])
			if !strings.Contains(string(ok), `#/components/schemas/itemList`) {
				t.Errorf("200 = %s, want a ref", ok)
			}
		}},
		{name: "undescribed path parameter", wantErr: "path parameter {id}",
			ops: []Operation{{Method: "GET", Path: "/items/{id}", ID: "x", Responses: []Response{{Status: 204, Description: "ok"}}}}},
		{name: "repeated operation id", wantErr: "repeated operationId",
			ops: []Operation{list, {Method: "POST", Path: "/items", ID: "getItem", Responses: []Response{{Status: 204, Description: "ok"}}}}},
		{name: "same route twice", wantErr: "described twice",
			ops: []Operation{list, func() Operation { o := list; o.ID = "other"; return o }()}},
		{name: "status both success and error", wantErr: "both a success and an error",
			ops: []Operation{{Method: "GET", Path: "/a", ID: "a", Responses: []Response{{Status: 404, Description: "x"}}, Errors: []Error{{404, "not_found"}}}}},
		{name: "public operation", ops: []Operation{{Method: "GET", Path: "/health", ID: "h", Public: true, Responses: []Response{{Status: 200, Description: "ok"}}}},
			check: func(t *testing.T, doc map[string]any) {
				op := doc["paths"].(map[string]any)["/health"].(map[string]any)["get"].(map[string]any)
				if sec, ok := op["security"].([]any); !ok || len(sec) != 0 {
					t.Errorf("security = %v, want []", op["security"])
				}
			}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			doc, err := build(t, tc.ops...)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("err = %v, want %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if doc["openapi"] != "3.1.0" {
				t.Fatalf("openapi = %v", doc["openapi"])
			}
			tc.check(t, doc)
		})
	}
}
