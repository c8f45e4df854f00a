package templates

import "testing"

// flatFoot answers true only for text no glyph of which reaches below the baseline, so the offer's
// figure can trim its box there without clipping ink.
func TestFlatFoot(t *testing.T) {
	for s, want := range map[string]bool{
		"Free": true, "30% OFF": true, "-50%": true, "$20 OFF": true, "€5": true, "2×1": true,
		"": false, "Buy 1 get 1": false, "50% (new)": false, "Jetzt": false, "半价": false, "$9/mo": false, "1,000": false,
	} {
		if got := flatFoot(s); got != want {
			t.Errorf("flatFoot(%q) = %v, want %v", s, got, want)
		}
	}
}
