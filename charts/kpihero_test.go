package charts

import (
	"math"
	"testing"
)

// TestKPIHero checks a story's lone tile (Theme.Tall, one tile: the hero): its label and delta a
// step larger than the same tile's outside a story, its value as large at least, and its parts
// spread over the tile's height (label at the top, delta at the foot, the value between them with
// bands that differ by at most a fifth) instead of a group centred between two empty halves, all
// inside the tile. Without a delta the label keeps to the top and the value to the foot.
func TestKPIHero(t *testing.T) {
	cases := []struct {
		name string
		tile Tile
	}{
		{"with a delta", Tile{Value: "$1.24M", Label: "ARR", Delta: "+18.2%"}},
		{"a short value", Tile{Value: "41", Label: "NPS", Delta: "-3"}},
		{"without a delta", Tile{Value: "98.6%", Label: "Uptime"}},
	}
	for _, c := range cases {
		for _, style := range []string{StyleGlass, StyleFlat, StyleBlueprint, StyleEditorial} {
			content := Content{ChartType: TypeKPI, Tiles: []Tile{c.tile}}
			plain := newCanvas(content, 920, 1141, Theme{Style: style}.withDefaults())
			_, pl := plain.kpiLayouts(content)
			cv := newCanvas(content, 920, 1141, Theme{Style: style, Tall: true}.withDefaults())
			rects, ls := cv.kpiLayouts(content)
			r, l := rects[0], ls[0]
			if !l.hero {
				t.Fatalf("%s %s: a story's lone tile is not the hero", c.name, style)
			}
			if l.lf.size < pl[0].lf.size*1.3 || (c.tile.Delta != "" && l.df.size < pl[0].df.size*1.3) || l.vb.size < pl[0].vb.size-0.5 {
				t.Errorf("%s %s: label %.0f, delta %.0f, value %.0f px; outside a story %.0f, %.0f, %.0f", c.name, style,
					l.lf.size, l.df.size, l.vb.size, pl[0].lf.size, pl[0].df.size, pl[0].vb.size)
			}
			top, base, bottom := l.stack(r, cv.fs, style)
			if top < r.y || bottom > r.y+r.h || base > bottom {
				t.Errorf("%s %s: label top %.0f, value base %.0f, foot %.0f outside %.0f..%.0f", c.name, style, top, base, bottom, r.y, r.y+r.h)
			}
			if w := l.vf.withSize(l.vb.size).width(l.vb.lines[0]); w > l.innerW+0.5 {
				t.Errorf("%s %s: value %.0f px wide in %.0f", c.name, style, w, l.innerW)
			}
			if c.tile.Delta == "" {
				if top > r.y+r.h*0.3 || base < r.y+r.h*0.6 {
					t.Errorf("%s %s: label at %.0f, value base at %.0f in a tile %.0f..%.0f: want them spread", c.name, style, top, base, r.y, r.y+r.h)
				}
				continue
			}
			upper := base - l.vb.size*0.74 - (top + l.labelH)
			lower := bottom - l.dh - base
			if math.Abs(upper-lower) > math.Max(upper, lower)*0.2 || upper < r.h*0.1 {
				t.Errorf("%s %s: bands of %.0f and %.0f px around the value in a tile %.0f tall: want alike and spread", c.name, style, upper, lower, r.h)
			}
		}
	}
}
