package renderer

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"os/exec"
	"sync"
	"sync/atomic"
	"time"

	"github.com/brandgen/brandgen/ewma"
)

// Errors of the pool. Renders hit by a full queue or by a browser crash fail with a
// *brandgen.Error of code render_busy that wraps brandgen.ErrRenderBusy and carries a
// RetryAfter hint; test with errors.Is(err, brandgen.ErrRenderBusy).
var (
	// ErrClosed: the pool is closed.
	ErrClosed = errors.New("renderer: pool closed")
	// ErrInvalidPage: the Page is not renderable (size out of range, empty HTML, too many steps).
	ErrInvalidPage = errors.New("renderer: invalid page")
	// ErrTimeout: the render did not finish within Config.RenderTimeout (a page that hangs).
	ErrTimeout = errors.New("renderer: render timed out")
	// ErrNotReady: the page did not become ready (load, fonts, images, data-ready) within the
	// render's time budget; the message says what it was waiting for.
	ErrNotReady = errors.New("renderer: page not ready")
	// ErrStep: a frame step threw or rejected.
	ErrStep = errors.New("renderer: frame step failed")
	// ErrLaunch: the browser did not start.
	ErrLaunch = errors.New("renderer: browser launch failed")
)

// Limits of a Page.
const (
	MaxDimension = 4096             // CSS pixels, each side
	MaxPixels    = 4096 * 4096 / 2  // width*height
	MaxHTML      = 32 << 20         // bytes of HTML
	MaxSteps     = 1000             // frame steps per Frames call
	defaultW     = 1080             // viewport of a fresh tab
	defaultH     = 1350             //
	retryAfterLo = time.Second      // bounds of the RetryAfter hint
	retryAfterHi = 60 * time.Second //
)

// Config configures a Pool. The zero value of every field picks the default in brackets.
type Config struct {
	// ChromePath is the browser binary [/usr/lib/chromium/chromium-headless-shell if it exists,
	// else chromium-headless-shell, headless-shell, chromium or google-chrome on PATH].
	ChromePath string
	// Browsers is the number of browser processes [1]; Tabs the tabs of each [2]. A render
	// holds one tab, so Browsers*Tabs renders run at once.
	Browsers, Tabs int
	// RestartAfter restarts a browser after that many renders, to bound its memory [500];
	// negative: never.
	RestartAfter int
	// QueueCap is how many renders may wait for a tab [32]; beyond it Render fails at once
	// with render_busy. Negative: no waiting at all.
	QueueCap int
	// RenderTimeout bounds one render once it holds a tab (queue time excluded) and each step
	// of Frames [30s].
	RenderTimeout time.Duration
	// LaunchTimeout bounds a browser start and a tab opening [20s].
	LaunchTimeout time.Duration
	// Assets is served to pages at Origin (e.g. fonts/Inter.woff2 at
	// https://brandgen.internal/fonts/Inter.woff2). May be nil.
	Assets fs.FS
	// Preload lists asset paths (fonts, .css) each tab loads once when it opens, so that the
	// first render in it finds them decoded [nil: every font and .css file of Assets up to
	// 4 MiB]. An empty non-nil slice preloads nothing.
	Preload []string
	// PNGLevel is the deflate level (1..9) of the PNG re-encode: libdeflate's in a cgo build
	// [7], else compress/flate's [6]; -1
	// returns Chromium's fast PNG as is (bigger, saves 60-90 ms of CPU per 1080x1350 render);
	// PNGChromium captures with Chromium's own default encoder (slow; for comparisons).
	PNGLevel int
	// NoRetry makes a render hit by a browser or tab crash fail at once with render_busy,
	// instead of being retried once on a fresh browser.
	NoRetry bool
	// Flags are extra Chromium command-line flags ("--name=value" or "--name").
	Flags []string
	// StageScripts lists asset paths of scripts (e.g. "vendor/mermaid.min.js") each tab loads
	// into its stage window once, when it opens; Eval runs where they are loaded. Pages reach
	// them as parent.<global>. A script that fails to load fails the tab's opening.
	StageScripts []string
	// Logger receives the pool's logs [slog.Default()].
	Logger *slog.Logger
	// Observe, when set, is called after each Render ("render"), Frames ("frames"), Probe
	// ("probe") and browser start ("launch") with its duration and error (nil on success). It runs on the
	// caller's goroutine and must be fast.
	Observe func(kind string, d time.Duration, err error)
}

// Page is one document to render.
type Page struct {
	// HTML is a complete document. It is rendered at Origin, so "/fonts/x.woff2" loads
	// Assets' fonts/x.woff2; data: URIs work; every other URL is blocked.
	HTML string
	// Width and Height are the exact size of the image in pixels.
	Width, Height int
	// Transparent renders with a transparent page background (the page must not paint one).
	Transparent bool
}

func (pg Page) validate() error {
	switch {
	case pg.Width < 1 || pg.Height < 1 || pg.Width > MaxDimension || pg.Height > MaxDimension:
		return fmt.Errorf("%w: size %dx%d outside 1..%d", ErrInvalidPage, pg.Width, pg.Height, MaxDimension)
	case pg.Width*pg.Height > MaxPixels:
		return fmt.Errorf("%w: size %dx%d over %d pixels", ErrInvalidPage, pg.Width, pg.Height, MaxPixels)
	case pg.HTML == "":
		return fmt.Errorf("%w: empty HTML", ErrInvalidPage)
	case len(pg.HTML) > MaxHTML:
		return fmt.Errorf("%w: HTML of %d bytes over %d", ErrInvalidPage, len(pg.HTML), MaxHTML)
	}
	return nil
}

// Stats is a snapshot of the pool's state and counters.
type Stats struct {
	Slots    int    // configured browsers
	Tabs     int    // tabs in all (renders that can run at once)
	Browsers int    // browser processes running now
	Busy     int    // renders holding a tab
	Queued   int    // renders waiting for a tab
	Launches uint64 // browser starts
	Restarts uint64 // starts that replaced a browser (crash, hang, RestartAfter)
	Crashes  uint64 // browsers or tabs lost under the pool (crash, kill, hang)
	Renders  uint64 // renders and Frames calls that succeeded
	Failures uint64 // renders and Frames calls that failed after getting a tab
	Retries  uint64 // renders retried after a crash
	Rejected uint64 // renders refused because the queue was full
	Blocked  uint64 // page requests blocked (outside Origin)
}

// Pool renders pages to PNG in a pool of headless Chromium tabs. It is safe for concurrent use.
// Browsers start lazily (or in Start); each slot launches exactly one browser at a time.
type Pool struct {
	cfg    Config
	log    *slog.Logger
	id     string
	assets *assets
	fonts  []string // preloaded in each tab
	sheets []string

	ctx    context.Context // parent of every browser; canceled by Close
	cancel context.CancelFunc
	done   chan struct{}
	closed atomic.Bool
	bg     sync.WaitGroup // background work (browser shutdowns, tab resets), see background
	bgMu   sync.Mutex
	bgDone bool // Close is waiting for bg: later work runs untracked

	slots []*slot
	idle  chan *tab

	waiting   atomic.Int64
	busy      atomic.Int64
	launchSeq atomic.Uint64 // launch attempts, numbering browsers
	launches  atomic.Uint64
	restarts  atomic.Uint64
	crashes   atomic.Uint64
	renders   atomic.Uint64
	failures  atomic.Uint64
	retries   atomic.Uint64
	rejected  atomic.Uint64
	blocked   atomic.Uint64
	latency   ewma.Duration // EWMA of tab service time (tab taken to tab back, no queue wait), for the RetryAfter hint
	launchErr atomic.Pointer[error]

	// pingTimeout bounds the health check of a browser after a render timed out in it.
	pingTimeout time.Duration

	// chromeEncode captures with Chromium's default PNG encoder and skips the re-encode; the
	// benchmark compares the two paths with it.
	chromeEncode bool
}

// New validates cfg and returns a pool. No browser starts until the first render or Start.
func New(cfg Config) (*Pool, error) {
	if cfg.Browsers == 0 {
		cfg.Browsers = 1
	}
	if cfg.Tabs == 0 {
		cfg.Tabs = 2
	}
	if cfg.RestartAfter == 0 {
		cfg.RestartAfter = 500
	}
	if cfg.QueueCap == 0 {
		cfg.QueueCap = 32
	}
	if cfg.QueueCap < 0 {
		cfg.QueueCap = 0
	}
	if cfg.RenderTimeout == 0 {
		cfg.RenderTimeout = 30 * time.Second
	}
	if cfg.LaunchTimeout == 0 {
		cfg.LaunchTimeout = 20 * time.Second
	}
	if cfg.PNGLevel == 0 {
		cfg.PNGLevel = defaultPNGLevel
	}
	switch {
	case cfg.Browsers < 1 || cfg.Browsers > 64:
		return nil, fmt.Errorf("renderer: Browsers %d outside 1..64", cfg.Browsers)
	case cfg.Tabs < 1 || cfg.Tabs > 64:
		return nil, fmt.Errorf("renderer: Tabs %d outside 1..64", cfg.Tabs)
	case cfg.RenderTimeout < 0 || cfg.LaunchTimeout < 0:
		return nil, errors.New("renderer: negative timeout")
	case cfg.PNGLevel != -1 && cfg.PNGLevel != PNGChromium && (cfg.PNGLevel < 1 || cfg.PNGLevel > 9):
		return nil, fmt.Errorf("renderer: PNGLevel %d outside 1..9 (or -1, PNGChromium)", cfg.PNGLevel)
	}
	path, err := findChrome(cfg.ChromePath)
	if err != nil {
		return nil, err
	}
	cfg.ChromePath = path
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	var id [4]byte
	_, _ = rand.Read(id[:])
	p := &Pool{
		cfg:    cfg,
		log:    cfg.Logger.With("component", "renderer"),
		id:     hex.EncodeToString(id[:]),
		assets: newAssets(cfg.Assets),
		done:   make(chan struct{}),
		idle:   make(chan *tab, cfg.Browsers*cfg.Tabs),

		pingTimeout:  3 * time.Second,
		chromeEncode: cfg.PNGLevel == PNGChromium,
	}
	if n := removeStaleProfiles(os.TempDir(), staleProfileAge); n > 0 {
		p.log.Info("removed stale browser profile folders", "count", n, "dir", os.TempDir())
	}
	p.fonts, p.sheets = p.assets.preloadList(cfg.Preload)
	p.ctx, p.cancel = context.WithCancel(context.Background())
	for i := range cfg.Browsers {
		s := &slot{p: p, index: i, lock: make(chan struct{}, 1)}
		p.slots = append(p.slots, s)
		for j := range cfg.Tabs {
			p.idle <- &tab{p: p, slot: s, index: j}
		}
	}
	return p, nil
}

// FindChrome returns the browser binary a Pool uses for Config.ChromePath path (tests and tools
// that launch their own browser use it to pick the same one).
func FindChrome(path string) (string, error) { return findChrome(path) }

// findChrome returns the browser binary: path when set (a name is looked up on PATH), else the
// first known location that exists.
func findChrome(path string) (string, error) {
	if path != "" {
		full, err := exec.LookPath(path)
		if err != nil {
			return "", fmt.Errorf("renderer: ChromePath %q: %w", path, err)
		}
		return full, nil
	}
	for _, p := range []string{"/usr/lib/chromium/chromium-headless-shell", "/headless-shell/headless-shell"} {
		if info, err := os.Stat(p); err == nil && !info.IsDir() && info.Mode()&0o111 != 0 {
			return p, nil
		}
	}
	for _, name := range []string{"chromium-headless-shell", "headless-shell", "chromium", "chromium-browser", "google-chrome"} {
		if full, err := exec.LookPath(name); err == nil {
			return full, nil
		}
	}
	return "", errors.New("renderer: no Chromium found: set ChromePath (chromium-headless-shell is recommended)")
}

// Start launches every browser and opens every tab, so that the first renders do not pay for
// it. It is optional. ctx bounds the wait, not the browsers' lives.
func (p *Pool) Start(ctx context.Context) error {
	if p.closed.Load() {
		return ErrClosed
	}
	n := p.cfg.Browsers * p.cfg.Tabs
	tabs := make([]*tab, 0, n)
	defer func() {
		for _, t := range tabs {
			p.idle <- t
		}
	}()
	for range n {
		select {
		case t := <-p.idle:
			tabs = append(tabs, t)
		case <-ctx.Done():
			return ctx.Err()
		case <-p.done:
			return ErrClosed
		}
	}
	errs := make([]error, len(tabs))
	var wg sync.WaitGroup
	for i, t := range tabs {
		wg.Go(func() {
			b, err := t.slot.acquire(ctx)
			if err != nil {
				errs[i] = err
				return
			}
			defer b.release()
			errs[i] = t.ensure(ctx, b, true) // Start warms the stage scripts too
		})
	}
	wg.Wait()
	return errors.Join(errs...)
}

// Stats returns a snapshot of the pool.
func (p *Pool) Stats() Stats {
	running := 0
	for _, s := range p.slots {
		running += s.running()
	}
	return Stats{
		Slots:    p.cfg.Browsers,
		Tabs:     p.cfg.Browsers * p.cfg.Tabs,
		Browsers: running,
		Busy:     int(p.busy.Load()),
		Queued:   int(p.waiting.Load()),
		Launches: p.launches.Load(),
		Restarts: p.restarts.Load(),
		Crashes:  p.crashes.Load(),
		Renders:  p.renders.Load(),
		Failures: p.failures.Load(),
		Retries:  p.retries.Load(),
		Rejected: p.rejected.Load(),
		Blocked:  p.blocked.Load(),
	}
}

// Healthy reports whether the pool can render: nil, or ErrClosed, or the error of the last
// browser launch when it failed and no browser runs. A pool that has not started a browser yet
// is healthy.
func (p *Pool) Healthy() error {
	if p.closed.Load() {
		return ErrClosed
	}
	if e := p.launchErr.Load(); e != nil {
		for _, s := range p.slots {
			if s.running() > 0 {
				return nil
			}
		}
		return *e
	}
	return nil
}

// Close stops every browser and waits until their processes have exited and their profile
// directories are removed. Renders in flight fail; later calls return ErrClosed.
func (p *Pool) Close() error {
	if !p.closed.CompareAndSwap(false, true) {
		return nil
	}
	close(p.done)
	var errs []error
	for _, s := range p.slots {
		if err := s.shutdown(); err != nil {
			errs = append(errs, err)
		}
	}
	p.cancel()
	p.bgMu.Lock()
	p.bgDone = true
	p.bgMu.Unlock()
	p.bg.Wait()
	return errors.Join(errs...)
}

// background runs f on its own goroutine; Close waits for it. After Close has begun to wait,
// f runs untracked (it can only be cleanup of what Close already killed).
func (p *Pool) background(f func()) {
	p.bgMu.Lock()
	defer p.bgMu.Unlock()
	if p.bgDone {
		go f()
		return
	}
	p.bg.Go(f)
}
