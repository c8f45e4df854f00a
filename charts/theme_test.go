package charts

import "testing"

// Theme colours are CSS colours: hex needs its #, the alpha forms are read without their alpha,
// and anything else is not hex (used as given, never tinted).
func TestParseHex(t *testing.T) {
	tests := []struct {
		in   string
		want rgb
		ok   bool
	}{
		{"#4F46E5", rgb{0x4f, 0x46, 0xe5}, true},
		{" #abc ", rgb{0xaa, 0xbb, 0xcc}, true},
		{"#abcd", rgb{0xaa, 0xbb, 0xcc}, true},
		{"#4F46E580", rgb{0x4f, 0x46, 0xe5}, true},
		{"4F46E5", rgb{}, false}, // CSS needs the #
		{"abc", rgb{}, false},
		{"#4F46E", rgb{}, false},
		{"#GGGGGG", rgb{}, false},
		{"rgba(1,2,3,0.5)", rgb{}, false},
		{"", rgb{}, false},
	}
	for _, tt := range tests {
		got, ok := parseHex(tt.in)
		if got != tt.want || ok != tt.ok {
			t.Errorf("parseHex(%q) = %v, %v; want %v, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
	if got := mixHex("#000000", "#FFFFFF80", 0.5); got != "#808080" {
		t.Errorf("mixHex with an alpha form = %s, want #808080", got)
	}
	if got := mixHex("red", "#FFFFFF", 0.5); got != "red" {
		t.Errorf("mixHex of a named colour = %s, want it unchanged", got)
	}
}
