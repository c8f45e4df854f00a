package branding

import (
	"encoding/base64"
	"strings"
	"testing"

	"github.com/brandgen/brandgen"
)

// FuzzSanitizeSVG: no input panics; an accepted SVG comes back as a fixed point of the sanitiser
// with nothing that runs or loads.
func FuzzSanitizeSVG(f *testing.F) {
	for _, s := range []string{
		defaultMarkSVG,
		`<svg ` + svgNS + `><style>@imp<!---->ort url(http://e.example/a.css);</style></svg>`,
		`<svg ` + svgNS + `><style>rect{fill:u<!---->rl(http://e.example/p)}</style></svg>`,
		`<svg ` + svgNS + `><style><g/>rect{fill:url(http://e.example/p)}</style></svg>`,
		`<svg ` + svgNS + `><style><![CDATA[@imp]]><![CDATA[ort "http://e.example/a.css";]]></style></svg>`,
		`<svg ` + svgNS + ` xmlns:xlink="http://www.w3.org/1999/xlink"><a xlink:href="javascript:alert(1)"><rect/></a><use xlink:href="#a"/></svg>`,
		`<svg ` + svgNS + `><use href="http://e.example/s.svg#a"/></svg>`,
		`<!DOCTYPE svg [<!ENTITY x SYSTEM "http://e.example/x">]><svg ` + svgNS + `>&x;</svg>`,
		`<svg ` + svgNS + `><style>.a{fill:#fff;stroke:url(#g)} .b>rect{fill:rgb(1,2,3)}</style><text>A &amp; B</text></svg>`,
		`<svg ` + svgNS + `><rect style="fill:u/**/rl(http://e.example/p);opacity:.5"/></svg>`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		out, err := sanitizeSVG(data)
		if err != nil {
			return
		}
		again, err := sanitizeSVG(out)
		if err != nil || string(again) != string(out) {
			t.Fatalf("not a fixed point (%v):\n%s\n%s", err, out, again)
		}
		lower := strings.ToLower(string(out))
		for _, bad := range []string{"<!--", "<![cdata[", "<script", "foreignobject", "javascript:", "@import", "<!doctype", "<?"} {
			if strings.Contains(lower, bad) {
				t.Fatalf("output keeps %q:\n%s", bad, out)
			}
		}
		for rest := lower; ; {
			i := strings.Index(rest, "url(")
			if i < 0 {
				break
			}
			rest = strings.TrimLeft(rest[i+4:], " \t\r\n\f'\"")
			if !strings.HasPrefix(rest, "#") && !strings.HasPrefix(rest, "data:image/") {
				t.Fatalf("output keeps a url() that is not local:\n%s", out)
			}
		}
	})
}

// FuzzValidateBrand: brand fields of any content give issues with a field and a message, never a
// panic; a logo data URI of any bytes is checked, never trusted.
func FuzzValidateBrand(f *testing.F) {
	f.Add("Acme", "@acme", "Build faster", "#0A84FF", "#f90", []byte(defaultMarkSVG), "image/svg+xml")
	f.Add("a\x00b", "\xff", "  ", "red", "#12", []byte(`<svg/>`), "image/png")
	f.Add(strings.Repeat("n", 200), "h", "t\u0085", "#abc", "", []byte("\x89PNG\r\n\x1a\n"), "image/png")
	f.Fuzz(func(t *testing.T, name, handle, tagline, primary, secondary string, logo []byte, typ string) {
		b := brandgen.Brand{Name: name, Handle: handle, Tagline: tagline,
			Colors: &brandgen.Colors{Primary: primary, Secondary: secondary}}
		if len(logo) > 0 {
			b.Logo = "data:" + typ + ";base64," + base64.StdEncoding.EncodeToString(logo)
		}
		for _, is := range Validate(b, "brand.") {
			if !strings.HasPrefix(is.Field, "brand.") || is.Message == "" {
				t.Fatalf("issue %+v", is)
			}
		}
	})
}
