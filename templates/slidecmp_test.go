package templates

import (
	"regexp"
	"testing"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/slides"
)

// A comparison slide's rows past the third are optional, the last first; the template drops up
// front (data-fit-drop on the slide body) the rows its content's length cannot keep above the
// floor, the same in every style: the long sample's five rows of two-line values fit a portrait
// slide at the floor but not a square one.
func TestSlideComparisonDrops(t *testing.T) {
	s, err := New()
	if err != nil {
		t.Fatal(err)
	}
	drop := regexp.MustCompile(`<div class="sl-body"[^>]*data-fit-drop="(\d+)"`)
	optional := regexp.MustCompile(`<div class="cp-row" data-optional="(\d+)" data-path="content\.rows\[\]"`)
	cases := []struct {
		sample   string
		size     brandgen.Size
		drop     string // "" when nothing is dropped up front
		optional int    // rows marked optional
	}{
		{"long", brandgen.SizeSquare, "2", 2},
		{"long", brandgen.SizePortrait, "", 2},
		{"short", brandgen.SizeSquare, "", 0},
		{"cjk", brandgen.SizeSquare, "", 0},
	}
	for _, c := range cases {
		t.Run(c.sample+"/"+string(c.size), func(t *testing.T) {
			var smp any
			for _, x := range slides.Samples(slides.Comparison) {
				if x.Name == c.sample {
					smp = x.Slide
				}
			}
			page := slides.Pages([]any{smp})[0]
			for _, style := range brandgen.Styles {
				p, err := s.Build(slides.PatternID(slides.Comparison), page, Options{Look: brandgen.Look{Size: c.size, Theme: brandgen.ThemeLight, Style: style}})
				if err != nil {
					t.Fatal(err)
				}
				got := ""
				if m := drop.FindStringSubmatch(p.HTML); m != nil {
					got = m[1]
				}
				if got != c.drop {
					t.Errorf("%s: data-fit-drop %q, want %q", style, got, c.drop)
				}
				if n := len(optional.FindAllString(p.HTML, -1)); n != c.optional {
					t.Errorf("%s: %d optional rows, want %d", style, n, c.optional)
				}
			}
		})
	}
}
