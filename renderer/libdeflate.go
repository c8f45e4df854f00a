//go:build cgo && !nolibdeflate

package renderer

// A minimal binding of libdeflate (Debian libdeflate-dev, 1.14): whole-buffer raw deflate; at
// level 7 about 1.5x faster than compress/flate's level 6 on Chromium's renders, with files 3-4%
// smaller (see the package doc). A build without cgo, or with -tags nolibdeflate, uses
// compress/flate only (libdeflate_nocgo.go).

/*
#cgo LDFLAGS: -ldeflate
#include <libdeflate.h>
*/
import "C"

import (
	"errors"
	"fmt"
	"sync"
	"unsafe"
)

// haveLibdeflate reports whether this build links libdeflate.
const haveLibdeflate = true

// ldCompressor is one libdeflate compressor: C memory (about 0.3-1 MB), not safe for
// concurrent use.
type ldCompressor struct {
	c     *C.struct_libdeflate_compressor
	level int
}

// cPool keeps up to ldPoolMax C objects for reuse; C memory, so not a sync.Pool (which would
// drop them without freeing them).
type cPool[T any] struct {
	mu   sync.Mutex
	free []*T
}

const ldPoolMax = 4

// get returns a kept object, or alloc's.
func (p *cPool[T]) get(alloc func() *T) *T {
	p.mu.Lock()
	if n := len(p.free); n > 0 {
		x := p.free[n-1]
		p.free = p.free[:n-1]
		p.mu.Unlock()
		return x
	}
	p.mu.Unlock()
	return alloc()
}

// put keeps x, or frees it when the pool is full.
func (p *cPool[T]) put(x *T, free func(*T)) {
	p.mu.Lock()
	if len(p.free) < ldPoolMax {
		p.free = append(p.free, x)
		x = nil
	}
	p.mu.Unlock()
	if x != nil {
		free(x)
	}
}

// ldPools keep a few compressors per level.
var ldPools [13]cPool[ldCompressor]

func getLD(level int) *ldCompressor {
	return ldPools[level].get(func() *ldCompressor {
		c := C.libdeflate_alloc_compressor(C.int(level))
		if c == nil {
			panic("libdeflate: out of memory or bad level")
		}
		return &ldCompressor{c: c, level: level}
	})
}

func putLD(c *ldCompressor) {
	ldPools[c.level].put(c, func(c *ldCompressor) { C.libdeflate_free_compressor(c.c) })
}

// ldBound is the most bytes the raw deflate of n bytes can take.
func ldBound(c *ldCompressor, n int) int {
	return int(C.libdeflate_deflate_compress_bound(c.c, C.size_t(n)))
}

// deflate appends the raw deflate stream of src (its last block final) to dst.
func (c *ldCompressor) deflate(dst, src []byte) []byte {
	bound := ldBound(c, len(src))
	dst = growBytes(dst, bound)
	out := dst[len(dst):cap(dst)]
	var in unsafe.Pointer
	if len(src) > 0 {
		in = unsafe.Pointer(&src[0])
	}
	n := C.libdeflate_deflate_compress(c.c, in, C.size_t(len(src)), unsafe.Pointer(&out[0]), C.size_t(len(out)))
	if n == 0 { // cannot happen with the bound's room
		panic("libdeflate: output over its bound")
	}
	return dst[:len(dst)+int(n)]
}

// growBytes returns b with room for n more bytes.
func growBytes(b []byte, n int) []byte {
	if cap(b)-len(b) >= n {
		return b
	}
	nb := make([]byte, len(b), len(b)+n)
	copy(nb, b)
	return nb
}

// ldInflaters keep a few libdeflate decompressors (C memory, about 32 KB each).
var ldInflaters cPool[ldInflater]

// ldInflater is one libdeflate decompressor (an incomplete C type cannot be a type argument).
type ldInflater struct {
	d *C.struct_libdeflate_decompressor
}

// ldInflate inflates the raw deflate stream src into dst, whose length must be exactly the
// stream's inflated size (a PNG's rows and filter bytes). It is 2-3x faster than
// klauspost's streaming inflate on Chromium's fast captures, but whole-buffer.
func ldInflate(dst, src []byte) error {
	if len(dst) == 0 || len(src) == 0 {
		return errors.New("libdeflate: empty inflate")
	}
	d := ldInflaters.get(func() *ldInflater {
		d := C.libdeflate_alloc_decompressor()
		if d == nil {
			panic("libdeflate: out of memory")
		}
		return &ldInflater{d}
	})
	r := C.libdeflate_deflate_decompress(d.d, unsafe.Pointer(&src[0]), C.size_t(len(src)), unsafe.Pointer(&dst[0]), C.size_t(len(dst)), nil)
	ldInflaters.put(d, func(d *ldInflater) { C.libdeflate_free_decompressor(d.d) })
	if r != C.LIBDEFLATE_SUCCESS {
		return fmt.Errorf("libdeflate: inflate failed (result %d)", int(r))
	}
	return nil
}

// ldAdler32 updates an Adler-32 sum with b (libdeflate's, vectorised).
func ldAdler32(sum uint32, b []byte) uint32 {
	if len(b) == 0 {
		return sum
	}
	return uint32(C.libdeflate_adler32(C.uint32_t(sum), unsafe.Pointer(&b[0]), C.size_t(len(b))))
}

// defaultPNGLevel is the deflate level of the re-encode picked by measurement (see the package
// doc): libdeflate's level 7 writes 3-4% smaller files than compress/flate's 6 on the bench's
// charts for 17-26% less CPU per re-encode; its level 6 costs 35-40% less but puts the line
// chart over Chromium's size (1.001x).
const defaultPNGLevel = 7

// ldSegment deflates rows y0..y1 (each rowLen bytes plus its filter byte, from rows) with
// libdeflate at level: the raw deflate stream, made non-final unless last, and the rows'
// Adler-32. z is scratch memory: putScratch it once copied.
func ldSegment(rows func(y int, buf []byte) []byte, y0, y1, rowLen, level int, last bool) (z []byte, adler uint32, err error) {
	n := rowLen + 1
	in := getScratch((y1 - y0) * n)
	defer putScratch(in)
	for y := y0; y < y1; y++ {
		buf := in[(y-y0)*n : (y-y0+1)*n]
		r := rows(y, buf)
		if r == nil {
			return nil, 0, errRowsAborted
		}
		if &r[0] != &buf[0] {
			copy(buf, r)
		}
	}
	c := getLD(level)
	defer putLD(c)
	z = c.deflate(getScratch(ldBound(c, len(in)))[:0], in)
	if !last {
		if z, err = unfinal(z); err != nil {
			return nil, 0, err
		}
	}
	return z, ldAdler32(1, in), nil
}
