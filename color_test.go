package brandgen

import "testing"

func TestParseHex(t *testing.T) {
	for in, want := range map[string][4]int{
		"#1a2B3c": {0x1a, 0x2b, 0x3c, 1}, "1a2b3c": {0x1a, 0x2b, 0x3c, 1}, " #abc ": {0xaa, 0xbb, 0xcc, 1},
		"#abcd": {0, 0, 0, 0}, "#12345g": {0, 0, 0, 0}, "": {0, 0, 0, 0}, "red": {0, 0, 0, 0},
	} {
		r, g, b, ok := ParseHex(in)
		okv := 0
		if ok {
			okv = 1
		}
		if got := [4]int{int(r), int(g), int(b), okv}; got != want {
			t.Errorf("ParseHex(%q) = %v, want %v", in, got, want)
		}
	}
}
