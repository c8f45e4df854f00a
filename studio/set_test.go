package studio

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/posts"
	"github.com/brandgen/brandgen/renderer"
	"github.com/brandgen/brandgen/templates"
)

// slowPool is a Renderer and Prober that takes d per render, reports tabs tabs, records how many
// renders ran at once, and fails the render of the page whose HTML holds fail.
type slowPool struct {
	d          time.Duration
	tabs       int
	now, peak  atomic.Int32
	fail       string
	probeCalls atomic.Int32
}

func (p *slowPool) Stats() renderer.Stats { return renderer.Stats{Tabs: p.tabs} }

func (p *slowPool) Render(ctx context.Context, pg renderer.Page) ([]byte, error) {
	n := p.now.Add(1)
	defer p.now.Add(-1)
	for {
		old := p.peak.Load()
		if n <= old || p.peak.CompareAndSwap(old, n) {
			break
		}
	}
	select {
	case <-time.After(p.d):
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	if p.fail != "" && len(pg.HTML) > 0 && strings.Contains(pg.HTML, p.fail) {
		return nil, errors.New("boom")
	}
	return []byte(fmt.Sprintf("png %dx%d", pg.Width, pg.Height)), nil
}

// RenderProbe answers as a page would where the set's probe returns ["probe()"] (null without
// one) and the fit script left the subtitle out.
func (p *slowPool) RenderProbe(ctx context.Context, pg renderer.Page, probe string) ([]byte, json.RawMessage, error) {
	p.probeCalls.Add(1)
	b, err := p.Render(ctx, pg)
	val := "null"
	if strings.Contains(probe, "probe()") {
		val = `["probe()"]`
	}
	if !strings.Contains(probe, FitProbe) {
		return nil, nil, errors.New("the set's probe does not read the fit report")
	}
	return b, json.RawMessage(`{"p":` + val + `,"w":[{"code":"content_dropped","message":"left out","path":"content.subtitle"}]}`), err
}

type noBrand struct{}

func (noBrand) Resolve(context.Context, *brandgen.Brand, *brandgen.Brand, bool) (brandgen.Badge, error) {
	return brandgen.Badge{Show: true, Name: "Northwind"}, nil
}

func TestRenderSetConcurrent(t *testing.T) {
	pages, err := templates.New()
	if err != nil {
		t.Fatal(err)
	}
	pool := &slowPool{d: 150 * time.Millisecond, tabs: 2}
	st := New(pages, pool, noBrand{}, nil)
	set := Set{Look: brandgen.Look{Size: brandgen.SizeSquare}, Probe: "probe()"}
	for i := range 10 {
		set.Pages = append(set.Pages, SetPage{Pattern: "quote", Content: quoteOf(fmt.Sprintf("Quote number %d", i))})
	}
	start := time.Now()
	res, err := st.RenderSet(context.Background(), set)
	took := time.Since(start)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Shots) != 10 || res.Badge.Name != "Northwind" {
		t.Fatalf("%d shots, badge %+v", len(res.Shots), res.Badge)
	}
	for i, s := range res.Shots {
		if string(s.PNG) != "png 1080x1080" || s.Width != 1080 || string(s.Probe) != `["probe()"]` {
			t.Fatalf("shot %d: %q %d %s", i, s.PNG, s.Width, s.Probe)
		}
		if len(s.Warnings) != 1 || s.Warnings[0].Path != "content.subtitle" || s.Warnings[0].Code != "content_dropped" {
			t.Fatalf("shot %d warnings %+v", i, s.Warnings)
		}
	}
	// Two renders per tab: 4 at once, never more; 10 pages in 3 rounds, not 10.
	if peak := pool.peak.Load(); peak != 4 {
		t.Errorf("%d renders at once, want 4 (2 per tab)", peak)
	}
	if took > 8*pool.d {
		t.Errorf("10 pages took %s, more than 8 renders' time (%s each)", took, pool.d)
	}
	if pool.probeCalls.Load() != 10 { // counted before the set without a probe below
		t.Errorf("probe ran %d times", pool.probeCalls.Load())
	}

	// Without a probe of its own a set still reads the fit report; Probe stays nil.
	res, err = st.RenderSet(context.Background(), Set{Look: set.Look, Pages: set.Pages[:1]})
	if err != nil || res.Shots[0].Probe != nil || len(res.Shots[0].Warnings) != 1 {
		t.Fatalf("set without a probe: %+v, %v", res.Shots, err)
	}

	// A failing page fails the set, naming the page, and stops what had not started.
	pool.fail = "Quote number 2"
	_, err = st.RenderSet(context.Background(), set)
	if err == nil || !strings.Contains(err.Error(), "render page 3") {
		t.Fatalf("err = %v", err)
	}
}

func quoteOf(s string) posts.QuoteContent { return posts.QuoteContent{Quote: s, Author: "Ada"} }
