package animate

import (
	"context"
	"encoding/json"
	"fmt"
	"image"
	"reflect"
	"testing"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/renderer"
	"github.com/brandgen/brandgen/studio"
)

// framesOnly is a FrameSource that cannot probe.
type framesOnly struct{ src FrameSource }

func (f framesOnly) FramesFunc(ctx context.Context, pg renderer.Page, steps []string, fn func(int, image.Image) error) error {
	return f.src.FramesFunc(ctx, pg, steps, fn)
}

// TestAnimateReport: a GIF of content that does not fit above the floor reports what its page left
// out, the same warnings as a still of the same content (the GIF is the page scaled as a whole);
// content that fits reports nothing, and so does a frame source that cannot probe.
func TestAnimateReport(t *testing.T) {
	ctx := context.Background()
	var items []map[string]any
	for i := range 8 {
		items = append(items, map[string]any{"name": fmt.Sprintf("Designing data-intensive applications, part %d of the series", i+1),
			"text": "Replication, partitioning and consistency explained clearly, with the trade-offs each choice makes in real systems.",
			"link": "dataintensive.net/second-edition/chapters-and-errata-for-all-readers-2025", "tag": "Book · Paid edition"})
	}
	long := map[string]any{"title": "The platform engineering reading list: eight resources we give each new hire",
		"subtitle": "Books, courses and talks that shaped how we run infrastructure. Most are free; the paid ones are worth every cent.",
		"items":    items}
	short := map[string]any{"title": "Two newsletters", "items": []map[string]any{{"name": "Golang Weekly"}, {"name": "Pointer.io"}}}
	for _, tc := range []struct {
		name    string
		content any
		frames  FrameSource
		dropped bool // the subtitle is left out
	}{
		{"long", long, pool, true},
		{"short", short, pool, false},
		{"long without a probe", long, framesOnly{pool}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			raw, _ := json.Marshal(tc.content)
			req := Request{Format: "resources", Content: raw, Mode: Flow, Speed: Fast}
			a := *animator
			a.Frames = tc.frames
			gif, got, err := a.AnimateReport(ctx, req)
			if err != nil {
				t.Fatal(err)
			}
			decode(t, gif)
			content, issues := a.Catalog.Decode(req.Format, raw, "content.")
			if err := brandgen.Invalid(issues); err != nil {
				t.Fatal(err)
			}
			_, want, err := a.Studio.RenderReport(ctx, studio.Job{Pattern: req.Format, Content: content, Look: req.Look.WithDefaults()})
			if err != nil {
				t.Fatal(err)
			}
			if !tc.dropped {
				if got != nil {
					t.Fatalf("warnings %+v, want none", got)
				}
				return
			}
			if len(got) == 0 || got[0].Code != "content_dropped" || got[0].Path != "content.subtitle" || !reflect.DeepEqual(got, want) {
				t.Fatalf("GIF warnings %+v, want content_dropped on content.subtitle as the still's %+v", got, want)
			}
		})
	}
}
