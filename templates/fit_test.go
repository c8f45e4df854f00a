package templates

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/brandgen/brandgen/renderer"
)

// fitPage is a bare page running the fit script over body (inside main.content, 900x600).
func fitPage(s *Set, body string) renderer.Page {
	html := `<!doctype html><html data-wait><head><meta charset="utf-8"><style>
:root{--fs-floor:24px;--fs-floor-label:18px;--fs-xs:19px}
*{margin:0;padding:0;box-sizing:border-box}
body{font-family:'Noto Sans',sans-serif;font-size:30px}
main.content{position:absolute;left:40px;top:40px;width:900px;height:600px;display:flex;flex-direction:column;gap:20px}
[data-fit]{overflow:hidden;min-height:0}
.headline{line-height:1.04}
</style></head><body><main class="content">` + body + `</main><script>` + string(s.fitJS) + `</script></body></html>`
	return renderer.Page{HTML: html, Width: 980, Height: 680}
}

const fitSizes = `(() => ({
  sizes: Object.fromEntries([...document.querySelectorAll('[id]')].map((e) => [e.id, getComputedStyle(e).display === 'none' ? 0 : parseFloat(getComputedStyle(e).fontSize)])),
  warnings: window.__brandgenFit.warnings,
}))()`

// TestFitByHierarchy runs the fit script on small pages: tight line boxes are not overflow, text
// that needs shrinking shrinks, sparse text grows when the page asks, and content too long for the
// floor loses its optional parts (reported) before body text goes under the floor.
func TestFitByHierarchy(t *testing.T) {
	p := testPool(t)
	s := testSet(t)
	long := strings.Repeat("Every item here is a long sentence that wraps over two lines of the column. ", 3)
	items := ""
	for range 6 {
		items += `<p class="body" data-fit="19">` + long + `</p>`
	}
	tests := []struct {
		name     string
		body     string
		check    func(sizes map[string]float64) string
		warnings string // codes joined by ","
	}{
		{"tight CJK line box is one line", `<h1 id="h" class="headline" data-fit="20" data-lines="1" style="font-size:80px;line-height:.9">高性能渲染</h1>`,
			func(m map[string]float64) string {
				if m["h"] != 80 {
					return "headline shrunk although it fits on one line"
				}
				return ""
			}, ""},
		{"two lines over a one-line cap shrink", `<h1 id="h" class="headline" data-fit="20" data-lines="1" style="font-size:80px">A headline far too long to sit on one line here</h1>`,
			func(m map[string]float64) string {
				if m["h"] >= 80 {
					return "headline not shrunk"
				}
				return ""
			}, ""},
		{"sparse text grows together", `<div data-fit-grow="2"><h1 id="h" class="headline" data-fit="30" style="font-size:60px">Two items</h1><p id="b" class="body" data-fit="20" style="font-size:30px">Golang Weekly</p></div>`,
			func(m map[string]float64) string {
				if m["b"] <= 30 || m["h"] <= 60 {
					return "text did not grow"
				}
				if r := m["h"] / m["b"]; r < 1.9 || r > 2.1 {
					return "headline to body ratio changed"
				}
				return ""
			}, ""},
		{"too long drops the subtitle first, body stays on the floor", `<h1 id="h" class="headline" data-fit="30" style="font-size:60px">Title</h1><p id="sub" class="lead" data-fit="20" data-optional="1" data-path="content.subtitle" style="font-size:40px">` + long + `</p><div data-fit-box style="flex:1 1 0;min-height:0;display:flex;flex-direction:column" id="list">` + strings.Replace(items, `<p class="body"`, `<p id="b" class="body"`, 1) + `</div>`,
			func(m map[string]float64) string {
				if m["sub"] != 0 {
					return "subtitle still shown"
				}
				return ""
			}, "content_dropped,text_below_minimum"},
		{"after a drop the block refits from the template's sizes", `<h1 id="h" class="headline" data-fit="30" style="font-size:60px">Title</h1><p id="sub" class="lead" data-fit="20" data-optional="1" data-path="content.subtitle" style="font-size:40px">` + strings.Repeat(long, 8) + `</p><p id="b" class="body" data-fit="19" style="font-size:30px">Two short lines</p>`,
			func(m map[string]float64) string {
				if m["sub"] != 0 {
					return "subtitle still shown"
				}
				if m["h"] != 60 || m["b"] != 30 {
					return "headline and body not back at their template sizes"
				}
				return ""
			}, "content_dropped"},
		{"data-fit-drop drops its tiers up front, reported, and keeps the rest", `<div data-fit-grow="1.5" data-fit-keep=".75" data-fit-drop="1"><h1 id="h" class="headline" data-fit="30" style="font-size:60px">Title</h1><p id="sub" class="lead" data-fit="20" data-optional="1" data-path="content.subtitle" style="font-size:40px">A short subtitle</p><p id="b" class="body" data-fit="19" data-optional="2" data-path="content.items[].text" style="font-size:30px">Two short lines</p></div>`,
			func(m map[string]float64) string {
				if m["sub"] != 0 {
					return "subtitle still shown although it fits: the template dropped it"
				}
				if m["b"] == 0 {
					return "tier 2 dropped too"
				}
				return ""
			}, "content_dropped"},
		{"data-fit-below caps a caption at the code's size after the code shrank alone", `<pre id="c" data-fit="19" data-lines="1" style="font-size:40px;white-space:pre-wrap">` + strings.Repeat("x", 40) + `</pre><p id="cap" class="lead" data-fit="19" data-fit-below="#c" style="font-size:38px">A caption</p>`,
			func(m map[string]float64) string {
				if m["c"] >= 38 {
					return "the code did not shrink to its one line"
				}
				if m["cap"] > m["c"] {
					return "caption over the code"
				}
				return ""
			}, ""},
		{"data-fit-first shrinks a subtitle alone before the headline it squeezes", `<h1 id="h" class="headline" data-fit="30" style="font-size:120px;flex:0 1 auto">Ship branded images at scale</h1><p id="sub" class="lead" data-fit="20" data-lines="3" data-fit-first style="font-size:44px;flex:0 0 auto">` + strings.Repeat("A subtitle that runs on ", 7) + `</p>`,
			func(m map[string]float64) string {
				// In page order the headline, squeezed by the subtitle's five lines, shrank first.
				if m["h"] != 120 {
					return "the headline shrank before the subtitle took its three lines"
				}
				if m["sub"] >= 44 {
					return "the subtitle did not shrink to its line cap"
				}
				return ""
			}, ""},
		{"data-fit-ratio keeps a step under the named text, above the floor", `<p id="ctx" data-fit="19" data-lines="1" style="font-size:40px">` + strings.Repeat("word ", 10) + `</p><p id="src" data-fit="19" data-fit-below="#ctx" data-fit-ratio=".8" style="font-size:34px">Source</p>`,
			func(m map[string]float64) string {
				if m["src"] > m["ctx"]*0.8+0.5 {
					return "source over 0.8x the context"
				}
				if m["src"] < 24 {
					return "source under the body floor"
				}
				return ""
			}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
			defer cancel()
			_, raw, err := p.RenderProbe(ctx, fitPage(s, tt.body), fitSizes)
			if err != nil {
				t.Fatal(err)
			}
			var got struct {
				Sizes    map[string]float64
				Warnings []struct{ Code, Path, Message string }
			}
			if err := json.Unmarshal(raw, &got); err != nil {
				t.Fatal(err)
			}
			if msg := tt.check(got.Sizes); msg != "" {
				t.Errorf("%s: %v", msg, got.Sizes)
			}
			var codes []string
			for _, w := range got.Warnings {
				codes = append(codes, w.Code)
				if w.Message == "" || w.Path == "" {
					t.Errorf("warning without message or path: %+v", w)
				}
			}
			if strings.Join(codes, ",") != tt.warnings {
				t.Errorf("warnings %v, want %q", got.Warnings, tt.warnings)
			}
		})
	}
}
