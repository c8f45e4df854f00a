package visualtest

import (
	"context"
	"testing"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/posts"
	"github.com/brandgen/brandgen/studio"
)

// TestDropWarnings checks the fit report of formats that drop their tail at the floor: a snippet
// too long for the canvas loses lines from its end and says so once (content.code); a long
// comparison loses rows (content.rows[]); content that fits reports nothing.
func TestDropWarnings(t *testing.T) {
	cases := []struct {
		pattern, sample string
		size            brandgen.Size
		path            string // "" when nothing may be dropped
	}{
		{posts.Code, "long", brandgen.SizePortrait, "content.code"},
		{posts.Code, "long", brandgen.SizeLandscape, "content.code"},
		{posts.Code, "bash", brandgen.SizeStory, ""},
		{posts.Comparison, "long", brandgen.SizePortrait, "content.rows[]"},
		{posts.Comparison, "short", brandgen.SizePortrait, ""},
	}
	for _, c := range cases {
		t.Run(c.pattern+"/"+c.sample+"/"+string(c.size), func(t *testing.T) {
			t.Parallel()
			var content any
			for _, s := range posts.Samples(c.pattern) {
				if s.Name == c.sample {
					content = s.Content
				}
			}
			look := brandgen.Look{Size: c.size, Theme: brandgen.ThemeLight, Style: brandgen.StyleGlass}
			_, warnings, err := st.RenderReport(context.Background(), studio.Job{Pattern: c.pattern, Content: content, Look: look})
			if err != nil {
				t.Fatal(err)
			}
			if c.path == "" {
				if len(warnings) != 0 {
					t.Errorf("warnings %+v, want none", warnings)
				}
				return
			}
			if len(warnings) != 1 || warnings[0].Code != "content_dropped" || warnings[0].Path != c.path {
				t.Errorf("warnings %+v, want one content_dropped on %s", warnings, c.path)
			}
		})
	}
}
