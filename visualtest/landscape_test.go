package visualtest

import (
	"testing"

	"github.com/brandgen/brandgen"
)

// TestLandscapeStylesScale renders long pages in landscape in every style and checks that no style's
// fit scale falls under 0.85 of the largest: a style whose own faces or labels hold the whole block
// far below the others (blueprint's mono hashtag held the long campaign at 0.59 against 1.09-1.19,
// its tracked mono speaker roles the long event at 0.74 against 0.95-0.96) prints every text
// smaller than the other styles for the same content.
func TestLandscapeStylesScale(t *testing.T) {
	for _, pattern := range []string{"event", "campaign"} {
		t.Run(pattern, func(t *testing.T) {
			t.Parallel()
			s := sampleNamed(t, pattern, "long")
			scale := map[brandgen.Style]float64{}
			most := 0.0
			for _, style := range brandgen.Styles {
				p := listProbe(t, pattern, s, brandgen.Look{Size: brandgen.SizeLandscape, Theme: brandgen.ThemeLight, Style: style})
				scale[style] = p.Scale
				most = max(most, p.Scale)
			}
			for style, k := range scale {
				if k < most*0.85 {
					t.Errorf("%s: fit scale %.2f, under 0.85 of the largest %.2f (%v)", style, k, most, scale)
				}
			}
		})
	}
}
