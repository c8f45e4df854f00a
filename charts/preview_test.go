package charts

import (
	"encoding/xml"
	"fmt"
	"html/template"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// previewThemes are stand-ins for what the templates pass, one per style and theme.
func previewThemes() map[string]Theme {
	return map[string]Theme{
		"glass-light": {Style: StyleGlass, Background: "#EEF0FB", Surface: "rgba(255,255,255,0.66)",
			Series: []string{"#5B4BF5", "#14B8C8", "#F5A524", "#EF5DA8", "#22C55E", "#8B5CF6"}},
		"glass-dark": {Style: StyleGlass, Dark: true, Background: "#151436", Surface: "rgba(255,255,255,0.07)",
			Series: []string{"#8B7CFF", "#3DD6E6", "#FFC14D", "#FF7AB8", "#4ADE80", "#A78BFA"}},
		"flat-light": {Style: StyleFlat, Background: "#FFFFFF", Surface: "#F1F3F7", Text: "#0B0F19",
			Series: []string{"#FF5A36", "#1D3DFF", "#FFB800", "#00B37E", "#7C3AED", "#0EA5E9"}},
		"flat-dark": {Style: StyleFlat, Dark: true, Background: "#0B0F19", Surface: "#171C2A",
			Series: []string{"#FF6B4A", "#5B74FF", "#FFC633", "#19D395", "#9F67FF", "#38BDF8"}},
		"blueprint-light": {Style: StyleBlueprint, Background: "#EEF4FB", Surface: "#F6F9FD", Text: "#0D2B52", Muted: "#4A6A92", Grid: "#C9D8EA",
			Series: []string{"#1D5FD1", "#D9480F", "#0F9D8A", "#7048E8", "#C2255C", "#E8A200"}, NumberFamily: "'JetBrains Mono', monospace"},
		"blueprint-dark": {Style: StyleBlueprint, Dark: true, Background: "#0B2A55", Surface: "#0E3366", Text: "#E8F1FF", Muted: "#8DB0DD", Grid: "#24497C",
			Series: []string{"#7CC4FF", "#FFD166", "#6EE7B7", "#F9A8D4", "#C4B5FD", "#FDBA74"}, NumberFamily: "'JetBrains Mono', monospace"},
		"editorial-light": {Style: StyleEditorial, Background: "#FAF8F3", Surface: "#FAF8F3", Text: "#141414", Muted: "#6B675F", Grid: "#E3DED3",
			Series: []string{"#B4232A", "#1F2A44", "#C9A227", "#3F6B5A", "#8A5A44", "#6B7A8F"}, NumberFamily: "'EB Garamond', serif"},
		"editorial-dark": {Style: StyleEditorial, Dark: true, Background: "#121212", Surface: "#121212", Text: "#F2EFE8", Muted: "#A39E93", Grid: "#2E2C28",
			Series: []string{"#F0564F", "#D8C8A8", "#E0B84C", "#7FB69E", "#C9957B", "#9FB0C8"}, NumberFamily: "'EB Garamond', serif"},
	}
}

func previewSamples() map[string]Content {
	months := []string{"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"}
	var year []Point
	for i, m := range months {
		year = append(year, Point{m, float64(1200 + i*310 + (i%3)*420 - (i%4)*250)})
	}
	return map[string]Content{
		"bar":     {ChartType: TypeBar, Unit: "$", Series: []Point{{"Q1", 12400}, {"Q2", 18300}, {"Q3", 15100}, {"Q4", 24800}}},
		"bar-neg": {ChartType: TypeBar, Unit: "%", Series: []Point{{"North", 12.5}, {"South", -8.25}, {"East", 24}, {"West", -3.5}, {"Central", 6}}},
		"bar-long": {ChartType: TypeBar, Unit: "users", Series: []Point{{"Organic search traffic", 48200}, {"Paid social campaigns", 31900},
			{"Email newsletter", 22750}, {"Referral partners and affiliates", 12100}, {"Direct", 9800}}},
		"bar-12":  {ChartType: TypeBar, Series: year},
		"line-12": {ChartType: TypeLine, Unit: "k€", Series: year},
		"line": {ChartType: TypeLine, Unit: "%", Series: []Point{{"Mon", 3.2}, {"Tue", 4.1}, {"Wed", 3.8}, {"Thu", 5.6},
			{"Fri", 6.3}, {"Sat", 4.9}, {"Sun", 7.4}}},
		"donut": {ChartType: TypeDonut, Slices: []Point{{"Mobile", 5820}, {"Desktop", 3140}, {"Tablet", 860}}},
		"donut-8": {ChartType: TypeDonut, Unit: "users", Slices: []Point{{"United States of America", 4200}, {"Germany", 2600}, {"United Kingdom", 1900},
			{"France", 1400}, {"日本", 1100}, {"Brazil", 800}, {"India", 500}, {"Other countries", 40}}},
		"kpi-1": {ChartType: TypeKPI, Tiles: []Tile{{Value: "$1.24M", Label: "Annual recurring revenue", Delta: "+18.2%"}}},
		"kpi-3": {ChartType: TypeKPI, Tiles: []Tile{{Value: "48,210", Label: "Active users", Delta: "+12%"},
			{Value: "3.8%", Label: "Churn", Delta: "-0.4pp", DeltaDirection: "up"}, {Value: "412ms", Label: "p95 latency", Delta: "+38ms", DeltaDirection: "down"}}},
		"kpi-6": {ChartType: TypeKPI, Unit: "", Tiles: []Tile{{Value: "1284500", Label: "Page views", Delta: "12.4"},
			{Value: "92.4%", Label: "Uptime over the last ninety days across all regions", Delta: "0%"},
			{Value: "$84k", Label: "MRR", Delta: "+9%"}, {Value: "1,920", Label: "Signups", Delta: "-3%"},
			{Value: "4.9★", Label: "Rating"}, {Value: "27", Label: "NPS", Delta: "+4"}}},
	}
}

// TestPreview writes HTML pages of every sample in every style and theme to the directory in
// BRANDGEN_CHART_PREVIEW, for looking at with a browser; each SVG must parse.
func TestPreview(t *testing.T) {
	dir := os.Getenv("BRANDGEN_CHART_PREVIEW")
	if dir == "" {
		t.Skip("set BRANDGEN_CHART_PREVIEW to a directory to write previews")
	}
	w, h := 952, 760
	if s := os.Getenv("BRANDGEN_CHART_PREVIEW_SIZE"); s != "" {
		fmt.Sscanf(s, "%dx%d", &w, &h)
	}
	themes := previewThemes()
	order := []string{"glass-light", "glass-dark", "flat-light", "flat-dark", "blueprint-light", "blueprint-dark", "editorial-light", "editorial-dark"}
	for name, c := range previewSamples() {
		var sheet strings.Builder
		sheet.WriteString(`<html><body style="margin:0;background:#888;display:flex;flex-wrap:wrap;gap:8px;zoom:0.5">`)
		for _, key := range order {
			th := themes[key]
			svg, err := Draw(c, w, h, th)
			if err != nil {
				t.Fatalf("%s %s: %v", name, key, err)
			}
			if err := xml.Unmarshal([]byte(svg), new(any)); err != nil {
				t.Fatalf("%s %s: %v", name, key, err)
			}
			page := previewPage(svg, th, w, h, name+" · "+key)
			sheet.WriteString(`<div>` + page + `</div>`)
			full := `<html><body style="margin:0">` + page + `</body></html>`
			if err := os.WriteFile(filepath.Join(dir, name+"-"+key+".html"), []byte(full), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		sheet.WriteString(`</body></html>`)
		if err := os.WriteFile(filepath.Join(dir, name+".html"), []byte(sheet.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func previewPage(svg template.HTML, th Theme, w, h int, title string) string {
	th = th.withDefaults()
	bg := th.Background
	if th.Style == StyleGlass {
		bg = fmt.Sprintf("radial-gradient(circle at 15%% 10%%, %s33, transparent 50%%), radial-gradient(circle at 90%% 90%%, %s33, transparent 55%%), %s",
			th.Series[0], th.Series[1], th.Background)
	}
	return fmt.Sprintf(`<div style="width:%dpx;padding:64px;background:%s;font-family:Inter;color:%s">`+
		`<div style="font-size:44px;font-weight:700;margin-bottom:40px">%s</div>%s</div>`,
		w, bg, th.Text, template.HTMLEscapeString(title), svg)
}
