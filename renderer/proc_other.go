//go:build !linux

package renderer

import (
	"os"
	"os/exec"
	"time"
)

// setProcessGroup does nothing outside Linux; the pool is meant for Linux containers.
func setProcessGroup(cmd *exec.Cmd) {}

// killGroup kills the browser's main process.
func killGroup(pid int) {
	if p, err := os.FindProcess(pid); err == nil && pid > 0 {
		_ = p.Kill()
	}
}

// waitGroupGone kills the browser's main process outside Linux.
func waitGroupGone(pgid int, timeout time.Duration) bool {
	killGroup(pgid)
	return true
}

// killLeftovers does nothing outside Linux.
func killLeftovers(dir string) {}

// profileDirsInUse cannot read the process table outside Linux.
func profileDirsInUse() (map[string]bool, bool) { return nil, false }
