package renderer

import (
	"bytes"
	"compress/flate"
	"io"
	"math/rand/v2"
	"testing"
)

// joinTestInputs are segments of each kind a deflater meets: incompressible bytes (stored
// blocks), short text (fixed codes), long repeats and rows of a picture (dynamic codes), empty.
func joinTestInputs() map[string][]byte {
	r := rand.New(rand.NewPCG(3, 4))
	noise := make([]byte, 70000)
	for i := range noise {
		noise[i] = byte(r.IntN(256))
	}
	rows := make([]byte, 0, 400*961)
	for y := range 400 {
		rows = append(rows, byte(y%3))
		for x := range 960 {
			rows = append(rows, byte(x*y/97)+byte(r.IntN(3)))
		}
	}
	return map[string][]byte{
		"noise": noise, "text": []byte("brandgen renders branded images"), "zeros": make([]byte, 300000),
		"rows": rows, "empty": nil,
	}
}

// inflateAll decodes a raw deflate stream, failing the test unless it ends exactly at len(z).
func inflateAll(t *testing.T, z []byte) []byte {
	t.Helper()
	br := bytes.NewReader(z)
	out, err := io.ReadAll(flate.NewReader(br))
	if err != nil {
		t.Fatalf("inflate: %v", err)
	}
	if br.Len() != 0 {
		t.Fatalf("%d bytes after the final block", br.Len())
	}
	return out
}

// TestUnfinalJoinsStreams makes a complete stream non-final and follows it with another: the
// concatenation must inflate to both inputs, whatever blocks ended the first.
func TestUnfinalJoinsStreams(t *testing.T) {
	in := joinTestInputs()
	for name, a := range in {
		for _, level := range []int{flate.NoCompression, flate.HuffmanOnly, 1, 6, 9} {
			var za bytes.Buffer
			fw, _ := flate.NewWriter(&za, level)
			fw.Write(a)
			fw.Close()
			z := bytes.Clone(za.Bytes())
			start, end, err := lastBlock(z)
			if err != nil {
				t.Fatalf("%s level %d: lastBlock: %v", name, level, err)
			}
			if end > len(z)*8 || end <= (len(z)-1)*8 || start >= end {
				t.Fatalf("%s level %d: final block at bits %d-%d of a %d-byte stream", name, level, start, end, len(z))
			}
			joined, err := unfinal(z)
			if err != nil {
				t.Fatalf("%s level %d: unfinal: %v", name, level, err)
			}
			var zb bytes.Buffer
			fw, _ = flate.NewWriter(&zb, 6)
			fw.Write(in["rows"])
			fw.Close()
			got := inflateAll(t, append(joined, zb.Bytes()...))
			if want := append(bytes.Clone(a), in["rows"]...); !bytes.Equal(got, want) {
				t.Fatalf("%s level %d: joined stream inflates to %d bytes, want %d", name, level, len(got), len(want))
			}
		}
	}
}

// TestLastBlockFixedAndDynamic covers final blocks with Huffman codes (compress/flate ends its
// streams with an empty stored block): a hand-made fixed block, and a dynamic one.
func TestLastBlockFixedAndDynamic(t *testing.T) {
	// Fixed codes, final: 'a' (0x30+0x61 in 8 bits), end of block (7 zero bits).
	fixed := []byte{0x4b, 0x04, 0x00}
	if got := inflateAll(t, fixed); string(got) != "a" {
		t.Fatalf("hand-made fixed block inflates to %q", got)
	}
	if start, end, err := lastBlock(fixed); err != nil || start != 0 || end != 18 {
		t.Errorf("fixed block: %d-%d %v, want 0-18", start, end, err)
	}
	// Dynamic codes: compress/flate's Flush writes the data as one dynamic block (non-final)
	// then an empty stored block; with the first made final, the walker must stop at its end.
	var z bytes.Buffer
	fw, _ := flate.NewWriter(&z, 6)
	fw.Write(joinTestInputs()["rows"][:20000])
	fw.Flush() // dynamic block(s), then an empty stored block (non-final)
	flushed := bytes.Clone(z.Bytes())
	if flushed[0]&1 != 0 || (flushed[0]>>1)&3 != 2 {
		t.Fatalf("first block header %08b, want non-final dynamic", flushed[0]&7)
	}
	flushed[0] |= 1
	start, end, err := lastBlock(flushed)
	if err != nil || start != 0 {
		t.Fatalf("dynamic block: %d-%d %v", start, end, err)
	}
	cut := bytes.Clone(flushed[:(end+7)/8])
	if end%8 != 0 {
		cut[len(cut)-1] &= byte(1)<<(end%8) - 1
	}
	if got := inflateAll(t, cut); !bytes.Equal(got, joinTestInputs()["rows"][:20000]) {
		t.Fatalf("the dynamic block cut at bit %d inflates to %d bytes", end, len(got))
	}
}

func TestLastBlockErrors(t *testing.T) {
	var z bytes.Buffer
	fw, _ := flate.NewWriter(&z, 6)
	fw.Write(joinTestInputs()["rows"])
	fw.Close()
	good := z.Bytes()
	for name, bad := range map[string][]byte{
		"empty":            nil,
		"reserved type":    {0x07},
		"truncated":        good[:len(good)/2],
		"no final block":   good[:len(good)-5], // without compress/flate's closing stored block
		"stored bad NLEN":  {0x01, 0x05, 0x00, 0x00, 0x00},
		"stored past end":  {0x01, 0x05, 0x00, 0xfa, 0xff, 'a'},
		"zeros as dynamic": {0x05, 0x00, 0x00, 0x00},
	} {
		if _, _, err := lastBlock(bytes.Clone(bad)); err == nil {
			t.Errorf("%s: no error", name)
		}
		if _, err := unfinal(bytes.Clone(bad)); err == nil {
			t.Errorf("%s: unfinal: no error", name)
		}
	}
}
