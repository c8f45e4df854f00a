package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"time"
)

// recoverWithin bounds the time from a dependency's restart until renders succeed again.
const recoverWithin = 10 * time.Second

// outage stops a dependency (the throwaway database or Redis) `after` into a load phase, keeps it
// down for `length`, starts it again, and watches GET /readyz's check of that name.
type outage struct {
	check       string // the /readyz check: "database" or "redis"
	after       time.Duration
	length      time.Duration
	stop, start func() error

	stoppedAt, restartedAt time.Time     // when stop and start returned
	seenDown               time.Duration // /readyz reported the check unavailable this long after stoppedAt (-1: never)
	seenUp                 time.Duration // /readyz reported it ok again this long after restartedAt (-1: never)
	err                    error
}

// run is the outage's schedule; ctx ends it early (the dependency is then left to close).
func (o *outage) run(ctx context.Context, c *client) {
	o.seenDown, o.seenUp = -1, -1
	if !sleepCtx(ctx, o.after) {
		return
	}
	if o.err = o.stop(); o.err != nil {
		o.err = fmt.Errorf("stop: %w", o.err)
		return
	}
	o.stoppedAt = time.Now()
	o.seenDown = c.waitReady(ctx, o.check, false, o.length)
	if !sleepCtx(ctx, time.Until(o.stoppedAt.Add(o.length))) {
		return
	}
	if o.err = o.start(); o.err != nil {
		o.err = fmt.Errorf("start: %w", o.err)
		return
	}
	o.restartedAt = time.Now()
	o.seenUp = c.waitReady(ctx, o.check, true, 60*time.Second)
}

func sleepCtx(ctx context.Context, d time.Duration) bool {
	select {
	case <-time.After(d):
		return true
	case <-ctx.Done():
		return false
	}
}

// waitReady polls GET /readyz every 100 ms until the named check is ok (up) or not (!up), for at
// most limit; it answers how long that took, -1 when it did not happen.
func (c *client) waitReady(ctx context.Context, check string, up bool, limit time.Duration) time.Duration {
	start := time.Now()
	for time.Since(start) < limit && ctx.Err() == nil {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, c.base+"/readyz", nil)
		if res, err := c.http.Do(req); err == nil {
			var body struct{ Checks map[string]string }
			_ = json.NewDecoder(res.Body).Decode(&body)
			res.Body.Close()
			if state, ok := body.Checks[check]; ok && (state == "ok") == up {
				return time.Since(start)
			}
		}
		sleepCtx(ctx, 100*time.Millisecond)
	}
	return -1
}

// outageFigures are what one outage phase measured.
type outageFigures struct {
	during     map[string]int // answers completed while the dependency was down, by "status code"
	duringOK   int
	faultCodes int           // non-200 answers other than render_busy, from the stop on
	recovered  time.Duration // restart -> first 200 after the last fault answer (-1: none)
	lastFault  time.Duration // restart -> last fault answer (0 when none came after the restart)
}

// figures classifies the phase's answers around the outage. A fault answer is any non-200 but 503
// render_busy (the queue shedding, which the outage does not cause).
func (o *outage) figures(p *phase) outageFigures {
	f := outageFigures{during: map[string]int{}, recovered: -1}
	if o.stoppedAt.IsZero() || o.restartedAt.IsZero() {
		return f
	}
	fault := func(r result) bool {
		return r.status != http.StatusOK && !(r.status == http.StatusServiceUnavailable && r.code == "render_busy")
	}
	last := o.restartedAt
	for _, r := range p.results {
		end := r.start.Add(r.took)
		if end.Before(o.stoppedAt) {
			continue
		}
		if end.Before(o.restartedAt) {
			if r.status == http.StatusOK {
				f.duringOK++
			} else {
				f.during[fmt.Sprintf("%d %s", r.status, r.code)]++
			}
		}
		if fault(r) {
			f.faultCodes++
			if end.After(last) {
				last = end
			}
		}
	}
	f.lastFault = last.Sub(o.restartedAt)
	for _, r := range p.results {
		if end := r.start.Add(r.took); r.status == http.StatusOK && end.After(last) {
			if d := end.Sub(o.restartedAt); f.recovered < 0 || d < f.recovered {
				f.recovered = d
			}
		}
	}
	return f
}

func (f outageFigures) duringText() string {
	s := fmt.Sprintf("%d 200", f.duringOK)
	for k, n := range f.during {
		s += fmt.Sprintf(", %d %s", n, k)
	}
	return s
}

func ms(d time.Duration) string {
	if d < 0 {
		return "never"
	}
	return d.Round(10 * time.Millisecond).String()
}

// outageTargets are the PASS/FAIL lines of the database and Redis outage phases.
func outageTargets(phases []*phase) []target {
	var out []target
	for _, p := range phases {
		o := p.outage
		if o == nil {
			continue
		}
		f := o.figures(p)
		seen := fmt.Sprintf("/readyz showed %s unavailable %s after the stop and ok %s after the restart", o.check, ms(o.seenDown), ms(o.seenUp))
		recovered := f.recovered >= 0 && f.recovered <= recoverWithin && o.seenUp >= 0
		switch o.check {
		case "database":
			unavailable := f.during["503 database_unavailable"]
			others := 0
			for k, n := range f.during {
				if k != "503 database_unavailable" && k != "503 render_busy" {
					others += n
				}
			}
			out = append(out, target{fmt.Sprintf("database stopped %s: only 503 database_unavailable/render_busy, renders again within %s of the restart", o.length, recoverWithin),
				o.err == nil && o.seenDown >= 0 && unavailable > 0 && others == 0 && recovered,
				fmt.Sprintf("during the outage %s; first render %s after the restart (last fault answer %s after it); %s%s",
					f.duringText(), ms(f.recovered), ms(f.lastFault), seen, errText(o.err))})
		case "redis":
			out = append(out, target{fmt.Sprintf("Redis stopped %s: the server keeps rendering (limiter fails open), no fault answers, renders within %s of the restart", o.length, recoverWithin),
				o.err == nil && o.seenDown >= 0 && f.duringOK > 0 && f.faultCodes == 0 && recovered,
				fmt.Sprintf("during the outage %s; %d fault answers; first render %s after the restart; %s%s",
					f.duringText(), f.faultCodes, ms(f.recovered), seen, errText(o.err))})
		}
	}
	return out
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return "; error: " + err.Error()
}
