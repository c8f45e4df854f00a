package visualtest

import (
	"fmt"
	"testing"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/studio"
)

// bracketProbe measures a bracketed headline (blueprint's campaign): the left of the headline's
// first inked text (inside its bracket) and, for each text of the footer under it, its own text's
// left.
const bracketProbe = `((head, foot) => {
  const left = (el) => { const r = document.createRange(); r.selectNodeContents(el); return r.getBoundingClientRect().left; };
  const h = document.querySelector(head);
  return {head: h ? left(h) : 0, foot: [...document.querySelectorAll(foot)].map((el) => ({text: el.textContent.trim(), l: left(el)}))};
})`

type bracketText struct {
	Text string  `json:"text"`
	L    float64 `json:"l"`
}

type bracketResult struct {
	Head float64       `json:"head"`
	Foot []bracketText `json:"foot"`
}

// outsideBracket returns the footer texts that start left of the headline's text edge (by more
// than tol px): they stand on or outside the bracket line the headline and message sit inside.
func outsideBracket(r bracketResult, tol float64) []string {
	var bad []string
	for _, f := range r.Foot {
		if f.L < r.Head-tol {
			bad = append(bad, fmt.Sprintf("%q starts %.0f px left of the headline's text edge", f.Text, r.Head-f.L))
		}
	}
	return bad
}

func TestOutsideBracket(t *testing.T) {
	for _, tc := range []struct {
		name string
		r    bracketResult
		want int
	}{
		{"aligned", bracketResult{Head: 100, Foot: []bracketText{{"#Tag", 100}, {"Go", 400}}}, 0},
		{"on the bracket line", bracketResult{Head: 100, Foot: []bracketText{{"#Tag", 82}}}, 1},
		{"within tolerance", bracketResult{Head: 100, Foot: []bracketText{{"#Tag", 99}}}, 0},
	} {
		if got := outsideBracket(tc.r, 2); len(got) != tc.want {
			t.Errorf("%s: %q, want %d", tc.name, got, tc.want)
		}
	}
}

// TestCampaignFootInsideBracket: blueprint brackets the campaign's headline and message (a rule on
// their left, the text inset from it); the footer's hashtag and call to action stand on the same
// text edge, not on the bracket line (the emoji sample's "#MakerWeek" sat outside it), in every
// size.
func TestCampaignFootInsideBracket(t *testing.T) {
	for _, sample := range []string{"emoji", "short", "cjk"} {
		content := sampleContent(t, "campaign", sample)
		t.Run(sample, func(t *testing.T) {
			t.Parallel()
			for _, size := range brandgen.Sizes {
				look := brandgen.Look{Size: size, Theme: brandgen.ThemeLight, Style: brandgen.StyleBlueprint}
				var got bracketResult
				probe(t, studio.Job{Pattern: "campaign", Content: content, Look: look}, bracketProbe+"('.cp-head','.cp-tag,.cp-cta-text')", &got)
				if got.Head == 0 || len(got.Foot) == 0 {
					t.Fatalf("%s: no headline or footer text measured: %+v", size, got)
				}
				for _, b := range outsideBracket(got, 2) {
					t.Errorf("%s: %s", size, b)
				}
			}
		})
	}
}
