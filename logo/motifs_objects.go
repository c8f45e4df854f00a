package logo

import (
	"math/rand/v2"
)

// Object and symbol motifs.

func shield(s *svg, p palette, r *rand.Rand) {
	const d = "M256 56 L424 120 V248 C424 352 352 424 256 464 C160 424 88 352 88 248 V120 Z"
	s.f(`<path d="%s" fill="%s"/>`, d, p.fill())
	s.f(`<path d="M256 56 L424 120 V248 C424 352 352 424 256 464 Z" fill="%s" opacity=".28"/>`, p.Deep)
	if r.IntN(2) == 0 {
		s.f(`<path d="M184 256 L236 308 L336 200" fill="none" stroke="%s" stroke-width="36" stroke-linecap="round" stroke-linejoin="round"/>`, p.Paper)
		return
	}
	s.f(`<polygon points="%s" fill="%s"/>`, star(256, 252, 104, 34, 4, 0), p.Paper)
}

func bolt(s *svg, p palette, r *rand.Rand) {
	if r.IntN(2) == 0 {
		s.f(`<circle cx="256" cy="256" r="216" fill="none" stroke="%s" stroke-width="28"/>`, p.Accent)
	}
	s.f(`<polygon points="%s" fill="%s"/>`, poly(280, 40, 112, 288, 236, 288, 196, 472, 400, 212, 276, 212, 344, 40), p.fill())
	s.f(`<polygon points="%s" fill="%s" opacity=".3"/>`, poly(236, 288, 196, 472, 400, 212, 276, 212), p.Deep)
}

func starMark(s *svg, p palette, r *rand.Rand) {
	switch r.IntN(3) {
	case 0:
		s.f(`<polygon points="%s" fill="%s" stroke="%s" stroke-width="24" stroke-linejoin="round"/>`, star(256, 272, 216, 92, 5, 0), p.fill(), p.fill())
		s.f(`<polygon points="%s" fill="%s" opacity=".28"/>`, poly(256, 56, 256, 272, 461, 205), p.Deep)
	case 1:
		s.f(`<path d="M256 40 Q276 236 472 256 Q276 276 256 472 Q236 276 40 256 Q236 236 256 40 Z" fill="%s"/>`, p.fill())
		s.f(`<path d="M400 72 Q406 130 464 136 Q406 142 400 200 Q394 142 336 136 Q394 130 400 72 Z" fill="%s"/>`, p.Accent)
	default:
		for i := 0; i < 8; i++ {
			fill := p.fill()
			if i%2 == 1 {
				fill = p.Accent
			}
			s.f(`<polygon points="%s" fill="%s" transform="rotate(%d 256 256)"/>`, poly(256, 256, 256, 56, 300, 212), fill, i*45)
		}
	}
}

func rocket(s *svg, p palette, r *rand.Rand) {
	tilt := 0
	if r.IntN(2) == 0 {
		tilt = 45
	}
	s.f(`<g transform="rotate(%d 256 256)">`, tilt)
	s.f(`<path d="M224 372 H288 C288 416 272 448 256 480 C240 448 224 416 224 372 Z" fill="%s"/>`, p.Accent)
	s.f(`<polygon points="%s" fill="%s"/><polygon points="%s" fill="%s"/>`, poly(188, 272, 116, 384, 196, 360), p.Accent, poly(324, 272, 396, 384, 316, 360), p.Accent)
	s.f(`<path d="M256 40 C340 104 356 224 332 368 H180 C156 224 172 104 256 40 Z" fill="%s"/>`, p.fill())
	s.f(`<circle cx="256" cy="196" r="44" fill="%s"/><circle cx="256" cy="196" r="24" fill="%s"/>`, p.Paper, p.Deep)
	s.f(`</g>`)
}

func eye(s *svg, p palette, r *rand.Rand) {
	s.f(`<path d="M40 256 Q256 40 472 256 Q256 472 40 256 Z" fill="%s"/>`, p.fill())
	s.f(`<circle cx="256" cy="256" r="96" fill="%s"/><circle cx="256" cy="256" r="56" fill="%s"/>`, p.Paper, p.Deep)
	s.f(`<circle cx="284" cy="226" r="18" fill="%s"/>`, p.Paper)
	if r.IntN(2) == 0 {
		s.f(`<circle cx="256" cy="256" r="96" fill="none" stroke="%s" stroke-width="14"/>`, p.Accent)
	}
}

func heart(s *svg, p palette, r *rand.Rand) {
	s.f(`<path d="M256 440 L96 280 A113 113 0 1 1 256 120 A113 113 0 1 1 416 280 Z" fill="%s"/>`, p.fill())
	if r.IntN(2) == 0 {
		s.f(`<path d="M120 272 H200 L232 208 L272 336 L304 272 H392" fill="none" stroke="%s" stroke-width="24" stroke-linecap="round" stroke-linejoin="round"/>`, p.Paper)
		return
	}
	s.f(`<path d="M136 200 A64 64 0 0 1 192 148" fill="none" stroke="%s" stroke-width="20" stroke-linecap="round"/>`, p.Paper)
}

func key(s *svg, p palette, r *rand.Rand) {
	s.f(`<g transform="rotate(-45 256 256)">`)
	s.f(`<path d="M56 256 A96 96 0 1 0 248 256 A96 96 0 1 0 56 256 Z M112 256 A40 40 0 1 1 192 256 A40 40 0 1 1 112 256 Z" fill="%s" fill-rule="evenodd"/>`, p.fill())
	s.f(`<rect x="232" y="232" width="232" height="48" rx="14" fill="%s"/>`, p.fill())
	s.f(`<rect x="384" y="268" width="32" height="60" rx="8" fill="%s"/><rect x="432" y="268" width="32" height="44" rx="8" fill="%s"/>`, p.Accent, p.Accent)
	s.f(`</g>`)
}

func crown(s *svg, p palette, r *rand.Rand) {
	s.f(`<polygon points="%s" fill="%s" stroke="%s" stroke-width="16" stroke-linejoin="round"/>`,
		poly(104, 360, 72, 168, 184, 256, 256, 120, 328, 256, 440, 168, 408, 360), p.fill(), p.fill())
	s.f(`<rect x="96" y="384" width="320" height="48" rx="16" fill="%s"/>`, p.Deep)
	for _, c := range [][2]int{{72, 152}, {256, 104}, {440, 152}} {
		s.f(`<circle cx="%d" cy="%d" r="28" fill="%s"/>`, c[0], c[1], p.Accent)
	}
}

func gem(s *svg, p palette, r *rand.Rand) {
	s.f(`<polygon points="%s" fill="%s"/>`, poly(96, 184, 160, 104, 352, 104, 416, 184, 256, 432), p.fill())
	s.f(`<polygon points="%s" fill="%s"/>`, poly(96, 184, 160, 104, 208, 184), p.Soft)
	s.f(`<polygon points="%s" fill="%s"/>`, poly(304, 184, 352, 104, 416, 184), p.Soft)
	s.f(`<polygon points="%s" fill="%s" opacity=".5"/>`, poly(96, 184, 208, 184, 256, 432), p.Deep)
	s.f(`<polygon points="%s" fill="%s" opacity=".85"/>`, poly(304, 184, 416, 184, 256, 432), p.Accent)
}

func atom(s *svg, p palette, r *rand.Rand) {
	for i, a := range []int{0, 60, 120} {
		stroke := p.fill()
		if i == 1 {
			stroke = p.Accent
		}
		s.f(`<ellipse cx="256" cy="256" rx="208" ry="80" fill="none" stroke="%s" stroke-width="26" transform="rotate(%d 256 256)"/>`, stroke, a)
	}
	s.f(`<circle cx="256" cy="256" r="44" fill="%s"/>`, p.Deep)
}

func cube(s *svg, p palette, r *rand.Rand) {
	s.f(`<polygon points="%s" fill="%s"/>`, poly(256, 56, 440, 160, 256, 264, 72, 160), p.Soft)
	s.f(`<polygon points="%s" fill="%s"/>`, poly(72, 160, 256, 264, 256, 464, 72, 360), p.fill())
	s.f(`<polygon points="%s" fill="%s"/>`, poly(440, 160, 256, 264, 256, 464, 440, 360), p.Deep)
	if r.IntN(2) == 0 {
		s.f(`<polygon points="%s" fill="%s"/>`, poly(256, 120, 328, 160, 256, 200, 184, 160), p.Accent)
	}
}

func bubble(s *svg, p palette, r *rand.Rand) {
	if r.IntN(2) == 0 {
		s.f(`<path d="M232 128 H400 A72 72 0 0 1 472 200 V272 A72 72 0 0 1 400 344 H392 L408 400 L344 344 H232 A72 72 0 0 1 160 272 V200 A72 72 0 0 1 232 128 Z" fill="%s"/>`, p.Accent)
	}
	s.f(`<path d="M112 96 H320 A80 80 0 0 1 400 176 V280 A80 80 0 0 1 320 360 H208 L120 432 L136 360 H112 A80 80 0 0 1 32 280 V176 A80 80 0 0 1 112 96 Z" fill="%s"/>`, p.fill())
	for _, x := range []int{136, 216, 296} {
		s.f(`<circle cx="%d" cy="228" r="24" fill="%s"/>`, x, p.Paper)
	}
}

func lock(s *svg, p palette, r *rand.Rand) {
	s.f(`<path d="M168 248 V176 A88 88 0 0 1 344 176 V248" fill="none" stroke="%s" stroke-width="44"/>`, p.Deep)
	s.f(`<rect x="104" y="224" width="304" height="232" rx="56" fill="%s"/>`, p.fill())
	s.f(`<circle cx="256" cy="320" r="32" fill="%s"/><rect x="240" y="320" width="32" height="72" rx="12" fill="%s"/>`, p.Paper, p.Paper)
}

func growth(s *svg, p palette, r *rand.Rand) {
	s.f(`<rect x="72" y="312" width="88" height="144" rx="24" fill="%s"/>`, p.Soft)
	s.f(`<rect x="212" y="224" width="88" height="232" rx="24" fill="%s"/>`, p.fill())
	s.f(`<rect x="352" y="128" width="88" height="328" rx="24" fill="%s"/>`, p.fill())
	s.f(`<circle cx="396" cy="64" r="36" fill="%s"/>`, p.Accent)
}

func globe(s *svg, p palette, r *rand.Rand) {
	s.f(`<circle cx="256" cy="256" r="208" fill="%s"/>`, p.fill())
	s.f(`<g fill="none" stroke="%s" stroke-width="16">`, p.Paper)
	s.f(`<ellipse cx="256" cy="256" rx="88" ry="208"/><path d="M48 256 H464 M80 160 H432 M80 352 H432"/>`)
	s.f(`</g>`)
	if r.IntN(2) == 0 {
		s.f(`<circle cx="256" cy="256" r="208" fill="none" stroke="%s" stroke-width="16"/>`, p.Accent)
	}
}

func compass(s *svg, p palette, r *rand.Rand) {
	s.f(`<circle cx="256" cy="256" r="200" fill="none" stroke="%s" stroke-width="24"/>`, p.Soft)
	s.f(`<polygon points="%s" fill="%s"/>`, poly(256, 48, 296, 256, 256, 464, 216, 256), p.fill())
	s.f(`<polygon points="%s" fill="%s"/>`, poly(256, 48, 296, 256, 216, 256), p.Deep)
	s.f(`<polygon points="%s" fill="%s"/>`, poly(88, 256, 256, 224, 424, 256, 256, 288), p.Accent)
	s.f(`<circle cx="256" cy="256" r="20" fill="%s"/>`, p.Paper)
}
