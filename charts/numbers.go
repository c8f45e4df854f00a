package charts

import (
	"math"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// axis is a value axis: ticks from min to max in equal nice steps.
type axis struct {
	min, max, step float64
	ticks          []float64
}

// niceAxis finds ticks in 1-2-5 steps that cover lo..hi with at most 6 ticks (4 to 6 for most
// ranges). includeZero extends the range to 0; all-equal values always include 0.
func niceAxis(lo, hi float64, includeZero bool) axis {
	if lo > hi {
		lo, hi = hi, lo
	}
	if lo == hi {
		includeZero = true
	}
	if includeZero {
		lo, hi = math.Min(lo, 0), math.Max(hi, 0)
	}
	if lo == hi { // all zero
		hi = 1
	}
	span := hi - lo
	exp := math.Floor(math.Log10(span)) - 2
	for {
		base := math.Pow(10, exp)
		for _, m := range []float64{1, 2, 5} {
			step := m * base
			first := math.Floor(lo/step + 1e-9)
			last := math.Ceil(hi/step - 1e-9)
			n := int(last-first) + 1
			if n <= 6 {
				a := axis{step: step}
				for k := first; k <= last+1e-9; k++ {
					a.ticks = append(a.ticks, roundSig(k*step))
				}
				a.min, a.max = a.ticks[0], a.ticks[len(a.ticks)-1]
				return a
			}
		}
		exp++
	}
}

// roundSig removes floating-point noise: 0.30000000000000004 -> 0.3.
func roundSig(v float64) float64 {
	r, _ := strconv.ParseFloat(strconv.FormatFloat(v, 'g', 12, 64), 64)
	if r == 0 {
		return 0 // no negative zero
	}
	return r
}

// decimalsOf is how many decimals v needs (at most 9): 0.25 -> 2, 1500 -> 0.
func decimalsOf(v float64) int {
	s := strconv.FormatFloat(math.Abs(roundSig(v)), 'f', -1, 64)
	i := strings.IndexByte(s, '.')
	if i < 0 {
		return 0
	}
	return min(len(s)-i-1, 9)
}

// magnitude picks the compact suffix for |v|: 1, k, M, B or T.
func magnitude(a float64) (float64, string) {
	switch {
	case a >= 1e12:
		return 1e12, "T"
	case a >= 1e9:
		return 1e9, "B"
	case a >= 1e6:
		return 1e6, "M"
	case a >= 1e3:
		return 1e3, "k"
	}
	return 1, ""
}

const minus = "−" // U+2212, the typographic minus

// compact writes v with the suffix of its magnitude and the given decimals, trailing zeros cut:
// compact(1234, 1) = "1.2k", compact(-0.5, 2) = "−0.5". A value that rounds up into the next
// magnitude moves there (999960 -> "1M").
func compact(v float64, decimals func(div float64) int) string {
	a := math.Abs(v)
	div, suffix := magnitude(a)
	d := decimals(div)
	s := strconv.FormatFloat(a/div, 'f', d, 64)
	if f, _ := strconv.ParseFloat(s, 64); f >= 1000 && suffix != "T" {
		div, suffix = magnitude(div * 1000)
		s = strconv.FormatFloat(a/div, 'f', decimals(div), 64)
	}
	if strings.Contains(s, ".") {
		s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	}
	if s != "0" && v < 0 {
		s = minus + s
	}
	return s + suffix
}

// tickFormatter formats the ticks of an axis: 0, 500, 1k, 1.5k.
func tickFormatter(step float64) func(float64) string {
	return func(v float64) string {
		return compact(v, func(div float64) int { return decimalsOf(step / div) })
	}
}

// valueFormatter formats data values compactly: one decimal below 100 of a magnitude (1.2k,
// 12.3k, 123k, 3.4M), the decimals the data has below 1000 (at most 2, more for tiny values);
// more decimals when two different values would otherwise read the same.
func valueFormatter(values []float64) func(float64) string {
	inputDecimals, maxAbs := 0, 0.0
	for _, v := range values {
		inputDecimals = max(inputDecimals, decimalsOf(v))
		maxAbs = math.Max(maxAbs, math.Abs(v))
	}
	plain := min(inputDecimals, 2)
	if maxAbs > 0 && maxAbs < 1 {
		plain = min(inputDecimals, 2-int(math.Floor(math.Log10(maxAbs))))
	}
	build := func(extra int) func(float64) string {
		return func(v float64) string {
			return compact(v, func(div float64) int {
				if div == 1 {
					return plain + extra
				}
				if math.Abs(v)/div >= 100 {
					return extra
				}
				return 1 + extra
			})
		}
	}
	for extra := 0; extra < 2; extra++ {
		f := build(extra)
		seen := map[string]float64{}
		clash := false
		for _, v := range values {
			s := f(v)
			if prev, ok := seen[s]; ok && prev != v {
				clash = true
				break
			}
			seen[s] = v
		}
		if !clash {
			return f
		}
	}
	return build(2)
}

// unitPlacement says where a unit goes: before the number (currency), glued after it (%),
// after it with a narrow space (ms, kg), or only as an axis caption (long units).
type unitPlacement int

const (
	unitNone unitPlacement = iota
	unitPrefix
	unitSuffixTight
	unitSuffix
	unitCaption
)

func placeUnit(unit string) unitPlacement {
	unit = strings.TrimSpace(unit)
	if unit == "" {
		return unitNone
	}
	last, _ := utf8.DecodeLastRuneInString(unit)
	first, _ := utf8.DecodeRuneInString(unit)
	switch {
	case unicode.Is(unicode.Sc, last) && utf8.RuneCountInString(unit) <= 3 && isCurrencySign(unit):
		return unitPrefix
	case strings.ContainsRune("%‰°×x′″", first) && utf8.RuneCountInString(unit) <= 3:
		return unitSuffixTight
	case utf8.RuneCountInString(unit) <= 3:
		return unitSuffix
	}
	return unitCaption
}

// isCurrencySign reports whether unit is a currency sign, optionally after capitals: $, €, R$,
// US$. "k€" is not (it reads as a suffix unit).
func isCurrencySign(unit string) bool {
	for _, r := range unit {
		if !unicode.Is(unicode.Sc, r) && !unicode.IsUpper(r) {
			return false
		}
	}
	return true
}

// withUnit puts a unit on a formatted number. Caption units are left off.
func withUnit(s, unit string) string {
	unit = clean(unit)
	switch placeUnit(unit) {
	case unitPrefix:
		if strings.HasPrefix(s, minus) {
			return minus + unit + strings.TrimPrefix(s, minus)
		}
		return unit + s
	case unitSuffixTight:
		return s + unit
	case unitSuffix:
		return s + "\u202f" + unit
	}
	return s
}

// isPlainNumber reports whether s is a bare number ("1234", "-3.5", "1e6") rather than formatted
// text ("$1.2M", "98%").
func isPlainNumber(s string) (float64, bool) {
	s = strings.TrimSpace(s)
	if s == "" || strings.ContainsAny(s, "xXpP_") {
		return 0, false
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsInf(v, 0) || math.IsNaN(v) {
		return 0, false
	}
	return v, true
}

// formatKPI shows a tile value: bare numbers get thousands separators below 100,000 and compact
// suffixes above (plus the content's unit); formatted text is shown as given.
func formatKPI(value, unit string) string {
	value = clean(value)
	v, ok := isPlainNumber(value)
	if !ok {
		return value
	}
	var s string
	if math.Abs(v) >= 100000 {
		s = compact(v, func(div float64) int { // three significant digits: 125k, 1.25M, 12.5M
			switch x := math.Abs(v) / div; {
			case x >= 100:
				return 0
			case x >= 10:
				return 1
			}
			return 2
		})
	} else {
		s = groupThousands(v)
	}
	return withUnit(s, unit)
}

// groupThousands writes v with comma thousands separators and its own decimals (at most 2).
func groupThousands(v float64) string {
	d := min(decimalsOf(v), 2)
	s := strconv.FormatFloat(math.Abs(v), 'f', d, 64)
	intPart, frac := s, ""
	if i := strings.IndexByte(s, '.'); i >= 0 {
		intPart, frac = s[:i], s[i:]
	}
	var b strings.Builder
	for i, c := range intPart {
		if i > 0 && (len(intPart)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	out := b.String() + frac
	if v < 0 && out != "0" {
		out = minus + out
	}
	return out
}
