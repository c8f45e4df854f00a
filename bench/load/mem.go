package main

import (
	"bytes"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Process groups of the memory report. Every descendant of this process belongs to the group of
// the direct child (a browser process) it descends from.
const (
	groupSelf    = "this process (server + bench client)"
	groupServer  = "server pool Chromium"
	groupRaw     = "raw pool Chromium"
	groupDefault = "default-encode Chromium"
	groupOther   = "other children"
)

var groupOrder = []string{groupSelf, groupServer, groupRaw, groupDefault, groupOther}

// memSampler sums VmRSS of this process and of every process below it, by group, every tick,
// and keeps the peaks. Linux only (/proc); elsewhere it reports nothing.
type memSampler struct {
	self int

	mu       sync.Mutex
	label    map[int]string  // direct child pid -> group
	samples  []map[int]int64 // per sample: VmRSS of this process (key self) and of each direct child's tree
	hwm      map[int]int64   // VmHWM last seen per process
	hwmChild map[int]int     // process -> the direct child it descends from (self for self)
	stop     chan struct{}
	done     chan struct{}
}

func newMemSampler() *memSampler {
	return &memSampler{self: os.Getpid(), label: map[int]string{}, hwm: map[int]int64{}, hwmChild: map[int]int{}}
}

// claim labels the direct children that have no group yet (browsers just started) with group.
// Samples taken before the claim count for the group too: groups are applied when reporting.
func (m *memSampler) claim(group string) {
	tree := procTree()
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, pid := range tree[m.self] {
		if _, ok := m.label[pid]; !ok {
			m.label[pid] = group
		}
	}
}

// labelPID sets the group of one direct child.
func (m *memSampler) labelPID(pid int, group string) {
	m.mu.Lock()
	m.label[pid] = group
	m.mu.Unlock()
}

func (m *memSampler) start(every time.Duration) {
	m.stop, m.done = make(chan struct{}), make(chan struct{})
	go func() {
		defer close(m.done)
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			m.sample()
			select {
			case <-t.C:
			case <-m.stop:
				return
			}
		}
	}()
}

// finish takes a last sample and stops the ticker.
func (m *memSampler) finish() {
	if m.stop != nil {
		close(m.stop)
		<-m.done
		m.stop = nil
	}
	m.sample()
}

func (m *memSampler) sample() {
	tree := procTree()
	s := map[int]int64{}
	rss, hwm := memOf(m.self)
	s[m.self] = rss
	m.mu.Lock()
	defer m.mu.Unlock()
	m.note(m.self, m.self, hwm)
	for _, child := range tree[m.self] {
		stack := []int{child}
		for len(stack) > 0 {
			pid := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			stack = append(stack, tree[pid]...)
			rss, hwm := memOf(pid)
			s[child] += rss
			m.note(pid, child, hwm)
		}
	}
	m.samples = append(m.samples, s)
}

func (m *memSampler) note(pid, child int, hwm int64) {
	if hwm > 0 {
		m.hwm[pid] = max(m.hwm[pid], hwm)
		m.hwmChild[pid] = child
	}
}

func (m *memSampler) groupOf(child int) string {
	if child == m.self {
		return groupSelf
	}
	if g, ok := m.label[child]; ok {
		return g
	}
	return groupOther
}

// memPeaks are the peaks of a run, in bytes.
type memPeaks struct {
	group map[string]int64 // peak of each group's VmRSS sum
	hwm   map[string]int64 // sum of each process's own VmHWM per group: an upper bound, since they need not peak together
	sut   int64            // peak of this process + server Chromium at the same instant
	all   int64            // peak of everything at the same instant
}

func (m *memSampler) peaks() memPeaks {
	m.mu.Lock()
	defer m.mu.Unlock()
	p := memPeaks{group: map[string]int64{}, hwm: map[string]int64{}}
	for _, s := range m.samples {
		sums := map[string]int64{}
		var all int64
		for child, v := range s {
			sums[m.groupOf(child)] += v
			all += v
		}
		for g, v := range sums {
			p.group[g] = max(p.group[g], v)
		}
		p.all = max(p.all, all)
		p.sut = max(p.sut, sums[groupSelf]+sums[groupServer])
	}
	for pid, v := range m.hwm {
		p.hwm[m.groupOf(m.hwmChild[pid])] += v
	}
	return p
}

// procTree maps every pid to its children, from /proc/*/stat.
func procTree() map[int][]int {
	tree := map[int][]int{}
	ents, err := os.ReadDir("/proc")
	if err != nil {
		return tree
	}
	for _, e := range ents {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		b, err := os.ReadFile("/proc/" + e.Name() + "/stat")
		if err != nil {
			continue
		}
		// pid (comm) state ppid ...; comm may hold spaces and parentheses.
		i := bytes.LastIndexByte(b, ')')
		if i < 0 {
			continue
		}
		f := strings.Fields(string(b[i+1:]))
		if len(f) < 2 {
			continue
		}
		ppid, err := strconv.Atoi(f[1])
		if err != nil {
			continue
		}
		tree[ppid] = append(tree[ppid], pid)
	}
	return tree
}

// memOf returns VmRSS and VmHWM of pid in bytes (0 for a process gone or a kernel thread).
func memOf(pid int) (rss, hwm int64) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		return 0, 0
	}
	for line := range strings.SplitSeq(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			rss = kB(v)
		} else if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			hwm = kB(v)
		}
	}
	return rss, hwm
}

func kB(v string) int64 {
	n, _ := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
	return n << 10
}
