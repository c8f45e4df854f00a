package visualtest

import (
	"sort"
	"testing"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/charts"
	"github.com/brandgen/brandgen/posts"
	"github.com/brandgen/brandgen/studio"
	"github.com/brandgen/brandgen/templates"
)

// chartPageProbe returns the headline's font size, the words' height over the plot card's (the
// title's top to the subtitle's bottom) and the rendered size of every chart text (as
// chartTextProbe measures them).
const chartPageProbe = `(() => {
  const h = document.querySelector('main.content .chart-head .headline');
  const words = [...document.querySelectorAll('main.content .chart-head > *')].map((e) => e.getBoundingClientRect());
  const plot = document.querySelector('main.content .plot');
  const share = words.length && plot ? (Math.max(...words.map((r) => r.bottom)) - Math.min(...words.map((r) => r.top))) / plot.getBoundingClientRect().height : 0;
  const texts = [];
  document.querySelectorAll('main.content svg text').forEach((el) => {
    if (!el.textContent.trim() || el.closest('defs,[aria-hidden="true"],.decor')) return;
    const cs = getComputedStyle(el);
    if (cs.display === 'none' || cs.visibility === 'hidden') return;
    const m = el.getScreenCTM();
    const k = m ? Math.sqrt(Math.abs(m.a * m.d - m.b * m.c)) : 1;
    texts.push(parseFloat(cs.fontSize) * k);
  });
  return {head: h ? parseFloat(getComputedStyle(h).fontSize) : 0, share, texts};
})()`

// chartSideSamples are charts with a short title, as people post them.
func chartSideSamples() []posts.Sample {
	return []posts.Sample{
		{Name: "bar", Content: charts.Content{ChartType: "bar", Title: "Revenue grew every quarter", Subtitle: "Net revenue, 2026, in thousands", Unit: "$",
			Series: []charts.Point{{Label: "Q1", Value: 12.4}, {Label: "Q2", Value: 18.3}, {Label: "Q3", Value: 15.1}, {Label: "Q4", Value: 24.8}}}},
		{Name: "donut", Content: charts.Content{ChartType: "donut", Title: "Where sign-ups come from", Unit: "%",
			Slices: []charts.Point{{Label: "Organic search", Value: 42}, {Label: "Referrals", Value: 23}, {Label: "Social", Value: 18}, {Label: "Paid", Value: 17}}}},
		{Name: "kpi", Content: charts.Content{ChartType: "kpi", Title: "November at a glance",
			Tiles: []charts.Tile{{Value: "$48.2k", Label: "MRR", Delta: "+12%"}, {Value: "1,284", Label: "Active teams", Delta: "+86"}}}},
	}
}

// chartSideMinShare is the least share of the plot card's height a landscape chart's words span.
const chartSideMinShare = 0.32

type chartPage struct {
	Head, Share float64
	Texts       []float64
	Band        bands // bandProbe of main.content, its text only
}

func probeChartPage(t *testing.T, s posts.Sample, look brandgen.Look) chartPage {
	t.Helper()
	var p chartPage
	expr := `Object.assign(` + chartPageProbe + `, {band: ` + bandProbe + `("main.content", false)})`
	raw := probe(t, studio.Job{Pattern: "chart", Content: s.Content, Look: look}, expr, &p)
	if p.Head == 0 || len(p.Texts) == 0 {
		t.Fatalf("%s %s: no headline or no chart text: %s", s.Name, look, raw)
	}
	return p
}

func median(v []float64) float64 {
	s := append([]float64(nil), v...)
	sort.Float64s(s)
	return s[len(s)/2]
}

// TestChartSizes checks the chart post's own scale per size: in landscape a short title beside the
// plot is set at display size or larger (a title at H1 left the words column beside a full-height
// card two thirds empty) and the words span at least chartSideMinShare of the card's height (two
// display lines spanned a quarter of it), and a story's chart text (legend, ticks, labels) is larger than portrait's (the same
// plot width gave it portrait's sizes, small in the tall card). The KPI's story (two tiles) leaves no band of
// its content over kpiStoryMaxBand free of text (TestKPIStoryFills' rule).
func TestChartSizes(t *testing.T) {
	display := float64(templates.MetricsFor(brandgen.SizeLandscape).Type.Display)
	for i, s := range chartSideSamples() {
		t.Run(s.Name, func(t *testing.T) {
			t.Parallel()
			for j, style := range brandgen.Styles {
				theme := brandgen.Themes[(i+j)%2]
				land := probeChartPage(t, s, brandgen.Look{Size: brandgen.SizeLandscape, Style: style, Theme: theme})
				if land.Head < display-0.5 {
					t.Errorf("landscape %s %s: title %.1f px beside the plot, want display size (>= %.0f px)", style, theme, land.Head, display)
				}
				if land.Share < chartSideMinShare {
					t.Errorf("landscape %s %s: the words span %.0f%% of the plot card's height, want >= %.0f%%", style, theme, land.Share*100, chartSideMinShare*100)
				}
				portrait := probeChartPage(t, s, brandgen.Look{Size: brandgen.SizePortrait, Style: style, Theme: theme})
				story := probeChartPage(t, s, brandgen.Look{Size: brandgen.SizeStory, Style: style, Theme: theme})
				if p, st := median(portrait.Texts), median(story.Texts); st < p*1.15 {
					t.Errorf("story %s %s: chart text %.1f px (median), portrait's %.1f px: want >= 1.15x in the taller card", style, theme, st, p)
				}
				if s.Name == "kpi" && story.Band.Gap > kpiStoryMaxBand {
					// Two tiles in a story's column (TestKPIStoryFills has three and four).
					t.Errorf("story %s %s: the KPI's two tiles leave an empty band of %.1f%% of the content height (want <= %.0f%%)", style, theme, story.Band.Gap*100, kpiStoryMaxBand*100)
				}
			}
		})
	}
}
