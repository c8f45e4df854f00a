package brandgen

import "testing"

func TestParseHex(t *testing.T) {
	for in, want := range map[string][4]int{
		"#1a2B3c": {0x1a, 0x2b, 0x3c, 1}, "1a2b3c": {0x1a, 0x2b, 0x3c, 1}, " #abc ": {0xaa, 0xbb, 0xcc, 1},
		"#abcd": {0, 0, 0, 0}, "#11223344": {0, 0, 0, 0}, "#12345g": {0, 0, 0, 0}, "": {0, 0, 0, 0}, "red": {0, 0, 0, 0},
		"#": {0, 0, 0, 0}, "#+12345": {0, 0, 0, 0}, "#1_2345": {0, 0, 0, 0}, "##abc": {0, 0, 0, 0},
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

func TestParseHexAlpha(t *testing.T) {
	tests := []struct {
		in   string
		want [5]int // r, g, b, a, ok
	}{
		{"#1a2B3c", [5]int{0x1a, 0x2b, 0x3c, 0xff, 1}},
		{"#1a2b3c80", [5]int{0x1a, 0x2b, 0x3c, 0x80, 1}},
		{"#abc", [5]int{0xaa, 0xbb, 0xcc, 0xff, 1}},
		{"#abcd", [5]int{0xaa, 0xbb, 0xcc, 0xdd, 1}},
		{" abcd ", [5]int{0xaa, 0xbb, 0xcc, 0xdd, 1}},
		{"#FFFFFF00", [5]int{0xff, 0xff, 0xff, 0, 1}},
		{"#12345", [5]int{}},
		{"#1234567", [5]int{}},
		{"#abcg", [5]int{}},
		{"#-1234567", [5]int{}},
		{"rgba(0,0,0,0.5)", [5]int{}},
		{"", [5]int{}},
	}
	for _, tt := range tests {
		r, g, b, a, ok := ParseHexAlpha(tt.in)
		okv := 0
		if ok {
			okv = 1
		}
		if got := [5]int{int(r), int(g), int(b), int(a), okv}; got != tt.want {
			t.Errorf("ParseHexAlpha(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}
