package logo

import (
	"fmt"
	"math/rand/v2"
	"unicode"
)

// Abstract marks for prompts that name no subject. The family comes from the first word's initial
// and the shapes from the initials' outlines (round letters give circles and arcs, straight ones
// triangles and squares), so "Acme Orbit" and "Zenith Tools" get different, stable compositions.
// Nothing here draws a letter.

// shapeOf classifies an initial: 0 round (o c d g q s b p e u), 1 straight, 2 diagonal (a v w x y
// k z m n), for every script: non-Latin initials hash into the three.
func shapeOf(r rune) int {
	switch unicode.ToLower(r) {
	case 'o', 'c', 'd', 'g', 'q', 's', 'b', 'p', 'e', 'u', 'j':
		return 0
	case 'i', 'l', 't', 'f', 'h', 'r':
		return 1
	case 'a', 'v', 'w', 'x', 'y', 'k', 'z', 'm', 'n':
		return 2
	}
	return int(r) % 3
}

// initials are the first runes of the prompt's words (at most 4).
func initials(words []string) []rune {
	var out []rune
	for _, w := range words {
		for _, r := range w {
			out = append(out, r)
			break
		}
		if len(out) == 4 {
			break
		}
	}
	if len(out) == 0 {
		out = []rune{'o'}
	}
	return out
}

// family draws an abstract composition from the initials' shape classes.
type family func(s *svg, p palette, r *rand.Rand, sh shapes)

// shapes are the initials' shape classes.
type shapes []int

func (sh shapes) at(i int) int { return sh[i%len(sh)] }

var families = []family{tiles, orbitArcs, rosette, venn, facets, pinwheel, layers, rings}

// abstractFor picks the family from the first initial and returns it bound to the initials.
func abstractFor(words []string) motif {
	ini := initials(words)
	sum := len(ini)
	for _, c := range ini {
		sum += int(unicode.ToLower(c))
	}
	f := families[sum%len(families)]
	sh := make(shapes, len(ini))
	for i, c := range ini {
		sh[i] = shapeOf(c)
	}
	return func(s *svg, p palette, r *rand.Rand) { f(s, p, r, sh) }
}

func colorAt(p palette, i int) string {
	return []string{p.fill(), p.Accent, p.Deep, p.Soft}[i%4]
}

// tiles: a 2x2 Bauhaus grid; each tile a quarter circle, half circle or triangle by initial.
func tiles(s *svg, p palette, r *rand.Rand, sh shapes) {
	const t, gap, x0 = 184, 16, 64
	for i := 0; i < 4; i++ {
		x, y := x0+(i%2)*(t+gap), x0+(i/2)*(t+gap)
		rot := (r.IntN(4)) * 90
		c := colorAt(p, i+r.IntN(2))
		s.f(`<g transform="rotate(%d %d %d)">`, rot, x+t/2, y+t/2)
		switch (sh.at(i) + i) % 3 {
		case 0:
			s.f(`<path d="M%d %d V%d A%d %d 0 0 0 %d %d Z" fill="%s"/>`, x, y, y+t, t, t, x+t, y, c)
		case 1:
			s.f(`<path d="M%d %d H%d A%d %d 0 0 1 %d %d Z" fill="%s"/>`, x, y+t, x+t, t/2, t/2, x, y+t, c)
		default:
			s.f(`<polygon points="%s" fill="%s"/>`, poly(float64(x), float64(y), float64(x+t), float64(y+t), float64(x), float64(y+t)), c)
		}
		s.f(`</g>`)
	}
}

// orbitArcs: concentric arcs of different sweeps around a dot.
func orbitArcs(s *svg, p palette, r *rand.Rand, sh shapes) {
	base := r.IntN(8) * 45
	for i, rr := range []float64{200, 140, 80} {
		sweep := 180 + 45*float64(sh.at(i)+i%2)
		a0 := float64(base + i*70)
		x0, y0 := polar(256, 256, rr, a0)
		x1, y1 := polar(256, 256, rr, a0+sweep)
		large := 0
		if sweep > 180 {
			large = 1
		}
		s.f(`<path d="M%.1f %.1f A%.0f %.0f 0 %d 1 %.1f %.1f" fill="none" stroke="%s" stroke-width="40" stroke-linecap="round"/>`,
			x0, y0, rr, rr, large, x1, y1, colorAt(p, i))
	}
	s.f(`<circle cx="256" cy="256" r="28" fill="%s"/>`, p.Accent)
}

// rosette: rotated petals (vesicas) or squares in rotational symmetry.
func rosette(s *svg, p palette, r *rand.Rand, sh shapes) {
	n := 4 + len(sh) + r.IntN(2)
	for i := 0; i < n; i++ {
		c := p.fill()
		if i%2 == 1 {
			c = p.Soft
		}
		rot := float64(i) * 360 / float64(n)
		if sh.at(0) == 1 {
			s.f(`<rect x="176" y="56" width="160" height="160" rx="36" fill="%s" opacity=".9" transform="rotate(%.1f 256 256) rotate(45 256 136)"/>`, c, rot)
			continue
		}
		s.f(`<path d="M256 256 C200 184 208 88 256 48 C304 88 312 184 256 256 Z" fill="%s" opacity=".92" transform="rotate(%.1f 256 256)"/>`, c, rot)
	}
}

// venn: two or three overlapping circles.
func venn(s *svg, p palette, r *rand.Rand, sh shapes) {
	// Flat discs layered with a paper gap, never translucent (two brand hues mix into mud).
	if len(sh) >= 3 || r.IntN(2) == 0 {
		for i, a := range []float64{0, 120, 240} {
			x, y := polar(256, 268, 84, a+float64(sh.at(0))*20)
			s.f(`<circle cx="%.1f" cy="%.1f" r="132" fill="%s" stroke="%s" stroke-width="14"/>`, x, y, []string{p.fill(), p.Soft, p.Accent}[i], p.Paper)
		}
		return
	}
	s.f(`<circle cx="192" cy="256" r="152" fill="%s"/>`, p.fill())
	s.f(`<defs><clipPath id="vc"><circle cx="192" cy="256" r="152"/></clipPath></defs>`)
	s.f(`<circle cx="320" cy="256" r="152" fill="%s"/>`, p.Accent)
	s.f(`<circle cx="320" cy="256" r="152" fill="%s" clip-path="url(#vc)"/>`, p.Deep)
}

// facets: a hexagon cut into six triangles, shaded like a gem.
func facets(s *svg, p palette, r *rand.Rand, sh shapes) {
	off := float64(sh.at(0)) * 30
	for i := 0; i < 6; i++ {
		x0, y0 := polar(256, 256, 216, off+float64(i)*60)
		x1, y1 := polar(256, 256, 216, off+float64(i+1)*60)
		s.f(`<polygon points="%s" fill="%s"/>`, poly(256, 256, x0, y0, x1, y1), colorAt(p, []int{0, 3, 2, 0, 1, 3}[(i+r.IntN(2))%6]))
	}
}

// pinwheel: four blades in rotational symmetry, quarter circles for round initials, triangles
// otherwise.
func pinwheel(s *svg, p palette, r *rand.Rand, sh shapes) {
	round := sh.at(0) == 0
	for i := 0; i < 4; i++ {
		c := p.fill()
		if i%2 == 1 {
			c = p.Accent
		}
		if round {
			s.f(`<path d="M256 256 V64 A192 192 0 0 1 448 256 Z" fill="%s" transform="rotate(%d 256 256) translate(12 -12)"/>`, c, i*90)
			continue
		}
		s.f(`<polygon points="%s" fill="%s" transform="rotate(%d 256 256)"/>`, poly(256, 240, 256, 56, 440, 240), c, i*90)
	}
	_ = r
}

// layers: stacked rhombi, like sheets seen from above; rounded corners for a round initial,
// two or three sheets, the accent on top or below.
func layers(s *svg, p palette, r *rand.Rand, sh shapes) {
	n := 2 + (sh.at(0)+sh.at(1))%2
	join := ""
	if sh.at(0) == 0 {
		join = ` stroke-width="36" stroke-linejoin="round"`
	}
	colors := []string{p.fill(), p.Accent, p.Deep}
	if r.IntN(2) == 0 {
		colors = []string{p.Accent, p.fill(), p.Soft}
	}
	for i := n - 1; i >= 0; i-- {
		y := 196 + i*88 - (n-2)*40
		c := colors[i]
		stroke := ""
		if join != "" {
			stroke = fmt.Sprintf(` stroke="%s"`, c)
		}
		s.f(`<polygon points="%s" fill="%s"%s%s/>`, poly(256, float64(y-100), 456, float64(y), 256, float64(y+100), 56, float64(y)), c, stroke, join)
	}
}

// rings: interlocking rings.
func rings(s *svg, p palette, r *rand.Rand, sh shapes) {
	n := 2 + len(sh)%2
	w := 176.0
	for i := 0; i < n; i++ {
		cx := 256 - float64(n-1)*w/2*0.8 + float64(i)*w*0.8
		s.f(`<circle cx="%.1f" cy="256" r="%.0f" fill="none" stroke="%s" stroke-width="40"/>`, cx, w/2+24, colorAt(p, i))
	}
	_ = r
}
