//go:build linux

package renderer

import (
	"bytes"
	"os"
	"os/exec"
	"strconv"
	"syscall"
	"time"
)

// setProcessGroup starts the browser in a process group of its own, so that killGroup reaches
// every process it forks, and has the kernel kill it if this process dies.
func setProcessGroup(cmd *exec.Cmd) {
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = new(syscall.SysProcAttr)
	}
	cmd.SysProcAttr.Setpgid = true
	cmd.SysProcAttr.Pdeathsig = syscall.SIGKILL
}

// killGroup sends SIGKILL to the process group led by pid.
func killGroup(pid int) {
	if pid > 0 {
		_ = syscall.Kill(-pid, syscall.SIGKILL)
	}
}

// waitGroupGone kills the process group led by pgid until none of its processes runs (zombies
// waiting for init to reap them do not count), or until timeout.
func waitGroupGone(pgid int, timeout time.Duration) bool {
	if pgid <= 0 {
		return true
	}
	deadline := time.Now().Add(timeout)
	for {
		_ = syscall.Kill(-pgid, syscall.SIGKILL)
		if !groupAlive(pgid) {
			return true
		}
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// groupAlive reports whether a process of group pgid runs, from /proc/<pid>/stat:
// "pid (comm) state ppid pgrp ...".
func groupAlive(pgid int) bool {
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		if _, err := strconv.Atoi(e.Name()); err != nil {
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
		if len(f) >= 3 && string(f[0]) != "Z" && string(f[0]) != "X" && string(f[2]) == strconv.Itoa(pgid) {
			return true
		}
	}
	return false
}

// killLeftovers kills any process that still has dir as its --user-data-dir (a child that left
// the group), looking again until a few passes in a row find none.
func killLeftovers(dir string) {
	want := []byte("--user-data-dir=" + dir)
	deadline := time.Now().Add(2 * time.Second)
	for quiet := 0; quiet < 2 && time.Now().Before(deadline); {
		found := 0
		entries, _ := os.ReadDir("/proc")
		for _, e := range entries {
			pid, err := strconv.Atoi(e.Name())
			if err != nil || pid == os.Getpid() {
				continue
			}
			cmdline, err := os.ReadFile("/proc/" + e.Name() + "/cmdline")
			if err != nil {
				continue
			}
			for arg := range bytes.SplitSeq(cmdline, []byte{0}) {
				if bytes.Equal(arg, want) {
					_ = syscall.Kill(pid, syscall.SIGKILL)
					found++
					break
				}
			}
		}
		if found == 0 {
			quiet++
		} else {
			quiet = 0
			time.Sleep(10 * time.Millisecond)
		}
	}
}

// profileDirsInUse lists every --user-data-dir of a running process.
func profileDirsInUse() (map[string]bool, bool) {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return nil, false
	}
	const flag = "--user-data-dir="
	dirs := map[string]bool{}
	for _, e := range entries {
		if _, err := strconv.Atoi(e.Name()); err != nil {
			continue
		}
		cmdline, err := os.ReadFile("/proc/" + e.Name() + "/cmdline")
		if err != nil {
			continue
		}
		for arg := range bytes.SplitSeq(cmdline, []byte{0}) {
			if bytes.HasPrefix(arg, []byte(flag)) {
				dirs[string(arg[len(flag):])] = true
			}
		}
	}
	return dirs, true
}
