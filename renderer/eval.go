package renderer

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// ErrScript: a script run by Eval threw or rejected. The message is the script's; the tab stays
// usable.
var ErrScript = errors.New("renderer: script failed")

// loadStageScripts loads Config.StageScripts into the stage window, in order, and waits for each.
func (p *Pool) loadStageScripts(ctx context.Context, target *chromedp.Target) error {
	if len(p.cfg.StageScripts) == 0 {
		return nil
	}
	urls := make([]string, len(p.cfg.StageScripts))
	for i, name := range p.cfg.StageScripts {
		urls[i] = Origin + "/" + strings.TrimPrefix(name, "/")
	}
	// Sequential: a later script may use an earlier one's globals.
	expr := `(async (urls) => {
  for (const u of urls) {
    await new Promise((resolve, reject) => {
      const s = document.createElement('script');
      s.src = u;
      s.onload = resolve;
      s.onerror = () => reject(new Error('stage script failed to load: ' + u));
      document.head.appendChild(s);
    });
  }
  return true;
})(` + jsStrings(urls) + `)`
	start := time.Now()
	if err := evalInto(ctx, target, expr, nil); err != nil {
		return fmt.Errorf("loading stage scripts: %w", err)
	}
	p.log.Debug("stage scripts loaded", "scripts", p.cfg.StageScripts, "took", time.Since(start).Round(time.Millisecond))
	return nil
}

// Eval evaluates the JavaScript expression expr in the stage window of a warm tab (the window
// Config.StageScripts are loaded into, which outlives the pages rendered in its iframes), awaits
// it when it is a promise, and decodes its JSON value into out (nil: ignore it). A throw or a
// rejection is an error wrapping ErrScript with the script's message; the tab stays usable. Eval
// holds a tab like a render: it queues, is bounded by Config.RenderTimeout (a hung script's tab
// is killed, as a hung page's), is retried once after a browser crash, and is reported to
// Config.Observe as "eval".
//
// Scripts share the stage window with every later Eval and render of the tab: they must leave
// the stage's document as they found it (temporary elements go under document.body, which each
// render replaces) and not redefine window.__bg.
func (p *Pool) Eval(ctx context.Context, expr string, out any) error {
	start := time.Now()
	var result struct {
		OK    bool            `json:"ok"`
		Value json.RawMessage `json:"v"`
		Err   string          `json:"e"`
	}
	wrapped := "(async () => { try { return {ok: true, v: await (" + expr + "\n)}; } " +
		"catch (e) { return {ok: false, e: String((e && e.message) || e)}; } })()"
	err := p.runTab(ctx, true, func(ctx context.Context, t *tab) error {
		return t.withTimeout(ctx, func(ctx context.Context) error {
			if err := evalInto(ctx, t.target, wrapped, &result); err != nil {
				var js *jsError
				if errors.As(err, &js) { // a syntax error of expr
					return fmt.Errorf("%w: %s", ErrScript, js.msg)
				}
				return fmt.Errorf("renderer: eval: %w", err)
			}
			return nil
		})
	})
	if err == nil && !result.OK {
		err = fmt.Errorf("%w: %s", ErrScript, result.Err)
	}
	if err == nil && out != nil && len(result.Value) > 0 {
		if uerr := json.Unmarshal(result.Value, out); uerr != nil {
			err = fmt.Errorf("renderer: eval result: %w", uerr)
		}
	}
	p.observe("eval", start, err)
	return err
}

// jsError is an exception thrown or a promise rejected by evaluated JavaScript.
type jsError struct{ msg string }

func (e *jsError) Error() string { return "javascript: " + e.msg }

// evalInto evaluates expr in the stage, awaiting a promise, and decodes the result into out
// (nil to ignore it).
func evalInto(ctx context.Context, target *chromedp.Target, expr string, out any) error {
	r, err := cdp.Call(ctx, target, runtime.Evaluate, runtime.EvaluateParams{
		Expression:    expr,
		AwaitPromise:  new(true),
		ReturnByValue: new(true),
	})
	if err != nil {
		return err
	}
	if r.ExceptionDetails != nil {
		return &jsError{exceptionText(r.ExceptionDetails)}
	}
	if out != nil && r.Result != nil && len(r.Result.Value) > 0 {
		return json.Unmarshal([]byte(r.Result.Value), out)
	}
	return nil
}

func exceptionText(d *runtime.ExceptionDetails) string {
	if d.Exception != nil && d.Exception.Description != "" {
		msg, _, _ := strings.Cut(d.Exception.Description, "\n    at ")
		return msg
	}
	return d.Text
}

func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}
