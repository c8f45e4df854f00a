package charts

import (
	"fmt"
	"regexp"
	"testing"
)

var (
	categoryGroup = regexp.MustCompile(`(?s)<g class="categories">(.*?)</g>`)
	textX         = regexp.MustCompile(`<text x="([^"]+)"`)
)

// categoryTexts counts a drawn chart's category labels: the distinct x of their lines' texts.
func categoryTexts(svg string) int {
	m := categoryGroup.FindStringSubmatch(svg)
	if m == nil {
		return -1
	}
	xs := map[string]bool{}
	for _, x := range textX.FindAllStringSubmatch(m[1], -1) {
		xs[x[1]] = true
	}
	return len(xs)
}

// TestLineLabelStepAgrees draws line charts of 6 to 24 points with short and long labels at the
// plot widths of every page size: the four styles label the same points (issue 10: in a story,
// blueprint and editorial labelled all 12 weeks at 0.7x while glass and flat labelled every other).
func TestLineLabelStepAgrees(t *testing.T) {
	faces := []struct{ style, family, number string }{
		{StyleGlass, "Inter", "Inter Display"},
		{StyleFlat, "Inter", "Inter Display"},
		{StyleBlueprint, "Inter", "JetBrains Mono"},
		{StyleEditorial, "EB Garamond", "EB Garamond"},
	}
	labels := []struct {
		name  string
		label func(i int) string
	}{
		{"weeks", func(i int) string { return fmt.Sprintf("W%d", i+1) }},
		{"months", func(i int) string {
			return []string{"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"}[i%12]
		}},
		{"dates", func(i int) string { return fmt.Sprintf("Mar %d", i+1) }},
	}
	for _, lb := range labels {
		for _, count := range []int{6, 8, 12, 16, 24} {
			pts := make([]Point, count)
			for i := range pts {
				pts[i] = Point{Label: lb.label(i), Value: float64(100 + i*7%13*10)}
			}
			for _, w := range []int{560, 700, 840, 952, 1100} {
				shown := map[string]int{}
				for _, f := range faces {
					svg, err := Draw(Content{ChartType: TypeLine, Series: pts}, w, 760, Theme{Style: f.style, FontFamily: f.family, NumberFamily: f.number, MinText: 18})
					if err != nil {
						t.Fatal(err)
					}
					shown[f.style] = categoryTexts(string(svg))
				}
				if shown[StyleGlass] != shown[StyleBlueprint] || shown[StyleGlass] != shown[StyleEditorial] || shown[StyleGlass] != shown[StyleFlat] {
					t.Errorf("%s x%d at %d px: labels shown per style %v", lb.name, count, w, shown)
				}
			}
		}
	}
}
