package visualtest

import (
	"encoding/json"
	"fmt"
	"testing"
)

// slideCapsProbe measures what a slide's secondary text must stay under: a quote and its author's
// name, a stat's label and its context. TestSlideHierarchy runs it beside slideProbe on the same
// pages (Object.assign of the two results).
const slideCapsProbe = `(() => {
  const one = (sel) => {
    const el = [...document.querySelectorAll(sel)].find((e) => e.getClientRects().length);
    return el ? parseFloat(getComputedStyle(el).fontSize) : 0;
  };
  return {quote: one('.qt-text'), name: one('.qt-name'), label: one('.st-label'), context: one('.st-context')};
})()`

type slideCaps struct {
	Quote   float64 `json:"quote"`
	Name    float64 `json:"name"`
	Label   float64 `json:"label"`
	Context float64 `json:"context"`
}

// slideCapsRatio is the largest share of the text it explains a caption may take: the long quote's
// author stood at 57 px beside a 57 px quote (flat portrait) and at 52 px under a 38 px one (glass
// square), and the long stat's grey context at 57 px beside its 57 px label.
const slideCapsRatio = 0.85

// slideCapsCheck returns the caption rules a slide breaks.
func slideCapsCheck(c slideCaps) []string {
	var bad []string
	if c.Quote > 0 && c.Name > c.Quote*slideCapsRatio {
		bad = append(bad, fmt.Sprintf("the author's name at %.1f px beside a %.1f px quote (want <= %.2fx)", c.Name, c.Quote, slideCapsRatio))
	}
	if c.Label > 0 && c.Context > c.Label*slideCapsRatio {
		bad = append(bad, fmt.Sprintf("the stat's context at %.1f px beside a %.1f px label (want <= %.2fx)", c.Context, c.Label, slideCapsRatio))
	}
	return bad
}

// slideCapsOf decodes the caption measures from a probe's raw result.
func slideCapsOf(t *testing.T, raw []byte) slideCaps {
	t.Helper()
	var c slideCaps
	if err := json.Unmarshal(raw, &c); err != nil {
		t.Fatalf("caption measures %s: %v", raw, err)
	}
	return c
}

func TestSlideCapsCheck(t *testing.T) {
	for _, tc := range []struct {
		name string
		c    slideCaps
		bad  int
	}{
		{"long quote, name as large", slideCaps{Quote: 57, Name: 57}, 1},
		{"long glass quote, name larger", slideCaps{Quote: 38, Name: 52}, 1},
		{"quote over its name", slideCaps{Quote: 57, Name: 45}, 0},
		{"stat context as large as its label", slideCaps{Label: 57, Context: 57}, 1},
		{"stat context under its label", slideCaps{Label: 57, Context: 45}, 0},
		{"no quote, no stat", slideCaps{}, 0},
	} {
		if got := slideCapsCheck(tc.c); len(got) != tc.bad {
			t.Errorf("%s: %d complaints %v, want %d", tc.name, len(got), got, tc.bad)
		}
	}
}
