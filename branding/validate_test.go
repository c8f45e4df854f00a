package branding

import (
	"bytes"
	"encoding/base64"
	"reflect"
	"strings"
	"testing"

	"github.com/brandgen/brandgen"
)

func TestValidate(t *testing.T) {
	png := pngBytes(t, 8, 8)
	jpg := jpegBytes(t, 8, 8)
	paddedPNG := append(append([]byte{}, png...), bytes.Repeat([]byte{0}, MaxLogoBytes-len(png))...)
	tooBig := append(append([]byte{}, png...), bytes.Repeat([]byte{0}, MaxLogoBytes-len(png)+1)...)

	tests := []struct {
		name  string
		brand brandgen.Brand
		want  map[string]string // field -> substring of message; empty map: valid
	}{
		{"empty brand", brandgen.Brand{}, nil},
		{"full valid brand", brandgen.Brand{
			Name: "Acme Rockets", Handle: "@acme", Tagline: "To the moon, on time.",
			Logo:   dataURI("image/png", png),
			Colors: &brandgen.Colors{Primary: "#1A2B3C", Secondary: "#abc"},
		}, nil},
		{"non-latin and emoji name at the cap", brandgen.Brand{Name: strings.Repeat("日", MaxNameLen)}, nil},
		{"name too long", brandgen.Brand{Name: strings.Repeat("a", MaxNameLen+1)}, map[string]string{"name": "at most 80"}},
		{"name blank", brandgen.Brand{Name: "   "}, map[string]string{"name": "blank"}},
		{"name with newline", brandgen.Brand{Name: "Acme\nRockets"}, map[string]string{"name": "control"}},
		{"handle too long", brandgen.Brand{Handle: "@" + strings.Repeat("h", MaxHandleLen)}, map[string]string{"handle": "at most 40"}},
		{"tagline at cap", brandgen.Brand{Tagline: strings.Repeat("t", MaxTaglineLen)}, nil},
		{"tagline too long", brandgen.Brand{Tagline: strings.Repeat("t", MaxTaglineLen+1)}, map[string]string{"tagline": "at most 140"}},
		{"colors nil pointer fields empty", brandgen.Brand{Colors: &brandgen.Colors{}}, nil},
		{"primary without hash", brandgen.Brand{Colors: &brandgen.Colors{Primary: "1A2B3C"}}, map[string]string{"colors.primary": "hex color"}},
		{"primary css name", brandgen.Brand{Colors: &brandgen.Colors{Primary: "red"}}, map[string]string{"colors.primary": "hex color"}},
		{"secondary 4 digits", brandgen.Brand{Colors: &brandgen.Colors{Secondary: "#abcd"}}, map[string]string{"colors.secondary": "hex color"}},
		{"secondary css injection", brandgen.Brand{Colors: &brandgen.Colors{Secondary: "#fff;background:url(x)"}}, map[string]string{"colors.secondary": "hex color"}},
		{"logo jpeg", brandgen.Brand{Logo: dataURI("image/jpeg", jpg)}, nil},
		{"logo jpg alias", brandgen.Brand{Logo: dataURI("image/jpg", jpg)}, nil},
		{"logo webp lossy", brandgen.Brand{Logo: dataURI("image/webp", readTestdata(t, "lossy.webp"))}, nil},
		{"logo webp lossless", brandgen.Brand{Logo: dataURI("image/webp", readTestdata(t, "lossless.webp"))}, nil},
		{"logo webp extended", brandgen.Brand{Logo: dataURI("image/webp", readTestdata(t, "extended.webp"))}, nil},
		{"logo svg", brandgen.Brand{Logo: dataURI("image/svg+xml", []byte(goodSVG))}, nil},
		{"logo svg with charset param", brandgen.Brand{Logo: "data:image/svg+xml;charset=utf-8;base64," + base64.StdEncoding.EncodeToString([]byte(goodSVG))}, nil},
		{"logo exactly 2 MB", brandgen.Brand{Logo: dataURI("image/png", paddedPNG)}, nil},
		{"logo over 2 MB", brandgen.Brand{Logo: dataURI("image/png", tooBig)}, map[string]string{"logo": "larger than 2 MB"}},
		{"logo gif", brandgen.Brand{Logo: dataURI("image/gif", []byte("GIF89a..."))}, map[string]string{"logo": "not allowed"}},
		{"logo not base64 encoded", brandgen.Brand{Logo: "data:image/svg+xml," + goodSVG}, map[string]string{"logo": "base64"}},
		{"logo bad base64", brandgen.Brand{Logo: "data:image/png;base64,!!!!"}, map[string]string{"logo": "not valid base64"}},
		{"logo empty data", brandgen.Brand{Logo: "data:image/png;base64,"}, map[string]string{"logo": "no data"}},
		{"logo png that is a jpeg", brandgen.Brand{Logo: dataURI("image/png", jpg)}, map[string]string{"logo": "bytes are a JPEG"}},
		{"logo png that is text", brandgen.Brand{Logo: dataURI("image/png", []byte("hello world"))}, map[string]string{"logo": "not a PNG"}},
		{"logo svg that is a png", brandgen.Brand{Logo: dataURI("image/svg+xml", png)}, map[string]string{"logo": "bytes are a PNG"}},
		{"logo svg with script", brandgen.Brand{Logo: dataURI("image/svg+xml", []byte(`<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`))}, map[string]string{"logo": "<script>"}},
		{"logo png too many pixels", brandgen.Brand{Logo: dataURI("image/png", pngWithHeaderSize(t, 5000, 5000))}, map[string]string{"logo": "5000x5000"}},
		{"logo png too wide", brandgen.Brand{Logo: dataURI("image/png", pngWithHeaderSize(t, 9000, 10))}, map[string]string{"logo": "9000x10"}},
		{"logo truncated png", brandgen.Brand{Logo: dataURI("image/png", png[:20])}, map[string]string{"logo": "not a readable"}},
		{"logo https url", brandgen.Brand{Logo: "https://cdn.example.com/logo.png?v=2"}, nil},
		{"logo https url with port", brandgen.Brand{Logo: "https://cdn.example.com:8443/logo.svg"}, nil},
		{"logo https ip literal", brandgen.Brand{Logo: "https://93.184.216.34/logo.png"}, nil},
		{"logo http url", brandgen.Brand{Logo: "http://cdn.example.com/logo.png"}, map[string]string{"logo": "https"}},
		{"logo ftp url", brandgen.Brand{Logo: "ftp://cdn.example.com/logo.png"}, map[string]string{"logo": "https"}},
		{"logo url with credentials", brandgen.Brand{Logo: "https://user:pass@cdn.example.com/logo.png"}, map[string]string{"logo": "credentials"}},
		{"logo url without host", brandgen.Brand{Logo: "https:///logo.png"}, map[string]string{"logo": "host"}},
		{"logo url bad host", brandgen.Brand{Logo: "https://exa_mple.com/logo.png"}, map[string]string{"logo": "host"}},
		{"logo url numeric host", brandgen.Brand{Logo: "https://2130706433/logo.png"}, map[string]string{"logo": "host"}},
		{"logo url bad port", brandgen.Brand{Logo: "https://cdn.example.com:99999/logo.png"}, map[string]string{"logo": "port"}},
		{"logo relative path", brandgen.Brand{Logo: "/logo.png"}, map[string]string{"logo": "data URI"}},
		{"logo javascript", brandgen.Brand{Logo: "javascript:alert(1)"}, map[string]string{"logo": "https"}},
		{"logo too long url", brandgen.Brand{Logo: "https://cdn.example.com/" + strings.Repeat("a", 2100)}, map[string]string{"logo": "longer"}},
		{"every field bad at once", brandgen.Brand{
			Name: strings.Repeat("n", 81), Handle: strings.Repeat("h", 41), Tagline: strings.Repeat("t", 141),
			Logo:   "http://example.com/x.png",
			Colors: &brandgen.Colors{Primary: "#12", Secondary: "blue"},
		}, map[string]string{
			"name": "at most", "handle": "at most", "tagline": "at most", "logo": "https",
			"colors.primary": "hex", "colors.secondary": "hex",
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			issues := Validate(tt.brand, "brand.")
			got := map[string]string{}
			for _, is := range issues {
				if _, dup := got[is.Field]; dup {
					t.Errorf("field %s reported twice", is.Field)
				}
				got[strings.TrimPrefix(is.Field, "brand.")] = is.Message
				if !strings.HasPrefix(is.Field, "brand.") {
					t.Errorf("field %q lacks the prefix", is.Field)
				}
			}
			if len(tt.want) == 0 {
				if len(issues) != 0 {
					t.Fatalf("want valid, got %v", issues)
				}
				return
			}
			wantFields, gotFields := keys(tt.want), keys(got)
			if !reflect.DeepEqual(wantFields, gotFields) {
				t.Fatalf("fields = %v, want %v (issues %v)", gotFields, wantFields, issues)
			}
			for f, sub := range tt.want {
				if !strings.Contains(got[f], sub) {
					t.Errorf("%s message %q does not contain %q", f, got[f], sub)
				}
			}
		})
	}
}

func TestValidatePrefix(t *testing.T) {
	issues := Validate(brandgen.Brand{Colors: &brandgen.Colors{Primary: "nope"}}, "items[2].brand.")
	if len(issues) != 1 || issues[0].Field != "items[2].brand.colors.primary" {
		t.Fatalf("issues = %v", issues)
	}
	issues = Validate(brandgen.Brand{Name: strings.Repeat("x", 100)}, "")
	if len(issues) != 1 || issues[0].Field != "name" {
		t.Fatalf("issues = %v", issues)
	}
}

func keys(m map[string]string) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && out[j] < out[j-1]; j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}

func TestParseDataURICanonical(t *testing.T) {
	png := pngBytes(t, 4, 4)
	b64 := base64.StdEncoding.EncodeToString(png)
	wrapped := b64[:10] + "\n" + b64[10:]
	tests := []struct{ name, in string }{
		{"upper-case scheme and type", "DATA:IMAGE/PNG;BASE64," + b64},
		{"line-wrapped base64", "data:image/png;base64," + wrapped},
		{"unpadded base64", "data:image/png;base64," + strings.TrimRight(b64, "=")},
	}
	want := "data:image/png;base64," + b64
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := parseDataURI(tt.in, MaxLogoBytes)
			if err != nil {
				t.Fatal(err)
			}
			if got != want {
				t.Errorf("canonical form differs:\n got %.60s\nwant %.60s", got, want)
			}
		})
	}
}

func TestWebPSize(t *testing.T) {
	tests := []struct {
		file string
		w, h int
	}{
		{"lossy.webp", 4, 3},
		{"lossless.webp", 5, 7},
		{"extended.webp", 6, 2},
	}
	for _, tt := range tests {
		w, h, err := webpSize(readTestdata(t, tt.file))
		if err != nil || w != tt.w || h != tt.h {
			t.Errorf("%s: %dx%d, %v; want %dx%d", tt.file, w, h, err, tt.w, tt.h)
		}
	}
}
