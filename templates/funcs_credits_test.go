package templates

import (
	"reflect"
	"testing"
)

func TestCommaParts(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []string
	}{
		{"Edsger W. Dijkstra", []string{"Edsger W. Dijkstra"}},
		{"App Store and Google Play, April 2026", []string{"App Store and Google Play,", "April 2026"}},
		{"Northwind customer survey, n = 1,204, March 2026", []string{"Northwind customer survey,", "n = 1,204,", "March 2026"}},
		{"María Fernández-Castillo, VP of Marketing & Brand Operations", []string{"María Fernández-Castillo,", "VP of Marketing & Brand Operations"}},
		{"产品数据分析，2026 年第一季度", []string{"产品数据分析，2026 年第一季度"}},
		{"  padded, text  ", []string{"padded,", "text"}},
		{"a, , b", []string{"a, , b"}},
		{"", []string{""}},
	} {
		if got := commaParts(c.in); !reflect.DeepEqual(got, c.want) {
			t.Errorf("commaParts(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestGlueParts(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"Edsger W. Dijkstra", "Edsger W. Dijkstra"},
		{"App Store and Google Play, April 2026", "App\u00a0Store\u00a0and\u00a0Google\u00a0Play, April\u00a02026"},
		{"Northwind customer survey, n = 1,204", "Northwind\u00a0customer\u00a0survey, n\u00a0=\u00a01,204"},
		{"A part that runs far past twenty-eight columns, then a short one", "A part that runs far past twenty-eight columns, then\u00a0a\u00a0short\u00a0one"},
		{"产品数据分析，2026 年第一季度", "产品数据分析，2026 年第一季度"},
	} {
		if got := glueParts(c.in); got != c.want {
			t.Errorf("glueParts(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
