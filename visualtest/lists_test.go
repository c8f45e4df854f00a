package visualtest

import (
	"fmt"
	"strings"
	"testing"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/posts"
	"github.com/brandgen/brandgen/studio"
)

// listItems names, per list format, the class of each item's main text (its name or title) and of
// its secondary text (the line under it), and the content path of the secondary text.
var listItems = map[string]struct{ main, second, path string }{
	"roadmap":   {"rm-name", "rm-text", "content.milestones[].text"},
	"listicle":  {"li-name", "li-text", "content.items[].text"},
	"resources": {"pr-name", "pr-text", "content.items[].text"},
	"checklist": {"ck-text", "", ""},
	"grid":      {"g-title", "g-text", "content.cells[].text"},
}

// size of the largest text of class cls on the page (0 when none).
func (p probeResult) size(cls string) float64 {
	out := 0.0
	for _, t := range p.Texts {
		if cls != "" && strings.Contains(" "+t.Cls+" ", " "+cls+" ") && t.FS > out {
			out = t.FS
		}
	}
	return out
}

// listRuleCheck returns the hierarchy rules a list page breaks: the headline at least 1.5x the
// items' main text (a long list squashed to the floor under a headline barely bigger than its
// items reads as a wall of text), and, in landscape, item text at least 1.15x the floor (a wide
// canvas has the room; a head column squeezing the items does not count).
func listRuleCheck(p probeResult, main string, size brandgen.Size) []string {
	var bad []string
	h, _ := p.sizes("h")
	m := p.size(main)
	if m > 0 && h < m*1.5-0.5 {
		bad = append(bad, fmt.Sprintf("headline %.1f px under 1.5x the items' %.1f px", h, m))
	}
	if size == brandgen.SizeLandscape && m > 0 && m < p.Floor*1.15-0.5 {
		bad = append(bad, fmt.Sprintf("landscape items at %.1f px, under 1.15x the floor %.0f px", m, p.Floor))
	}
	return bad
}

func listProbe(t *testing.T, pattern string, s posts.Sample, look brandgen.Look) probeResult {
	t.Helper()
	var p probeResult
	probe(t, studio.Job{Pattern: pattern, Content: s.Content, Look: look, Layout: s.Layout}, typeProbe, &p)
	return p
}

func sampleNamed(t *testing.T, pattern, name string) posts.Sample {
	t.Helper()
	for _, s := range posts.Samples(pattern) {
		if s.Name == name {
			return s
		}
	}
	t.Fatalf("no sample %s/%s", pattern, name)
	return posts.Sample{}
}

// pendingList lists the list pages (pattern/size/style for the hierarchy rules, pattern/size for
// the styles' agreement) still failing TestListLong; logged, not failed. Where styles disagree, a
// narrower face (editorial's serif) or bigger cards (flat) sit just on the other side of the keep
// factor (data-fit-keep). Remove an entry when it is fixed.
var pendingList = map[string]bool{
	"checklist/square/editorial": true, // the dense head shrinks alone to its floor (36 px) over two-column items
	"resources/portrait":         true, // flat's cards drop the item text, the other styles keep it
	"grid/landscape":             true, // blueprint drops the cell text, the other styles keep it
}

// TestListLong renders the long sample of every list format in every size and style and checks
// listRuleCheck, and that the four styles agree on keeping or dropping the items' secondary text
// (a narrow serif face once kept it at the floor under a squashed headline while the other styles
// dropped it).
func TestListLong(t *testing.T) {
	for pattern, it := range listItems {
		t.Run(pattern, func(t *testing.T) {
			t.Parallel()
			s := sampleNamed(t, pattern, "long")
			for _, size := range brandgen.Sizes {
				dropped := map[brandgen.Style]bool{}
				for _, style := range brandgen.Styles {
					p := listProbe(t, pattern, s, brandgen.Look{Size: size, Theme: brandgen.ThemeLight, Style: style})
					if bad := listRuleCheck(p, it.main, size); len(bad) > 0 {
						report := t.Errorf
						if pendingList[pattern+"/"+string(size)+"/"+string(style)] {
							report = t.Logf
						}
						report("%s %s: %s", size, style, strings.Join(bad, "; "))
					}
					for _, w := range p.Warnings {
						if w.Code == "content_dropped" && w.Path == it.path {
							dropped[style] = true
						}
					}
				}
				if n := len(dropped); n > 0 && n < len(brandgen.Styles) {
					report := t.Errorf
					if pendingList[pattern+"/"+string(size)] {
						report = t.Logf
					}
					report("%s: %s dropped in %d of %d styles (%v)", size, it.path, n, len(brandgen.Styles), dropped)
				}
			}
		})
	}
}

// TestListCJKItemText checks that CJK item text sits near its name (at most 1.4x apart, not
// Latin's 1.56x): Han text carries about a word per character and needs the size.
func TestListCJKItemText(t *testing.T) {
	for _, pattern := range []string{"roadmap", "listicle", "resources", "grid"} {
		it := listItems[pattern]
		t.Run(pattern, func(t *testing.T) {
			t.Parallel()
			s := sampleNamed(t, pattern, "cjk")
			for _, size := range brandgen.Sizes {
				for _, style := range brandgen.Styles {
					p := listProbe(t, pattern, s, brandgen.Look{Size: size, Theme: brandgen.ThemeLight, Style: style})
					m, x := p.size(it.main), p.size(it.second)
					if m > 0 && x > 0 && m > x*1.4+0.5 {
						t.Errorf("%s %s: item text %.1f px, name %.1f px (%.2fx)", size, style, x, m, m/x)
					}
				}
			}
		})
	}
}
