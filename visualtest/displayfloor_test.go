package visualtest

import (
	"context"
	"testing"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/studio"
)

// TestDisplayLongFitsAboveFloor: the longest sample of each display post fits above the readable
// floor in every style and size (no text_below_minimum). A one-line cap no size above its floor can
// meet fails the block at every factor, and the fallback sets everything on the floor: editorial's
// long poster printed its headline at 36 px in an empty page (its letter-spaced small-caps footer,
// read as body text, needed more than a line at 24 px; it is a label).
func TestDisplayLongFitsAboveFloor(t *testing.T) {
	for _, pattern := range []string{"announcement", "poster", "cover", "showcase", "quote", "campaign"} {
		content := sampleContent(t, pattern, "long")
		t.Run(pattern, func(t *testing.T) {
			t.Parallel()
			for _, size := range brandgen.Sizes {
				for _, style := range brandgen.Styles {
					look := brandgen.Look{Size: size, Theme: brandgen.ThemeLight, Style: style}
					_, warnings, err := st.RenderReport(context.Background(), studio.Job{Pattern: pattern, Content: content, Look: look})
					if err != nil {
						t.Fatalf("%s %s: %v", size, style, err)
					}
					for _, w := range warnings {
						if w.Code == "text_below_minimum" {
							t.Errorf("%s %s: %s", size, style, w.Message)
						}
					}
				}
			}
		})
	}
}

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
