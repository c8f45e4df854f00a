package templates

import (
	"image"
	"image/color"
	"image/draw"

	xdraw "golang.org/x/image/draw"
	"golang.org/x/image/font"
	"golang.org/x/image/font/basicfont"
	"golang.org/x/image/math/fixed"
)

// Contact sheet layout, in pixels.
const (
	sheetGap    = 24
	sheetLabelH = 40
	labelScale  = 2 // basicfont's 7x13 face drawn at 2x
)

// ContactSheet tiles images into one picture, cols per row, each cell as large as the largest
// image, with its label (if any) written under it, on a neutral grey background so transparent and
// white renders both show their edges. Images are drawn at full size; use Thumbnail first to
// shrink them.
func ContactSheet(images []image.Image, cols int, labels []string) image.Image {
	if cols < 1 {
		cols = 1
	}
	if len(images) == 0 {
		return image.NewRGBA(image.Rect(0, 0, 1, 1))
	}
	cellW, cellH := 0, 0
	for _, im := range images {
		b := im.Bounds()
		cellW, cellH = max(cellW, b.Dx()), max(cellH, b.Dy())
	}
	rows := (len(images) + cols - 1) / cols
	n := min(cols, len(images))
	w := sheetGap + n*(cellW+sheetGap)
	h := sheetGap + rows*(cellH+sheetLabelH+sheetGap)
	sheet := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.Draw(sheet, sheet.Bounds(), image.NewUniform(color.RGBA{0x8a, 0x8d, 0x93, 0xff}), image.Point{}, draw.Src)
	for i, im := range images {
		x := sheetGap + (i%cols)*(cellW+sheetGap)
		y := sheetGap + (i/cols)*(cellH+sheetLabelH+sheetGap)
		b := im.Bounds()
		draw.Draw(sheet, image.Rect(x, y, x+b.Dx(), y+b.Dy()), im, b.Min, draw.Over)
		if i < len(labels) && labels[i] != "" {
			drawLabel(sheet, labels[i], x, y+cellH+8, cellW)
		}
	}
	return sheet
}

// drawLabel writes s (ASCII) in white at 2x scale, cut to width.
func drawLabel(dst draw.Image, s string, x, y, width int) {
	face := basicfont.Face7x13
	small := image.NewRGBA(image.Rect(0, 0, width/labelScale, 16))
	d := font.Drawer{Dst: small, Src: image.White, Face: face, Dot: fixed.P(0, 12)}
	d.DrawString(s)
	r := image.Rect(x, y, x+small.Bounds().Dx()*labelScale, y+small.Bounds().Dy()*labelScale)
	xdraw.NearestNeighbor.Scale(dst, r, small, small.Bounds(), draw.Over, nil)
}

// Thumbnail scales img down (never up) so it is at most maxW pixels wide, with a high-quality filter.
func Thumbnail(img image.Image, maxW int) image.Image {
	b := img.Bounds()
	if maxW <= 0 || b.Dx() <= maxW {
		return img
	}
	h := b.Dy() * maxW / b.Dx()
	dst := image.NewRGBA(image.Rect(0, 0, maxW, max(h, 1)))
	xdraw.CatmullRom.Scale(dst, dst.Bounds(), img, b, draw.Over, nil)
	return dst
}
