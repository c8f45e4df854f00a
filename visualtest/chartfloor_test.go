package visualtest

import (
	"fmt"
	"strings"
	"testing"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/charts"
	"github.com/brandgen/brandgen/posts"
	"github.com/brandgen/brandgen/studio"
)

// chartTextProbe lists every visible text element of the chart's SVG with its rendered size: the
// computed font size (user units) times the scale of the element's screen transform, so a viewBox
// or a transform that shrinks the drawing counts, and whether it is legend text. It also returns
// the size's label floor and body floor.
const chartTextProbe = `(() => {
  const root = getComputedStyle(document.documentElement);
  const floor = parseFloat(root.getPropertyValue('--fs-floor-label')) || 0;
  const body = parseFloat(root.getPropertyValue('--fs-floor')) || 0;
  const out = [];
  document.querySelectorAll('main.content svg text').forEach((el) => {
    const t = el.textContent.trim();
    if (!t || el.closest('defs,[aria-hidden="true"],.decor')) return;
    const cs = getComputedStyle(el);
    if (cs.display === 'none' || cs.visibility === 'hidden' || parseFloat(cs.opacity) === 0) return;
    const m = el.getScreenCTM();
    const k = m ? Math.sqrt(Math.abs(m.a * m.d - m.b * m.c)) : 1;
    let fs = parseFloat(cs.fontSize) * k;
    // A tspan in a smaller size counts at its own size.
    el.querySelectorAll('tspan').forEach((s) => { fs = Math.min(fs, parseFloat(getComputedStyle(s).fontSize) * k); });
    out.push({text: t.slice(0, 32), fs, legend: !!el.closest('.legend')});
  });
  return {floor, body, texts: out};
})()`

// chartFloorSamples are charts of every type, typical and at the content limits.
func chartFloorSamples() []posts.Sample {
	months := []string{"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"}
	var year []charts.Point
	for i, m := range months {
		year = append(year, charts.Point{Label: m, Value: float64(1200 + i*310 + (i%3)*420 - (i%4)*250)})
	}
	out := []posts.Sample{
		{Name: "bar-4", Content: charts.Content{ChartType: "bar", Title: "Revenue by quarter", Unit: "$",
			Series: []charts.Point{{Label: "Q1", Value: 12400}, {Label: "Q2", Value: 18300}, {Label: "Q3", Value: 15100}, {Label: "Q4", Value: 24800}}}},
		{Name: "bar-12", Content: charts.Content{ChartType: "bar", Title: "Signups per month", Subtitle: "2026, all plans", Series: year}},
		{Name: "line-12", Content: charts.Content{ChartType: "line", Title: "Monthly revenue", Unit: "k€", Series: year}},
		{Name: "donut-3", Content: charts.Content{ChartType: "donut", Title: "Traffic by device",
			Slices: []charts.Point{{Label: "Mobile", Value: 5820}, {Label: "Desktop", Value: 3140}, {Label: "Tablet", Value: 860}}}},
		{Name: "donut-8", Content: charts.Content{ChartType: "donut", Title: "Users by country", Unit: "users",
			Slices: []charts.Point{{Label: "United States of America", Value: 4200}, {Label: "Germany", Value: 2600}, {Label: "United Kingdom", Value: 1900},
				{Label: "France", Value: 1400}, {Label: "Japan", Value: 1100}, {Label: "Brazil", Value: 800}, {Label: "India", Value: 500}, {Label: "Other countries", Value: 40}}}},
		{Name: "kpi-3", Content: charts.Content{ChartType: "kpi", Title: "This week", Tiles: []charts.Tile{{Value: "48,210", Label: "Active users", Delta: "+12%"},
			{Value: "3.8%", Label: "Churn", Delta: "-0.4pp"}, {Value: "412ms", Label: "p95 latency", Delta: "+38ms", DeltaDirection: "down"}}}},
		{Name: "kpi-6", Content: charts.Content{ChartType: "kpi", Title: "Dashboard", Tiles: []charts.Tile{{Value: "1284500", Label: "Page views", Delta: "12.4"},
			{Value: "92.4%", Label: "Uptime over the last ninety days across all regions", Delta: "0%"},
			{Value: "$84k", Label: "MRR", Delta: "+9%"}, {Value: "1,920", Label: "Signups", Delta: "-3%"},
			{Value: "4.9★", Label: "Rating"}, {Value: "27", Label: "NPS", Delta: "+4"}}}},
	}
	return append(out, longCharts()...)
}

// TestChartTextFloor renders every chart sample in every size (styles cycle, both themes across
// the set) through the chart pattern and checks every text of the drawn SVG (tick, category,
// value, legend and tile labels) is at least the size's label floor (short side / 60), the floor
// the fit script keeps labels of HTML text above, and every legend text (a donut's labels, shares
// and values: read like body text) at least the body floor (short side / 45; portrait's legend
// was 22 px).
func TestChartTextFloor(t *testing.T) {
	for i, s := range chartFloorSamples() {
		t.Run(s.Name, func(t *testing.T) {
			t.Parallel()
			for j, size := range brandgen.Sizes {
				style := brandgen.Styles[(i+j)%len(brandgen.Styles)]
				theme := brandgen.Themes[(i+j)%2]
				var p struct {
					Floor, Body float64
					Texts       []struct {
						Text   string
						FS     float64
						Legend bool
					}
				}
				raw := probe(t, studio.Job{Pattern: "chart", Content: s.Content, Look: brandgen.Look{Size: size, Style: style, Theme: theme}}, chartTextProbe, &p)
				if p.Floor == 0 || p.Body == 0 || len(p.Texts) == 0 {
					t.Fatalf("%s: no floor or no chart text: %s", size, raw)
				}
				var bad, legend []string
				for _, tx := range p.Texts {
					if tx.FS < p.Floor-0.25 {
						bad = append(bad, fmt.Sprintf("%q at %.1f px", tx.Text, tx.FS))
					}
					if tx.Legend && tx.FS < p.Body-0.25 {
						legend = append(legend, fmt.Sprintf("%q at %.1f px", tx.Text, tx.FS))
					}
				}
				if len(bad) > 0 {
					t.Errorf("%s %s %s: %d of %d chart texts under the label floor %.0f px: %s", size, style, theme, len(bad), len(p.Texts), p.Floor, strings.Join(bad, ", "))
				}
				if len(legend) > 0 {
					t.Errorf("%s %s %s: %d legend texts under the body floor %.0f px: %s", size, style, theme, len(legend), p.Body, strings.Join(legend, ", "))
				}
			}
		})
	}
}
