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
			for _, is := range scanJSON([]byte(tc.in)) {
				got = append(got, is.Field)
			}
			if !slices.Equal(got, tc.fields) {
				t.Fatalf("fields = %q, want %q", got, tc.fields)
			}
		})
	}
}
