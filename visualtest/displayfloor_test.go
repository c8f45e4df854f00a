package visualtest

import (
	"testing"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/studio"
)

// sizesProbe gives the font size of the first visible element each selector matches (0 for none).
const sizesProbe = `((sels) => sels.map((s) => {
  const el = [...document.querySelectorAll(s)].find((e) => e.getClientRects().length);
  return el ? parseFloat(getComputedStyle(el).fontSize) : 0;
}))`

// TestShowcaseCTABelowSubtitle: the showcase's call to action, a button under the subtitle, is never
// set larger than the subtitle (it starts at the same size; the long landscape showcase grew it to
// 49.5 px over a 34 px subtitle and a 28.5 px feature title, a two-line pill louder than the text).
func TestShowcaseCTABelowSubtitle(t *testing.T) {
	for _, sample := range []string{"long", "short"} {
		content := sampleContent(t, "showcase", sample)
		t.Run(sample, func(t *testing.T) {
			t.Parallel()
			for _, size := range brandgen.Sizes {
				for _, style := range brandgen.Styles {
					look := brandgen.Look{Size: size, Theme: brandgen.ThemeLight, Style: style}
					var got []float64
					probe(t, studio.Job{Pattern: "showcase", Content: content, Look: look}, sizesProbe+`(['.sc-sub', '.sc-cta'])`, &got)
					if len(got) == 2 && got[0] > 0 && got[1] > got[0]+0.5 {
						t.Errorf("%s %s: call to action %.1f px over the subtitle's %.1f px", size, style, got[1], got[0])
					}
				}
			}
		})
	}
}
