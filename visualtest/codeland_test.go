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

// storyFillProbe returns the span of the code post's parts (title, window, caption: the first top
// to the last bottom) over the content area's height.
const storyFillProbe = `(() => {
  const m = document.querySelector('main.content').getBoundingClientRect();
  const rs = [...document.querySelectorAll('main.content .p-code > *')].map((e) => e.getBoundingClientRect()).filter((r) => r.height > 0);
  if (!rs.length) return {share: 0};
  return {share: (Math.max(...rs.map((r) => r.bottom)) - Math.min(...rs.map((r) => r.top))) / m.height};
})()`

// codeFills are the code post's height rules: in each size, a share of the content height (probe)
// that every short sample reaches in each style (themes alternate; the long snippet fills the
// height at the floor).
//   - landscape: the window spans most of the height: a short snippet is set larger than its
//     longest line allows, wrapping long lines, not a thin strip between empty bands (the SQL
//     sample's window spanned 39%);
//   - story: title, window and caption together span most of the content area (the title at
//     display size, the code larger and its lines opened up), not a block between empty bands
//     (the HTML sample spanned 63%, the shell sample 68%, ~20% empty above and below).
var codeFills = []struct {
	size   brandgen.Size
	styles []brandgen.Style
	probe  string
	what   string // what spans the share, for messages
	min    float64
}{
	{brandgen.SizeLandscape, []brandgen.Style{brandgen.StyleGlass, brandgen.StyleBlueprint}, windowProbe, "the code window", 0.6},
	{brandgen.SizeStory, brandgen.Styles, storyFillProbe, "the code post", 0.8},
}

// TestCodeFill checks codeFills.
func TestCodeFill(t *testing.T) {
	for _, c := range codeFills {
		for _, s := range posts.Samples(posts.Code) {
			if s.Name == "long" {
				continue
			}
			t.Run(string(c.size)+"/"+s.Name, func(t *testing.T) {
				t.Parallel()
				for i, style := range c.styles {
					look := brandgen.Look{Size: c.size, Theme: brandgen.Themes[i%2], Style: style}
					var p struct{ Share float64 }
					probe(t, studio.Job{Pattern: "code", Content: s.Content, Look: look, Layout: s.Layout}, c.probe, &p)
					t.Logf("%s: %s spans %.0f%%", style, c.what, p.Share*100)
					if p.Share < c.min {
						t.Errorf("%s: %s spans %.0f%% of the %s content height (want >= %.0f%%)", style, c.what, p.Share*100, c.size, c.min*100)
					}
				}
			})
		}
	}
}
