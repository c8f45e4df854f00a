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
