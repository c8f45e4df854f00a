package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
	"time"
)

// needBinary skips without the server binaries, except under CI where that is a failure.
func needBinary(t *testing.T, err error) {
	t.Helper()
	if err == nil {
		return
	}
	if os.Getenv("CI") != "" {
		t.Fatal(err)
	}
	t.Skip(err)
}

// The throwaway dependencies start on a free loopback port (not the machine's own), stop and
// start again on the same port, and leave no process, port or folder after close.
func TestThrowawayDependencies(t *testing.T) {
	_, err := pgBinDir()
	needBinary(t, err)
	_, err = exec.LookPath("redis-server")
	needBinary(t, err)

	pg, err := startPostgres()
	if err != nil {
		t.Fatal(err)
	}
	defer pg.close()
	rs, err := startRedis()
	if err != nil {
		t.Fatal(err)
	}
	defer rs.close()

	for _, tc := range []struct {
		name        string
		port, fixed int
		stop, start func() error
	}{
		{"postgres", pg.port, 5432, pg.stop, pg.start},
		{"redis", rs.port, 6379, rs.stop, rs.start},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.port == tc.fixed {
				t.Fatalf("on the machine's own port %d", tc.port)
			}
			if !listening(tc.port) {
				t.Fatal("not listening after start")
			}
			if err := tc.stop(); err != nil {
				t.Fatal(err)
			}
			if listening(tc.port) {
				t.Fatal("still listening after stop")
			}
			if err := tc.start(); err != nil {
				t.Fatal(err)
			}
			if !listening(tc.port) {
				t.Fatal("not listening after the restart")
			}
		})
	}
	pg.close()
	rs.close()
	time.Sleep(200 * time.Millisecond)
	if procs, ports, dirs := leftovers(pg, rs); procs+ports+dirs != 0 {
		t.Fatalf("left after close: %d processes, %d ports, %d folders", procs, ports, dirs)
	}
}

// A folder whose owner process is gone is removed; one of a live owner is kept.
func TestCleanStale(t *testing.T) {
	dead := exec.Command("true")
	if err := dead.Run(); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		owner int
		kept  bool
	}{
		{dead.Process.Pid, false},
		{os.Getpid(), true},
	} {
		d, err := os.MkdirTemp("", "brandgen-fault-redis-")
		if err != nil {
			t.Fatal(err)
		}
		defer os.RemoveAll(d)
		if err := os.WriteFile(filepath.Join(d, "owner"), []byte(strconv.Itoa(tc.owner)), 0o644); err != nil {
			t.Fatal(err)
		}
		cleanStale()
		if _, err := os.Stat(d); (err == nil) != tc.kept {
			t.Errorf("owner %d: kept=%v, want %v", tc.owner, err == nil, tc.kept)
		}
	}
}

// The outage figures: answers during the outage by status, the time from the restart to the first
// render after the last fault answer.
func TestOutageFigures(t *testing.T) {
	t0 := time.Now()
	at := func(s float64) time.Time { return t0.Add(time.Duration(s * float64(time.Second))) }
	o := &outage{check: "database", stoppedAt: at(10), restartedAt: at(20)}
	r := func(start, took float64, status int, code string) result {
		return result{start: at(start), took: time.Duration(took * float64(time.Second)), status: status, code: code}
	}
	for _, tc := range []struct {
		name               string
		results            []result
		duringOK, during   int
		faults             int
		recovered, lastErr time.Duration
	}{
		{"clean recovery", []result{
			r(1, 1, 200, ""), r(9, 2, 200, ""), r(12, 0.1, 503, "database_unavailable"), r(15, 1, 503, "render_busy"),
			r(21, 1.5, 200, ""),
		}, 1, 2, 1, 2500 * time.Millisecond, 0},
		{"a fault after the restart", []result{
			r(12, 0.1, 503, "database_unavailable"), r(20.5, 0.1, 503, "database_unavailable"), r(20, 0.5, 200, ""),
			r(21, 1, 200, ""),
		}, 0, 1, 2, 2 * time.Second, 600 * time.Millisecond},
		{"never recovered", []result{r(12, 0.1, 503, "database_unavailable"), r(25, 0.1, 500, "internal")},
			0, 1, 2, -1, 5100 * time.Millisecond},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := o.figures(&phase{results: tc.results})
			during := 0
			for _, n := range f.during {
				during += n
			}
			if f.duringOK != tc.duringOK || during != tc.during || f.faultCodes != tc.faults ||
				f.recovered != tc.recovered || f.lastFault != tc.lastErr {
				t.Errorf("got ok %d, other %d, faults %d, recovered %s, last fault %s; want %d, %d, %d, %s, %s",
					f.duringOK, during, f.faultCodes, f.recovered, f.lastFault, tc.duringOK, tc.during, tc.faults, tc.recovered, tc.lastErr)
			}
		})
	}
	if got := outageTargets([]*phase{{outage: o, results: []result{r(12, 0.1, 500, "internal")}}}); len(got) != 1 || got[0].ok {
		t.Errorf("a 500 during a database outage passed: %+v", got)
	}
}
