package renderer

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"
)

func TestRenderSizes(t *testing.T) {
	p := needPool(t)
	for _, tc := range []struct {
		name string
		w, h int
	}{
		{"portrait", 1080, 1350},
		{"square", 1080, 1080},
		{"story", 1080, 1920},
		{"landscape", 1920, 1080},
		{"odd", 333, 77},
	} {
		t.Run(tc.name, func(t *testing.T) {
			// The page marks its own bottom-right pixel, so a viewport that does not match the
			// requested size shows.
			html := `<!doctype html><html><body style="margin:0;background:rgb(255,255,255)">
<div style="position:fixed;right:0;bottom:0;width:1px;height:1px;background:rgb(255,0,0)"></div>
<div style="position:fixed;left:0;top:0;width:1px;height:1px;background:rgb(0,0,255)"></div></body></html>`
			b, err := p.Render(ctxTimeout(t, 30*time.Second), Page{HTML: html, Width: tc.w, Height: tc.h})
			if err != nil {
				t.Fatal(err)
			}
			img := decodePNG(t, b)
			if got := img.Bounds().Size(); got.X != tc.w || got.Y != tc.h {
				t.Fatalf("size %v, want %dx%d", got, tc.w, tc.h)
			}
			if c := rgba(img.At(tc.w-1, tc.h-1)); c != [4]uint8{255, 0, 0, 255} {
				t.Errorf("bottom-right pixel %v, want red", c)
			}
			if c := rgba(img.At(0, 0)); c != [4]uint8{0, 0, 255, 255} {
				t.Errorf("top-left pixel %v, want blue", c)
			}
			if c := rgba(img.At(tc.w/2, tc.h/2)); c != [4]uint8{255, 255, 255, 255} {
				t.Errorf("centre pixel %v, want white", c)
			}
		})
	}
}

func TestRenderTransparent(t *testing.T) {
	p := needPool(t)
	// A disc in the middle: corners show the page background.
	html := `<!doctype html><html><body style="margin:0">
<div style="position:absolute;left:100px;top:100px;width:200px;height:200px;border-radius:50%;background:rgb(255,0,0)"></div></body></html>`
	for _, tc := range []struct {
		transparent bool
		corner      [4]uint8
	}{
		{true, [4]uint8{0, 0, 0, 0}},
		{false, [4]uint8{255, 255, 255, 255}},
		{true, [4]uint8{0, 0, 0, 0}}, // and back: the tab's override follows each page
	} {
		t.Run(fmt.Sprint("transparent=", tc.transparent), func(t *testing.T) {
			b, err := p.Render(ctxTimeout(t, 30*time.Second), Page{HTML: html, Width: 400, Height: 400, Transparent: tc.transparent})
			if err != nil {
				t.Fatal(err)
			}
			img := decodePNG(t, b)
			for _, pt := range [][2]int{{0, 0}, {399, 0}, {0, 399}, {399, 399}} {
				c := rgba(img.At(pt[0], pt[1]))
				if tc.transparent && c[3] != 0 || !tc.transparent && c != tc.corner {
					t.Errorf("corner %v is %v, want %v", pt, c, tc.corner)
				}
			}
			if c := rgba(img.At(200, 200)); c != [4]uint8{255, 0, 0, 255} {
				t.Errorf("centre %v, want opaque red", c)
			}
		})
	}
}

// readyPage paints its background green when check() is true, red otherwise, then sets
// data-ready: the data-wait contract makes the render wait for it.
func readyPage(head, body, check string) string {
	return `<!doctype html><html data-wait><head><meta charset="utf-8">` + head + `</head><body style="margin:0">` + body + `
<script>(async () => { let ok = false; try { ok = await (` + check + `) } catch (e) { ok = false }
document.body.style.background = ok ? 'rgb(0,255,0)' : 'rgb(255,0,0)';
document.documentElement.dataset.ready = '1' })()</script></body></html>`
}

func renderVerdict(t *testing.T, p *Pool, html string) {
	t.Helper()
	b, err := p.Render(ctxTimeout(t, 30*time.Second), Page{HTML: html, Width: 200, Height: 100})
	if err != nil {
		t.Fatal(err)
	}
	if c := rgba(decodePNG(t, b).At(199, 99)); c != [4]uint8{0, 255, 0, 255} {
		t.Errorf("verdict pixel %v, want green", c)
	}
}

func TestAssetsServed(t *testing.T) {
	p := needPool(t)
	for _, tc := range []struct{ name, head, body, check string }{
		{"font from assets is loaded and used",
			`<style>@font-face{font-family:T;src:url(/fonts/Test.otf)}</style>`,
			`<span style="font-family:T">Hamburgefonstiv</span>`,
			`document.fonts.load('16px T').then(l => l.length === 1 && document.fonts.check('16px T') && [...document.fonts].some(f => f.family === 'T' && f.status === 'loaded'))`},
		{"relative URL resolves at the origin root",
			`<style>@font-face{font-family:R;src:url(fonts/Test.otf)}</style>`,
			`<span style="font-family:R">x</span>`,
			`document.fonts.load('16px R').then(l => l.length === 1 && l[0].status === 'loaded')`},
		{"style sheet from assets applies",
			`<link rel="stylesheet" href="/css/test.css">`,
			`<div id="d" class="from-css">x</div>`,
			`getComputedStyle(document.getElementById('d')).backgroundColor === 'rgb(0, 0, 255)'`},
		{"missing asset is a 404",
			``, ``,
			`fetch('/fonts/nope.otf').then(r => r.status === 404)`},
		{"origin is the internal one",
			``, ``,
			`location.origin === 'https://brandgen.internal' && document.compatMode === 'CSS1Compat'`},
		{"data URI image loads",
			``, `<img id="i" src="data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='10' height='10'/%3E">`,
			`document.getElementById('i').decode().then(() => document.getElementById('i').naturalWidth === 10)`},
	} {
		t.Run(tc.name, func(t *testing.T) { renderVerdict(t, p, readyPage(tc.head, tc.body, tc.check)) })
	}
}

// The font must change the rendering: the same text with the asset font and with a family that
// does not exist differ.
func TestAssetFontChangesPixels(t *testing.T) {
	p := needPool(t)
	page := func(src string) Page {
		return Page{Width: 600, Height: 120, HTML: `<!doctype html><html><head><style>@font-face{font-family:T;src:url(` + src + `)}
body{margin:0;font:64px T, monospace}</style></head><body>Hamburgefonstiv</body></html>`}
	}
	withFont, err := p.Render(ctxTimeout(t, 30*time.Second), page("/fonts/Test.otf"))
	if err != nil {
		t.Fatal(err)
	}
	without, err := p.Render(ctxTimeout(t, 30*time.Second), page("/fonts/missing.otf"))
	if err != nil {
		t.Fatal(err)
	}
	again, err := p.Render(ctxTimeout(t, 30*time.Second), page("/fonts/Test.otf"))
	if err != nil {
		t.Fatal(err)
	}
	if bytes := string(withFont); bytes == string(without) {
		t.Error("the asset font did not change the rendering")
	}
	if string(withFont) != string(again) {
		t.Error("the same page rendered twice differs")
	}
}

func TestNetworkBlocked(t *testing.T) {
	p := needPool(t)
	before := p.Stats().Blocked
	start := time.Now()
	renderVerdict(t, p, readyPage(
		`<link rel="stylesheet" href="https://fonts.googleapis.com/css2?family=Roboto">
<script src="http://example.com/x.js"></script>`,
		`<img id="i" src="https://example.com/x.png"><img src="http://169.254.169.254/latest/meta-data/">
<iframe src="https://example.com/"></iframe>`,
		`(async () => {
  const blocked = u => fetch(u).then(() => false, () => true);
  const ws = await new Promise(r => { try { const s = new WebSocket('wss://example.com/'); s.onopen = () => r(false); s.onerror = () => r(true) } catch (e) { r(true) } });
  const img = document.getElementById('i');
  return await blocked('https://example.com/') && await blocked('http://127.0.0.1:6379/') &&
    await blocked('file:///etc/passwd') && await blocked('http://localhost/') && ws &&
    img.complete && img.naturalWidth === 0;
})()`))
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("blocked requests took %v", d)
	}
	if got := p.Stats().Blocked - before; got < 5 {
		t.Errorf("Stats.Blocked grew by %d, want at least 5", got)
	}
}

func TestDataWait(t *testing.T) {
	p := needPool(t)
	// The page turns green 300 ms after load; without the wait the capture would be red.
	html := `<!doctype html><html data-wait><body style="margin:0;background:rgb(255,0,0)">
<script>setTimeout(() => { document.body.style.background = 'rgb(0,255,0)'; document.documentElement.dataset.ready = '1' }, 300)</script></body></html>`
	start := time.Now()
	b, err := p.Render(ctxTimeout(t, 30*time.Second), Page{HTML: html, Width: 100, Height: 100})
	if err != nil {
		t.Fatal(err)
	}
	if c := rgba(decodePNG(t, b).At(50, 50)); c != [4]uint8{0, 255, 0, 255} {
		t.Errorf("pixel %v, want green", c)
	}
	if d := time.Since(start); d < 300*time.Millisecond {
		t.Errorf("render took %v, less than the page's 300 ms", d)
	}
}

func TestNotReady(t *testing.T) {
	p := newPool(t, func(c *Config) { c.Tabs = 1; c.RenderTimeout = 2 * time.Second })
	_, err := p.Render(ctxTimeout(t, 30*time.Second), Page{HTML: `<!doctype html><html data-wait><body>never ready</body></html>`, Width: 100, Height: 100})
	if !errors.Is(err, ErrNotReady) || !strings.Contains(err.Error(), "data-ready") {
		t.Fatalf("err = %v, want ErrNotReady naming data-ready", err)
	}
	// The tab is still good.
	if _, err := p.Render(ctxTimeout(t, 30*time.Second), Page{HTML: `<p>ok</p>`, Width: 100, Height: 100}); err != nil {
		t.Fatalf("render after a page that was not ready: %v", err)
	}
}

// Globals, timers and top-level const of one page must not leak into the next.
func TestPagesIsolated(t *testing.T) {
	p := newPool(t, func(c *Config) { c.Tabs = 1 })
	for i := range 3 {
		renderVerdict(t, p, readyPage(``, `<script>const leaked = 1; var counter = (window.counter || 0) + 1; window.counter = counter;
setInterval(() => { window.ticks = (window.ticks || 0) + 1 }, 5)</script>`,
			`new Promise(r => setTimeout(r, 30)).then(() => window.counter === 1 && window.ticks >= 1 && window.ticks < 20)`))
		_ = i
	}
}

// Pages that try to block, leave or escape the stage must not break the tab.
func TestHostilePages(t *testing.T) {
	p := newPool(t, func(c *Config) { c.Tabs = 1; c.RenderTimeout = 5 * time.Second })
	for _, tc := range []struct{ name, script string }{
		{"alert", `alert('hi'); confirm('sure?'); prompt('name?')`},
		{"popup", `window.open('https://example.com/')`},
		{"top navigation", `top.location.href = 'https://example.com/'`},
		{"parent navigation", `parent.location.href = '/elsewhere'`},
		{"self navigation", `location.href = 'https://example.com/'`},
		{"form submit", `const f = document.createElement('form'); f.action = 'https://example.com/'; f.method = 'post'; document.body.appendChild(f); f.submit()`},
		{"print", `print()`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := p.Render(ctxTimeout(t, 30*time.Second), Page{Width: 100, Height: 100,
				HTML: `<!doctype html><body><script>try { ` + tc.script + ` } catch (e) {}</script>hostile</body>`})
			if err != nil {
				t.Logf("hostile render: %v", err) // failing is fine; hanging or breaking the tab is not
			}
			renderVerdict(t, p, readyPage(``, ``, `true`))
		})
	}
	if s := p.Stats(); s.Launches != 1 {
		t.Errorf("stats %+v: hostile pages restarted the browser", s)
	}
}

// Pages see the usual lifecycle: DOMContentLoaded, load, fonts.ready and animation frames.
func TestPageLifecycle(t *testing.T) {
	p := needPool(t)
	renderVerdict(t, p, readyPage(`<style>@font-face{font-family:T;src:url(/fonts/Test.otf)}</style>
<script>window.seen = []; document.addEventListener('DOMContentLoaded', () => seen.push('dcl'));
window.addEventListener('load', () => seen.push('load'));</script>`,
		`<span style="font-family:T">x</span>`,
		`new Promise(r => window.addEventListener('load', r)).then(() => document.fonts.ready)
		  .then(() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r))))
		  .then(() => seen.join() === 'dcl,load' && document.fonts.check('16px T'))`))
}
