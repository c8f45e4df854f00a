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

// storyFillProbe returns the span of the code post's parts (title, window, caption: the first top
// to the last bottom) over the content area's height.
const storyFillProbe = `(() => {
  const m = document.querySelector('main.content').getBoundingClientRect();
  const rs = [...document.querySelectorAll('main.content .p-code > *')].map((e) => e.getBoundingClientRect()).filter((r) => r.height > 0);
  if (!rs.length) return {share: 0};
  return {share: (Math.max(...rs.map((r) => r.bottom)) - Math.min(...rs.map((r) => r.top))) / m.height};
})()`

// storyCodeMinFill is the least share of a story's content height a code post spans.
const storyCodeMinFill = 0.8

// TestCodeStoryFill checks that a story code post uses its height: a short snippet's title, window
// and caption together span most of the content area (the title at display size, the code larger
// and its lines opened up), not a block between empty bands (the HTML sample spanned 63%, the
// shell sample 68%, ~20% empty above and below).
func TestCodeStoryFill(t *testing.T) {
	for _, s := range posts.Samples(posts.Code) {
		if s.Name == "long" {
			continue // the long snippet fills the height at the floor
		}
		t.Run(s.Name, func(t *testing.T) {
			t.Parallel()
			for i, style := range brandgen.Styles {
				look := brandgen.Look{Size: brandgen.SizeStory, Theme: brandgen.Themes[i%2], Style: style}
				var p struct{ Share float64 }
				probe(t, studio.Job{Pattern: "code", Content: s.Content, Look: look, Layout: s.Layout}, storyFillProbe, &p)
				if p.Share < storyCodeMinFill {
					t.Errorf("%s: the code post spans %.0f%% of the story's content height (want >= %.0f%%)", style, p.Share*100, storyCodeMinFill*100)
				}
			}
		})
	}
}
