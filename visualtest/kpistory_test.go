package visualtest

import (
	"testing"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/charts"
	"github.com/brandgen/brandgen/posts"
	"github.com/brandgen/brandgen/studio"
)

// kpiStoryMaxBand is the largest share of a story's content height a KPI chart may leave without
// text: its 2 x 2 grid's tall tiles (label at the top, value and delta at the foot) left a band
// of about a sixth of it across their middles.
const kpiStoryMaxBand = 0.10

// kpiStoryHeroMaxBand is kpiStoryMaxBand for a story's lone tile (the hero: label at the top, value
// between, delta at the foot, its spare height shared as equal bands). Its value is held by the
// width, so its three parts and the title cannot cover half the height: the bands are about a
// sixth each. Centred as a group, the tile left one band of a third of the story over it.
const kpiStoryHeroMaxBand = 0.18

// kpiStorySamples are KPI charts of one, three and four tiles (the contact sheet's four). Two tiles
// are TestChartSizes' sample: its story page checks the same band.
func kpiStorySamples() []posts.Sample {
	return []posts.Sample{
		{Name: "kpi-1", Content: charts.Content{ChartType: "kpi", Title: "Annual recurring revenue",
			Tiles: []charts.Tile{{Value: "$1.24M", Label: "ARR", Delta: "+18.2%"}}}},
		{Name: "kpi-4", Content: charts.Content{ChartType: "kpi", Title: "November at a glance",
			Tiles: []charts.Tile{{Value: "$48.2k", Label: "MRR", Delta: "+12%"}, {Value: "1,284", Label: "Active teams", Delta: "+86"},
				{Value: "2.1%", Label: "Churn", Delta: "-0.4pp", DeltaDirection: "up"}, {Value: "41", Label: "NPS", Delta: "0"}}}},
		{Name: "kpi-3", Content: charts.Content{ChartType: "kpi", Title: "This week", Tiles: []charts.Tile{{Value: "48,210", Label: "Active users", Delta: "+12%"},
			{Value: "3.8%", Label: "Churn", Delta: "-0.4pp"}, {Value: "412ms", Label: "p95 latency", Delta: "+38ms", DeltaDirection: "down"}}}},
	}
}

// TestKPIStoryFills renders the KPI samples as stories in every style and theme: no band of the
// content area over kpiStoryMaxBand of its height is free of text (the title, tile labels, values
// and deltas), so the tiles use the story's height (issue 10).
func TestKPIStoryFills(t *testing.T) {
	for _, s := range kpiStorySamples() {
		t.Run(s.Name, func(t *testing.T) {
			t.Parallel()
			for _, style := range brandgen.Styles {
				for _, theme := range brandgen.Themes {
					var p bands
					raw := probe(t, studio.Job{Pattern: "chart", Content: s.Content, Look: brandgen.Look{Size: brandgen.SizeStory, Style: style, Theme: theme}}, bandProbe+`("main.content", false)`, &p)
					if p.N == 0 {
						t.Fatalf("%s %s: no text: %s", style, theme, raw)
					}
					t.Logf("%s %s: largest empty band %.1f%%, text spans %.0f%%", style, theme, p.Gap*100, p.Span*100)
					limit := kpiStoryMaxBand
					if len(s.Content.(charts.Content).Tiles) == 1 {
						limit = kpiStoryHeroMaxBand
					}
					if p.Gap > limit {
						t.Errorf("%s %s: an empty band of %.1f%% of the content height (want <= %.0f%%)", style, theme, p.Gap*100, limit*100)
					}
				}
			}
		})
	}
}
