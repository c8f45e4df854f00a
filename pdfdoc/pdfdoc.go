// Package pdfdoc assembles page images into one PDF with gopdf (the carousel's document): one page
// per image, sized to the image's aspect (1 CSS px = 0.75 pt, so a 1080x1350 slide is an
// 810x1012.5 pt page), the PNG embedded losslessly (its deflate stream is copied; an image with
// transparency is flattened onto white first, since PDF pages have no alpha), and an invisible
// text layer over it, so the words stay selectable and searchable in a PDF reader.
//
// The text layer is the page's own lines of text at the positions the browser laid them out
// (Line, in CSS px), set in an embedded Noto Sans (OFL, fonts/) and, for CJK, the system's Droid
// Sans Fallback when installed (Debian fonts-droid-fallback); runes neither covers (emoji) are left
// out. Each line is fitted to the measured width and drawn fully transparent (an ExtGState with
// alpha 0), so pdftoppm's raster of a page is the slide image.
package pdfdoc

import (
	"bytes"
	_ "embed"
	"errors"
	"fmt"
	"image"
	"image/draw"
	"image/png"
	"os"
	"strings"
	"sync"
	"time"
	"unicode"

	"github.com/signintech/gopdf"
	"github.com/signintech/gopdf/fontmaker/core"

	"github.com/brandgen/brandgen/textlang"
)

// PointsPerPixel converts CSS pixels to PDF points (96 px = 72 pt).
const PointsPerPixel = 0.75

//go:embed fonts/NotoSans-Regular.ttf
var notoSans []byte

// CJKFontPaths are the TrueType fonts tried, in order, for text Noto Sans does not cover.
var CJKFontPaths = []string{
	"/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf",
	"/usr/share/fonts/truetype/droid/DroidSansFallback.ttf",
}

// Line is one line of text as laid out on a page: its text and its box in CSS pixels from the
// page's top-left corner, with the font size it was set in.
type Line struct {
	Text string  `json:"t"`
	X    float64 `json:"x"`
	Y    float64 `json:"y"`
	W    float64 `json:"w"`
	H    float64 `json:"h"`
	Size float64 `json:"s"`
}

// Page is one page: a PNG of Width x Height pixels and the lines of text on it.
type Page struct {
	PNG           []byte
	Width, Height int
	Lines         []Line
}

// Info is the document's metadata.
type Info struct {
	Title, Author, Subject string
	Created                time.Time // zero: no creation date (the output is then reproducible)
}

const (
	fontLatin = "latin"
	fontCJK   = "cjk"
)

var (
	cjkOnce sync.Once
	cjkFont []byte
)

func cjkFontData() []byte {
	cjkOnce.Do(func() {
		for _, p := range CJKFontPaths {
			if b, err := os.ReadFile(p); err == nil {
				cjkFont = b
				return
			}
		}
	})
	return cjkFont
}

// Build makes the PDF.
func Build(pages []Page, info Info) ([]byte, error) {
	if len(pages) == 0 {
		return nil, errors.New("pdfdoc: no pages")
	}
	pdf := &gopdf.GoPdf{}
	first := pages[0]
	pdf.Start(gopdf.Config{Unit: gopdf.UnitPT, PageSize: gopdf.Rect{W: float64(first.Width) * PointsPerPixel, H: float64(first.Height) * PointsPerPixel}})
	pdf.SetInfo(gopdf.PdfInfo{Title: info.Title, Author: info.Author, Subject: info.Subject,
		Creator: "brandgen", Producer: "brandgen (gopdf)", CreationDate: info.Created})
	fonts, err := addFonts(pdf, pages)
	if err != nil {
		return nil, err
	}
	for i, pg := range pages {
		if err := addPage(pdf, pg, fonts); err != nil {
			return nil, fmt.Errorf("pdfdoc: page %d: %w", i+1, err)
		}
	}
	var buf bytes.Buffer
	if _, err := pdf.WriteTo(&buf); err != nil {
		return nil, fmt.Errorf("pdfdoc: write: %w", err)
	}
	return buf.Bytes(), nil
}

// fontSet says which fonts the document has.
type fontSet struct{ latin, cjk bool }

// addFonts adds Noto Sans when any page has text, and the CJK font when some text needs it and one
// is installed.
func addFonts(pdf *gopdf.GoPdf, pages []Page) (fontSet, error) {
	var fs fontSet
	needCJK := false
	for _, pg := range pages {
		for _, l := range pg.Lines {
			fs.latin = true
			needCJK = needCJK || needsCJK(l.Text)
		}
	}
	if !fs.latin {
		return fs, nil
	}
	quiet := gopdf.TtfOption{OnGlyphNotFound: func(rune) {}, OnGlyphNotFoundSubstitute: func(rune) rune { return ' ' }}
	if err := pdf.AddTTFFontDataWithOption(fontLatin, notoSans, quiet); err != nil {
		return fs, fmt.Errorf("pdfdoc: font: %w", err)
	}
	if data := cjkFontData(); needCJK && data != nil {
		if err := pdf.AddTTFFontDataWithOption(fontCJK, data, quiet); err != nil {
			return fs, fmt.Errorf("pdfdoc: CJK font: %w", err)
		}
		fs.cjk = true
	}
	return fs, nil
}

func addPage(pdf *gopdf.GoPdf, pg Page, fonts fontSet) error {
	w, h := float64(pg.Width)*PointsPerPixel, float64(pg.Height)*PointsPerPixel
	pdf.AddPageWithOption(gopdf.PageOption{PageSize: &gopdf.Rect{W: w, H: h}})
	img, err := opaquePNG(pg.PNG)
	if err != nil {
		return err
	}
	holder, err := gopdf.ImageHolderByBytes(img)
	if err != nil {
		return fmt.Errorf("image: %w", err)
	}
	if err := pdf.ImageByHolder(holder, 0, 0, &gopdf.Rect{W: w, H: h}); err != nil {
		return fmt.Errorf("image: %w", err)
	}
	if !fonts.latin || len(pg.Lines) == 0 {
		return nil
	}
	invisible := &gopdf.Transparency{Alpha: 0, BlendModeType: gopdf.NormalBlendMode}
	for _, l := range pg.Lines {
		if err := drawLine(pdf, l, fonts, invisible); err != nil {
			return fmt.Errorf("text layer: %w", err)
		}
	}
	return nil
}

// run is a stretch of a line set in one font.
type run struct {
	font string
	text string
}

// drawLine sets one line at its measured box: the runs one after the other from its left edge, the
// baseline a little below the box's middle (where it sits in most faces), the size reduced when the
// line would run wider than measured, else the characters spaced out to the measured width.
func drawLine(pdf *gopdf.GoPdf, l Line, fonts fontSet, invisible *gopdf.Transparency) error {
	size := l.Size * PointsPerPixel
	if size <= 0 {
		size = l.H * PointsPerPixel * 0.8
	}
	if size < 1 {
		return nil
	}
	runs, err := splitRuns(pdf, l.Text, fonts)
	if err != nil || len(runs) == 0 {
		return err
	}
	width := func(size float64) (float64, int, error) {
		total, chars := 0.0, 0
		for _, r := range runs {
			if err := pdf.SetFont(r.font, "", size); err != nil {
				return 0, 0, err
			}
			w, err := pdf.MeasureTextWidth(r.text)
			if err != nil {
				return 0, 0, err
			}
			total += w
			chars += len([]rune(r.text))
		}
		return total, chars, nil
	}
	natural, chars, err := width(size)
	if err != nil {
		return err
	}
	spacing := 0.0
	if want := l.W * PointsPerPixel; want > 0 && natural > 0 {
		if natural > want {
			size *= want / natural
		} else if chars > 1 {
			spacing = min((want-natural)/float64(chars), size)
		}
	}
	baseline := (l.Y + l.H/2 + 0.3*l.Size) * PointsPerPixel
	x := l.X * PointsPerPixel
	for _, r := range runs {
		if err := pdf.SetFont(r.font, "", size); err != nil {
			return err
		}
		if err := pdf.SetCharSpacing(spacing); err != nil {
			return err
		}
		w, err := pdf.MeasureTextWidth(r.text)
		if err != nil {
			return err
		}
		w += spacing * float64(len([]rune(r.text)))
		// CellWithOption puts the face's typographic ascender under y.
		pdf.SetXY(x, baseline-ascender(r.font)*size)
		if err := pdf.CellWithOption(&gopdf.Rect{W: w, H: size}, r.text, gopdf.CellOption{Align: gopdf.Left | gopdf.Top, Transparency: invisible}); err != nil {
			return err
		}
		x += w
	}
	return pdf.SetCharSpacing(0)
}

// ascender is a font's typographic ascender in em.
func ascender(font string) float64 {
	m := &latinAscender
	if font == fontCJK {
		m = &cjkAscender
	}
	m.once.Do(func() {
		data := notoSans
		if font == fontCJK {
			data = cjkFontData()
		}
		m.em = 1.0
		var p core.TTFParser
		if err := p.ParseFontData(data); err == nil && p.UnitsPerEm() > 0 {
			m.em = float64(p.TypoAscender()) / float64(p.UnitsPerEm())
		}
	})
	return m.em
}

var latinAscender, cjkAscender struct {
	once sync.Once
	em   float64
}

// splitRuns cuts text into runs of the first font that has each rune; runes no font has are
// dropped (a run of them becomes one space between words).
func splitRuns(pdf *gopdf.GoPdf, text string, fonts fontSet) ([]run, error) {
	var runs []run
	var cur strings.Builder
	curFont := ""
	flush := func() {
		if cur.Len() > 0 {
			runs = append(runs, run{curFont, cur.String()})
			cur.Reset()
		}
	}
	has := func(font string, r rune) (bool, error) {
		if err := pdf.SetFont(font, "", 12); err != nil {
			return false, err
		}
		return pdf.IsCurrFontContainGlyph(r)
	}
	for _, r := range text {
		if unicode.IsSpace(r) {
			r = ' '
		}
		font := ""
		if ok, err := has(fontLatin, r); err != nil {
			return nil, err
		} else if ok || r == ' ' {
			font = fontLatin
		} else if fonts.cjk {
			if ok, err := has(fontCJK, r); err != nil {
				return nil, err
			} else if ok {
				font = fontCJK
			}
		}
		if font == "" {
			continue
		}
		if font != curFont && !(r == ' ' && curFont != "") {
			flush()
			curFont = font
		}
		cur.WriteRune(r)
	}
	flush()
	// Trim the line's outer spaces (left by dropped emoji).
	for len(runs) > 0 {
		t := strings.TrimLeft(runs[0].text, " ")
		if t != "" {
			runs[0].text = t
			break
		}
		runs = runs[1:]
	}
	for len(runs) > 0 {
		last := len(runs) - 1
		t := strings.TrimRight(runs[last].text, " ")
		if t != "" {
			runs[last].text = t
			break
		}
		runs = runs[:last]
	}
	return runs, nil
}

// needsCJK reports whether text has characters only the CJK font has: any from the CJK
// Radicals block (U+2E80) up but emoji, which neither font draws.
func needsCJK(text string) bool {
	for _, r := range text {
		if r >= 0x2E80 && !textlang.IsEmojiRune(r) {
			return true
		}
	}
	return false
}

// opaquePNG returns the PNG as is when it has no transparency (gopdf copies its deflate stream),
// else a copy flattened onto white: PDF pages have no alpha, and gopdf keeps only one fully
// transparent palette entry of an indexed PNG.
func opaquePNG(b []byte) ([]byte, error) {
	if len(b) < 26 || string(b[1:4]) != "PNG" || string(b[12:16]) != "IHDR" {
		return nil, errors.New("image: not a PNG")
	}
	colorType, interlace := b[25], b[28]
	if b[24] > 8 {
		return nil, errors.New("image: 16-bit PNGs are not supported")
	}
	alpha := colorType == 4 || colorType == 6 || bytes.Contains(b, []byte("tRNS"))
	if !alpha && interlace == 0 {
		return b, nil
	}
	src, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		return nil, fmt.Errorf("image: %w", err)
	}
	dst := image.NewRGBA(src.Bounds())
	draw.Draw(dst, dst.Bounds(), image.White, image.Point{}, draw.Src)
	draw.Draw(dst, dst.Bounds(), src, src.Bounds().Min, draw.Over)
	// Encode as RGB (no alpha channel): go's encoder writes RGBA for *image.RGBA only when some
	// pixel is not opaque; after flattening every pixel is.
	var out bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestCompression}
	if err := enc.Encode(&out, dst); err != nil {
		return nil, fmt.Errorf("image: %w", err)
	}
	return out.Bytes(), nil
}
