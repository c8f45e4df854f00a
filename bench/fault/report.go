package main

import (
	"fmt"
	"os"
	"strings"
	"text/tabwriter"
	"time"
)

// deps names the store and Redis the run uses.
func deps(pg *postgres, rs *redisServer) string {
	s := "SQLite"
	if pg != nil {
		s = fmt.Sprintf("throwaway PostgreSQL on 127.0.0.1:%d", pg.port)
	}
	if rs != nil {
		s += fmt.Sprintf(", throwaway Redis on 127.0.0.1:%d", rs.port)
	} else {
		s += ", no Redis"
	}
	return s
}

// plan describes the phases to come.
func plan(o options) string {
	if o.renders > 0 {
		return fmt.Sprintf("memory run: %d clients until %d renders (at most %s)", o.clients, o.renders, o.maxRun)
	}
	s := fmt.Sprintf("phases of %s, sweep %v", o.d, o.sweep)
	if o.killEvery > 0 {
		s += fmt.Sprintf(", kill every %s", o.killEvery)
	}
	if o.dbStop > 0 {
		s += fmt.Sprintf(", database stopped %s", o.dbStop)
	}
	if o.redisStop > 0 {
		s += fmt.Sprintf(", Redis stopped %s", o.redisStop)
	}
	return s
}

func report(phases []*phase) {
	w := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(w, "phase\trequests\t200\trenders/s\tp50\tp99\t503 busy/db\tRetry-After p50\twait p50\tother\t")
	for _, p := range phases {
		p50, p99 := p.latency(0.5), p.latency(0.99)
		fmt.Fprintf(w, "%s\t%d\t%d\t%.2f\t%s\t%s\t%d\t%s\t%s\t%s\t\n", p.name, p.total, p.ok, p.rate(),
			p50.Round(time.Millisecond), p99.Round(time.Millisecond), p.busy, p.retryP50(), (p50 - p.latency(0)).Round(100*time.Millisecond), p.otherText())
	}
	w.Flush()
}

// loadTargets are the targets of the load phases: 5xx, throughput, kill recovery, renders done,
// outages.
func loadTargets(phases []*phase, o options, maxC int) []target {
	var targets []target
	bad5xx, noRetry, transport := 0, 0, 0
	for _, p := range phases {
		bad5xx += p.bad5xx
		noRetry += p.noRetryAfter
		transport += p.transport
	}
	targets = append(targets, target{"no 5xx but 503 render_busy/database_unavailable, each with Retry-After", bad5xx == 0 && noRetry == 0,
		fmt.Sprintf("%d other 5xx, %d 503 without Retry-After (%d requests without an answer within the client's 90 s)", bad5xx, noRetry, transport)})
	if o.renders > 0 {
		p := phases[0]
		targets = append(targets, target{fmt.Sprintf("%d renders within %s", o.renders, o.maxRun), p.ok >= o.renders,
			fmt.Sprintf("%d renders in %s (%.2f/s)", p.ok, p.d.Round(time.Second), p.rate())})
		return targets
	}
	if len(o.sweep) > 1 && len(phases) >= len(o.sweep) {
		best, atMax := 0.0, 0.0
		for i, c := range o.sweep {
			best = max(best, phases[i].rate())
			if c == maxC {
				atMax = phases[i].rate()
			}
		}
		targets = append(targets, target{fmt.Sprintf("throughput at %d clients >= 90%% of the best", maxC), best > 0 && atMax >= 0.9*best,
			fmt.Sprintf("%.2f/s vs best %.2f/s (%.0f%%)", atMax, best, 100*atMax/max(best, 1e-9))})
	}
	if o.killEvery > 0 && len(phases) > len(o.sweep) {
		k := phases[len(o.sweep)]
		worst := time.Duration(0)
		for _, r := range k.recoveries {
			worst = max(worst, r)
		}
		each := make([]string, len(k.recoveries))
		for i, r := range k.recoveries {
			each[i] = r.Round(10 * time.Millisecond).String()
		}
		// The client-side figure counts any 200 completed after the kill, including renders
		// Chromium had finished before it; the pool's figure (crash seen -> next render done in
		// the pool) is checked too.
		inPool := make([]string, len(k.poolRecovery))
		for i, r := range k.poolRecovery {
			inPool[i] = r.Round(10 * time.Millisecond).String()
			worst = max(worst, r)
		}
		targets = append(targets, target{"a render succeeds within 2 s of each Chromium kill", len(k.recoveries) > 0 && worst <= 2*time.Second && k.unrecovered == 0 &&
			len(k.poolRecovery) == len(k.recoveries),
			fmt.Sprintf("%d kills, worst %s, %d without a success after (each: %s; in the pool, crash seen -> next render done: %s)",
				len(k.recoveries)+k.unrecovered, worst.Round(time.Millisecond), k.unrecovered, strings.Join(each, " "), strings.Join(inPool, " "))})
	}
	return append(targets, outageTargets(phases)...)
}
