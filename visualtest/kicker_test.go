package visualtest

import (
	"fmt"
	"testing"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/studio"
)

// kickerProbe measures flat's kicker pills: for each kicker (.kicker, announcement's .a-kicker)
// the box of its text (a range over it) and the pill's padding box.
const kickerProbe = `(() => [...document.querySelectorAll('.kicker,.a-kicker')].map((k) => {
  const r = document.createRange();
  r.selectNodeContents(k);
  const t = r.getBoundingClientRect(), b = k.getBoundingClientRect();
  const box = {l: b.left + k.clientLeft, t: b.top + k.clientTop};
  box.r = box.l + k.clientWidth; box.b = box.t + k.clientHeight;
  return {text: k.textContent.trim(), fs: parseFloat(getComputedStyle(k).fontSize),
    ink: {l: t.left, t: t.top, r: t.right, b: t.bottom}, pill: box};
}))()`

type kickerBox struct{ L, T, R, B float64 }

type kickerPill struct {
	Text string    `json:"text"`
	FS   float64   `json:"fs"`
	Ink  kickerBox `json:"ink"`
	Pill kickerBox `json:"pill"`
}

// kickerInside returns how a kicker's text leaves its pill: each side's room under min px (the
// pill clips its overflow at its padding box, so text at or past the edge is cut or touches it).
func kickerInside(k kickerPill, min float64) []string {
	var bad []string
	for _, s := range []struct {
		side string
		room float64
	}{{"left", k.Ink.L - k.Pill.L}, {"top", k.Ink.T - k.Pill.T}, {"right", k.Pill.R - k.Ink.R}, {"bottom", k.Pill.B - k.Ink.B}} {
		if s.room < min {
			bad = append(bad, fmt.Sprintf("%q: %.1f px of pill on the %s", k.Text, s.room, s.side))
		}
	}
	return bad
}

func TestKickerInside(t *testing.T) {
	pill := kickerBox{0, 0, 200, 40}
	for _, tc := range []struct {
		name string
		ink  kickerBox
		want int
	}{
		{"padded", kickerBox{14, 8, 186, 33}, 0},
		{"cut right", kickerBox{14, 8, 201, 33}, 1},
		{"touching top and bottom", kickerBox{14, 1, 186, 40}, 2},
	} {
		if got := kickerInside(kickerPill{Text: tc.name, Ink: tc.ink, Pill: pill}, 4); len(got) != tc.want {
			t.Errorf("%s: %q, want %d", tc.name, got, tc.want)
		}
	}
}

// TestFlatKickerPills: flat sets the kicker of the display posts on a solid pill that clips at its
// padding box (an inline-block fit box keeps overflow:hidden: fit.js's .fit-ink margin would move
// its baseline); the kicker's text keeps at least 4 px of pill on every side, in every size, with
// the longest kicker and a CJK one.
func TestFlatKickerPills(t *testing.T) {
	for _, pattern := range []string{"cover", "poster", "showcase", "event", "campaign", "announcement"} {
		for _, sample := range []string{"long", "cjk"} {
			content := sampleContent(t, pattern, sample)
			t.Run(pattern+"/"+sample, func(t *testing.T) {
				t.Parallel()
				for _, size := range brandgen.Sizes {
					look := brandgen.Look{Size: size, Theme: brandgen.ThemeLight, Style: brandgen.StyleFlat}
					var got []kickerPill
					probe(t, studio.Job{Pattern: pattern, Content: content, Look: look}, kickerProbe, &got)
					for _, k := range got {
						for _, b := range kickerInside(k, 4) {
							t.Errorf("%s: %s", size, b)
						}
					}
				}
			})
		}
	}
}
