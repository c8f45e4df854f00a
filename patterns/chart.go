package patterns

import (
	"fmt"
	"math"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/charts"
	invopop "github.com/invopop/jsonschema"
)

// checkChart enforces what the schema cannot say per chart type: bar and line take 2 to 12 series
// points, donut 2 to 8 slices of 0 or more (not all 0), kpi 1 to 6 tiles; no other data.
func checkChart(v any, prefix string) []brandgen.Issue {
	c := v.(charts.Content)
	var issues []brandgen.Issue
	need := func(field string, n, lo, hi int) {
		if n < lo || n > hi {
			issues = append(issues, brandgen.Issue{Field: prefix + field,
				Message: fmt.Sprintf("a %s chart needs %d to %d %s (has %d)", c.ChartType, lo, hi, field, n)})
		}
	}
	forbid := func(field string, n int) {
		if n > 0 {
			issues = append(issues, brandgen.Issue{Field: prefix + field, Message: "is not used by a " + c.ChartType + " chart"})
		}
	}
	switch c.ChartType {
	case charts.TypeBar, charts.TypeLine:
		need("series", len(c.Series), charts.MinSeries, charts.MaxSeries)
		forbid("slices", len(c.Slices))
		forbid("tiles", len(c.Tiles))
		issues = append(issues, finite(prefix+"series", c.Series)...)
	case charts.TypeDonut:
		need("slices", len(c.Slices), charts.MinSlices, charts.MaxSlices)
		forbid("series", len(c.Series))
		forbid("tiles", len(c.Tiles))
		total := 0.0
		for i, s := range c.Slices {
			if s.Value < 0 {
				issues = append(issues, brandgen.Issue{Field: fmt.Sprintf("%sslices[%d].value", prefix, i), Message: "must be 0 or more"})
			}
			total += s.Value
		}
		if len(c.Slices) > 0 && total <= 0 {
			issues = append(issues, brandgen.Issue{Field: prefix + "slices", Message: "must have a total above 0"})
		}
		issues = append(issues, finite(prefix+"slices", c.Slices)...)
	case charts.TypeKPI:
		need("tiles", len(c.Tiles), charts.MinTiles, charts.MaxTiles)
		forbid("series", len(c.Series))
		forbid("slices", len(c.Slices))
	}
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

// adjustChartSchema lets KPI tile values and deltas be a JSON string or number ("$1.2M" or 1200000).
func adjustChartSchema(s *invopop.Schema) {
	tiles, ok := s.Properties.Get("tiles")
	if !ok || tiles.Items == nil {
		return
	}
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
