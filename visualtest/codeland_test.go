package visualtest

import (
	"testing"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/posts"
	"github.com/brandgen/brandgen/studio"
)

// windowProbe returns the code window's height over the content area's.
const windowProbe = `(() => {
  const m = document.querySelector('main.content').getBoundingClientRect();
  const w = document.querySelector('main.content .c-window');
  return w ? {share: w.getBoundingClientRect().height / m.height} : {share: 0};
})()`

// TestCodeLandscapeFill checks that a landscape code post uses its height: a short snippet is set
// larger than its longest line allows (wrapping long lines) until its window spans most of the
// height, not a thin strip between empty bands (the SQL sample's window spanned 39%).
func TestCodeLandscapeFill(t *testing.T) {
	for _, s := range posts.Samples(posts.Code) {
		if s.Name == "long" {
			continue // the long snippet fills the height at the floor
		}
		t.Run(s.Name, func(t *testing.T) {
			t.Parallel()
			for _, style := range []brandgen.Style{brandgen.StyleGlass, brandgen.StyleBlueprint} {
				look := brandgen.Look{Size: brandgen.SizeLandscape, Theme: brandgen.ThemeLight, Style: style}
				var p struct{ Share float64 }
				probe(t, studio.Job{Pattern: "code", Content: s.Content, Look: look, Layout: s.Layout}, windowProbe, &p)
				if p.Share < 0.6 {
					t.Errorf("%s: the code window spans %.0f%% of the landscape content height (want >= 60%%)", style, p.Share*100)
				}
			}
		})
	}
}
