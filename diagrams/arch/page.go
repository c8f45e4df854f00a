package arch

import "github.com/brandgen/brandgen/templates"

// Page is the HTML page the render pool rasterises to PNG: the drawing alone on a page of exactly
// its size, with the shipped fonts (static.FontsCSS, served by the pool at static.Origin). A
// transparent drawing paints no background, so the pool's transparent capture keeps it clear.
func Page(d Drawing) string {
	return templates.SVGPage(d.SVG, d.Width, d.Height, false, d.Lang).HTML
}
