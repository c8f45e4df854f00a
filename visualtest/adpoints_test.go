package visualtest

import (
	"testing"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/studio"
)

// pointsProbe measures the ad's selling points (or the hiring post's perks): per point its lines and
// font size, and the widths of the points column and of the headline column beside it.
const pointsProbe = `(() => {
  const out = {points: [], feats: 0, main: 0};
  document.querySelectorAll('.ad-feat-text, .hi-perk-text').forEach((el) => {
    const r = document.createRange(); r.selectNodeContents(el);
    const tops = [];
    for (const b of r.getClientRects()) if (b.width && b.height && !tops.some((t) => Math.abs(t - b.top) < b.height / 2)) tops.push(b.top);
    out.points.push({text: el.textContent.trim(), lines: tops.length, size: parseFloat(getComputedStyle(el).fontSize)});
  });
  const f = document.querySelector('.ad-feats'), m = document.querySelector('.ad-main');
  if (f) out.feats = f.getBoundingClientRect().width;
  if (m) out.main = m.getBoundingClientRect().width;
  return out;
})()`

// TestAdLandscapePoints: in landscape the short sample's selling points ("Runs on your own servers"
// among them) each sit on one line, at one size, in every style and theme; flat and blueprint used
// to wrap one of them alone (their card padding and check boxes take width glass does not spend).
func TestAdLandscapePoints(t *testing.T) {
	content := sampleContent(t, "ad", "short")
	for _, style := range brandgen.Styles {
		for _, theme := range brandgen.Themes {
			t.Run(string(style)+"/"+string(theme), func(t *testing.T) {
				t.Parallel()
				var got struct {
					Points      []probedPoint
					Feats, Main float64
				}
				look := brandgen.Look{Size: brandgen.SizeLandscape, Theme: theme, Style: style}
				raw := probe(t, studio.Job{Pattern: "ad", Content: content, Look: look}, pointsProbe, &got)
				if len(got.Points) != 4 {
					t.Fatalf("want 4 selling points: %s", raw)
				}
				onePointALine(t, got.Points, raw)
			})
		}
	}
}

// TestStoryShortPoints: in story, whose block grows to the tall frame, a list of short points (the
// ad's selling points, the hiring post's perks, none over 28 and 36 columns) keeps each point on one
// line, at one size, in every style: blueprint, whose card pads wider, broke one point alone
// ("Plant-based / options daily", "Flexible hours, / async by default") beside one-liners, and glass
// the Japanese perk "書籍・カンファレンス / 費用を全額補助".
func TestStoryShortPoints(t *testing.T) {
	for _, tc := range []struct{ pattern, sample string }{
		{"ad", "emoji"}, {"ad", "short"}, {"hiring", "short"}, {"hiring", "emoji"}, {"hiring", "cjk"},
	} {
		content := sampleContent(t, tc.pattern, tc.sample)
		for _, style := range brandgen.Styles {
			t.Run(tc.pattern+"/"+tc.sample+"/"+string(style), func(t *testing.T) {
				t.Parallel()
				var got struct {
					Points []probedPoint
				}
				look := brandgen.Look{Size: brandgen.SizeStory, Theme: brandgen.ThemeLight, Style: style}
				raw := probe(t, studio.Job{Pattern: tc.pattern, Content: content, Look: look}, pointsProbe, &got)
				if len(got.Points) < 3 {
					t.Fatalf("want at least 3 points: %s", raw)
				}
				onePointALine(t, got.Points, raw)
			})
		}
	}
}

// probedPoint is one point pointsProbe measured.
type probedPoint struct {
	Text  string
	Lines int
	Size  float64
}

// onePointALine fails t for a point on more than one line or at another size than the first.
func onePointALine(t *testing.T, points []probedPoint, raw []byte) {
	t.Helper()
	for _, p := range points {
		if p.Lines != 1 {
			t.Errorf("%q on %d lines, want 1: %s", p.Text, p.Lines, raw)
		}
		if p.Size != points[0].Size {
			t.Errorf("%q at %.1f px, the first point at %.1f px: the points differ in size", p.Text, p.Size, points[0].Size)
		}
	}
}
