package visualtest

import (
	"fmt"
	"strings"
	"testing"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/posts"
	"github.com/brandgen/brandgen/studio"
)

// Issue 10's fill and hierarchy rules for the roadmap, listicle and hiring pages: the story roadmap
// spans its safe area, a landscape listicle's headline leads its item names, and a job post keeps
// its perks when a chip wraps.

// TestRoadmapStoryFill renders every roadmap sample as a story in every style: the steps span at least
// 65% of the safe area's height (the bottom 256 px stay free by design: phone apps draw over them),
// with no empty band over a quarter of it.
func TestRoadmapStoryFill(t *testing.T) {
	for _, s := range posts.Samples("roadmap") {
		t.Run(s.Name, func(t *testing.T) {
			t.Parallel()
			for _, style := range brandgen.Styles {
				p := listProbe(t, "roadmap", s, brandgen.Look{Size: brandgen.SizeStory, Theme: brandgen.ThemeLight, Style: style})
				if bad := fillRuleCheck(p, 0.65); len(bad) > 0 {
					t.Errorf("%s: %s", style, strings.Join(bad, "; "))
				}
			}
		})
	}
}

// fillRuleCheck returns the ways the page's content fails to span min of the safe area's height.
func fillRuleCheck(p probeResult, min float64) []string {
	var bad []string
	if p.Fill < min {
		bad = append(bad, fmt.Sprintf("content spans %.0f%% of the safe area's height (want >= %.0f%%)", p.Fill*100, min*100))
	}
	if p.Gap > 0.25 {
		bad = append(bad, fmt.Sprintf("an empty band of %.0f%% of the safe area's height", p.Gap*100))
	}
	return bad
}

// listHeadProbe measures a listicle's headline and largest visible item name, and whether the head
// runs across the top (a long title) or sits beside the items.
const listHeadProbe = `(() => {
  const fs = (el) => parseFloat(getComputedStyle(el).fontSize);
  const names = [...document.querySelectorAll('.li-name')].filter((e) => e.getClientRects().length > 0);
  return {head: fs(document.querySelector('.li-title')), name: Math.max(0, ...names.map(fs)), across: !!document.querySelector('.p-list.across')};
})()`

// TestListHeadLeads renders every listicle sample in landscape in every style: the headline is at
// least 1.6x the item names when it sits in its column beside them (at 1.55x, a two-line title in
// the narrow column read level with the bold two-line names), 1.5x when it runs across the top.
func TestListHeadLeads(t *testing.T) {
	for _, s := range posts.Samples("listicle") {
		t.Run(s.Name, func(t *testing.T) {
			t.Parallel()
			for _, style := range brandgen.Styles {
				var p struct {
					Head, Name float64
					Across     bool
				}
				look := brandgen.Look{Size: brandgen.SizeLandscape, Theme: brandgen.ThemeLight, Style: style}
				probe(t, studio.Job{Pattern: "listicle", Content: s.Content, Layout: s.Layout, Look: look}, listHeadProbe, &p)
				want := 1.6
				if p.Across {
					want = 1.5
				}
				if p.Name > 0 && p.Head < p.Name*want-0.5 {
					t.Errorf("%s: headline %.1f px, item names %.1f px (%.2fx, want >= %.1fx)", style, p.Head, p.Name, p.Head/p.Name, want)
				}
			}
		})
	}
}

// hiringPerkCheck returns the ways a job post's page mishandles its perks: none left of several, a
// perk missing without a content_dropped warning on content.perks, or perks dropped other than from
// the end (they go one at a time from the last).
func hiringPerkCheck(p probeResult, perks []string) []string {
	var kept []string
	for _, t := range p.Texts {
		if strings.Contains(" "+t.Cls+" ", " hi-perk-text ") && !t.Cont {
			kept = append(kept, strings.ReplaceAll(t.Text, "\u00a0", " ")) // (glued words: cjk.js, emojiText)
		}
	}
	var bad []string
	if len(perks) > 0 && len(kept) == 0 {
		bad = append(bad, fmt.Sprintf("all %d perks dropped", len(perks)))
	}
	warned := false
	for _, w := range p.Warnings {
		warned = warned || (w.Code == "content_dropped" && w.Path == "content.perks")
	}
	if len(kept) < len(perks) && !warned {
		bad = append(bad, fmt.Sprintf("%d of %d perks shown without a content_dropped warning", len(kept), len(perks)))
	}
	for i, k := range kept {
		if i >= len(perks) || !strings.Contains(perks[i], k) {
			bad = append(bad, fmt.Sprintf("perk %d shown is %q: perks must drop from the end", i+1, k))
			break
		}
	}
	return bad
}

// TestHiringKeepsPerks renders every hiring sample with perks in every size and style: a chip that
// wraps (the long sample's location) no longer fails the fit and takes every perk with it; perks that
// do not fit go one at a time from the last, reported, and the first always stays.
func TestHiringKeepsPerks(t *testing.T) {
	for _, s := range posts.Samples("hiring") {
		c, ok := s.Content.(posts.HiringContent)
		if !ok || len(c.Perks) == 0 {
			continue
		}
		t.Run(s.Name, func(t *testing.T) {
			t.Parallel()
			for _, size := range brandgen.Sizes {
				for _, style := range brandgen.Styles {
					p := listProbe(t, "hiring", s, brandgen.Look{Size: size, Theme: brandgen.ThemeLight, Style: style})
					if bad := hiringPerkCheck(p, c.Perks); len(bad) > 0 {
						t.Errorf("%s %s: %s", size, style, strings.Join(bad, "; "))
					}
				}
			}
		})
	}
}

// hiringLeadCheck returns the ways a job post flattens its hierarchy: the role under twice the
// largest perk (six long perks at the floor held a square's role at 37.5 px over 24 px).
func hiringLeadCheck(p probeResult) []string {
	h, _ := p.sizes("h")
	perk := p.size("hi-perk-text")
	if perk > 0 && h < perk*2-0.5 {
		return []string{fmt.Sprintf("role %.1f px under twice the perks' %.1f px", h, perk)}
	}
	return nil
}

// TestHiringHierarchy renders every hiring sample with perks in every size and style: the role
// stays at least twice its perks (perks go from the end first), and the styles keep the same perks.
func TestHiringHierarchy(t *testing.T) {
	for _, s := range posts.Samples("hiring") {
		if c, ok := s.Content.(posts.HiringContent); !ok || len(c.Perks) == 0 {
			continue
		}
		t.Run(s.Name, func(t *testing.T) {
			t.Parallel()
			for _, size := range brandgen.Sizes {
				kept := map[brandgen.Style]int{}
				for _, style := range brandgen.Styles {
					p := listProbe(t, "hiring", s, brandgen.Look{Size: size, Theme: brandgen.ThemeLight, Style: style})
					if bad := hiringLeadCheck(p); len(bad) > 0 {
						t.Errorf("%s %s: %s", size, style, strings.Join(bad, "; "))
					}
					kept[style] = p.count("hi-perk-text")
				}
				for _, style := range brandgen.Styles {
					if kept[style] != kept[brandgen.Styles[0]] {
						t.Errorf("%s: perks kept per style differ: %v", size, kept)
						break
					}
				}
			}
		})
	}
}

// TestListicleLandscapeNamesAgree renders the long listicle (ten items in three columns) in landscape
// in every style: the item names of each style are at least 0.93x the largest style's (glass's cards,
// inset 40 px a side and 24 px above and below, held its names at 28 px against blueprint's 33).
func TestListicleLandscapeNamesAgree(t *testing.T) {
	s := sampleNamed(t, posts.Listicle, "long")
	names := map[brandgen.Style]float64{}
	hi := 0.0
	for _, style := range brandgen.Styles {
		p := itemRowsOf(t, posts.Listicle, s, brandgen.Look{Size: brandgen.SizeLandscape, Theme: brandgen.ThemeLight, Style: style}, "li-name")
		for _, it := range p.Items {
			names[style] = it.FS
		}
		hi = max(hi, names[style])
	}
	if hi == 0 {
		t.Fatal("no item names shown")
	}
	for style, fs := range names {
		if fs < hi*0.93-0.25 {
			t.Errorf("%s: names at %.1f px, under 0.93x the largest style's %.1f px (%v)", style, fs, hi, names)
		}
	}
}
