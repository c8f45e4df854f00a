// Package gifenc encodes an animation of same-sized frames into a small looping GIF, fast enough to
// keep up with the browser that captures the frames.
//
// All frames share one global palette of up to 255 colours (median cut, ericpauley/go-quantize, over
// a sample of the frame the palette is built from, normally the final one: it holds every colour
// the animation ends on) plus one transparent entry. Pixels are mapped through a 32K-entry lookup
// table (5 bits a channel, filled lazily by nearest colour) with an 8x8 ordered dither: the dither
// depends only on the pixel's position and colour, so a pixel that does not change between frames
// keeps its index and frame differencing stays exact. Each frame after the first holds only the
// rectangle that changed since the previous one, with unchanged pixels inside it set to the
// transparent index (long runs that LZW compresses well); a frame identical to the previous one is
// dropped and its delay added to the previous frame. Pages with a transparent background are
// encoded as full frames disposed to the background instead, since a difference frame cannot turn
// an opaque pixel transparent again.
package gifenc

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/gif"
	"io"
	"time"

	"github.com/ericpauley/go-quantize/quantize"
)

// Options tune an Encoder; the zero value is the default.
type Options struct {
	// Dither is the strength of the ordered dither in 8-bit levels [10]; negative turns it off.
	Dither int
	// Transparent makes pixels with alpha < 128 transparent and encodes full frames.
	Transparent bool
}

// Encoder accumulates frames and writes the GIF.
type Encoder struct {
	w, h     int
	pal      color.Palette // colours, then the transparent entry last
	trans    uint8
	lut      []uint16 // (r>>3)<<10|(g>>3)<<5|b>>3 -> palette index, noLUT when not computed yet
	dither   [64]int16
	opt      Options
	prev     []uint8 // the previous frame's indices as a viewer shows them
	frames   []*image.Paletted
	delays   []int // centiseconds
	disposal []byte
	rest     time.Duration // delay rounding carried to the next frame
}

const noLUT = 0xFFFF

// bayer8 is the 8x8 ordered-dither threshold matrix (0..63).
var bayer8 = [64]int16{
	0, 32, 8, 40, 2, 34, 10, 42,
	48, 16, 56, 24, 50, 18, 58, 26,
	12, 44, 4, 36, 14, 46, 6, 38,
	60, 28, 52, 20, 62, 30, 54, 22,
	3, 35, 11, 43, 1, 33, 9, 41,
	51, 19, 59, 27, 49, 17, 57, 25,
	15, 47, 7, 39, 13, 45, 5, 37,
	63, 31, 55, 23, 61, 29, 53, 21,
}

// New returns an encoder for frames the size of ref, whose palette is built from ref (the frame
// that best represents the animation's colours, normally the final one).
func New(ref image.Image, opt Options) (*Encoder, error) {
	b := ref.Bounds()
	if b.Dx() < 1 || b.Dy() < 1 || b.Dx() > 65535 || b.Dy() > 65535 {
		return nil, fmt.Errorf("gifenc: frame size %dx%d out of range", b.Dx(), b.Dy())
	}
	if opt.Dither == 0 {
		opt.Dither = 10
	}
	e := &Encoder{w: b.Dx(), h: b.Dy(), opt: opt, lut: make([]uint16, 1<<15)}
	for i := range e.lut {
		e.lut[i] = noLUT
	}
	if opt.Dither > 0 {
		for i, v := range bayer8 {
			e.dither[i] = int16((int(v)*2 - 63) * opt.Dither / 128)
		}
	}
	q := quantize.MedianCutQuantizer{Aggregation: quantize.Mean}
	e.pal = q.Quantize(make(color.Palette, 0, 256), sample(ref, opt.Transparent))
	if len(e.pal) > 255 {
		e.pal = e.pal[:255]
	}
	if len(e.pal) == 0 {
		e.pal = append(e.pal, color.RGBA{A: 255})
	}
	e.trans = uint8(len(e.pal))
	e.pal = append(e.pal, color.RGBA{}) // the transparent entry
	return e, nil
}

// sample returns an opaque RGBA image of every other pixel of m in each direction: enough for the
// palette at a quarter of the cost. Transparent pixels are left out when transparent is set.
func sample(m image.Image, transparent bool) image.Image {
	b := m.Bounds()
	sw, sh := (b.Dx()+1)/2, (b.Dy()+1)/2
	out := image.NewRGBA(image.Rect(0, 0, sw, sh))
	row := make([]byte, b.Dx()*4)
	n := 0
	for y := 0; y < sh; y++ {
		readRow(m, b.Min.Y+2*y, row)
		for x := 0; x < sw; x++ {
			p := row[8*x : 8*x+4]
			if transparent && p[3] < 128 {
				continue
			}
			copy(out.Pix[4*n:], []byte{p[0], p[1], p[2], 255})
			n++
		}
	}
	if n == 0 {
		return image.NewRGBA(image.Rect(0, 0, 1, 1))
	}
	// A flat list of the kept pixels is as good as an image to the quantizer.
	return &image.RGBA{Pix: out.Pix[:4*n], Stride: 4 * n, Rect: image.Rect(0, 0, n, 1)}
}

// readRow reads row y of m as non-premultiplied RGBA bytes into row.
func readRow(m image.Image, y int, row []byte) {
	b := m.Bounds()
	switch im := m.(type) {
	case *image.RGBA:
		off := im.PixOffset(b.Min.X, y)
		copy(row, im.Pix[off:off+4*b.Dx()])
		return
	case *image.NRGBA:
		off := im.PixOffset(b.Min.X, y)
		copy(row, im.Pix[off:off+4*b.Dx()])
		return
	}
	for x := 0; x < b.Dx(); x++ {
		c := color.NRGBAModel.Convert(m.At(b.Min.X+x, y)).(color.NRGBA)
		row[4*x], row[4*x+1], row[4*x+2], row[4*x+3] = c.R, c.G, c.B, c.A
	}
}

// Palette is the shared palette; its last entry is the transparent one.
func (e *Encoder) Palette() color.Palette { return e.pal }

// Frames is the number of frames kept so far (identical frames merge into one).
func (e *Encoder) Frames() int { return len(e.frames) }

// index quantizes one frame to palette indices.
func (e *Encoder) index(m image.Image) ([]uint8, error) {
	b := m.Bounds()
	if b.Dx() != e.w || b.Dy() != e.h {
		return nil, fmt.Errorf("gifenc: frame is %dx%d, want %dx%d", b.Dx(), b.Dy(), e.w, e.h)
	}
	idx := make([]uint8, e.w*e.h)
	row := make([]byte, e.w*4)
	for y := 0; y < e.h; y++ {
		readRow(m, b.Min.Y+y, row)
		d := e.dither[(y&7)*8:]
		out := idx[y*e.w : (y+1)*e.w]
		for x := range out {
			p := row[4*x : 4*x+4 : 4*x+4]
			if e.opt.Transparent && p[3] < 128 {
				out[x] = e.trans
				continue
			}
			t := d[x&7]
			k := clamp5(int16(p[0])+t)<<10 | clamp5(int16(p[1])+t)<<5 | clamp5(int16(p[2])+t)
			v := e.lut[k]
			if v == noLUT {
				v = e.nearest(k)
				e.lut[k] = v
			}
			out[x] = uint8(v)
		}
	}
	return idx, nil
}

func clamp5(v int16) int {
	if v < 0 {
		return 0
	}
	if v > 255 {
		return 31
	}
	return int(v) >> 3
}

// nearest finds the palette colour closest to the centre of LUT cell k.
func (e *Encoder) nearest(k int) uint16 {
	r, g, b := int32(k>>10)<<3|4, int32(k>>5&31)<<3|4, int32(k&31)<<3|4
	best, bestD := 0, int32(1<<30)
	for i, c := range e.pal[:e.trans] {
		cr, cg, cb, _ := c.RGBA()
		dr, dg, db := r-int32(cr>>8), g-int32(cg>>8), b-int32(cb>>8)
		// Weighted towards green, as the eye is.
		d := 2*dr*dr + 4*dg*dg + 3*db*db
		if d < bestD {
			best, bestD = i, d
		}
	}
	return uint16(best)
}

// Add appends a frame shown for delay (GIF delays are centiseconds; the rounding carries over).
func (e *Encoder) Add(m image.Image, delay time.Duration) error {
	idx, err := e.index(m)
	if err != nil {
		return err
	}
	delay += e.rest
	cs := int(delay / (10 * time.Millisecond))
	e.rest = delay - time.Duration(cs)*10*time.Millisecond
	if e.prev == nil || e.opt.Transparent {
		e.push(&image.Paletted{Pix: idx, Stride: e.w, Rect: image.Rect(0, 0, e.w, e.h), Palette: e.pal}, cs)
		e.prev = idx
		return nil
	}
	r, ok := changed(e.prev, idx, e.w, e.h)
	if !ok {
		e.delays[len(e.delays)-1] += cs
		return nil
	}
	f := image.NewPaletted(r, e.pal)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		cur, old := idx[y*e.w+r.Min.X:y*e.w+r.Max.X], e.prev[y*e.w+r.Min.X:y*e.w+r.Max.X]
		dst := f.Pix[(y-r.Min.Y)*f.Stride:]
		for x, v := range cur {
			if v == old[x] {
				dst[x] = e.trans
			} else {
				dst[x] = v
			}
		}
	}
	e.push(f, cs)
	e.prev = idx
	return nil
}

func (e *Encoder) push(f *image.Paletted, cs int) {
	disposal := byte(gif.DisposalNone)
	if e.opt.Transparent {
		disposal = gif.DisposalBackground
	}
	e.frames = append(e.frames, f)
	e.delays = append(e.delays, cs)
	e.disposal = append(e.disposal, disposal)
}

// Hold adds d to the last frame's delay (the pause on the finished picture before the loop).
func (e *Encoder) Hold(d time.Duration) {
	if len(e.delays) > 0 {
		e.delays[len(e.delays)-1] += int(d / (10 * time.Millisecond))
	}
}

// changed returns the bounding rectangle of the indices that differ.
func changed(a, b []uint8, w, h int) (image.Rectangle, bool) {
	minY, maxY := -1, -1
	for y := 0; y < h; y++ {
		if string(a[y*w:(y+1)*w]) != string(b[y*w:(y+1)*w]) {
			if minY < 0 {
				minY = y
			}
			maxY = y
		}
	}
	if minY < 0 {
		return image.Rectangle{}, false
	}
	minX, maxX := w, -1
	for y := minY; y <= maxY; y++ {
		ra, rb := a[y*w:(y+1)*w], b[y*w:(y+1)*w]
		for x := 0; x < minX; x++ {
			if ra[x] != rb[x] {
				minX = x
				break
			}
		}
		for x := w - 1; x > maxX; x-- {
			if ra[x] != rb[x] {
				maxX = x
				break
			}
		}
	}
	return image.Rect(minX, minY, maxX+1, maxY+1), true
}

// ErrNoFrames is returned by Encode before any Add.
var ErrNoFrames = errors.New("gifenc: no frames")

// Encode writes the GIF, looping forever.
func (e *Encoder) Encode(w io.Writer) error {
	if len(e.frames) == 0 {
		return ErrNoFrames
	}
	g := &gif.GIF{
		Image: e.frames, Delay: e.delays, Disposal: e.disposal, LoopCount: 0,
		Config: image.Config{ColorModel: e.pal, Width: e.w, Height: e.h},
	}
	if e.opt.Transparent {
		g.BackgroundIndex = e.trans
	}
	if err := gif.EncodeAll(w, g); err != nil {
		return fmt.Errorf("gifenc: %w", err)
	}
	return nil
}

// Paletted quantizes m with the encoder's palette and dither, without adding it (tests, previews).
func (e *Encoder) Paletted(m image.Image) (*image.Paletted, error) {
	idx, err := e.index(m)
	if err != nil {
		return nil, err
	}
	return &image.Paletted{Pix: idx, Stride: e.w, Rect: image.Rect(0, 0, e.w, e.h), Palette: e.pal}, nil
}

var _ draw.Quantizer = quantize.MedianCutQuantizer{}
