package visualtest

import (
	"fmt"
	"testing"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/posts"
	"github.com/brandgen/brandgen/studio"
)

// codeLinesProbe counts the code post's lines the page shows (the optional tail lines the fit
// dropped are hidden).
const codeLinesProbe = `(() => ({shown: [...document.querySelectorAll('main.content .c-pre .l')].filter((l) => l.getClientRects().length).length}))()`

// TestCodeDropsAgree renders every code post sample in every size and style and checks that the
// four styles keep the same lines of the snippet: the estimate marks the tail optional and the fit
// dropped it line by line, so editorial's narrower serif caption (two lines where the sans took
// three) kept a twelfth line of the long sample in a square where the other styles kept eleven.
func TestCodeDropsAgree(t *testing.T) {
	for _, s := range posts.Samples(posts.Code) {
		t.Run(s.Name, func(t *testing.T) {
			t.Parallel()
			for _, size := range brandgen.Sizes {
				shown := map[brandgen.Style]int{}
				for i, style := range brandgen.Styles {
					look := brandgen.Look{Size: size, Theme: brandgen.Themes[i%2], Style: style}
					var p struct{ Shown int }
					probe(t, studio.Job{Pattern: posts.Code, Content: s.Content, Look: look, Layout: s.Layout}, codeLinesProbe, &p)
					shown[style] = p.Shown
				}
				t.Logf("%s: lines shown per style %v", size, shown)
				for _, style := range brandgen.Styles {
					if shown[style] != shown[brandgen.Styles[0]] {
						t.Errorf("%s: the styles keep different lines of the snippet: %s", size, fmt.Sprint(shown))
						break
					}
				}
			}
		})
	}
}
