package branding

import "encoding/base64"

// DefaultName is the name the badge shows with the service's own mark.
const DefaultName = "brandgen"

// defaultMarkSVG is the service's mark: a lowercase "b" with a spark on an indigo-violet-pink
// rounded square with a soft top sheen. 64 x 64, no text, no external references; it passes
// checkSVG.
const defaultMarkSVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64">` +
	`<defs>` +
	`<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">` +
	`<stop offset="0" stop-color="#6366F1"/><stop offset=".55" stop-color="#8B5CF6"/><stop offset="1" stop-color="#EC4899"/>` +
	`</linearGradient>` +
	`<linearGradient id="sheen" x1="0" y1="0" x2="0" y2="1">` +
	`<stop offset="0" stop-color="#fff" stop-opacity=".28"/><stop offset="1" stop-color="#fff" stop-opacity="0"/>` +
	`</linearGradient>` +
	`</defs>` +
	`<rect width="64" height="64" rx="16" fill="url(#bg)"/>` +
	`<path d="M0 16A16 16 0 0 1 16 0h32a16 16 0 0 1 16 16v6C44 30 20 30 0 22z" fill="url(#sheen)"/>` +
	`<g fill="none" stroke="#fff" stroke-width="7" stroke-linecap="round">` +
	`<path d="M22.5 14v26"/><circle cx="33" cy="39" r="10.5"/>` +
	`</g>` +
	`<circle cx="47" cy="17" r="3.5" fill="#fff" fill-opacity=".9"/>` +
	`</svg>`

// DefaultMarkSVG returns the service's own mark as an SVG document.
func DefaultMarkSVG() []byte { return []byte(defaultMarkSVG) }

// DefaultMarkURI returns the service's own mark as a data:image/svg+xml;base64 URI, the badge logo
// when no brand was ever set.
func DefaultMarkURI() string {
	return "data:image/svg+xml;base64," + base64.StdEncoding.EncodeToString([]byte(defaultMarkSVG))
}
