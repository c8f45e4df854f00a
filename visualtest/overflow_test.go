package visualtest

import (
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/branding"
	"github.com/brandgen/brandgen/charts"
	"github.com/brandgen/brandgen/posts"
	"github.com/brandgen/brandgen/renderer"
	"github.com/brandgen/brandgen/renderer/browsertest"
	"github.com/brandgen/brandgen/studio"
	"github.com/brandgen/brandgen/templates"
)

var (
	pool  *renderer.Pool
	pages *templates.Set
	st    *studio.Studio
)

// TestMain starts the package's one browser pool. Captures keep Chromium's fast PNG (PNGLevel -1):
// the tests decode them and never look at their size, and the re-encode cost 60-90 ms of CPU each.
func TestMain(m *testing.M) {
	browsertest.Main(m, renderer.Config{QueueCap: -1, PNGLevel: -1}, func(p *renderer.Pool) (err error) {
		pool = p
		if pages, err = templates.New(); err != nil {
			return fmt.Errorf("templates: %w", err)
		}
		st = studio.New(pages, pool, branding.NewResolver(branding.ResolverOptions{Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}), nil)
		return nil
	})
}

// checkScript(mark) lists the text that is clipped by a box that hides overflow, or lies outside
// the content area or the canvas (empty when clean). With mark it also marks the page for a saved
// frame: a 6x6 square at the top-left corner turns magenta (green when clean), offending elements
// get a magenta outline and the reasons are printed at the bottom.
func checkScript(mark bool) string {
	return "(" + checkFunc + ")(" + strconv.FormatBool(mark) + ")"
}

const checkFunc = `((marking) => {
  const tol = 2, W = innerWidth, H = innerHeight;
  const main = document.querySelector('main.content') || document.body;
  const m = main.getBoundingClientRect();
  const bad = new Set(), why = [];
  const desc = (el) => el.tagName.toLowerCase() + (el.className && el.className.baseVal === undefined ? '.' + String(el.className).trim().replace(/\s+/g, '.') : '');
  const fmt = (r) => [r.left, r.top, r.right, r.bottom].map(Math.round).join(',');
  // Glyph boxes of display type stand out of tight line boxes by design: allow half the
  // font size vertically and a tenth horizontally.
  const outside = (r, b, fs) => {
    const v = Math.max(tol, fs * 0.5), h = Math.max(tol, fs * 0.1);
    return r.left < b.left - h || r.top < b.top - v || r.right > b.right + h || r.bottom > b.bottom + v;
  };
  const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const n = walker.currentNode;
    if (!n.textContent.trim()) continue;
    const el = n.parentElement;
    const cs = getComputedStyle(el);
    if (cs.display === 'none' || cs.visibility === 'hidden' || el.closest('style,script')) continue;
    const fs = parseFloat(cs.fontSize) || 16;
    const range = document.createRange();
    range.selectNodeContents(n);
    for (const r of range.getClientRects()) {
      if (!r.width || !r.height) continue;
      if (outside(r, m, fs) || outside(r, {left: 0, top: 0, right: W, bottom: H}, fs)) { bad.add(el); why.push(desc(el) + ' text ' + fmt(r) + ' outside content ' + fmt(m)); break; }
      let clipped = false;
      for (let a = el; a && a !== main.parentElement; a = a.parentElement) {
        if (a instanceof SVGElement) continue;
        const s = getComputedStyle(a);
        if (s.display === 'contents') continue;
        if ((s.overflowX !== 'visible' || s.overflowY !== 'visible') && outside(r, a.getBoundingClientRect(), fs)) { clipped = true; why.push(desc(el) + ' text ' + fmt(r) + ' clipped by ' + desc(a) + ' ' + fmt(a.getBoundingClientRect())); break; }
      }
      if (clipped) { bad.add(el); break; }
    }
  }
  if (!marking) return why;
  for (const el of bad) el.style.outline = '4px solid #ff00ff';
  const mark = document.createElement('div');
  mark.style.cssText = 'position:fixed;left:0;top:0;width:6px;height:6px;z-index:2147483647;background:' + (bad.size ? '#ff00ff' : '#00ff00');
  document.body.appendChild(mark);
  if (why.length) { const w = document.createElement('pre'); w.textContent = why.slice(0, 6).join('\n'); w.style.cssText = 'position:fixed;left:8px;bottom:8px;margin:0;font:16px monospace;background:#fff;color:#c00;z-index:2147483647;white-space:pre-wrap;max-width:95vw'; document.body.appendChild(w); }
  return why;
})`

type sample struct {
	pattern string
	posts.Sample
}

// longCharts are charts at their limits: most points, longest labels and titles.
func longCharts() []posts.Sample {
	long := func(i int) string {
		return fmt.Sprintf("Enterprise customers in region %d with extended labels and more", i)[:60]
	}
	var series, slices []charts.Point
	for i := range charts.MaxSeries {
		series = append(series, charts.Point{Label: long(i), Value: float64((i*37)%90+5) * 1234.5})
	}
	for i := range charts.MaxSlices {
		slices = append(slices, charts.Point{Label: long(i), Value: float64(i%4 + 1)})
	}
	var tiles []charts.Tile
	for i := range charts.MaxTiles {
		tiles = append(tiles, charts.Tile{Value: "$1,234,567,890.12", Label: long(i), Delta: "+1,234.56%"})
	}
	title := strings.Repeat("Quarterly revenue by enterprise region ", 4)[:120]
	sub := strings.Repeat("Net revenue after refunds and credits, all figures in thousands of US dollars. ", 4)[:240]
	return []posts.Sample{
		{Name: "bar-long", Content: charts.Content{ChartType: "bar", Title: title, Subtitle: sub, Unit: "$", Series: series}},
		{Name: "line-long", Content: charts.Content{ChartType: "line", Title: title, Subtitle: sub, Unit: "requests/s", Series: series}},
		{Name: "donut-long", Content: charts.Content{ChartType: "donut", Title: title, Subtitle: sub, Slices: slices}},
		{Name: "kpi-long", Content: charts.Content{ChartType: "kpi", Title: title, Subtitle: sub, Tiles: tiles}},
	}
}

func samples(t *testing.T) []sample {
	var out []sample
	for _, id := range posts.Formats {
		list := posts.Samples(id)
		if len(list) == 0 {
			t.Errorf("%s has no samples", id)
		}
		for _, s := range list {
			out = append(out, sample{id, s})
		}
	}
	for _, s := range longCharts() {
		out = append(out, sample{"chart", s})
	}
	return out
}

// displayPosts are the posts whose longest sample fits above the readable floor in every style and
// size (no text_below_minimum). A one-line cap no size above its floor can meet fails the block at
// every factor, and the fallback sets everything on the floor: editorial's long poster printed its
// headline at 36 px in an empty page (its letter-spaced small-caps footer, read as body text,
// needed more than a line at 24 px; it is a label).
var displayPosts = map[string]bool{"announcement": true, "poster": true, "cover": true, "showcase": true, "quote": true, "campaign": true}

// TestNothingOverflows renders the longest sample of every pattern in every style and size (light
// theme; the theme changes colours, not boxes), and fails on any clipped or escaping text or ink
// cut off (inkProbe), or a display post's text under the floor (displayPosts); every other sample
// gets the clip and ink checks in every size from TestTypeSystem.
// Failed frames are saved under BRANDGEN_VISUAL_DIR (default: the test's temp dir) for a look.
func TestNothingOverflows(t *testing.T) {
	brand := &brandgen.Brand{Name: "Northwind Laboratories International", Handle: "@northwind_laboratories",
		Colors: &brandgen.Colors{Primary: "#4f46e5", Secondary: "#f59e0b"}}
	dir := os.Getenv("BRANDGEN_VISUAL_DIR")
	var looks []brandgen.Look
	for _, size := range brandgen.Sizes {
		for _, style := range brandgen.Styles {
			looks = append(looks, brandgen.Look{Size: size, Theme: brandgen.ThemeLight, Style: style})
		}
	}
	for _, s := range samples(t) {
		if !strings.HasSuffix(s.Name, "long") {
			continue
		}
		t.Run(s.pattern+"/"+s.Name, func(t *testing.T) {
			t.Parallel()
			if !pages.Has(s.pattern) {
				t.Fatalf("no template for %s", s.pattern)
			}
			for _, look := range looks {
				size, style := look.Size, look.Style
				pg, err := st.Page(context.Background(), studio.Job{Pattern: s.pattern, Content: s.Content, Look: look, Layout: s.Layout, Brand: brand})
				if err != nil {
					t.Fatal(err)
				}
				// The page answers the ink rule too (inkProbe), and the fit's report, at no cost.
				raw, err := pool.Probe(context.Background(), pg, "({Why: "+checkScript(false)+", Ink: "+inkProbe+", Fit: "+studio.FitProbe+"})")
				if err != nil {
					t.Fatalf("%s %s: %v", size, style, err)
				}
				var got struct {
					Why, Ink []string
					Fit      json.RawMessage
				}
				if err := json.Unmarshal(raw, &got); err != nil || got.Why == nil {
					t.Fatalf("%s %s: the check did not run: %s %v", size, style, raw, err)
				}
				if displayPosts[s.pattern] {
					warnings, err := studio.FitWarnings(got.Fit)
					if err != nil {
						t.Fatalf("%s %s: %v", size, style, err)
					}
					for _, w := range warnings {
						if w.Code == "text_below_minimum" {
							t.Errorf("%s %s: %s", size, style, w.Message)
						}
					}
				}
				if len(got.Ink) > 0 {
					t.Errorf("%s %s: %d glyphs cut off: %s", size, style, len(got.Ink), strings.Join(got.Ink[:min(len(got.Ink), 6)], "; "))
				}
				why := got.Why
				if len(why) == 0 {
					continue
				}
				// A failed page is rendered again, marked, for a look.
				path := "(not saved)"
				if frames, err := pool.Frames(context.Background(), pg, []string{checkScript(true)}); err == nil {
					path = save(t, dir, fmt.Sprintf("%s-%s-%s-%s.png", s.pattern, s.Name, size, style), frames[0])
				}
				t.Errorf("%s %s: text overflows or is clipped (outlined in magenta: %s): %s", size, style, path, strings.Join(why, "; "))
			}
		})
	}
}

func save(t *testing.T, dir, name string, img image.Image) string {
	if dir == "" {
		dir = t.TempDir()
	}
	os.MkdirAll(dir, 0o755)
	path := filepath.Join(dir, name)
	f, err := os.Create(path)
	if err != nil {
		return err.Error()
	}
	defer f.Close()
	png.Encode(f, img)
	return path
}
