package carousel

import (
	"context"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/posts"
	"github.com/brandgen/brandgen/slides"
	"github.com/brandgen/brandgen/studio"
)

// TestSlideWarnings: a slide page's paths move under its slide object of the answer.
func TestSlideWarnings(t *testing.T) {
	for _, c := range []struct {
		i          int
		path, want string
	}{
		{2, "content.subtitle", "content.slides[2].subtitle"},
		{0, "content", "content.slides[0]"},
		{4, "content.items[].text", "content.slides[4].items[].text"},
		{1, "footer", "content.slides[1].footer"},
	} {
		got := slideWarnings(c.i, []brandgen.Warning{{Code: "content_dropped", Message: "m", Path: c.path}})
		if len(got) != 1 || got[0].Path != c.want || got[0].Code != "content_dropped" || got[0].Message != "m" {
			t.Errorf("slideWarnings(%d, %q) = %+v, want path %q", c.i, c.path, got, c.want)
		}
	}
	if got := slideWarnings(3, nil); len(got) != 0 {
		t.Errorf("no warnings became %+v", got)
	}
}

// warned renders like unprobed, and reports a dropped subtitle on the slides it names.
type warned struct {
	unprobed
	on map[int]bool
}

func (w warned) RenderSet(ctx context.Context, set studio.Set) (studio.SetResult, error) {
	res, err := w.unprobed.RenderSet(ctx, set)
	for i := range res.Shots {
		if w.on[i] {
			res.Shots[i].Warnings = []brandgen.Warning{{Code: "content_dropped", Message: "left out", Path: "content.subtitle"}}
		}
	}
	return res, err
}

// TestMakeCarriesWarnings: the deck lists each slide's warnings in slide order, under its slide.
func TestMakeCarriesWarnings(t *testing.T) {
	deck := deckOf(t, slides.Cover, slides.List, slides.Point, slides.CTA)
	got, err := New(warned{on: map[int]bool{1: true, 3: true}}, quiet).Make(context.Background(), Request{Slides: deck})
	if err != nil {
		t.Fatal(err)
	}
	var paths []string
	for _, w := range got.Warnings {
		paths = append(paths, w.Path)
	}
	if want := []string{"content.slides[1].subtitle", "content.slides[3].subtitle"}; !reflect.DeepEqual(paths, want) {
		t.Errorf("deck warnings %v, want %v", paths, want)
	}
	clean, err := New(warned{}, quiet).Make(context.Background(), Request{Slides: deck})
	if err != nil || clean.Warnings != nil {
		t.Errorf("a deck that fits has warnings %+v (%v)", clean.Warnings, err)
	}
}

// TestRenderSetReadsFit renders, in Chromium, a set holding a page whose content cannot fit above
// the readable floor next to one that fits: the set reads the fit report with its own probe, and
// only the long page has warnings.
func TestRenderSetReadsFit(t *testing.T) {
	var items []posts.Resource
	for i := range 8 {
		items = append(items, posts.Resource{Name: fmt.Sprintf("Designing data-intensive applications, part %d of the series", i+1),
			Text: "Replication, partitioning and consistency explained clearly, with the trade-offs each choice makes in real systems.",
			Link: "dataintensive.net/second-edition/chapters-and-errata-for-all-readers-2025", Tag: "Book · Paid edition"})
	}
	long := posts.ResourcesContent{Title: "The platform engineering reading list: eight resources we give each new hire",
		Subtitle: "Books, courses and talks that shaped how we run infrastructure. Most are free; the paid ones are worth every cent.",
		Items:    items}
	short := posts.ResourcesContent{Title: "Two newsletters", Items: []posts.Resource{{Name: "Golang Weekly"}, {Name: "Pointer.io"}}}
	res, err := maker.studio.RenderSet(context.Background(), studio.Set{Probe: textProbe, Look: brandgen.Look{Style: brandgen.StyleGlass},
		Pages: []studio.SetPage{{Pattern: "resources", Content: long}, {Pattern: "resources", Content: short}}})
	if err != nil {
		t.Fatal(err)
	}
	if ws := res.Shots[0].Warnings; len(ws) == 0 || ws[0].Code != "content_dropped" || ws[0].Path != "content.subtitle" {
		t.Errorf("long page warnings %+v, want the subtitle dropped first", ws)
	}
	if ws := res.Shots[1].Warnings; len(ws) != 0 {
		t.Errorf("short page warnings %+v", ws)
	}
	lines, err := parseLines(res.Shots[1].Probe) // the set's own probe still answers
	if err != nil || len(lines) == 0 || !strings.Contains(lines[0].Text+lines[len(lines)-1].Text+fmt.Sprint(lines), "Golang Weekly") {
		t.Errorf("text probe of the short page: %+v, %v", lines, err)
	}
}
