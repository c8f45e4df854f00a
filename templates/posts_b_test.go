package templates

import (
	"context"
	"fmt"
	"image"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/posts"
	"github.com/brandgen/brandgen/renderer"
	"github.com/brandgen/brandgen/static"
)

// postsB are the post formats of group "b".
var postsB = []string{posts.Quote, posts.Stat, posts.Grid, posts.Code, posts.Poster, posts.Announcement, posts.Offer}

// requiredTextsB lists the texts of a content value the page must show as given (code is checked
// separately: highlighting splits it into tokens).
func requiredTextsB(t *testing.T, content any) []string {
	t.Helper()
	var out []string
	add := func(s ...string) {
		for _, v := range s {
			if strings.TrimSpace(v) != "" {
				out = append(out, v)
			}
		}
	}
	switch c := content.(type) {
	case posts.QuoteContent:
		add(c.Quote, c.Author, c.Role)
	case posts.StatContent:
		add(c.Value, c.Label, c.Context, c.Source)
	case posts.GridContent:
		add(c.Title, c.Subtitle)
		for _, cell := range c.Cells {
			add(cell.Icon, cell.Title, cell.Text)
		}
	case posts.CodeContent:
		add(c.Title, c.Caption)
	case posts.PosterContent:
		add(c.Kicker, c.Headline, c.Subline, c.Footer)
	case posts.AnnouncementContent:
		add(c.Kicker, c.Title, c.Body, c.Date, c.CTA)
	case posts.OfferContent:
		add(c.Headline, c.Discount, c.Details, c.Code, c.Expires, c.CTA)
	default:
		t.Fatalf("unexpected content type %T", content)
	}
	return out
}

// hostileB is content that tries to break out of the page.
const hostileB = `<script>alert("x")</script><img src=x onerror=alert(1)> & 'quotes'`

// samplesB returns the samples of a format plus one with hostile text in every text field.
func samplesB(t *testing.T, format string) []posts.Sample {
	t.Helper()
	ss := append([]posts.Sample(nil), posts.Samples(format)...)
	if len(ss) == 0 {
		t.Fatalf("%s: no samples", format)
	}
	h := hostileB
	var c any
	switch format {
	case posts.Quote:
		c = posts.QuoteContent{Quote: h, Author: h, Role: h}
	case posts.Stat:
		c = posts.StatContent{Value: "<b>1</b>", Label: h, Context: h, Source: h}
	case posts.Grid:
		c = posts.GridContent{Title: h, Subtitle: h, Cells: []posts.Cell{{Icon: "<u>", Title: h, Text: h}, {Title: h}}}
	case posts.Code:
		c = posts.CodeContent{Title: h, Language: `"><script>`, Code: h + "\n</pre></code>" + h, Caption: h}
	case posts.Poster:
		c = posts.PosterContent{Kicker: h, Headline: h, Subline: h, Footer: h}
	case posts.Announcement:
		c = posts.AnnouncementContent{Kicker: h, Title: h, Body: h, Date: h, CTA: h}
	case posts.Offer:
		c = posts.OfferContent{Headline: h, Discount: "<50%>", Details: h, Code: h[:24], Expires: h, CTA: h}
	}
	return append(ss, posts.Sample{Name: "hostile", Content: c})
}

// TestPostsBBuild builds every group-b format x sample x style x theme x size and checks the page:
// it builds, every text of the content is on the page escaped, no markup from the content gets
// through, and the parts the format draws (quote mark, coupon, editor window, CTA...) are there.
func TestPostsBBuild(t *testing.T) {
	s, err := New()
	if err != nil {
		t.Fatal(err)
	}
	for _, format := range postsB {
		if !s.Has(format) {
			t.Fatalf("no template for %s", format)
		}
		t.Run(format, func(t *testing.T) {
			t.Parallel()
			buildFormatB(t, s, format)
		})
	}
}

// buildFormatB builds every sample of a format in every size, style and theme and checks each page.
func buildFormatB(t *testing.T, s *Set, format string) {
	for _, sample := range samplesB(t, format) {
		texts := requiredTextsB(t, sample.Content)
		for _, size := range brandgen.Sizes {
			for _, style := range brandgen.Styles {
				for _, theme := range brandgen.Themes {
					name := fmt.Sprintf("%s/%s/%s/%s/%s", format, sample.Name, size, style, theme)
					page, err := s.Build(format, sample.Content, Options{
						Look:   brandgen.Look{Size: size, Style: style, Theme: theme},
						Badge:  acmeBadge,
						Layout: sample.Layout,
					})
					if err != nil {
						t.Fatalf("%s: %v", name, err)
					}
					w, h := size.Pixels()
					if page.Width != w || page.Height != h {
						t.Errorf("%s: page %dx%d, want %dx%d", name, page.Width, page.Height, w, h)
					}
					checkPageB(t, name, format, sample, page.HTML, texts)
				}
			}
		}
	}
}

// numSeparator is numParts' markup around a separator in a hero number.
var numSeparator = regexp.MustCompile(`<span class="np">(.)</span>`)

// quoteName is the span a quote sets its author's name in to keep it on one line.
var quoteName = regexp.MustCompile(`<span class="q-name">(.*?)</span>`)

func checkPageB(t *testing.T, name, format string, sample posts.Sample, html string, texts []string) {
	t.Helper()
	plain := plainEmoji(quoteName.ReplaceAllString(numSeparator.ReplaceAllString(html, "$1"), "$1"))
	for _, text := range texts {
		if !strings.Contains(plain, textEscaper.Replace(text)) {
			t.Errorf("%s: page lacks %q", name, text)
		}
	}
	want := 1 // the fit script, and the CJK typesetting script on CJK pages
	if strings.Contains(html, `lang="ja"`) || strings.Contains(html, `lang="zh`) || strings.Contains(html, `lang="ko"`) {
		want = 2
	}
	if strings.Count(html, "<script") != want {
		t.Errorf("%s: %d script elements, want %d (fit, CJK)", name, strings.Count(html, "<script"), want)
	}
	if strings.Contains(html, "<img src=x") || strings.Contains(html, "<b>1</b>") || strings.Contains(html, "<u>") {
		t.Errorf("%s: content markup reached the page unescaped", name)
	}
	if !strings.Contains(html, `class="p-`+format) {
		t.Errorf("%s: no .p-%s root", name, format)
	}
	has := func(marker, what string) {
		t.Helper()
		if !strings.Contains(html, marker) {
			t.Errorf("%s: no %s (%q)", name, what, marker)
		}
	}
	switch c := sample.Content.(type) {
	case posts.QuoteContent:
		has(`class="q-mark"`, "quotation mark")
	case posts.StatContent:
		has(`class="s-value`, "value")
	case posts.GridContent:
		if n := strings.Count(html, `class="g-cell card"`); n != len(c.Cells) {
			t.Errorf("%s: %d cells drawn, want %d", name, n, len(c.Cells))
		}
	case posts.CodeContent:
		has(`class="c-dots"`, "traffic lights")
		has(`class="c-tab`, "file tab")
		lines := CodeLines(c.Code)
		if n := strings.Count(html, `<span class="l"`); n != len(lines) {
			t.Errorf("%s: %d code lines drawn, want %d", name, n, len(lines))
		}
		// Every character of the code is on the page (tags removed, entities decoded; an indent
		// and the space after a keyword are no-break spaces, a hyphen holds the letter after it
		// with a word joiner: highlight).
		got := strings.ReplaceAll(strings.ReplaceAll(codeTextB(html), "\u00a0", " "), wj, "")
		if want := strings.Join(lines, ""); strings.ReplaceAll(got, " ", "") != strings.ReplaceAll(want, " ", "") {
			t.Errorf("%s: code text differs:\n got %q\nwant %q", name, got, want)
		}
	case posts.PosterContent:
		has(`class="p-headline`, "headline")
	case posts.AnnouncementContent:
		if c.CTA != "" {
			has(`class="cta`, "call to action")
		}
		if c.Kicker != "" {
			has(`class="a-kicker`, "kicker badge")
		}
	case posts.OfferContent:
		has(`class="o-discount`, "discount")
		if c.Code != "" {
			has(`class="o-coupon`, "coupon")
		}
		if c.CTA != "" {
			has(`class="cta`, "call to action")
		}
	}
}

var (
	codeBlockB = regexp.MustCompile(`(?s)<code class="c-code[^"]*"[^>]*>(.*?)</code>`)
	tagB       = regexp.MustCompile(`<[^>]*>`)
	unescapeB  = strings.NewReplacer("&lt;", "<", "&gt;", ">", "&#34;", `"`, "&#39;", "'", "&amp;", "&")
)

// codeTextB is the text of the code block of a code page.
func codeTextB(html string) string {
	m := codeBlockB.FindStringSubmatch(html)
	if m == nil {
		return ""
	}
	return unescapeB.Replace(tagB.ReplaceAllString(m[1], ""))
}

var (
	maxLenB   = regexp.MustCompile(`maxLength=(\d+)`)
	minLenB   = regexp.MustCompile(`minLength=(\d+)`)
	maxItemsB = regexp.MustCompile(`maxItems=(\d+)`)
	minItemsB = regexp.MustCompile(`minItems=(\d+)`)
	clampedB  = regexp.MustCompile(`class="[^"]*\bfit-clamped\b`)
)

// TestSamplesB checks the group-b samples against their schema limits: every sample within them,
// each format with "short", "long" and a CJK or emoji sample, and "long" filling every text field
// to at least 85% of its maximum and every list to its maximum items.
func TestSamplesB(t *testing.T) {
	for _, format := range postsB {
		names := map[string]bool{}
		for _, s := range posts.Samples(format) {
			names[s.Name] = true
			checkLimitsB(t, format+"/"+s.Name, reflect.ValueOf(s.Content), s.Name == "long")
			if s.Layout != "" && !containsB(posts.Layouts[format], s.Layout) {
				t.Errorf("%s/%s: layout %q not in %v", format, s.Name, s.Layout, posts.Layouts[format])
			}
		}
		for _, want := range []string{"short", "long"} {
			if !names[want] {
				t.Errorf("%s: no %q sample", format, want)
			}
		}
		if !names["cjk"] && !names["emoji"] {
			t.Errorf("%s: no cjk or emoji sample", format)
		}
		if first := posts.Samples(format)[0].Name; first != "short" {
			t.Errorf("%s: first sample is %q, want the typical \"short\"", format, first)
		}
	}
}

func containsB(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

func checkLimitsB(t *testing.T, name string, v reflect.Value, long bool) {
	t.Helper()
	num := func(re *regexp.Regexp, tag string) int {
		m := re.FindStringSubmatch(tag)
		if m == nil {
			return -1
		}
		n, _ := strconv.Atoi(m[1])
		return n
	}
	typ := v.Type()
	for i := 0; i < typ.NumField(); i++ {
		f, fv := typ.Field(i), v.Field(i)
		tag := f.Tag.Get("jsonschema")
		field := name + "." + f.Name
		switch fv.Kind() {
		case reflect.String:
			n := utf8.RuneCountInString(fv.String())
			if mx := num(maxLenB, tag); mx >= 0 {
				if n > mx {
					t.Errorf("%s: %d characters, max %d", field, n, mx)
				}
				// Icons and languages are short by nature.
				if long && n*100 < mx*85 && f.Name != "Icon" && f.Name != "Language" && f.Name != "Code" {
					t.Errorf("%s: long sample has %d of %d characters", field, n, mx)
				}
			}
			if mn := num(minLenB, tag); mn > 0 && n < mn {
				t.Errorf("%s: %d characters, min %d", field, n, mn)
			}
		case reflect.Slice:
			n := fv.Len()
			if mx := num(maxItemsB, tag); mx >= 0 {
				if n > mx {
					t.Errorf("%s: %d items, max %d", field, n, mx)
				}
				if long && n < mx {
					t.Errorf("%s: long sample has %d of %d items", field, n, mx)
				}
			}
			if mn := num(minItemsB, tag); mn > 0 && n < mn {
				t.Errorf("%s: %d items, min %d", field, n, mn)
			}
			for j := 0; j < n; j++ {
				if fv.Index(j).Kind() == reflect.Struct {
					checkLimitsB(t, fmt.Sprintf("%s[%d]", field, j), fv.Index(j), long)
				}
			}
		}
	}
}

// markOverflowB is a preview step: it outlines in pure red every fit element or fit box whose
// content overflows it or that hit its minimum size, so a sheet shows problems at a glance.
const markOverflowB = `(() => {
  document.querySelectorAll('[data-fit],[data-fit-box],.content,.p-fit-check').forEach(e => {
    if (e.scrollHeight > e.clientHeight + 1 || e.scrollWidth > e.clientWidth + 1 || e.classList.contains('fit-clamped'))
      e.style.outline = '6px dashed rgb(255,0,0)';
  });
  return 0;
})()`

// redPixelsB counts pure red pixels (the overflow outline).
func redPixelsB(img image.Image) int {
	n := 0
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y += 2 {
		for x := b.Min.X; x < b.Max.X; x += 2 {
			r, g, bl, _ := img.At(x, y).RGBA()
			if r>>8 == 255 && g>>8 == 0 && bl>>8 == 0 {
				n++
			}
		}
	}
	return n
}

// TestPostsBPreview renders the group-b formats for a person to look at: per format and sample, one
// contact sheet per size with every style x theme, in /tmp/posts/<format>/. Overflowing or clamped
// text is outlined in red and logged. Skipped unless BRANDGEN_PREVIEW=1. BRANDGEN_PREVIEW_ONLY picks
// formats (comma separated), BRANDGEN_PREVIEW_SAMPLES samples, BRANDGEN_PREVIEW_SIZES sizes,
// BRANDGEN_PREVIEW_STYLES styles; BRANDGEN_PREVIEW_BADGE=none hides the badge.
func TestPostsBPreview(t *testing.T) {
	if os.Getenv("BRANDGEN_PREVIEW") != "1" {
		t.Skip("set BRANDGEN_PREVIEW=1 to render previews")
	}
	needChromium(t)
	s, err := New()
	if err != nil {
		t.Fatal(err)
	}
	pool, err := renderer.New(renderer.Config{ChromePath: chromiumBin, Browsers: 1, Tabs: 2, QueueCap: 16, Assets: static.FS,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	ctx := context.Background()
	pick := func(env string, all []string) []string {
		if v := os.Getenv(env); v != "" {
			return strings.Split(v, ",")
		}
		return all
	}
	var sizes, styles []string
	for _, z := range brandgen.Sizes {
		sizes = append(sizes, string(z))
	}
	for _, z := range brandgen.Styles {
		styles = append(styles, string(z))
	}
	sizes = pick("BRANDGEN_PREVIEW_SIZES", sizes)
	styles = pick("BRANDGEN_PREVIEW_STYLES", styles)
	wantSamples := pick("BRANDGEN_PREVIEW_SAMPLES", nil)
	for _, format := range pick("BRANDGEN_PREVIEW_ONLY", postsB) {
		dir := filepath.Join("/tmp/posts", format)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		for i, sample := range posts.Samples(format) {
			if wantSamples != nil && !containsB(wantSamples, sample.Name) {
				continue
			}
			badge := acmeBadge
			if i%2 == 1 {
				badge = defaultBadge
			}
			if os.Getenv("BRANDGEN_PREVIEW_BADGE") == "none" {
				badge = brandgen.Badge{Colors: badge.Colors}
			}
			for _, size := range sizes {
				type job struct {
					label string
					page  Page
				}
				var jobs []job
				for _, style := range styles {
					for _, theme := range brandgen.Themes {
						page, err := s.Build(format, sample.Content, Options{Badge: badge, Layout: sample.Layout,
							Look: brandgen.Look{Size: brandgen.Size(size), Style: brandgen.Style(style), Theme: theme}})
						if err != nil {
							t.Fatalf("%s/%s: %v", format, sample.Name, err)
						}
						jobs = append(jobs, job{style + " " + string(theme), page})
					}
				}
				imgs := make([]image.Image, len(jobs))
				errs := make([]error, len(jobs))
				var wg sync.WaitGroup
				for k, j := range jobs {
					wg.Add(1)
					go func() {
						defer wg.Done()
						frames, err := pool.Frames(ctx, renderer.Page{HTML: j.page.HTML, Width: j.page.Width, Height: j.page.Height},
							[]string{markOverflowB})
						if err == nil {
							imgs[k] = frames[0]
						}
						errs[k] = err
					}()
				}
				wg.Wait()
				var thumbs []image.Image
				var labels []string
				for k, j := range jobs {
					if errs[k] != nil {
						t.Fatalf("%s/%s/%s/%s: %v", format, sample.Name, size, j.label, errs[k])
					}
					if n := redPixelsB(imgs[k]); n > 20 {
						t.Logf("%s/%s/%s/%s: text overflows or hit its minimum size (%d red pixels)", format, sample.Name, size, j.label, n)
					}
					writePNG(t, filepath.Join(dir, fmt.Sprintf("%s-%s-%s.png", sample.Name, size, strings.ReplaceAll(j.label, " ", "-"))), imgs[k])
					thumbs = append(thumbs, Thumbnail(imgs[k], 540))
					labels = append(labels, j.label)
				}
				writePNG(t, filepath.Join(dir, fmt.Sprintf("sheet-%s-%s.png", sample.Name, size)), ContactSheet(thumbs, 4, labels))
			}
		}
	}
}
