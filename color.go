package brandgen

import (
	"strconv"
	"strings"
)

// ParseHex reads a hex colour, "#RGB" or "#RRGGBB" (the # optional, surrounding space ignored, any
// case), into its 0-255 channels. Every package that draws with brand colours parses them here.
func ParseHex(s string) (r, g, b uint8, ok bool) {
	s = strings.TrimPrefix(strings.TrimSpace(s), "#")
	if len(s) == 3 {
		s = string([]byte{s[0], s[0], s[1], s[1], s[2], s[2]})
	}
	if len(s) != 6 {
		return 0, 0, 0, false
	}
	v, err := strconv.ParseUint(s, 16, 32)
	if err != nil {
		return 0, 0, 0, false
	}
	return uint8(v >> 16), uint8(v >> 8), uint8(v), true
}
