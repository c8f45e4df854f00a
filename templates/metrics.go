package templates

import (
	"math"

	"github.com/brandgen/brandgen"
)

// Metrics are the fixed measures of a canvas size: safe margins, spacing and one type scale. All
// values are CSS pixels on the 8 px grid (font sizes excepted).
type Metrics struct {
	Width, Height int
	MarginX       int // left and right safe margin (>= 64 on 1080 canvases)
	MarginTop     int // story: 256, so the top 250 px stay free of key content
	MarginBottom  int
	Gap           int // default gap between blocks
	GapS          int // tight gap (kicker to headline)
	Pad           int // card padding
	Radius        int // large radius (glass cards)
	BadgeH        int // badge row height; the logo is at most this high (56 on 1080 canvases)
	Type          TypeScale
	// Floor is the smallest body text the fit script may set (24 px on 1080 px canvases: readable
	// on a phone); FloorLabel the smallest label (kickers, tags, periods).
	Floor, FloorLabel int
}

// TypeScale is one type scale (ratio 1.25 from Body) in pixels.
type TypeScale struct {
	XS, S, Body, Lead, H3, H2, H1, Display, Hero int
}

// MetricsFor returns the metrics of a size (unknown sizes answer portrait).
func MetricsFor(size brandgen.Size) Metrics {
	w, h := size.Pixels()
	m := Metrics{Width: w, Height: h, MarginX: 80, MarginTop: 80, MarginBottom: 80,
		Gap: 32, GapS: 16, Pad: 40, Radius: 40, BadgeH: 56}
	body := 30.0
	switch size {
	case brandgen.SizeSquare:
		body = 28
		m.MarginTop, m.MarginBottom = 72, 72
	case brandgen.SizeStory:
		body = 32
		m.MarginTop, m.MarginBottom = 256, 256
		m.Gap = 40
	case brandgen.SizeLandscape:
		// 30, not a step up with the floors (issue 10): the fit scales every block to its space, and
		// at 32 the long and short samples ended within 1-2 px of 30's sizes (the factor fell ~6%)
		// while the long glass campaign fell to half its scale.
		body = 30
		m.MarginX, m.MarginTop, m.MarginBottom = 96, 80, 80
		m.Pad = 40
	}
	step := func(k int) int { return int(math.Round(body * math.Pow(1.25, float64(k)))) }
	m.Type = TypeScale{XS: step(-2), S: step(-1), Body: step(0), Lead: step(1), H3: step(2),
		H2: step(3), H1: step(4), Display: step(5), Hero: step(6)}
	// The floor follows the short side: portrait, square and story are seen at about the same
	// scale on a phone (1080 px across the screen).
	short := min(w, h)
	m.Floor = int(math.Round(float64(short) / 45))
	m.FloorLabel = int(math.Round(float64(short) / 60))
	if size == brandgen.SizeLandscape {
		// Decision (issue 10, lead): a landscape image is seen at feed width, so its type is scaled
		// by its 1920 px width, not its 1080 px short side: a 24 px floor there reads at 24/1920 of
		// the screen, about half a portrait floor's 24/1080. The floors rise to 27 px body and 20 px
		// label (as far as the 1080 px height lets long content still fit above them; what does not
		// fit drops its optional parts with a warning).
		m.Floor, m.FloorLabel = 27, 20
	}
	return m
}

// ContentWidth is the width of the safe area.
func (m Metrics) ContentWidth() int { return m.Width - 2*m.MarginX }

// ContentHeight is the height left for a pattern's content: the safe area less the badge row when
// the badge is shown.
func (m Metrics) ContentHeight(badge bool) int {
	h := m.Height - m.MarginTop - m.MarginBottom
	if badge {
		h -= m.BadgeH + m.Gap
	}
	return h
}
