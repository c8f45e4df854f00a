package renderer

import (
	"context"
	"syscall"
	"testing"
	"testing/fstest"
	"time"
)

// slowStage is a stage script that takes stageCost of wall time to load (as Mermaid and its
// warm-up take 1-3.5 s per tab here) and defines window.lib.
const stageCost = time.Second

var slowStage = []byte(`(() => { const t = Date.now(); while (Date.now() - t < 1000) {} })(); window.lib = {twice: x => 2 * x};`)

// After a browser kill the next render must not wait for the stage scripts: it runs in a tab
// reopened without them (probe: parent.lib is undefined), Eval loads them on demand, and an idle
// tab warms them in the background. The time from the kill to the next successful render is
// logged, and bounded loosely: launch + tab + render take ~1 s quiet, 1.3-1.9 s at load 16.
func TestKillRecoverySkipsStageScripts(t *testing.T) {
	p := newPool(t, func(c *Config) {
		fsys := testAssets()
		fsys["js/slow.js"] = &fstest.MapFile{Data: slowStage}
		c.Assets, c.Tabs, c.StageScripts = fsys, 1, []string{"js/slow.js"}
	})
	ctx := ctxTimeout(t, 60*time.Second)
	if err := p.Start(ctx); err != nil {
		t.Fatal(err)
	}
	const probe = `typeof parent.lib`
	if _, v, err := p.RenderProbe(ctx, quick, probe); err != nil || string(v) != `"object"` {
		t.Fatalf("render after Start: parent.lib is %s, %v; want the stage scripts loaded by Start", v, err)
	}
	for i := range 2 {
		b := p.slots[0].current()
		waitLost := make(chan struct{})
		go func() { <-b.lost; close(waitLost) }()
		kill := time.Now()
		if err := syscall.Kill(b.pid, syscall.SIGKILL); err != nil {
			t.Fatal(err)
		}
		<-waitLost // the pool has seen the death: the next render goes to a fresh browser
		_, v, err := p.RenderProbe(ctx, quick, probe)
		took := time.Since(kill)
		if err != nil {
			t.Fatalf("kill %d: next render: %v", i, err)
		}
		t.Logf("kill %d: next render succeeded %s after the kill (stage scripts cost %s a tab)", i, took.Round(time.Millisecond), stageCost)
		if string(v) != `"undefined"` {
			t.Errorf("kill %d: the first render after the kill saw parent.lib %s: it waited for the stage scripts", i, v)
		}
		if took > 10*time.Second {
			t.Errorf("kill %d: next render %s after the kill, want under 10 s", i, took)
		}
		// Idle: the tab warms its stage scripts in the background after that render.
		if !waitFor(5*time.Second+stageCost, func() bool {
			_, v, err := p.RenderProbe(ctx, quick, probe)
			return err == nil && string(v) == `"object"`
		}) {
			t.Errorf("kill %d: the idle tab did not warm its stage scripts", i)
		}
	}
	// Eval loads the stage scripts on demand in a tab that lacks them.
	b := p.slots[0].current()
	_ = syscall.Kill(b.pid, syscall.SIGKILL)
	<-b.lost
	var n int
	if err := p.Eval(ctx, `lib.twice(21)`, &n); err != nil || n != 42 {
		t.Fatalf("Eval after a kill = %d, %v", n, err)
	}
}

// waitFor polls cond until it holds or d passes.
func waitFor(d time.Duration, cond func() bool) bool {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	for {
		if cond() {
			return true
		}
		select {
		case <-ctx.Done():
			return false
		case <-time.After(100 * time.Millisecond):
		}
	}
}
