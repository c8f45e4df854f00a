package renderer

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"
	"time"
)

// Issue 12 #10: profile folders left by a killed pool are removed at the next start; folders in
// use, fresh ones and other programs' folders stay.
func TestRemoveStaleProfiles(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("reads /proc")
	}
	dir := t.TempDir()
	old := time.Now().Add(-time.Hour)
	mk := func(name string, aged bool) string {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Join(p, "Default"), 0o700); err != nil {
			t.Fatal(err)
		}
		if aged {
			if err := os.Chtimes(p, old, old); err != nil {
				t.Fatal(err)
			}
		}
		return p
	}
	stale := mk(profilePrefix+"dead-0-1", true)
	fresh := mk(profilePrefix+"new-0-2", false)
	other := mk("chromium-other-0-3", true)
	busy := mk(profilePrefix+"live-0-4", true)
	cmd := exec.Command("sh", "-c", "sleep 30", "--user-data-dir="+busy)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	deadline := time.Now().Add(2 * time.Second)
	for {
		if in, _ := profileDirsInUse(); in[busy] || time.Now().After(deadline) {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}

	if n := removeStaleProfiles(dir, staleProfileAge); n != 1 {
		t.Errorf("removed %d folders, want 1", n)
	}
	if _, err := os.Stat(stale); !os.IsNotExist(err) {
		t.Errorf("stale profile folder kept (%v)", err)
	}
	for _, keep := range []string{fresh, other, busy} {
		if _, err := os.Stat(keep); err != nil {
			t.Errorf("%s removed: %v", filepath.Base(keep), err)
		}
	}
}
