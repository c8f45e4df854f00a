package visualtest

import (
	"strings"
	"testing"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/posts"
	"github.com/brandgen/brandgen/studio"
)

// TestListicleLandscapeKeepsText renders six of the long listicle's items (a long title over items of
// a sentence or two, 1363 columns) in landscape in every style: every item keeps its text (the fit
// once dropped it in every style: names at H3 and numerals at Display beside each item left the text
// no room), the text at least the 27 px floor and the names at least 1.15x it. The long sample's ten
// such items do not fit above the floor in any layout (17-19 px with the text forced) and still drop it.
func TestListicleLandscapeKeepsText(t *testing.T) {
	c := sampleNamed(t, posts.Listicle, "long").Content.(posts.ListicleContent)
	c.Items = c.Items[:6]
	for _, style := range brandgen.Styles {
		t.Run(string(style), func(t *testing.T) {
			t.Parallel()
			var p probeResult
			look := brandgen.Look{Size: brandgen.SizeLandscape, Theme: brandgen.ThemeLight, Style: style}
			probe(t, studio.Job{Pattern: posts.Listicle, Content: c, Look: look}, typeProbe, &p)
			var drops []string
			for _, w := range p.Warnings {
				drops = append(drops, w.Code+":"+w.Path)
			}
			name, text := p.size("li-name"), p.size("li-text")
			if n := p.count("li-text"); n != len(c.Items) {
				t.Errorf("%d of %d item texts shown (warnings %s)", n, len(c.Items), strings.Join(drops, ", "))
			}
			if text > 0 && text < p.Floor-0.25 {
				t.Errorf("item text at %.1f px, under the %.0f px floor", text, p.Floor)
			}
			if text > 0 && name < text*1.15-0.25 {
				t.Errorf("names at %.1f px, under 1.15x the text's %.1f px", name, text)
			}
		})
	}
}
