package renderer

// This file holds what a tab does for one render: write the page into the stage's fresh frame
// and wait for it (load), capture the viewport (capture), and the render and Frames sequences
// built on them. tab.go holds the tab's lifecycle (open, crash handling, replacement).

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"strings"
	"sync"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/page"
)

// budget is the time a page (or a frame step) gets to become ready within the pool's render
// timeout, leaving room for the capture, so that a page that never gets ready fails with
// ErrNotReady saying what it waited for rather than with ErrTimeout. The caller's own deadline
// does not shrink it: when that comes first, the render fails with the caller's error.
func budget(timeout time.Duration) int64 {
	return max(int64((timeout-max(timeout/10, 500*time.Millisecond))/time.Millisecond), 100)
}

// load writes pg into a fresh frame and waits until it is ready.
func (t *tab) load(ctx context.Context, pg Page) error {
	if pg.Width != t.w || pg.Height != t.h {
		if err := t.setViewport(ctx, t.target, pg.Width, pg.Height); err != nil {
			return err
		}
	}
	if pg.Transparent != t.transparent {
		params := emulation.SetDefaultBackgroundColorOverrideParams{}
		if pg.Transparent {
			// Alpha exactly 0 is dropped by omitzero and comes out opaque; 0.001 rounds to 0.
			params.Color = &cdp.RGBA{A: 0.001}
		}
		if _, err := cdp.Call(ctx, t.target, emulation.SetDefaultBackgroundColorOverride, params); err != nil {
			return fmt.Errorf("setting the background: %w", err)
		}
		t.transparent = pg.Transparent
	}
	expr := fmt.Sprintf("%s.render(%s,%d,%d,%d)", stageRef, jsString(pg.HTML), pg.Width, pg.Height, budget(t.p.cfg.RenderTimeout))
	if err := evalInto(ctx, t.target, expr, nil); err != nil {
		var js *jsError
		if errors.As(err, &js) && strings.Contains(js.msg, stageLost) {
			t.broken = true
			return fmt.Errorf("renderer: the tab lost its stage page (did a page navigate it?): %w", err)
		}
		if errors.As(err, &js) {
			return fmt.Errorf("%w: %s", ErrNotReady, strings.TrimPrefix(js.msg, "Error: "))
		}
		return fmt.Errorf("loading the page: %w", err)
	}
	return nil
}

// capture takes the viewport as a PNG, fast (see png.go) unless the pool is set to let Chromium
// compress.
func (t *tab) capture(ctx context.Context, w, h int) ([]byte, error) {
	r, err := cdp.Call(ctx, t.target, page.CaptureScreenshot, page.CaptureScreenshotParams{
		Format:           page.CaptureScreenshotFormatPng,
		FromSurface:      new(true),
		OptimizeForSpeed: new(!t.p.chromeEncode),
	})
	if err != nil {
		return nil, fmt.Errorf("capturing: %w", err)
	}
	if len(r.Data) < 24 || string(r.Data[12:16]) != "IHDR" {
		return nil, errors.New("renderer: capture is not a PNG")
	}
	if gw, gh := int(binary.BigEndian.Uint32(r.Data[16:])), int(binary.BigEndian.Uint32(r.Data[20:])); gw != w || gh != h {
		return nil, fmt.Errorf("renderer: captured %dx%d, want %dx%d", gw, gh, w, h)
	}
	return r.Data, nil
}

// withTimeout bounds one operation with the render timeout and reports a hit as ErrTimeout.
func (t *tab) withTimeout(ctx context.Context, op func(context.Context) error) error {
	rctx, cancel := context.WithTimeout(ctx, t.p.cfg.RenderTimeout)
	defer cancel()
	err := op(rctx)
	if err != nil && rctx.Err() != nil && ctx.Err() == nil {
		return fmt.Errorf("%w after %s: %w", ErrTimeout, t.p.cfg.RenderTimeout, err)
	}
	return err
}

// render loads pg and captures it (Chromium's fast PNG).
func (t *tab) render(ctx context.Context, pg Page) ([]byte, error) {
	var png []byte
	start := time.Now()
	var loaded time.Time
	err := t.withTimeout(ctx, func(ctx context.Context) error {
		if err := t.load(ctx, pg); err != nil {
			return err
		}
		loaded = time.Now()
		var err error
		png, err = t.capture(ctx, pg.Width, pg.Height)
		return err
	})
	if err != nil {
		return nil, err
	}
	t.p.log.Debug("rendered", "size", fmt.Sprintf("%dx%d", pg.Width, pg.Height),
		"load", loaded.Sub(start).Round(time.Millisecond), "capture", time.Since(loaded).Round(time.Millisecond), "bytes", len(png))
	t.prepareNext()
	return png, nil
}

// frames loads pg, evaluates probe (when not empty) on the loaded page, then runs each step and
// captures a frame, decoding frame i while frame i+1 is captured. It returns the probe's value.
func (t *tab) frames(ctx context.Context, pg Page, probe string, steps []string, fn func(int, image.Image) error) (json.RawMessage, error) {
	var data json.RawMessage
	if err := t.withTimeout(ctx, func(ctx context.Context) error {
		if err := t.load(ctx, pg); err != nil || probe == "" {
			return err
		}
		var err error
		data, err = t.probe(ctx, probe)
		return err
	}); err != nil {
		return nil, err
	}
	type shot struct {
		i   int
		png []byte
	}
	shots := make(chan shot, 1)
	var werr error
	var wg sync.WaitGroup
	wctx, stopWorker := context.WithCancel(ctx)
	defer stopWorker()
	wg.Go(func() {
		for s := range shots {
			if werr != nil {
				continue
			}
			m, err := decodeRaw(s.png)
			if err != nil {
				werr = fmt.Errorf("renderer: decoding frame %d: %w", s.i, err)
				stopWorker()
				continue
			}
			if err := fn(s.i, m.toImage()); err != nil {
				werr = &callbackError{err}
				stopWorker()
			}
		}
	})
	var err error
	for i, step := range steps {
		var png []byte
		err = t.withTimeout(wctx, func(ctx context.Context) error {
			expr := fmt.Sprintf("%s.step(%s,%d)", stageRef, jsString(step), budget(t.p.cfg.RenderTimeout))
			if err := evalInto(ctx, t.target, expr, nil); err != nil {
				var js *jsError
				if errors.As(err, &js) {
					return fmt.Errorf("%w: step %d: %s", ErrStep, i, js.msg)
				}
				return fmt.Errorf("renderer: step %d: %w", i, err)
			}
			var err error
			png, err = t.capture(ctx, pg.Width, pg.Height)
			return err
		})
		if err != nil {
			break
		}
		// Handing the frame over waits for the previous frame's callback, outside the step's
		// timeout: a slow consumer (a GIF encoder) is not a hung page.
		select {
		case shots <- shot{i, png}:
		case <-wctx.Done():
			err = wctx.Err()
		}
		if err != nil {
			break
		}
	}
	close(shots)
	wg.Wait()
	if werr != nil && (err == nil || wctx.Err() != nil && ctx.Err() == nil) {
		return nil, werr
	}
	if err != nil {
		return nil, err
	}
	t.prepareNext()
	return data, nil
}
