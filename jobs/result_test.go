package jobs

import (
	"bytes"
	"reflect"
	"testing"

	"github.com/brandgen/brandgen"
)

// TestResultCodec: a result with warnings splits back into the same image and warnings; a bare
// image (every result without warnings, and those stored before them) reads as itself.
func TestResultCodec(t *testing.T) {
	png := []byte("\x89PNG\r\n\x1a\n rest of the image")
	ws := []brandgen.Warning{{Code: "content_dropped", Message: "left out", Path: "content.subtitle"},
		{Code: "text_below_minimum", Message: "too long", Path: "content"}}
	for _, c := range []struct {
		name     string
		raw      []byte
		img      []byte
		warnings []brandgen.Warning
	}{
		{"png without warnings", must(encodeResult(png, nil)), png, nil},
		{"gif without warnings", []byte("GIF89a..."), []byte("GIF89a..."), nil},
		{"png with warnings", must(encodeResult(png, ws)), png, ws},
		{"truncated header is a bare image", []byte("BGW1\x00\x00"), []byte("BGW1\x00\x00"), nil},
		{"length past the end is a bare image", []byte("BGW1\x00\x00\x10\x00[]"), []byte("BGW1\x00\x00\x10\x00[]"), nil},
		{"unreadable warnings are a bare image", []byte("BGW1\x00\x00\x00\x02{]png"), []byte("BGW1\x00\x00\x00\x02{]png"), nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			img, w := decodeResult(c.raw)
			if !bytes.Equal(img, c.img) || !reflect.DeepEqual(w, c.warnings) {
				t.Errorf("decodeResult = %q, %+v; want %q, %+v", img, w, c.img, c.warnings)
			}
		})
	}
	if raw := must(encodeResult(png, nil)); !bytes.Equal(raw, png) {
		t.Errorf("a result without warnings is not the bare image: %q", raw)
	}
}

func must(b []byte, err error) []byte {
	if err != nil {
		panic(err)
	}
	return b
}
