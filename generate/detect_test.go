package generate

import (
	"strings"
	"testing"
)

// TestSignalAnchors: the literal prefilter of a signal never changes whether it matches.
func TestSignalAnchors(t *testing.T) {
	prompts := append([]string{}, forcedPrompts...)
	prompts = append(prompts, "We're hiring!", "30% off", "★★★★★ from a happy customer", "Q1: beta\nQ2: GA", "tabs vs spaces",
		"- [x] done", "top 10 tools", "happy holidays", "🧵 thread", "book your seat", "Das ist 2 for 1", "用户增长300%")
	anchored := 0
	for _, sg := range signals {
		if sg.anchors != nil {
			anchored++
		}
		for _, p := range prompts {
			low := strings.ToLower(p)
			if got, want := sg.matches(low), sg.re.MatchString(low); got != want {
				t.Errorf("signal %s %q on %q: anchored %v, regexp %v", sg.format, sg.re, p, got, want)
			}
		}
	}
	if anchored < len(signals)-2 {
		t.Errorf("only %d of %d signals have anchors", anchored, len(signals))
	}
}
