package renderer

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"os/exec"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/chromedp"
)

// chromeFlags are the flags of every browser: the machine notes' set, plus flags that keep
// the browser quiet, deterministic and unable to reach any network even if a request escaped
// the Fetch interception (WebSocket, WebRTC): a dead proxy for every host including loopback
// and a resolver that resolves nothing.
var chromeFlags = []string{
	"--headless",
	"--no-sandbox",
	"--disable-gpu",
	"--disable-quic",
	"--no-first-run",
	"--no-default-browser-check",
	"--disable-background-networking",
	"--disable-component-update",
	"--disable-sync",
	"--hide-scrollbars",
	"--font-render-hinting=none",
	"--lang=en-US",
	"--force-color-profile=srgb",
	"--force-device-scale-factor=1",
	"--disable-checker-imaging",
	"--disable-dev-shm-usage",
	"--disable-extensions",
	"--disable-breakpad",
	"--disable-crash-reporter",
	"--disable-default-apps",
	"--disable-domain-reliability",
	"--disable-client-side-phishing-detection",
	"--disable-hang-monitor",
	"--disable-ipc-flooding-protection",
	"--disable-popup-blocking",
	"--block-new-web-contents",
	"--disable-renderer-backgrounding",
	"--disable-background-timer-throttling",
	"--disable-backgrounding-occluded-windows",
	"--disable-features=Translate,MediaRouter,OptimizationHints,AutofillServerCommunication,CertificateTransparencyComponentUpdater,DialMediaRouteProvider,InterestFeedContentSuggestions",
	"--metrics-recording-only",
	"--mute-audio",
	"--no-pings",
	"--deny-permission-prompts",
	"--password-store=basic",
	"--use-mock-keychain",
	"--proxy-server=http://127.0.0.1:9",
	"--proxy-bypass-list=<-loopback>",
	"--host-resolver-rules=MAP * ~NOTFOUND",
	"--force-webrtc-ip-handling-policy=disable_non_proxied_udp",
	"--webrtc-ip-handling-policy=disable_non_proxied_udp",
}

// slot is one browser position of the pool. Its lock serializes launches, so a burst of
// first renders starts exactly one browser.
type slot struct {
	p     *Pool
	index int
	lock  chan struct{} // a mutex that a waiter can give up on

	mu  sync.Mutex // guards cur and all
	cur *browser
	all map[*browser]struct{} // every browser not yet closed, current or retiring
}

func (s *slot) current() *browser {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.cur
}

// running is 1 when the slot has a live browser.
func (s *slot) running() int {
	if b := s.current(); b != nil && !b.dead() {
		return 1
	}
	return 0
}

// acquire returns the slot's live browser with a reference held (release it), launching one
// when there is none or the current one is dead or retiring.
func (s *slot) acquire(ctx context.Context) (*browser, error) {
	select {
	case s.lock <- struct{}{}:
	case <-ctx.Done():
		return nil, fmt.Errorf("renderer: waiting for a browser: %w", ctx.Err())
	case <-s.p.done:
		return nil, ErrClosed
	}
	defer func() { <-s.lock }()
	if s.p.closed.Load() {
		return nil, ErrClosed
	}
	old := s.current()
	if old != nil && old.ref() {
		return old, nil
	}
	b, err := s.p.launch(ctx, s)
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	s.cur = b
	if s.all == nil {
		s.all = make(map[*browser]struct{})
	}
	s.all[b] = struct{}{}
	s.mu.Unlock()
	if old != nil {
		s.p.restarts.Add(1)
		old.retire("replaced")
	}
	b.ref()
	return b, nil
}

// prelaunch starts the slot's next browser in the background, after a crash or a retirement,
// so that the next render does not wait for it.
func (s *slot) prelaunch() {
	if s.p.closed.Load() {
		return
	}
	s.p.background(func() {
		if b, err := s.acquire(s.p.ctx); err == nil {
			b.release()
		}
	})
}

// shutdown kills the slot's browsers for Close.
func (s *slot) shutdown() error {
	s.lock <- struct{}{} // no launch is running after this; later ones see closed
	defer func() { <-s.lock }()
	s.mu.Lock()
	all := make([]*browser, 0, len(s.all))
	for b := range s.all {
		all = append(all, b)
	}
	s.cur = nil
	s.mu.Unlock()
	var errs []error
	for _, b := range all {
		if err := b.close(); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// browser is one Chromium process.
type browser struct {
	p       *Pool
	slot    *slot
	gen     uint64
	pid     int
	dataDir string
	ctx     context.Context // chromedp context of the browser's first tab; parent of tabs
	cancel  context.CancelFunc
	alloc   context.CancelFunc
	lost    <-chan struct{} // closed when the connection (and so the process) is gone
	renders atomic.Int64

	mu       sync.Mutex
	refs     int
	retiring bool
	closing  bool
	closed   chan struct{}
	closeErr error
}

func (b *browser) dead() bool {
	select {
	case <-b.lost:
		return true
	default:
		return false
	}
}

// ref takes a reference unless the browser is dead, retiring or closing.
func (b *browser) ref() bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.retiring || b.closing || b.dead() {
		return false
	}
	b.refs++
	return true
}

// release drops a reference; the last one of a retiring browser closes it.
func (b *browser) release() {
	b.mu.Lock()
	b.refs--
	last := b.refs == 0 && b.retiring && !b.closing
	b.mu.Unlock()
	if last {
		b.p.background(func() { _ = b.close() })
	}
}

// retire stops new renders on b; it closes when its renders are done.
func (b *browser) retire(why string) {
	b.mu.Lock()
	if b.retiring {
		b.mu.Unlock()
		return
	}
	b.retiring = true
	idle := b.refs == 0 && !b.closing
	b.mu.Unlock()
	b.p.log.Debug("browser retiring", "slot", b.slot.index, "gen", b.gen, "pid", b.pid, "why", why, "renders", b.renders.Load())
	if idle {
		b.p.background(func() { _ = b.close() })
	}
}

// kill ends the process group at once; renders in it fail and the slot relaunches.
func (b *browser) kill(why string) {
	b.p.log.Warn("killing browser", "slot", b.slot.index, "pid", b.pid, "why", why)
	killGroup(b.pid)
}

// close kills the browser's processes, waits for them, and removes the profile directory. It is
// idempotent; concurrent callers wait for the first.
func (b *browser) close() error {
	b.mu.Lock()
	if b.closing {
		b.mu.Unlock()
		<-b.closed
		return b.closeErr
	}
	b.closing, b.retiring = true, true
	b.mu.Unlock()
	killGroup(b.pid)
	b.cancel()
	b.alloc() // waits for the main process and chromedp's goroutines
	var err error
	if !waitGroupGone(b.pid, 5*time.Second) {
		err = fmt.Errorf("renderer: processes of browser %d survive SIGKILL", b.pid)
	}
	killLeftovers(b.dataDir)
	var rmErr error
	for range 5 {
		if rmErr = os.RemoveAll(b.dataDir); rmErr == nil {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if rmErr != nil {
		err = errors.Join(err, fmt.Errorf("renderer: removing %s: %w", b.dataDir, rmErr))
	}
	b.closeErr = err
	b.slot.mu.Lock()
	delete(b.slot.all, b)
	b.slot.mu.Unlock()
	close(b.closed)
	b.p.log.Debug("browser closed", "slot", b.slot.index, "gen", b.gen, "pid", b.pid)
	return err
}

// launch starts a browser for s. The browser's life is bound to the pool's context, never to
// ctx: ctx only bounds the wait.
func (p *Pool) launch(ctx context.Context, s *slot) (b *browser, err error) {
	start := time.Now()
	defer func() {
		switch {
		case err != nil && (ctx.Err() != nil || p.closed.Load()):
			err = fmt.Errorf("renderer: browser launch abandoned: %w", err) // not Chromium's fault
		case err != nil:
			err = fmt.Errorf("%w: %w", ErrLaunch, err)
			p.launchErr.Store(&err)
			p.log.Error("browser launch failed", "slot", s.index, "err", err)
		default:
			p.launchErr.Store(nil)
		}
		p.observe("launch", start, err)
	}()
	gen := p.launchSeq.Add(1)
	dir, err := os.MkdirTemp("", fmt.Sprintf("%s%s-%d-", profilePrefix, p.id, s.index))
	if err != nil {
		return nil, err
	}
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(p.cfg.ChromePath),
		chromedp.UserDataDir(dir),
		chromedp.ModifyCmdFunc(func(cmd *exec.Cmd) { setProcessGroup(cmd) }),
		chromedp.CombinedOutput(&logWriter{log: p.log, slot: s.index}),
		chromedp.Env("TZ=UTC"),
	}
	for _, f := range append(append([]string(nil), chromeFlags...), p.cfg.Flags...) {
		name, value, hasValue := strings.Cut(strings.TrimPrefix(f, "--"), "=")
		if hasValue {
			opts = append(opts, chromedp.Flag(name, value))
		} else {
			opts = append(opts, chromedp.Flag(name, true))
		}
	}
	actx, acancel := chromedp.NewExecAllocator(p.ctx, opts...)
	bctx, bcancel := chromedp.NewContext(actx,
		chromedp.WithLogf(func(format string, args ...any) { p.log.Debug("chromedp: " + fmt.Sprintf(format, args...)) }),
		chromedp.WithErrorf(func(format string, args ...any) { p.log.Debug("chromedp error: " + fmt.Sprintf(format, args...)) }),
	)
	fail := func(err error) (*browser, error) {
		if c := chromedp.FromContext(bctx); c != nil && c.Browser != nil && c.Browser.Process() != nil {
			killGroup(c.Browser.Process().Pid)
		}
		bcancel()
		acancel()
		killLeftovers(dir)
		os.RemoveAll(dir)
		return nil, err
	}
	// The first Run binds the browser's life to bctx, so it gets no timeout; the wait has one.
	started := make(chan error, 1)
	go func() { started <- chromedp.Do(bctx) }()
	timer := time.NewTimer(p.cfg.LaunchTimeout)
	defer timer.Stop()
	select {
	case err := <-started:
		if err != nil {
			return fail(err)
		}
	case <-timer.C:
		return fail(fmt.Errorf("no answer within %s", p.cfg.LaunchTimeout))
	case <-ctx.Done():
		return fail(ctx.Err())
	case <-p.done:
		return fail(ErrClosed)
	}
	cb := chromedp.FromContext(bctx).Browser
	b = &browser{
		p: p, slot: s, gen: gen, pid: cb.Process().Pid, dataDir: dir,
		ctx: bctx, cancel: bcancel, alloc: acancel, lost: cb.LostConnection,
		closed: make(chan struct{}),
	}
	p.launches.Add(1)
	go b.watch()
	p.log.Info("browser started", "slot", s.index, "gen", gen, "pid", b.pid, "took", time.Since(start).Round(time.Millisecond))
	return b, nil
}

// watch reports a browser that dies under the pool and cleans up after it.
func (b *browser) watch() {
	select {
	case <-b.lost:
	case <-b.closed:
		return
	}
	b.mu.Lock()
	expected := b.closing
	b.mu.Unlock()
	if expected {
		return
	}
	b.p.crashes.Add(1)
	b.p.log.Warn("browser died", "slot", b.slot.index, "gen", b.gen, "pid", b.pid, "renders", b.renders.Load())
	b.retire("died")
	b.slot.prelaunch()
}

// ping checks that the browser answers within d; a hung one is killed.
func (b *browser) ping(d time.Duration) {
	ctx, cancel := context.WithTimeout(b.ctx, d)
	defer cancel()
	if _, err := chromedp.CallBrowser(ctx, cdpbrowser.GetVersion, cdp.Empty{}); err != nil && !b.dead() {
		b.kill("no answer to a ping: " + err.Error())
	}
}

// logWriter turns Chromium's output into debug log lines.
type logWriter struct {
	log  *slog.Logger
	slot int
	mu   sync.Mutex
	buf  []byte
}

func (w *logWriter) Write(b []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.buf = append(w.buf, b...)
	for {
		i := bytes.IndexByte(w.buf, '\n')
		if i < 0 {
			break
		}
		if line := strings.TrimSpace(string(w.buf[:i])); line != "" {
			w.log.Debug("chromium: "+line, "slot", w.slot)
		}
		w.buf = w.buf[i+1:]
	}
	if len(w.buf) > 64<<10 {
		w.buf = nil
	}
	return len(b), nil
}
