package renderer

// This file holds the pool's entry points for renders (Render, Frames) and their admission: the
// idle-tab queue, load shedding (Busy), the render_busy hint, and the run-retry loop that takes
// a tab and runs the work in it. pool.go holds the configuration and the pool's lifecycle.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"time"

	"github.com/brandgen/brandgen"
)

// Render renders pg and returns the PNG.
func (p *Pool) Render(ctx context.Context, pg Page) ([]byte, error) {
	start := time.Now()
	var out []byte
	err := p.run(ctx, pg, func(ctx context.Context, t *tab) error {
		png, err := t.render(ctx, pg)
		if err != nil {
			return err
		}
		out = png
		return nil
	})
	if err == nil {
		out, err = p.encode(out)
	}
	p.observe("render", start, err)
	if err != nil {
		return nil, err
	}
	return out, nil
}

// Frames renders pg, then for each step evaluates the JavaScript expression in the page's
// global scope (awaiting it when it returns a promise, then document.fonts) and captures a
// frame. Opaque frames are *image.RGBA, transparent ones *image.NRGBA. Each step has its own
// RenderTimeout. See FramesFunc to handle frames one by one without holding them all.
func (p *Pool) Frames(ctx context.Context, pg Page, steps []string) ([]image.Image, error) {
	frames := make([]image.Image, len(steps))
	err := p.FramesFunc(ctx, pg, steps, func(i int, img image.Image) error {
		frames[i] = img
		return nil
	})
	if err != nil {
		return nil, err
	}
	return frames, nil
}

// FramesFunc is Frames calling fn with each frame in order, as soon as it is decoded, while the
// next one is captured. An error from fn stops the run and is returned.
func (p *Pool) FramesFunc(ctx context.Context, pg Page, steps []string, fn func(i int, img image.Image) error) error {
	_, err := p.FramesProbe(ctx, pg, "", steps, fn)
	return err
}

// FramesProbe is FramesFunc that first evaluates the JavaScript expression probe on the loaded
// page, before any step (as RenderProbe does, awaiting a promise), and returns its value as JSON:
// what the page reports of its own layout (the fit script's warnings) before the steps change it.
// An empty probe is not evaluated (nil value). A probe that throws fails the run with ErrStep.
func (p *Pool) FramesProbe(ctx context.Context, pg Page, probe string, steps []string, fn func(i int, img image.Image) error) (json.RawMessage, error) {
	start := time.Now()
	var (
		err  error
		data json.RawMessage
	)
	if len(steps) > MaxSteps {
		err = fmt.Errorf("%w: %d steps over %d", ErrInvalidPage, len(steps), MaxSteps)
	} else {
		err = p.run(ctx, pg, func(ctx context.Context, t *tab) error {
			d, err := t.frames(ctx, pg, probe, steps, fn)
			data = d
			return err
		})
	}
	p.observe("frames", start, err)
	if err != nil {
		return nil, err
	}
	return data, nil
}

func (p *Pool) observe(kind string, start time.Time, err error) {
	d := time.Since(start)
	if p.cfg.Observe != nil {
		p.cfg.Observe(kind, d, err)
	}
}

// encode re-encodes Chromium's fast PNG (see png.go).
func (p *Pool) encode(fast []byte) ([]byte, error) {
	if p.cfg.PNGLevel < 0 || p.chromeEncode {
		return fast, nil
	}
	out, err := reencodePNG(fast, pngOptions{level: p.cfg.PNGLevel})
	if err != nil {
		return nil, fmt.Errorf("renderer: re-encoding the capture: %w", err)
	}
	return out, nil
}

// run validates pg, waits for a tab, and runs fn in it, retrying once on a fresh browser when a
// crash interrupts it.
func (p *Pool) run(ctx context.Context, pg Page, fn func(context.Context, *tab) error) error {
	if err := pg.validate(); err != nil {
		return err
	}
	return p.runTab(ctx, false, fn)
}

// runTab waits for a tab and runs fn in it, retrying once on a fresh browser when a crash
// interrupts it. With stage, the tab has Config.StageScripts loaded before fn runs.
func (p *Pool) runTab(ctx context.Context, stage bool, fn func(context.Context, *tab) error) error {
	if p.closed.Load() {
		return ErrClosed
	}
	t, err := p.acquireTab(ctx)
	if err != nil {
		return err
	}
	p.busy.Add(1)
	served := time.Now()
	defer func() {
		if err == nil {
			p.latency.Observe(time.Since(served))
		}
		p.busy.Add(-1)
		p.idle <- t
	}()
	for attempt := 0; ; attempt++ {
		err = p.attempt(ctx, t, stage, fn)
		if err == nil {
			p.renders.Add(1)
			return nil
		}
		var crash *crashError
		if errors.As(err, &crash) && attempt == 0 && !p.cfg.NoRetry && ctx.Err() == nil && !p.closed.Load() {
			p.retries.Add(1)
			p.log.Warn("render hit a crash; retrying it once", "err", err)
			continue
		}
		p.failures.Add(1)
		if p.closed.Load() {
			return fmt.Errorf("%w: %w", ErrClosed, err)
		}
		if errors.As(err, &crash) {
			return p.busyError("the browser restarted during the render; retry", err)
		}
		return err
	}
}

// attempt runs fn once in t on the slot's current browser.
func (p *Pool) attempt(ctx context.Context, t *tab, stage bool, fn func(context.Context, *tab) error) error {
	b, err := t.slot.acquire(ctx)
	if err != nil {
		return err
	}
	defer b.release()
	if n := b.renders.Add(1); p.cfg.RestartAfter > 0 && n == int64(p.cfg.RestartAfter) {
		b.retire("RestartAfter")
		t.slot.prelaunch()
	}
	if err := t.ensure(ctx, b, stage); err != nil {
		return err
	}
	return t.do(ctx, b, fn)
}

// acquireTab takes an idle tab, waiting in the queue when there is room in it.
func (p *Pool) acquireTab(ctx context.Context) (*tab, error) {
	select {
	case t := <-p.idle:
		return t, nil
	default:
	}
	if n := p.waiting.Add(1); n > int64(p.cfg.QueueCap) {
		p.waiting.Add(-1)
		p.rejected.Add(1)
		return nil, p.busyError("the render queue is full; retry later",
			fmt.Errorf("renderer: %d renders queued (cap %d): %w", n-1, p.cfg.QueueCap, brandgen.ErrRenderBusy))
	}
	defer p.waiting.Add(-1)
	select {
	case t := <-p.idle:
		return t, nil
	case <-ctx.Done():
		return nil, fmt.Errorf("renderer: waiting for a tab: %w", ctx.Err())
	case <-p.done:
		return nil, ErrClosed
	}
}

// busyError makes the retryable render_busy error with a RetryAfter hint from the queue length
// and the recent render time.
func (p *Pool) busyError(msg string, cause error) error {
	if !errors.Is(cause, brandgen.ErrRenderBusy) {
		cause = fmt.Errorf("%w: %w", brandgen.ErrRenderBusy, cause)
	}
	wait := retryAfter(p.latency.Value(), int(p.waiting.Load()), p.cfg.Browsers*p.cfg.Tabs)
	return &brandgen.Error{Code: brandgen.CodeRenderBusy, Message: msg, RetryAfter: wait, Err: cause}
}

// retryAfter is the honest wait for a render turned away: the queued renders and one more drain
// through tabs tabs at service time each (no queue wait counted in service, so none counted
// twice), rounded up to whole seconds within 1 s..60 s. Unknown service time counts as 1 s.
func retryAfter(service time.Duration, queued, tabs int) time.Duration {
	if service <= 0 {
		service = time.Second
	}
	wait := time.Duration(float64(service) * float64(queued+1) / float64(max(tabs, 1)))
	wait = ((wait + time.Second - 1) / time.Second) * time.Second
	return min(max(wait, retryAfterLo), retryAfterHi)
}

// Busy returns the render_busy error Render would return now because every tab is taken and the
// queue is full, or nil when a render would be taken. Handlers call it to shed load before they
// read and decode a request.
func (p *Pool) Busy() error {
	if len(p.idle) > 0 || p.waiting.Load() < int64(p.cfg.QueueCap) {
		return nil
	}
	p.rejected.Add(1)
	return p.busyError("the render queue is full; retry later",
		fmt.Errorf("renderer: %d renders queued (cap %d), shed before decoding: %w", p.waiting.Load(), p.cfg.QueueCap, brandgen.ErrRenderBusy))
}
