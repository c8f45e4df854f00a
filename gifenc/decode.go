package gifenc

import (
	"fmt"
	"image"
	"image/draw"
	"image/gif"
	"io"
)

// Animation is a decoded GIF as a viewer shows it: every frame composed over the ones before,
// following the disposal methods.
type Animation struct {
	Width, Height int
	Frames        []*image.NRGBA
	Delays        []int // centiseconds
	LoopCount     int   // 0: forever
	Raw           *gif.GIF
}

// Decode reads a GIF with image/gif and composes its frames.
func Decode(r io.Reader) (*Animation, error) {
	g, err := gif.DecodeAll(r)
	if err != nil {
		return nil, fmt.Errorf("gifenc: decode: %w", err)
	}
	a := &Animation{Width: g.Config.Width, Height: g.Config.Height, Delays: g.Delay, LoopCount: g.LoopCount, Raw: g}
	canvas := image.NewNRGBA(image.Rect(0, 0, a.Width, a.Height))
	for i, f := range g.Image {
		var saved *image.NRGBA
		disposal := byte(0)
		if i < len(g.Disposal) {
			disposal = g.Disposal[i]
		}
		if disposal == gif.DisposalPrevious {
			saved = image.NewNRGBA(canvas.Rect)
			copy(saved.Pix, canvas.Pix)
		}
		draw.Draw(canvas, f.Bounds(), f, f.Bounds().Min, draw.Over)
		shown := image.NewNRGBA(canvas.Rect)
		copy(shown.Pix, canvas.Pix)
		a.Frames = append(a.Frames, shown)
		switch disposal {
		case gif.DisposalBackground:
			draw.Draw(canvas, f.Bounds(), image.Transparent, image.Point{}, draw.Src)
		case gif.DisposalPrevious:
			canvas = saved
		}
	}
	return a, nil
}

// EncodeFull writes frames whole (no differencing, no cropping) in the palette New would build from
// the last frame: the baseline that benchmarks hand to gifsicle -O3 to compare against Encode.
func EncodeFull(w io.Writer, frames []image.Image, delay int, opt Options) error {
	if len(frames) == 0 {
		return ErrNoFrames
	}
	e, err := New(frames[len(frames)-1], opt)
	if err != nil {
		return err
	}
	g := &gif.GIF{Config: image.Config{ColorModel: e.pal, Width: e.w, Height: e.h}}
	for _, f := range frames {
		p, err := e.Paletted(f)
		if err != nil {
			return err
		}
		g.Image = append(g.Image, p)
		g.Delay = append(g.Delay, delay)
	}
	return gif.EncodeAll(w, g)
}
