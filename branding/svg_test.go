package branding

import (
	"strings"
	"testing"
)

func TestCheckSVG(t *testing.T) {
	const ns = `xmlns="http://www.w3.org/2000/svg"`
	const xlink = `xmlns:xlink="http://www.w3.org/1999/xlink"`
	tests := []struct {
		name string
		svg  string
		want string // substring of the error; "" means accepted
	}{
		{"simple", goodSVG, ""},
		{"xml declaration and doctype", `<?xml version="1.0" encoding="UTF-8"?><!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd"><svg ` + ns + `/>`, ""},
		{"gradient with internal url", `<svg ` + ns + `><defs><linearGradient id="g"/></defs><rect fill="url(#g)" style="stroke: url('#g')"/></svg>`, ""},
		{"fragment href and xlink href", `<svg ` + ns + ` ` + xlink + `><use href="#a"/><use xlink:href="#b"/></svg>`, ""},
		{"embedded png", `<svg ` + ns + `><image href="data:image/png;base64,iVBORw0KGgo="/></svg>`, ""},
		{"style element with internal refs", `<svg ` + ns + `><style>.a{fill:url(#g)} .b{fill:#fff}</style></svg>`, ""},
		{"inkscape metadata", `<svg ` + ns + ` xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd" xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><sodipodi:namedview id="n"/><metadata><rdf:RDF/></metadata></svg>`, ""},
		{"default mark", defaultMarkSVG, ""},

		{"script", `<svg ` + ns + `><script>alert(1)</script></svg>`, "<script>"},
		{"upper-case script", `<svg ` + ns + `><SCRIPT>alert(1)</SCRIPT></svg>`, "<SCRIPT>"},
		{"foreignObject", `<svg ` + ns + `><foreignObject><div/></foreignObject></svg>`, "<foreignObject>"},
		{"html element", `<svg ` + ns + `><h:img xmlns:h="http://www.w3.org/1999/xhtml" src="https://evil.example/x"/></svg>`, "HTML element"},
		{"onload", `<svg ` + ns + ` onload="alert(1)"/>`, "event handler"},
		{"onclick upper", `<svg ` + ns + `><rect ONCLICK="x()"/></svg>`, "event handler"},
		{"external href", `<svg ` + ns + `><image href="https://evil.example/x.png"/></svg>`, "only #fragment"},
		{"external xlink href", `<svg ` + ns + ` ` + xlink + `><use xlink:href="https://evil.example/s.svg#a"/></svg>`, "only #fragment"},
		{"protocol-relative href", `<svg ` + ns + `><image href="//evil.example/x.png"/></svg>`, "only #fragment"},
		{"javascript href", `<svg ` + ns + `><a href="javascript:alert(1)"><rect/></a></svg>`, "only #fragment"},
		{"nested svg data uri", `<svg ` + ns + `><image href="data:image/svg+xml;base64,PHN2Zy8+"/></svg>`, "data: URI of type"},
		{"external url in fill", `<svg ` + ns + `><rect fill="url(https://evil.example/p.svg#g)"/></svg>`, "url("},
		{"external url in style attr", `<svg ` + ns + `><rect style="fill:url( 'http://evil.example/a' )"/></svg>`, "url("},
		{"external url in style element", `<svg ` + ns + `><style>rect{background:url(//evil.example/a)}</style></svg>`, "url("},
		{"style cdata import", `<svg ` + ns + `><style><![CDATA[@import "https://evil.example/a.css";]]></style></svg>`, "@import"},
		{"css escape", `<svg ` + ns + `><rect style="fill:\75rl(https://evil.example)"/></svg>`, "escapes"},
		{"image-set", `<svg ` + ns + ` style="background-image:image-set('https://evil.example/a.png' 1x)"/>`, "image-set"},
		{"animate href", `<svg ` + ns + `><a href="#x"><set attributeName="href" to="https://evil.example"/></a></svg>`, "animates"},
		{"xml-stylesheet", `<?xml-stylesheet href="https://evil.example/a.css"?><svg ` + ns + `/>`, "processing instruction"},
		{"entity declaration", `<!DOCTYPE svg [<!ENTITY x "y">]><svg ` + ns + `/>`, "entities"},
		{"missing namespace", `<svg viewBox="0 0 1 1"/>`, "xmlns"},
		{"html root", `<html><svg ` + ns + `/></html>`, "root element is <html>"},
		{"two roots", `<svg ` + ns + `/><svg ` + ns + `/>`, "more than one root"},
		{"not xml", `hello`, "no <svg>"},
		{"malformed", `<svg ` + ns + `><g></svg>`, "well-formed"},
		{"latin1 encoding", `<?xml version="1.0" encoding="ISO-8859-1"?><svg ` + ns + `/>`, "well-formed"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := checkSVG([]byte(tt.svg))
			if tt.want == "" {
				if err != nil {
					t.Fatalf("rejected: %v", err)
				}
				return
			}
			if err == nil {
				t.Fatalf("accepted, want error containing %q", tt.want)
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("error %q does not contain %q", err, tt.want)
			}
		})
	}
}
