package branding

import (
	"strings"
	"testing"
)

const svgNS = `xmlns="http://www.w3.org/2000/svg"`

// The hostile corpus of issue 12 #4 and the usual SVG XSS/SSRF forms: each must be refused.
func TestSanitizeSVGRefusesHostileCorpus(t *testing.T) {
	const xl = ` xmlns:xlink="http://www.w3.org/1999/xlink"`
	corpus := map[string]string{
		"import split by a comment":         `<svg ` + svgNS + `><style>@imp<!---->ort url(http://evil.example/a.css);</style></svg>`,
		"import split by a comment, quoted": `<svg ` + svgNS + `><style>@imp<!---->ort "http://evil.example/a.css";</style></svg>`,
		"url split by a comment":            `<svg ` + svgNS + `><style>rect{fill:u<!---->rl(http://evil.example/p)}</style></svg>`,
		"element inside style":              `<svg ` + svgNS + `><style><g/>rect{fill:url(http://evil.example/p)}</style></svg>`,
		"element splitting url in style":    `<svg ` + svgNS + `><style>rect{fill:u<g/>rl(http://evil.example/p)}</style></svg>`,
		"import split by CDATA":             `<svg ` + svgNS + `><style><![CDATA[@imp]]><![CDATA[ort "http://evil.example/a.css";]]></style></svg>`,
		"url split by CDATA":                `<svg ` + svgNS + `><style>rect{fill:u<![CDATA[rl(http://evil.example/p)]]>}</style></svg>`,
		"url in CDATA":                      `<svg ` + svgNS + `><style><![CDATA[rect{fill:url(//evil.example/p)}]]></style></svg>`,
		"font-face src":                     `<svg ` + svgNS + `><style>@font-face{font-family:x;src:url(https://evil.example/f.woff)}</style></svg>`,
		"media at-rule":                     `<svg ` + svgNS + `><style>@media screen{rect{fill:red}}</style></svg>`,
		"xlink javascript":                  `<svg ` + svgNS + xl + `><a xlink:href="javascript:alert(1)"><rect/></a></svg>`,
		"xlink javascript with entities":    `<svg ` + svgNS + xl + `><a xlink:href="jav&#x09;ascript:alert(1)"><rect/></a></svg>`,
		"use external href":                 `<svg ` + svgNS + `><use href="http://evil.example/s.svg#a"/></svg>`,
		"use external xlink href":           `<svg ` + svgNS + xl + `><use xlink:href="http://127.0.0.1:6379/#a"/></svg>`,
		"image external":                    `<svg ` + svgNS + `><image href="https://evil.example/x.png"/></svg>`,
		"feImage external":                  `<svg ` + svgNS + `><filter id="f"><feImage href="https://evil.example/x.png"/></filter></svg>`,
		"external entity":                   `<!DOCTYPE svg [<!ENTITY x SYSTEM "http://evil.example/x">]><svg ` + svgNS + `>&x;</svg>`,
		"undefined entity":                  `<svg ` + svgNS + `><text>&x;</text></svg>`,
		"billion laughs":                    `<!DOCTYPE svg [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;">]><svg ` + svgNS + `>&b;</svg>`,
		"script":                            `<svg ` + svgNS + `><script>alert(1)</script></svg>`,
		"script in another namespace":       `<svg ` + svgNS + `><s:script xmlns:s="http://www.w3.org/2000/svg">alert(1)</s:script></svg>`,
		"foreignObject":                     `<svg ` + svgNS + `><foreignObject><iframe src="https://evil.example"/></foreignObject></svg>`,
		"event attribute":                   `<svg ` + svgNS + `><rect onmouseover="alert(1)"/></svg>`,
		"namespaced event attribute":        `<svg ` + svgNS + ` xmlns:e="urn:x"><rect e:onload="alert(1)"/></svg>`,
		"set href":                          `<svg ` + svgNS + `><a href="#x"><set attributeName="href" to="javascript:alert(1)"/></a></svg>`,
		"css escape spelling url":           `<svg ` + svgNS + `><rect style="fill:\75 rl(https://evil.example)"/></svg>`,
		"style attribute url":               `<svg ` + svgNS + `><rect style="fill:url(https://evil.example/p)"/></svg>`,
		"presentation attribute url":        `<svg ` + svgNS + `><rect fill="url('https://evil.example/p')"/></svg>`,
		"image-set":                         `<svg ` + svgNS + `><rect style="fill:image-set('https://evil.example/a.png' 1x)"/></svg>`,
		"stylesheet PI":                     `<?xml-stylesheet href="https://evil.example/a.css"?><svg ` + svgNS + `/>`,
		"nested svg data URI":               `<svg ` + svgNS + `><image href="data:image/svg+xml;base64,PHN2Zy8+"/></svg>`,
	}
	for name, svg := range corpus {
		t.Run(name, func(t *testing.T) {
			if out, err := sanitizeSVG([]byte(svg)); err == nil {
				if strings.Contains(strings.ToLower(string(out)), "evil") || strings.Contains(string(out), "alert") {
					t.Fatalf("accepted and kept the payload: %s", out)
				}
			}
			if err := checkSVG([]byte(svg)); err == nil {
				t.Fatal("accepted")
			}
		})
	}
}

// Accepted logos come back rebuilt: no comments, CDATA, unknown elements or attributes, no
// disallowed CSS; the output is a fixed point of the sanitiser.
func TestSanitizeSVGRebuilds(t *testing.T) {
	cases := []struct {
		name, in string
		want     []string // substrings of the output
		absent   []string
	}{
		{"comments and metadata dropped",
			`<?xml version="1.0"?><!-- made by hand --><svg ` + svgNS + ` xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd" viewBox="0 0 10 10"><sodipodi:namedview id="n"/><metadata>x</metadata><!-- c --><rect width="10" height="10" fill="#f00"/></svg>`,
			[]string{`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="#f00"/></svg>`}, []string{"<!--", "sodipodi", "metadata", "<?xml"}},
		{"unknown elements and attributes dropped",
			`<svg ` + svgNS + `><blink><rect/></blink><rect data-x="1" fill="red" xml:base="http://e.example/"/></svg>`,
			[]string{`<rect fill="red"/>`}, []string{"blink", "data-x", "xml:base", "e.example"}},
		{"style rules cleaned",
			`<svg ` + svgNS + `><style><![CDATA[ /* brand */ .a { fill: #fff; behavior: url(#x); background: image("http://e.example/i") } .b>rect{stroke:url(#g)} ]]></style><rect class="a"/></svg>`,
			[]string{`<style>.a{fill:#fff}.b&gt;rect{stroke:url(#g)}</style>`}, []string{"CDATA", "brand", "behavior", "e.example"}},
		{"style attribute cleaned",
			`<svg ` + svgNS + `><rect style="fill:red; position:fixed; stroke:rgb(1,2,3); fill-opacity:cross-fade(a,b)"/></svg>`,
			[]string{`style="fill:red;stroke:rgb(1,2,3)"`}, []string{"position", "cross-fade"}},
		{"comment-split url in a style attribute is no url",
			`<svg ` + svgNS + `><rect style="fill:u/**/rl(http://e.example/p)"/></svg>`,
			nil, []string{"url(http"}},
		{"text kept and escaped",
			`<svg ` + svgNS + `><text x="1">A &amp; B &lt;c&gt;</text></svg>`,
			[]string{`<text x="1">A &amp; B &lt;c&gt;</text>`}, nil},
		{"xlink kept for local refs",
			`<svg ` + svgNS + ` xmlns:xlink="http://www.w3.org/1999/xlink"><defs><path id="p" d="M0 0h1"/></defs><use xlink:href="#p"/></svg>`,
			[]string{`xmlns:xlink="http://www.w3.org/1999/xlink"`, `<use xlink:href="#p"/>`}, nil},
		{"gradients keep their case",
			`<svg ` + svgNS + `><defs><linearGradient id="g" gradientUnits="userSpaceOnUse"><stop offset="0" stop-color="#000"/></linearGradient></defs><rect fill="url(#g)"/></svg>`,
			[]string{`<linearGradient id="g" gradientUnits="userSpaceOnUse">`, `fill="url(#g)"`}, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			out, err := sanitizeSVG([]byte(tc.in))
			if err != nil {
				t.Fatalf("refused: %v", err)
			}
			for _, w := range tc.want {
				if !strings.Contains(string(out), w) {
					t.Errorf("output lacks %q:\n%s", w, out)
				}
			}
			for _, a := range tc.absent {
				if strings.Contains(string(out), a) {
					t.Errorf("output keeps %q:\n%s", a, out)
				}
			}
			again, err := sanitizeSVG(out)
			if err != nil || string(again) != string(out) {
				t.Fatalf("not a fixed point (%v):\n%s\n%s", err, out, again)
			}
		})
	}
	if out, err := sanitizeSVG([]byte(defaultMarkSVG)); err != nil || string(out) != defaultMarkSVG {
		t.Fatalf("the default mark changes under the sanitiser (%v):\n%s", err, out)
	}
}
