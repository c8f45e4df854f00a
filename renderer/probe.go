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

// renderProbe loads pg, captures it and evaluates probe in the page's frame.
func (t *tab) renderProbe(ctx context.Context, pg Page, probe string) ([]byte, json.RawMessage, error) {
	var png []byte
	var data json.RawMessage
	err := t.withTimeout(ctx, func(ctx context.Context) error {
		if err := t.load(ctx, pg); err != nil {
			return err
		}
		var err error
		if png, err = t.capture(ctx, pg.Width, pg.Height); err != nil {
			return err
		}
		expr := fmt.Sprintf(`(async () => {
  const f = document.querySelector('iframe');
  if (!f || !f.dataset.used) throw new Error('no page to probe');
  const v = await f.contentWindow.eval(%s);
  return JSON.stringify(v === undefined ? null : v);
})()`, jsString(probe))
		var s string
		if err := evalInto(ctx, t.target, expr, &s); err != nil {
			var js *jsError
			if errors.As(err, &js) {
				return fmt.Errorf("%w: probe: %s", ErrStep, js.msg)
			}
			return fmt.Errorf("renderer: probe: %w", err)
		}
		data = json.RawMessage(s)
		return nil
	})
	if err != nil {
		return nil, nil, err
	}
	t.prepareNext()
	return png, data, nil
}
