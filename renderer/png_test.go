package renderer

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"io"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/klauspost/compress/zlib"
)

// testImages are pictures of each kind the codec meets: gradients and noise (truecolour), flat
// fields (palette), alpha (RGBA and palette with tRNS), big enough for parallel segments.
func testImages() map[string]image.Image {
	r := rand.New(rand.NewPCG(1, 2))
	const w, h = 640, 500
	grad := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			grad.SetNRGBA(x, y, color.NRGBA{uint8(x * 255 / w), uint8(y * 255 / h), uint8(r.IntN(4) + 100), 255})
		}
	}
	flat := image.NewNRGBA(image.Rect(0, 0, w, h))
	draw.Draw(flat, flat.Bounds(), image.NewUniform(color.NRGBA{15, 118, 110, 255}), image.Point{}, draw.Src)
	draw.Draw(flat, image.Rect(0, 300, w, h), image.NewUniform(color.NRGBA{245, 158, 11, 255}), image.Point{}, draw.Src)
	for i := range 200 { // some antialiasing shades
		flat.SetNRGBA(i, 10, color.NRGBA{uint8(i), uint8(i), uint8(i), 255})
	}
	alpha := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			alpha.SetNRGBA(x, y, color.NRGBA{200, uint8(x), 30, uint8(y * 255 / h)})
		}
	}
	flatAlpha := image.NewNRGBA(image.Rect(0, 0, 300, 200))
	draw.Draw(flatAlpha, image.Rect(50, 50, 250, 150), image.NewUniform(color.NRGBA{255, 0, 0, 255}), image.Point{}, draw.Src)
	// Mostly rows equal to the one above (filter Up) with a noisy strip (> 256 colours), flat at
	// the top (the palette scan decides late, with rows already inflated), alpha at the bottom.
	card := image.NewNRGBA(image.Rect(0, 0, 700, 480))
	draw.Draw(card, card.Bounds(), image.NewUniform(color.NRGBA{250, 250, 252, 255}), image.Point{}, draw.Src)
	for y := 200; y < 480; y++ {
		for x := 600; x < 640; x++ {
			card.SetNRGBA(x, y, color.NRGBA{uint8(r.IntN(256)), uint8(y), uint8(x), 255})
		}
		if y%7 == 0 { // a row that differs from the one above everywhere
			for x := range 700 {
				card.SetNRGBA(x, y, color.NRGBA{uint8(x), uint8(y), 9, 255})
			}
		}
	}
	card.SetNRGBA(5, 470, color.NRGBA{1, 2, 3, 128})
	tiny := image.NewNRGBA(image.Rect(0, 0, 3, 2))
	tiny.SetNRGBA(1, 1, color.NRGBA{1, 2, 3, 4})
	return map[string]image.Image{"gradient": grad, "flat": flat, "alpha": alpha, "flat-alpha": flatAlpha, "card": card, "tiny": tiny}
}

// fastPNG encodes img as Chromium's optimizeForSpeed does: RGB or RGBA, filter Up, level 1.
func fastPNG(t testing.TB, img image.Image, opaque bool) []byte {
	t.Helper()
	b := img.Bounds()
	m := &rawImage{w: b.Dx(), h: b.Dy(), bpp: 4}
	if opaque {
		m.bpp = 3
	}
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			c := color.NRGBAModel.Convert(img.At(x, y)).(color.NRGBA)
			m.pix = append(m.pix, c.R, c.G, c.B)
			if !opaque {
				m.pix = append(m.pix, c.A)
			}
		}
	}
	var out bytes.Buffer
	ctype := byte(6)
	if opaque {
		ctype = 2
	}
	writeHeader(&out, m.w, m.h, ctype)
	filtered := make([]byte, 0, (m.stride()+1)*m.h)
	for y := range m.h {
		filtered = append(filtered, 2)
		for i := range m.stride() {
			v := m.pix[y*m.stride()+i]
			if y > 0 {
				v -= m.pix[(y-1)*m.stride()+i]
			}
			filtered = append(filtered, v)
		}
	}
	var z bytes.Buffer
	zw, _ := zlib.NewWriterLevel(&z, 1)
	zw.Write(filtered)
	zw.Close()
	writeChunk(&out, "IDAT", z.Bytes())
	writeChunk(&out, "IEND", nil)
	return out.Bytes()
}

func samePixels(t *testing.T, a, b image.Image) {
	t.Helper()
	if a.Bounds() != b.Bounds() {
		t.Fatalf("bounds %v and %v", a.Bounds(), b.Bounds())
	}
	for y := a.Bounds().Min.Y; y < a.Bounds().Max.Y; y++ {
		for x := a.Bounds().Min.X; x < a.Bounds().Max.X; x++ {
			ca, cb := rgba(a.At(x, y)), rgba(b.At(x, y))
			if ca[3] == 0 && cb[3] == 0 {
				continue // colour under full transparency is free
			}
			if ca != cb {
				t.Fatalf("pixel %d,%d: %v, want %v", x, y, ca, cb)
			}
		}
	}
}

func TestReencodeLossless(t *testing.T) {
	for name, img := range testImages() {
		for _, opaque := range []bool{true, false} {
			for _, opt := range []pngOptions{{}, {level: 1}, {level: 8}, {level: 6, workers: 1}, {level: 8, klauspost: true}, {level: 1, klauspost: true, workers: 1}, {level: 6, stdflate: true}, {level: 9, workers: 4, noPalette: true}, {level: 6, noPalette: true}, {level: 6, fresh: true}, {level: 4, adaptive: true, noPalette: true}, {noStream: true}, {plainRows: true}, {noStream: true, plainRows: true}, {workers: 3, noPalette: true}, {rowInflate: true}, {rowInflate: true, noStream: true}} {
				in := fastPNG(t, img, opaque)
				out, err := reencodePNG(in, opt)
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				got, err := png.Decode(bytes.NewReader(out))
				if err != nil {
					t.Fatalf("%s opaque=%v %+v: image/png rejects the output: %v", name, opaque, opt, err)
				}
				if !bytes.Equal(out, in) {
					checkPNG(t, out)
				}
				want, _ := png.Decode(bytes.NewReader(in))
				t.Run(fmt.Sprintf("%s/opaque=%v/%+v", name, opaque, opt), func(t *testing.T) { samePixels(t, got, want) })
				if len(out) > len(in) {
					t.Errorf("%s: output %d bytes > input %d", name, len(out), len(in))
				}
			}
		}
	}
}

func TestReencodeChoosesLayout(t *testing.T) {
	imgs := testImages()
	for _, tc := range []struct {
		name   string
		opaque bool
		ctype  byte
	}{
		{"gradient", true, 2},    // > 256 colours: RGB
		{"flat", true, 3},        // few colours: palette
		{"flat", false, 3},       // opaque RGBA input: still a palette
		{"alpha", false, 6},      // translucent, many colours: RGBA
		{"flat-alpha", false, 3}, // palette with tRNS
	} {
		out, err := reencodePNG(fastPNG(t, imgs[tc.name], tc.opaque), pngOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if out[25] != tc.ctype {
			t.Errorf("%s opaque=%v: colour type %d, want %d", tc.name, tc.opaque, out[25], tc.ctype)
		}
		if tc.name == "flat-alpha" && !bytes.Contains(out, []byte("tRNS")) {
			t.Errorf("%s: no tRNS chunk", tc.name)
		}
	}
}

func TestDecodeRawErrors(t *testing.T) {
	good := fastPNG(t, testImages()["tiny"], true)
	for name, data := range map[string][]byte{
		"empty":     nil,
		"signature": []byte("GIF89a"),
		"truncated": good[:30],
		"no IDAT":   append(append([]byte{}, good[:33]...), good[len(good)-12:]...),
	} {
		if _, err := decodeRaw(data); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
	// A layout it does not handle (paletted) passes through reencodePNG unchanged.
	var buf bytes.Buffer
	png.Encode(&buf, image.NewPaletted(image.Rect(0, 0, 4, 4), color.Palette{color.Black, color.White}))
	out, err := reencodePNG(buf.Bytes(), pngOptions{})
	if err != nil || !bytes.Equal(out, buf.Bytes()) {
		t.Errorf("paletted input: %v, changed=%v", err, !bytes.Equal(out, buf.Bytes()))
	}
}

func TestToImage(t *testing.T) {
	img := testImages()["alpha"]
	for _, opaque := range []bool{true, false} {
		m, err := decodeRaw(fastPNG(t, img, opaque))
		if err != nil {
			t.Fatal(err)
		}
		got := m.toImage()
		want, _ := png.Decode(bytes.NewReader(fastPNG(t, img, opaque)))
		samePixels(t, got, want)
	}
}

// TestReencodeAgainstChromium re-encodes real captures (the pool's path: Chromium's fast PNG,
// then encodeRaw) and checks that image/png decodes them to exactly the captured pixels, that
// transparency survives, and that the file is no bigger than Chromium's own default encode of
// the same page. The glass card is truecolour with gradients and blur, the flat card too (its
// antialiased text makes more than 256 colours), the blocks page has three colours (palette),
// the badge is translucent over a transparent page.
func TestReencodeAgainstChromium(t *testing.T) {
	p := needPool(t)
	level, chrome := p.cfg.PNGLevel, p.chromeEncode
	defer func() { p.cfg.PNGLevel, p.chromeEncode = level, chrome }()
	badge := `<!doctype html><html><body style="margin:0">
<div style="position:absolute;left:40px;top:40px;width:520px;height:220px;border-radius:48px;
background:linear-gradient(90deg,rgba(79,70,229,.85),rgba(236,72,153,.35));box-shadow:0 10px 30px rgba(0,0,0,.3)"></div></body></html>`
	blocks := `<!doctype html><html><body style="margin:0;background:#0f766e">
<div style="position:absolute;left:0;right:0;bottom:0;height:420px;background:#f59e0b"></div>
<div style="position:absolute;left:72px;top:180px;width:600px;height:300px;background:#fff"></div></body></html>`
	for _, tc := range []struct {
		name  string
		pg    Page
		ctype byte // colour type of the re-encoded PNG
	}{
		{"glass", Page{HTML: card, Width: 1080, Height: 1350}, 2},
		{"flat", Page{HTML: flatCard, Width: 1080, Height: 1350}, 2}, // antialiased text: > 256 colours
		{"blocks", Page{HTML: blocks, Width: 1080, Height: 1350}, 3},
		{"translucent", Page{HTML: badge, Width: 600, Height: 300, Transparent: true}, 6},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx := ctxTimeout(t, 60*time.Second)
			p.cfg.PNGLevel, p.chromeEncode = -1, false
			fast, err := p.Render(ctx, tc.pg)
			if err != nil {
				t.Fatal(err)
			}
			p.cfg.PNGLevel, p.chromeEncode = level, true
			def, err := p.Render(ctx, tc.pg)
			if err != nil {
				t.Fatal(err)
			}
			p.chromeEncode = false
			for _, opt := range []pngOptions{{}, {level: 6, stdflate: true}, {level: 8, klauspost: true}} {
				out, err := reencodePNG(fast, opt)
				if err != nil {
					t.Fatal(err)
				}
				checkPNG(t, out)
				got, err := png.Decode(bytes.NewReader(out))
				if err != nil {
					t.Fatalf("%+v: image/png rejects the output: %v", opt, err)
				}
				want, err := png.Decode(bytes.NewReader(fast))
				if err != nil {
					t.Fatal(err)
				}
				samePixels(t, got, want)
				if out[25] != tc.ctype {
					t.Errorf("%+v: colour type %d, want %d", opt, out[25], tc.ctype)
				}
				if tc.pg.Transparent {
					if c := rgba(got.At(0, 0)); c[3] != 0 {
						t.Errorf("%+v: corner %v, want transparent", opt, c)
					}
					if c := rgba(got.At(300, 150)); c[3] == 0 || c[3] == 255 {
						t.Errorf("%+v: badge centre %v, want translucent", opt, c)
					}
				}
				t.Logf("%+v: %d B, Chromium default %d B (%.3fx), fast capture %d B", opt, len(out), len(def), float64(len(out))/float64(len(def)), len(fast))
				if opt == (pngOptions{}) && len(out) > len(def) {
					t.Errorf("re-encoded %d B, bigger than Chromium's default encode %d B", len(out), len(def))
				}
			}
		})
	}
}

// TestDecodeRawSplitIDAT decodes a stream cut into several IDAT chunks, as encoders may write.
func TestDecodeRawSplitIDAT(t *testing.T) {
	img := testImages()["gradient"]
	one := fastPNG(t, img, true)
	m1, err := decodeRaw(one)
	if err != nil {
		t.Fatal(err)
	}
	// Rebuild with the zlib stream in three IDAT chunks.
	p := one[len(pngSignature):]
	var ihdr, z []byte
	for len(p) >= 12 {
		n := int(binary.BigEndian.Uint32(p))
		switch string(p[4:8]) {
		case "IHDR":
			ihdr = p[8 : 8+n]
		case "IDAT":
			z = append(z, p[8:8+n]...)
		}
		p = p[12+n:]
	}
	var out bytes.Buffer
	out.Write(pngSignature)
	writeChunk(&out, "IHDR", ihdr)
	third := len(z) / 3
	writeChunk(&out, "IDAT", z[:third])
	writeChunk(&out, "IDAT", z[third:2*third])
	writeChunk(&out, "IDAT", z[2*third:])
	writeChunk(&out, "IEND", nil)
	m3, err := decodeRaw(out.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(m1.pix, m3.pix) || m1.w != m3.w || m1.h != m3.h || m1.bpp != m3.bpp {
		t.Fatal("split IDAT decodes differently")
	}
}

// TestRowHelpers checks the word-at-a-time row helpers of rowFilter against bytewise loops.
func TestRowHelpers(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, n := range []int{0, 1, 7, 8, 9, 63, 3240} {
		a, b := make([]byte, n), make([]byte, n)
		for i := range a {
			a[i] = byte(r.IntN(256))
			b[i] = a[i]
			if r.IntN(3) == 0 {
				b[i] = byte(r.IntN(256))
			}
		}
		eq := 0
		want := make([]byte, n)
		for i := range a {
			if a[i] == b[i] {
				eq++
			}
			want[i] = a[i] - b[i]
		}
		if got := equalBytes(a, b); got != eq {
			t.Errorf("n=%d: equalBytes %d, want %d", n, got, eq)
		}
		got := make([]byte, n)
		subRows(got, a, b)
		if !bytes.Equal(got, want) {
			t.Errorf("n=%d: subRows differs", n)
		}
	}
}

// TestReencodeUsesUpRows checks that rowFilter writes filter Up for a row mostly equal to the
// one above and None for a row unlike it, in the streamed encode.
func TestReencodeUsesUpRows(t *testing.T) {
	img := testImages()["card"]
	out, err := reencodePNG(fastPNG(t, img, true), pngOptions{workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	if out[25] != 2 {
		t.Fatalf("colour type %d, want 2", out[25])
	}
	var z []byte
	for p := out[len(pngSignature):]; len(p) >= 12; {
		n := int(binary.BigEndian.Uint32(p))
		if string(p[4:8]) == "IDAT" {
			z = append(z, p[8:8+n]...)
		}
		p = p[12+n:]
	}
	zr, err := zlib.NewReader(bytes.NewReader(z))
	if err != nil {
		t.Fatal(err)
	}
	raw, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	b := img.Bounds()
	rowLen := b.Dx()*3 + 1
	if len(raw) != rowLen*b.Dy() {
		t.Fatalf("%d bytes inflated, want %d", len(raw), rowLen*b.Dy())
	}
	for y, want := range map[int]byte{0: 0, 1: 2, 250: 2, 203: 0, 204: 0} { // 203 = 7*29
		if got := raw[y*rowLen]; got != want {
			t.Errorf("row %d: filter %d, want %d", y, got, want)
		}
	}
}

// TestReencodeStreamErrors feeds the streamed encode truncated and corrupt captures: each fails
// (no hang, no panic), after the deflate segments have started.
func TestReencodeStreamErrors(t *testing.T) {
	good := fastPNG(t, testImages()["gradient"], true)
	// Cut the zlib stream in its middle: the IDAT's length still says the full size, so rebuild.
	var ihdr, z []byte
	for p := good[len(pngSignature):]; len(p) >= 12; {
		n := int(binary.BigEndian.Uint32(p))
		switch string(p[4:8]) {
		case "IHDR":
			ihdr = p[8 : 8+n]
		case "IDAT":
			z = p[8 : 8+n]
		}
		p = p[12+n:]
	}
	corrupt := append([]byte{}, z...)
	for i := len(z) / 2; i < len(z)/2+64; i++ {
		corrupt[i] ^= 0x5a
	}
	for name, body := range map[string][]byte{"truncated": z[:len(z)/2], "corrupt": corrupt} {
		var in bytes.Buffer
		in.Write(pngSignature)
		writeChunk(&in, "IHDR", ihdr)
		writeChunk(&in, "IDAT", body)
		writeChunk(&in, "IEND", nil)
		for _, opt := range []pngOptions{{}, {workers: 4}, {noStream: true}, {rowInflate: true}} {
			done := make(chan error, 1)
			go func() {
				_, err := reencodePNG(in.Bytes(), opt)
				done <- err
			}()
			select {
			case err := <-done:
				if err == nil {
					t.Errorf("%s %+v: no error", name, opt)
				}
			case <-time.After(20 * time.Second):
				t.Fatalf("%s %+v: reencodePNG hangs", name, opt)
			}
		}
	}
}

// TestReencodeStreamSameBytes checks that the streamed encode writes exactly the bytes of the
// encode after a whole inflate (same rows, same segments), for each layout it may choose.
func TestReencodeStreamSameBytes(t *testing.T) {
	for name, img := range testImages() {
		for _, workers := range []int{1, 3} {
			in := fastPNG(t, img, true)
			streamed, err := reencodePNG(in, pngOptions{workers: workers})
			if err != nil {
				t.Fatal(err)
			}
			whole, err := reencodePNG(in, pngOptions{workers: workers, noStream: true})
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(streamed, whole) {
				t.Errorf("%s workers=%d: streamed %d B differ from the whole-picture encode's %d B", name, workers, len(streamed), len(whole))
			}
		}
	}
}
