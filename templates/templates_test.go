package templates

import (
	"context"
	"errors"
	"fmt"
	"image"
	"image/color"
	"io"
	"log/slog"
	"os"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/charts"
	"github.com/brandgen/brandgen/renderer"
	"github.com/brandgen/brandgen/static"
	xhtml "golang.org/x/net/html"
)

const tinyPNG = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="

// externalRefs lists what a page could load from outside the internal origin: URL attributes of
// every element (src, href, ...), CSS url() and @import in style elements and style attributes.
// Allowed: the internal origin, data: URIs and #fragments. xmlns names are not fetched.
var cssURL = regexp.MustCompile(`(?i)url\(\s*['"]?([^'")]+)`)

func externalRefs(page string) []string {
	var bad []string
	ok := func(u string) bool {
		u = strings.TrimSpace(u)
		return strings.HasPrefix(u, static.Origin) || strings.HasPrefix(strings.ToLower(u), "data:") || strings.HasPrefix(u, "#")
	}
	checkCSS := func(css string) {
		for _, m := range cssURL.FindAllStringSubmatch(css, -1) {
			if !ok(m[1]) {
				bad = append(bad, m[1])
			}
		}
		if strings.Contains(strings.ToLower(css), "@import") {
			bad = append(bad, "@import")
		}
	}
	z := xhtml.NewTokenizer(strings.NewReader(page))
	inStyle := false
	for {
		switch z.Next() {
		case xhtml.ErrorToken:
			return bad
		case xhtml.StartTagToken, xhtml.SelfClosingTagToken:
			tok := z.Token()
			inStyle = tok.Data == "style"
			for _, a := range tok.Attr {
				switch strings.ToLower(a.Key) {
				case "src", "href", "srcset", "poster", "action", "formaction", "background", "data", "ping":
					if !ok(a.Val) {
						bad = append(bad, a.Val)
					}
				case "style":
					checkCSS(a.Val)
				}
				if a.Namespace == "xlink" && a.Key == "href" && !ok(a.Val) {
					bad = append(bad, a.Val)
				}
			}
		case xhtml.EndTagToken:
			inStyle = false
		case xhtml.TextToken:
			if inStyle {
				checkCSS(string(z.Text()))
			}
		}
	}
}

func TestExternalRefsDetects(t *testing.T) {
	for _, h := range []string{`<img src="https://evil.example/x.png">`, `<div style="background:url(//evil.example/a)">`,
		`<link href="http://x.example/a.css">`, `<style>@import "a.css";</style>`, `<img src="/local.png">`} {
		if len(externalRefs(h)) == 0 {
			t.Errorf("externalRefs missed %s", h)
		}
	}
	if bad := externalRefs(`<img src="data:image/png;base64,AA"><svg xmlns="http://www.w3.org/2000/svg"><use href="#a"/></svg>` +
		`<style>src:url('https://brandgen.internal/fonts/x.woff2')</style>`); len(bad) > 0 {
		t.Errorf("externalRefs flagged allowed refs: %v", bad)
	}
}

const evil = `<script>alert("x")</script><img src=x onerror=alert(1)>`

func evilChart() charts.Content {
	return charts.Content{ChartType: "bar", Title: "Revenue " + evil, Subtitle: "Sub </style><style>body{display:none}</style>",
		Unit: "$", Series: []charts.Point{{Label: evil, Value: 3}, {Label: "B", Value: 5}, {Label: "C", Value: 4}}}
}

// Every style x theme x size builds with the canvas's dimensions, the badge when shown, escaped
// content, and no reference outside the internal origin and data: URIs.
func TestBuildMatrix(t *testing.T) {
	s, err := New()
	if err != nil {
		t.Fatal(err)
	}
	badges := map[string]brandgen.Badge{
		"brand":   {Show: true, Name: "Acme <b>Co</b>", Handle: "@acme", LogoURI: tinyPNG, Colors: brandgen.Colors{Primary: "#0f766e", Secondary: "#f59e0b"}},
		"default": {Show: true, Name: "brandgen", Default: true},
		"hidden":  {Show: false, Name: "Acme", LogoURI: tinyPNG, Colors: brandgen.Colors{Primary: "#e11d48"}},
	}
	for _, size := range brandgen.Sizes {
		for _, style := range brandgen.Styles {
			for _, theme := range brandgen.Themes {
				for bname, badge := range badges {
					name := fmt.Sprintf("%s/%s/%s/%s", size, style, theme, bname)
					page, err := s.Build("chart", evilChart(), Options{Look: brandgen.Look{Size: size, Style: style, Theme: theme}, Badge: badge})
					if err != nil {
						t.Fatalf("%s: %v", name, err)
					}
					w, h := size.Pixels()
					if page.Width != w || page.Height != h {
						t.Errorf("%s: page %dx%d, want %dx%d", name, page.Width, page.Height, w, h)
					}
					html := page.HTML
					for _, want := range []string{"<html data-wait", fmt.Sprintf("--w:%dpx;--h:%dpx", w, h),
						fmt.Sprintf(`data-style="%s"`, style), fmt.Sprintf(`data-theme="%s"`, theme), "<svg", "data-ready"} {
						if !strings.Contains(html, want) {
							t.Errorf("%s: page lacks %q", name, want)
						}
					}
					if strings.Contains(html, "<script>alert") || strings.Contains(html, "<img src=x") || strings.Contains(html, "</style><style>body") {
						t.Errorf("%s: content reached the page unescaped", name)
					}
					if !strings.Contains(html, "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;") {
						t.Errorf("%s: escaped title missing", name)
					}
					if n := strings.Count(html, "<script"); n != 1 {
						t.Errorf("%s: %d <script> elements, want only the fit script", name, n)
					}
					hasBadge := strings.Contains(html, "data-badge")
					if hasBadge != badge.Show {
						t.Errorf("%s: badge present %v, want %v", name, hasBadge, badge.Show)
					}
					switch bname {
					case "brand":
						if !strings.Contains(html, `<img class="logo" src="`+strings.ReplaceAll(tinyPNG, "+", "&#43;")) || !strings.Contains(html, "Acme &lt;b&gt;Co&lt;/b&gt;") || !strings.Contains(html, "@acme") {
							t.Errorf("%s: badge logo, escaped name or handle missing", name)
						}
					case "default":
						if !strings.Contains(html, `class="mark"`) {
							t.Errorf("%s: default mark missing", name)
						}
					case "hidden":
						if strings.Contains(html, tinyPNG) || strings.Contains(html, `class="topbar"`) {
							t.Errorf("%s: hidden badge left a trace", name)
						}
					}
					if bad := externalRefs(html); len(bad) > 0 {
						t.Errorf("%s: external references %v", name, bad)
					}
				}
			}
		}
	}
}

func TestBuildOptions(t *testing.T) {
	s, err := New()
	if err != nil {
		t.Fatal(err)
	}
	if !s.Has("chart") || s.Has("nope") || s.Has("") {
		t.Errorf("Has: chart %v nope %v", s.Has("chart"), s.Has("nope"))
	}
	if _, err := s.Build("nope", nil, Options{}); !errors.Is(err, ErrUnknownPattern) {
		t.Errorf("unknown pattern error = %v", err)
	}
	if _, err := s.Build("chart", "not a chart", Options{}); err == nil {
		t.Error("chart with wrong content type built")
	}
	// Empty look: portrait, light, glass.
	page, err := s.Build("chart", evilChart(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if page.Width != 1080 || page.Height != 1350 || !strings.Contains(page.HTML, `data-style="glass" data-theme="light" data-size="portrait"`) {
		t.Errorf("defaults: %dx%d", page.Width, page.Height)
	}
	// Transparent.
	page, err = s.Build("chart", evilChart(), Options{Transparent: true, Badge: brandgen.Badge{Show: true, Name: "A"}})
	if err != nil {
		t.Fatal(err)
	}
	if !page.Transparent || !strings.Contains(page.HTML, " data-transparent") || !strings.Contains(page.HTML, `class="badge pill`) {
		t.Error("transparent page lacks its marker or the badge pill")
	}
	// Palette: the chart's own palette beats the call's override, which beats the brand.
	c := evilChart()
	c.Palette = &charts.PaletteColors{Primary: "#123456", Bg: "#fafafa"}
	page, err = s.Build("chart", &c, Options{Palette: &PaletteOverride{Primary: "#abcdef", Secondary: "#ff6600"},
		Badge: brandgen.Badge{Colors: brandgen.Colors{Primary: "#e11d48", Secondary: "#00ff00"}}})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"--primary:#123456;", "--secondary:#ff6600;", "--bg:#fafafa;"} {
		if !strings.Contains(page.HTML, want) {
			t.Errorf("palette precedence: page lacks %s", want)
		}
	}
	// A logo that is not a data:image URI never reaches the page.
	for _, logo := range []string{"https://evil.example/logo.png", "javascript:alert(1)", "data:text/html;base64,PHNjcmlwdD4=",
		"data:image/png;base64,AAA\"onerror=alert(1)"} {
		page, err := s.Build("chart", evilChart(), Options{Badge: brandgen.Badge{Show: true, Name: "A", LogoURI: logo}})
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(page.HTML, `class="logo"`) {
			t.Errorf("logo %q reached the page", logo)
		}
	}
}

func TestContactSheet(t *testing.T) {
	red := image.NewRGBA(image.Rect(0, 0, 100, 50))
	for i := range red.Pix {
		red.Pix[i] = 255
	}
	blue := image.NewRGBA(image.Rect(0, 0, 60, 80))
	sheet := ContactSheet([]image.Image{red, blue, red}, 2, []string{"red", "blue"})
	b := sheet.Bounds()
	wantW := sheetGap + 2*(100+sheetGap)
	wantH := sheetGap + 2*(80+sheetLabelH+sheetGap)
	if b.Dx() != wantW || b.Dy() != wantH {
		t.Fatalf("sheet %dx%d, want %dx%d", b.Dx(), b.Dy(), wantW, wantH)
	}
	if c := color.RGBAModel.Convert(sheet.At(sheetGap+10, sheetGap+10)).(color.RGBA); c.R != 255 || c.G != 255 {
		t.Errorf("first image not drawn: %v", c)
	}
	// The label is drawn in white under the first cell.
	found := false
	for y := sheetGap + 80; y < sheetGap+80+sheetLabelH && !found; y++ {
		for x := sheetGap; x < sheetGap+100; x++ {
			if c := color.RGBAModel.Convert(sheet.At(x, y)).(color.RGBA); c.R == 255 && c.G == 255 && c.B == 255 {
				found = true
				break
			}
		}
	}
	if !found {
		t.Error("label not drawn")
	}
	if th := Thumbnail(red, 50); th.Bounds().Dx() != 50 || th.Bounds().Dy() != 25 {
		t.Errorf("thumbnail %v", th.Bounds())
	}
}

var (
	poolOnce sync.Once
	pool     *renderer.Pool
	poolErr  error
)

// testPool is the package's one browser pool, closed by TestMain.
func testPool(t testing.TB) *renderer.Pool {
	t.Helper()
	needChromium(t)
	poolOnce.Do(func() {
		pool, poolErr = renderer.New(renderer.Config{ChromePath: chromiumBin, Browsers: 1, Tabs: 2, Assets: static.FS,
			Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	})
	if poolErr != nil {
		t.Fatal(poolErr)
	}
	return pool
}

func TestMain(m *testing.M) {
	code := m.Run()
	if pool != nil {
		_ = pool.Close()
	}
	os.Exit(code)
}

// fitProbe runs after the page is ready: it paints the whole page one colour that encodes what the
// fit script did: R=200 when data-ready is set, G=the headline's font size in px, B=number of fit
// elements still overflowing + 100 when the content area overflows.
const fitProbe = `(() => {
  const over = e => e.scrollHeight > e.clientHeight + 1 || e.scrollWidth > e.clientWidth + 1;
  const bad = [...document.querySelectorAll('[data-fit]')].filter(over).length;
  const c = document.querySelector('.content');
  const ready = document.documentElement.getAttribute('data-ready') === '1';
  const fs = Math.round(parseFloat(getComputedStyle(document.querySelector('h1')).fontSize));
  document.body.innerHTML = '';
  document.body.style.background = 'rgb(' + (ready ? 200 : 0) + ',' + Math.min(255, fs) + ',' + Math.min(255, bad + (over(c) ? 100 : 0)) + ')';
})()`

// The fit script shrinks text that does not fit (headline and cards) until nothing overflows, and
// leaves text that fits alone; the page reports ready.
func TestFitInBrowser(t *testing.T) {
	p := testPool(t)
	s := testSet(t)
	samples := previewSamples()
	var short, long previewSample
	for _, sm := range samples {
		switch sm.name {
		case "specimen":
			short = sm
		case "specimen-long":
			long = sm
		}
	}
	tests := []struct {
		name   string
		sample previewSample
		size   brandgen.Size
		shrunk string // "yes", "no", or "" (either)
	}{
		{"short portrait", short, brandgen.SizePortrait, "no"},
		{"long portrait", long, brandgen.SizePortrait, "yes"},
		{"long square", long, brandgen.SizeSquare, "yes"},
		{"long story", long, brandgen.SizeStory, ""},
		{"long landscape", long, brandgen.SizeLandscape, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			opt := tt.sample.opt
			opt.Look = brandgen.Look{Size: tt.size, Style: brandgen.StyleEditorial}
			page, err := s.Build(tt.sample.pattern, tt.sample.content, opt)
			if err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
			defer cancel()
			frames, err := p.Frames(ctx, renderer.Page{HTML: page.HTML, Width: page.Width, Height: page.Height}, []string{fitProbe})
			if err != nil {
				t.Fatal(err)
			}
			c := color.RGBAModel.Convert(frames[0].At(page.Width/2, page.Height/2)).(color.RGBA)
			h1 := int(float64(MetricsFor(tt.size).Type.H1) * 1.12) // editorial headline size
			if c.R != 200 {
				t.Errorf("data-ready not set (probe %v)", c)
			}
			if c.B != 0 {
				t.Errorf("%d fit elements overflow, content overflow=%v (probe %v)", c.B%100, c.B >= 100, c)
			}
			if got := int(c.G); tt.shrunk == "yes" && got >= h1-1 {
				t.Errorf("headline %d px, want shrunk below %d", got, h1)
			} else if tt.shrunk == "no" && got < h1-1 {
				t.Errorf("headline %d px, want left at %d", got, h1)
			}
		})
	}
}
