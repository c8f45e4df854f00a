// Package static holds the files brandgen serves to headless Chromium from memory: the fonts every
// page uses (OFL/Apache licensed, copied from Debian's font packages, converted to WOFF2) with their
// licence files, and css/fonts.css with the @font-face rules that point at them.
//
// The renderer serves FS at the internal origin https://brandgen.internal/, so fonts/Inter-Regular.woff2
// is https://brandgen.internal/fonts/Inter-Regular.woff2. Scripts the shipped fonts do not cover
// (CJK, Arabic, Hebrew, Devanagari, Thai, ...) fall back to system fonts installed by apt
// (fonts-noto-core, fonts-noto-cjk); see fonts/README.md.
package static

import (
	"embed"
	"io/fs"
)

//go:embed fonts css vendor
var files embed.FS

// FS is the read-only tree served at Origin: fonts/*.woff2, fonts/LICENSE-*.txt, css/fonts.css,
// vendor/mermaid.min.js (the pinned npm mermaid, with vendor/LICENSE-mermaid.txt; refreshed by
// scripts/vendor-mermaid.sh).
var FS fs.FS = files

// Origin is the internal origin the renderer serves FS at; pages reference fonts below it.
const Origin = "https://brandgen.internal/"

// FontsCSS returns css/fonts.css: the @font-face rules for every shipped face.
func FontsCSS() string {
	b, err := files.ReadFile("css/fonts.css")
	if err != nil { // embedded at build time; cannot happen
		panic("static: css/fonts.css missing: " + err.Error())
	}
	return string(b)
}
