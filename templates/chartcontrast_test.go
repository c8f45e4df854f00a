package templates

import (
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/charts"
)

// Blueprint draws data marks as hatches (a tint and diagonal lines in the series colour) with an
// outline. Seen from the distance of a feed, a hatch is its average colour: in both themes that
// average must stand apart from the card (minHatch) and the outline must reach 3:1, for the donut
// segments, the bars, the area under a line and the legend swatches alike. Light lines on a dark
// ground read thinner, so dark asks for more. A donut's segments, its legend swatches and bars are
// read as colours, told apart from each other and matched to their keys: their hatch carries at
// least minShare of the contrast the full series colour has on the card (ln avg / ln full; issue
// 10: at the area-fill hatch the donut carried a quarter in light and faded to pastel, and light
// bars a fifth). The area under a line carries at least minArea, less than a mark so the line stays
// the strongest ink at its edge (it carried under a tenth in light). Every swatch is hatched like
// its segment. Up close the hatch must read as a hatch: its lines stand at least minStripe out of
// the tint between them (dark lines in the series colour stood 1.6:1 out of their tint and blueprint
// dark's bars read as flat fills; dark lines are the colour lightened, issue 10).
func TestBlueprintMarksKeepContrast(t *testing.T) {
	minHatch := map[brandgen.Theme]float64{brandgen.ThemeLight: 1.2, brandgen.ThemeDark: 1.7}
	minShare := map[brandgen.Theme]float64{brandgen.ThemeLight: 0.5, brandgen.ThemeDark: 0.65}
	minArea := map[brandgen.Theme]float64{brandgen.ThemeLight: 0.3, brandgen.ThemeDark: 0.55}
	minStripe := map[brandgen.Theme]float64{brandgen.ThemeLight: 1.8, brandgen.ThemeDark: 1.8}
	swatch := regexp.MustCompile(`<rect [^>]*fill="url\(#([^)]+)\)" stroke="(#[0-9A-Fa-f]{6})"`)
	pat := regexp.MustCompile(`<pattern id="[^"]+" width="([0-9.]+)"[^>]*><rect [^>]*fill="(#[0-9A-Fa-f]{6})" fill-opacity="([0-9.]+)"/><line [^>]*stroke="(#[0-9A-Fa-f]{6})" stroke-width="([0-9.]+)" stroke-opacity="([0-9.]+)"/></pattern>`)
	donut := charts.Content{ChartType: charts.TypeDonut, Title: "t", Slices: []charts.Point{{Label: "Organic", Value: 42}, {Label: "Referrals", Value: 23}, {Label: "Social", Value: 18}, {Label: "Paid", Value: 17}}}
	bar := charts.Content{ChartType: charts.TypeBar, Title: "t", Series: []charts.Point{{Label: "Q1", Value: 12}, {Label: "Q2", Value: -3}}}
	line := charts.Content{ChartType: charts.TypeLine, Title: "t", Series: []charts.Point{{Label: "W1", Value: 12}, {Label: "W2", Value: 3}, {Label: "W3", Value: 5}}}
	for _, theme := range brandgen.Themes {
		pal := DerivePalette(brandgen.Colors{Primary: "#4f46e5", Secondary: "#f59e0b"}, nil, brandgen.Look{Size: brandgen.SizePortrait, Theme: theme, Style: brandgen.StyleBlueprint})
		th := ChartTheme(pal)
		bg, _ := parseHex(th.Background)
		for _, c := range []charts.Content{donut, bar, line} {
			svg, err := charts.Draw(c, 900, 900, th)
			if err != nil {
				t.Fatal(err)
			}
			ms := pat.FindAllStringSubmatch(string(svg), -1)
			if len(ms) == 0 {
				t.Fatalf("%s %s: no hatch patterns in the blueprint chart", theme, c.ChartType)
			}
			for _, m := range ms {
				spacing, _ := strconv.ParseFloat(m[1], 64)
				col, _ := parseHex(m[2])
				tint, _ := strconv.ParseFloat(m[3], 64)
				stripe, _ := parseHex(m[4])
				width, _ := strconv.ParseFloat(m[5], 64)
				lineOp, _ := strconv.ParseFloat(m[6], 64)
				gap := over(col, tint, bg)
				avg := over(stripe, lineOp*width/spacing, gap)
				if got := Contrast(over(stripe, lineOp, gap).Hex(), gap.Hex()); got < minStripe[theme] {
					t.Errorf("%s %s: hatch lines of %s stand %.2f:1 out of their tint, want >= %.2f", theme, c.ChartType, m[2], got, minStripe[theme])
				}
				if got := Contrast(avg.Hex(), bg.Hex()); got < minHatch[theme] {
					t.Errorf("%s %s: hatch of %s averages %s on %s, contrast %.2f, want >= %.2f", theme, c.ChartType, m[2], avg.Hex(), bg.Hex(), got, minHatch[theme])
				}
				if got := Contrast(m[2], bg.Hex()); got < 3 {
					t.Errorf("%s %s: outline %s on %s, contrast %.2f, want >= 3", theme, c.ChartType, m[2], bg.Hex(), got)
				}
				want := minShare[theme]
				if c.ChartType == charts.TypeLine {
					want = minArea[theme]
				}
				if share := math.Log(Contrast(avg.Hex(), bg.Hex())) / math.Log(Contrast(m[2], bg.Hex())); share < want {
					t.Errorf("%s %s: hatch of %s averages %s on %s, %.0f%% of the colour's contrast, want >= %.0f%%", theme, c.ChartType, m[2], avg.Hex(), bg.Hex(), share*100, want*100)
				}
			}
			if c.ChartType == charts.TypeDonut {
				legend := string(svg)[strings.Index(string(svg), `<g class="legend">`):]
				if sw := swatch.FindAllStringSubmatch(legend, -1); len(sw) != len(donut.Slices) {
					t.Errorf("%s donut: %d hatched legend swatches, want %d", theme, len(sw), len(donut.Slices))
				}
			}
		}
	}
}
