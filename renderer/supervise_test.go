package renderer

import (
	"context"
	"errors"
	"fmt"
	"image"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/brandgen/brandgen"
)

// slowPage becomes ready after ms milliseconds.
func slowPage(ms int) Page {
	return Page{Width: 200, Height: 200, HTML: fmt.Sprintf(`<!doctype html><html data-wait><body style="background:rgb(0,128,0)">
<script>setTimeout(() => document.documentElement.dataset.ready = '1', %d)</script></body></html>`, ms)}
}

var quick = Page{Width: 200, Height: 200, HTML: `<!doctype html><p>quick</p>`}

func TestQueueCap(t *testing.T) {
	p := newPool(t, func(c *Config) { c.Tabs = 1; c.QueueCap = 1 })
	if err := p.Start(ctxTimeout(t, 30*time.Second)); err != nil {
		t.Fatal(err)
	}
	if err := p.Busy(); err != nil {
		t.Fatalf("idle pool says busy: %v", err)
	}
	var wg sync.WaitGroup
	errs := make([]error, 2)
	for i := range 2 { // one renders, one waits
		wg.Go(func() { _, errs[i] = p.Render(ctxTimeout(t, 30*time.Second), slowPage(800)) })
		time.Sleep(100 * time.Millisecond)
	}
	if s := p.Stats(); s.Busy != 1 || s.Queued != 1 {
		t.Fatalf("stats %+v, want 1 busy and 1 queued", s)
	}
	start := time.Now()
	_, err := p.Render(ctxTimeout(t, 30*time.Second), quick)
	if d := time.Since(start); d > 50*time.Millisecond {
		t.Errorf("refusal took %v, want immediate", d)
	}
	if !errors.Is(err, brandgen.ErrRenderBusy) {
		t.Fatalf("err = %v, want ErrRenderBusy", err)
	}
	be, ok := brandgen.AsError(err)
	if !ok || be.Code != brandgen.CodeRenderBusy || be.RetryAfter < time.Second {
		t.Fatalf("err = %#v, want a render_busy *brandgen.Error with RetryAfter >= 1s", err)
	}
	// Busy sheds the same way before any work (issue 12 #7).
	if err := p.Busy(); !errors.Is(err, brandgen.ErrRenderBusy) {
		t.Fatalf("Busy() = %v with the queue full", err)
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Errorf("render %d: %v", i, err)
		}
	}
	if s := p.Stats(); s.Rejected != 2 || s.Renders != 2 {
		t.Errorf("stats %+v, want 2 rejected, 2 renders", s)
	}
	if err := p.Busy(); err != nil {
		t.Fatalf("drained pool says busy: %v", err)
	}
}

// killDuringBurst kills the browser while renders run and checks that each render either
// succeeds or fails with ErrRenderBusy, and that the pool recovers.
func killDuringBurst(t *testing.T, p *Pool) (ok, busy int) {
	if err := p.Start(ctxTimeout(t, 30*time.Second)); err != nil {
		t.Fatal(err)
	}
	const n = 6
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() { _, errs[i] = p.Render(ctxTimeout(t, 60*time.Second), slowPage(400)) })
	}
	time.Sleep(200 * time.Millisecond) // two renders are in their 400 ms wait
	b := p.slots[0].current()
	if err := syscall.Kill(b.pid, syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	wg.Wait()
	for i, err := range errs {
		switch {
		case err == nil:
			ok++
		case errors.Is(err, brandgen.ErrRenderBusy):
			busy++
		default:
			t.Errorf("render %d: %v (want success or ErrRenderBusy)", i, err)
		}
	}
	if _, err := p.Render(ctxTimeout(t, 30*time.Second), quick); err != nil {
		t.Fatalf("render after the kill: %v", err)
	}
	s := p.Stats()
	if s.Crashes < 1 || s.Restarts < 1 || s.Launches < 2 || s.Browsers != 1 {
		t.Errorf("stats %+v, want a crash, a restart and one running browser", s)
	}
	deadline := time.Now().Add(5 * time.Second)
	for len(groupProcesses(t, b.pid, "")) > 0 && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if pids := groupProcesses(t, b.pid, ""); len(pids) > 0 {
		t.Errorf("processes of the killed browser remain: %v", pids)
	}
	return ok, busy
}

func TestBrowserKilledNoRetry(t *testing.T) {
	p := newPool(t, func(c *Config) { c.NoRetry = true })
	ok, busy := killDuringBurst(t, p)
	if busy != 2 {
		t.Errorf("%d renders failed with ErrRenderBusy, want the 2 in flight (%d succeeded)", busy, ok)
	}
}

func TestBrowserKilledRetried(t *testing.T) {
	p := newPool(t, nil)
	ok, busy := killDuringBurst(t, p)
	if busy != 0 || ok != 6 {
		t.Errorf("%d ok, %d busy: want every render retried to success", ok, busy)
	}
	if r := p.Stats().Retries; r != 2 {
		t.Errorf("Stats.Retries = %d, want 2", r)
	}
}

func TestRestartAfter(t *testing.T) {
	p := newPool(t, func(c *Config) { c.Tabs = 1; c.RestartAfter = 3 })
	var pgids []int // the browsers seen, in order
	for i := range 7 {
		if _, err := p.Render(ctxTimeout(t, 30*time.Second), quick); err != nil {
			t.Fatalf("render %d: %v", i, err)
		}
		if b := p.slots[0].current(); len(pgids) == 0 || pgids[len(pgids)-1] != b.pid {
			pgids = append(pgids, b.pid)
		}
	}
	s := p.Stats()
	if s.Launches != 3 || s.Restarts != 2 || s.Renders != 7 || s.Crashes != 0 {
		t.Errorf("stats %+v, want 3 launches, 2 restarts, 7 renders", s)
	}
	if len(pgids) < 3 {
		t.Errorf("saw %d browsers, want 3", len(pgids))
	}
	// Retired browsers close in the background.
	deadline := time.Now().Add(5 * time.Second)
	for _, pgid := range pgids[:len(pgids)-1] {
		for len(groupProcesses(t, pgid, "")) > 0 && time.Now().Before(deadline) {
			time.Sleep(50 * time.Millisecond)
		}
		if pids := groupProcesses(t, pgid, ""); len(pids) > 0 {
			t.Errorf("retired browser %d still runs: %v", pgid, pids)
		}
	}
}

func TestConcurrentFirstRenders(t *testing.T) {
	for _, tc := range []struct{ browsers, tabs int }{{1, 3}, {2, 2}} {
		t.Run(fmt.Sprintf("%dx%d", tc.browsers, tc.tabs), func(t *testing.T) {
			p := newPool(t, func(c *Config) { c.Browsers, c.Tabs = tc.browsers, tc.tabs })
			var wg sync.WaitGroup
			errs := make([]error, 12)
			for i := range errs {
				wg.Go(func() { _, errs[i] = p.Render(ctxTimeout(t, 60*time.Second), quick) })
			}
			wg.Wait()
			for i, err := range errs {
				if err != nil {
					t.Errorf("render %d: %v", i, err)
				}
			}
			if s := p.Stats(); s.Launches != uint64(tc.browsers) || s.Browsers != tc.browsers {
				t.Errorf("stats %+v, want exactly %d launches", s, tc.browsers)
			}
			// One main browser process per slot: the one without --type=.
			mains := 0
			for _, proc := range chromeProcesses(t, "brandgen-chromium-"+p.id) {
				if !containsAny(proc, "--type=") {
					mains++
				}
			}
			if mains != tc.browsers {
				t.Errorf("%d browser processes, want %d", mains, tc.browsers)
			}
		})
	}
}

func containsAny(s string, subs ...string) bool {
	for _, sub := range subs {
		for i := 0; i+len(sub) <= len(s); i++ {
			if s[i:i+len(sub)] == sub {
				return true
			}
		}
	}
	return false
}

func TestCloseLeavesNoProcess(t *testing.T) {
	p := newPool(t, func(c *Config) { c.Browsers = 2; c.Tabs = 1 })
	if err := p.Start(ctxTimeout(t, 30*time.Second)); err != nil {
		t.Fatal(err)
	}
	marker := "brandgen-chromium-" + p.id
	if procs := chromeProcesses(t, marker); len(procs) < 2 {
		t.Fatalf("want browser processes before Close, got %q", procs)
	}
	var groups []int // the browsers' process groups: zygotes, renderers, GPU, network
	for _, s := range p.slots {
		pgid := s.current().pid
		if n := len(groupProcesses(t, pgid, "")); n < 3 {
			t.Fatalf("process group %d has %d processes, want the browser and its children", pgid, n)
		}
		groups = append(groups, pgid)
	}
	// A render in flight during Close fails instead of hanging.
	done := make(chan error, 1)
	go func() { _, err := p.Render(ctxTimeout(t, 30*time.Second), slowPage(2000)); done <- err }()
	time.Sleep(200 * time.Millisecond)
	if err := p.Close(); err != nil {
		t.Fatal(err)
	}
	if procs := chromeProcesses(t, marker); len(procs) > 0 {
		t.Errorf("processes outlive Close: %q", procs)
	}
	for _, pgid := range groups {
		if pids := groupProcesses(t, pgid, ""); len(pids) > 0 {
			out, _ := exec.Command("ps", "-o", "pid,ppid,pgid,stat,args", "-g", strconv.Itoa(pgid)).Output()
			t.Errorf("processes of group %d outlive Close: %v\n%s", pgid, pids, out)
		}
	}
	select {
	case err := <-done:
		if err == nil {
			t.Error("render in flight during Close succeeded")
		}
	case <-time.After(5 * time.Second):
		t.Error("render in flight during Close hangs")
	}
	if _, err := p.Render(context.Background(), quick); !errors.Is(err, ErrClosed) {
		t.Errorf("render after Close: %v, want ErrClosed", err)
	}
	if err := p.Healthy(); !errors.Is(err, ErrClosed) {
		t.Errorf("Healthy after Close: %v", err)
	}
}

func TestHungPage(t *testing.T) {
	p := newPool(t, func(c *Config) { c.Tabs = 1; c.RenderTimeout = time.Second })
	if err := p.Start(ctxTimeout(t, 30*time.Second)); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	_, err := p.Render(ctxTimeout(t, 30*time.Second), Page{Width: 100, Height: 100, HTML: `<script>for(;;){}</script>`})
	if !errors.Is(err, ErrTimeout) {
		t.Fatalf("err = %v, want ErrTimeout", err)
	}
	if d := time.Since(start); d > 3*time.Second {
		t.Errorf("hung page took %v to fail", d)
	}
	b, err := p.Render(ctxTimeout(t, 30*time.Second), quick)
	if err != nil {
		t.Fatalf("render after a hung page: %v", err)
	}
	decodePNG(t, b)
	if s := p.Stats(); s.Launches != 1 {
		t.Errorf("stats %+v: the browser was restarted for a hung tab", s)
	}
}

func TestCallerCancel(t *testing.T) {
	p := newPool(t, func(c *Config) { c.Tabs = 1 })
	if err := p.Start(ctxTimeout(t, 30*time.Second)); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	_, err := p.Render(ctx, slowPage(3000))
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("err = %v, want the caller's deadline", err)
	}
	if _, err := p.Render(ctxTimeout(t, 30*time.Second), quick); err != nil {
		t.Fatalf("render after a canceled one: %v", err)
	}
}

func TestInvalidPage(t *testing.T) {
	p := newPool(t, nil) // no browser starts for invalid pages
	for _, pg := range []Page{
		{HTML: "x", Width: 0, Height: 100},
		{HTML: "x", Width: 100, Height: MaxDimension + 1},
		{HTML: "x", Width: MaxDimension, Height: MaxDimension},
		{HTML: "", Width: 100, Height: 100},
	} {
		if _, err := p.Render(context.Background(), pg); !errors.Is(err, ErrInvalidPage) {
			t.Errorf("Render(%dx%d, %d bytes) = %v, want ErrInvalidPage", pg.Width, pg.Height, len(pg.HTML), err)
		}
	}
	if s := p.Stats(); s.Launches != 0 {
		t.Errorf("invalid pages launched a browser: %+v", s)
	}
}

func TestFrames(t *testing.T) {
	p := needPool(t)
	page := Page{Width: 120, Height: 80, HTML: `<!doctype html><body style="margin:0;background:rgb(0,0,0)"></body>`}
	colors := [][4]uint8{{255, 0, 0, 255}, {0, 255, 0, 255}, {0, 0, 255, 255}, {255, 255, 0, 255}}
	var steps []string
	for _, c := range colors {
		steps = append(steps, fmt.Sprintf("document.body.style.background = 'rgb(%d,%d,%d)'", c[0], c[1], c[2]))
	}
	steps[2] = "new Promise(r => setTimeout(() => { " + steps[2] + "; r() }, 50))" // promises are awaited
	frames, err := p.Frames(ctxTimeout(t, 30*time.Second), page, steps)
	if err != nil {
		t.Fatal(err)
	}
	if len(frames) != len(colors) {
		t.Fatalf("%d frames, want %d", len(frames), len(colors))
	}
	for i, f := range frames {
		if f.Bounds() != image.Rect(0, 0, 120, 80) {
			t.Errorf("frame %d bounds %v", i, f.Bounds())
		}
		if c := rgba(f.At(60, 40)); c != colors[i] {
			t.Errorf("frame %d is %v, want %v", i, c, colors[i])
		}
	}
	_, err = p.Frames(ctxTimeout(t, 30*time.Second), page, []string{"1", "throw new Error('boom')"})
	if !errors.Is(err, ErrStep) || !containsAny(err.Error(), "boom") {
		t.Errorf("err = %v, want ErrStep with the message", err)
	}
	// FramesFunc stops on the callback's error.
	stop := errors.New("enough")
	calls := 0
	err = p.FramesFunc(ctxTimeout(t, 30*time.Second), page, steps, func(i int, img image.Image) error {
		calls++
		return stop
	})
	if !errors.Is(err, stop) || calls != 1 {
		t.Errorf("FramesFunc = %v after %d calls, want the callback's error after 1", err, calls)
	}
}

func TestHealthyAndObserve(t *testing.T) {
	var mu sync.Mutex
	seen := map[string]int{}
	p := newPool(t, func(c *Config) {
		c.Tabs = 1
		c.Observe = func(kind string, d time.Duration, err error) {
			mu.Lock()
			defer mu.Unlock()
			if err == nil && d > 0 {
				seen[kind]++
			}
		}
	})
	if err := p.Healthy(); err != nil {
		t.Errorf("Healthy before any render: %v", err)
	}
	if _, err := p.Render(ctxTimeout(t, 30*time.Second), quick); err != nil {
		t.Fatal(err)
	}
	if err := p.Healthy(); err != nil {
		t.Errorf("Healthy: %v", err)
	}
	mu.Lock()
	defer mu.Unlock()
	if seen["render"] != 1 || seen["launch"] != 1 {
		t.Errorf("observed %v, want one render and one launch", seen)
	}
}

func TestLaunchFailureUnhealthy(t *testing.T) {
	needPool(t)
	p, err := New(Config{ChromePath: "/bin/false", Logger: testLogger(), LaunchTimeout: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	if _, err := p.Render(ctxTimeout(t, 10*time.Second), quick); !errors.Is(err, ErrLaunch) {
		t.Fatalf("err = %v, want ErrLaunch", err)
	}
	if err := p.Healthy(); !errors.Is(err, ErrLaunch) {
		t.Errorf("Healthy = %v, want the launch error", err)
	}
	if _, err := New(Config{ChromePath: "/no/such/chrome"}); err == nil {
		t.Error("New accepted a missing ChromePath")
	}
}

// A browser that stops answering (SIGSTOP) is found by the ping after a timed-out render,
// killed and replaced.
func TestHungBrowser(t *testing.T) {
	p := newPool(t, func(c *Config) { c.Tabs = 1; c.RenderTimeout = time.Second })
	p.pingTimeout = time.Second
	if err := p.Start(ctxTimeout(t, 30*time.Second)); err != nil {
		t.Fatal(err)
	}
	b := p.slots[0].current()
	if err := syscall.Kill(b.pid, syscall.SIGSTOP); err != nil {
		t.Fatal(err)
	}
	_, err := p.Render(ctxTimeout(t, 30*time.Second), quick)
	if !errors.Is(err, ErrTimeout) {
		t.Fatalf("err = %v, want ErrTimeout", err)
	}
	deadline := time.Now().Add(10 * time.Second)
	for !b.dead() && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	if !b.dead() {
		t.Fatal("the hung browser was not killed")
	}
	if _, err := p.Render(ctxTimeout(t, 30*time.Second), quick); err != nil {
		t.Fatalf("render after the hung browser: %v", err)
	}
	if s := p.Stats(); s.Launches != 2 || s.Browsers != 1 {
		t.Errorf("stats %+v, want a second launch", s)
	}
}

// groupProcesses lists the pids of the processes in the browser's process group whose command
// line contains marker.
func groupProcesses(t *testing.T, pgid int, marker string) []int {
	t.Helper()
	out, err := exec.Command("ps", "-eo", "pid=,pgid=,stat=,args=").Output()
	if err != nil {
		t.Fatal(err)
	}
	var pids []int
	for line := range strings.SplitSeq(string(out), "\n") {
		f := strings.Fields(line)
		if len(f) < 4 || f[1] != strconv.Itoa(pgid) || strings.HasPrefix(f[2], "Z") || !strings.Contains(line, marker) {
			continue // zombies are dead, waiting for init to reap them
		}
		pid, _ := strconv.Atoi(f[0])
		pids = append(pids, pid)
	}
	return pids
}

// A renderer process that dies under a render (out of memory, a crash) fails that render
// with ErrRenderBusy or has it retried; the browser stays.
func TestRendererKilled(t *testing.T) {
	for _, noRetry := range []bool{false, true} {
		t.Run(fmt.Sprint("noRetry=", noRetry), func(t *testing.T) {
			p := newPool(t, func(c *Config) { c.Tabs = 1; c.NoRetry = noRetry })
			if err := p.Start(ctxTimeout(t, 30*time.Second)); err != nil {
				t.Fatal(err)
			}
			done := make(chan error, 1)
			go func() { _, err := p.Render(ctxTimeout(t, 30*time.Second), slowPage(1000)); done <- err }()
			time.Sleep(300 * time.Millisecond)
			renderers := groupProcesses(t, p.slots[0].current().pid, "--type=renderer")
			if len(renderers) == 0 {
				t.Fatal("no renderer process found")
			}
			for _, pid := range renderers {
				syscall.Kill(pid, syscall.SIGKILL)
			}
			err := <-done
			switch {
			case noRetry && !errors.Is(err, brandgen.ErrRenderBusy):
				t.Errorf("err = %v, want ErrRenderBusy", err)
			case !noRetry && err != nil:
				t.Errorf("err = %v, want the render retried", err)
			}
			if _, err := p.Render(ctxTimeout(t, 30*time.Second), quick); err != nil {
				t.Fatalf("render after the renderer died: %v", err)
			}
			if s := p.Stats(); s.Crashes < 1 || s.Launches != 1 {
				t.Errorf("stats %+v, want a crash and the same browser", s)
			}
		})
	}
}
