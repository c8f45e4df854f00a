package main

import (
	"bytes"
	"os"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// cpuOf returns the CPU time (user + system) this process has used and that of every process
// in group's trees (the browsers of one pool and their renderers, GPU and utility processes,
// counting children they have reaped). On a machine shared with other work, CPU per render
// measures a path's cost steadier than the wall clock does: when the machine is CPU-bound,
// throughput ratios follow CPU-per-render ratios. Linux only; elsewhere zero.
func (m *memSampler) cpuOf(group string) (self, browsers time.Duration) {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) == nil {
		self = time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	tree := procTree()
	m.mu.Lock()
	var roots []int
	for pid, g := range m.label {
		if g == group {
			roots = append(roots, pid)
		}
	}
	m.mu.Unlock()
	var ticks int64
	for _, root := range roots {
		stack := []int{root}
		for len(stack) > 0 {
			pid := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			stack = append(stack, tree[pid]...)
			ticks += cpuTicks(pid)
		}
	}
	const userHZ = 100 // sysconf(_SC_CLK_TCK) on Linux
	return self, time.Duration(ticks) * time.Second / userHZ
}

// cpuTicks is utime+stime+cutime+cstime of pid from /proc/pid/stat (0 when it is gone).
func cpuTicks(pid int) int64 {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0
	}
	i := bytes.LastIndexByte(b, ')')
	if i < 0 {
		return 0
	}
	// After "pid (comm)": state is field 3; utime, stime, cutime, cstime are fields 14-17.
	f := strings.Fields(string(b[i+1:]))
	if len(f) < 15 {
		return 0
	}
	var n int64
	for _, s := range f[11:15] {
		v, _ := strconv.ParseInt(s, 10, 64)
		n += v
	}
	return n
}
