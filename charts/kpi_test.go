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
