package templates

import (
	"testing"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/charts"
)

// A call to action's button leaves out its own arrow when the action ends in one ("Follow ➜" was
// drawn "Follow ➜ →").
func TestEndsInArrow(t *testing.T) {
	cases := []struct {
		action string
		want   bool
	}{
		{"Follow ➜", true},
		{"Read more →", true},
		{"Next ➡️", true},
		{"Weiter »", true},
		{"See the guide >", true},
		{"Follow for more", false},
		{"关注获取更多", false},
		{"Loop ➰", false},
		{"Like it? ❤️", false},
		{"", false},
	}
	for _, c := range cases {
		if got := endsInArrow(c.action); got != c.want {
			t.Errorf("endsInArrow(%q) = %v, want %v", c.action, got, c.want)
		}
	}
}

// A chart slide's title that holds on one line at the first heading is set there; a longer one
// keeps the second heading's start (it shrinks to its three lines from there).
func TestSlideChartTitle(t *testing.T) {
	d := (&Set{}).data(nil, Options{Look: brandgen.Look{Size: brandgen.SizePortrait}, Badge: brandgen.Badge{Show: true}}).SlideArea()
	data := charts.Content{ChartType: charts.TypeBar, Series: []charts.Point{{Label: "A", Value: 1}, {Label: "B", Value: 2}}}
	cases := []struct {
		title   string
		maxSize int
		minSize int
	}{
		{"Reads vs writes", d.M.Type.H1, d.M.Type.H1},
		{"每月活跃用户", d.M.Type.H1, d.M.Type.H1},
		{"p99 latency of the orders API over eight weeks of the Postgres migration, in ms", d.M.Type.H2, d.M.Type.Lead},
	}
	for _, c := range cases {
		v, err := d.SlideChart(data, c.title, "")
		if err != nil {
			t.Fatal(err)
		}
		if v.TitleSize > c.maxSize || v.TitleSize < c.minSize {
			t.Errorf("%q: title %d px, want %d-%d", c.title, v.TitleSize, c.minSize, c.maxSize)
		}
	}
}

// A chart slide's card is sized for the title's lines as they set: the short sample sets on one line
// at the second heading in a square in every style (estimated at two, the card left an 85-89 px
// band under the caption), editorial's long title on two (estimated at three: 73-94 px).
func TestSlideChartTitleLines(t *testing.T) {
	data := charts.Content{ChartType: charts.TypeBar, Series: []charts.Point{{Label: "A", Value: 1}, {Label: "B", Value: 2}}}
	short, long := "Queries per second, before and after", "p99 latency of the orders API over eight weeks of the Postgres migration, in ms"
	cases := []struct {
		title string
		style brandgen.Style
		size  brandgen.Size
		lines int
	}{
		{short, "glass", brandgen.SizeSquare, 1},
		{short, "flat", brandgen.SizeSquare, 1},
		{short, "blueprint", brandgen.SizeSquare, 1},
		{short, "editorial", brandgen.SizeSquare, 1},
		{long, "editorial", brandgen.SizeSquare, 2},
		{long, "editorial", brandgen.SizePortrait, 2},
		{long, "glass", brandgen.SizePortrait, 3},
	}
	for _, c := range cases {
		d := (&Set{}).data(nil, Options{Look: brandgen.Look{Size: c.size, Style: c.style}, Badge: brandgen.Badge{Show: true}}).SlideArea()
		v, err := d.SlideChart(data, c.title, "")
		if err != nil {
			t.Fatal(err)
		}
		if v.TitleLines != c.lines {
			t.Errorf("%s %s %q: %d lines at %d px, want %d", c.style, c.size, c.title, v.TitleLines, v.TitleSize, c.lines)
		}
	}
}

// A comparison slide's side name keeps its longest unbreakable run (a word and its glued emoji) on
// one line of its column at 1.1x the cells: the cap falls with that run, not with the name's length.
func TestSlideSideCap(t *testing.T) {
	d := (&Set{}).data(nil, Options{Look: brandgen.Look{Size: brandgen.SizePortrait}, Badge: brandgen.Badge{Show: true}}).SlideArea()
	emoji, plain := d.SlideSideCap("Monolith 🏛️", "Microservices 🧩"), d.SlideSideCap("Tabs", "Spaces")
	if emoji >= d.M.Type.H2 || emoji < d.M.Type.Body {
		t.Errorf("cap for the emoji names = %d px, want under the second heading %d and at least the body %d", emoji, d.M.Type.H2, d.M.Type.Body)
	}
	if plain <= d.M.Type.H2 {
		t.Errorf("cap for Tabs/Spaces = %d px, want over the second heading %d (no cap)", plain, d.M.Type.H2)
	}
	t.Logf("type %+v content %d pad %d gap %d: caps %d, %d", d.M.Type, d.ContentWidth(), d.M.Pad, d.M.Gap, emoji, plain)
}

// A figure-led compound holds together in a slide's paragraph; other hyphens keep their breaks.
// A one-letter Latin word holds to the word after it; a CJK character between spaces does not.
func TestGlueFigures(t *testing.T) {
	cases := []struct{ in, want string }{
		{"in a free 30-page guide", "in a\u00a0free 30-\u2060page guide"},
		{"a 48-hour write-up", "a\u00a048-\u2060hour write-up"},
		{"the same 200 rows. A 30-second cache", "the same 200 rows. A\u00a030-\u2060second cache"},
		{"Plan B. I think (a test) is due", "Plan B. I\u00a0think (a\u00a0test) is due"},
		{"用 Go 构建", "用 Go 构建"},
		{"COVID-19 and anti-wraparound", "COVID-19 and anti-wraparound"},
		{"pages 3-4", "pages 3-4"},
		{"三十-页", "三十-页"},
	}
	for _, c := range cases {
		if got := (Data{}).GlueFigures(c.in); got != c.want {
			t.Errorf("GlueFigures(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
