package patterns

import (
	"strings"
	"testing"
)

// FuzzDecode runs content of any bytes through the catalog's validators (chart, a post pattern and
// a slide): no panic; either content or issues, every issue with a field under the prefix and a
// message in the API's words.
func FuzzDecode(f *testing.F) {
	c, err := New()
	if err != nil {
		f.Fatal(err)
	}
	ids := []string{}
	for _, p := range c.All() {
		ids = append(ids, p.ID)
	}
	for _, s := range []string{
		`{"chartType":"bar","series":[{"label":"a","value":1},{"label":"b","value":2}]}`,
		`{"chartType":"bar","series":[{"label":"a","value":1,"value":"x"},{"label":"b","value":2}]}`,
		`{"chartType":"bar","series":[{"label":"a","value":"x","value":1},{"label":"b","value":2}]}`,
		`{"chartType":"kpi","tiles":[{"value":1e308,"label":"a","delta":"NaN"},{"label":"b"}]}`,
		`{"chartType":"donut","slices":[{"label":"\u0000","value":-1}],"palette":{"primary":"#12"}}`,
		`{"title":"` + strings.Repeat("x", 500) + `","items":[1,2,3],"unknown":{"deep":[[]]}}`,
		`{"headline":"\ud800","points":["a","b"],"cta":null}`,
		`[]`, `"x"`, `null`, `{`, ``,
	} {
		for i := range 3 {
			f.Add(uint8(i), []byte(s))
		}
	}
	f.Fuzz(func(t *testing.T, which uint8, raw []byte) {
		id := ids[int(which)%len(ids)]
		content, issues := c.Decode(id, raw, "content.")
		if (content == nil) == (len(issues) == 0) {
			t.Fatalf("%s: content %v with %d issues", id, content != nil, len(issues))
		}
		for _, is := range issues {
			if is.Message == "" || (is.Field != "content" && !strings.HasPrefix(is.Field, "content.")) {
				t.Fatalf("%s: issue %+v", id, is)
			}
			if strings.Contains(is.Message, "json:") || strings.Contains(is.Message, "Go struct") {
				t.Fatalf("%s: Go's wording in %+v", id, is)
			}
		}
	})
}
