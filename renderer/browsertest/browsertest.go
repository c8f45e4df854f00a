// Package browsertest drives a real headless Chromium through a web page, for tests of the pages
// brandgen serves itself (the playground). It is test support, like net/http/httptest: only tests
// import it. It lives under renderer/ because chromedp is allowed nowhere else, and it exposes
// plain methods over CSS selectors so that tests need no chromedp types.
//
// Unlike the render pool, the browser here may reach the network (the test's httptest server on
// loopback). Everything the page reports as a problem (console.error and console.warn calls,
// uncaught exceptions and unhandled rejections, browser log entries of level error or warning
// such as CSP violations or failed loads) is collected; see Problems.
package browsertest

import (
	"context"
	"fmt"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/brandgen/brandgen/renderer"
	"github.com/chromedp/chromedp"
)

// Page is one tab of a headless browser.
type Page struct {
	ctx context.Context
	// Timeout bounds each call [30s].
	Timeout time.Duration

	mu       sync.Mutex
	problems []Problem
}

// Problem is a message the page reported as an error or warning.
type Problem struct {
	Type   string // error, warning or exception
	Source string // for browser log entries: network, security, ...; empty for the console API
	Text   string
	URL    string
}

func (p Problem) String() string {
	s := p.Type + ": " + p.Text
	if p.Source != "" {
		s = p.Source + " " + s
	}
	if p.URL != "" {
		s += " (" + p.URL + ")"
	}
	return s
}

// New launches a headless browser (CHROME_PATH, else the one the render pool would use) with one
// tab of width x height CSS pixels; it is closed when the test ends.
func New(t testing.TB, width, height int) *Page {
	t.Helper()
	path, err := renderer.FindChrome(os.Getenv("CHROME_PATH"))
	if err != nil {
		t.Fatal(err)
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(path), chromedp.NoSandbox,
		chromedp.DisableGPU, chromedp.WindowSize(width, height), chromedp.UserDataDir(t.TempDir()))
	actx, acancel := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(actx)
	t.Cleanup(func() { cancel(); acancel() })
	p := &Page{ctx: ctx, Timeout: 30 * time.Second}
	// The first run starts the browser and binds its life to ctx, so it runs on ctx itself.
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(int64(width), int64(height))); err != nil {
		t.Fatalf("browsertest: start %s: %v", path, err)
	}
	messages := chromedp.Console(ctx)
	go func() {
		for m, err := range messages {
			if err != nil {
				return
			}
			switch m.Type {
			case chromedp.ConsoleError, chromedp.ConsoleWarning, chromedp.ConsoleException:
				p.mu.Lock()
				p.problems = append(p.problems, Problem{Type: string(m.Type), Source: m.Source, Text: m.Text, URL: m.URL})
				p.mu.Unlock()
			}
		}
	}()
	return p
}

// Problems returns what the page reported as errors or warnings so far (see the package doc). An
// API call the page makes on purpose that answers 4xx is logged by the browser as a "network"
// error naming its URL; callers filter those they expect.
func (p *Page) Problems() []Problem {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]Problem(nil), p.problems...)
}

func (p *Page) run(what string, steps ...chromedp.Action[chromedp.Void]) error {
	ctx, cancel := context.WithTimeout(p.ctx, p.Timeout)
	defer cancel()
	if err := chromedp.Do(ctx, steps...); err != nil {
		return fmt.Errorf("browsertest: %s: %w", what, err)
	}
	return nil
}

func get[T any](p *Page, what string, a chromedp.Action[T]) (T, error) {
	ctx, cancel := context.WithTimeout(p.ctx, p.Timeout)
	defer cancel()
	v, err := chromedp.Run(ctx, a)
	if err != nil {
		return v, fmt.Errorf("browsertest: %s: %w", what, err)
	}
	return v, nil
}

// Navigate loads url and waits for its load event.
func (p *Page) Navigate(url string) error { return p.run("navigate "+url, chromedp.Navigate(url)) }

// WaitVisible waits until an element matching the CSS selector sel is visible.
func (p *Page) WaitVisible(sel string) error {
	return p.run("wait visible "+sel, chromedp.WaitVisible(chromedp.CSS(sel)))
}

// WaitFor waits until the JavaScript expression js is truthy.
func (p *Page) WaitFor(js string) error {
	_, err := get(p, "wait for "+js, chromedp.Poll[bool](js, chromedp.WithPollingInterval(50*time.Millisecond)))
	return err
}

// Type clears the element matching sel and types text into it as key events.
func (p *Page) Type(sel, text string) error {
	return p.run("type into "+sel, chromedp.Clear(chromedp.CSS(sel)), chromedp.SendKeys(chromedp.CSS(sel), text))
}

// Fill sets the value of the input, textarea or select matching sel and fires the input and
// change events an edit fires (faster than Type for long text).
func (p *Page) Fill(sel, value string) error {
	js := fmt.Sprintf(`(() => { const e = document.querySelector(%q); if (!e) return false;
		e.focus(); e.value = %q; e.dispatchEvent(new Event('input', {bubbles: true}));
		e.dispatchEvent(new Event('change', {bubbles: true})); return true; })()`, sel, value)
	if err := p.WaitVisible(sel); err != nil {
		return err
	}
	ok, err := get(p, "fill "+sel, chromedp.Evaluate[bool](js))
	if err == nil && !ok {
		err = fmt.Errorf("browsertest: fill %s: no such element", sel)
	}
	return err
}

// Click clicks the element matching sel with the mouse, once it is visible.
func (p *Page) Click(sel string) error {
	return p.run("click "+sel, chromedp.Click(chromedp.CSS(sel), chromedp.NodeVisible))
}

// Text returns the text content of the element matching sel ("" when there is none).
func (p *Page) Text(sel string) (string, error) {
	return get(p, "text of "+sel, chromedp.Evaluate[string](fmt.Sprintf(`(document.querySelector(%q)||{}).textContent||""`, sel)))
}

// Eval evaluates the JavaScript expression js (awaiting a promise) and returns its JSON value.
func Eval[T any](p *Page, js string) (T, error) {
	return get(p, "eval "+js, chromedp.Evaluate[T](js, chromedp.EvalAwaitPromise))
}

// Screenshot returns a PNG of the whole page.
func (p *Page) Screenshot() ([]byte, error) {
	return get(p, "screenshot", chromedp.FullScreenshot(100))
}
