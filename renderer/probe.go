package renderer

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"
)

// RenderProbe renders pg as Render does and then, on the same ready page, evaluates the JavaScript
// expression probe in the page's global scope (awaiting it when it returns a promise) and returns
// its value as JSON. Pages use it to report what only layout knows, e.g. where each line of text
// landed (the carousel PDF's text layer). A probe that throws fails the render with ErrStep.
func (p *Pool) RenderProbe(ctx context.Context, pg Page, probe string) ([]byte, json.RawMessage, error) {
	start := time.Now()
	var out []byte
	var data json.RawMessage
	err := p.run(ctx, pg, func(ctx context.Context, t *tab) error {
		png, d, err := t.renderProbe(ctx, pg, probe)
		if err != nil {
			return err
		}
		out, data = png, d
		return nil
	})
	if err == nil {
		out, err = p.encode(out)
	}
	p.observe("render", start, err)
	if err != nil {
		return nil, nil, err
	}
	return out, data, nil
}

// Probe loads pg as Render does and evaluates the JavaScript expression probe in the ready page,
// as RenderProbe does, without capturing an image: for callers that only read layout (layout tests
// measure thousands of pages; the capture and its encoding were most of their time).
func (p *Pool) Probe(ctx context.Context, pg Page, probe string) (json.RawMessage, error) {
	start := time.Now()
	var data json.RawMessage
	err := p.run(ctx, pg, func(ctx context.Context, t *tab) error {
		return t.withTimeout(ctx, func(ctx context.Context) error {
			if err := t.load(ctx, pg); err != nil {
				return err
			}
			d, err := t.probe(ctx, probe)
			if err != nil {
				return err
			}
			data = d
			t.prepareNext()
			return nil
		})
	})
	p.observe("probe", start, err)
	if err != nil {
		return nil, err
	}
	return data, nil
}

// renderProbe loads pg, then captures it and evaluates probe in the page's frame at once: the
// capture is taken in the browser process while the probe runs in the page, so the probe adds
// no round trip to the tab's time. The probe must not change the page (it reads layout).
func (t *tab) renderProbe(ctx context.Context, pg Page, probe string) ([]byte, json.RawMessage, error) {
	var png []byte
	var data json.RawMessage
	err := t.withTimeout(ctx, func(ctx context.Context) error {
		if err := t.load(ctx, pg); err != nil {
			return err
		}
		probed := make(chan error, 1)
		go func() {
			var err error
			data, err = t.probe(ctx, probe)
			probed <- err
		}()
		var err error
		png, err = t.capture(ctx, pg.Width, pg.Height)
		if perr := <-probed; err == nil {
			err = perr
		}
		return err
	})
	if err != nil {
		return nil, nil, err
	}
	t.prepareNext()
	return png, data, nil
}

// probe evaluates expr in the rendered page's frame and returns its value as JSON.
func (t *tab) probe(ctx context.Context, expr string) (json.RawMessage, error) {
	js := fmt.Sprintf(`(async () => {
  const f = document.querySelector('iframe');
  if (!f || !f.dataset.used) throw new Error('no page to probe');
  const v = await f.contentWindow.eval(%s);
  return JSON.stringify(v === undefined ? null : v);
})()`, jsString(expr))
	var s string
	if err := evalInto(ctx, t.target, js, &s); err != nil {
		var jerr *jsError
		if errors.As(err, &jerr) {
			return nil, fmt.Errorf("%w: probe: %s", ErrStep, jerr.msg)
		}
		return nil, fmt.Errorf("renderer: probe: %w", err)
	}
	return json.RawMessage(s), nil
}
