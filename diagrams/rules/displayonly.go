package rules

import (
	"regexp"
	"strings"
)

var clauseSplit = regexp.MustCompile(`(?i)\s*(?:;|\n|\.\s+|,?\s+and then\s+|,\s*then\s+|,?\s+and\s+)\s*`)

// DisplayOnly reports whether every clause of instruction is a display change ("make it dark",
// "landscape", "transparent background") and returns the change: diagram types whose content the
// rules do not edit (architecture) still honour such instructions.
func DisplayOnly(instruction string) (Display, string, bool) {
	var disp Display
	var notes []string
	for _, clause := range clauseSplit.Split(strings.TrimSpace(instruction), -1) {
		clause = strings.TrimSpace(strings.TrimRight(filler.ReplaceAllString(strings.TrimSpace(clause), ""), ".!"))
		if clause == "" {
			continue
		}
		if !isDisplay(clause) {
			return Display{}, "", false
		}
		notes = append(notes, display(&disp, clause))
	}
	if len(notes) == 0 {
		return Display{}, "", false
	}
	return disp, strings.Join(notes, "; "), true
}
