package renderer

import (
	"os"
	"path/filepath"
	"strings"
	"time"
)

// profilePrefix starts the name of every browser profile folder the pool makes in the temp dir.
const profilePrefix = "brandgen-chromium-"

// staleProfileAge is how old an unused profile folder must be before a new pool removes it (a
// folder is made a moment before its browser starts).
const staleProfileAge = time.Minute

// removeStaleProfiles removes folders of dir named profilePrefix* that no running process uses as
// its --user-data-dir and that were last changed more than olderThan ago: what a pool killed with
// SIGKILL left behind. It returns how many it removed. Without a process table to read (outside
// Linux) it removes nothing.
func removeStaleProfiles(dir string, olderThan time.Duration) int {
	inUse, ok := profileDirsInUse()
	if !ok {
		return 0
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return 0
	}
	removed := 0
	for _, e := range entries {
		if !e.IsDir() || !strings.HasPrefix(e.Name(), profilePrefix) {
			continue
		}
		path := filepath.Join(dir, e.Name())
		info, err := e.Info()
		if err != nil || time.Since(info.ModTime()) < olderThan || inUse[path] {
			continue
		}
		if os.RemoveAll(path) == nil {
			removed++
		}
	}
	return removed
}
