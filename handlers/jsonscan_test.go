package handlers

import (
	"slices"
	"testing"
)

func TestScanJSON(t *testing.T) {
	cases := []struct {
		name, in string
		fields   []string
	}{
		{"clean", `{"a":"x\ny\tz\r","b":[1,"é",{"c":"😀 \ud83d\ude00"}],"d":null}`, nil},
		{"escaped quote and slash", `{"a":"say \"hi\" \/ \\"}`, nil},
		{"duplicate nested", `{"a":{"b":1,"b":2},"c":[{"d":1},{"d":1,"d":2}]}`, []string{"a.b", "c[1].d"}},
		{"duplicate thrice", `{"a":1,"a":2,"a":3}`, []string{"a", "a"}},
		{"raw invalid byte", "{\"a\":[\"ok\",\"\xff\"]}", []string{"a[1]"}},
		{"truncated sequence", "{\"a\":\"\xe2\x82\"}", []string{"a"}},
		{"escaped control", `{"a":"\u0001"}`, []string{"a"}},
		{"backspace and form feed", `{"a":"\b","b":"\f"}`, []string{"a", "b"}},
		{"DEL", `{"a":"\u007f"}`, []string{"a"}},
		{"lone high surrogate", `{"a":"\ud83d x"}`, []string{"a"}},
		{"lone low surrogate", `{"a":"\ude00"}`, []string{"a"}},
		{"bad key", `{"\u0000":1}`, []string{"\x00"}},
		{"top-level string", `"\u0001"`, []string{"body"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			_, issues := scanJSON([]byte(tc.in))
			for _, is := range issues {
				got = append(got, is.Field)
			}
			if !slices.Equal(got, tc.fields) {
				t.Fatalf("fields = %q, want %q", got, tc.fields)
			}
		})
	}
}

// scanJSON's members of a top-level object are the values' exact bytes, slices of the body.
func TestScanJSONMembers(t *testing.T) {
	cases := []struct {
		name, in string
		want     map[string]string // nil: not an object
	}{
		{"object", ` { "a" : 1 , "b":"x\"y", "c":{"d":[1,{"e":2}]},"f":null,"g":true,"h":-1.5e3 } `,
			map[string]string{"a": "1", "b": `"x\"y"`, "c": `{"d":[1,{"e":2}]}`, "f": "null", "g": "true", "h": "-1.5e3"}},
		{"empty", `{}`, map[string]string{}},
		{"escaped key", `{"\u0061b":[]}`, map[string]string{"ab": "[]"}},
		{"empty key with an object", `{"":{"a":1}}`, map[string]string{"": `{"a":1}`}},
		{"last duplicate wins", `{"a":1,"a":2}`, map[string]string{"a": "2"}},
		{"array", `[{"a":1}]`, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, _ := scanJSON([]byte(tc.in))
			if tc.want == nil {
				if got != nil {
					t.Fatalf("members = %q, want none", got)
				}
				return
			}
			if len(got) != len(tc.want) {
				t.Fatalf("members = %q, want %q", got, tc.want)
			}
			for k, w := range tc.want {
				if string(got[k]) != w {
					t.Errorf("member %q = %q, want %q", k, got[k], w)
				}
			}
		})
	}
}
