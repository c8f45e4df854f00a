package renderer

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"image"
	"io"
	"sync"

	"github.com/klauspost/compress/flate"
)

// This file and pngencode.go hold a small PNG codec for the screenshots Chromium captures with
// optimizeForSpeed (8-bit RGB or RGBA, filter Up, zlib level 1). This one decodes them into raw
// scanlines (libdeflate's whole-buffer inflate in a cgo build, else klauspost's streaming one,
// the faster of the pure-Go readers); pngencode.go encodes them again with libdeflate
// (cgo) or compress/flate, in parallel segments, as an 8-bit palette image when the picture has
// at most 256 colours, else as truecolour with unfiltered rows. image/png cannot take a custom
// compressor or parallel segments, hence the codec. The package doc has the figures.

var pngSignature = []byte("\x89PNG\r\n\x1a\n")

// rawImage is an 8-bit, non-interlaced picture: bpp 3 (RGB) or 4 (RGBA, not premultiplied),
// rows packed without filter bytes.
type rawImage struct {
	w, h, bpp int
	pix       []byte
}

func (m *rawImage) stride() int { return m.w * m.bpp }

func (m *rawImage) row(y int) []byte { return m.pix[y*m.stride() : (y+1)*m.stride()] }

// errPNGFormat reports a PNG layout decodeRaw does not handle.
var errPNGFormat = errors.New("png: unsupported layout")

// decodeRaw decodes an 8-bit RGB or RGBA non-interlaced PNG, the layouts Chromium writes. It
// trusts the zlib checksum of its input (Chromium's own output) and does not verify it.
func decodeRaw(data []byte) (*rawImage, error) {
	return decodeRawInto(data, func(n int) []byte { return make([]byte, n) })
}

// decodeRawInto is decodeRaw with the pixel buffer taken from alloc (it need not be zeroed:
// every byte is written).
func decodeRawInto(data []byte, alloc func(n int) []byte) (*rawImage, error) {
	d, err := newRowDecoder(data, alloc, haveLibdeflate)
	if err != nil {
		return nil, err
	}
	if err := d.rest(); err != nil {
		putScratch(d.m.pix)
		return nil, err
	}
	return d.m, nil
}

// rowDecoder inflates and unfilters a PNG row by row into m.pix (rows 0..y-1 are done), so
// that an encoder can start on the first rows while the next ones are inflated (pngstream.go).
type rowDecoder struct {
	m    *rawImage
	zr   io.Reader // the streaming inflate, or nil when flat holds every row
	flat []byte    // the whole inflated stream (libdeflate), scratch until the last row
	in   []byte    // the current row with its filter byte
	prev []byte    // the row above (zero above the first)
	y    int       // rows decoded
}

// newRowDecoder parses the chunks of an 8-bit RGB or RGBA non-interlaced PNG and returns a
// decoder at its first row, with m.pix taken from alloc. With whole (libdeflate linked), the
// stream is inflated at once by libdeflate, 2-3x faster than the streaming inflate; the rows are
// then unfiltered one by one as before.
func newRowDecoder(data []byte, alloc func(n int) []byte, whole bool) (*rowDecoder, error) {
	if !bytes.HasPrefix(data, pngSignature) {
		return nil, errors.New("png: bad signature")
	}
	p := data[len(pngSignature):]
	var m *rawImage
	var z []byte
	var idats [][]byte // the IDAT bodies, joined once at the end (one allocation, or none for one)
	for len(p) >= 12 {
		n := int(binary.BigEndian.Uint32(p))
		if n < 0 || n > len(p)-12 {
			return nil, errors.New("png: truncated chunk")
		}
		typ, body := string(p[4:8]), p[8:8+n]
		p = p[12+n:]
		switch typ {
		case "IHDR":
			if n != 13 {
				return nil, errors.New("png: bad IHDR")
			}
			w, h := int(binary.BigEndian.Uint32(body)), int(binary.BigEndian.Uint32(body[4:]))
			depth, ctype, interlace := body[8], body[9], body[12]
			if depth != 8 || interlace != 0 || (ctype != 2 && ctype != 6) {
				return nil, errPNGFormat
			}
			if w <= 0 || h <= 0 || w > 1<<15 || h > 1<<15 {
				return nil, errors.New("png: bad dimensions")
			}
			m = &rawImage{w: w, h: h, bpp: 3}
			if ctype == 6 {
				m.bpp = 4
			}
		case "IDAT":
			idats = append(idats, body)
		case "IEND":
			p = nil
		}
	}
	if len(idats) == 1 {
		z = idats[0]
	} else {
		z = bytes.Join(idats, nil)
	}
	if m == nil || len(z) < 6 {
		return nil, errors.New("png: missing IHDR or IDAT")
	}
	if z[0]&0x0f != 8 || (uint(z[0])<<8|uint(z[1]))%31 != 0 || z[1]&0x20 != 0 {
		return nil, errors.New("png: bad zlib header")
	}
	stride := m.stride()
	if whole {
		flat := getScratch((stride + 1) * m.h)
		if err := ldInflate(flat, z[2:]); err != nil {
			putScratch(flat)
			return nil, fmt.Errorf("png: %w", err)
		}
		m.pix = alloc(stride * m.h)
		return &rowDecoder{m: m, flat: flat, prev: make([]byte, stride)}, nil
	}
	m.pix = alloc(stride * m.h)
	return &rowDecoder{m: m, zr: flate.NewReader(bytes.NewReader(z[2:])), in: make([]byte, stride+1), prev: make([]byte, stride)}, nil
}

// next decodes row y. After an error the decoder is done (m.pix stays the caller's to free).
func (d *rowDecoder) next() error {
	stride := d.m.stride()
	if d.flat != nil {
		d.in = d.flat[d.y*(stride+1) : (d.y+1)*(stride+1)]
	} else if _, err := io.ReadFull(d.zr, d.in); err != nil {
		return fmt.Errorf("png: inflate: %w", err)
	}
	cur := d.m.pix[d.y*stride : (d.y+1)*stride]
	if err := unfilterRow(d.in[0], d.in[1:], cur, d.prev, d.m.bpp); err != nil {
		return err
	}
	d.prev = cur
	d.y++
	if d.flat != nil && d.y == d.m.h {
		putScratch(d.flat)
		d.flat, d.in = nil, nil
	}
	return nil
}

// rest decodes the rows not yet decoded.
func (d *rowDecoder) rest() error {
	for d.y < d.m.h {
		if err := d.next(); err != nil {
			return err
		}
	}
	return nil
}

// scratch holds the big buffers of re-encodes (pixels, palette indexes) for reuse: a
// 1080x1350 render needs 4.4 MB of pixels, allocated and zeroed for nothing otherwise.
var scratch sync.Pool // of *[]byte

// getScratch returns a buffer of n bytes, not zeroed.
func getScratch(n int) []byte {
	if b, ok := scratch.Get().(*[]byte); ok && cap(*b) >= n {
		return (*b)[:n]
	}
	return make([]byte, n)
}

// putScratch gives b back for reuse; nothing may use it after.
func putScratch(b []byte) {
	b = b[:0]
	scratch.Put(&b)
}

// unfilterRow reverses filter ft of src into cur, given the row above.
func unfilterRow(ft byte, src, cur, prev []byte, bpp int) error {
	n := len(cur)
	switch ft {
	case 0:
		copy(cur, src)
	case 1:
		copy(cur[:bpp], src[:bpp])
		for i := bpp; i < n; i++ {
			cur[i] = src[i] + cur[i-bpp]
		}
	case 2:
		// Bytewise addition, eight bytes at a time (no carry crosses a byte).
		i := 0
		for ; i+8 <= n; i += 8 {
			a, b := binary.LittleEndian.Uint64(src[i:]), binary.LittleEndian.Uint64(prev[i:])
			const lo, hi = 0x7f7f7f7f7f7f7f7f, 0x8080808080808080
			binary.LittleEndian.PutUint64(cur[i:], ((a&lo)+(b&lo))^((a^b)&hi))
		}
		for ; i < n; i++ {
			cur[i] = src[i] + prev[i]
		}
	case 3:
		for i := range bpp {
			cur[i] = src[i] + prev[i]/2
		}
		for i := bpp; i < n; i++ {
			cur[i] = src[i] + byte((int(cur[i-bpp])+int(prev[i]))/2)
		}
	case 4:
		for i := range bpp {
			cur[i] = src[i] + prev[i]
		}
		for i := bpp; i < n; i++ {
			cur[i] = src[i] + paeth(cur[i-bpp], prev[i], prev[i-bpp])
		}
	default:
		return fmt.Errorf("png: bad filter %d", ft)
	}
	return nil
}

func paeth(a, b, c byte) byte {
	p := int(a) + int(b) - int(c)
	pa, pb, pc := abs(p-int(a)), abs(p-int(b)), abs(p-int(c))
	if pa <= pb && pa <= pc {
		return a
	}
	if pb <= pc {
		return b
	}
	return c
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// toImage converts the raw picture into an *image.NRGBA (RGBA, sharing pix) or an *image.RGBA
// (RGB, opaque).
func (m *rawImage) toImage() image.Image {
	r := image.Rect(0, 0, m.w, m.h)
	if m.bpp == 4 {
		return &image.NRGBA{Pix: m.pix, Stride: m.stride(), Rect: r}
	}
	img := image.NewRGBA(r)
	src, dst := m.pix, img.Pix
	for i, j := 0, 0; i+2 < len(src); i, j = i+3, j+4 {
		dst[j], dst[j+1], dst[j+2], dst[j+3] = src[i], src[i+1], src[i+2], 0xff
	}
	return img
}
