package visualtest

import (
	"testing"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/charts"
	"github.com/brandgen/brandgen/posts"
	"github.com/brandgen/brandgen/studio"
)

// A hyphenated compound in short item text (a checklist item), in a balanced chart title and in a
// testimonial's display quote is not broken at its hyphen ("USB- / C", "sign- / ups", "looks on- /
// brand ✨" in the sans styles' landscape), nor a name from its number in a headline ("SOC / 2"),
// nor a figure from its unit ("Lunch in 10 / minutes 🥗", an event's "carousel in 30 / minutes 🚀"),
// in every size and style.
func TestCompoundsStayWhole(t *testing.T) {
	packing := posts.ChecklistContent{Title: "Conference travel packing list ✈️",
		Subtitle: "Speaking at a conference next month? Don't forget these.",
		Items: []posts.Check{{Text: "Laptop charger 🔌", Checked: true}, {Text: "HDMI and USB-C adapters", Checked: true},
			{Text: "Slides exported as PDF 📄", Checked: true}, {Text: "Clicker with spare batteries"}, {Text: "Water bottle 💧"},
			{Text: "Stickers for the booth 🎟️"}, {Text: "Business cards"}, {Text: "A good night's sleep 😴"}}}
	donut := charts.Content{ChartType: "donut", Title: "Where sign-ups come from", Unit: "%",
		Slices: []charts.Point{{Label: "Organic search", Value: 42}, {Label: "Referrals", Value: 23}, {Label: "Social", Value: 18}, {Label: "Paid", Value: 17}}}
	quote, lunch, workshop := sampleContent(t, "testimonial", "emoji"), sampleContent(t, "ad", "emoji"), sampleContent(t, "event", "emoji")
	for _, tc := range []struct {
		name, pattern, layout, sel string
		content                    any
		phrases                    []string
	}{
		{"checklist item", "checklist", "2col", ".ck-item:nth-child(2) .ck-text", packing, []string{"USB-C"}},
		{"chart title", "chart", "", ".headline", donut, []string{"sign-ups"}},
		{"testimonial quote", "testimonial", "", ".tm-quote", quote, []string{"on-brand"}},
		{"ad headline", "ad", "", ".ad-head", lunch, []string{"10 minutes"}},
		{"event title", "event", "", ".ev-title", workshop, []string{"30 minutes"}},
		{"announcement title", "announcement", "", ".a-title", posts.AnnouncementContent{Title: "We are now SOC 2 Type II certified"}, []string{"SOC 2", "Type II"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			for _, size := range brandgen.Sizes {
				for _, style := range brandgen.Styles {
					look := brandgen.Look{Size: size, Theme: brandgen.ThemeLight, Style: style}
					got := probeLines(t, studio.Job{Pattern: tc.pattern, Content: tc.content, Look: look, Layout: tc.layout}, tc.sel)
					if p := splitPhrase(got.Lines, tc.phrases); p != "" {
						t.Errorf("%s %s: %q is broken across lines %q", size, style, p, got.Lines)
					}
				}
			}
		})
	}
}
