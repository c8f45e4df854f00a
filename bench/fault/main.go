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
//     with SIGKILL every K; for each kill, the time until the next render succeeds (a 200 completes),
//     and the time until the pool finished a render after it saw the crash (Stats.Crashes, Renders);
//   - database outage (with -db-stop S): the whole run uses a throwaway PostgreSQL cluster this
//     command initialises and starts on a free loopback port (never the machine's own); one phase of
//     -outage-clients stops it for S and starts it again;
//   - Redis outage (with -redis-stop S): likewise with a throwaway redis-server (rate limiter and job
//     queue), stopped for S in a phase of its own;
//   - slow senders (with -slow N): N loopback connections that announce a 200000-byte body and send
//     one byte, open during the whole run; counted when the server has closed them;
//
// With -renders N it is a memory run instead: one phase of -clients until N renders succeeded (at
// most -max), SQLite, no faults but the slow senders, a progress line every minute.
//
// sampling memory (PSS of this process and of every Chromium process below it) every 500 ms. After stopping the server
// it counts processes left below this one and browser profile folders left in the temp dir.
//
// Targets, printed with PASS/FAIL: no 5xx but 503 render_busy/database_unavailable, each with a
// Retry-After; throughput at the largest concurrency >= 90% of the best; after each Chromium kill a
// render succeeds within 2 s; RSS flat within 10% from minute 1 (the first third of a shorter run)
// to the end and under 1 GB; during a database outage only 503 database_unavailable/render_busy,
// during a Redis outage renders go on; renders succeed again within 10 s of each restart; no orphan
// process, profile folder or throwaway cluster after stop; slow senders closed.
//
//	go run ./bench/fault [-sweep 4,16,100] [-d 30s] [-kill-every 5s] [-db-stop 10s] [-redis-stop 10s] [-slow 50]
//	go run ./bench/fault -renders 10000 [-clients 16] [-max 3h]
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
	"time"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/app"
	"github.com/brandgen/brandgen/generate"
	"github.com/brandgen/brandgen/keys"
)

const unlimited = 1 << 30

// options are the command's flags.
type options struct {
	sweep               []int
	d, killEvery        time.Duration
	dbStop, redisStop   time.Duration
	outageClients, slow int
	renders, clients    int
	maxRun              time.Duration
	dbSet, redisSet     bool // -db-stop, -redis-stop given: a dependency that cannot start is an error
}

func main() {
	var o options
	sweepFlag := flag.String("sweep", "4,16,100", "client concurrencies, one phase each")
	flag.DurationVar(&o.d, "d", 30*time.Second, "length of each phase")
	flag.DurationVar(&o.killEvery, "kill-every", 5*time.Second, "kill a Chromium process this often in the kill phase (0: no kill phase)")
	flag.DurationVar(&o.dbStop, "db-stop", 10*time.Second, "run on a throwaway PostgreSQL cluster and stop it this long in a phase of its own (0: SQLite, no database outage)")
	flag.DurationVar(&o.redisStop, "redis-stop", 10*time.Second, "run with a throwaway redis-server and stop it this long in a phase of its own (0: no Redis)")
	flag.IntVar(&o.outageClients, "outage-clients", 4, "clients of the database and Redis outage phases")
	flag.IntVar(&o.slow, "slow", 50, "slow-sender connections held open during the run (0: none)")
	flag.IntVar(&o.renders, "renders", 0, "memory run: one phase of -clients until this many renders succeeded (no sweep, no faults but -slow)")
	flag.IntVar(&o.clients, "clients", 16, "clients of the -renders memory run")
	flag.DurationVar(&o.maxRun, "max", 3*time.Hour, "time limit of the -renders memory run")
	strict := flag.Bool("strict", false, "exit 1 when a target fails")
	flag.Parse()
	flag.Visit(func(f *flag.Flag) {
		o.dbSet = o.dbSet || f.Name == "db-stop"
		o.redisSet = o.redisSet || f.Name == "redis-stop"
	})
	for _, f := range strings.Split(*sweepFlag, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 1 || n > 1000 {
			fmt.Fprintln(os.Stderr, "fault: -sweep must list integers from 1 to 1000")
			os.Exit(2)
		}
		o.sweep = append(o.sweep, n)
	}
	if o.outageClients < 1 || o.clients < 1 || o.clients > 1000 || o.slow < 0 || o.slow > 1000 || o.renders < 0 ||
		o.d <= 0 || o.d > time.Hour || o.maxRun <= 0 || o.maxRun > 24*time.Hour || o.dbStop < 0 || o.redisStop < 0 ||
		o.dbStop > 10*time.Minute || o.redisStop > 10*time.Minute {
		fmt.Fprintln(os.Stderr, "fault: a flag is out of range (clients 1..1000, slow 0..1000, -d up to 1h, -max up to 24h, stops up to 10m)")
		os.Exit(2)
	}
	if o.renders > 0 { // the memory run: one long phase, no dependency faults
		o.sweep, o.killEvery, o.dbStop, o.redisStop = []int{o.clients}, 0, 0, 0
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	ok, err := run(ctx, o)
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

func run(ctx context.Context, o options) (bool, error) {
	profilesBefore := profileDirs()
	dir, err := os.MkdirTemp("", "brandgen-fault-")
	if err != nil {
		return false, err
	}
	defer os.RemoveAll(dir)
	if err := markOwner(dir); err != nil {
		return false, err
	}
	log := slog.New(slog.NewJSONHandler(io.Discard, nil))
	cfg, err := app.LoadConfig()
	if err != nil {
		return false, err
	}
	cfg.DatabaseURL, cfg.RedisURL, cfg.DataDir = "", "", dir
	var pg *postgres
	var rs *redisServer
	if n := cleanStale(); n > 0 {
		fmt.Printf("removed %d throwaway folders (and their cluster) left by a run that was killed\n", n)
	}
	if o.dbStop > 0 {
		if pg, err = startPostgres(); err != nil && o.dbSet {
			return false, fmt.Errorf("throwaway database: %w", err)
		} else if err != nil { // the default run goes on without the fault (make bench on a machine without PostgreSQL)
			fmt.Printf("SKIP  database outage: %v\n", err)
			pg = nil
		} else {
			defer pg.close() // also on an interrupt or an error
			cfg.DatabaseURL = pg.url()
		}
	}
	if o.redisStop > 0 {
		if rs, err = startRedis(); err != nil && o.redisSet {
			return false, fmt.Errorf("throwaway redis: %w", err)
		} else if err != nil {
			fmt.Printf("SKIP  Redis outage: %v\n", err)
			rs = nil
		} else {
			defer rs.close()
			cfg.RedisURL = rs.url()
		}
	}
	cfg.Browsers, cfg.Tabs, cfg.RestartAfter, cfg.QueueCap, cfg.RenderTimeout = 1, 2, 500, 64, 30*time.Second
	cfg.RateLimit = unlimited
	maxC := slices.Max(o.sweep)
	// Every client of the run is one loopback address: keep the per-client connection cap above
	// them all (the transport may hold 2 per client, plus the slow senders).
	if need := 2*max(maxC, o.outageClients) + o.slow; cfg.MaxConnsPerClient > 0 && cfg.MaxConnsPerClient < need {
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
	cl := &client{base: base, key: key, http: &http.Client{Timeout: 90 * time.Second, Transport: &http.Transport{
		MaxIdleConns: 2 * maxC, MaxIdleConnsPerHost: 2 * maxC, DisableCompression: true}}}

	mem := startRSS()
	senders := startSlowSenders(ln.Addr().String(), o.slow)
	start := time.Now()
	fmt.Printf("brandgen fault: %s, %s, 1 browser x 2 tabs, queue 64, %s, %d slow senders\n\n",
		base, deps(pg, rs), plan(o), o.slow)
	for range 10 { // warm
		cl.do(ctx, 0)
	}

	var phases []*phase
	if o.renders > 0 {
		phases = append(phases, load(ctx, cl, spec{name: fmt.Sprintf("%d clients until %d renders", o.clients, o.renders),
			clients: o.clients, d: o.maxRun, renders: o.renders, progress: time.Minute}))
	} else {
		for _, c := range o.sweep {
			phases = append(phases, load(ctx, cl, spec{name: fmt.Sprintf("%d clients", c), clients: c, d: o.d}))
		}
		if o.killEvery > 0 {
			phases = append(phases, load(ctx, cl, spec{name: fmt.Sprintf("%d clients, kill every %s", maxC, o.killEvery),
				clients: maxC, d: o.d, killEvery: o.killEvery, pool: a.Pool}))
		}
		const after = 5 * time.Second
		if pg != nil {
			phases = append(phases, load(ctx, cl, spec{name: fmt.Sprintf("%d clients, database stopped %s", o.outageClients, o.dbStop),
				clients: o.outageClients, d: max(o.d, after+o.dbStop+20*time.Second),
				outage: &outage{check: "database", after: after, length: o.dbStop, stop: pg.stop, start: pg.start}}))
		}
		if rs != nil {
			phases = append(phases, load(ctx, cl, spec{name: fmt.Sprintf("%d clients, Redis stopped %s", o.outageClients, o.redisStop),
				clients: o.outageClients, d: max(o.d, after+o.redisStop+20*time.Second),
				outage: &outage{check: "redis", after: after, length: o.redisStop, stop: rs.stop, start: rs.start}}))
		}
	}
	runFor := time.Since(start)
	slowClosed, slowWhen := senders.count()
	samples := mem.stop()

	sctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	_ = srv.Shutdown(sctx)
	cancel()
	closeApp()
	if pg != nil {
		pg.close()
	}
	if rs != nil {
		rs.close()
	}
	time.Sleep(500 * time.Millisecond)
	orphans := len(descendants(os.Getpid()))
	profilesLeft := leftProfiles(profilesBefore)
	depProcs, depPorts, depDirs := leftovers(pg, rs)

	report(phases)
	targets := loadTargets(phases, o, maxC)
	from, end, peak, at := rssFigures(samples, runFor)
	targets = append(targets, target{"memory (PSS) flat within 10% and under 1 GB", peak < 1024 && end <= from*1.10,
		fmt.Sprintf("%.0f MB at %s, %.0f MB at the end, peak %.0f MB (this process %.0f MB with the load clients, Chromium %.0f MB)",
			from, rssFrom(runFor).Round(time.Second), end, peak, at.self, at.chromium)})
	targets = append(targets, target{"no orphan process, profile folder or throwaway cluster after stop",
		orphans == 0 && profilesLeft == 0 && depProcs == 0 && depPorts == 0 && depDirs == 0,
		fmt.Sprintf("%d processes, %d profile folders; throwaway database/Redis: %d processes, %d ports open, %d folders",
			orphans, profilesLeft, depProcs, depPorts, depDirs)})
	if o.slow > 0 {
		targets = append(targets, target{"slow senders are cut off", slowClosed == o.slow,
			fmt.Sprintf("%d of %d closed by the server, the last after %s", slowClosed, o.slow, slowWhen.Round(time.Second))})
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
	if ctx.Err() != nil {
		return false, fmt.Errorf("interrupted after %s (figures above are partial; cleanup checked)", runFor.Round(time.Second))
	}
	return allOK, nil
}
