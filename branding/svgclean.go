package branding

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"regexp"
	"strings"
)

const xlinkNamespace = "http://www.w3.org/1999/xlink"

// svgElements are the SVG elements a logo keeps (lower-case local names); any other element is
// dropped with its subtree, unless it is forbidden outright (forbiddenSVGElements: an error).
var svgElements = setOf("svg", "g", "defs", "symbol", "use", "path", "rect", "circle", "ellipse", "line",
	"polyline", "polygon", "text", "tspan", "textpath", "title", "desc", "lineargradient", "radialgradient",
	"stop", "clippath", "mask", "pattern", "filter", "marker", "image", "style", "switch",
	"feblend", "fecolormatrix", "fecomponenttransfer", "fecomposite", "feconvolvematrix",
	"fediffuselighting", "fedisplacementmap", "fedistantlight", "fedropshadow", "feflood", "fefunca",
	"fefuncb", "fefuncg", "fefuncr", "fegaussianblur", "femerge", "femergenode", "femorphology",
	"feoffset", "fepointlight", "fespecularlighting", "fespotlight", "fetile", "feturbulence")

// textElements keep their character data; elsewhere it is layout whitespace and dropped.
var textElements = setOf("text", "tspan", "textpath", "title", "desc")

// svgAttributes are the attributes a logo keeps (exact names; SVG attributes are case-sensitive).
// Any other attribute, and every namespaced one but xlink:href and xml:space, is dropped.
var svgAttributes = setOf("id", "class", "style", "x", "y", "width", "height", "viewBox",
	"preserveAspectRatio", "version", "baseProfile", "d", "pathLength", "cx", "cy", "r", "rx", "ry",
	"x1", "y1", "x2", "y2", "points", "transform", "href", "offset", "gradientUnits", "gradientTransform",
	"spreadMethod", "fx", "fy", "fr", "clipPathUnits", "maskUnits", "maskContentUnits", "patternUnits",
	"patternContentUnits", "patternTransform", "filterUnits", "primitiveUnits", "in", "in2", "result",
	"stdDeviation", "dx", "dy", "mode", "operator", "k1", "k2", "k3", "k4", "values", "type", "radius",
	"tableValues", "slope", "intercept", "amplitude", "exponent", "order", "kernelMatrix", "divisor",
	"bias", "targetX", "targetY", "edgeMode", "preserveAlpha", "surfaceScale", "diffuseConstant",
	"specularConstant", "specularExponent", "kernelUnitLength", "scale", "xChannelSelector",
	"yChannelSelector", "azimuth", "elevation", "z", "pointsAtX", "pointsAtY", "pointsAtZ",
	"limitingConeAngle", "baseFrequency", "numOctaves", "seed", "stitchTiles", "markerWidth",
	"markerHeight", "refX", "refY", "orient", "markerUnits", "textLength", "lengthAdjust", "startOffset",
	"method", "spacing", "rotate", "side", "path", "requiredFeatures", "systemLanguage",
	// presentation attributes: the CSS properties below, as attributes
	"fill", "fill-opacity", "fill-rule", "stroke", "stroke-width", "stroke-linecap", "stroke-linejoin",
	"stroke-miterlimit", "stroke-dasharray", "stroke-dashoffset", "stroke-opacity", "opacity", "color",
	"display", "visibility", "overflow", "clip-path", "clip-rule", "mask", "filter", "stop-color",
	"stop-opacity", "flood-color", "flood-opacity", "lighting-color", "font-family", "font-size",
	"font-weight", "font-style", "font-variant", "font-stretch", "letter-spacing", "word-spacing",
	"text-anchor", "text-decoration", "dominant-baseline", "alignment-baseline", "baseline-shift",
	"writing-mode", "direction", "paint-order", "vector-effect", "shape-rendering", "text-rendering",
	"image-rendering", "color-interpolation", "color-interpolation-filters", "mix-blend-mode",
	"isolation", "transform-origin", "transform-box", "marker", "marker-start", "marker-mid", "marker-end",
	"enable-background", "white-space")

// cssProperties are the CSS properties kept in style attributes and <style> rules.
var cssProperties = setOf("fill", "fill-opacity", "fill-rule", "stroke", "stroke-width", "stroke-linecap",
	"stroke-linejoin", "stroke-miterlimit", "stroke-dasharray", "stroke-dashoffset", "stroke-opacity",
	"opacity", "color", "display", "visibility", "overflow", "clip-path", "clip-rule", "mask", "filter",
	"stop-color", "stop-opacity", "flood-color", "flood-opacity", "lighting-color", "font", "font-family",
	"font-size", "font-weight", "font-style", "font-variant", "font-stretch", "letter-spacing",
	"word-spacing", "text-anchor", "text-decoration", "dominant-baseline", "alignment-baseline",
	"baseline-shift", "writing-mode", "direction", "paint-order", "vector-effect", "shape-rendering",
	"text-rendering", "image-rendering", "color-interpolation", "color-interpolation-filters",
	"mix-blend-mode", "isolation", "transform", "transform-origin", "transform-box", "marker",
	"marker-start", "marker-mid", "marker-end", "enable-background", "white-space")

func setOf(names ...string) map[string]bool {
	m := make(map[string]bool, len(names))
	for _, n := range names {
		m[n] = true
	}
	return m
}

// svgNode is an element (name set) or a run of text (name empty) of a parsed SVG.
type svgNode struct {
	name     xml.Name
	attrs    []xml.Attr
	children []*svgNode
	text     string
}

// sanitizeSVG parses an SVG logo into a tree, applies the rules of checkSVG to it (an error names
// the first thing refused) and writes it back from the tree with only allowlisted elements,
// attributes and CSS: comments, processing instructions, doctypes and CDATA sections do not
// survive, so nothing split across them can be reassembled by a browser. <style> is kept only as
// rules whose selectors are plain and whose declarations are allowlisted properties; at-rules are
// refused.
func sanitizeSVG(data []byte) ([]byte, error) {
	root, err := parseSVG(data)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if err := root.write(&buf, true); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

func parseSVG(data []byte) (*svgNode, error) {
	dec := xml.NewDecoder(bytes.NewReader(data))
	dec.Strict = true
	dec.CharsetReader = func(label string, r io.Reader) (io.Reader, error) {
		if strings.EqualFold(label, "utf-8") || strings.EqualFold(label, "us-ascii") {
			return r, nil
		}
		return nil, errors.New("only UTF-8 is supported")
	}
	var (
		root  *svgNode
		stack []*svgNode
	)
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, logoErrorf("is not a well-formed SVG: %v", err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			name := strings.ToLower(t.Name.Local)
			if len(stack) == 0 {
				if root != nil {
					return nil, logoErrorf("SVG has more than one root element")
				}
				if name != "svg" {
					return nil, logoErrorf("is not an SVG: the root element is <%s>", truncate(t.Name.Local, 40))
				}
				if t.Name.Space != svgNamespace {
					return nil, logoErrorf(`SVG root must declare xmlns="%s"`, svgNamespace)
				}
			}
			if t.Name.Space == xhtmlNamespace {
				return nil, logoErrorf("SVG contains the HTML element <%s>, which is not allowed", truncate(t.Name.Local, 40))
			}
			if forbiddenSVGElements[name] {
				return nil, logoErrorf("SVG contains <%s>, which is not allowed", truncate(t.Name.Local, 40))
			}
			if err := checkSVGAttrs(name, t.Attr); err != nil {
				return nil, err
			}
			n := &svgNode{name: t.Name, attrs: t.Attr}
			if len(stack) == 0 {
				root = n
			} else {
				parent := stack[len(stack)-1]
				parent.children = append(parent.children, n)
			}
			stack = append(stack, n)
		case xml.EndElement:
			stack = stack[:len(stack)-1]
		case xml.CharData:
			if len(stack) == 0 {
				continue
			}
			parent := stack[len(stack)-1]
			// adjacent runs (split by comments or CDATA sections) become one
			if k := len(parent.children); k > 0 && parent.children[k-1].name.Local == "" {
				parent.children[k-1].text += string(t)
			} else {
				parent.children = append(parent.children, &svgNode{text: string(t)})
			}
		case xml.ProcInst:
			if !strings.EqualFold(t.Target, "xml") {
				return nil, logoErrorf("SVG contains the processing instruction <?%s?>, which is not allowed", truncate(t.Target, 40))
			}
		case xml.Directive:
			d := strings.ToUpper(string(t))
			if strings.Contains(d, "ENTITY") || strings.Contains(d, "[") {
				return nil, logoErrorf("SVG declares entities, which is not allowed")
			}
		}
	}
	if root == nil {
		return nil, logoErrorf("is not an SVG: no <svg> element")
	}
	return root, nil
}

// textContent is all the text under n, as a browser reads a <style> element.
func (n *svgNode) textContent() string {
	if n.name.Local == "" {
		return n.text
	}
	var b strings.Builder
	for _, c := range n.children {
		b.WriteString(c.textContent())
	}
	return b.String()
}

func (n *svgNode) write(buf *bytes.Buffer, root bool) error {
	local := strings.ToLower(n.name.Local)
	if n.name.Space != svgNamespace || !svgElements[local] {
		return nil // not SVG (editor metadata) or not allowlisted: dropped with its subtree
	}
	buf.WriteString("<" + n.name.Local)
	if root {
		buf.WriteString(` xmlns="` + svgNamespace + `"`)
		if n.usesXlink() {
			buf.WriteString(` xmlns:xlink="` + xlinkNamespace + `"`)
		}
	}
	for _, a := range n.attrs {
		name, ok := attrName(a.Name)
		if !ok {
			continue
		}
		value := a.Value
		if name == "style" {
			clean, err := cleanDeclarations(value)
			if err != nil {
				return err
			}
			if clean == "" {
				continue
			}
			value = clean
		}
		buf.WriteString(" " + name + `="`)
		_ = xml.EscapeText(buf, []byte(value))
		buf.WriteString(`"`)
	}
	if local == "style" {
		css, err := cleanStylesheet(n.textContent())
		if err != nil {
			return err
		}
		buf.WriteString(">")
		_ = xml.EscapeText(buf, []byte(css))
		buf.WriteString("</" + n.name.Local + ">")
		return nil
	}
	var inner bytes.Buffer
	for _, c := range n.children {
		if c.name.Local == "" {
			if textElements[local] {
				_ = xml.EscapeText(&inner, []byte(c.text))
			}
			continue
		}
		if err := c.write(&inner, false); err != nil {
			return err
		}
	}
	if inner.Len() == 0 {
		buf.WriteString("/>")
		return nil
	}
	buf.WriteString(">")
	buf.Write(inner.Bytes())
	buf.WriteString("</" + n.name.Local + ">")
	return nil
}

// usesXlink reports whether n or an element under it keeps an xlink:href.
func (n *svgNode) usesXlink() bool {
	for _, a := range n.attrs {
		if a.Name.Space == xlinkNamespace && a.Name.Local == "href" {
			return true
		}
	}
	for _, c := range n.children {
		if c.usesXlink() {
			return true
		}
	}
	return false
}

// attrName is the name an attribute is written under, and whether it is kept at all.
func attrName(n xml.Name) (string, bool) {
	switch n.Space {
	case "":
		return n.Local, svgAttributes[n.Local]
	case xlinkNamespace:
		return "xlink:href", n.Local == "href"
	case "xml", "http://www.w3.org/XML/1998/namespace":
		return "xml:space", n.Local == "space"
	}
	return "", false
}

// cleanDeclarations keeps the allowlisted declarations of a style attribute or rule body; a value
// checkCSS refuses is an error.
func cleanDeclarations(decls string) (string, error) {
	decls = stripCSSComments(decls)
	if err := checkCSS(decls); err != nil {
		return "", err
	}
	var kept []string
	for _, d := range strings.Split(decls, ";") {
		prop, value, ok := strings.Cut(d, ":")
		prop = strings.ToLower(strings.TrimSpace(prop))
		value = strings.TrimSpace(value)
		if !ok || !cssProperties[prop] || value == "" || strings.ContainsAny(value, "<>{}@") || !plainFunctions(value) {
			continue
		}
		kept = append(kept, prop+":"+value)
	}
	return strings.Join(kept, ";"), nil
}

// cssFunctions are the CSS functions a kept value may call (url only as url(#id): checkCSS).
var cssFunctions = setOf("url", "rgb", "rgba", "hsl", "hsla", "calc", "var", "matrix", "translate",
	"translatex", "translatey", "scale", "scalex", "scaley", "rotate", "skew", "skewx", "skewy",
	"blur", "drop-shadow", "brightness", "contrast", "grayscale", "opacity", "saturate", "sepia")

var cssFunction = regexp.MustCompile(`([A-Za-z_-][A-Za-z0-9_-]*)\s*\(`)

// plainFunctions reports whether every function value calls is in cssFunctions.
func plainFunctions(value string) bool {
	calls := cssFunction.FindAllStringSubmatch(value, -1)
	for _, m := range calls {
		if !cssFunctions[strings.ToLower(m[1])] {
			return false
		}
	}
	return strings.Count(value, "(") == len(calls)
}

// plainSelector matches selectors of type, class, id, attribute, pseudo-class and combinator parts.
var plainSelector = regexp.MustCompile(`^[A-Za-z0-9_\-.#*,>+~:()\[\]="' ]+$`)

// cleanStylesheet re-writes a <style> sheet from its parsed rules: comments dropped, at-rules and
// odd selectors refused, declarations through cleanDeclarations.
func cleanStylesheet(css string) (string, error) {
	css = stripCSSComments(css)
	if err := checkCSS(css); err != nil {
		return "", err
	}
	if strings.Contains(css, "@") {
		return "", logoErrorf("SVG style uses an at-rule, which is not allowed")
	}
	var rules []string
	rest := css
	for {
		open := strings.IndexByte(rest, '{')
		if open < 0 {
			if strings.TrimSpace(rest) != "" {
				return "", logoErrorf("SVG style is not a list of rules")
			}
			break
		}
		end := strings.IndexByte(rest[open:], '}')
		if end < 0 {
			return "", logoErrorf("SVG style has an unclosed rule")
		}
		sel := strings.Join(strings.Fields(rest[:open]), " ")
		body := rest[open+1 : open+end]
		rest = rest[open+end+1:]
		if strings.ContainsAny(body, "{") || !plainSelector.MatchString(sel) {
			return "", logoErrorf("SVG style has a selector or rule that is not allowed: %q", truncate(sel, 40))
		}
		decls, err := cleanDeclarations(body)
		if err != nil {
			return "", err
		}
		if decls != "" {
			rules = append(rules, sel+"{"+decls+"}")
		}
	}
	return strings.Join(rules, ""), nil
}

// stripCSSComments removes /* ... */ comments (an unclosed one runs to the end, as in CSS).
func stripCSSComments(css string) string {
	for {
		i := strings.Index(css, "/*")
		if i < 0 {
			return css
		}
		j := strings.Index(css[i+2:], "*/")
		if j < 0 {
			return css[:i]
		}
		css = css[:i] + " " + css[i+2+j+2:]
	}
}
