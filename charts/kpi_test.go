package charts

import (
	"math"
	"testing"
)

// TestKPITallTiles checks where a tile's content sits: in a tile about as tall as its content the
// group is centred; in a tall tile (a story's 2 x 2 grid, more than kpiTallTile of the content
// free) the label keeps to the top and the delta to the foot, an equal inset from the tile's
// edges, instead of a small group floating between empty halves.
func TestKPITallTiles(t *testing.T) {
	four := Content{ChartType: TypeKPI, Tiles: []Tile{{Value: "$48.2k", Label: "MRR", Delta: "+12%"}, {Value: "1,284", Label: "Active teams", Delta: "+86"},
		{Value: "2.1%", Label: "Churn", Delta: "-0.4pp"}, {Value: "41", Label: "NPS", Delta: "0"}}}
	cases := []struct {
		name string
		w, h float64
		tall bool
	}{
		{"story card", 840, 1150, true},
		{"square card", 840, 560, false},
		{"landscape card", 900, 780, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			for _, style := range []string{StyleGlass, StyleFlat, StyleBlueprint, StyleEditorial} {
				cv := newCanvas(four, c.w, c.h, Theme{Style: style}.withDefaults())
				rects, layouts := cv.kpiLayouts(four)
				for i, l := range layouts {
					r := rects[i]
					top, _, bottom := l.stack(r, cv.fs, style)
					above, below := top-r.y, r.y+r.h-bottom
					if c.tall {
						if math.Abs(above-below) > 1 || above > l.pad*1.5 {
							t.Errorf("%s tile %d (%.0fx%.0f): content %.0f from the top, %.0f from the foot: want the tall tile's edges", style, i, r.w, r.h, above, below)
						}
					} else if math.Abs(above-below) > 1 && style != StyleEditorial {
						t.Errorf("%s tile %d (%.0fx%.0f): content %.0f from the top, %.0f from the foot: want it centred", style, i, r.w, r.h, above, below)
					}
				}
			}
		})
	}
}

// TestKPITallColumn checks a story's KPI chart (Theme.Tall): up to kpiColumnMax tiles stack in one
// column of wide tiles, each setting its value beside its delta at least 1.2x the size the 2 x 2
// grid gave them (its values stayed small in narrow tiles), the delta's pill inside the tile and
// clear of the value, the label and value inside the tile. More tiles keep the grid.
func TestKPITallColumn(t *testing.T) {
	four := Content{ChartType: TypeKPI, Tiles: []Tile{{Value: "$48.2k", Label: "MRR", Delta: "+12%"}, {Value: "1,284", Label: "Active teams", Delta: "+86"},
		{Value: "2.1%", Label: "Churn", Delta: "-0.4pp"}, {Value: "41", Label: "NPS", Delta: "0"}}}
	six := Content{ChartType: TypeKPI, Tiles: tiles(6, false)}
	for _, size := range [][2]float64{{840, 1109}, {920, 1141}, {840, 1026}} {
		for _, style := range []string{StyleGlass, StyleFlat, StyleBlueprint, StyleEditorial} {
			grid := newCanvas(four, size[0], size[1], Theme{Style: style}.withDefaults())
			_, gridLayouts := grid.kpiLayouts(four)
			cv := newCanvas(four, size[0], size[1], Theme{Style: style, Tall: true}.withDefaults())
			rects, layouts := cv.kpiLayouts(four)
			for i, l := range layouts {
				r, tile := rects[i], four.Tiles[i]
				if r.w < size[0]-0.5 || !l.beside {
					t.Fatalf("%vx%v %s tile %d: %.0fx%.0f beside=%v, want one column of wide tiles with the value beside the delta", size[0], size[1], style, i, r.w, r.h, l.beside)
				}
				if l.vb.size < gridLayouts[i].vb.size*1.2 {
					t.Errorf("%vx%v %s: value at %.0f px, the grid's %.0f px: want >= 1.2x", size[0], size[1], style, l.vb.size, gridLayouts[i].vb.size)
				}
				top, base, _ := l.stack(r, cv.fs, style)
				if top < r.y || base > r.y+r.h-l.pad*0.5 {
					t.Errorf("%vx%v %s tile %d: label top %.0f, value base %.0f outside %.0f..%.0f", size[0], size[1], style, i, top, base, r.y, r.y+r.h)
				}
				valueRight := l.ax + l.vf.withSize(l.vb.size).width(l.vb.lines[0])
				pillLeft := l.ax + l.innerW - l.pill(tile, style).w
				if valueRight > pillLeft-cv.fs*0.5 || l.ax+l.innerW > r.x+r.w+0.5 {
					t.Errorf("%vx%v %s tile %d: value ends at %.0f, the delta starts at %.0f, the tile ends at %.0f", size[0], size[1], style, i, valueRight, pillLeft, r.x+r.w)
				}
			}
			plain := newCanvas(six, size[0], size[1], Theme{Style: style}.withDefaults())
			tall := newCanvas(six, size[0], size[1], Theme{Style: style, Tall: true}.withDefaults())
			pr, _ := plain.kpiLayouts(six)
			tr, tl := tall.kpiLayouts(six)
			if pr[0] != tr[0] || tl[0].beside {
				t.Errorf("%vx%v %s: six tiles in a tall column at %+v (beside=%v), want the grid's %+v", size[0], size[1], style, tr[0], tl[0].beside, pr[0])
			}
		}
	}
}
