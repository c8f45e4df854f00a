// Package logo makes logo marks: shapes only, never text or letters. Mark draws one offline, a
// procedural geometric mark (circles, arcs, polygons, symmetry) picked by the prompt's keywords
// ("fox", "leaf", "wave", "shield", "bolt", ...) and seeded by the prompt, so the same prompt and
// colours always give the same SVG. Square fits any mark image (drawn here or by an image model)
// onto a transparent square canvas, trimmed to its content and centred with even margins. Maker
// puts the two paths together.
package logo

import (
	"fmt"
	"hash/fnv"
	"math"
	"math/rand/v2"
	"regexp"
	"strings"
)

// ViewBox is the side of the square every mark is drawn in.
const ViewBox = 512

// motif draws one subject into the svg in the palette, with the seeded rng for its variations.
type motif func(s *svg, p palette, r *rand.Rand)

// Mark draws the offline mark for prompt as an SVG document (viewBox 0 0 512 512, transparent
// background), in the brand's colours ("#RRGGBB"; empty: defaults). It never draws text.
func Mark(prompt, primary, secondary string) string {
	words := keywords(prompt)
	seed := seedOf(strings.Join(words, " "))
	r := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	pal, p, s := newPalette(primary, secondary)
	draw, subject := pick(words)
	doc := &svg{}
	// A tonal gradient of the primary: two hues far apart mix into mud, so the secondary stays a
	// flat accent.
	doc.gradient(mix(p, white, 0.16).hex(), mix(p, ink, 0.22).hex())
	// A subject mark is drawn open, or knocked out of a solid badge (circle or rounded square); an
	// abstract mark is already a composition and stays open.
	switch v := r.IntN(10); {
	case subject && v >= 7:
		badge := "circle"
		if v == 9 {
			badge = "square"
		}
		doc.badge(badge, pal)
		doc.open(`<g transform="translate(256 256) scale(.66) translate(-256 -256)">`)
		draw(doc, onBadge(p, s), r)
		doc.close("</g>")
	default:
		draw(doc, pal, r)
	}
	return doc.String()
}

var wordRe = regexp.MustCompile(`[\p{L}\p{N}]+`)

// keywords are the prompt's words, lower case, without a trailing plural s.
func keywords(prompt string) []string {
	var out []string
	for _, w := range wordRe.FindAllString(strings.ToLower(prompt), -1) {
		out = append(out, w)
	}
	return out
}

func seedOf(s string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(s))
	return h.Sum64()
}

// pick chooses the motif the prompt names: a motif's own name first ("water drop" is a drop), then
// the first word that is a synonym of one (plural or not), else an abstract composition built from
// the prompt's initials. subject reports which.
func pick(words []string) (m motif, subject bool) {
	if name := subjectOf(words); name != "" {
		return motifs[name], true
	}
	return abstractFor(words), false
}

// subjectOf names the motif of the words, or "" when they name none.
func subjectOf(words []string) string {
	for _, table := range []func(string) (string, bool){
		func(w string) (string, bool) { _, ok := motifs[w]; return w, ok },
		func(w string) (string, bool) { n, ok := synonyms[w]; return n, ok },
	} {
		for _, w := range words {
			for _, cand := range []string{w, strings.TrimSuffix(w, "s"), strings.TrimSuffix(w, "es")} {
				if name, ok := table(cand); ok {
					return name
				}
			}
		}
	}
	return ""
}

// svg accumulates one SVG document.
type svg struct {
	b     strings.Builder
	depth int
}

func (s *svg) f(format string, args ...any) { fmt.Fprintf(&s.b, format, args...) }

func (s *svg) open(tag string) { s.b.WriteString(tag); s.depth++ }

func (s *svg) close(tag string) { s.b.WriteString(tag); s.depth-- }

// gradient defines "g" (from a to b, diagonal) and "gs" (the other diagonal, b to a).
func (s *svg) gradient(p, q string) {
	// In user space, so that overlapping shapes share one continuous gradient.
	s.f(`<defs><linearGradient id="g" gradientUnits="userSpaceOnUse" x1="64" y1="48" x2="448" y2="464"><stop offset="0" stop-color="%s"/><stop offset="1" stop-color="%s"/></linearGradient>`, p, q)
	s.f(`<linearGradient id="gs" gradientUnits="userSpaceOnUse" x1="64" y1="464" x2="448" y2="48"><stop offset="0" stop-color="%s"/><stop offset="1" stop-color="%s"/></linearGradient></defs>`, q, p)
}

// badge draws the solid shape a knocked-out mark sits on.
func (s *svg) badge(kind string, p palette) {
	if kind == "square" {
		s.f(`<rect x="16" y="16" width="480" height="480" rx="128" fill="url(#g)"/>`)
		return
	}
	s.f(`<circle cx="256" cy="256" r="240" fill="url(#g)"/>`)
}

// fill returns the main fill: the gradient when allowed, else the main colour.
func (p palette) fill() string {
	if p.Grad {
		return "url(#g)"
	}
	return p.Main
}

func (s *svg) String() string {
	return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="512" height="512">` + s.b.String() + `</svg>`
}

// Geometry helpers.

func rad(deg float64) float64 { return deg * math.Pi / 180 }

// polar is the point at angle deg (0 = up, clockwise) and radius r around (cx, cy).
func polar(cx, cy, r, deg float64) (float64, float64) {
	a := rad(deg)
	return cx + r*math.Sin(a), cy - r*math.Cos(a)
}

// poly formats points as an SVG points list.
func poly(pts ...float64) string {
	var b strings.Builder
	for i := 0; i+1 < len(pts); i += 2 {
		if i > 0 {
			b.WriteByte(' ')
		}
		fmt.Fprintf(&b, "%.1f,%.1f", pts[i], pts[i+1])
	}
	return b.String()
}

// star returns the points of an n-pointed star around (cx, cy).
func star(cx, cy, outer, inner float64, n int, rot float64) string {
	var pts []float64
	for i := 0; i < 2*n; i++ {
		rr := outer
		if i%2 == 1 {
			rr = inner
		}
		x, y := polar(cx, cy, rr, rot+float64(i)*180/float64(n))
		pts = append(pts, x, y)
	}
	return poly(pts...)
}
