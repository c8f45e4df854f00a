package patterns

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/charts"
	"github.com/santhosh-tekuri/jsonschema/v6"
)

func TestChartDecodeValid(t *testing.T) {
	c, err := New()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		body string
		want charts.Content
	}{
		{"bar", `{"chartType":"bar","title":"Revenue","unit":"$","series":[{"label":"Q1","value":12.5},{"label":"Q2","value":-3}]}`,
			charts.Content{ChartType: "bar", Title: "Revenue", Unit: "$", Series: []charts.Point{{Label: "Q1", Value: 12.5}, {Label: "Q2", Value: -3}}}},
		{"line with palette", `{"chartType":"line","series":[{"label":"a","value":1},{"label":"b","value":2}],"palette":{"primary":"#F00","secondary":"#00ff00","bg":"#0a0a0a"}}`,
			charts.Content{ChartType: "line", Series: []charts.Point{{Label: "a", Value: 1}, {Label: "b", Value: 2}},
				Palette: &charts.PaletteColors{Primary: "#F00", Secondary: "#00ff00", Bg: "#0a0a0a"}}},
		{"donut", `{"chartType":"donut","slices":[{"label":"a","value":3},{"label":"b","value":0}]}`,
			charts.Content{ChartType: "donut", Slices: []charts.Point{{Label: "a", Value: 3}, {Label: "b", Value: 0}}}},
		{"kpi strings and numbers", `{"chartType":"kpi","tiles":[{"value":1200000,"label":"Views","delta":-3.5},{"value":"$1.2M","label":"ARR","delta":"+12%","deltaDirection":"up"}]}`,
			charts.Content{ChartType: "kpi", Tiles: []charts.Tile{{Value: "1200000", Label: "Views", Delta: "-3.5"},
				{Value: "$1.2M", Label: "ARR", Delta: "+12%", DeltaDirection: "up"}}}},
		{"twelve points", `{"chartType":"bar","series":[` + strings.TrimSuffix(strings.Repeat(`{"label":"x","value":1},`, 12), ",") + `]}`,
			charts.Content{ChartType: "bar", Series: func() []charts.Point {
				p := make([]charts.Point, 12)
				for i := range p {
					p[i] = charts.Point{Label: "x", Value: 1}
				}
				return p
			}()}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, prefix := range []string{"", "content."} {
				v, issues := c.Decode("chart", json.RawMessage(tt.body), prefix)
				if len(issues) > 0 {
					t.Fatalf("issues: %v", issues)
				}
				got, ok := v.(charts.Content)
				if !ok {
					t.Fatalf("decoded %T, want charts.Content", v)
				}
				if !reflect.DeepEqual(got, tt.want) {
					t.Fatalf("decoded %+v, want %+v", got, tt.want)
				}
				// The content round-trips: what /chart answers, /render accepts.
				back, _ := json.Marshal(got)
				if _, issues := c.Decode("chart", back, "content."); len(issues) > 0 {
					t.Fatalf("round trip %s: %v", back, issues)
				}
			}
		})
	}
}

func TestChartDecodeInvalid(t *testing.T) {
	c, err := New()
	if err != nil {
		t.Fatal(err)
	}
	thirteen := `[` + strings.TrimSuffix(strings.Repeat(`{"label":"x","value":1},`, 13), ",") + `]`
	tests := []struct {
		name   string
		body   string
		prefix string
		want   []brandgen.Issue // every issue, in order
	}{
		{"everything wrong at once", `{"chartType":"pie","title":5,"series":[{"label":"a"}],"palette":{"primary":"red"},"extra":1}`, "content.",
			[]brandgen.Issue{
				{Field: "content.chartType", Message: "must be one of bar, line, donut, kpi"},
				{Field: "content.extra", Message: "is not a known field (allowed: chartType, palette, series, slices, subtitle, tiles, title, unit)"},
				{Field: "content.palette.primary", Message: "must be a hex colour: #RGB or #RRGGBB"},
				{Field: "content.series", Message: "must have 2 to 12 items (has 1)"},
				{Field: "content.series[0].value", Message: "is required"},
				{Field: "content.title", Message: "must be a string, not number"},
			}},
		{"missing chart type", `{}`, "", []brandgen.Issue{{Field: "chartType", Message: "is required"}}},
		{"bar without series", `{"chartType":"bar","title":"x"}`, "",
			[]brandgen.Issue{{Field: "series", Message: "is required for a bar or line chart: 2 to 12 points {label, value}"}}},
		{"bar with the wrong data and a bad tile", `{"chartType":"bar","title":7,"tiles":[{"value":true,"label":"a"}],"slices":[{"label":"a","value":1},{"label":"b","value":2}]}`, "",
			[]brandgen.Issue{
				{Field: "series", Message: "is required for a bar or line chart: 2 to 12 points {label, value}"},
				{Field: "slices", Message: "is only used by donut charts"},
				{Field: "tiles", Message: "is only used by kpi charts"},
				{Field: "tiles[0].value", Message: "must be a string or a number, not boolean"},
				{Field: "title", Message: "must be a string, not number"},
			}},
		{"line with too many points", `{"chartType":"line","series":` + thirteen + `}`, "",
			[]brandgen.Issue{{Field: "series", Message: "must have 2 to 12 items (has 13)"}}},
		{"donut with series", `{"chartType":"donut","series":[{"label":"a","value":1},{"label":"b","value":1}]}`, "",
			[]brandgen.Issue{
				{Field: "series", Message: "is only used by bar and line charts"},
				{Field: "slices", Message: "is required for a donut chart: 2 to 8 slices {label, value}"},
			}},
		{"donut negatives and zero total", `{"chartType":"donut","slices":[{"label":"a","value":-1},{"label":"b","value":0}]}`, "",
			[]brandgen.Issue{
				{Field: "slices", Message: "must have a total above 0"},
				{Field: "slices[0].value", Message: "must be 0 or more in a donut chart"},
			}},
		{"donut too many slices", `{"chartType":"donut","slices":` + strings.Replace(thirteen, "13", "", 1) + `}`, "",
			[]brandgen.Issue{{Field: "slices", Message: "must have 2 to 8 items (has 13)"}}},
		{"kpi tiles", `{"chartType":"kpi","tiles":[{"value":"","label":"a","deltaDirection":"sideways"},{"label":"b","value":"0123456789012345678901234567"},{"value":1,"label":"c","delta":{}},{"label":"d"}]}`, "content.",
			[]brandgen.Issue{
				{Field: "content.tiles[0].deltaDirection", Message: "must be one of up, down, flat"},
				{Field: "content.tiles[0].value", Message: "must not be empty"},
				{Field: "content.tiles[1].value", Message: "must be at most 24 characters (is 28)"},
				{Field: "content.tiles[2].delta", Message: "must be a string or a number, not object"},
				{Field: "content.tiles[3].value", Message: "is required"},
			}},
		{"kpi empty and series", `{"chartType":"kpi","tiles":[],"series":[{"label":"a","value":1},{"label":"b","value":1}]}`, "",
			[]brandgen.Issue{
				{Field: "series", Message: "is only used by bar and line charts"},
				{Field: "tiles", Message: "must have 1 to 6 items (has 0)"},
			}},
		{"kpi seven tiles", `{"chartType":"kpi","tiles":[` + strings.TrimSuffix(strings.Repeat(`{"value":1,"label":"x"},`, 7), ",") + `]}`, "",
			[]brandgen.Issue{{Field: "tiles", Message: "must have 1 to 6 items (has 7)"}}},
		{"index order is numeric", `{"chartType":"line","series":[{"label":"a","value":"1"},{"label":"b","value":2,"colour":"red"},{"label":"c","value":1},{"label":"c","value":1},{"label":"c","value":1},{"label":"c","value":1},{"label":"c","value":1},{"label":"c","value":1},{"label":"c","value":1},{"label":"c","value":1},{"label":"c","value":null},{"label":"c","value":1}]}`, "",
			[]brandgen.Issue{
				{Field: "series[0].value", Message: "must be a number, not string"},
				{Field: "series[1].colour", Message: "is not a known field (allowed: label, value)"},
				{Field: "series[10].value", Message: "must be a number, not null"},
			}},
		{"long strings", `{"chartType":"bar","title":"` + strings.Repeat("t", 121) + `","unit":"` + strings.Repeat("u", 17) + `","series":[{"label":"` + strings.Repeat("l", 61) + `","value":1},{"label":"b","value":2}]}`, "",
			[]brandgen.Issue{
				{Field: "series[0].label", Message: "must be at most 60 characters (is 61)"},
				{Field: "title", Message: "must be at most 120 characters (is 121)"},
				{Field: "unit", Message: "must be at most 16 characters (is 17)"},
			}},
		{"palette", `{"chartType":"bar","series":[{"label":"a","value":1},{"label":"b","value":2}],"palette":{"primary":"#12345","secondary":"blue","bg":"#GGG","accent":"#fff"}}`, "",
			[]brandgen.Issue{
				{Field: "palette.accent", Message: "is not a known field (allowed: bg, primary, secondary)"},
				{Field: "palette.bg", Message: "must be a hex colour: #RGB or #RRGGBB"},
				{Field: "palette.primary", Message: "must be a hex colour: #RGB or #RRGGBB"},
				{Field: "palette.secondary", Message: "must be a hex colour: #RGB or #RRGGBB"},
			}},
		{"nulls", `{"chartType":null,"palette":null}`, "",
			[]brandgen.Issue{{Field: "chartType", Message: "must be a string, not null"}, {Field: "palette", Message: "must be an object, not null"}}},
		{"not an object", `[1]`, "content.", []brandgen.Issue{{Field: "content", Message: "must be a JSON object"}}},
		{"top level not an object", `"bar"`, "", []brandgen.Issue{{Field: "body", Message: "must be a JSON object"}}},
		{"malformed", `{"chartType":`, "content.", []brandgen.Issue{{Field: "content", Message: "must be a JSON object"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v, issues := c.Decode("chart", json.RawMessage(tt.body), tt.prefix)
			if v != nil {
				t.Errorf("content returned with issues: %+v", v)
			}
			if !reflect.DeepEqual(issues, tt.want) {
				var got strings.Builder
				for _, is := range issues {
					got.WriteString("\n  " + is.Field + ": " + is.Message)
				}
				t.Fatalf("issues:%s", got.String())
			}
		})
	}
}

func TestChartSchemaIs2020_12(t *testing.T) {
	c, err := New()
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range c.All() {
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(p.Schema))
		if err != nil {
			t.Fatalf("%s: %v", p.ID, err)
		}
		// The 2020-12 metaschema validates the schema itself.
		meta, err := jsonschema.NewCompiler().Compile("https://json-schema.org/draft/2020-12/schema")
		if err != nil {
			t.Fatal(err)
		}
		if err := meta.Validate(doc); err != nil {
			t.Fatalf("%s: schema is not valid 2020-12: %v", p.ID, err)
		}
		comp := jsonschema.NewCompiler()
		if err := comp.AddResource("mem://"+p.ID+".json", doc); err != nil {
			t.Fatal(err)
		}
		if _, err := comp.Compile("mem://" + p.ID + ".json"); err != nil {
			t.Fatalf("%s: %v", p.ID, err)
		}
	}
	p, _ := c.Lookup("chart")
	var s map[string]any
	if err := json.Unmarshal(p.Schema, &s); err != nil {
		t.Fatal(err)
	}
	if s["$schema"] != "https://json-schema.org/draft/2020-12/schema" || s["additionalProperties"] != false {
		t.Fatalf("chart schema header: %v %v", s["$schema"], s["additionalProperties"])
	}
	req, _ := s["required"].([]any)
	if len(req) != 1 || req[0] != "chartType" {
		t.Fatalf("required = %v", s["required"])
	}
	props := s["properties"].(map[string]any)
	ct := props["chartType"].(map[string]any)
	if !reflect.DeepEqual(ct["enum"], []any{"bar", "line", "donut", "kpi"}) {
		t.Fatalf("chartType enum = %v", ct["enum"])
	}
	series := props["series"].(map[string]any)
	if series["minItems"] != 2.0 || series["maxItems"] != 12.0 {
		t.Fatalf("series bounds = %v %v", series["minItems"], series["maxItems"])
	}
	if len(s["allOf"].([]any)) != 3 {
		t.Fatalf("allOf = %v", s["allOf"])
	}
}

func TestPatternMarshal(t *testing.T) {
	c, _ := New()
	p, ok := c.Lookup("chart")
	if !ok {
		t.Fatal("no chart pattern")
	}
	b, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	var entry map[string]json.RawMessage
	if err := json.Unmarshal(b, &entry); err != nil {
		t.Fatal(err)
	}
	var keys []string
	for k := range entry {
		keys = append(keys, k)
	}
	if len(entry) != 5 || string(entry["id"]) != `"chart"` || string(entry["kind"]) != `"chart"` || entry["layouts"] != nil {
		t.Fatalf("chart entry keys %v: %s", keys, b)
	}
	g, _ := c.Lookup("grid")
	b, _ = json.Marshal(g)
	if !bytes.Contains(b, []byte(`"layouts":[`)) {
		t.Fatalf("grid entry lacks layouts: %s", b)
	}
}

func TestFieldOrder(t *testing.T) {
	in := []brandgen.Issue{{Field: "tiles[10].value", Message: ""}, {Field: "tiles[2].value", Message: ""}, {Field: "tiles", Message: ""}, {Field: "title", Message: ""}, {Field: "tiles[2].label", Message: ""}, {Field: "chartType", Message: ""}}
	sortIssues(in)
	var got []string
	for _, is := range in {
		got = append(got, is.Field)
	}
	want := []string{"chartType", "tiles", "tiles[2].label", "tiles[2].value", "tiles[10].value", "title"}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("order = %v, want %v", got, want)
	}
}
