package brandgen

import (
	"strconv"
	"strings"
)

// ParseHex reads a hex colour, "#RGB" or "#RRGGBB" (the # optional, surrounding space ignored, any
// case), into its 0-255 channels. Every package that draws with brand colours parses them here.
func ParseHex(s string) (r, g, b uint8, ok bool) {
	var digits int
	r, g, b, _, digits, ok = parseHex(s)
	if !ok || digits == 4 || digits == 8 {
		return 0, 0, 0, false
	}
	return r, g, b, true
}

// ParseHexAlpha is ParseHex that also takes the CSS forms with alpha, "#RGBA" and "#RRGGBBAA";
// a is 255 for the forms without.
func ParseHexAlpha(s string) (r, g, b, a uint8, ok bool) {
	r, g, b, a, _, ok = parseHex(s)
	return r, g, b, a, ok
}

// parseHex reads 3, 4, 6 or 8 hex digits (the # optional) and says how many there were.
func parseHex(s string) (r, g, b, a uint8, digits int, ok bool) {
	s = strings.TrimPrefix(strings.TrimSpace(s), "#")
	digits = len(s)
	switch digits {
	case 3, 4:
		long := make([]byte, 0, 8)
		for i := range digits {
			long = append(long, s[i], s[i])
		}
		s = string(long)
	case 6, 8:
	default:
		return 0, 0, 0, 0, 0, false
	}
	if len(s) == 6 {
		s += "ff"
	}
	v, err := strconv.ParseUint(s, 16, 32)
	if err != nil {
		return 0, 0, 0, 0, 0, false
	}
	return uint8(v >> 24), uint8(v >> 16), uint8(v >> 8), uint8(v), digits, true
}
