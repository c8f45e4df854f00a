package patterns

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/brandgen/brandgen/charts"
	"github.com/brandgen/brandgen/posts"
	"github.com/brandgen/brandgen/slides"
)

func TestCatalogLists(t *testing.T) {
	c, err := New()
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, p := range c.All() {
		ids = append(ids, p.ID)
		var entry map[string]any
		b, _ := json.Marshal(p)
		if err := json.Unmarshal(b, &entry); err != nil {
			t.Fatal(err)
		}
		schema := entry["schema"].(map[string]any)
		if schema["$schema"] != "https://json-schema.org/draft/2020-12/schema" || schema["type"] != "object" {
			t.Errorf("%s: schema header %v %v", p.ID, schema["$schema"], schema["type"])
		}
		for _, k := range []string{"id", "title", "description", "kind", "schema"} {
			if entry[k] == nil || entry[k] == "" {
				t.Errorf("%s: entry lacks %s", p.ID, k)
			}
		}
	}
	want := append(slices.Clone(posts.Formats), "chart")
	for _, k := range slides.Kinds {
		want = append(want, slides.PatternID(k))
	}
	if !slices.Equal(ids, want) {
		t.Fatalf("ids = %v, want %v", ids, want)
	}
	if got := len(c.Posts()); got != 19 {
		t.Fatalf("posts = %d", got)
	}
	if got := len(c.Slides()); got != len(slides.Kinds) {
		t.Fatalf("slides = %d", got)
	}
}

func TestDecode(t *testing.T) {
	c, _ := New()
	cases := []struct {
		name, id, body, prefix string
		fields                 []string
	}{
		{"bar ok", "chart", `{"chartType":"bar","series":[{"label":"a","value":1},{"label":"b","value":2}]}`, "", nil},
		{"kpi ok numbers", "chart", `{"chartType":"kpi","tiles":[{"value":1200,"label":"Users","delta":-3}]}`, "", nil},
		{"donut ok", "chart", `{"chartType":"donut","slices":[{"label":"a","value":1},{"label":"b","value":0}]}`, "content.", nil},
		{"everything wrong", "chart", `{"chartType":"pie","title":5,"series":[{"label":"a"}],"palette":{"primary":"red"},"extra":1}`, "content.",
			[]string{"content.chartType", "content.extra", "content.palette.primary", "content.series", "content.series[0].value", "content.title"}},
		{"kpi tile paths", "chart", `{"chartType":"kpi","tiles":[{"value":"1","label":"a","deltaDirection":"sideways"},{"label":"b"}]}`, "",
			[]string{"tiles[0].deltaDirection", "tiles[1].value"}},
		{"per-type counts", "chart", `{"chartType":"donut","series":[{"label":"a","value":1},{"label":"b","value":1}]}`, "",
			[]string{"series", "slices"}},
		{"donut negatives", "chart", `{"chartType":"donut","slices":[{"label":"a","value":-1},{"label":"b","value":0}]}`, "",
			[]string{"slices", "slices[0].value"}},
		{"not an object", "chart", `[1]`, "content.", []string{"content"}},
		{"stat required", "stat", `{"value":""}`, "content.", []string{"content.label", "content.value"}},
		{"ad feature cap", "ad", `{"headline":"h","cta":"Go","features":["` + string(make([]byte, 0)) + `"]}`, "content.", []string{"content.features[0]"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			v, issues := c.Decode(tc.id, json.RawMessage(tc.body), tc.prefix)
			var fields []string
			for _, is := range issues {
				fields = append(fields, is.Field)
				if is.Message == "" {
					t.Errorf("%s: empty message", is.Field)
				}
			}
			if !slices.Equal(fields, tc.fields) {
				t.Fatalf("fields = %q, want %q (%v)", fields, tc.fields, issues)
			}
			if tc.fields == nil {
				if _, ok := v.(charts.Content); !ok && tc.id == "chart" {
					t.Fatalf("decoded %T", v)
				}
			}
		})
	}
}

func TestCheckLayout(t *testing.T) {
	c, _ := New()
	if c.CheckLayout("grid", "3x3") != nil || c.CheckLayout("grid", "") != nil {
		t.Fatal("valid layout refused")
	}
	if is := c.CheckLayout("grid", "5x5"); is == nil || is.Field != "layout" {
		t.Fatal("bad grid layout accepted")
	}
	if c.CheckLayout("quote", "2col") == nil {
		t.Fatal("layout on a format without layouts accepted")
	}
}
