package arch

import (
	"bytes"
	"context"
	"encoding/base64"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/renderer"
	"github.com/tdewolff/font"
)

func exportSample(t *testing.T, name string, o Options) []byte {
	t.Helper()
	for _, s := range Samples() {
		if s.Name == name {
			if o.Title == "" {
				o.Title = s.Title
			}
			d, err := Draw(s.Graph, o)
			if err != nil {
				t.Fatal(err)
			}
			b, err := Export(d)
			if err != nil {
				t.Fatal(err)
			}
			return b
		}
	}
	t.Fatalf("no sample %s", name)
	return nil
}

var (
	fontFaceRe = regexp.MustCompile(`@font-face\{font-family:'([^']+)';src:url\(data:font/woff2;base64,([A-Za-z0-9+/=]+)\) format\('woff2'\);font-weight:(\d+);font-style:(\w+)\}`)
	idDefRe    = regexp.MustCompile(`\sid="([^"]+)"`)
	refRe      = regexp.MustCompile(`url\(#([^)]+)\)|href="#([^"]+)"`)
)

func TestExportSelfContained(t *testing.T) {
	badge := brandgen.Badge{Show: true, Name: "Northwind", LogoURI: "data:image/svg+xml;base64," + base64.StdEncoding.EncodeToString([]byte(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 10"><rect width="20" height="10" fill="#f00"/></svg>`))}
	for _, style := range brandgen.Styles {
		t.Run(string(style), func(t *testing.T) {
			svg := string(exportSample(t, "groups", Options{Look: brandgen.Look{Style: style, Theme: brandgen.ThemeDark}, Badge: badge}))
			faces := fontFaceRe.FindAllStringSubmatch(svg, -1)
			if len(faces) == 0 || len(faces) > 6 {
				t.Fatalf("%d @font-face rules", len(faces))
			}
			prefix := ""
			for _, f := range faces {
				fam := f[1]
				prefix = strings.Fields(fam)[0]
				if !strings.HasPrefix(prefix, "bgx") {
					t.Errorf("family %q not namespaced", fam)
				}
				data, _ := base64.StdEncoding.DecodeString(f[2])
				sf, err := font.ParseSFNT(data, 0)
				if err != nil {
					t.Fatalf("embedded %s %s: %v", fam, f[3], err)
				}
				if sf.NumGlyphs() > 80 {
					t.Errorf("%s %s: %d glyphs, not subset", fam, f[3], sf.NumGlyphs())
				}
				if len(data) > 30000 {
					t.Errorf("%s %s: %d bytes", fam, f[3], len(data))
				}
			}
			// The embedded families are the ones the text names; no 'BG ' family is left.
			if strings.Contains(svg, "&#39;BG ") || strings.Contains(svg, "'BG ") {
				t.Error("an unprefixed shipped family is left")
			}
			// Every id is namespaced and every reference points at one of them.
			ids := map[string]bool{}
			for _, m := range idDefRe.FindAllStringSubmatch(svg, -1) {
				if !strings.HasPrefix(m[1], prefix+"-") {
					t.Errorf("id %q not namespaced with %s", m[1], prefix)
				}
				if ids[m[1]] {
					t.Errorf("duplicate id %q", m[1])
				}
				ids[m[1]] = true
			}
			for _, m := range refRe.FindAllStringSubmatch(svg, -1) {
				if id := m[1] + m[2]; !ids[id] {
					t.Errorf("reference to undefined id %q", id)
				}
			}
			for _, bad := range []string{"http://brandgen", "https://", "<script", "url(http"} {
				if strings.Contains(svg, bad) {
					t.Errorf("export refers outside: %q", bad)
				}
			}
			if !strings.Contains(svg, "<text") || !strings.Contains(svg, ">Load balancer<") {
				t.Error("text is not real <text>")
			}
			if !strings.Contains(svg, "<symbol") || !strings.Contains(svg, "data:image/svg+xml;base64,") {
				t.Error("icons or logo not inline")
			}
		})
	}
}

func TestExportDropsExternalImages(t *testing.T) {
	d := Drawing{SVG: `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><image href="https://example.com/x.png" width="5" height="5"/><image href="data:image/png;base64,AAAA" width="5" height="5"/></svg>`, Width: 10, Height: 10}
	b, err := Export(d)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(b), "example.com") || !strings.Contains(string(b), "data:image/png") {
		t.Errorf("external image kept or data image dropped: %s", b)
	}
}

// TestExportRsvg renders the exported SVG with librsvg and checks it is a real picture.
func TestExportRsvg(t *testing.T) {
	if _, err := exec.LookPath("rsvg-convert"); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("rsvg-convert is required on CI (librsvg2-bin)")
		}
		t.Skip("rsvg-convert not installed")
	}
	for _, c := range []struct {
		sample string
		o      Options
	}{
		{"groups", Options{Look: brandgen.Look{Style: brandgen.StyleGlass, Theme: brandgen.ThemeLight}}},
		{"dense", Options{Look: brandgen.Look{Style: brandgen.StyleBlueprint, Theme: brandgen.ThemeDark}, NodeStyle: NodeFreeform}},
		{"cjk", Options{Look: brandgen.Look{Style: brandgen.StyleEditorial, Theme: brandgen.ThemeLight}}},
	} {
		t.Run(c.sample, func(t *testing.T) {
			svg := exportSample(t, c.sample, c.o)
			path := filepath.Join(t.TempDir(), "x.svg")
			if err := os.WriteFile(path, svg, 0o644); err != nil {
				t.Fatal(err)
			}
			out, err := exec.Command("rsvg-convert", "--width", "540", path).Output()
			if err != nil {
				t.Fatalf("rsvg-convert: %v", err)
			}
			img, err := png.Decode(bytes.NewReader(out))
			if err != nil {
				t.Fatal(err)
			}
			checkPicture(t, img, img.Bounds())
		})
	}
}

// checkPicture fails unless the region is a real picture: most pixels not the background (the
// corner's colour) would be wrong for a diagram, but at least 2% differ, in several colours.
func checkPicture(t *testing.T, img image.Image, r image.Rectangle) {
	t.Helper()
	bg := img.At(r.Min.X+2, r.Min.Y+2)
	colors := map[[3]uint32]bool{}
	differ, total := 0, 0
	for y := r.Min.Y; y < r.Max.Y; y += 2 {
		for x := r.Min.X; x < r.Max.X; x += 2 {
			c := img.At(x, y)
			total++
			if far(c, bg, 40) {
				differ++
			}
			r8, g8, b8, _ := c.RGBA()
			colors[[3]uint32{r8 >> 12, g8 >> 12, b8 >> 12}] = true
		}
	}
	if differ*50 < total {
		t.Errorf("blank: %d of %d pixels differ from the background", differ, total)
	}
	if len(colors) < 8 {
		t.Errorf("only %d colours", len(colors))
	}
}

func far(a, b color.Color, tol uint32) bool {
	ar, ag, ab, _ := a.RGBA()
	br, bg, bb, _ := b.RGBA()
	d := func(x, y uint32) uint32 {
		if x > y {
			return (x - y) >> 8
		}
		return (y - x) >> 8
	}
	return d(ar, br) > tol || d(ag, bg) > tol || d(ab, bb) > tol
}

// TestTwoExportsInOnePage inlines two different exports into one HTML page in Chromium: both
// draw, and the page has no duplicate id (a script paints a green square when it has none).
func TestTwoExportsInOnePage(t *testing.T) {
	p := needPool(t)
	a := exportSample(t, "groups", Options{Look: brandgen.Look{Size: brandgen.SizePortrait, Style: brandgen.StyleGlass}})
	b := exportSample(t, "small", Options{Look: brandgen.Look{Size: brandgen.SizePortrait, Style: brandgen.StyleFlat, Theme: brandgen.ThemeDark}})
	strip := func(s []byte) string {
		return strings.TrimPrefix(string(s), `<?xml version="1.0" encoding="UTF-8"?>`+"\n")
	}
	html := fmt.Sprintf(`<!doctype html><html><head><meta charset="utf-8"><style>
html,body{margin:0;width:1080px;height:675px;overflow:hidden;background:#fff}
.half{position:absolute;top:0;width:540px;height:675px}.half svg{width:540px;height:675px}
#ok{position:absolute;left:0;top:0;width:12px;height:12px;background:#f00}</style></head><body>
<div class="half" style="left:0">%s</div><div class="half" style="left:540px">%s</div><div id="ok"></div>
<script>const seen=new Set();let dup=0;for(const e of document.querySelectorAll('[id]')){if(seen.has(e.id))dup++;seen.add(e.id)}
const n=document.querySelectorAll('svg [data-node]').length;
if(dup===0&&n===12)document.getElementById('ok').style.background='#0f0';</script></body></html>`, strip(a), strip(b))
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	out, err := p.Render(ctx, renderer.Page{HTML: html, Width: 1080, Height: 675})
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(out))
	if err != nil {
		t.Fatal(err)
	}
	if r, g, _, _ := img.At(5, 5).RGBA(); r>>8 > 40 || g>>8 < 200 {
		t.Errorf("duplicate ids in the page or nodes missing (marker %v)", img.At(5, 5))
	}
	checkPicture(t, img, image.Rect(20, 20, 540, 675))
	checkPicture(t, img, image.Rect(560, 20, 1080, 675))
}

// TestExportLooksLikeThePNG renders the export alone in Chromium (its embedded subset fonts
// only: the page loads none) and the drawing in its own page (the shipped fonts): the two
// pictures match, so the subset fonts load and carry every glyph drawn.
func TestExportLooksLikeThePNG(t *testing.T) {
	p := needPool(t)
	for _, style := range []brandgen.Style{brandgen.StyleGlass, brandgen.StyleEditorial, brandgen.StyleBlueprint} {
		smp := Samples()[1]
		d, err := Draw(smp.Graph, Options{Look: brandgen.Look{Size: brandgen.SizePortrait, Style: style}, Title: smp.Title})
		if err != nil {
			t.Fatal(err)
		}
		exp, err := Export(d)
		if err != nil {
			t.Fatal(err)
		}
		// Subsetting keeps no GPOS (tdewolff/font cannot subset it), so the export sets text without
		// kerning: both sides are compared with kerning off.
		noKern := `<style>svg{font-kerning:none}</style>`
		ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
		ref, err := p.Render(ctx, renderer.Page{HTML: strings.Replace(Page(d), "</head>", noKern+"</head>", 1), Width: 1080, Height: 1350})
		cancel()
		if err != nil {
			t.Fatal(err)
		}
		want, err := png.Decode(bytes.NewReader(ref))
		if err != nil {
			t.Fatal(err)
		}
		html := `<!doctype html><html lang="en"><head><meta charset="utf-8"><style>html,body{margin:0;width:1080px;height:1350px;overflow:hidden}svg{display:block}</style>` + noKern + `</head><body>` +
			strings.TrimPrefix(string(exp), `<?xml version="1.0" encoding="UTF-8"?>`+"\n") + `</body></html>`
		ctx, cancel = context.WithTimeout(context.Background(), 60*time.Second)
		out, err := p.Render(ctx, renderer.Page{HTML: html, Width: 1080, Height: 1350})
		cancel()
		if err != nil {
			t.Fatal(err)
		}
		got, err := png.Decode(bytes.NewReader(out))
		if err != nil {
			t.Fatal(err)
		}
		differ, total := 0, 0
		diff := image.NewRGBA(image.Rect(0, 0, 1080, 1350))
		for y := 0; y < 1350; y += 2 {
			for x := 0; x < 1080; x += 2 {
				total++
				if far(got.At(x, y), want.At(x, y), 48) {
					differ++
					diff.Set(x, y, color.RGBA{255, 0, 0, 255})
				} else {
					diff.Set(x, y, want.At(x, y))
				}
			}
		}
		if dir := os.Getenv("ARCH_PREVIEW"); dir != "" {
			f, _ := os.Create(filepath.Join(dir, "export-diff-"+string(style)+".png"))
			png.Encode(f, diff)
			f.Close()
			os.WriteFile(filepath.Join(dir, "export-"+string(style)+".png"), out, 0o644)
		}
		if differ*500 > total { // 0.2%
			t.Errorf("%s: the export differs from the PNG in %d of %d pixels", style, differ, total)
		}
	}
}
