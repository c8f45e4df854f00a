package visualtest

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/posts"
	"github.com/brandgen/brandgen/studio"
)

// listItems names, per list format, the class of each item's main text (its name or title) and of
// its secondary text (the line under it), and the content path of the secondary text. TestListLong
// counts the main texts each style keeps (rows dropped one by one must agree); agreeOnly pages are
// checked for that agreement only (a comparison's values rest on the floor by design: two columns of
// sentences per row).
var listItems = map[string]struct {
	main, second, path string
	agreeOnly          bool
}{
	"roadmap":    {"rm-name", "rm-text", "content.milestones[].text", false},
	"listicle":   {"li-name", "li-text", "content.items[].text", false},
	"resources":  {"pr-name", "pr-text", "content.items[].text", false},
	"checklist":  {"ck-text", "", "", false},
	"grid":       {"g-title", "g-text", "content.cells[].text", false},
	"comparison": {main: "cq-val", agreeOnly: true},
}

// count of the elements of class cls whose text the page shows.
func (p probeResult) count(cls string) int {
	n := 0
	for _, t := range p.Texts {
		if !t.Cont && strings.Contains(" "+t.Cls+" ", " "+cls+" ") {
			n++
		}
	}
	return n
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
// the styles' agreement) still failing TestListLong; logged, not failed. Remove an entry when it is
// fixed. Where styles disagreed, a narrower face (editorial's serif) or bigger cards (flat) sat just on
// the other side of the keep factor (data-fit-keep): the templates now drop what long content cannot
// keep up front (data-fit-drop) and give every style the same room.
var pendingList = map[string]bool{}

// droppedBy maps each content path the fit dropped to the styles that dropped it.
type droppedBy map[string]map[brandgen.Style]bool

func (d droppedBy) add(p probeResult, style brandgen.Style) {
	for _, w := range p.Warnings {
		if w.Code == "content_dropped" {
			if d[w.Path] == nil {
				d[w.Path] = map[brandgen.Style]bool{}
			}
			d[w.Path][style] = true
		}
	}
}

// disagree lists the paths some styles dropped and others kept, sorted.
func (d droppedBy) disagree() []string {
	var out []string
	for path, styles := range d {
		if n := len(styles); n < len(brandgen.Styles) {
			out = append(out, fmt.Sprintf("%s dropped in %d of %d styles (%v)", path, n, len(brandgen.Styles), styles))
		}
	}
	sort.Strings(out)
	return out
}

// TestListLong renders the long sample of every list format in every size and style and checks
// listRuleCheck, and that the four styles agree on keeping or dropping each optional part (a narrow
// serif face once kept the item text, the subtitle or the links at the floor under a squashed headline
// while the other styles dropped them) and on how many items or rows they keep (a comparison drops its
// rows one by one under one path: editorial's serif once kept a row more).
func TestListLong(t *testing.T) {
	for pattern, it := range listItems {
		t.Run(pattern, func(t *testing.T) {
			t.Parallel()
			s := sampleNamed(t, pattern, "long")
			for _, size := range brandgen.Sizes {
				dropped := droppedBy{}
				kept := map[brandgen.Style]int{}
				for _, style := range brandgen.Styles {
					p := listProbe(t, pattern, s, brandgen.Look{Size: size, Theme: brandgen.ThemeLight, Style: style})
					kept[style] = p.count(it.main)
					if bad := listRuleCheck(p, it.main, size); len(bad) > 0 && !it.agreeOnly {
						report := t.Errorf
						if pendingList[pattern+"/"+string(size)+"/"+string(style)] {
							report = t.Logf
						}
						report("%s %s: %s", size, style, strings.Join(bad, "; "))
					}
					dropped.add(p, style)
				}
				bad := dropped.disagree()
				for _, style := range brandgen.Styles {
					if kept[style] != kept[brandgen.Styles[0]] {
						bad = append(bad, fmt.Sprintf("%s texts kept per style differ: %v", it.main, kept))
						break
					}
				}
				if len(bad) > 0 {
					report := t.Errorf
					if pendingList[pattern+"/"+string(size)] {
						report = t.Logf
					}
					report("%s: %s", size, strings.Join(bad, "; "))
				}
			}
		})
	}
}

// TestListDropsAgree checks that the four styles agree on what a list page drops where they once
// split on a page that is not long: a grid's short subtitle in a square (the styles with the bigger
// cards dropped it; it is kept now: one short line under the headline tells the reader what the four
// cells are about, and the cells keep readable text beside it).
func TestListDropsAgree(t *testing.T) {
	tests := []struct {
		pattern, sample string
		size            brandgen.Size
		kept            string // a path every style must keep
	}{
		{"grid", "short", brandgen.SizeSquare, "content.subtitle"},
	}
	for _, tt := range tests {
		t.Run(tt.pattern+"/"+tt.sample+"/"+string(tt.size), func(t *testing.T) {
			t.Parallel()
			s := sampleNamed(t, tt.pattern, tt.sample)
			dropped := droppedBy{}
			for _, style := range brandgen.Styles {
				dropped.add(listProbe(t, tt.pattern, s, brandgen.Look{Size: tt.size, Theme: brandgen.ThemeLight, Style: style}), style)
			}
			if bad := dropped.disagree(); len(bad) > 0 {
				t.Error(strings.Join(bad, "; "))
			}
			if styles := dropped[tt.kept]; len(styles) > 0 {
				t.Errorf("%s dropped in %v", tt.kept, styles)
			}
		})
	}
}

// TestListCJKItemText checks that CJK item text sits near its name (at most 1.4x apart, not
// Latin's 1.56x): Han text carries about a word per character and needs the size (halfLooks).
func TestListCJKItemText(t *testing.T) {
	for _, pattern := range []string{"roadmap", "listicle", "resources", "grid"} {
		it := listItems[pattern]
		t.Run(pattern, func(t *testing.T) {
			t.Parallel()
			s := sampleNamed(t, pattern, "cjk")
			for _, look := range halfLooks() {
				p := listProbe(t, pattern, s, look)
				m, x := p.size(it.main), p.size(it.second)
				if m > 0 && x > 0 && m > x*1.4+0.5 {
					t.Errorf("%s %s: item text %.1f px, name %.1f px (%.2fx)", look.Size, look.Style, x, m, m/x)
				}
			}
		})
	}
}
