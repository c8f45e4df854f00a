package main

// This file holds the printed report (table, ratios against the targets, CPU, memory) and
// small helpers of the harness.

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/brandgen/brandgen/renderer"
)

// pct is the nearest-rank percentile q of lat.
func pct(lat []time.Duration, q float64) time.Duration {
	s := slices.Clone(lat)
	slices.Sort(s)
	i := int(float64(len(s))*q+0.999999) - 1
	return s[min(max(i, 0), len(s)-1)]
}

func ms(d time.Duration) string {
	return strconv.FormatFloat(float64(d)/float64(time.Millisecond), 'f', 1, 64)
}

func report(out io.Writer, o options, chart, post []*route, postNote string, mem *memSampler) {
	fmt.Fprintln(out)
	tw := tabwriter.NewWriter(out, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "path\tn\tp50 ms\tp95 ms\trenders/s (c=%d)\tp50 ms (c=%d)\tPNG bytes\t\n", o.c, o.c)
	for _, p := range append(slices.Clone(chart), post...) {
		rate, lp50 := "-", "-"
		if p.rate > 0 {
			rate, lp50 = strconv.FormatFloat(p.rate, 'f', 2, 64), ms(p.loadP50)
		}
		fmt.Fprintf(tw, "%s\t%d\t%s\t%s\t%s\t%s\t%d\t\n", p.name, len(p.lat), ms(pct(p.lat, .5)), ms(pct(p.lat, .95)), rate, lp50, p.size)
	}
	tw.Flush()

	raw, def, pool, http := chart[0], chart[1], chart[2], chart[3]
	fmt.Fprintln(out)
	verdict := func(ok bool) string {
		if ok {
			return "PASS"
		}
		return "MISS"
	}
	r := float64(pct(http.lat, .5)) / float64(pct(raw.lat, .5))
	fmt.Fprintf(out, "chart p50 / raw p50            %5.2fx   target <= %.2fx   %s\n", r, targetP50Ratio, verdict(r <= targetP50Ratio))
	t := http.rate / raw.rate
	fmt.Fprintf(out, "chart renders/s / raw          %5.0f%%   target >= %.0f%%     %s\n", 100*t, 100*targetThroughput, verdict(t >= targetThroughput))
	if raw.cpuGo+raw.cpuCr > 0 && http.cpuGo+http.cpuCr > 0 {
		rc, hc := raw.cpuGo+raw.cpuCr, http.cpuGo+http.cpuCr
		fmt.Fprintf(out, "CPU per render at c=%d        raw %s ms (Chromium %s + Go %s), chart %s ms (Chromium %s + Go %s)\n",
			o.c, ms(rc), ms(raw.cpuCr), ms(raw.cpuGo), ms(hc), ms(http.cpuCr), ms(http.cpuGo))
		fmt.Fprintf(out, "raw CPU / chart CPU per render %5.0f%%   (the throughput ratio on a CPU-bound machine; steadier than renders/s when it is shared)\n",
			100*float64(rc)/float64(hc))
	}
	s := float64(http.size) / float64(def.size)
	fmt.Fprintf(out, "chart PNG / Chromium default   %5.3fx  target <= 1.00x   %s   (%d B vs %d B; raw fast capture %d B)\n",
		s, verdict(http.size <= def.size), http.size, def.size, raw.size)
	fmt.Fprintf(out, "Chromium default p50 / raw p50 %5.2fx   (what the default encoder costs a plain screenshot)\n",
		float64(pct(def.lat, .5))/float64(pct(raw.lat, .5)))
	fmt.Fprintf(out, "of which: pool re-encode %+.0f ms, HTTP + JSON/base64 %+.0f ms over raw at p50\n",
		float64(pct(pool.lat, .5)-pct(raw.lat, .5))/1e6, float64(pct(http.lat, .5)-pct(pool.lat, .5))/1e6)
	if len(post) == 2 {
		pr := float64(pct(post[1].lat, .5)) / float64(pct(post[0].lat, .5))
		fmt.Fprintf(out, "post p50 / raw post-page p50   %5.2fx   (post p50 %s ms end to end; no target set, chart's is <= %.2fx: %s)\n",
			pr, ms(pct(post[1].lat, .5)), targetP50Ratio, verdict(pr <= targetP50Ratio))
	}
	if postNote != "" {
		fmt.Fprintln(out, postNote)
	}

	fmt.Fprintln(out, "\npeak memory (VmRSS summed per group, sampled every 200 ms; RSS counts pages shared between Chromium processes once per process):")
	mib := func(b int64) string { return strconv.FormatFloat(float64(b)/(1<<20), 'f', 0, 64) + " MiB" }
	pk := mem.peaks()
	for _, g := range groupOrder {
		if v := pk.group[g]; v > 0 {
			fmt.Fprintf(out, "  %-40s %9s   (sum of per-process VmHWM %s)\n", g, mib(v), mib(pk.hwm[g]))
		}
	}
	fmt.Fprintf(out, "  %-40s %9s\n", "server + its Chromium, same instant", mib(pk.sut))
	fmt.Fprintf(out, "  %-40s %9s\n", "everything (server, both baselines)", mib(pk.all))
}

func loadavg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "n/a"
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "n/a"
	}
	return strings.Join(f[:3], " ")
}

// chromeBinary is the browser the harness runs: the flag, else the renderer's first choice.
func chromeBinary(flagPath string) string {
	if flagPath != "" {
		return flagPath
	}
	for _, p := range []string{"/usr/lib/chromium/chromium-headless-shell", "/headless-shell/headless-shell"} {
		if info, err := os.Stat(p); err == nil && !info.IsDir() && info.Mode()&0o111 != 0 {
			return p
		}
	}
	for _, name := range []string{"chromium-headless-shell", "headless-shell", "chromium", "chromium-browser", "google-chrome"} {
		if full, err := exec.LookPath(name); err == nil {
			return full
		}
	}
	return "chromium-headless-shell"
}

// dump writes the chart page's fast capture, Chromium default capture and the server's PNG.
func dump(ctx context.Context, dir string, page renderer.Page, server []byte, raw, chrome *renderer.Pool) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	fast, err := raw.Render(ctx, page)
	if err != nil {
		return err
	}
	def, err := chrome.Render(ctx, page)
	if err != nil {
		return err
	}
	for name, b := range map[string][]byte{"fast.png": fast, "chromium.png": def, "server.png": server} {
		if err := os.WriteFile(dir+"/"+name, b, 0o644); err != nil {
			return err
		}
	}
	return nil
}
