package templates

import (
	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/charts"
)

type previewSample struct {
	name    string
	pattern string
	content any
	opt     Options
}

var (
	acmeBadge = brandgen.Badge{Show: true, Name: "Northwind Labs", Handle: "@northwind",
		Colors: brandgen.Colors{Primary: "#0f766e", Secondary: "#f59e0b"}}
	defaultBadge = brandgen.Badge{Show: true, Name: "brandgen", Default: true}
)

func previewSamples() []previewSample {
	bar := charts.Content{ChartType: "bar", Title: "Quarterly revenue grew 38% year over year",
		Subtitle: "Net revenue by quarter, FY2025, in millions of US dollars", Unit: "$",
		Series: []charts.Point{{Label: "Q1", Value: 12.4}, {Label: "Q2", Value: 15.1}, {Label: "Q3", Value: 14.2}, {Label: "Q4", Value: 19.8}, {Label: "Q1 '26", Value: 22.5}}}
	line := charts.Content{ChartType: "line", Title: "Weekly active users", Subtitle: "Thousands, last 12 weeks",
		Series: []charts.Point{{Label: "W1", Value: 41}, {Label: "W2", Value: 44}, {Label: "W3", Value: 43}, {Label: "W4", Value: 47}, {Label: "W5", Value: 52}, {Label: "W6", Value: 51},
			{Label: "W7", Value: 58}, {Label: "W8", Value: 61}, {Label: "W9", Value: 60}, {Label: "W10", Value: 66}, {Label: "W11", Value: 71}, {Label: "W12", Value: 78}}}
	donut := charts.Content{ChartType: "donut", Title: "Where our traffic comes from",
		Slices: []charts.Point{{Label: "Search", Value: 42}, {Label: "Direct", Value: 23}, {Label: "Social", Value: 18}, {Label: "Referral", Value: 11}, {Label: "Email", Value: 6}}}
	kpi := charts.Content{ChartType: "kpi", Title: "Q3 at a glance 🚀",
		Tiles: []charts.Tile{{Value: "$4.2M", Label: "Revenue", Delta: "+18%"}, {Value: "12,480", Label: "Customers", Delta: "+6.1%"},
			{Value: "2.3%", Label: "Churn", Delta: "-0.4 pts", DeltaDirection: "down"}, {Value: "71", Label: "NPS", Delta: "0"}}}
	spec := specimen{Kicker: "Product update", Headline: "Ship faster with branded images from one API call",
		Lead: "Render posts, charts and carousels in your brand, self-hosted next to your stack.",
		Items: []specimenItem{{"Four styles", "Glass, flat, blueprint and editorial, each in light and dark."},
			{"Your colours", "A full palette from two brand colours, always readable."},
			{"Auto-fit text", "Long copy shrinks to fit instead of being cut off."},
			{"Self-hosted", "Runs with docker compose next to Postgres and Redis."}}}
	long := specimen{Kicker: "A deliberately long kicker that goes on",
		Headline: "This headline is deliberately far too long for the space it has, so the fit script must shrink it a lot before it fits within four lines of the box",
		Lead:     "And the lead paragraph is long as well: it keeps going with more words than anyone should put under a headline, to check that it shrinks rather than being clipped at the bottom.",
		Items: []specimenItem{{"Überlänge", "Ein sehr langer Absatz mit Umlauten, der umbrechen und schrumpfen muss, damit alles passt und nichts abgeschnitten wird."},
			{"中文标题", "这是一个较长的中文段落，用于测试非拉丁文字的换行和字体回退是否正常工作。"},
			{"Emoji 🎉✨", "Party popper 🎉, sparkles ✨ and a rocket 🚀 should render in colour."},
			{"عربي", "نص عربي قصير للتحقق من الخط والاتجاه."}}}
	return []previewSample{
		{"chart-bar", "chart", bar, Options{Badge: acmeBadge}},
		{"chart-line", "chart", line, Options{Badge: defaultBadge}},
		{"chart-donut", "chart", donut, Options{Badge: acmeBadge}},
		{"chart-kpi", "chart", kpi, Options{Badge: defaultBadge}},
		{"specimen", "specimen", spec, Options{Badge: defaultBadge}},
		{"specimen-brand", "specimen", spec, Options{Badge: acmeBadge}},
		{"specimen-long", "specimen", long, Options{Badge: acmeBadge, Layout: "2col"}},
	}
}
