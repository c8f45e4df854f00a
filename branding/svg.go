package branding

import (
	"encoding/xml"
	"strings"
)

const (
	svgNamespace   = "http://www.w3.org/2000/svg"
	xhtmlNamespace = "http://www.w3.org/1999/xhtml"
)

// forbiddenSVGElements are elements that run code, embed other documents or pull in media.
var forbiddenSVGElements = map[string]bool{
	"script":        true,
	"foreignobject": true,
	"iframe":        true,
	"embed":         true,
	"object":        true,
	"audio":         true,
	"video":         true,
	"handler":       true, // SVG Tiny 1.2 event handler
	"listener":      true,
}

// animationElements can rewrite another attribute (href among them) at run time.
var animationElements = map[string]bool{
	"set": true, "animate": true, "animatetransform": true, "animatemotion": true,
}

// checkSVG accepts an SVG document only when it is well-formed XML with an <svg> root in the SVG
// namespace and contains nothing that could run code or reach the network: no <script>,
// <foreignObject> or embedded documents, no on* event attributes, no javascript: values, no
// href/xlink:href other than "#fragment" or a raster data: URI, no url(...) other than url(#...)
// or data:, no @import or other at-rule, no external stylesheet processing instruction and no
// entity declarations. The checks run on the parsed tree (sanitizeSVG), so text split by comments
// or CDATA sections is checked as the browser would join it. What is stored and served is the
// sanitised form, rebuilt from the tree.
func checkSVG(data []byte) error {
	_, err := sanitizeSVG(data)
	return err
}

// checkSVGAttrs applies the attribute rules of checkSVG to one element.
func checkSVGAttrs(element string, attrs []xml.Attr) error {
	for _, a := range attrs {
		name := strings.ToLower(a.Name.Local)
		value := strings.TrimSpace(a.Value)
		lower := strings.ToLower(value)
		switch {
		case strings.HasPrefix(name, "on"):
			return logoErrorf("SVG has an event handler attribute %s, which is not allowed", truncate(a.Name.Local, 40))
		case name == "href":
			if err := checkSVGRef(value); err != nil {
				return err
			}
		case animationElements[element] && name == "attributename" &&
			(strings.HasSuffix(lower, "href") || strings.HasPrefix(lower, "on")):
			return logoErrorf("SVG animates %s, which is not allowed", truncate(value, 40))
		}
		if strings.Contains(stripSpace(lower), "javascript:") {
			return logoErrorf("SVG contains a javascript: URL, which is not allowed")
		}
		if name == "style" || strings.Contains(lower, "url(") || strings.Contains(lower, "@import") ||
			strings.Contains(lower, "image-set(") || strings.Contains(value, `\`) {
			if err := checkCSS(value); err != nil {
				return err
			}
		}
	}
	return nil
}

// checkSVGRef allows in-document references and inline raster images only.
func checkSVGRef(ref string) error {
	if ref == "" || strings.HasPrefix(ref, "#") {
		return nil
	}
	if len(ref) > 5 && strings.EqualFold(ref[:5], "data:") {
		mediaType, _, _ := strings.Cut(ref[5:], ",")
		mediaType, _, _ = strings.Cut(mediaType, ";")
		switch normalizeType(mediaType) {
		case typePNG, typeJPEG, typeWebP:
			return nil
		}
		if strings.EqualFold(strings.TrimSpace(mediaType), "image/gif") {
			return nil
		}
		return logoErrorf("SVG embeds a data: URI of type %q; only PNG, JPEG, GIF or WebP may be embedded",
			truncate(mediaType, 40))
	}
	return logoErrorf("SVG references %q; only #fragment and data: references are allowed (the page loads nothing from the network)",
		truncate(ref, 60))
}

// checkCSS rejects @import, image-set(), CSS escapes (which could spell url( in disguise) and any
// url(...) that is not url(#...) or a raster data: URI.
func checkCSS(css string) error {
	lower := strings.ToLower(css)
	switch {
	case strings.Contains(lower, "@import"):
		return logoErrorf("SVG style uses @import, which is not allowed")
	case strings.Contains(lower, "image-set("):
		return logoErrorf("SVG style uses image-set(), which is not allowed")
	case strings.Contains(lower, `\`):
		return logoErrorf("SVG style uses CSS escapes, which are not allowed")
	}
	for rest := lower; ; {
		i := strings.Index(rest, "url(")
		if i < 0 {
			return nil
		}
		rest = rest[i+4:]
		arg := strings.TrimLeft(rest, " \t\r\n\f'\"")
		if strings.HasPrefix(arg, "#") {
			continue
		}
		if strings.HasPrefix(arg, "data:") {
			end := strings.IndexAny(arg, ")'\"")
			if end < 0 {
				end = len(arg)
			}
			if err := checkSVGRef(arg[:end]); err != nil {
				return err
			}
			continue
		}
		end := strings.IndexAny(arg, ")'\"")
		if end < 0 {
			end = len(arg)
		}
		return logoErrorf("SVG references url(%s); only url(#...) and data: are allowed (the page loads nothing from the network)",
			truncate(arg[:end], 60))
	}
}
