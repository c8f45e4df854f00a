package templates

import (
	"regexp"
	"strings"

	"github.com/brandgen/brandgen/textlang"
)

// commaParts splits a credit or source line after each ", " (a comma and a space), the comma kept
// at the end of the part before it, so a template can set each part as one unit and the line
// breaks between parts: "App Store and Google Play, April 2026" never breaks as "App Store and
// Google / Play, April 2026" while the comma's break has room. A comma without a space after it
// ("1,204") does not split, nor does a CJK comma ("，"): CJK text breaks by its own phrases. A
// text without such a comma, or with an empty part, is one part.
func commaParts(s string) []string { return partsAfter(s, commaSeparator) }

// commaSeparator is a comma with a space after it ("1,204" and "，" are not separators).
var commaSeparator = regexp.MustCompile(`, `)

// maxGluedPart is the widest part (in columns) glueParts keeps on one line: a longer part is a
// sentence, which breaks as it likes.
const maxGluedPart = 28

// glueParts joins the words of each of s's comma parts (commaParts) of up to maxGluedPart columns
// with no-break spaces, so the line breaks only after a part's comma; the text stays one run (the
// words keep their shaping and positions wherever the line does not break). A part too wide for its
// line then overflows it, and the fit shrinks the text. Without a ", " s is returned as it is.
func glueParts(s string) string {
	parts := commaParts(s)
	if len(parts) < 2 {
		return s
	}
	for i, p := range parts {
		if textlang.Columns(p) <= maxGluedPart {
			parts[i] = strings.ReplaceAll(p, " ", "\u00a0")
		}
	}
	return strings.Join(parts, " ")
}
