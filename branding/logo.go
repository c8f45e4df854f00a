package branding

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"
	"image"
	"image/jpeg"
	"image/png"
	"strings"
	"unicode/utf8"
)

// Logo limits.
const (
	// MaxLogoBytes is the largest decoded logo, inline or fetched: 2 MiB.
	MaxLogoBytes = 2 << 20
	// MaxLogoSide is the largest width or height of a raster logo, in pixels.
	MaxLogoSide = 8192
	// MaxLogoPixels caps a raster logo's area (4096 x 4096), so a small file cannot expand into
	// gigabytes of pixels in the browser.
	MaxLogoPixels = 4096 * 4096
	// maxLogoURLLen caps an https logo URL.
	maxLogoURLLen = 2048
)

// Logo media types.
const (
	typePNG  = "image/png"
	typeSVG  = "image/svg+xml"
	typeJPEG = "image/jpeg"
	typeWebP = "image/webp"
)

// logoTypes lists the accepted media types in the order messages name them.
var logoTypes = []string{typePNG, typeSVG, typeJPEG, typeWebP}

const logoTypeList = "image/png, image/svg+xml, image/jpeg or image/webp"

// normalizeType lower-cases a media type and maps the common alias image/jpg to image/jpeg. It
// returns "" for a type that is not a logo type.
func normalizeType(t string) string {
	t = strings.ToLower(strings.TrimSpace(t))
	if t == "image/jpg" || t == "image/pjpeg" {
		t = typeJPEG
	}
	for _, ok := range logoTypes {
		if t == ok {
			return t
		}
	}
	return ""
}

// logoError is a problem with a logo that the caller can fix; its text is shown to the caller.
type logoError struct{ msg string }

func (e *logoError) Error() string { return e.msg }

func logoErrorf(format string, args ...any) error {
	return &logoError{msg: fmt.Sprintf(format, args...)}
}

// parseDataURI decodes a base64 data URI of a logo type, checks its size and checks that the bytes
// are what the URI says. It returns the canonical form "data:<type>;base64,<standard base64>",
// safe to place in a page.
func parseDataURI(uri string, maxBytes int64) (string, error) {
	if len(uri) < 5 || !strings.EqualFold(uri[:5], "data:") {
		return "", logoErrorf("must be a data URI or an https URL")
	}
	header, payload, ok := strings.Cut(uri[5:], ",")
	if !ok {
		return "", logoErrorf("data URI has no comma before its data")
	}
	params := strings.Split(header, ";")
	mediaType := normalizeType(params[0])
	if mediaType == "" {
		got := strings.TrimSpace(params[0])
		if got == "" {
			got = "no type"
		}
		return "", logoErrorf("data URI type %q is not allowed; use %s", truncate(got, 40), logoTypeList)
	}
	if len(params) < 2 || !strings.EqualFold(strings.TrimSpace(params[len(params)-1]), "base64") {
		return "", logoErrorf("data URI must be base64-encoded (data:%s;base64,...)", mediaType)
	}
	payload = stripSpace(payload)
	if payload == "" {
		return "", logoErrorf("data URI has no data")
	}
	if int64(base64.StdEncoding.DecodedLen(len(payload))) > maxBytes+2 {
		return "", logoErrorf("is larger than %s", formatBytes(maxBytes))
	}
	data, err := base64.StdEncoding.DecodeString(payload)
	if err != nil {
		var err2 error
		if data, err2 = base64.RawStdEncoding.DecodeString(strings.TrimRight(payload, "=")); err2 != nil {
			return "", logoErrorf("data URI is not valid base64")
		}
	}
	if int64(len(data)) > maxBytes {
		return "", logoErrorf("is larger than %s", formatBytes(maxBytes))
	}
	data, err = cleanImage(mediaType, data)
	if err != nil {
		return "", err
	}
	return "data:" + mediaType + ";base64," + base64.StdEncoding.EncodeToString(data), nil
}

// cleanImage checks that data is an image of mediaType and returns the bytes to keep: a raster
// image as it is, an SVG rebuilt by sanitizeSVG.
func cleanImage(mediaType string, data []byte) ([]byte, error) {
	if err := checkImage(mediaType, data); err != nil {
		return nil, err
	}
	if mediaType == typeSVG {
		return sanitizeSVG(data)
	}
	return data, nil
}

// checkImage checks that data is an image of mediaType: magic bytes, dimensions of raster images,
// and the safety rules of checkSVG for SVG.
func checkImage(mediaType string, data []byte) error {
	if len(data) == 0 {
		return logoErrorf("image is empty")
	}
	sniffed := sniffType(data)
	if mediaType == typeSVG {
		if sniffed != "" {
			return logoErrorf("says %s but the bytes are %s", typeSVG, describeType(sniffed))
		}
		return checkSVG(data)
	}
	if sniffed != mediaType {
		got := "not a PNG, JPEG or WebP image"
		if sniffed != "" {
			got = describeType(sniffed)
		}
		return logoErrorf("says %s but the bytes are %s", mediaType, got)
	}
	w, h, err := rasterSize(mediaType, data)
	if err != nil {
		return logoErrorf("is not a readable %s: %v", strings.TrimPrefix(describeType(mediaType), "a "), err)
	}
	if w <= 0 || h <= 0 {
		return logoErrorf("image has no pixels (%dx%d)", w, h)
	}
	if w > MaxLogoSide || h > MaxLogoSide || int64(w)*int64(h) > MaxLogoPixels {
		return logoErrorf("image is %dx%d pixels; at most %d per side and %.1f megapixels",
			w, h, MaxLogoSide, float64(MaxLogoPixels)/1e6)
	}
	return nil
}

// sniffType recognises PNG, JPEG and WebP by their magic bytes; "" otherwise.
func sniffType(data []byte) string {
	switch {
	case bytes.HasPrefix(data, []byte("\x89PNG\r\n\x1a\n")):
		return typePNG
	case bytes.HasPrefix(data, []byte{0xFF, 0xD8, 0xFF}):
		return typeJPEG
	case len(data) >= 12 && string(data[:4]) == "RIFF" && string(data[8:12]) == "WEBP":
		return typeWebP
	}
	return ""
}

func describeType(t string) string {
	switch t {
	case typePNG:
		return "a PNG image"
	case typeJPEG:
		return "a JPEG image"
	case typeWebP:
		return "a WebP image"
	case typeSVG:
		return "an SVG image"
	}
	return t
}

// rasterSize reads a raster image's dimensions from its header.
func rasterSize(mediaType string, data []byte) (int, int, error) {
	var cfg image.Config
	var err error
	switch mediaType {
	case typePNG:
		cfg, err = png.DecodeConfig(bytes.NewReader(data))
	case typeJPEG:
		cfg, err = jpeg.DecodeConfig(bytes.NewReader(data))
	case typeWebP:
		return webpSize(data)
	default:
		return 0, 0, fmt.Errorf("unknown type %s", mediaType)
	}
	if err != nil {
		return 0, 0, err
	}
	return cfg.Width, cfg.Height, nil
}

// webpSize reads the canvas size of a WebP file (simple lossy VP8, lossless VP8L or extended VP8X).
func webpSize(data []byte) (int, int, error) {
	errShort := errors.New("truncated WebP header")
	if len(data) < 20 {
		return 0, 0, errShort
	}
	chunk := string(data[12:16])
	body := data[20:]
	switch chunk {
	case "VP8 ":
		// Frame tag (3 bytes), start code 9d 01 2a, then 14-bit width and height.
		if len(body) < 10 {
			return 0, 0, errShort
		}
		if body[3] != 0x9d || body[4] != 0x01 || body[5] != 0x2a {
			return 0, 0, errors.New("bad VP8 start code")
		}
		w := int(binary.LittleEndian.Uint16(body[6:8]) & 0x3fff)
		h := int(binary.LittleEndian.Uint16(body[8:10]) & 0x3fff)
		return w, h, nil
	case "VP8L":
		// Signature 0x2f, then 14 bits width-1 and 14 bits height-1, little-endian bit order.
		if len(body) < 5 {
			return 0, 0, errShort
		}
		if body[0] != 0x2f {
			return 0, 0, errors.New("bad VP8L signature")
		}
		bits := binary.LittleEndian.Uint32(body[1:5])
		return int(bits&0x3fff) + 1, int((bits>>14)&0x3fff) + 1, nil
	case "VP8X":
		// Flags (1 byte), reserved (3), canvas width-1 (24 bits), canvas height-1 (24 bits).
		if len(body) < 10 {
			return 0, 0, errShort
		}
		w := int(uint32(body[4])|uint32(body[5])<<8|uint32(body[6])<<16) + 1
		h := int(uint32(body[7])|uint32(body[8])<<8|uint32(body[9])<<16) + 1
		return w, h, nil
	}
	return 0, 0, fmt.Errorf("unknown WebP chunk %q", chunk)
}

// stripSpace removes ASCII whitespace (line-wrapped base64).
func stripSpace(s string) string {
	if !strings.ContainsAny(s, " \t\r\n") {
		return s
	}
	return strings.Map(func(r rune) rune {
		switch r {
		case ' ', '\t', '\r', '\n':
			return -1
		}
		return r
	}, s)
}

// formatBytes writes n as "2 MB" (binary units, as the API documents them).
func formatBytes(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MB", n>>20)
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KB", n>>10)
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d bytes", n)
}

// truncate shortens s to at most n bytes on a rune boundary, adding "..." when cut.
func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "..."
}
