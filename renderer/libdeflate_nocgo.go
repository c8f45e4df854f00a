//go:build !cgo || nolibdeflate

package renderer

// Without cgo the re-encode deflates with compress/flate only (libdeflate.go has the fast path).

const haveLibdeflate = false

// defaultPNGLevel is compress/flate's level picked by measurement (see the package doc): the
// smallest whose files stay under Chromium's default encode on every page measured.
const defaultPNGLevel = 6

func ldSegment(rows func(y int, buf []byte) []byte, y0, y1, rowLen, level int, last bool) ([]byte, uint32, error) {
	panic("renderer: libdeflate not linked (built without cgo)")
}

func ldInflate(dst, src []byte) error {
	panic("renderer: libdeflate not linked (built without cgo)")
}
