package charts

import (
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strings"
	"testing"
)

// svgInfo is what a test learns from parsing a drawn SVG.
type svgInfo struct {
	root     xml.StartElement
	elements map[string]int
	ids      []string
	texts    []string
}

// parseSVG checks that s is well-formed XML with one <svg> root and collects its elements.
func parseSVG(t *testing.T, s string) svgInfo {
	t.Helper()
	d := xml.NewDecoder(strings.NewReader(s))
	d.Strict = true
	info := svgInfo{elements: map[string]int{}}
	depth := 0
	var text strings.Builder
	for {
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("not well-formed XML: %v\n%s", err, s)
		}
		switch el := tok.(type) {
		case xml.StartElement:
			if depth == 0 {
				if info.root.Name.Local != "" {
					t.Fatalf("more than one root element")
				}
				info.root = el.Copy()
			}
			depth++
			info.elements[el.Name.Local]++
			for _, a := range el.Attr {
				if a.Name.Local == "id" {
					info.ids = append(info.ids, a.Value)
				}
			}
			text.Reset()
		case xml.CharData:
			text.Write(el)
		case xml.EndElement:
			depth--
			if el.Name.Local == "text" {
				info.texts = append(info.texts, text.String())
			}
		}
	}
	if info.root.Name.Local != "svg" {
		t.Fatalf("root is %q, want svg", info.root.Name.Local)
	}
	return info
}

func attr(el xml.StartElement, name string) string {
	for _, a := range el.Attr {
		if a.Name.Local == name {
			return a.Value
		}
	}
	return ""
}

func points(n int, long bool) []Point {
	out := make([]Point, n)
	for i := range out {
		label := fmt.Sprintf("P%d", i+1)
		if long {
			label = fmt.Sprintf("A very long category label number %d that goes on and on", i+1)
		}
		out[i] = Point{Label: label, Value: float64((i*37)%11) * 1250.5}
	}
	return out
}

func tiles(n int, long bool) []Tile {
	out := make([]Tile, n)
	for i := range out {
		out[i] = Tile{Value: fmt.Sprint(12345 * (i + 1)), Label: "Tile", Delta: fmt.Sprintf("%+d%%", 5-i*3)}
		if long {
			out[i] = Tile{Value: "$123,456,789.12", Label: strings.Repeat("Long label ", 6), Delta: "+1234.5678%", DeltaDirection: "flat"}
		}
	}
	return out
}

func TestDrawWellFormed(t *testing.T) {
	var cases []Content
	for _, long := range []bool{false, true} {
		for _, n := range []int{MinSeries, MaxSeries} {
			cases = append(cases, Content{ChartType: TypeBar, Unit: "$", Series: points(n, long)})
			cases = append(cases, Content{ChartType: TypeLine, Unit: "users", Series: points(n, long)})
		}
		for _, n := range []int{MinSlices, MaxSlices} {
			cases = append(cases, Content{ChartType: TypeDonut, Unit: "%", Slices: points(n, long)})
		}
		for _, n := range []int{MinTiles, 2, 3, 4, 5, MaxTiles} {
			cases = append(cases, Content{ChartType: TypeKPI, Unit: "€", Tiles: tiles(n, long)})
		}
	}
	cases = append(cases,
		Content{ChartType: TypeBar, Series: []Point{{"a", -5}, {"b", -12.5}}},
		Content{ChartType: TypeBar, Series: []Point{{"a", 0}, {"b", 0}}},
		Content{ChartType: TypeLine, Series: []Point{{"a", 3}, {"b", 3}}},
		Content{ChartType: TypeLine, Series: []Point{{"a", -3}, {"b", 8}, {"c", -1}}},
		Content{ChartType: TypeDonut, Slices: []Point{{"only", 4}, {"none", 0}}},
		Content{ChartType: TypeDonut, Slices: []Point{{"a", 0}, {"b", 0}}},
		Content{ChartType: TypeKPI, Tiles: []Tile{{Value: "1", Label: "", DeltaDirection: "up"}}},
	)
	sizes := [][2]int{{952, 760}, {1792, 640}, {952, 1300}, {400, 300}}
	for ci, c := range cases {
		for si, size := range sizes {
			for _, style := range []string{StyleGlass, StyleFlat, StyleBlueprint, StyleEditorial} {
				dark := (ci+si)%2 == 1
				name := fmt.Sprintf("%s-%d-%dx%d-%s-dark=%v", c.ChartType, ci, size[0], size[1], style, dark)
				svg, err := Draw(c, size[0], size[1], Theme{Style: style, Dark: dark})
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				s := string(svg)
				info := parseSVG(t, s)
				if attr(info.root, "width") != fmt.Sprint(size[0]) || attr(info.root, "height") != fmt.Sprint(size[1]) ||
					attr(info.root, "viewBox") != fmt.Sprintf("0 0 %d %d", size[0], size[1]) {
					t.Fatalf("%s: root attributes %v", name, info.root.Attr)
				}
				if strings.Contains(s, "NaN") || strings.Contains(s, "Inf") {
					t.Fatalf("%s: NaN or Inf in output", name)
				}
				seen := map[string]bool{}
				for _, id := range info.ids {
					if seen[id] {
						t.Fatalf("%s: duplicate id %q", name, id)
					}
					seen[id] = true
				}
				for _, ref := range regexp.MustCompile(`url\(#([^)]+)\)`).FindAllStringSubmatch(s, -1) {
					if !seen[ref[1]] {
						t.Fatalf("%s: reference to missing id %q", name, ref[1])
					}
				}
				if info.elements["text"] == 0 {
					t.Fatalf("%s: no text drawn", name)
				}
			}
		}
	}
}

func TestDrawContent(t *testing.T) {
	bar, err := Draw(Content{ChartType: TypeBar, Unit: "$", Series: []Point{{"Q1", 12400}, {"Q2", 18300}}}, 952, 760, Theme{})
	if err != nil {
		t.Fatal(err)
	}
	info := parseSVG(t, string(bar))
	want := []string{"$12.4k", "$18.3k", "Q1", "Q2", "$0", "$20k"}
	for _, w := range want {
		if !contains(info.texts, w) {
			t.Errorf("bar texts %q lack %q", info.texts, w)
		}
	}
	if info.elements["path"] < 2 {
		t.Errorf("bar chart has %d paths, want a bar each", info.elements["path"])
	}

	donut, err := Draw(Content{ChartType: TypeDonut, Slices: []Point{{"A", 1}, {"B", 1}, {"C", 1}}}, 952, 760, Theme{})
	if err != nil {
		t.Fatal(err)
	}
	info = parseSVG(t, string(donut))
	for _, w := range []string{"A", "B", "C", "34%", "33%", "3", "TOTAL"} {
		if !contains(info.texts, w) {
			t.Errorf("donut texts %q lack %q", info.texts, w)
		}
	}

	kpi, err := Draw(Content{ChartType: TypeKPI, Tiles: []Tile{{Value: "1284500", Label: "Views", Delta: "+12%"}, {Value: "3.8%", Label: "Churn", Delta: "-0.4"}}}, 952, 760, Theme{})
	if err != nil {
		t.Fatal(err)
	}
	info = parseSVG(t, string(kpi))
	for _, w := range []string{"1.28M", "Views", "12%", "3.8%", "Churn", "0.4"} {
		if !contains(info.texts, w) {
			t.Errorf("kpi texts %q lack %q", info.texts, w)
		}
	}
	// The up delta is green (Up), the down one red (Down).
	s := string(kpi)
	if !strings.Contains(s, `fill="`+lightDefaults.Up+`"`) || !strings.Contains(s, `fill="`+lightDefaults.Down+`"`) {
		t.Errorf("kpi deltas are not coloured up and down")
	}
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

func TestDrawEscapes(t *testing.T) {
	evil := `<script>alert("x")</script> & 'q'`
	for _, c := range []Content{
		{ChartType: TypeBar, Unit: "<b>", Series: []Point{{evil, 1}, {"ok", 2}}},
		{ChartType: TypeLine, Series: []Point{{evil, 1}, {"ok", 2}}},
		{ChartType: TypeDonut, Unit: "&units&", Slices: []Point{{evil, 1}, {"ok", 2}}},
		{ChartType: TypeKPI, Tiles: []Tile{{Value: evil, Label: evil, Delta: evil}}},
	} {
		svg, err := Draw(c, 952, 760, Theme{FontFamily: `"Evil" </svg>`})
		if err != nil {
			t.Fatal(err)
		}
		s := string(svg)
		if strings.Contains(s, "<script") || strings.Contains(s, "<b>") || strings.Contains(s, "</svg><") {
			t.Fatalf("%s: unescaped markup in %s", c.ChartType, s)
		}
		parseSVG(t, s)
	}
}

func TestDrawIDs(t *testing.T) {
	a := Content{ChartType: TypeBar, Series: []Point{{"a", 1}, {"b", 2}}}
	b := Content{ChartType: TypeBar, Series: []Point{{"a", 1}, {"b", 3}}}
	th := Theme{Style: StyleGlass}
	sa1, _ := Draw(a, 952, 760, th)
	sa2, _ := Draw(a, 952, 760, th)
	sb, _ := Draw(b, 952, 760, th)
	if sa1 != sa2 {
		t.Fatal("drawing is not deterministic")
	}
	ia, ib := parseSVG(t, string(sa1)), parseSVG(t, string(sb))
	if len(ia.ids) == 0 {
		t.Fatal("glass bars define no gradients")
	}
	for _, id := range ia.ids {
		if contains(ib.ids, id) {
			t.Fatalf("id %q used by two different charts", id)
		}
	}
}

func TestDrawErrors(t *testing.T) {
	tests := []struct {
		c    Content
		w, h int
	}{
		{Content{ChartType: "pie", Series: points(3, false)}, 952, 760},
		{Content{ChartType: TypeBar}, 952, 760},
		{Content{ChartType: TypeDonut}, 952, 760},
		{Content{ChartType: TypeKPI}, 952, 760},
		{Content{ChartType: TypeBar, Series: points(3, false)}, 0, 760},
	}
	for _, tt := range tests {
		if _, err := Draw(tt.c, tt.w, tt.h, Theme{}); err == nil {
			t.Errorf("Draw(%+v, %d, %d) succeeded", tt.c, tt.w, tt.h)
		}
	}
}

func TestApplyPalette(t *testing.T) {
	th := ApplyPalette(Theme{}.withDefaults(), &PaletteColors{Primary: "#FF0000", Secondary: "#00F", Bg: "#000000"})
	if th.Series[0] != "#FF0000" || th.Series[1] != "#00F" || th.Background != "#000000" || !th.Dark {
		t.Fatalf("palette not applied: %+v", th)
	}
	if c := contrast(mustHex(th.Text), rgb{}); c < 4.5 {
		t.Fatalf("text %s has contrast %.1f on black", th.Text, c)
	}
	same := ApplyPalette(lightDefaults, nil)
	if same.Text != lightDefaults.Text {
		t.Fatal("nil palette changed the theme")
	}
}

func TestKPIGrid(t *testing.T) {
	tests := []struct {
		count      int
		w, h       float64
		cols, rows int
	}{
		{1, 952, 760, 1, 1},
		{2, 952, 760, 1, 2},
		{2, 1792, 640, 2, 1},
		{4, 952, 760, 2, 2},
		{6, 952, 760, 2, 3},
		{6, 1792, 640, 3, 2},
		{3, 952, 760, 2, 2},
	}
	for _, tt := range tests {
		cols, rows := kpiGrid(tt.count, tt.w, tt.h, 24)
		if cols != tt.cols || rows != tt.rows {
			t.Errorf("kpiGrid(%d, %vx%v) = %dx%d, want %dx%d", tt.count, tt.w, tt.h, cols, rows, tt.cols, tt.rows)
		}
		rects := kpiLayout(tt.count, tt.w, tt.h, 24, false)
		if len(rects) != tt.count {
			t.Fatalf("kpiLayout gave %d rects", len(rects))
		}
		for _, r := range rects {
			if r.x < 0 || r.y < 0 || r.x+r.w > tt.w+0.01 || r.y+r.h > tt.h+0.01 {
				t.Errorf("tile %+v outside %vx%v", r, tt.w, tt.h)
			}
		}
	}
}

// TestKPITilesHoldTheirContent checks that label, value and delta stay inside every tile for
// every count, style and a range of sizes, with long content.
func TestKPITilesHoldTheirContent(t *testing.T) {
	for _, size := range [][2]float64{{952, 760}, {1792, 640}, {952, 1300}, {952, 560}, {820, 600}, {600, 300}} {
		for n := MinTiles; n <= MaxTiles; n++ {
			for _, long := range []bool{false, true} {
				for i, style := range []string{StyleGlass, StyleFlat, StyleBlueprint, StyleEditorial} {
					c := Content{ChartType: TypeKPI, Tiles: tiles(n, long)}
					tall := i%2 == 1 // a story's column (value beside the delta) in half the styles
					cv := newCanvas(c, size[0], size[1], Theme{Style: style, Tall: tall}.withDefaults())
					rects, layouts := cv.kpiLayouts(c)
					for i, l := range layouts {
						r := rects[i]
						top, _, bottom := l.stack(r, cv.fs, style)
						if top < r.y-0.5 || bottom > r.y+r.h+0.5 {
							t.Errorf("%vx%v %d tiles %s long=%v: tile %d content %.0f..%.0f outside %.0f..%.0f",
								size[0], size[1], n, style, long, i, top, bottom, r.y, r.y+r.h)
						}
						if w := l.vf.withSize(l.vb.size).width(l.vb.lines[0]); w > l.valueW+0.5 && l.vb.size > cv.fs*1.2 {
							t.Errorf("%vx%v %d tiles: value %q is %.0f wide in %.0f", size[0], size[1], n, l.vb.lines[0], w, l.valueW)
						}
					}
				}
			}
		}
	}
}

// Blueprint's mono KPI values set their separators in the proportional face ("4.9", not "4 . 9");
// other styles' values are plain text.
func TestMonoHeroSeparators(t *testing.T) {
	c := Content{ChartType: TypeKPI, Tiles: []Tile{{Value: "4.9", Label: "Rating"}}}
	for _, tc := range []struct {
		style string
		want  bool
	}{{StyleBlueprint, true}, {StyleGlass, false}} {
		svg, err := Draw(c, 800, 600, Theme{Style: tc.style, FontFamily: "'BG Inter', sans-serif", NumberFamily: map[bool]string{true: "'BG Mono', monospace", false: "'BG Inter', sans-serif"}[tc.want]})
		if err != nil {
			t.Fatal(err)
		}
		got := strings.Contains(string(svg), `4<tspan font-family=`) && strings.Contains(string(svg), `>.</tspan>9`)
		if got != tc.want {
			t.Errorf("%s: separator in its own tspan = %v, want %v\n%s", tc.style, got, tc.want, svg)
		}
	}
}
