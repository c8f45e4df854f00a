package charts

import "math"

// kpiHeroLabel and kpiHeroDelta scale a hero tile's label and delta (layoutTile) over a grid
// tile's.
const (
	kpiHeroLabel = 1.6
	kpiHeroDelta = 1.5
)

// heroStack places a story's lone tile: a value held by the width cannot fill a tall tile, and
// centred with its label and delta it left a third of the story empty over it and under it. The
// label keeps to the top, the delta to the foot and the value stands between them, the tile's
// spare height shared as equal bands: the insets at the top and the foot (with the card's edge and
// the title's gap outside them) and the two between the parts.
func (l tileLayout) heroStack(r tileRect, size, gap1 float64, style string) (top, valueBase, bottom float64) {
	capH := size * 0.74
	spare := r.h - l.labelH - capH - l.dh
	if l.dh == 0 {
		// No delta: the label and the value stand in three equal bands.
		in := math.Max(l.pad, spare/3)
		top = r.y + in
		valueBase = r.y + r.h - in
		return top, valueBase, valueBase
	}
	in := math.Max(l.pad*0.5, spare*kpiHeroInset)
	band := math.Max(gap1, (spare-2*in)/2)
	top, bottom = r.y+in, r.y+r.h-in
	lift := 1.0
	if style == StyleEditorial {
		// The serif value's descent stands further under its baseline than its ascent over
		// its caps: set a little higher, its bands above and below it measure alike.
		lift = 0.9
	}
	valueBase = top + l.labelH + band*lift + capH
	return top, valueBase, bottom
}

// kpiHeroInset is a hero tile's inset at its top and foot as a share of its spare height: less
// than the bands between its parts, as the card's edge and the title's gap add to them.
const kpiHeroInset = 0.15
