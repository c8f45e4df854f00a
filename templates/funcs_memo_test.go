package templates

import (
	"testing"

	"github.com/brandgen/brandgen"
)

// A page computes a code view once for its texts and look (the code slide's fit hook and body draw
// the same one), and again for other texts or another look (blueprint's sans call).
func TestPageMemoCodeView(t *testing.T) {
	base := codeViewKey{look: brandgen.Look{Size: brandgen.SizePortrait, Style: brandgen.StyleBlueprint}, code: "go test ./...", language: "bash"}
	sans := base
	sans.look.Style = brandgen.StyleFlat
	other := base
	other.title = "Run the tests"
	cases := []struct {
		name  string
		keys  []codeViewKey
		calls int
	}{
		{"the same call twice", []codeViewKey{base, base}, 1},
		{"the sans styles' look", []codeViewKey{base, base, sans}, 2},
		{"another title", []codeViewKey{base, other, other}, 2},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := &pageMemo{}
			calls := 0
			for _, k := range c.keys {
				p.memoCodeView(k, func() CodeView { calls++; return CodeView{FontSize: calls} })
			}
			if calls != c.calls {
				t.Errorf("%d computations, want %d", calls, c.calls)
			}
		})
	}
}

// The page's Data carries a memo that the slide area's copy shares, and a code slide's view is the
// one computed first.
func TestCodeViewSharedBySlideArea(t *testing.T) {
	d := (&Set{}).data(nil, Options{Look: brandgen.Look{Size: brandgen.SizeSquare}, Badge: brandgen.Badge{Show: true}})
	a, b := d.SlideArea(), d.SlideArea()
	first := codeView(a, "go test ./...", "bash", "Run the tests", "")
	if a.memo == nil || a.memo != b.memo {
		t.Fatalf("the slide areas' memos differ: %p, %p", a.memo, b.memo)
	}
	if n := len(a.memo.codeViews); n != 1 {
		t.Errorf("%d views kept after one call, want 1", n)
	}
	if again := codeView(b, "go test ./...", "bash", "Run the tests", ""); again.FontSize != first.FontSize || again.HTML != first.HTML {
		t.Errorf("the second call's view differs from the first")
	}
	if n := len(a.memo.codeViews); n != 1 {
		t.Errorf("%d views kept after the same call twice, want 1", n)
	}
}
