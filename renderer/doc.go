// Package renderer turns HTML pages into PNG images in a pool of headless Chromium tabs. It is
// the only brandgen package that imports chromedp.
//
// # Pool
//
// A Pool has Config.Browsers browser processes (chromium-headless-shell) of Config.Tabs tabs
// each; a render holds one tab. Browsers start lazily, or in Start; a slot's launches are
// serialized, so a burst of first renders starts exactly one browser per slot. Renders beyond
// the tabs wait in a queue of Config.QueueCap; past it Render fails at once with a
// *brandgen.Error of code render_busy that wraps brandgen.ErrRenderBusy and carries a
// RetryAfter hint: the measured tab service time (queue wait excluded) times the queued renders
// plus one, per tab, 1 s to 60 s. Busy reports the same error before any work, to shed load.
//
// # Tabs and pages
//
// Each tab keeps a stage page at Origin (https://brandgen.internal/) for its whole life. The
// stage preloads the fonts and style sheets of Config.Assets (FontFace.load and
// <link media="not all">), so they stay decoded in the renderer's memory cache. A render sets
// the viewport to the page's exact size (Emulation.setDeviceMetricsOverride, scale 1), writes
// the HTML into a fresh sandboxed same-origin iframe (document.open/write/close into an
// about:blank frame made after the previous render), waits for readiness with one
// Runtime.evaluate awaitPromise, and captures the viewport (Page.captureScreenshot with
// optimizeForSpeed). Each page gets a new document and a new JavaScript global, so top-level
// const/let, timers and globals of one page never reach the next: Page.setDocumentContent,
// measured 8-12 ms, keeps the window, and a second page declaring the same const fails. The
// iframe's sandbox (allow-scripts allow-same-origin) stops top navigation, popups, dialogs and
// form posts; a dialog that still opens is dismissed.
//
// Readiness contract with page templates: a page is captured once its load event has fired
// (style sheets, scripts, images), document.fonts is loaded after a forced layout, every <img>
// is loaded or failed and decoded, and, when <html> has the data-wait attribute, once
// document.documentElement.dataset.ready === "1" (the page's own auto-fit script sets it; fonts
// are awaited again after it). A page that is not ready within the render timeout less 10%
// (at least 500 ms) fails with ErrNotReady naming what it waited for. Relative URLs resolve
// against the origin root. Transparent pages get a transparent default background
// (Emulation.setDefaultBackgroundColorOverride with alpha 0.001: alpha 0 is dropped by
// omitzero and comes out opaque) and must not paint one themselves.
//
// # Stage scripts and Eval
//
// Config.StageScripts are loaded into each tab's stage window once (in order, awaited): by Start
// for every tab, by the first Eval in a tab that lacks them (a script that fails to load fails
// that Eval, and the tab is reopened), and, after a render in such a tab, in the background when
// no render is queued (the tab's next user waits for it, as for the frame swap). Renders never
// wait for them: a tab reopened after a browser crash or a RestartAfter retirement serves renders
// at once. Pool.Eval(ctx, expr, out) evaluates an expression in that window of a warm tab, awaits
// a promise, and decodes the JSON value; a throw or rejection is ErrScript with the script's
// message and the tab stays usable. It queues, times out, retries after a crash and is observed
// ("eval") like a render. Pages rendered in the tab's iframes reach the stage's globals as
// parent.<name> once the tab is warm (after Start, an Eval in it, or its background load).
//
// Diagrams use it for Mermaid (vendor/mermaid.min.js, 5.5 MB): loading the library costs
// ~1.1-1.5 s per window, so it is loaded once per tab and kept warm. Measured here (2 cores,
// loaded by other work): a flowchart laid out by Eval in a warm stage took 180-260 ms (the
// first one 730 ms); a page that loads mermaid.min.js itself took 400-590 ms warm (V8's code
// cache) and 1.4 s cold. Calling parent.mermaid.render from a page with a container of the
// page's own document does not work: Mermaid's renderers look the SVG up in their own window's
// document (d3 select("body")), so the page's container is never found ("Cannot read properties
// of null"). The diagram path is therefore: Eval lays the diagram out in the stage document
// (which applies /css/fonts.css, so text is measured with the pages' fonts) and returns the
// SVG; Go picks the canvas size from its aspect; the page inlines the SVG and is rendered.
//
// # No network
//
// Every request of a tab is intercepted (Fetch domain, pattern "*"): requests to Origin are
// answered from Config.Assets (cached in memory; 404 for a missing file), every other one is
// failed (Stats.Blocked counts them). data: URIs never reach the network. WebSocket and WebRTC,
// which the Fetch domain does not see, are stopped by the launch flags: a dead proxy for every
// host including loopback, a host resolver that resolves nothing, and no non-proxied UDP.
//
// # Supervision
//
// Every render is bounded by Config.RenderTimeout (each Frames step too). A page that hangs
// (a script in a loop) has its renderer crashed with Page.crash and its tab replaced, and the
// browser is pinged: one that does not answer within 3 s is killed. A browser that dies (its
// pipe closes) fails its renders in flight, which the pool retries once on a fresh browser
// (Config.NoRetry: fail them at once) and then reports as render_busy; a crashed tab likewise.
// The slot relaunches in the background as soon as the death is seen (the pipe closes), not on
// the next render. Time from a SIGKILL to the next successful render is launch + a tab without
// the stage scripts + the render: 0.9-1.5 s on the shared 2-core VM at load 13-16
// (TestKillRecoverySkipsStageScripts logs it); it was 1.9-2.9 s while the reopened tab loaded
// Mermaid and its warm-up first (2.5-3.6 s a tab at that load, 1.1-1.5 s quiet) and renders
// queued behind it. A browser retires after Config.RestartAfter renders:
// new renders go to its successor and it closes when its last render ends. Each browser runs
// in a process group of its own with a fresh --user-data-dir; Close kills the groups, waits
// for the processes and removes the directories, so no Chromium outlives the pool.
// Config.Observe receives the duration and error of each "render", "frames", "probe" and "launch".
//
// # PNG encoding
//
// Chromium's default PNG encoder (zlib level 6, adaptive filters) is slow: it is most of a
// render's time on rich pages. The pool captures with optimizeForSpeed (filter Up, zlib level
// 1: fast but big), then re-encodes in Go (png.go, pngencode.go, pngstream.go): it inflates
// Chromium's stream at once with libdeflate in a cgo build (row by row with klauspost/compress
// without cgo), unfilters it row by row, writes an 8-bit palette PNG when the
// picture has at most 256 colours (exact colours, counted; lossless), else RGB or RGBA with
// unfiltered rows except those at least 90% equal to the row above (filter Up), deflated in
// parallel segments (GOMAXPROCS, at most 4) at Config.PNGLevel: with libdeflate at level 7 in a
// cgo build (libdeflate.go, a minimal binding of Debian's libdeflate-dev), with compress/flate at
// level 6 without cgo or with -tags nolibdeflate (see "libdeflate" below for the figures).
// Unfiltered rows beat filtered ones on Chromium's renders because its gradients are dithered:
// deflate finds long repeats in the raw rows that the filters destroy; a row that differs from
// the one above in a few places only (a flat tile with a soft shadow) is smaller filtered. The
// re-encode runs on the caller's goroutine after the tab is back in the pool, so the tab takes
// the next page while the previous image is encoded; under load it competes with Chromium for
// the CPU only. An opaque capture (RGB: every page without transparency) is re-encoded
// streamed: the palette scan follows the unfilter, and once it meets a 257th colour (within the
// first rows of a real page) the deflate segments start, each taking its rows as they are
// unfiltered, instead of after the whole picture. The inflate itself was 11-15 ms of the
// re-encode with klauspost's streaming reader; libdeflate's whole-buffer inflate (2026-11-27)
// cut the glass card's re-encode from 54 to 41 ms of CPU (flat card 12.6 -> 11.8 ms;
// BenchmarkReencode wholeInflate=true/false, load ~20): the segments start a few ms later, but
// the whole re-encode ends earlier and costs less.
//
// The palette path rarely applies to real pages: antialiased text over two fields already
// makes more than 256 colours (the flat card is truecolour); it serves flat shapes and icons.
// The size bound is Chromium's default encode of the same page. Measured on the chart pages of
// bench/load (1080x1350, glass style; go run ./bench/load -dump DIR, then the encoders on the
// dumped fast capture, CPU time per re-encode, 2 segments, 2-core VM shared with other work at
// load 20-28, so ±15%), before libdeflate:
//
//	page    Chromium default   compress/flate 6, Up rows          every row None (before)
//	bar     313,372 B          308,029 B 0.983x   71 ms          304,827 B 0.973x   66 ms
//	line    298,363 B          297,921 B 0.999x   73 ms          295,193 B 0.989x   67 ms
//	donut   372,301 B          346,898 B 0.932x   83 ms          340,399 B 0.914x   72 ms
//	kpi     255,050 B          247,971 B 0.972x   63 ms          258,241 B 1.013x   56 ms
//
// Of the CPU, inflating the fast capture is 11-15 ms. Streaming costs no CPU (glass card of
// BenchmarkReencode at load 33-37: 88 ms streamed, 84 ms not; flat 20.8 against 19.5 ms;
// noise; the charts: +0.5 ms). Its gain is wall time only, and could not be measured on the
// shared VM (load 20-40 all afternoon: a 40 ms re-encode took 330-650 ms of wall). The Up rows
// cost ~10% more CPU (glass 96.6 against 88.2 ms, 560,974 B against 556,131 B; flat 23.3
// against 20.8 ms, 47,247 B against 41,301 B, Chromium 49,672 B) and are the only rule found
// that puts the kpi card under the bound at level 6. Tried and not kept (the same dumps):
// rows 80-85% equal for Up (kpi 0.966x, but more CPU and line 0.995x), 93% (line 1.003x);
// Up only for rows exactly equal to the one above (no change: deflate finds those anyway);
// filter Up, Sub or the libpng heuristic for every row (Sub: line 0.951x, kpi 0.977x, but
// 2x the CPU; Up: 1.03-1.08x and 3x the CPU: compress/flate's hash chains grow long on rows
// of small values); compress/flate 5 (1.02-1.04x on three pages, 12-20% less CPU), 7 (kpi
// 1.002x, +20% CPU), 8 (0.95-0.99x, +60-70%); klauspost's levels 5-7 (2-3x cheaper, 8-25%
// bigger) and 9 (0.90-1.00x, 2x the CPU); a matcher of our own that only tries the rows above
// and the pixel to the left plus a one-entry hash (estimated 1.20-1.34x the bound, and no
// cheaper than level 6: Chromium's dither repeats at distances a fixed candidate set misses).
// On the cards of the renderer's benchmark before the Up rows: glass 556,131 B (Chromium
// 602,487 B) for 80 ms against klauspost 8's 570,791 B for 71 ms; flat 41,301 B (49,672 B)
// for 20 ms against 42,225 B for 17 ms. The re-encode reuses its pixel and palette-index
// buffers (a scratch pool) and joins Chromium's IDAT chunks with one allocation: 5-6 MB
// allocated per glass re-encode instead of 9-13 MB, and 1-6% less CPU (fresh=true in the
// benchmark is the A/B).
//
// libdeflate (the default of a cgo build since 2026-11-27): compress/flate's deflate was two
// thirds of the re-encode's CPU. libdeflate compresses whole buffers only (no flush), so each
// segment is one raw deflate stream whose last block is final: deflatejoin.go walks the
// stream's Huffman codes (no output; ~1 ms per 2 MB segment) to find that block, clears its
// BFINAL bit and appends an empty stored block, which is what zlib's sync flush writes, and the
// segments' Adler-32 sums (libdeflate's, vectorised) combine as before. Measured on the same
// dumps: the whole re-encode from the fast capture (its inflate, 13-15 ms, included), 2
// segments, CPU time with -cpu 1, 8 runs interleaved, load 22:
//
//	page    Chromium   compress/flate 6    libdeflate 6       libdeflate 7 (now)          libdeflate 8
//	bar     313,372 B  0.983x  76.8 ms     0.982x  46.1 ms    297,886 B 0.951x  57.2 ms   0.944x 108 ms
//	line    298,363 B  0.999x  74.5 ms     1.001x  45.6 ms    289,423 B 0.970x  61.0 ms   0.962x 115 ms
//	donut   372,301 B  0.932x  81.1 ms     0.937x  52.6 ms    336,929 B 0.905x  67.6 ms   0.896x 129 ms
//	kpi     255,050 B  0.972x  61.4 ms     0.961x  40.0 ms    238,522 B 0.935x  48.0 ms   0.933x  89 ms
//
// Level 7 costs 17-26% less CPU than compress/flate 6 (13-20 ms per chart) for files 3-4%
// smaller. Level 6 costs 35-40% less but puts the line chart over the bound (1.001x); 8 nearly
// doubles the CPU for under 1%. On the deflate alone (one segment, an earlier run, compress/flate 6
// taking 49-70 ms): levels 4 and 5 take 17-30 ms but are 1.02-1.09x and 0.99-1.06x the bound;
// 10-12 (near-optimal parsing) reach 0.81-0.90x for 7-26x the CPU. With level 7, every row
// unfiltered (the rule before the Up rows) is smaller on bar, line and donut (0.942x, 0.960x,
// 0.888x) but the kpi card goes back to 0.983x, so the Up rows stay; one segment instead of two
// changes the size by under 0.1%. The segments wait for all their rows (no streaming into a
// whole-buffer compressor): the first starts once the inflate is half done, the last after it.
// On the cards of TestReencodeAgainstChromium (real Chromium, against its default encode),
// libdeflate 7 and compress/flate 6: glass 534,670 B 0.887x and 560,974 B 0.931x; flat 43,116 B
// 0.868x and 47,247 B 0.951x; blocks (palette) 0.430x and 0.534x; translucent (RGBA) 0.583x and
// 0.623x.
//
// Figures of the previous encoder (klauspost level 8), measured on the 2-core Xeon VM
// (shared, so ±15%) with the benchmark's 1080x1350 cards (go test -bench . ./renderer; go run
// ./bench/rawshot):
//
//	warm render, one at a time     glass (gradients, blur, text)    flat (solid fields, text)
//	Chromium default PNG           523-596 ms   602,487 B           91-100 ms   49,672 B
//	fast capture + Go, level 8     352-381 ms   570,791 B (-5%)     96-114 ms   42,225 B (-15%)
//	fast capture + Go, level 6     317-362 ms   612,964 B           89-110 ms   57,646 B
//	fast capture as is (-1)        227-277 ms 1,046,620 B           67-82 ms    76,685 B
//
//	Go side alone, glass card: inflate 45 ms; inflate+encode at level 1 60 ms (809 KB),
//	6 74 ms (613 KB), 8 88 ms (571 KB), 9 142 ms (548 KB); level 8 on one core 120 ms.
//	Adaptive filters at level 6: 123 ms, 622 KB.
//
//	Page swap inside a warm tab: iframe write 12 ms, iframe srcdoc 30 ms, navigation 58 ms.
//	The glass card's capture costs ~270 ms inside Chromium (software raster of filter:
//	blur(60px) and backdrop-filter, plus the fast encode); without blur or shadows 160 ms.
//	Browser launch 190-300 ms; Start of 1 browser x 2 tabs 350-450 ms.
//	Frames at 540x675, 10 steps: ~100 ms a frame on the glass card, ~55 ms on the flat one.
//
//	Throughput under load (renders/s, 2 cores), glass: 1x1 3.3-3.8, 1x2 4.0-5.3, 2x1 3.9-5.7,
//	1x3 4.0-5.0 (p95 up to 2.7 s); flat: 1x2 13-15, 2x1 13-14. Chromium memory (PSS) for 1x2:
//	~800 MiB on the glass card, ~270 MiB on the flat one; 2x1 takes 5-25% more.
//
// The default 1 browser x 2 tabs saturates two cores at the lowest memory; 2x1 is as fast and
// isolates crashes better for a little more memory.
package renderer
