// Command fault loads brandgen with many clients and optional faults, and checks the reliability
// targets of issue 12 (make bench runs it; the README's Reliability section has its last figures).
//
// It starts the real server in-process as `brandgen serve` wires it (app.New: SQLite in a temporary
// directory, in-process limits set out of reach, offline planner, a 1 browser x 2 tab pool with a
// queue of 64) on a loopback port, warms it, then:
//
//   - sweep: for each concurrency of -sweep, -d of N clients sending POST /api/v1/chart and POST
//     /api/v1/posts alternately: status mix (status and error code), p50/p99 latency of the 200s,
//     renders/s, and the Retry-After of every 503;
//   - kill (with -kill-every K): -d of the largest concurrency while a Chromium process is killed
//     with SIGKILL every K; for each kill, the time until the next render succeeds (a 200 completes);
//   - slow senders (with -slow N): N loopback connections that announce a 200000-byte body and send
//     one byte, open during the whole run; counted when the server has closed them;
//
// sampling memory (PSS of this process and of every Chromium process below it) every 500 ms. After stopping the server
// it counts processes left below this one and browser profile folders left in the temp dir.
//
// Targets, printed with PASS/FAIL: no 5xx but 503 render_busy/database_unavailable, each with a
// Retry-After; throughput at the largest concurrency >= 90% of the best; after each Chromium kill a
// render succeeds within 2 s; RSS flat within 10% from minute 1 (the first third of a shorter run)
// to the end and under 1 GB; no orphan process or profile folder after stop; slow senders closed.
//
//	go run ./bench/fault [-sweep 4,16,100] [-d 30s] [-kill-every 5s] [-slow 50]
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"text/tabwriter"
	"time"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/app"
	"github.com/brandgen/brandgen/generate"
	"github.com/brandgen/brandgen/keys"
)

const unlimited = 1 << 30

func main() {
	sweepFlag := flag.String("sweep", "4,16,100", "client concurrencies, one phase each")
	d := flag.Duration("d", 30*time.Second, "length of each phase")
	killEvery := flag.Duration("kill-every", 5*time.Second, "kill a Chromium process this often in the kill phase (0: no kill phase)")
	slow := flag.Int("slow", 50, "slow-sender connections held open during the run (0: none)")
	strict := flag.Bool("strict", false, "exit 1 when a target fails")
	flag.Parse()
	var sweep []int
	for _, f := range strings.Split(*sweepFlag, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 1 {
			fmt.Fprintln(os.Stderr, "fault: -sweep must list positive integers")
			os.Exit(2)
		}
		sweep = append(sweep, n)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	ok, err := run(ctx, sweep, *d, *killEvery, *slow)
	if err != nil {
		fmt.Fprintln(os.Stderr, "fault:", err)
		os.Exit(1)
	}
	if !ok && *strict {
		os.Exit(1)
	}
}

type target struct {
	name   string
	ok     bool
	detail string
}

func run(ctx context.Context, sweep []int, d, killEvery time.Duration, slow int) (bool, error) {
	profilesBefore := profileDirs()
	dir, err := os.MkdirTemp("", "brandgen-fault-")
	if err != nil {
		return false, err
	}
	defer os.RemoveAll(dir)
	log := slog.New(slog.NewJSONHandler(io.Discard, nil))
	cfg, err := app.LoadConfig()
	if err != nil {
		return false, err
	}
	cfg.DatabaseURL, cfg.RedisURL, cfg.DataDir = "", "", dir
	cfg.Browsers, cfg.Tabs, cfg.RestartAfter, cfg.QueueCap, cfg.RenderTimeout = 1, 2, 500, 64, 30*time.Second
	cfg.RateLimit = unlimited
	// Every client of the run is one loopback address: keep the per-client connection cap above
	// them all (the transport may hold 2 per client, plus the slow senders).
	if need := 2*slices.Max(sweep) + slow; cfg.MaxConnsPerClient > 0 && cfg.MaxConnsPerClient < need {
		cfg.MaxConnsPerClient = need
	}
	a, err := app.New(ctx, cfg, log, app.Overrides{
		Planner: generate.NewOffline(),
		Volumes: map[brandgen.Plan]brandgen.Volume{brandgen.PlanDeveloper: {Limit: unlimited, Monthly: true}},
	})
	if err != nil {
		return false, err
	}
	closed := false
	closeApp := func() {
		if !closed {
			closed = true
			a.Close()
		}
	}
	defer closeApp()
	if err := a.Pool.Start(ctx); err != nil {
		return false, fmt.Errorf("render pool: %w", err)
	}
	acct, err := a.Store.EnsureAccount(ctx, "fault", brandgen.PlanDeveloper)
	if err != nil {
		return false, err
	}
	key, prefix, hash := keys.New()
	if _, err := a.Store.CreateKey(ctx, acct.ID, prefix, hash); err != nil {
		return false, err
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return false, err
	}
	srv := a.Server("")
	go func() { _ = srv.Serve(a.LimitConns(ln)) }() // capped per client as serve is
	base := "http://" + ln.Addr().String()
	maxC := slices.Max(sweep)
	cl := &client{base: base, key: key, http: &http.Client{Timeout: 90 * time.Second, Transport: &http.Transport{
		MaxIdleConns: 2 * maxC, MaxIdleConnsPerHost: 2 * maxC, DisableCompression: true}}}

	mem := startRSS()
	senders := startSlowSenders(ln.Addr().String(), slow)
	start := time.Now()
	fmt.Printf("brandgen fault: %s, 1 browser x 2 tabs, queue 64, phases of %s, sweep %v, kill every %s, %d slow senders\n\n",
		base, d, sweep, killEvery, slow)
	for range 10 { // warm
		cl.do(ctx, 0)
	}

	var phases []*phase
	for _, c := range sweep {
		phases = append(phases, load(ctx, cl, fmt.Sprintf("%d clients", c), c, d, 0))
	}
	if killEvery > 0 {
		phases = append(phases, load(ctx, cl, fmt.Sprintf("%d clients, kill every %s", maxC, killEvery), maxC, d, killEvery))
	}
	runFor := time.Since(start)
	slowClosed, slowWhen := senders.count()
	samples := mem.stop()

	sctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	_ = srv.Shutdown(sctx)
	cancel()
	closeApp()
	time.Sleep(500 * time.Millisecond)
	orphans := len(descendants(os.Getpid()))
	profilesLeft := leftProfiles(profilesBefore)

	report(phases)
	var targets []target
	bad5xx, noRetry, transport := 0, 0, 0
	for _, p := range phases {
		bad5xx += p.bad5xx
		noRetry += p.noRetryAfter
		transport += p.transport
	}
	targets = append(targets, target{"no 5xx but 503 render_busy/database_unavailable, each with Retry-After", bad5xx == 0 && noRetry == 0,
		fmt.Sprintf("%d other 5xx, %d 503 without Retry-After (%d requests without an answer within the client's 90 s)", bad5xx, noRetry, transport)})
	best, atMax := 0.0, 0.0
	for i, c := range sweep {
		best = max(best, phases[i].rate())
		if c == maxC {
			atMax = phases[i].rate()
		}
	}
	targets = append(targets, target{fmt.Sprintf("throughput at %d clients >= 90%% of the best", maxC), best > 0 && atMax >= 0.9*best,
		fmt.Sprintf("%.2f/s vs best %.2f/s (%.0f%%)", atMax, best, 100*atMax/max(best, 1e-9))})
	if killEvery > 0 {
		k := phases[len(phases)-1]
		worst := time.Duration(0)
		for _, r := range k.recoveries {
			worst = max(worst, r)
		}
		targets = append(targets, target{"a render succeeds within 2 s of each Chromium kill", len(k.recoveries) > 0 && worst <= 2*time.Second && k.unrecovered == 0,
			fmt.Sprintf("%d kills, worst %s, %d without a success after", len(k.recoveries)+k.unrecovered, worst.Round(time.Millisecond), k.unrecovered)})
	}
	from, end, peak, at := rssFigures(samples, runFor)
	targets = append(targets, target{"memory (PSS) flat within 10% and under 1 GB", peak < 1024 && end <= from*1.10,
		fmt.Sprintf("%.0f MB at %s, %.0f MB at the end, peak %.0f MB (this process %.0f MB with the load clients, Chromium %.0f MB)",
			from, rssFrom(runFor).Round(time.Second), end, peak, at.self, at.chromium)})
	targets = append(targets, target{"no orphan process or profile folder after stop", orphans == 0 && profilesLeft == 0,
		fmt.Sprintf("%d processes, %d profile folders", orphans, profilesLeft)})
	if slow > 0 {
		targets = append(targets, target{"slow senders are cut off", slowClosed == slow,
			fmt.Sprintf("%d of %d closed by the server, the last after %s", slowClosed, slow, slowWhen.Round(time.Second))})
	}
	fmt.Println()
	allOK := true
	for _, t := range targets {
		mark := "PASS"
		if !t.ok {
			mark, allOK = "FAIL", false
		}
		fmt.Printf("%s  %s: %s\n", mark, t.name, t.detail)
	}
	fmt.Printf("\nrun: %s\n", runFor.Round(time.Second))
	return allOK, nil
}

func report(phases []*phase) {
	w := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(w, "phase\trequests\t200\trenders/s\tp50\tp99\t503 busy\tRetry-After p50\twait p50\tother\t")
	for _, p := range phases {
		p50, p99 := p.latency(0.5), p.latency(0.99)
		fmt.Fprintf(w, "%s\t%d\t%d\t%.2f\t%s\t%s\t%d\t%s\t%s\t%s\t\n", p.name, p.total, p.ok, p.rate(),
			p50.Round(time.Millisecond), p99.Round(time.Millisecond), p.busy, p.retryP50(), (p50 - p.latency(0)).Round(100*time.Millisecond), p.otherText())
	}
	w.Flush()
}
