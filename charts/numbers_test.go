package charts

import (
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"
)

func TestNiceAxis(t *testing.T) {
	tests := []struct {
		name        string
		lo, hi      float64
		includeZero bool
		want        []float64
	}{
		{"0..7", 0, 7, true, []float64{0, 2, 4, 6, 8}},
		{"0..1234", 0, 1234, true, []float64{0, 500, 1000, 1500}},
		{"-50..80", -50, 80, true, []float64{-50, 0, 50, 100}},
		{"all equal", 5, 5, false, []float64{0, 1, 2, 3, 4, 5}},
		{"all zero", 0, 0, true, []float64{0, 0.2, 0.4, 0.6, 0.8, 1}},
		{"all equal negative", -3, -3, true, []float64{-3, -2, -1, 0}},
		{"tiny decimals", 0.0012, 0.0038, true, []float64{0, 0.001, 0.002, 0.003, 0.004}},
		{"0..1", 0, 1, true, []float64{0, 0.2, 0.4, 0.6, 0.8, 1}},
		{"zero not forced", 980, 1010, false, []float64{980, 990, 1000, 1010}},
		{"all negative", -80, -20, true, []float64{-80, -60, -40, -20, 0}},
		{"0..100", 0, 100, true, []float64{0, 20, 40, 60, 80, 100}},
		{"huge", 0, 3.4e9, true, []float64{0, 1e9, 2e9, 3e9, 4e9}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := niceAxis(tt.lo, tt.hi, tt.includeZero)
			if !slices.Equal(a.ticks, tt.want) {
				t.Fatalf("ticks = %v, want %v", a.ticks, tt.want)
			}
			if a.min != tt.want[0] || a.max != tt.want[len(tt.want)-1] {
				t.Fatalf("min/max = %v/%v", a.min, a.max)
			}
		})
	}
}

// TestNiceAxisProperties checks many ranges: 3 to 6 ticks (4 to 6 nearly always), 1-2-5 steps,
// data covered, zero included when asked.
func TestNiceAxisProperties(t *testing.T) {
	fewer := 0
	total := 0
	for _, lo := range []float64{-1234, -50, -7, -0.3, 0, 0.004, 3, 97, 980} {
		for _, span := range []float64{0.01, 0.7, 1, 7, 11, 26, 41, 99, 101, 1234, 55555, 9.9e6} {
			for _, zero := range []bool{true, false} {
				hi := lo + span
				a := niceAxis(lo, hi, zero)
				total++
				if len(a.ticks) < 3 || len(a.ticks) > 6 {
					t.Errorf("%v..%v: %d ticks %v", lo, hi, len(a.ticks), a.ticks)
				}
				if len(a.ticks) < 4 {
					fewer++
				}
				if a.min > lo || a.max < hi {
					t.Errorf("%v..%v: axis %v..%v does not cover the data", lo, hi, a.min, a.max)
				}
				if zero && (a.min > 0 || a.max < 0) {
					t.Errorf("%v..%v: zero not on axis %v", lo, hi, a.ticks)
				}
				mant := a.step / math.Pow(10, math.Floor(math.Log10(a.step)+1e-9))
				if m := math.Round(mant*1e6) / 1e6; m != 1 && m != 2 && m != 5 {
					t.Errorf("%v..%v: step %v is not 1, 2 or 5 x 10^k", lo, hi, a.step)
				}
			}
		}
	}
	if fewer*10 > total {
		t.Errorf("%d of %d axes have fewer than 4 ticks", fewer, total)
	}
}

func TestTickFormatter(t *testing.T) {
	tests := []struct {
		step  float64
		ticks []float64
		want  string
	}{
		{500, []float64{0, 500, 1000, 1500}, "0 500 1k 1.5k"},
		{0.001, []float64{0, 0.001, 0.002}, "0 0.001 0.002"},
		{50, []float64{-50, 0, 50, 100}, "−50 0 50 100"},
		{2e5, []float64{0, 2e5, 4e5, 1.2e6}, "0 200k 400k 1.2M"},
		{0.25, []float64{0, 0.25, 0.5}, "0 0.25 0.5"},
		{1e9, []float64{0, 1e9, 2e9}, "0 1B 2B"},
	}
	for _, tt := range tests {
		f := tickFormatter(tt.step)
		var got []string
		for _, v := range tt.ticks {
			got = append(got, f(v))
		}
		if s := strings.Join(got, " "); s != tt.want {
			t.Errorf("ticks %v = %q, want %q", tt.ticks, s, tt.want)
		}
	}
}

func TestValueFormatter(t *testing.T) {
	tests := []struct {
		values []float64
		want   string
	}{
		{[]float64{1234, 3400000, 12, 999}, "1.2k 3.4M 12 999"},
		{[]float64{12400, 18300, 24800}, "12.4k 18.3k 24.8k"},
		{[]float64{123456, 1500}, "123k 1.5k"},
		{[]float64{3.75, 4, 12.5}, "3.75 4 12.5"},
		{[]float64{1.23456, 2}, "1.23 2"},
		{[]float64{0.00123, 0.0045}, "0.00123 0.0045"},
		{[]float64{-8.25, 12.5, 0}, "−8.25 12.5 0"},
		{[]float64{1210, 1240}, "1.21k 1.24k"}, // one decimal would read the same
		{[]float64{999960}, "1M"},
		{[]float64{-1500}, "−1.5k"},
	}
	for _, tt := range tests {
		f := valueFormatter(tt.values)
		var got []string
		for _, v := range tt.values {
			got = append(got, f(v))
		}
		if s := strings.Join(got, " "); s != tt.want {
			t.Errorf("values %v = %q, want %q", tt.values, s, tt.want)
		}
	}
}

func TestUnits(t *testing.T) {
	tests := []struct {
		s, unit, want string
		place         unitPlacement
	}{
		{"1.2k", "$", "$1.2k", unitPrefix},
		{"−1.2k", "€", "−€1.2k", unitPrefix},
		{"12", "R$", "R$12", unitPrefix},
		{"45", "%", "45%", unitSuffixTight},
		{"21", "°C", "21°C", unitSuffixTight},
		{"12", "ms", "12\u202fms", unitSuffix},
		{"4.7k", "k€", "4.7k\u202fk€", unitSuffix},
		{"48k", "users", "48k", unitCaption},
		{"48k", "", "48k", unitNone},
	}
	for _, tt := range tests {
		if got := withUnit(tt.s, tt.unit); got != tt.want {
			t.Errorf("withUnit(%q, %q) = %q, want %q", tt.s, tt.unit, got, tt.want)
		}
		if got := placeUnit(tt.unit); got != tt.place {
			t.Errorf("placeUnit(%q) = %v, want %v", tt.unit, got, tt.place)
		}
	}
}

func TestFormatKPI(t *testing.T) {
	tests := []struct{ value, unit, want string }{
		{"1284500", "", "1.28M"},
		{"48210", "", "48,210"},
		{"48210.5", "$", "$48,210.5"},
		{"-1200", "", "−1,200"},
		{"99.5", "%", "99.5%"},
		{"$1.2M", "$", "$1.2M"}, // formatted text is shown as given
		{"4.9★", "", "4.9★"},
		{"0x1F", "", "0x1F"},
		{"125000", "€", "€125k"},
		{"12500000", "", "12.5M"},
	}
	for _, tt := range tests {
		if got := formatKPI(tt.value, tt.unit); got != tt.want {
			t.Errorf("formatKPI(%q, %q) = %q, want %q", tt.value, tt.unit, got, tt.want)
		}
	}
}

func TestPercentages(t *testing.T) {
	tests := []struct {
		values []float64
		want   []string
	}{
		{[]float64{1, 1, 1}, []string{"34%", "33%", "33%"}},
		{[]float64{5820, 3140, 860}, []string{"59%", "32%", "9%"}},
		{[]float64{4200, 2600, 1900, 1400, 1100, 800, 500, 40}, []string{"33.5%", "20.7%", "15.1%", "11.2%", "8.8%", "6.4%", "4.0%", "0.3%"}},
		{[]float64{0, 0}, []string{"0%", "0%"}},
		{[]float64{3, 0}, []string{"100%", "0%"}},
	}
	for _, tt := range tests {
		got := percentages(tt.values)
		if !slices.Equal(got, tt.want) {
			t.Errorf("percentages(%v) = %v, want %v", tt.values, got, tt.want)
		}
		sum := 0.0
		for _, p := range got {
			v, _ := strconv.ParseFloat(strings.TrimSuffix(p, "%"), 64)
			sum += v
		}
		if math.Abs(sum-100) > 1e-9 && sum != 0 {
			t.Errorf("percentages(%v) add up to %v", tt.values, sum)
		}
	}
}
