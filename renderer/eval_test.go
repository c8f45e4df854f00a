package renderer

import (
	"errors"
	"strings"
	"testing"
	"testing/fstest"
	"time"
)

// Stage scripts load once per tab; Eval runs where they are, survives a throw, and a page
// rendered in between does not disturb the stage's globals.
func TestEvalStageScripts(t *testing.T) {
	p := newPool(t, func(c *Config) {
		fsys := testAssets()
		fsys["js/lib.js"] = &fstest.MapFile{Data: []byte(`window.lib = {n: 0, twice(x) { this.n++; return x * 2; }};`)}
		c.Assets, c.Tabs, c.StageScripts = fsys, 1, []string{"js/lib.js"}
	})
	ctx := ctxTimeout(t, 30*time.Second)
	var v int
	if err := p.Eval(ctx, `lib.twice(21)`, &v); err != nil || v != 42 {
		t.Fatalf("Eval = %d, %v", v, err)
	}
	var s string
	if err := p.Eval(ctx, `new Promise(r => setTimeout(() => r("later"), 10))`, &s); err != nil || s != "later" {
		t.Fatalf("Eval promise = %q, %v", s, err)
	}
	err := p.Eval(ctx, `(() => { throw new Error("nope") })()`, nil)
	if !errors.Is(err, ErrScript) || !strings.Contains(err.Error(), "nope") {
		t.Fatalf("throw: %v", err)
	}
	if err := p.Eval(ctx, `)syntax(`, nil); !errors.Is(err, ErrScript) {
		t.Fatalf("syntax error: %v", err)
	}
	// A page can reach the stage's library; the stage keeps its state across renders.
	page := `<!doctype html><html data-wait><body><p id=x></p><script>document.getElementById('x').textContent = parent.lib.twice(2); document.documentElement.dataset.ready = '1';</script></body></html>`
	if _, err := p.Render(ctx, Page{HTML: page, Width: 200, Height: 100}); err != nil {
		t.Fatal(err)
	}
	if err := p.Eval(ctx, `lib.n`, &v); err != nil || v != 2 {
		t.Fatalf("lib.n = %d, %v; want 2 (one Eval and one page call)", v, err)
	}
	if st := p.Stats(); st.Launches != 1 || st.Crashes != 0 {
		t.Fatalf("stats %+v: the tab was replaced", st)
	}
}

// A stage script that does not load fails the tab's opening, and says which.
func TestStageScriptMissing(t *testing.T) {
	p := newPool(t, func(c *Config) { c.StageScripts = []string{"js/missing.js"}; c.Tabs = 1 })
	err := p.Eval(ctxTimeout(t, 30*time.Second), `1`, nil)
	if err == nil || !strings.Contains(err.Error(), "missing.js") {
		t.Fatalf("err = %v", err)
	}
}
