package logo

import (
	"math/rand/v2"
)

// Nature and animal motifs. Each draws in the 512 box around (256, 256); the mark is trimmed and
// centred afterwards, so a motif need not fill the box.

func fox(s *svg, p palette, r *rand.Rand) {
	s.f(`<path d="M104 88 L208 184 L304 184 L408 88 L424 264 L256 440 L88 264 Z" fill="%s"/>`, p.fill())
	s.f(`<polygon points="%s" fill="%s"/><polygon points="%s" fill="%s"/>`,
		poly(124, 128, 196, 190, 132, 232), p.Deep, poly(388, 128, 316, 190, 380, 232), p.Deep)
	s.f(`<polygon points="%s" fill="%s"/><polygon points="%s" fill="%s"/>`,
		poly(88, 264, 256, 440, 256, 336, 168, 288), p.Paper, poly(424, 264, 256, 440, 256, 336, 344, 288), p.Paper)
	s.f(`<polygon points="%s" fill="%s"/><polygon points="%s" fill="%s"/>`,
		poly(176, 250, 228, 268, 196, 282), p.Deep, poly(336, 250, 284, 268, 316, 282), p.Deep)
	s.f(`<polygon points="%s" fill="%s"/>`, poly(232, 408, 280, 408, 256, 440), p.Deep)
	if r.IntN(2) == 0 {
		s.f(`<polygon points="%s" fill="%s" opacity=".9"/>`, poly(208, 184, 304, 184, 256, 236), p.Accent)
	}
}

func leaf(s *svg, p palette, r *rand.Rand) {
	if r.IntN(2) == 0 {
		s.f(`<path d="M120 400 C120 232 232 120 400 112 C396 280 288 392 120 400 Z" fill="%s"/>`, p.fill())
		s.f(`<path d="M148 372 Q260 276 364 148" fill="none" stroke="%s" stroke-width="16" stroke-linecap="round"/>`, p.Paper)
		return
	}
	// A sprout: two leaves from one stem.
	s.f(`<path d="M256 456 V272" stroke="%s" stroke-width="28" stroke-linecap="round"/>`, p.Deep)
	s.f(`<path d="M256 288 C256 176 320 96 448 88 C448 216 376 288 256 288 Z" fill="%s"/>`, p.fill())
	s.f(`<path d="M256 320 C256 232 200 168 96 160 C96 264 160 320 256 320 Z" fill="%s"/>`, p.Accent)
}

func wave(s *svg, p palette, r *rand.Rand) {
	if r.IntN(2) == 0 {
		s.f(`<defs><clipPath id="wc"><circle cx="256" cy="256" r="208"/></clipPath></defs>`)
		s.f(`<circle cx="256" cy="256" r="208" fill="%s"/>`, p.fill())
		s.f(`<g clip-path="url(#wc)">`)
		s.f(`<path d="M32 276 C96 212 168 212 232 276 S368 340 480 260 V512 H32 Z" fill="%s"/>`, p.Paper)
		s.f(`<path d="M32 356 C96 292 168 292 232 356 S368 420 480 340 V512 H32 Z" fill="%s"/>`, p.Accent)
		s.f(`</g>`)
		return
	}
	colors := []string{p.fill(), p.Accent, p.Deep}
	for i, y := range []int{176, 256, 336} {
		s.f(`<path d="M80 %d c44 -48 88 -48 132 0 s88 48 132 0 s88 -48 132 0" fill="none" stroke="%s" stroke-width="40" stroke-linecap="round"/>`, y, colors[i])
	}
}

func mountain(s *svg, p palette, r *rand.Rand) {
	if r.IntN(2) == 0 {
		s.f(`<circle cx="372" cy="132" r="44" fill="%s"/>`, p.Accent)
	}
	s.f(`<polygon points="%s" fill="%s"/>`, poly(248, 400, 352, 200, 464, 400), p.Deep)
	s.f(`<polygon points="%s" fill="%s"/>`, poly(48, 400, 208, 112, 368, 400), p.fill())
	s.f(`<polygon points="%s" fill="%s"/>`, poly(208, 112, 258, 202, 232, 188, 208, 214, 184, 188, 158, 202), p.Paper)
}

func cloud(s *svg, p palette, r *rand.Rand) {
	if r.IntN(2) == 0 {
		s.f(`<circle cx="168" cy="176" r="64" fill="%s"/>`, p.Accent)
	}
	f := p.fill()
	s.f(`<circle cx="208" cy="272" r="88" fill="%s"/><circle cx="300" cy="236" r="112" fill="%s"/>`, f, f)
	s.f(`<circle cx="384" cy="304" r="64" fill="%s"/><rect x="112" y="288" width="336" height="80" rx="40" fill="%s"/>`, f, f)
}

func bird(s *svg, p palette, r *rand.Rand) {
	// An origami bird in flight: tail, body and raised head, a swept wing, a beak; straight folds.
	s.f(`<polygon points="%s" fill="%s"/>`, poly(40, 208, 184, 300, 112, 340), p.Deep)
	s.f(`<polygon points="%s" fill="%s"/>`, poly(112, 300, 352, 236, 440, 128, 408, 292, 248, 376), p.fill())
	s.f(`<polygon points="%s" fill="%s" opacity=".35"/>`, poly(184, 300, 352, 236, 248, 376), p.Deep)
	s.f(`<polygon points="%s" fill="%s"/>`, poly(184, 300, 120, 48, 352, 236), p.Accent)
	s.f(`<polygon points="%s" fill="%s"/>`, poly(440, 128, 500, 148, 424, 184), p.Accent)
}

func flower(s *svg, p palette, r *rand.Rand) {
	k := r.IntN(3)
	n, rx := []int{5, 6, 8}[k], []int{64, 58, 46}[k]
	for i := 0; i < n; i++ {
		fill := p.fill()
		if i%2 == 1 && n%2 == 0 {
			fill = p.Accent
		}
		s.f(`<ellipse cx="256" cy="144" rx="%d" ry="108" fill="%s" opacity=".9" transform="rotate(%.1f 256 256)"/>`,
			rx, fill, float64(i)*360/float64(n))
	}
	s.f(`<circle cx="256" cy="256" r="52" fill="%s"/><circle cx="256" cy="256" r="24" fill="%s"/>`, p.Paper, p.Deep)
}

func tree(s *svg, p palette, r *rand.Rand) {
	if r.IntN(2) == 0 {
		s.f(`<rect x="236" y="360" width="40" height="96" rx="12" fill="%s"/>`, p.Deep)
		s.f(`<polygon points="%s" fill="%s"/>`, poly(256, 56, 376, 216, 136, 216), p.fill())
		s.f(`<polygon points="%s" fill="%s"/>`, poly(256, 136, 408, 304, 104, 304), p.fill())
		s.f(`<polygon points="%s" fill="%s"/>`, poly(256, 216, 440, 384, 72, 384), p.fill())
		return
	}
	s.f(`<rect x="232" y="300" width="48" height="160" rx="14" fill="%s"/>`, p.Deep)
	s.f(`<circle cx="256" cy="216" r="160" fill="%s"/>`, p.fill())
	s.f(`<path d="M256 376 V248 M256 304 L320 240 M256 280 L200 224" fill="none" stroke="%s" stroke-width="20" stroke-linecap="round"/>`, p.Paper)
}

func fish(s *svg, p palette, r *rand.Rand) {
	s.f(`<polygon points="%s" fill="%s"/>`, poly(360, 256, 456, 176, 440, 256, 456, 336), p.Accent)
	s.f(`<path d="M56 256 Q216 88 392 256 Q216 424 56 256 Z" fill="%s"/>`, p.fill())
	s.f(`<path d="M184 180 Q216 256 184 332" fill="none" stroke="%s" stroke-width="16" stroke-linecap="round"/>`, p.Paper)
	s.f(`<circle cx="128" cy="240" r="16" fill="%s"/>`, p.Paper)
}

func paw(s *svg, p palette, r *rand.Rand) {
	f := p.fill()
	s.f(`<path d="M168 384 C168 304 216 264 256 264 C296 264 344 304 344 384 C344 432 296 432 256 412 C216 432 168 432 168 384 Z" fill="%s"/>`, f)
	s.f(`<ellipse cx="140" cy="236" rx="40" ry="52" fill="%s" transform="rotate(-20 140 236)"/>`, f)
	s.f(`<ellipse cx="212" cy="152" rx="44" ry="56" fill="%s" transform="rotate(-6 212 152)"/>`, f)
	s.f(`<ellipse cx="300" cy="152" rx="44" ry="56" fill="%s" transform="rotate(6 300 152)"/>`, f)
	s.f(`<ellipse cx="372" cy="236" rx="40" ry="52" fill="%s" transform="rotate(20 372 236)"/>`, f)
}

func sun(s *svg, p palette, r *rand.Rand) {
	if r.IntN(2) == 0 {
		for i := 0; i < 12; i++ {
			s.f(`<rect x="244" y="48" width="24" height="64" rx="12" fill="%s" transform="rotate(%d 256 256)"/>`, p.Accent, i*30)
		}
		s.f(`<circle cx="256" cy="256" r="120" fill="%s"/>`, p.fill())
		return
	}
	// Sunrise: a half sun over the horizon.
	for i := 0; i < 7; i++ {
		s.f(`<rect x="244" y="96" width="24" height="56" rx="12" fill="%s" transform="rotate(%d 256 320)"/>`, p.Accent, -90+i*30)
	}
	s.f(`<path d="M120 320 A136 136 0 0 1 392 320 Z" fill="%s"/>`, p.fill())
	s.f(`<rect x="72" y="344" width="368" height="28" rx="14" fill="%s"/><rect x="152" y="396" width="208" height="28" rx="14" fill="%s"/>`, p.Deep, p.Deep)
}

func moon(s *svg, p palette, r *rand.Rand) {
	s.f(`<defs><mask id="mm"><rect width="512" height="512" fill="#fff"/><circle cx="336" cy="196" r="156" fill="#000"/></mask></defs>`)
	s.f(`<circle cx="256" cy="268" r="192" fill="%s" mask="url(#mm)"/>`, p.fill())
	s.f(`<polygon points="%s" fill="%s"/>`, star(368, 296, 44, 14, 4, 0), p.Accent)
	if r.IntN(2) == 0 {
		s.f(`<polygon points="%s" fill="%s"/>`, star(424, 188, 24, 8, 4, 0), p.Accent)
	}
}

func drop(s *svg, p palette, r *rand.Rand) {
	s.f(`<path d="M256 48 C256 48 392 216 392 320 A136 136 0 0 1 120 320 C120 216 256 48 256 48 Z" fill="%s"/>`, p.fill())
	s.f(`<path d="M184 320 A72 72 0 0 0 256 392" fill="none" stroke="%s" stroke-width="20" stroke-linecap="round"/>`, p.Paper)
	if r.IntN(2) == 0 {
		s.f(`<circle cx="352" cy="128" r="28" fill="%s"/>`, p.Accent)
	}
}

func flame(s *svg, p palette, r *rand.Rand) {
	s.f(`<path d="M256 40 C300 136 392 192 392 312 A136 136 0 0 1 120 312 C120 240 160 200 188 148 C204 204 228 232 256 244 C264 180 240 112 256 40 Z" fill="%s"/>`, p.fill())
	s.f(`<path d="M256 268 C280 308 320 336 320 380 A64 64 0 0 1 192 380 C192 336 232 308 256 268 Z" fill="%s"/>`, p.Accent)
}
