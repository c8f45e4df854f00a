package gifenc

import (
	"bytes"
	"image"
	"image/color"
	"image/draw"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// scene draws a gradient card with n of 6 blocks revealed, the last one at opacity a.
func scene(w, h, n int, a float64) *image.RGBA {
	m := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			m.Set(x, y, color.RGBA{uint8(40 + 120*x/w), uint8(30 + 60*y/h), uint8(160 + 80*(x+y)/(w+h)), 255})
		}
	}
	for i := 0; i < n; i++ {
		alpha := 1.0
		if i == n-1 {
			alpha = a
		}
		r := image.Rect(20, 20+i*(h-40)/6, w-20, 20+(i+1)*(h-40)/6-8)
		c := color.NRGBA{255, 250, 240, uint8(255 * alpha)}
		draw.Draw(m, r, image.NewUniform(c), image.Point{}, draw.Over)
		if alpha == 1 { // some "text"
			draw.Draw(m, image.Rect(r.Min.X+10, r.Min.Y+8, r.Min.X+10+(i+2)*18, r.Min.Y+18), image.NewUniform(color.RGBA{20, 20, 60, 255}), image.Point{}, draw.Src)
		}
	}
	return m
}

func frames(w, h int) []image.Image {
	var out []image.Image
	out = append(out, scene(w, h, 0, 1))
	for n := 1; n <= 6; n++ {
		for _, a := range []float64{0.33, 0.66, 1} {
			out = append(out, scene(w, h, n, a))
		}
	}
	out = append(out, scene(w, h, 6, 1)) // a repeat: merged into the previous frame
	return out
}

func encode(t *testing.T, fr []image.Image, opt Options) []byte {
	t.Helper()
	e, err := New(fr[len(fr)-1], opt)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range fr {
		if err := e.Add(f, 70*time.Millisecond); err != nil {
			t.Fatal(err)
		}
	}
	e.Hold(2 * time.Second)
	var buf bytes.Buffer
	if err := e.Encode(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestEncodeDecode(t *testing.T) {
	const w, h = 240, 300
	fr := frames(w, h)
	data := encode(t, fr, Options{})
	a, err := Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if a.Width != w || a.Height != h {
		t.Fatalf("size %dx%d", a.Width, a.Height)
	}
	if a.LoopCount != 0 {
		t.Fatalf("loop count %d, want 0 (forever)", a.LoopCount)
	}
	if len(a.Frames) != len(fr)-1 {
		t.Fatalf("%d frames, want %d (the repeated frame merged)", len(a.Frames), len(fr)-1)
	}
	last := len(a.Delays) - 1
	if a.Delays[0] != 7 || a.Delays[last] != 7+7+200 {
		t.Fatalf("delays first %d last %d, want 7 and 214", a.Delays[0], a.Delays[last])
	}
	if len(a.Raw.Image[0].Palette) > 256 || &a.Raw.Image[0].Palette[0] != &a.Raw.Image[1].Palette[0] && !samePalette(a.Raw.Image[0].Palette, a.Raw.Image[1].Palette) {
		t.Fatal("frames do not share one palette")
	}
	// Difference frames are cropped to what changed.
	if b := a.Raw.Image[1].Bounds(); b.Dx() >= w || b.Dy() >= h/4 {
		t.Fatalf("second frame covers %v, want only the first block", b)
	}
	// The palette comes from the final frame: it is close; mid-fade colours are dithered.
	for i, f := range fr[:len(fr)-1] {
		limit := 10.0
		if i == len(fr)-2 {
			limit = 3
		}
		if d := meanDiff(f, a.Frames[i]); d > limit {
			t.Errorf("frame %d differs from its source by %.1f levels on average", i, d)
		}
	}
}

func TestTransparentFrames(t *testing.T) {
	const w, h = 120, 100
	var fr []image.Image
	for i := 1; i <= 4; i++ {
		m := image.NewNRGBA(image.Rect(0, 0, w, h))
		// a block sliding right: pixels go opaque then transparent again
		draw.Draw(m, image.Rect(i*20, 30, i*20+30, 60), image.NewUniform(color.NRGBA{200, 40, 40, 255}), image.Point{}, draw.Src)
		fr = append(fr, m)
	}
	a, err := Decode(bytes.NewReader(encode(t, fr, Options{Transparent: true})))
	if err != nil {
		t.Fatal(err)
	}
	for i, f := range a.Frames {
		if _, _, _, al := f.At(25, 45).RGBA(); (i == 0) != (al > 0) {
			t.Fatalf("frame %d: pixel (25,45) alpha %d", i, al)
		}
		if _, _, _, al := f.At(5, 5).RGBA(); al != 0 {
			t.Fatalf("frame %d: the background is not transparent", i)
		}
	}
}

// TestAgainstGifsicle: the encoder's GIF is at most 1.2x what gifsicle -O3 makes of the same
// quantized frames written whole.
func TestAgainstGifsicle(t *testing.T) {
	if _, err := exec.LookPath("gifsicle"); err != nil {
		t.Skip("gifsicle not installed")
	}
	const w, h = 540, 675
	fr := frames(w, h)
	ours := encode(t, fr, Options{})
	o3 := GifsicleO3(t, fr)
	ratio := float64(len(ours)) / float64(o3)
	t.Logf("ours %d B, gifsicle -O3 %d B, ratio %.2f", len(ours), o3, ratio)
	if ratio > 1.2 {
		t.Fatalf("GIF is %.2fx gifsicle -O3's", ratio)
	}
}

// GifsicleO3 writes fr as full frames in the encoder's palette and returns the size of
// gifsicle -O3's output.
func GifsicleO3(t testing.TB, fr []image.Image) int {
	t.Helper()
	dir := t.TempDir()
	in, out := filepath.Join(dir, "full.gif"), filepath.Join(dir, "o3.gif")
	var buf bytes.Buffer
	if err := EncodeFull(&buf, fr, 7, Options{}); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(in, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	if b, err := exec.Command("gifsicle", "-O3", in, "-o", out).CombinedOutput(); err != nil {
		t.Fatalf("gifsicle: %v: %s", err, b)
	}
	st, err := os.Stat(out)
	if err != nil {
		t.Fatal(err)
	}
	return int(st.Size())
}

func samePalette(a, b color.Palette) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// meanDiff is the mean absolute channel difference between a and b.
func meanDiff(a, b image.Image) float64 {
	r := a.Bounds()
	var sum, n float64
	for y := r.Min.Y; y < r.Max.Y; y += 2 {
		for x := r.Min.X; x < r.Max.X; x += 2 {
			r1, g1, b1, _ := a.At(x, y).RGBA()
			r2, g2, b2, _ := b.At(x, y).RGBA()
			sum += absDiff(r1, r2) + absDiff(g1, g2) + absDiff(b1, b2)
			n += 3
		}
	}
	return sum / n / 257
}

func absDiff(a, b uint32) float64 {
	if a > b {
		return float64(a - b)
	}
	return float64(b - a)
}
