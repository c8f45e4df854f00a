package renderer

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"hash/crc32"
	"io"
	"testing"
)

// checkPNG validates an encoded PNG as pngcheck would, beyond what image/png looks at: the
// signature, every chunk's CRC, IHDR first and IEND last with nothing after it, one run of
// IDAT chunks holding exactly one zlib stream (valid header, Adler-32 checked, no bytes after
// it) whose data are h rows of a filter byte (0-4) and the row's bytes.
func checkPNG(t *testing.T, png []byte) {
	t.Helper()
	if !bytes.HasPrefix(png, pngSignature) {
		t.Fatal("pngcheck: bad signature")
	}
	p := png[len(pngSignature):]
	var types []string
	var z []byte
	var w, h, bpp int
	idatDone := false
	for len(p) > 0 {
		if len(p) < 12 {
			t.Fatalf("pngcheck: %d stray bytes", len(p))
		}
		n := int(binary.BigEndian.Uint32(p))
		if n > len(p)-12 {
			t.Fatalf("pngcheck: chunk of %d bytes past the end", n)
		}
		typ, body := string(p[4:8]), p[8:8+n]
		if crc32.ChecksumIEEE(p[4:8+n]) != binary.BigEndian.Uint32(p[8+n:]) {
			t.Fatalf("pngcheck: %s: bad CRC", typ)
		}
		if typ == "IDAT" && idatDone {
			t.Fatal("pngcheck: IDAT chunks not consecutive")
		}
		idatDone = idatDone || (typ != "IDAT" && len(z) > 0)
		types = append(types, typ)
		switch typ {
		case "IHDR":
			w, h = int(binary.BigEndian.Uint32(body)), int(binary.BigEndian.Uint32(body[4:]))
			bpp = map[byte]int{0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[body[9]]
			if body[8] != 8 || bpp == 0 || body[10] != 0 || body[11] != 0 || body[12] != 0 {
				t.Fatalf("pngcheck: IHDR %v", body)
			}
		case "IDAT":
			z = append(z, body...)
		}
		p = p[12+n:]
	}
	if len(types) < 3 || types[0] != "IHDR" || types[len(types)-1] != "IEND" {
		t.Fatalf("pngcheck: chunks %v", types)
	}
	br := bytes.NewReader(z)
	zr, err := zlib.NewReader(br) // checks the header
	if err != nil {
		t.Fatalf("pngcheck: zlib: %v", err)
	}
	data, err := io.ReadAll(zr) // checks the Adler-32 at the end
	if err != nil {
		t.Fatalf("pngcheck: zlib: %v", err)
	}
	if br.Len() != 0 {
		t.Fatalf("pngcheck: %d bytes after the zlib stream", br.Len())
	}
	row := w*bpp + 1
	if len(data) != h*row {
		t.Fatalf("pngcheck: %d bytes of rows, want %d", len(data), h*row)
	}
	for y := range h {
		if data[y*row] > 4 {
			t.Fatalf("pngcheck: row %d: filter %d", y, data[y*row])
		}
	}
}
