// Package templates builds the HTML pages brandgen renders to images: a base layout, four styles
// (glass, flat, blueprint, editorial) in light and dark, four canvas sizes, a palette derived from
// the brand's colours with WCAG contrast checks, the identity badge, and one template per pattern.
//
// A pattern is templates/patterns/<id>.tmpl defining "content" (and optionally "topleft" and
// "decor"); Set.Build executes it inside the base layout with a Data value. Content reaches the page
// only through html/template escaping; the page runs one script of ours (js/fit.js, with
// js/clauses.js before it: display text marked data-clauses breaks between clauses;
// js/cjklines.js: a CJK page's quotes and headlines get even lines; js/compounds.js: hyphenated
// compounds of short text stay on one line), which fits the
// text marked data-fit by hierarchy (one scale for the whole block, down to the size's floor
// --fs-floor, up when the pattern sets data-fit-grow, optional parts dropped and reported in
// window.__brandgenFit) and then sets <html data-ready="1"> for the renderer. Fonts load
// from the internal origin https://brandgen.internal/ (package static); nothing else is referenced
// but data: URIs.
//
// Components a pattern can use (css/base.css, refined per style):
//
//	.kicker .headline .title .lead .body .small .display .num .mono .muted .accent .rule
//	.card (a surface; text inside switches to the surface colours) .block/.block2 (solid brand fills)
//	.stack .row .grow .fixed .cols-2 .cols-3
//	data-fit="<min px>" [data-lines="<n>"] [data-fit-group="<name>"] [data-role="h|sub|body|label"]
//	[data-optional="<tier>" data-path="content.<field>"] [data-fit-below="<selector>" [data-fit-ratio="<k>"]]
//	[data-fit-first] (shrinks alone before the rest) on text;
//	data-fit-box on a container;
//	data-fit-grow="<max factor>" on the pattern's root to let sparse content grow
//	data-clauses on display text (breaks between clauses); data-widow on text whose word left alone
//	on a line is freed, measured (glued to its neighbour), data-widow="size" also by setting it a
//	little smaller (js/clauses.js widows)
//
// CSS custom properties carry the metrics (--m-x, --gap, --pad, --fs-body ... --fs-hero) and the
// palette (--text, --muted, --accent, --surface, --surface-text, --fill, --series-1 ... --series-10).
package templates
