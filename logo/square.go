package logo

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"

	xdraw "golang.org/x/image/draw"
)

// Canvas is the side of the square PNG a logo is delivered on.
const Canvas = 1024

// Margin is the share of the canvas left empty on each side of the mark's longer side.
const Margin = 0.08

// alphaFloor: pixels at or under this alpha (of 255) are haze, not content, when trimming.
const alphaFloor = 8

// ErrEmpty is returned by Square for an image with no visible content.
var ErrEmpty = errors.New("logo: the image has no visible content")

// Square decodes a PNG (or any registered format), trims it to the bounding box of its visible
// pixels and draws that box centred on a transparent size x size canvas, scaled so its longer side
// spans the canvas less margin on both ends. An image with no transparency at all (a model that
// ignored the transparent background) first has the flat colour around its edges knocked out.
func Square(data []byte, size int, margin float64) ([]byte, error) {
	src, _, err := image.Decode(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("logo: decode image: %w", err)
	}
	img := toNRGBA(src)
	if opaque(img) {
		knockOut(img)
	}
	box, ok := contentBox(img)
	if !ok {
		return nil, ErrEmpty
	}
	inner := float64(size) * (1 - 2*margin)
	scale := inner / float64(max(box.Dx(), box.Dy()))
	w, h := max(1, int(float64(box.Dx())*scale+0.5)), max(1, int(float64(box.Dy())*scale+0.5))
	x0, y0 := (size-w)/2, (size-h)/2
	// Premultiplied source and destination take x/image/draw's fast path.
	pre := image.NewRGBA(image.Rect(0, 0, box.Dx(), box.Dy()))
	draw.Draw(pre, pre.Bounds(), img, box.Min, draw.Src)
	dst := image.NewRGBA(image.Rect(0, 0, size, size))
	xdraw.CatmullRom.Scale(dst, image.Rect(x0, y0, x0+w, y0+h), pre, pre.Bounds(), draw.Src, nil)
	var out bytes.Buffer
	if err := png.Encode(&out, dst); err != nil {
		return nil, fmt.Errorf("logo: encode: %w", err)
	}
	return out.Bytes(), nil
}

func toNRGBA(src image.Image) *image.NRGBA {
	if n, ok := src.(*image.NRGBA); ok {
		return n
	}
	b := src.Bounds()
	dst := image.NewNRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	draw.Draw(dst, dst.Bounds(), src, b.Min, draw.Src)
	return dst
}

// contentBox is the bounding box of the pixels above alphaFloor.
func contentBox(img *image.NRGBA) (image.Rectangle, bool) {
	b := img.Bounds()
	minX, minY, maxX, maxY := b.Max.X, b.Max.Y, b.Min.X-1, b.Min.Y-1
	for y := b.Min.Y; y < b.Max.Y; y++ {
		row := img.Pix[(y-b.Min.Y)*img.Stride:]
		for x := b.Min.X; x < b.Max.X; x++ {
			if row[(x-b.Min.X)*4+3] > alphaFloor {
				minX, maxX = min(minX, x), max(maxX, x)
				minY, maxY = min(minY, y), max(maxY, y)
			}
		}
	}
	if maxX < minX {
		return image.Rectangle{}, false
	}
	return image.Rect(minX, minY, maxX+1, maxY+1), true
}

func opaque(img *image.NRGBA) bool {
	for i := 3; i < len(img.Pix); i += 4 {
		if img.Pix[i] < 250 {
			return false
		}
	}
	return true
}

// knockOut makes the background transparent: the colour of the corners, flooded in from every
// edge pixel close to it.
func knockOut(img *image.NRGBA) {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	bg := img.NRGBAAt(b.Min.X, b.Min.Y)
	near := func(c color.NRGBA) bool {
		d := func(a, b uint8) int {
			if a > b {
				return int(a - b)
			}
			return int(b - a)
		}
		return d(c.R, bg.R)+d(c.G, bg.G)+d(c.B, bg.B) <= 48
	}
	seen := make([]bool, w*h)
	var stack []int
	push := func(x, y int) {
		if x < 0 || y < 0 || x >= w || y >= h || seen[y*w+x] {
			return
		}
		seen[y*w+x] = true
		if near(img.NRGBAAt(b.Min.X+x, b.Min.Y+y)) {
			stack = append(stack, y*w+x)
		}
	}
	for x := 0; x < w; x++ {
		push(x, 0)
		push(x, h-1)
	}
	for y := 0; y < h; y++ {
		push(0, y)
		push(w-1, y)
	}
	for len(stack) > 0 {
		i := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		x, y := i%w, i/w
		img.Pix[y*img.Stride+x*4+3] = 0
		push(x+1, y)
		push(x-1, y)
		push(x, y+1)
		push(x, y-1)
	}
}
