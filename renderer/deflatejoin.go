package renderer

// This file turns a whole raw deflate stream (libdeflate's output: it has no flush, its last
// block is always final) into one that a next segment can follow, as zlib's sync flush would
// have ended it: the last block's BFINAL bit is cleared and an empty stored block appended.
// Finding the last block takes a walk over the stream's Huffman codes (no output is written):
// about a tenth of the deflate's cost.

import (
	"encoding/binary"
	"errors"
)

var errDeflateWalk = errors.New("deflate: bad stream")

// unfinal rewrites z, a complete raw deflate stream, into a non-final one that ends on a byte
// boundary after an empty stored block (00 00 ff ff), and returns it (z's array, extended).
func unfinal(z []byte) ([]byte, error) {
	start, end, err := lastBlock(z)
	if err != nil {
		return nil, err
	}
	z[start/8] &^= 1 << (start % 8)
	// Drop what follows the end of block code, then write the stored block's 3 header bits
	// (non-final, type 00: zeros), pad to a byte, and LEN 0, NLEN 0xffff.
	keep := (end + 7) / 8
	z = z[:keep]
	if end%8 != 0 {
		z[keep-1] &= byte(1)<<(end%8) - 1
	}
	for len(z) < (end+3+7)/8 {
		z = append(z, 0)
	}
	return append(z, 0, 0, 0xff, 0xff), nil
}

// bitReader reads a deflate stream LSB first, up to 56 bits buffered; past the end it reads
// zeros, and over says how many bytes it made up.
type bitReader struct {
	b    []byte
	i    int    // next byte of b to buffer
	buf  uint64 // bits not consumed, low first
	n    uint   // how many
	over int
}

func (r *bitReader) refill() {
	if r.i+8 <= len(r.b) {
		// Branchless: bytes past those counted are ORed again by the next refill, at the
		// same place, with the same bits.
		r.buf |= binary.LittleEndian.Uint64(r.b[r.i:]) << r.n
		k := (63 - r.n) >> 3
		r.i += int(k)
		r.n += k * 8
		return
	}
	for r.n <= 56 {
		if r.i < len(r.b) {
			r.buf |= uint64(r.b[r.i]) << r.n
			r.i++
		} else {
			r.over++
		}
		r.n += 8
	}
}

func (r *bitReader) bits(k uint) uint64 { // k <= 32, after a refill that left n >= k
	v := r.buf & (1<<k - 1)
	r.buf >>= k
	r.n -= k
	return v
}

func (r *bitReader) pos() int { return (r.i+r.over)*8 - int(r.n) }

// huffTable decodes one canonical Huffman code: indexed by the next maxLen bits, each entry is
// symbol<<4 | code length (0: no such code).
type huffTable struct {
	e      []uint16
	maxLen uint
}

func (h *huffTable) build(lens []uint8) error {
	var count [16]int
	maxLen := 0
	for _, l := range lens {
		count[l]++
		maxLen = max(maxLen, int(l))
	}
	if maxLen == 0 {
		maxLen = 1 // no codes at all (a block of literals has no distances): every entry invalid
	}
	var next [16]int
	code := 0
	count[0] = 0
	for l := 1; l <= 15; l++ {
		code = (code + count[l-1]) << 1
		next[l] = code
	}
	size := 1 << maxLen
	if cap(h.e) < size {
		h.e = make([]uint16, size)
	}
	h.e = h.e[:size]
	clear(h.e)
	h.maxLen = uint(maxLen)
	for sym, l := range lens {
		if l == 0 {
			continue
		}
		c := next[l]
		next[l]++
		if c >= 1<<l {
			return errDeflateWalk // over-subscribed
		}
		r := 0
		for k := 0; k < int(l); k++ { // the code's bits, reversed: deflate sends them MSB first
			r |= (c >> k & 1) << (int(l) - 1 - k)
		}
		for j := r; j < size; j += 1 << l {
			h.e[j] = uint16(sym)<<4 | uint16(l)
		}
	}
	return nil
}

// decode reads one symbol; the reader must hold at least maxLen bits.
func (h *huffTable) decode(r *bitReader) (int, error) {
	e := h.e[r.buf&(1<<h.maxLen-1)]
	l := uint(e & 15)
	if l == 0 {
		return 0, errDeflateWalk
	}
	r.buf >>= l
	r.n -= l
	return int(e >> 4), nil
}

var (
	lenExtra  = [29]uint8{0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0}
	distExtra = [30]uint8{0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13}
	clOrder   = [19]int{16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15}
)

// lastBlock walks z, a raw deflate stream, and returns the bit offsets of its final block's
// header and of the end of that block.
func lastBlock(z []byte) (start, end int, err error) {
	r := &bitReader{b: z}
	var lit, dist, cl huffTable
	var lens [288 + 32]uint8
	for {
		start = r.pos()
		r.refill()
		final := r.bits(1) == 1
		switch r.bits(2) {
		case 0: // stored: to the byte boundary, LEN, NLEN, LEN bytes
			r.bits(r.n % 8)
			r.refill()
			n, nn := r.bits(16), r.bits(16)
			if n != nn^0xffff {
				return 0, 0, errDeflateWalk
			}
			p := r.pos()/8 + int(n)
			if p > len(z) {
				return 0, 0, errDeflateWalk
			}
			*r = bitReader{b: z, i: p}
		case 1: // fixed codes
			for i := range 288 {
				lens[i] = 8
				switch {
				case i >= 144 && i < 256:
					lens[i] = 9
				case i >= 256 && i < 280:
					lens[i] = 7
				}
			}
			if err := lit.build(lens[:288]); err != nil {
				return 0, 0, err
			}
			for i := range 30 {
				lens[i] = 5
			}
			if err := dist.build(lens[:30]); err != nil {
				return 0, 0, err
			}
			if err := walkCodes(r, &lit, &dist); err != nil {
				return 0, 0, err
			}
		case 2: // dynamic codes
			if err := readCodes(r, &lit, &dist, &cl, lens[:]); err != nil {
				return 0, 0, err
			}
			if err := walkCodes(r, &lit, &dist); err != nil {
				return 0, 0, err
			}
		default:
			return 0, 0, errDeflateWalk
		}
		if r.over > 0 && r.pos() > len(z)*8 {
			return 0, 0, errDeflateWalk
		}
		if final {
			return start, r.pos(), nil
		}
	}
}

// readCodes reads a dynamic block's header into lit and dist.
func readCodes(r *bitReader, lit, dist, cl *huffTable, lens []uint8) error {
	r.refill()
	nlit, ndist, nclen := int(r.bits(5))+257, int(r.bits(5))+1, int(r.bits(4))+4
	if nlit > 286 || ndist > 30 {
		return errDeflateWalk
	}
	var cll [19]uint8
	r.refill()
	for i := range nclen {
		cll[clOrder[i]] = uint8(r.bits(3))
	}
	if err := cl.build(cll[:]); err != nil {
		return err
	}
	for i := 0; i < nlit+ndist; {
		r.refill()
		sym, err := cl.decode(r)
		if err != nil {
			return err
		}
		var v uint8
		n := 1
		switch {
		case sym < 16:
			v = uint8(sym)
		case sym == 16:
			if i == 0 {
				return errDeflateWalk
			}
			v, n = lens[i-1], 3+int(r.bits(2))
		case sym == 17:
			n = 3 + int(r.bits(3))
		default:
			n = 11 + int(r.bits(7))
		}
		if i+n > nlit+ndist {
			return errDeflateWalk
		}
		for ; n > 0; n-- {
			lens[i] = v
			i++
		}
	}
	if lens[256] == 0 {
		return errDeflateWalk
	}
	if err := lit.build(lens[:nlit]); err != nil {
		return err
	}
	return dist.build(lens[nlit : nlit+ndist])
}

// walkCodes reads a block's symbols up to its end of block code.
func walkCodes(r *bitReader, lit, dist *huffTable) error {
	end := len(r.b) + 8
	for {
		if r.i+r.over > end { // zeros past the end can decode forever
			return errDeflateWalk
		}
		r.refill() // 56 bits: a length (15 + 5) and a distance (15 + 13) at most
		sym, err := lit.decode(r)
		if err != nil {
			return err
		}
		if sym < 256 {
			continue
		}
		if sym == 256 {
			return nil
		}
		sym -= 257
		if sym >= len(lenExtra) {
			return errDeflateWalk
		}
		r.bits(uint(lenExtra[sym]))
		d, err := dist.decode(r)
		if err != nil {
			return err
		}
		if d >= len(distExtra) {
			return errDeflateWalk
		}
		r.bits(uint(distExtra[d]))
	}
}
