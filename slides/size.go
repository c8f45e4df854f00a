package slides

import "github.com/brandgen/brandgen/textlang"

// Length cut-offs the slide templates size text by (templates/patterns/slide-*.tmpl), all in
// display columns (textlang.Columns: a Latin letter one, a CJK character or emoji two), so a CJK
// slide takes the same size class as a Latin slide of the same printed width. Counting bytes (len in
// a template) made a CJK paragraph three times as long as it prints.
const (
	// LongBodyCols is where a point's or illustration's paragraph is long enough that the heading,
	// the numeral and the emoji disc step down to leave it room.
	LongBodyCols = 160
	// DenseBodyCols is where a point's paragraph drops from lead to body size.
	DenseBodyCols = 200
)

// LongBody reports whether the point's paragraph is longer than LongBodyCols.
func (s PointSlide) LongBody() bool { return textlang.Columns(s.Body) > LongBodyCols }

// DenseBody reports whether the point's paragraph is longer than DenseBodyCols.
func (s PointSlide) DenseBody() bool { return textlang.Columns(s.Body) > DenseBodyCols }

// LongBody reports whether the illustration's paragraph is longer than LongBodyCols.
func (s IllustrationSlide) LongBody() bool { return textlang.Columns(s.Body) > LongBodyCols }

// Cols is the display width of the list's items together, which sizes them.
func (s ListSlide) Cols() int {
	n := 0
	for _, it := range s.Items {
		n += textlang.Columns(it)
	}
	return n
}

// Cols is the display width of the comparison's cells together, which sizes them.
func (s ComparisonSlide) Cols() int {
	n := 0
	for _, r := range s.Rows {
		n += textlang.Columns(r.Left) + textlang.Columns(r.Right)
	}
	return n
}
