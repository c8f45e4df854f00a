package renderer

// This file holds the streamed re-encode of opaque captures (the pool's usual case) and the
// row filter rule of truecolour pictures. Inflating Chromium's fast PNG takes 11-15 ms of the
// re-encode; streamed, the deflate segments start on their first rows while the next ones are
// still being inflated, instead of after the whole picture.

import (
	"encoding/binary"
	"math/bits"
	"sync"
	"sync/atomic"
)

// encodeStreaming inflates d (an RGB picture) row by row and encodes it as encodeRaw would. The
// palette scan follows the inflate; as soon as it finds a 257th colour the picture is truecolour,
// and the deflate segments (writeIDAT) start at once, each waiting for its rows as they come.
// A picture of at most 256 colours is only known as such at its last row: it is then encoded
// as a palette, after the whole inflate, as before.
func encodeStreaming(d *rowDecoder, opt pngOptions) ([]byte, error) {
	m := d.m
	if opt.level == 0 {
		opt.level = defaultPNGLevel
	}
	var pal *paletteScan
	if !opt.noPalette {
		pal = newPaletteScan(m.w * m.h)
	}
	for pal != nil && d.y < m.h {
		if err := d.next(); err != nil {
			putScratch(pal.idx)
			return nil, err
		}
		if !pal.add(m.row(d.y-1), m.bpp) {
			pal = nil
		}
	}
	if pal != nil {
		defer putScratch(pal.idx)
		return encodePaletted(m.w, m.h, pal.colors, pal.idx, opt)
	}
	feed := newRowFeed(d.y)
	type result struct {
		out []byte
		err error
	}
	done := make(chan result, 1)
	go func() {
		out, err := encodeTruecolor(m, 2, rowFilter(m, opt, feed), opt)
		done <- result{out, err}
	}()
	var derr error
	for d.y < m.h {
		if derr = d.next(); derr != nil {
			break
		}
		if d.y%16 == 0 || d.y == m.h {
			feed.publish(d.y)
		}
	}
	if derr != nil {
		feed.fail()
	}
	r := <-done
	if derr != nil {
		return nil, derr
	}
	return r.out, r.err
}

// rowFeed tells the deflate segments how many rows the inflate has finished.
type rowFeed struct {
	ready  atomic.Int64 // rows done; -1 once the inflate failed
	mu     sync.Mutex
	cond   sync.Cond
	failed bool
}

func newRowFeed(ready int) *rowFeed {
	f := &rowFeed{}
	f.cond.L = &f.mu
	f.ready.Store(int64(ready))
	return f
}

func (f *rowFeed) publish(rows int) {
	f.mu.Lock()
	f.ready.Store(int64(rows))
	f.mu.Unlock()
	f.cond.Broadcast()
}

func (f *rowFeed) fail() {
	f.mu.Lock()
	f.failed = true
	f.mu.Unlock()
	f.cond.Broadcast()
}

// wait returns once rows rows are done (true) or the inflate failed (false).
func (f *rowFeed) wait(rows int) bool {
	if f.ready.Load() >= int64(rows) {
		return true
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	for f.ready.Load() < int64(rows) && !f.failed {
		f.cond.Wait()
	}
	return !f.failed
}

// upShare is the share of a row's bytes, in percent, that must equal the row above's for
// rowFilter to write the row with filter Up.
const upShare = 90

// rowFilter returns the row producer of a truecolour picture: each row unfiltered (filter
// None), except a row at least upShare% equal to the row above, which gets filter Up.
// Unfiltered rows beat the filters on Chromium's dithered gradients (deflate finds long repeats
// in them that the filters destroy), but a row that differs from the one above in a few places
// (a flat tile with a soft shadow) is smaller as runs of zeros with a few small values than as
// repeats of the row above broken at each difference. Measured at compress/flate 6 against
// Chromium's default encode: the kpi chart went from 1.010x to 0.972x, the only page over the
// bound; the others stay under it (bar 0.972x -> 0.982x, line 0.988x -> 0.997x, donut 0.913x ->
// 0.932x; the benchmark's glass card 0.923x -> 0.931x, flat card 0.831x -> 0.951x) for ~10% more
// CPU in the re-encode (5-9 ms on the charts). opt.plainRows is the rule before (every row
// None), opt.adaptive the libpng heuristic. With feed, a row is produced once the inflate has
// done it.
func rowFilter(m *rawImage, opt pngOptions, feed *rowFeed) func(y int, buf []byte) []byte {
	rows := noneOrUp(m, opt.plainRows)
	if opt.adaptive {
		rows = adaptiveFilter(m)
	}
	if feed == nil {
		return rows
	}
	return func(y int, buf []byte) []byte {
		if !feed.wait(y + 1) {
			return nil
		}
		return rows(y, buf)
	}
}

func noneOrUp(m *rawImage, plain bool) func(y int, buf []byte) []byte {
	stride := m.stride()
	return func(y int, buf []byte) []byte {
		cur := m.row(y)
		if y > 0 && !plain {
			prev := m.row(y - 1)
			if equalBytes(cur, prev)*100 >= upShare*stride {
				buf[0] = 2
				subRows(buf[1:], cur, prev)
				return buf
			}
		}
		buf[0] = 0
		copy(buf[1:], cur)
		return buf
	}
}

// equalBytes counts the positions where a and b (of one length) hold the same byte.
func equalBytes(a, b []byte) int {
	n, i := 0, 0
	const lo = 0x0101010101010101
	for ; i+8 <= len(a); i += 8 {
		x := binary.LittleEndian.Uint64(a[i:]) ^ binary.LittleEndian.Uint64(b[i:])
		x |= x >> 4
		x |= x >> 2
		x |= x >> 1
		n += 8 - bits.OnesCount64(x&lo) // a byte of x is non-zero iff its low bit is now set
	}
	for ; i < len(a); i++ {
		if a[i] == b[i] {
			n++
		}
	}
	return n
}

// subRows writes cur - prev bytewise into dst (filter Up), eight bytes at a time.
func subRows(dst, cur, prev []byte) {
	i := 0
	for ; i+8 <= len(cur); i += 8 {
		a, b := binary.LittleEndian.Uint64(cur[i:]), binary.LittleEndian.Uint64(prev[i:])
		// Bytewise a-b without borrows crossing bytes: set each byte's top bit in a, clear it in
		// b, subtract, then fix the top bits.
		const hi = 0x8080808080808080
		d := ((a | hi) - (b &^ hi)) ^ ((a ^ ^b) & hi)
		binary.LittleEndian.PutUint64(dst[i:], d)
	}
	for ; i < len(cur); i++ {
		dst[i] = cur[i] - prev[i]
	}
}
