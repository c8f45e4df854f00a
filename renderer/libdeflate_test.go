//go:build cgo && !nolibdeflate

package renderer

import (
	"bytes"
	"testing"
)

// TestLibdeflateSegmentsJoin deflates each pair of inputs with libdeflate, the first made
// non-final by unfinal, at the levels that write each block kind (stored for noise, fixed codes
// for short text, dynamic ones otherwise; the near-optimal parser from 10): the concatenation
// must inflate to both, and end where its final block does.
func TestLibdeflateSegmentsJoin(t *testing.T) {
	in := joinTestInputs()
	for _, level := range []int{1, 6, 7, 9, 12} {
		c := getLD(level)
		for na, a := range in {
			for nb, b := range in {
				z, err := unfinal(c.deflate(nil, a))
				if err != nil {
					t.Fatalf("level %d %s: unfinal: %v", level, na, err)
				}
				z = c.deflate(z, b)
				got := inflateAll(t, z)
				if want := append(bytes.Clone(a), b...); !bytes.Equal(got, want) {
					t.Fatalf("level %d %s+%s: %d bytes, want %d", level, na, nb, len(got), len(want))
				}
			}
		}
		putLD(c)
	}
}

// TestLibdeflateIsTheDefault checks that a cgo build re-encodes with libdeflate at
// defaultPNGLevel, and that stdflate still selects compress/flate.
func TestLibdeflateIsTheDefault(t *testing.T) {
	in := fastPNG(t, testImages()["card"], true)
	def, err := reencodePNG(in, pngOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(def) >= len(in) {
		t.Fatalf("the card did not shrink (%d B, %d B in): nothing is compared", len(def), len(in))
	}
	for _, tc := range []struct {
		opt  pngOptions
		same bool
	}{
		{pngOptions{level: defaultPNGLevel}, true},
		{pngOptions{level: defaultPNGLevel, stdflate: true}, false},
		{pngOptions{level: defaultPNGLevel, klauspost: true}, false},
	} {
		out, err := reencodePNG(in, tc.opt)
		if err != nil {
			t.Fatal(err)
		}
		if bytes.Equal(out, def) != tc.same {
			t.Errorf("%+v: same bytes as the default %v, want %v", tc.opt, !tc.same, tc.same)
		}
	}
}
