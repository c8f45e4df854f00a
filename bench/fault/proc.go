package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
)

// children maps each pid to its child pids (Linux /proc; empty elsewhere).
func children() map[int][]int {
	out := map[int][]int{}
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		b, err := os.ReadFile("/proc/" + e.Name() + "/stat")
		if err != nil {
			continue
		}
		i := bytes.LastIndexByte(b, ')')
		if i < 0 {
			continue
		}
		f := bytes.Fields(b[i+1:])
		if len(f) < 2 {
			continue
		}
		ppid, _ := strconv.Atoi(string(f[1]))
		out[ppid] = append(out[ppid], pid)
	}
	return out
}

// descendants lists every process below pid.
func descendants(pid int) []int {
	tree := children()
	var out []int
	queue := []int{pid}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		for _, c := range tree[p] {
			out = append(out, c)
			queue = append(queue, c)
		}
	}
	return out
}

// notRenderer reports the processes below this one that are no part of the service: the
// throwaway Redis and the PostgreSQL tools (the cluster itself runs detached).
func notRenderer(comm string) bool {
	switch comm {
	case "redis-server", "runuser", "pg_ctl", "initdb", "postgres":
		return true
	}
	return false
}

// rssMB is the memory of this process (server and load clients) and of every process below it
// (Chromium), in MB: PSS (proportional set size, so pages Chromium's processes share count once),
// or VmRSS where PSS cannot be read.
func rssMB() (self, chromium float64) {
	pid := os.Getpid()
	total := int64(0)
	for _, c := range descendants(pid) {
		if b, err := os.ReadFile("/proc/" + strconv.Itoa(c) + "/comm"); err == nil && notRenderer(strings.TrimSpace(string(b))) {
			continue
		}
		total += pss(c)
	}
	return float64(pss(pid)) / 1024, float64(total) / 1024
}

// pss is a process's PSS in kB from /proc/<pid>/smaps_rollup, else its VmRSS.
func pss(pid int) int64 {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/smaps_rollup")
	if err == nil {
		for _, line := range strings.Split(string(b), "\n") {
			if rest, ok := strings.CutPrefix(line, "Pss:"); ok {
				if f := strings.Fields(rest); len(f) > 0 {
					n, _ := strconv.ParseInt(f[0], 10, 64)
					return n
				}
			}
		}
	}
	return vmRSS(pid)
}

func vmRSS(pid int) int64 {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			f := strings.Fields(rest)
			if len(f) > 0 {
				n, _ := strconv.ParseInt(f[0], 10, 64)
				return n
			}
		}
	}
	return 0
}

// browsers lists the main Chromium processes below this one: a --user-data-dir and no --type.
func browsers() []int {
	var out []int
	for _, pid := range descendants(os.Getpid()) {
		b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/cmdline")
		if err != nil {
			continue
		}
		args := strings.Split(string(b), "\x00")
		main, browser := true, false
		for _, a := range args {
			if strings.HasPrefix(a, "--type=") {
				main = false
			}
			if strings.HasPrefix(a, "--user-data-dir=") {
				browser = true
			}
		}
		if main && browser {
			out = append(out, pid)
		}
	}
	return out
}

// killBrowser SIGKILLs one main Chromium process and reports whether there was one.
func killBrowser() bool {
	pids := browsers()
	if len(pids) == 0 {
		return false
	}
	return syscall.Kill(pids[0], syscall.SIGKILL) == nil
}

// profileDirs lists brandgen browser profile folders in the temp dir.
func profileDirs() map[string]bool {
	entries, _ := os.ReadDir(os.TempDir())
	out := map[string]bool{}
	for _, e := range entries {
		if e.IsDir() && strings.HasPrefix(e.Name(), "brandgen-chromium-") {
			out[filepath.Join(os.TempDir(), e.Name())] = true
		}
	}
	return out
}

// leftProfiles counts profile folders made since before that no running process uses: what this
// run left behind (other pools on the machine keep theirs in use).
func leftProfiles(before map[string]bool) int {
	inUse := map[string]bool{}
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		b, err := os.ReadFile("/proc/" + e.Name() + "/cmdline")
		if err != nil {
			continue
		}
		for _, a := range strings.Split(string(b), "\x00") {
			if d, ok := strings.CutPrefix(a, "--user-data-dir="); ok {
				inUse[d] = true
			}
		}
	}
	n := 0
	for d := range profileDirs() {
		if !before[d] && !inUse[d] {
			n++
		}
	}
	return n
}
