package branding

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
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
// or data:, no @import, no external stylesheet processing instruction and no entity declarations.
// It rejects rather than rewrites: a logo that needs cleaning is reported to its owner.
func checkSVG(data []byte) error {
	dec := xml.NewDecoder(bytes.NewReader(data))
	dec.Strict = true
	dec.CharsetReader = func(label string, r io.Reader) (io.Reader, error) {
		if strings.EqualFold(label, "utf-8") || strings.EqualFold(label, "us-ascii") {
			return r, nil
		}
		return nil, errors.New("only UTF-8 is supported")
	}
	depth, roots := 0, 0
	var inStyle bool
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return logoErrorf("is not a well-formed SVG: %v", err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			name := strings.ToLower(t.Name.Local)
			if depth == 0 {
				roots++
				if roots > 1 {
					return logoErrorf("SVG has more than one root element")
				}
				if name != "svg" {
					return logoErrorf("is not an SVG: the root element is <%s>", truncate(t.Name.Local, 40))
				}
				if t.Name.Space != svgNamespace {
					return logoErrorf(`SVG root must declare xmlns="%s"`, svgNamespace)
				}
			}
			depth++
			if t.Name.Space == xhtmlNamespace {
				return logoErrorf("SVG contains the HTML element <%s>, which is not allowed", truncate(t.Name.Local, 40))
			}
			if forbiddenSVGElements[name] {
				return logoErrorf("SVG contains <%s>, which is not allowed", t.Name.Local)
			}
			if err := checkSVGAttrs(name, t.Attr); err != nil {
				return err
			}
			inStyle = name == "style"
		case xml.EndElement:
			depth--
			inStyle = false
		case xml.CharData:
			if inStyle {
				if err := checkCSS(string(t)); err != nil {
					return err
				}
			}
		case xml.ProcInst:
			if !strings.EqualFold(t.Target, "xml") {
				return logoErrorf("SVG contains the processing instruction <?%s?>, which is not allowed",
					truncate(t.Target, 40))
			}
		case xml.Directive:
			d := strings.ToUpper(string(t))
			if strings.Contains(d, "ENTITY") || strings.Contains(d, "[") {
				return logoErrorf("SVG declares entities, which is not allowed")
			}
		}
	}
	if roots == 0 {
		return logoErrorf("is not an SVG: no <svg> element")
	}
	return nil
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
