package renderer

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/css"
	"github.com/chromedp/cdproto/dom"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/cdproto/inspector"
	"github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// crashError marks a render interrupted by a browser or tab crash: the pool retries it once,
// then reports it as render_busy.
type crashError struct{ err error }

func (e *crashError) Error() string { return "renderer: " + e.err.Error() }
func (e *crashError) Unwrap() error { return e.err }

var (
	errBrowserDied = errors.New("the browser process died")
	errTabCrashed  = errors.New("the tab crashed")
)

// tab is one page target with the stage loaded. Only the goroutine holding the tab (taken from
// Pool.idle) touches its fields.
type tab struct {
	p     *Pool
	slot  *slot
	index int

	b       *browser // the browser the target lives in; nil when not open
	ctx     context.Context
	cancel  context.CancelFunc
	target  *chromedp.Target
	crashed chan struct{} // closed when the target crashes or detaches
	broken  bool          // the target must be replaced before the next render

	w, h        int  // current viewport
	transparent bool // current background override

	scripts    bool // Config.StageScripts are loaded in the target's stage
	warmFailed bool // a background load of them failed in this target: leave it to Eval

	pending chan struct{} // closed when the background prepare of the last render is done
	prepErr error         // its error, read after pending closes
}

func (t *tab) isCrashed() bool {
	if t.crashed == nil {
		return false
	}
	select {
	case <-t.crashed:
		return true
	default:
		return false
	}
}

// ensure makes the tab usable in b, opening a target when it has none there. With stage set, the
// target also has Config.StageScripts loaded (Eval needs them); renders do not wait for them, so
// a tab reopened after a crash or a restart serves its first render without them (see warm).
func (t *tab) ensure(ctx context.Context, b *browser, stage bool) error {
	if t.pending != nil {
		<-t.pending
		t.pending = nil
		if t.prepErr != nil {
			t.broken = true
		}
	}
	if t.b != b || t.broken || t.isCrashed() || stage && t.warmFailed {
		t.discard() // a failed background load may have left a half-loaded stage: start clean
		if err := t.open(ctx, b); err != nil {
			return err
		}
	}
	if stage && !t.scripts {
		return t.loadScripts(ctx)
	}
	return nil
}

// loadScripts loads Config.StageScripts into the open target's stage, bounded by ctx and
// Config.LaunchTimeout. A failure leaves the tab to be replaced.
func (t *tab) loadScripts(ctx context.Context) error {
	if len(t.p.cfg.StageScripts) == 0 {
		t.scripts = true
		return nil
	}
	octx, cancel := context.WithTimeout(ctx, t.p.cfg.LaunchTimeout)
	defer cancel()
	if err := t.p.loadStageScripts(octx, t.target); err != nil {
		t.broken = true
		if t.b != nil && t.b.dead() {
			return &crashError{fmt.Errorf("%w: %w", errBrowserDied, err)}
		}
		return fmt.Errorf("renderer: %w", err)
	}
	t.scripts = true
	return nil
}

// discard drops the tab's target. Closing it runs in the background: chromedp waits for the
// browser to confirm.
func (t *tab) discard() {
	if t.cancel != nil {
		cancel := t.cancel
		t.p.background(cancel)
	}
	t.b, t.ctx, t.cancel, t.target, t.crashed, t.broken = nil, nil, nil, nil, nil, false
	t.scripts, t.warmFailed = false, false
}

// kill crashes the tab's renderer process (Page.crash is handled off the main thread, so it
// works on a page stuck in a loop) and discards the tab.
func (t *tab) kill() {
	if t.target == nil {
		t.discard()
		return
	}
	tctx, target, closeTab := t.ctx, t.target, t.cancel
	t.cancel = nil // closed below, after the crash
	t.discard()
	t.p.background(func() {
		ctx, cancel := context.WithTimeout(tctx, time.Second)
		_, _ = cdp.Call(ctx, target, page.Crash, cdp.Empty{})
		cancel()
		closeTab()
	})
}

// open creates a target in b, wires request interception and loads the stage.
func (t *tab) open(ctx context.Context, b *browser) (err error) {
	p := t.p
	opened := time.Now()
	crashed := make(chan struct{})
	var once sync.Once
	tctx, tcancel := chromedp.NewContext(b.ctx, chromedp.WithListener(func(ev any) {
		switch ev.(type) {
		case *inspector.EventTargetCrashed, *inspector.EventDetached:
			once.Do(func() { close(crashed) })
		}
	}))
	defer func() {
		if err != nil {
			t.p.background(tcancel)
			if ctx.Err() != nil {
				err = ctx.Err() // the caller gave up; the octx error only echoes it
			}
			if b.dead() {
				err = &crashError{fmt.Errorf("opening a tab: %w: %w", errBrowserDied, err)}
			} else {
				err = fmt.Errorf("renderer: opening a tab: %w", err)
			}
		}
	}()
	// The first Run binds the target's life to tctx, so it gets no timeout; the wait has one.
	started := make(chan error, 1)
	go func() { started <- chromedp.Do(tctx) }()
	timer := time.NewTimer(p.cfg.LaunchTimeout)
	defer timer.Stop()
	select {
	case err := <-started:
		if err != nil {
			return err
		}
	case <-timer.C:
		p.background(func() { b.ping(p.pingTimeout) })
		return fmt.Errorf("no target within %s", p.cfg.LaunchTimeout)
	case <-ctx.Done():
		return ctx.Err()
	case <-b.lost:
		return errBrowserDied
	}
	target := chromedp.FromContext(tctx).Target
	targetAt := time.Now()

	// Event handlers: request interception, dialogs (they would block the page), page errors.
	requests := chromedp.Events(tctx, fetch.RequestPaused)
	go func() {
		for ev, err := range requests {
			if err != nil {
				return
			}
			go t.p.answer(tctx, target, ev)
		}
	}()
	dialogs := chromedp.Events(tctx, page.JavascriptDialogOpening)
	go func() {
		for _, err := range dialogs {
			if err != nil {
				return
			}
			_, _ = cdp.Call(tctx, target, page.HandleJavaScriptDialog, page.HandleJavaScriptDialogParams{Accept: false})
		}
	}()
	exceptions := chromedp.Events(tctx, runtime.ExceptionThrown)
	go func() {
		for ev, err := range exceptions {
			if err != nil {
				return
			}
			if d := ev.ExceptionDetails; d != nil {
				p.log.Warn("page script error", "error", exceptionText(d), "line", d.LineNumber+1)
			}
		}
	}()

	octx, cancel := context.WithTimeout(tctx, p.cfg.LaunchTimeout)
	defer cancel()
	stop := context.AfterFunc(ctx, cancel)
	defer stop()
	if _, err := cdp.Call(octx, target, fetch.Enable, fetch.EnableParams{
		Patterns: []*fetch.RequestPattern{{URLPattern: "*"}},
	}); err != nil {
		return fmt.Errorf("enabling interception: %w", err)
	}
	if err := t.setViewport(octx, target, defaultW, defaultH); err != nil {
		return err
	}
	if err := chromedp.Do(octx, chromedp.Navigate(Origin+stagePath)); err != nil {
		return fmt.Errorf("loading the stage: %w", err)
	}
	stageAt := time.Now()
	// chromedp enables these for its DOM queries, which the pool does not use; their events
	// would only cost time on every render.
	for _, method := range []string{dom.Disable.Method, css.Disable.Method, network.Disable.Method, log.Disable.Method} {
		_ = target.Call(octx, method, nil, nil)
	}
	_, _ = cdp.Call(octx, target, page.SetLifecycleEventsEnabled, page.SetLifecycleEventsEnabledParams{Enabled: false})
	if len(p.fonts)+len(p.sheets) > 0 {
		var failed []string
		if err := evalInto(octx, target, stageRef+".warm("+jsStrings(p.fonts)+","+jsStrings(p.sheets)+")", &failed); err != nil {
			return fmt.Errorf("preloading assets: %w", err)
		}
		if len(failed) > 0 {
			p.log.Warn("assets failed to preload", "assets", failed)
		}
	}
	t.b, t.ctx, t.cancel, t.target, t.crashed, t.broken = b, tctx, tcancel, target, crashed, false
	t.scripts, t.warmFailed = len(p.cfg.StageScripts) == 0, false
	p.log.Debug("tab opened", "slot", t.slot.index, "tab", t.index, "gen", b.gen, "target", targetAt.Sub(opened).Round(time.Millisecond),
		"stage", stageAt.Sub(targetAt).Round(time.Millisecond), "preload", time.Since(stageAt).Round(time.Millisecond))
	t.w, t.h, t.transparent = defaultW, defaultH, false
	return nil
}

func (t *tab) setViewport(ctx context.Context, target *chromedp.Target, w, h int) error {
	_, err := cdp.Call(ctx, target, emulation.SetDeviceMetricsOverride, emulation.SetDeviceMetricsOverrideParams{
		Width: int64(w), Height: int64(h), DeviceScaleFactor: 1,
	})
	if err != nil {
		return fmt.Errorf("setting the viewport: %w", err)
	}
	t.w, t.h = w, h
	return nil
}

// answer serves one intercepted request: Origin from the assets, everything else blocked.
func (p *Pool) answer(ctx context.Context, target *chromedp.Target, ev fetch.EventRequestPaused) {
	if ev.Request == nil {
		return
	}
	u := ev.Request.URL
	body, ctype, internal, found := p.assets.lookup(u)
	var err error
	switch {
	case !internal:
		p.blocked.Add(1)
		p.log.Debug("blocked a page request", "url", clip(u, 200), "type", ev.ResourceType)
		_, err = cdp.Call(ctx, target, fetch.FailRequest, fetch.FailRequestParams{RequestID: ev.RequestID, ErrorReason: network.ErrorReasonBlockedByClient})
	case ev.Request.Method != "GET" && ev.Request.Method != "HEAD":
		_, err = cdp.Call(ctx, target, fetch.FailRequest, fetch.FailRequestParams{RequestID: ev.RequestID, ErrorReason: network.ErrorReasonBlockedByClient})
	case !found:
		p.log.Warn("page asked for a missing asset", "url", clip(u, 200))
		_, err = cdp.Call(ctx, target, fetch.FulfillRequest, fetch.FulfillRequestParams{
			RequestID: ev.RequestID, ResponseCode: 404,
			ResponseHeaders: []*fetch.HeaderEntry{{Name: "Content-Type", Value: "text/plain"}},
			Body:            []byte("not found"),
		})
	default:
		_, err = cdp.Call(ctx, target, fetch.FulfillRequest, fetch.FulfillRequestParams{
			RequestID: ev.RequestID, ResponseCode: 200,
			ResponseHeaders: []*fetch.HeaderEntry{
				{Name: "Content-Type", Value: ctype},
				{Name: "Cache-Control", Value: "public, max-age=31536000, immutable"},
				{Name: "Access-Control-Allow-Origin", Value: "*"},
			},
			Body: body,
		})
	}
	if err != nil && ctx.Err() == nil {
		p.log.Debug("answering a page request", "url", clip(u, 200), "err", err)
	}
}

// do runs fn with a context that ends when the browser dies or the tab crashes, and sorts its
// error: crashes become *crashError, a hung page gets its tab killed.
func (t *tab) do(ctx context.Context, b *browser, fn func(context.Context, *tab) error) error {
	opCtx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	crashed := t.crashed
	stop := make(chan struct{})
	defer close(stop)
	go func() {
		select {
		case <-b.lost:
			cancel(errBrowserDied)
		case <-crashed:
			cancel(errTabCrashed)
		case <-stop:
		}
	}()
	err := fn(opCtx, t)
	if err == nil {
		return nil
	}
	switch {
	case b.dead() || errors.Is(context.Cause(opCtx), errBrowserDied):
		t.broken = true
		return &crashError{fmt.Errorf("%w: %w", errBrowserDied, err)}
	case t.isCrashed() || errors.Is(context.Cause(opCtx), errTabCrashed):
		t.p.crashes.Add(1)
		t.p.log.Warn("tab crashed", "slot", t.slot.index, "tab", t.index)
		t.discard()
		return &crashError{fmt.Errorf("%w: %w", errTabCrashed, err)}
	case ctx.Err() != nil:
		// The caller gave up: the page may still be busy; swap in a fresh frame or drop the tab.
		t.reset()
		return fmt.Errorf("renderer: %w", ctx.Err())
	case errors.Is(err, ErrTimeout):
		t.p.crashes.Add(1)
		t.p.log.Warn("render timed out; killing the tab", "slot", t.slot.index, "tab", t.index)
		t.kill()
		t.p.background(func() { b.ping(t.p.pingTimeout) })
		return err
	case errors.Is(err, ErrNotReady) || errors.Is(err, ErrStep) || errors.Is(err, ErrScript) || errors.As(err, new(*callbackError)):
		return err // the page's or the caller's doing: the tab is fine
	}
	// A protocol error (detached target, lost session, bad capture): start the tab afresh.
	t.p.log.Warn("render failed; replacing the tab", "slot", t.slot.index, "tab", t.index, "err", err)
	t.discard()
	return err
}

// callbackError carries an error of the FramesFunc callback.
type callbackError struct{ err error }

func (e *callbackError) Error() string { return e.err.Error() }
func (e *callbackError) Unwrap() error { return e.err }

// reset replaces the page frame, or kills the tab when the page does not answer.
func (t *tab) reset() {
	if t.target == nil {
		return
	}
	ctx, cancel := context.WithTimeout(t.ctx, 2*time.Second)
	defer cancel()
	if err := evalInto(ctx, t.target, stageRef+".prepare()", nil); err != nil {
		t.kill()
	}
}

// prepareNext makes the fresh frame of the next render in the background; the next user of the
// tab waits for it in ensure. When the tab lacks its stage scripts (reopened after a crash or a
// restart) and no render is queued, it loads them too (see warm).
func (t *tab) prepareNext() {
	done := make(chan struct{})
	t.pending = done
	ctx, target := t.ctx, t.target
	warm := t.warmNow()
	t.p.background(func() {
		defer close(done)
		c, cancel := context.WithTimeout(ctx, 5*time.Second)
		t.prepErr = evalInto(c, target, stageRef+".prepare()", nil)
		cancel()
		if t.prepErr == nil && warm {
			t.warm(ctx, target)
		}
	})
}

// warmNow reports whether the tab should load its stage scripts in the background now: it lacks
// them, has not failed to load them, and nothing waits for a tab (under load Eval loads them on
// demand instead, so renders after a crash never queue behind Mermaid).
func (t *tab) warmNow() bool {
	return !t.scripts && !t.warmFailed && t.p.waiting.Load() == 0 && !t.p.closed.Load()
}

// warm loads the stage scripts off the render path. It runs in prepareNext's background job,
// which the tab's next user waits for. A failure is logged and left to Eval, which reports it.
func (t *tab) warm(ctx context.Context, target *chromedp.Target) {
	start := time.Now()
	c, cancel := context.WithTimeout(ctx, t.p.cfg.LaunchTimeout)
	defer cancel()
	if err := t.p.loadStageScripts(c, target); err != nil {
		t.warmFailed = true
		if ctx.Err() == nil {
			t.p.log.Warn("stage scripts failed to load in the background", "slot", t.slot.index, "tab", t.index, "err", err)
		}
		return
	}
	t.scripts = true
	t.p.log.Debug("stage scripts warmed in the background", "slot", t.slot.index, "tab", t.index, "took", time.Since(start).Round(time.Millisecond))
}
