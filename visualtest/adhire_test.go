package visualtest

import (
	"fmt"
	"strings"
	"testing"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/posts"
	"github.com/brandgen/brandgen/studio"
)

// footProbe measures the ad's price tag and button: the lines of the price (a figure must not
// break: "$9/m o"), the lines of the button label, and whether the label runs under the arrow.
const footProbe = `(() => {
  const lines = (el) => {
    if (!el) return 0;
    const r = document.createRange(); r.selectNodeContents(el);
    const tops = [];
    for (const b of r.getClientRects()) if (b.width && b.height && !tops.some((t) => Math.abs(t - b.top) < b.height / 2)) tops.push(b.top);
    return tops.length;
  };
  const price = document.querySelector('.ad-price-text'), cta = document.querySelector('.ad-cta-text');
  const arrow = document.querySelector('.ad-cta svg');
  const r = document.createRange(); r.selectNodeContents(cta);
  const text = r.getBoundingClientRect(), a = arrow.getBoundingClientRect();
  return {price: lines(price), cta: lines(cta), overlap: text.right > a.left + 1};
})()`

// TestAdHiringFoot renders the ad and hiring samples whose layout issue 10 reviewed in every size and
// style: sparse content (minimal) fills the safe area without dead bands (typeRuleCheck), and the
// ad's price stays on one line while its button label keeps to two lines clear of the arrow (the
// long landscape pair used to squeeze into two cramped two-line boxes).
func TestAdHiringFoot(t *testing.T) {
	brand := &brandgen.Brand{Name: "Northwind Labs", Handle: "@northwind", Colors: &brandgen.Colors{Primary: "#4f46e5", Secondary: "#f59e0b"}}
	tests := []struct {
		pattern, sample string
		foot            bool // check the ad's price and button
	}{
		{"ad", "minimal", true},
		{"ad", "long", true},
		{"ad", "short", true},
		{"hiring", "minimal", false},
	}
	for _, tt := range tests {
		var s *posts.Sample
		for _, sm := range posts.Samples(tt.pattern) {
			if sm.Name == tt.sample {
				s = &sm
			}
		}
		if s == nil {
			t.Fatalf("no sample %s/%s", tt.pattern, tt.sample)
		}
		t.Run(tt.pattern+"/"+tt.sample, func(t *testing.T) {
			t.Parallel()
			for _, size := range brandgen.Sizes {
				for _, style := range brandgen.Styles {
					job := studio.Job{Pattern: tt.pattern, Content: s.Content, Layout: s.Layout, Brand: brand,
						Look: brandgen.Look{Size: size, Theme: brandgen.ThemeLight, Style: style}}
					if strings.HasPrefix(tt.sample, "minimal") {
						var p probeResult
						probe(t, job, typeProbe, &p)
						if bad := typeRuleCheck(p, true); len(bad) > 0 {
							t.Errorf("%s %s: %s", size, style, strings.Join(bad, "; "))
						}
					}
					if !tt.foot {
						continue
					}
					var f struct {
						Price, CTA int
						Overlap    bool
					}
					probe(t, job, footProbe, &f)
					var bad []string
					if f.Price != 1 {
						bad = append(bad, fmt.Sprintf("price on %d lines", f.Price))
					}
					if f.CTA < 1 || f.CTA > 2 {
						bad = append(bad, fmt.Sprintf("button label on %d lines", f.CTA))
					}
					if f.Overlap {
						bad = append(bad, "button label runs under the arrow")
					}
					if len(bad) > 0 {
						t.Errorf("%s %s: %s", size, style, strings.Join(bad, "; "))
					}
				}
			}
		})
	}
}

// campCTAProbe measures a campaign's call to action the way footProbe measures the ad's button: the
// lines of its label and whether the label runs under the arrow.
const campCTAProbe = `(() => {
  const cta = document.querySelector('.cp-cta-text'), arrow = document.querySelector('.cp-cta svg');
  const r = document.createRange(); r.selectNodeContents(cta);
  const tops = [];
  for (const b of r.getClientRects()) if (b.width && b.height && !tops.some((t) => Math.abs(t - b.top) < b.height / 2)) tops.push(b.top);
  return {text: cta.textContent.trim(), lines: tops.length, overlap: r.getBoundingClientRect().right > arrow.getBoundingClientRect().left + 1};
})()`

// TestCampaignLandscapeCTA: in landscape's narrow right column a short call to action (24 columns
// at most: "Find a good first issue", "了解更多") keeps one line clear of its arrow in every style;
// it broke "Find a good / first issue" in all four, a button that read as two.
func TestCampaignLandscapeCTA(t *testing.T) {
	for _, sample := range []string{"short", "cjk"} {
		content := sampleContent(t, "campaign", sample)
		for _, style := range brandgen.Styles {
			t.Run(sample+"/"+string(style), func(t *testing.T) {
				t.Parallel()
				var got struct {
					Text    string
					Lines   int
					Overlap bool
				}
				look := brandgen.Look{Size: brandgen.SizeLandscape, Theme: brandgen.ThemeLight, Style: style}
				raw := probe(t, studio.Job{Pattern: "campaign", Content: content, Look: look}, campCTAProbe, &got)
				if got.Lines != 1 {
					t.Errorf("%q on %d lines, want 1: %s", got.Text, got.Lines, raw)
				}
				if got.Overlap {
					t.Errorf("%q runs under the arrow: %s", got.Text, raw)
				}
			})
		}
	}
}
