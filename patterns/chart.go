package patterns

import (
	"fmt"
	"math"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/charts"
	invopop "github.com/invopop/jsonschema"
)

// checkChart adds what the schema cannot say: a donut's slices must add up to more than 0, and
// values stay within ±1e15 (beyond that no label or axis makes sense).
func checkChart(v any, prefix string) []brandgen.Issue {
	c := v.(charts.Content)
	var issues []brandgen.Issue
	if c.ChartType == charts.TypeDonut && len(c.Slices) > 0 {
		total := 0.0
		for _, s := range c.Slices {
			total += math.Max(s.Value, 0)
		}
		if total <= 0 {
			issues = append(issues, brandgen.Issue{Field: prefix + "slices", Message: "must have a total above 0"})
		}
	}
	issues = append(issues, finite(prefix+"series", c.Series)...)
	issues = append(issues, finite(prefix+"slices", c.Slices)...)
	return issues
}

func finite(field string, pts []charts.Point) []brandgen.Issue {
	var issues []brandgen.Issue
	for i, p := range pts {
		if math.IsInf(p.Value, 0) || math.IsNaN(p.Value) || math.Abs(p.Value) > 1e15 {
			issues = append(issues, brandgen.Issue{Field: fmt.Sprintf("%s[%d].value", field, i), Message: "must be a finite number within ±1e15"})
		}
	}
	return issues
}

// adjustChartSchema completes the schema reflected from charts.Content:
//   - KPI tile values and deltas are a JSON string or number ("$1.2M" or 1200000);
//   - each chart type requires its own data and refuses the others' (bar and line: series,
//     donut: slices, kpi: tiles), and donut slices are 0 or more. These rules are if/then
//     branches, so clients and the validator see them, with readable errorMessage annotations.
func adjustChartSchema(s *invopop.Schema) {
	if tiles, ok := s.Properties.Get("tiles"); ok && tiles.Items != nil {
		for _, name := range []string{"value", "delta"} {
			f, ok := tiles.Items.Properties.Get(name)
			if !ok {
				continue
			}
			str := *f
			str.Description = ""
			f.Type = ""
			f.AnyOf = []*invopop.Schema{&str, {Type: "number"}}
			f.MinLength, f.MaxLength = nil, nil
		}
	}
	type rule struct {
		types    []any
		field    string
		required string
	}
	only := map[string]string{
		"series": "is only used by bar and line charts",
		"slices": "is only used by donut charts",
		"tiles":  "is only used by kpi charts",
	}
	rules := []rule{
		{[]any{charts.TypeBar, charts.TypeLine}, "series",
			fmt.Sprintf("is required for a bar or line chart: %d to %d points {label, value}", charts.MinSeries, charts.MaxSeries)},
		{[]any{charts.TypeDonut}, "slices",
			fmt.Sprintf("is required for a donut chart: %d to %d slices {label, value}", charts.MinSlices, charts.MaxSlices)},
		{[]any{charts.TypeKPI}, "tiles",
			fmt.Sprintf("is required for a kpi chart: %d to %d tiles {value, label, delta?, deltaDirection?}", charts.MinTiles, charts.MaxTiles)},
	}
	for _, r := range rules {
		cond := &invopop.Schema{Properties: invopop.NewProperties(), Required: []string{"chartType"}}
		cond.Properties.Set("chartType", &invopop.Schema{Enum: r.types})
		then := &invopop.Schema{
			Required:   []string{r.field},
			Properties: invopop.NewProperties(),
			Extras:     map[string]any{errorMessageKeyword: map[string]any{"required": r.required}},
		}
		for _, other := range []string{"series", "slices", "tiles"} {
			if other != r.field {
				then.Properties.Set(other, &invopop.Schema{Not: &invopop.Schema{}, Extras: map[string]any{errorMessageKeyword: only[other]}})
			}
		}
		if r.field == "slices" {
			value := &invopop.Schema{Minimum: "0", Extras: map[string]any{errorMessageKeyword: "must be 0 or more in a donut chart"}}
			item := &invopop.Schema{Properties: invopop.NewProperties()}
			item.Properties.Set("value", value)
			then.Properties.Set("slices", &invopop.Schema{Items: item})
		}
		s.AllOf = append(s.AllOf, &invopop.Schema{If: cond, Then: then})
	}
}
