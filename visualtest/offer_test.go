package visualtest

import (
	"fmt"
	"strings"
	"testing"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/posts"
	"github.com/brandgen/brandgen/studio"
)

// offerProbe measures an offer's parts: the computed size of the headline, the discount, the
// details and the button's text, the box of each part that is shown (in reading order), and the
// height of the content area.
const offerProbe = `(() => {
  const m = document.querySelector('main.content').getBoundingClientRect();
  const fs = (sel) => { const el = document.querySelector('main.content ' + sel); return el ? parseFloat(getComputedStyle(el).fontSize) : 0; };
  const parts = [];
  for (const sel of ['.o-headline', '.o-discount', '.o-details', '.o-deal', '.o-foot']) {
    const el = document.querySelector('main.content ' + sel);
    if (!el || !el.getClientRects().length) continue;
    const r = el.getBoundingClientRect();
    parts.push({sel, top: r.top, bottom: r.bottom});
  }
  return {headline: fs('.o-headline'), discount: fs('.o-discount'), details: fs('.o-details'), cta: fs('.cta'), parts, height: m.height};
})()`

type offerPart struct {
	Sel         string
	Top, Bottom float64
}

type offerMeasure struct {
	Headline, Discount, Details, CTA float64
	Parts                            []offerPart
	Height                           float64
}

// offerRuleCheck returns the ways an offer page breaks its hierarchy: the discount is the largest
// text and the headline clearly over the details (1.4x: a long story once set 49 px over 39 px);
// the button's text not far under the details (0.75x, 0.6x for blueprint's mono capitals: a 25 px
// button under 39 px details); outside landscape the parts read top to bottom with no band between
// two of them over 7% of the content height (unused height fell between the details and the
// coupon).
func offerRuleCheck(m offerMeasure, size brandgen.Size, style brandgen.Style) []string {
	var bad []string
	if m.Discount <= m.Headline {
		bad = append(bad, fmt.Sprintf("discount %.1f px not over the headline %.1f px", m.Discount, m.Headline))
	}
	if m.Details > 0 && m.Headline < 1.4*m.Details-0.5 {
		bad = append(bad, fmt.Sprintf("headline %.1f px under 1.4x the details %.1f px", m.Headline, m.Details))
	}
	ctaShare := 0.75
	if style == brandgen.StyleBlueprint {
		ctaShare = 0.6
	}
	if m.Details > 0 && m.CTA > 0 && m.CTA < ctaShare*m.Details-0.5 {
		bad = append(bad, fmt.Sprintf("button text %.1f px under %.2fx the details %.1f px", m.CTA, ctaShare, m.Details))
	}
	if size == brandgen.SizeLandscape {
		return bad
	}
	for i := 1; i < len(m.Parts); i++ {
		a, b := m.Parts[i-1], m.Parts[i]
		if b.Top < a.Top {
			bad = append(bad, fmt.Sprintf("%s above %s", b.Sel, a.Sel))
		}
		if gap := b.Top - a.Bottom; gap > 0.07*m.Height {
			bad = append(bad, fmt.Sprintf("a band of %.0f px (%.0f%% of the height) between %s and %s", gap, 100*gap/m.Height, a.Sel, b.Sel))
		}
	}
	return bad
}

// TestOfferHierarchy renders every offer sample in every size and style (light theme) and checks
// offerRuleCheck; a bare offer (headline and discount) must also meet the sparse-content rules of
// typeRuleCheck in every style (TestTypeSystem sees one style per sample).
func TestOfferHierarchy(t *testing.T) {
	for _, s := range posts.Samples(posts.Offer) {
		c, ok := s.Content.(posts.OfferContent)
		if !ok {
			t.Fatalf("%s: content %T", s.Name, s.Content)
		}
		bare := c.Details == "" && c.Code == "" && c.Expires == "" && c.CTA == ""
		t.Run(s.Name, func(t *testing.T) {
			t.Parallel()
			for _, size := range brandgen.Sizes {
				for _, style := range brandgen.Styles {
					job := studio.Job{Pattern: posts.Offer, Content: s.Content, Layout: s.Layout,
						Look: brandgen.Look{Size: size, Theme: brandgen.ThemeLight, Style: style}}
					var m offerMeasure
					raw := probe(t, job, offerProbe, &m)
					if m.Headline == 0 || m.Discount == 0 || len(m.Parts) < 2 {
						t.Fatalf("%s %s: the probe found no headline or discount: %s", size, style, raw)
					}
					if bad := offerRuleCheck(m, size, style); len(bad) > 0 {
						t.Errorf("%s %s: %s", size, style, strings.Join(bad, "; "))
					}
					if bare {
						var p probeResult
						probe(t, job, typeProbe, &p)
						if bad := typeRuleCheck(p, true); len(bad) > 0 {
							t.Errorf("%s %s: %s", size, style, strings.Join(bad, "; "))
						}
					}
				}
			}
		})
	}
}
