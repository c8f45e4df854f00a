package arch

import (
	"regexp"
	"strings"
)

var (
	idAttrRe = regexp.MustCompile(`\sid="([^"]+)"`)
	idRefRe  = regexp.MustCompile(`url\(\s*['"]?#([^)'"\s]+)['"]?\s*\)|(?:xlink:)?href="#([^"]+)"`)
)

// prefixIDs prefixes every id the markup defines, and every reference to one of them (url(#x),
// href="#x", xlink:href="#x"), with prefix. References to ids it does not define are kept.
func prefixIDs(markup, prefix string) string {
	defined := map[string]bool{}
	for _, m := range idAttrRe.FindAllStringSubmatch(markup, -1) {
		defined[m[1]] = true
	}
	if len(defined) == 0 {
		return markup
	}
	markup = idAttrRe.ReplaceAllStringFunc(markup, func(s string) string {
		m := idAttrRe.FindStringSubmatch(s)
		return strings.Replace(s, `"`+m[1]+`"`, `"`+prefix+m[1]+`"`, 1)
	})
	return idRefRe.ReplaceAllStringFunc(markup, func(s string) string {
		m := idRefRe.FindStringSubmatch(s)
		id := m[1] + m[2]
		if !defined[id] {
			return s
		}
		return strings.Replace(s, "#"+id, "#"+prefix+id, 1)
	})
}
