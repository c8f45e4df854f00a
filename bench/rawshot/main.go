// Command rawshot measures the renderer pool under load, to size Browsers x Tabs for a
// machine: it renders a card N times with C concurrent callers and prints throughput,
// latency percentiles, PNG size and the resident memory of the browsers.
//
//	go run ./bench/rawshot -browsers 1 -tabs 2 -n 60 -c 4 -page glass
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"log/slog"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing/fstest"
	"time"

	"github.com/brandgen/brandgen/renderer"
)

const glass = `<!doctype html><html><head><meta charset="utf-8">
<style>
@font-face{font-family:"Brand";src:url(/fonts/Inter-Regular.otf);font-weight:400}
@font-face{font-family:"Brand";src:url(/fonts/Inter-Bold.otf);font-weight:700}
html,body{margin:0;width:100%;height:100%}
body{font-family:Brand,sans-serif;background:linear-gradient(135deg,#4f46e5 0%,#9333ea 45%,#ec4899 100%);color:#fff;position:relative;overflow:hidden}
.blob{position:absolute;border-radius:50%;filter:blur(60px);opacity:.6}
.card{position:absolute;left:64px;right:64px;top:300px;padding:64px;border-radius:40px;background:rgba(255,255,255,.16);backdrop-filter:blur(24px);box-shadow:0 30px 80px rgba(0,0,0,.25),inset 0 1px 0 rgba(255,255,255,.4)}
h1{font-size:84px;line-height:1.05;margin:0 0 32px;font-weight:700;letter-spacing:-.02em}
p{font-size:34px;line-height:1.4;margin:0 0 24px;opacity:.92}
.foot{position:absolute;bottom:64px;left:64px;font-size:28px}
</style></head><body>
<div class="blob" style="width:600px;height:600px;background:#22d3ee;left:-200px;top:-150px"></div>
<div class="blob" style="width:500px;height:500px;background:#f97316;right:-150px;bottom:100px"></div>
<div class="card"><h1>Ship faster with branded images that look designed</h1>
<p>Turn prompts and data into posts, charts and carousels in your brand colours, rendered in milliseconds on your own servers.</p></div>
<div class="foot">brandgen.internal · @brandgen</div>
</body></html>`

const flat = `<!doctype html><html><head><meta charset="utf-8"><style>
@font-face{font-family:"Brand";src:url(/fonts/Inter-Bold.otf);font-weight:700}
html,body{margin:0;width:100%;height:100%;font-family:Brand,sans-serif}
body{background:#0f766e;color:#fff}
.block{position:absolute;left:0;right:0;bottom:0;height:420px;background:#f59e0b;color:#111}
h1{position:absolute;left:72px;right:72px;top:180px;font-size:96px;line-height:1.02;margin:0}
p{position:absolute;left:72px;right:72px;top:120px;font-size:36px;margin:0}
</style></head><body><h1>Three numbers that moved our quarter</h1>
<div class="block"><p>Revenue up 42%. Churn down to 1.9%. NPS at 61.</p></div></body></html>`

func main() {
	browsers := flag.Int("browsers", 1, "browsers")
	tabs := flag.Int("tabs", 2, "tabs per browser")
	n := flag.Int("n", 40, "renders")
	c := flag.Int("c", 4, "concurrent callers")
	pageName := flag.String("page", "glass", "glass or flat")
	level := flag.Int("level", 0, "PNG level (0 default, -1 Chromium's fast PNG as is)")
	flag.Parse()

	assets := fstest.MapFS{}
	for _, f := range []string{"Inter-Regular.otf", "Inter-Bold.otf"} {
		b, err := os.ReadFile("/usr/share/fonts/opentype/inter/" + f)
		if err != nil {
			log.Fatal(err)
		}
		assets["fonts/"+f] = &fstest.MapFile{Data: b}
	}
	html := glass
	if *pageName == "flat" {
		html = flat
	}
	p, err := renderer.New(renderer.Config{
		Browsers: *browsers, Tabs: *tabs, Assets: assets, PNGLevel: *level, QueueCap: *n,
		Logger: slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn})),
	})
	if err != nil {
		log.Fatal(err)
	}
	defer p.Close()
	ctx := context.Background()
	start := time.Now()
	if err := p.Start(ctx); err != nil {
		log.Fatal(err)
	}
	fmt.Printf("start: %v\n", time.Since(start).Round(time.Millisecond))
	page := renderer.Page{HTML: html, Width: 1080, Height: 1350}
	if _, err := p.Render(ctx, page); err != nil { // warm
		log.Fatal(err)
	}

	var mu sync.Mutex
	var lat []time.Duration
	size := 0
	jobs := make(chan struct{}, *n)
	for range *n {
		jobs <- struct{}{}
	}
	close(jobs)
	start = time.Now()
	var wg sync.WaitGroup
	for range *c {
		wg.Go(func() {
			for range jobs {
				s := time.Now()
				b, err := p.Render(ctx, page)
				if err != nil {
					log.Fatal(err)
				}
				mu.Lock()
				lat = append(lat, time.Since(s))
				size = len(b)
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	total := time.Since(start)
	slices.Sort(lat)
	pct := func(q float64) time.Duration { return lat[int(q*float64(len(lat)-1))].Round(time.Millisecond) }
	fmt.Printf("%dx%d c=%d page=%s: %.2f renders/s, p50 %v p95 %v max %v, %d bytes, chromium PSS %d MiB\n",
		*browsers, *tabs, *c, *pageName, float64(*n)/total.Seconds(), pct(.5), pct(.95), lat[len(lat)-1].Round(time.Millisecond), size, rssMiB())
	fmt.Printf("stats: %+v\n", p.Stats())
}

// rssMiB sums the proportional memory (PSS) of the browsers this program started and of every process
// in their process groups (zygotes, renderers, GPU and network processes).
func rssMiB() int {
	out, err := exec.Command("ps", "-o", "pid=", "--ppid", strconv.Itoa(os.Getpid())).Output()
	if err != nil {
		return 0
	}
	groups := map[string]bool{}
	for _, f := range strings.Fields(string(out)) {
		groups[f] = true
	}
	out, err = exec.Command("ps", "-eo", "pid=,pgid=").Output()
	if err != nil {
		return 0
	}
	total := 0
	for line := range strings.SplitSeq(string(out), "\n") {
		f := strings.Fields(line)
		if len(f) != 2 || !groups[f[1]] {
			continue
		}
		// Proportional set size: shared pages count once across the processes.
		b, err := os.ReadFile("/proc/" + f[0] + "/smaps_rollup")
		if err != nil {
			continue
		}
		for l := range strings.SplitSeq(string(b), "\n") {
			if v, ok := strings.CutPrefix(l, "Pss:"); ok {
				kb, _ := strconv.Atoi(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")))
				total += kb
			}
		}
	}
	return total / 1024
}
