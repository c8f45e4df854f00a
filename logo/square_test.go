package logo

import (
	"bytes"
	"errors"
	"image"
	"image/color"
	"image/png"
	"testing"
)

func encode(t *testing.T, img image.Image) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func boxOf(img image.Image) image.Rectangle {
	var box image.Rectangle
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if _, _, _, a := img.At(x, y).RGBA(); a>>8 > alphaFloor {
				box = box.Union(image.Rect(x, y, x+1, y+1))
			}
		}
	}
	return box
}

func TestSquare(t *testing.T) {
	red := color.NRGBA{200, 30, 30, 255}
	for _, tc := range []struct {
		name   string
		w, h   int
		block  image.Rectangle
		bg     *color.NRGBA // nil: transparent
		wantWH [2]int       // content size after fitting into 100 - 2*10
	}{
		{"tall off-centre", 300, 200, image.Rect(10, 20, 60, 120), nil, [2]int{40, 80}},
		{"wide", 64, 64, image.Rect(0, 30, 64, 46), nil, [2]int{80, 20}},
		{"opaque white background", 120, 120, image.Rect(30, 30, 90, 90), &color.NRGBA{255, 255, 255, 255}, [2]int{80, 80}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			img := image.NewNRGBA(image.Rect(0, 0, tc.w, tc.h))
			if tc.bg != nil {
				for i := 0; i < len(img.Pix); i += 4 {
					img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = tc.bg.R, tc.bg.G, tc.bg.B, tc.bg.A
				}
			}
			for y := tc.block.Min.Y; y < tc.block.Max.Y; y++ {
				for x := tc.block.Min.X; x < tc.block.Max.X; x++ {
					img.SetNRGBA(x, y, red)
				}
			}
			out, err := Square(encode(t, img), 100, 0.1)
			if err != nil {
				t.Fatal(err)
			}
			got, err := png.Decode(bytes.NewReader(out))
			if err != nil {
				t.Fatal(err)
			}
			if got.Bounds() != image.Rect(0, 0, 100, 100) {
				t.Fatalf("canvas %v", got.Bounds())
			}
			box := boxOf(got)
			if d := box.Dx() - tc.wantWH[0]; d < -1 || d > 1 {
				t.Errorf("content width %d, want %d", box.Dx(), tc.wantWH[0])
			}
			if d := box.Dy() - tc.wantWH[1]; d < -1 || d > 1 {
				t.Errorf("content height %d, want %d", box.Dy(), tc.wantWH[1])
			}
			if l, r := box.Min.X, 100-box.Max.X; l-r > 1 || r-l > 1 {
				t.Errorf("uneven sides %d and %d", l, r)
			}
			if tp, bt := box.Min.Y, 100-box.Max.Y; tp-bt > 1 || bt-tp > 1 {
				t.Errorf("uneven top %d and bottom %d", tp, bt)
			}
			if _, _, _, a := got.At(0, 0).RGBA(); a != 0 {
				t.Errorf("corner alpha %d", a)
			}
			if _, _, _, a := got.At(50, 50).RGBA(); a>>8 != 255 {
				t.Errorf("centre alpha %d", a>>8)
			}
		})
	}
	if _, err := Square(encode(t, image.NewNRGBA(image.Rect(0, 0, 10, 10))), 100, 0.1); !errors.Is(err, ErrEmpty) {
		t.Errorf("empty image: %v", err)
	}
	if _, err := Square([]byte("not an image"), 100, 0.1); err == nil {
		t.Error("garbage decoded")
	}
}
