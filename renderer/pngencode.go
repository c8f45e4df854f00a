package renderer

// This file holds the encoder half of the codec (see png.go): the layout choice (palette,
// RGB or RGBA), row filters, and the zlib stream deflated in parallel segments.

import (
	"bytes"
	stdflate "compress/flate"
	"encoding/binary"
	"errors"
	"hash/adler32"
	"hash/crc32"
	"io"
	"runtime"
	"sync"

	"github.com/klauspost/compress/flate"
)

// opaque reports whether every alpha byte of an RGBA picture is 0xff.
func (m *rawImage) opaque() bool {
	if m.bpp != 4 {
		return true
	}
	for i := 3; i < len(m.pix); i += 4 {
		if m.pix[i] != 0xff {
			return false
		}
	}
	return true
}

// dropAlpha turns an opaque RGBA picture into RGB in place.
func (m *rawImage) dropAlpha() {
	if m.bpp != 4 {
		return
	}
	src := m.pix
	j := 0
	for i := 0; i < len(src); i += 4 {
		src[j], src[j+1], src[j+2] = src[i], src[i+1], src[i+2]
		j += 3
	}
	m.pix, m.bpp = src[:j], 3
}

// palette returns the colours of the picture (packed RGBA, alpha 0xff for RGB) and one index
// per pixel when there are at most 256 colours; ok is false otherwise. It stops at the 257th.
// idx comes from getScratch: putScratch it when done.
func (m *rawImage) palette() (colors []uint32, idx []byte, ok bool) {
	s := newPaletteScan(m.w * m.h)
	if !s.add(m.pix, m.bpp) {
		return nil, nil, false
	}
	return s.colors, s.idx, true
}

// paletteScan counts the colours of a picture fed in order, a row or more at a time, and
// indexes its pixels while there are at most 256.
type paletteScan struct {
	keys    [paletteSlots]uint32
	vals    [paletteSlots]int16
	colors  []uint32
	idx     []byte // one per pixel (getScratch); nil once over 256 colours
	n       int    // pixels indexed
	last    uint32
	lastIdx int
}

const paletteSlots = 1024 // open addressing, a power of two, load <= 1/4

func newPaletteScan(pixels int) *paletteScan {
	s := &paletteScan{idx: getScratch(pixels), lastIdx: -1}
	for i := range s.vals {
		s.vals[i] = -1
	}
	return s
}

// add indexes the pixels of pix (bpp 3 or 4). It returns false, and gives idx back, at the
// 257th colour; it must not be called again then.
func (s *paletteScan) add(pix []byte, bpp int) bool {
	idx := s.idx[s.n : s.n+len(pix)/bpp]
	last, lastIdx := s.last, s.lastIdx
	for p := range idx {
		o := p * bpp
		c := uint32(pix[o])<<24 | uint32(pix[o+1])<<16 | uint32(pix[o+2])<<8 | 0xff
		if bpp == 4 {
			c = c&^0xff | uint32(pix[o+3])
		}
		if c == last && lastIdx >= 0 {
			idx[p] = byte(lastIdx)
			continue
		}
		h := (c * 0x9E3779B1) >> 22
		for {
			if s.vals[h] < 0 {
				if len(s.colors) == 256 {
					putScratch(s.idx)
					s.idx = nil
					return false
				}
				s.keys[h], s.vals[h] = c, int16(len(s.colors))
				s.colors = append(s.colors, c)
				break
			}
			if s.keys[h] == c {
				break
			}
			h = (h + 1) & (paletteSlots - 1)
		}
		last, lastIdx = c, int(s.vals[h])
		idx[p] = byte(lastIdx)
	}
	s.last, s.lastIdx = last, lastIdx
	s.n += len(idx)
	return true
}

// pngOptions choose the encoder's trade-offs; the zero value is the package default.
type pngOptions struct {
	level      int  // deflate level 1..9; 0 means defaultPNGLevel (libdeflate 7, or compress/flate 6)
	noPalette  bool // skip the lossless palette path
	workers    int  // parallel deflate segments; 0 means min(GOMAXPROCS, 4)
	adaptive   bool // per-row adaptive filter instead of None for truecolour
	klauspost  bool // deflate with klauspost/compress instead of libdeflate or compress/flate
	stdflate   bool // deflate with compress/flate even when libdeflate is linked (A/B)
	fresh      bool // allocate the pixel buffer instead of reusing scratch (benchmark A/B)
	noStream   bool // inflate the whole picture before deflating (benchmark A/B of pngstream.go)
	rowInflate bool // inflate row by row (klauspost) even when libdeflate is linked (A/B)
	plainRows  bool // every truecolour row unfiltered, the rule before rowFilter's (A/B)
}

// PNGChromium as Config.PNGLevel captures with Chromium's own default PNG encoder.
const PNGChromium = -2

// encodeRaw writes m as a PNG: palette when it has at most 256 colours, else truecolour. An
// opaque RGBA picture is written as RGB. Rows are not filtered (filter None) unless
// opt.adaptive: on Chromium's renders, whose gradients are dithered, deflate finds long
// matches in the raw rows that the usual minimum-sum filter heuristic destroys (measured on
// the glass card with klauspost at level 8: None 570 KB, adaptive 620 KB, in less time).
func encodeRaw(m *rawImage, opt pngOptions) ([]byte, error) {
	if opt.level == 0 {
		opt.level = defaultPNGLevel
	}
	if m.bpp == 4 && m.opaque() {
		m.dropAlpha()
	}
	if !opt.noPalette {
		if colors, idx, ok := m.palette(); ok {
			defer putScratch(idx)
			return encodePaletted(m.w, m.h, colors, idx, opt)
		}
	}
	ctype := byte(2)
	if m.bpp == 4 {
		ctype = 6
	}
	return encodeTruecolor(m, ctype, rowFilter(m, opt, nil), opt)
}

// encodeTruecolor writes m as RGB (ctype 2) or RGBA (6) with the rows produced by rows.
func encodeTruecolor(m *rawImage, ctype byte, rows func(y int, buf []byte) []byte, opt pngOptions) ([]byte, error) {
	var out bytes.Buffer
	out.Grow(len(m.pix) / 6)
	writeHeader(&out, m.w, m.h, ctype)
	if err := writeIDAT(&out, m.h, m.stride(), rows, opt); err != nil {
		return nil, err
	}
	writeChunk(&out, "IEND", nil)
	return out.Bytes(), nil
}

func encodePaletted(w, h int, colors []uint32, idx []byte, opt pngOptions) ([]byte, error) {
	var out bytes.Buffer
	writeHeader(&out, w, h, 3)
	plte := make([]byte, 0, 3*len(colors))
	trns := make([]byte, 0, len(colors))
	for _, c := range colors {
		plte = append(plte, byte(c>>24), byte(c>>16), byte(c>>8))
		trns = append(trns, byte(c))
	}
	writeChunk(&out, "PLTE", plte)
	for len(trns) > 0 && trns[len(trns)-1] == 0xff {
		trns = trns[:len(trns)-1]
	}
	if len(trns) > 0 {
		writeChunk(&out, "tRNS", trns)
	}
	// Index rows go unfiltered, as libpng and zopflipng advise for palette images.
	rows := func(y int, buf []byte) []byte {
		buf[0] = 0
		copy(buf[1:], idx[y*w:(y+1)*w])
		return buf
	}
	if err := writeIDAT(&out, h, w, rows, opt); err != nil {
		return nil, err
	}
	writeChunk(&out, "IEND", nil)
	return out.Bytes(), nil
}

func writeHeader(out *bytes.Buffer, w, h int, ctype byte) {
	out.Write(pngSignature)
	var ihdr [13]byte
	binary.BigEndian.PutUint32(ihdr[0:], uint32(w))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(h))
	ihdr[8], ihdr[9] = 8, ctype // depth 8; compression, filter method and interlace 0
	writeChunk(out, "IHDR", ihdr[:])
}

func writeChunk(out *bytes.Buffer, typ string, body []byte) {
	var hdr [8]byte
	binary.BigEndian.PutUint32(hdr[:], uint32(len(body)))
	copy(hdr[4:], typ)
	out.Write(hdr[:])
	out.Write(body)
	crc := crc32.NewIEEE()
	crc.Write(hdr[4:8])
	crc.Write(body)
	out.Write(binary.BigEndian.AppendUint32(nil, crc.Sum32()))
}

// deflater is the part of a compress/flate or klauspost flate.Writer writeIDAT uses.
type deflater interface {
	io.WriteCloser
	Flush() error
	Reset(io.Writer)
}

// flatePools hold writers per library (0 compress/flate, 1 klauspost) and level.
var flatePools [2][10]sync.Pool

func getFlate(w io.Writer, level int, klauspost bool) (deflater, *sync.Pool) {
	lib := 0
	if klauspost {
		lib = 1
	}
	pool := &flatePools[lib][level]
	if fw, ok := pool.Get().(deflater); ok {
		fw.Reset(w)
		return fw, pool
	}
	// level is 1..9: no error
	if klauspost {
		fw, _ := flate.NewWriter(w, level)
		return fw, pool
	}
	fw, _ := stdflate.NewWriter(w, level)
	return fw, pool
}

// errRowsAborted is writeIDAT's error when rows returns nil.
var errRowsAborted = errors.New("png: rows aborted")

// writeIDAT deflates the h filtered rows (each rowLen bytes plus its filter byte, produced by
// rows into the scratch buf, or nil to abort) into one zlib stream made of segments compressed
// in parallel, as pigz does: each segment but the last ends with a sync flush (with libdeflate,
// which has none, unfinal writes the same ending), so their concatenation is one valid stream,
// and the segments' Adler-32 sums combine into the stream's.
func writeIDAT(out *bytes.Buffer, h, rowLen int, rows func(y int, buf []byte) []byte, opt pngOptions) error {
	workers := opt.workers
	if workers <= 0 {
		workers = min(runtime.GOMAXPROCS(0), 4)
	}
	workers = max(1, min(workers, h*rowLen/(256<<10))) // small pictures gain nothing
	type segment struct {
		z     bytes.Buffer // compress/flate, klauspost
		ld    []byte       // libdeflate (scratch)
		adler uint32
		n     int
		err   error
	}
	segs := make([]segment, workers)
	per := (h + workers - 1) / workers
	libdeflate := haveLibdeflate && !opt.klauspost && !opt.stdflate
	var wg sync.WaitGroup
	for i := range segs {
		s := &segs[i]
		y0, y1 := min(h, i*per), min(h, (i+1)*per)
		s.n = (y1 - y0) * (rowLen + 1)
		if libdeflate {
			wg.Go(func() { s.ld, s.adler, s.err = ldSegment(rows, y0, y1, rowLen, opt.level, i == len(segs)-1) })
			continue
		}
		wg.Go(func() {
			fw, pool := getFlate(&s.z, opt.level, opt.klauspost)
			defer pool.Put(fw)
			sum := adler32.New()
			buf := make([]byte, rowLen+1)
			for y := y0; y < y1; y++ {
				r := rows(y, buf)
				if r == nil { // the rows' source failed (a streamed decode): its caller reports it
					s.err = errRowsAborted
					return
				}
				sum.Write(r)
				if _, err := fw.Write(r); err != nil {
					s.err = err
					return
				}
			}
			s.adler = sum.Sum32()
			if i == len(segs)-1 {
				s.err = fw.Close()
			} else {
				s.err = fw.Flush()
			}
		})
	}
	wg.Wait()
	defer func() {
		for i := range segs {
			if segs[i].ld != nil {
				putScratch(segs[i].ld)
			}
		}
	}()
	segBytes := func(s *segment) []byte {
		if s.ld != nil {
			return s.ld
		}
		return s.z.Bytes()
	}
	size := 2 + 4
	for i := range segs {
		if segs[i].err != nil {
			return segs[i].err
		}
		size += len(segBytes(&segs[i]))
	}
	z := make([]byte, 0, size)
	z = append(z, 0x78, 0x9c) // deflate, 32 KiB window, default level; a multiple of 31
	adler := uint32(1)
	for i := range segs {
		z = append(z, segBytes(&segs[i])...)
		adler = adler32Combine(adler, segs[i].adler, segs[i].n)
	}
	z = binary.BigEndian.AppendUint32(z, adler)
	for len(z) > 0 { // IDAT chunks of at most 1 MiB
		n := min(len(z), 1<<20)
		writeChunk(out, "IDAT", z[:n])
		z = z[n:]
	}
	return nil
}

// adler32Combine returns the Adler-32 of A followed by B from their sums and B's length, as
// zlib's adler32_combine.
func adler32Combine(a, b uint32, lenB int) uint32 {
	const base = 65521
	rem := uint32(lenB % base)
	sum1 := a & 0xffff
	sum2 := (rem * sum1) % base
	sum1 += (b & 0xffff) + base - 1
	sum2 += (a >> 16) + (b >> 16) + base - rem
	if sum1 >= base {
		sum1 -= base
	}
	if sum1 >= base {
		sum1 -= base
	}
	if sum2 >= base<<1 {
		sum2 -= base << 1
	}
	if sum2 >= base {
		sum2 -= base
	}
	return sum1 | sum2<<16
}

// adaptiveFilter returns a row producer that picks, per row, the filter with the smallest sum
// of absolute values (the libpng heuristic).
func adaptiveFilter(m *rawImage) func(y int, buf []byte) []byte {
	stride, bpp := m.stride(), m.bpp
	zero := make([]byte, stride)
	return func(y int, buf []byte) []byte {
		cur, prev := m.row(y), zero
		if y > 0 {
			prev = m.row(y - 1)
		}
		best, bestSum := byte(0), sumAbs(cur)
		cand := buf[1:]
		for ft := byte(1); ft <= 4; ft++ {
			filterRow(ft, cur, prev, cand, bpp)
			if s := sumAbs(cand); s < bestSum {
				best, bestSum = ft, s
			}
		}
		buf[0] = best
		filterRow(best, cur, prev, cand, bpp)
		return buf
	}
}

// filterRow applies filter ft to cur into dst.
func filterRow(ft byte, cur, prev, dst []byte, bpp int) {
	n := len(cur)
	switch ft {
	case 0:
		copy(dst, cur)
	case 1:
		copy(dst[:bpp], cur[:bpp])
		for i := bpp; i < n; i++ {
			dst[i] = cur[i] - cur[i-bpp]
		}
	case 2:
		for i := range n {
			dst[i] = cur[i] - prev[i]
		}
	case 3:
		for i := range bpp {
			dst[i] = cur[i] - prev[i]/2
		}
		for i := bpp; i < n; i++ {
			dst[i] = cur[i] - byte((int(cur[i-bpp])+int(prev[i]))/2)
		}
	case 4:
		for i := range bpp {
			dst[i] = cur[i] - prev[i]
		}
		for i := bpp; i < n; i++ {
			dst[i] = cur[i] - paeth(cur[i-bpp], prev[i], prev[i-bpp])
		}
	}
}

func sumAbs(b []byte) int {
	s := 0
	for _, v := range b {
		if v < 128 {
			s += int(v)
		} else {
			s += 256 - int(v)
		}
	}
	return s
}

// reencodePNG turns a fast Chromium PNG into a smaller one. Input of a layout decodeRaw does not
// handle, or that would not shrink, is returned unchanged.
func reencodePNG(data []byte, opt pngOptions) ([]byte, error) {
	alloc := getScratch
	if opt.fresh {
		alloc = func(n int) []byte { return make([]byte, n) }
	}
	d, err := newRowDecoder(data, alloc, haveLibdeflate && !opt.rowInflate)
	if errors.Is(err, errPNGFormat) {
		return data, nil
	}
	if err != nil {
		return nil, err
	}
	var out []byte
	if d.m.bpp == 3 && !opt.noStream {
		out, err = encodeStreaming(d, opt)
	} else {
		if err = d.rest(); err == nil {
			out, err = encodeRaw(d.m, opt)
		}
	}
	if !opt.fresh {
		putScratch(d.m.pix) // the output holds no reference to it
	}
	if err != nil {
		return nil, err
	}
	if len(out) >= len(data) {
		return data, nil
	}
	return out, nil
}
