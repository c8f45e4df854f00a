package templates

import (
	"context"
	"errors"
	"fmt"
	"image"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/posts"
	"github.com/brandgen/brandgen/renderer"
	"github.com/brandgen/brandgen/static"
)

// postsC are the post formats of group "c".
var postsC = []string{posts.Testimonial, posts.Event, posts.Ad, posts.Hiring, posts.Showcase, posts.Campaign}

// requiredTextsC lists the texts of a content value the page must show verbatim.
func requiredTextsC(t *testing.T, content any) []string {
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
	case posts.TestimonialContent:
		add(c.Quote, c.Person, c.Role)
	case posts.EventContent:
		add(c.Kicker, c.Title, c.CTA)
		// A fact's leading emoji is drawn as its icon, apart from its text; a place is set in its
		// parts (placeParts: each kept whole, the line breaks after a separator).
		m := leadEmoji(c.Time)
		add(m.Emoji, m.Text)
		m = leadEmoji(c.Place)
		add(m.Emoji)
		add(placeParts(m.Text)...)
		if !dateTile(c.Date).OK() || c.Time == "" && c.Place == "" {
			add(c.Date)
		}
		for _, s := range c.Speakers {
			add(s.Name, s.Role)
		}
	case posts.AdContent:
		add(c.Headline, c.Body, c.CTA, c.Price)
		add(c.Features...)
	case posts.HiringContent:
		add(c.Role, c.Company, c.Location, c.Type, c.Apply)
		add(c.Perks...)
	case posts.ShowcaseContent:
		add(c.Kicker, c.Title, c.Subtitle, c.CTA)
		for _, f := range c.Features {
			add(f.Title, f.Text)
		}
	case posts.CampaignContent:
		add(c.Kicker, c.Headline, c.Message, c.Hashtag, c.CTA)
	default:
		t.Fatalf("unexpected content type %T", content)
	}
	return out
}

// checkMarkersC checks what each format draws beyond the texts: stars, initials, the date tile,
// one element per list item, perk icons.
func checkMarkersC(t *testing.T, name, html string, content any) {
	t.Helper()
	count := func(s string) int { return strings.Count(html, s) }
	switch c := content.(type) {
	case posts.TestimonialContent:
		if c.Rating > 0 {
			if !strings.Contains(html, fmt.Sprintf(`data-rating="%d"`, c.Rating)) {
				t.Errorf("%s: no rating %d", name, c.Rating)
			}
			if on, off := 5-count(`class="off"`), count(`class="off"`); on != c.Rating || on+off != 5 {
				t.Errorf("%s: %d stars on, %d off, want %d of 5", name, on, off, c.Rating)
			}
		} else if strings.Contains(html, "data-rating") {
			t.Errorf("%s: rating 0 drew stars", name)
		}
		if ini := initials(c.Initials, c.Person); ini != "" && !strings.Contains(html, ">"+textEscaper.Replace(ini)+"<") {
			t.Errorf("%s: avatar lacks initials %q", name, ini)
		}
	case posts.EventContent:
		if d := dateTile(c.Date); d.OK() {
			for _, s := range []string{d.Month, d.Day, d.Foot()} {
				if s != "" && !strings.Contains(html, ">"+textEscaper.Replace(s)+"<") {
					t.Errorf("%s: date tile lacks %q", name, s)
				}
			}
		}
		if got := count(`class="ev-speaker"`); got != len(c.Speakers) {
			t.Errorf("%s: %d speakers drawn, want %d", name, got, len(c.Speakers))
		}
		for _, s := range c.Speakers {
			if ini := initials("", s.Name); !strings.Contains(html, ">"+textEscaper.Replace(ini)+"<") {
				t.Errorf("%s: speaker avatar lacks %q", name, ini)
			}
		}
	case posts.AdContent:
		if got := count(`class="ad-feat"`); got != len(c.Features) {
			t.Errorf("%s: %d features drawn, want %d", name, got, len(c.Features))
		}
	case posts.HiringContent:
		if got := count(`class="hi-perk"`); got != len(c.Perks) {
			t.Errorf("%s: %d perks drawn, want %d", name, got, len(c.Perks))
		}
		// Perks drop one at a time from the last; the first always stays.
		if got := count(`class="hi-perk" data-optional=`); len(c.Perks) > 0 && got != len(c.Perks)-1 {
			t.Errorf("%s: %d optional perks, want %d (all but the first)", name, got, len(c.Perks)-1)
		}
		for _, p := range c.Perks {
			if ic := perkIcon(p); ic != "" && !strings.Contains(html, `data-icon="`+ic+`"`) {
				t.Errorf("%s: perk %q lacks icon %s", name, p, ic)
			}
		}
	case posts.ShowcaseContent:
		if got := count(`class="card sc-feat"`); got != len(c.Features) {
			t.Errorf("%s: %d highlight cards, want %d", name, got, len(c.Features))
		}
	}
}

// TestPostsCBuild builds every group-c format x sample x style x theme x size (and, at portrait,
// without the badge) and checks the page: it builds at the size asked, every text of the content is
// on the page escaped, and the format's markers are there.
func TestPostsCBuild(t *testing.T) {
	s, err := New()
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range postsC {
		t.Run(id, func(t *testing.T) {
			t.Parallel()
			if !s.Has(id) {
				t.Fatalf("no template for %s", id)
			}
			samples := posts.Samples(id)
			if len(samples) < 3 {
				t.Fatalf("%d samples, want at least short, long and one with emoji or CJK", len(samples))
			}
			for _, sm := range samples {
				for _, size := range brandgen.Sizes {
					for _, style := range brandgen.Styles {
						for _, theme := range brandgen.Themes {
							badges := []brandgen.Badge{acmeBadge}
							if size == brandgen.SizePortrait {
								badges = append(badges, brandgen.Badge{})
							}
							for _, badge := range badges {
								name := fmt.Sprintf("%s/%s/%s/%s/badge=%v", sm.Name, size, style, theme, badge.Show)
								page, err := s.Build(id, sm.Content, Options{Look: brandgen.Look{Size: size, Theme: theme, Style: style},
									Badge: badge, Layout: sm.Layout})
								if err != nil {
									t.Fatalf("%s: %v", name, err)
								}
								w, h := size.Pixels()
								if page.Width != w || page.Height != h {
									t.Errorf("%s: page %dx%d, want %dx%d", name, page.Width, page.Height, w, h)
								}
								for _, txt := range requiredTextsC(t, sm.Content) {
									if !strings.Contains(plainEmoji(page.HTML), textEscaper.Replace(txt)) {
										t.Errorf("%s: page lacks %q", name, txt)
									}
								}
								checkMarkersC(t, name, page.HTML, sm.Content)
							}
						}
					}
				}
			}
		})
	}
}

// TestPostsCEscapes puts markup in every text field and checks it reaches the page escaped only.
func TestPostsCEscapes(t *testing.T) {
	s, err := New()
	if err != nil {
		t.Fatal(err)
	}
	const x = `<img src=x onerror=alert(1)>"'&`
	contents := map[string]any{
		posts.Testimonial: posts.TestimonialContent{Quote: x, Person: x, Role: x, Initials: "<b>", Rating: 3},
		posts.Event: posts.EventContent{Kicker: x, Title: x, Date: x, Time: x, Place: x,
			Speakers: []posts.Speaker{{Name: x, Role: x}}, CTA: x},
		posts.Ad:       posts.AdContent{Headline: x, Body: x, Features: []string{x, x}, CTA: x, Price: x},
		posts.Hiring:   posts.HiringContent{Role: x, Company: x, Location: x, Type: x, Perks: []string{x}, Apply: x},
		posts.Showcase: posts.ShowcaseContent{Kicker: x, Title: x, Subtitle: x, Features: []posts.Item{{Title: x, Text: x}}, CTA: x},
		posts.Campaign: posts.CampaignContent{Kicker: x, Headline: x, Message: x, Hashtag: x, CTA: x},
	}
	for _, id := range postsC {
		page, err := s.Build(id, contents[id], Options{Badge: acmeBadge})
		if err != nil {
			t.Fatalf("%s: %v", id, err)
		}
		if strings.Contains(page.HTML, "<img src=x") || strings.Contains(page.HTML, "<b>") {
			t.Errorf("%s: unescaped markup on the page", id)
		}
		if !strings.Contains(page.HTML, textEscaper.Replace(x)) {
			t.Errorf("%s: escaped text missing", id)
		}
	}
}

// TestPostsCRejectsWrongContent checks a format given another format's content fails to build
// instead of rendering a half-empty page.
func TestPostsCRejectsWrongContent(t *testing.T) {
	s, err := New()
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range postsC {
		if _, err := s.Build(id, posts.QuoteContent{Quote: "x"}, Options{}); err == nil {
			t.Errorf("%s: built with QuoteContent", id)
		}
	}
}

// TestPostsCSamples checks the samples: the first is "short", one is "long" (every string at 90% or
// more of its maxLength, every list at maxItems), and each stays within the schema.
func TestPostsCSamples(t *testing.T) {
	for _, id := range postsC {
		ss := posts.Samples(id)
		if len(ss) == 0 || ss[0].Name != "short" {
			t.Errorf("%s: first sample is not \"short\"", id)
		}
		long := false
		for _, sm := range ss {
			long = long || sm.Name == "long"
			if issues := posts.Validate(sm.Content, ""); len(issues) > 0 {
				t.Errorf("%s/%s: %v", id, sm.Name, issues)
			}
			for _, issue := range schemaIssuesC(reflect.ValueOf(sm.Content), "", sm.Name == "long") {
				t.Errorf("%s/%s: %s", id, sm.Name, issue)
			}
		}
		if !long {
			t.Errorf("%s: no \"long\" sample", id)
		}
	}
}

var tagNumC = regexp.MustCompile(`(minLength|maxLength|minItems|maxItems|maximum)=(\d+)`)

// schemaIssuesC walks a content value against its jsonschema tags (and the caps posts.Validate
// adds to string lists). With full, strings must reach 90% of their maxLength and lists maxItems.
func schemaIssuesC(v reflect.Value, path string, full bool) []string {
	var out []string
	typ := v.Type()
	for i := 0; i < typ.NumField(); i++ {
		f := typ.Field(i)
		lim := map[string]int{}
		for _, m := range tagNumC.FindAllStringSubmatch(f.Tag.Get("jsonschema"), -1) {
			lim[m[1]], _ = strconv.Atoi(m[2])
		}
		fv := v.Field(i)
		p := path + f.Name
		checkLen := func(p, s string, mx int, hasMax bool) {
			n := utf8.RuneCountInString(s)
			if hasMax && n > mx {
				out = append(out, fmt.Sprintf("%s: %d characters, max %d", p, n, mx))
			}
			if hasMax && full && n*10 < mx*9 {
				out = append(out, fmt.Sprintf("%s: %d characters, the long sample wants about %d", p, n, mx))
			}
		}
		switch fv.Kind() {
		case reflect.String:
			mx, ok := lim["maxLength"]
			checkLen(p, fv.String(), mx, ok)
			if mn, ok := lim["minLength"]; ok && utf8.RuneCountInString(fv.String()) < mn {
				out = append(out, fmt.Sprintf("%s: shorter than %d", p, mn))
			}
		case reflect.Int:
			if mx, ok := lim["maximum"]; ok && fv.Int() > int64(mx) {
				out = append(out, fmt.Sprintf("%s: %d over %d", p, fv.Int(), mx))
			}
		case reflect.Slice:
			n := fv.Len()
			if mx, ok := lim["maxItems"]; ok && (n > mx || full && n != mx) {
				out = append(out, fmt.Sprintf("%s: %d items, max %d (the long sample wants the max)", p, n, mx))
			}
			for j := 0; j < n; j++ {
				e := fv.Index(j)
				switch e.Kind() {
				case reflect.Struct:
					out = append(out, schemaIssuesC(e, fmt.Sprintf("%s[%d].", p, j), full)...)
				case reflect.String:
					caps := map[string]int{"Features": 50, "Perks": 60} // posts.Validate
					mx, ok := caps[f.Name]
					checkLen(fmt.Sprintf("%s[%d]", p, j), e.String(), mx, ok)
				}
			}
		}
	}
	return out
}

// TestPostsCPreview renders the group-c formats into contact sheets under /tmp/posts/<id>/ for a
// person to look at. Skipped unless BRANDGEN_PREVIEW=1. Filters (comma lists):
// BRANDGEN_PREVIEW_FORMATS, BRANDGEN_PREVIEW_SAMPLES, BRANDGEN_PREVIEW_SIZES, BRANDGEN_PREVIEW_STYLES,
// BRANDGEN_PREVIEW_THEMES. Each page is also checked for text the fit script had to clamp and for
// content outside the frame; those fail the test.
func TestPostsCPreview(t *testing.T) {
	if os.Getenv("BRANDGEN_PREVIEW") != "1" {
		t.Skip("set BRANDGEN_PREVIEW=1 to write previews to /tmp/posts")
	}
	needChromium(t)
	pool, err := renderer.New(renderer.Config{ChromePath: chromiumBin, Browsers: 1, Tabs: 2, Assets: static.FS,
		PNGLevel: -1, QueueCap: 64})
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	s, err := New()
	if err != nil {
		t.Fatal(err)
	}
	filter := func(env string) map[string]bool {
		v := os.Getenv(env)
		if v == "" {
			return nil
		}
		m := map[string]bool{}
		for _, x := range strings.Split(v, ",") {
			m[x] = true
		}
		return m
	}
	formats, samples := filter("BRANDGEN_PREVIEW_FORMATS"), filter("BRANDGEN_PREVIEW_SAMPLES")
	sizes, styles, themes := filter("BRANDGEN_PREVIEW_SIZES"), filter("BRANDGEN_PREVIEW_STYLES"), filter("BRANDGEN_PREVIEW_THEMES")
	noBadge := os.Getenv("BRANDGEN_PREVIEW_NOBADGE") == "1"
	type job struct {
		page Page
		path string
		name string
	}
	for _, id := range postsC {
		if formats != nil && !formats[id] {
			continue
		}
		dir := filepath.Join("/tmp/posts", id)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		for _, sm := range posts.Samples(id) {
			if samples != nil && !samples[sm.Name] {
				continue
			}
			for _, size := range brandgen.Sizes {
				if sizes != nil && !sizes[string(size)] {
					continue
				}
				var jobs []job
				var labels []string
				for _, style := range brandgen.Styles {
					if styles != nil && !styles[string(style)] {
						continue
					}
					for _, theme := range brandgen.Themes {
						if themes != nil && !themes[string(theme)] {
							continue
						}
						badge := acmeBadge
						if theme == brandgen.ThemeDark {
							badge = defaultBadge
						}
						if noBadge {
							badge = brandgen.Badge{}
						}
						page, err := s.Build(id, sm.Content, Options{Look: brandgen.Look{Size: size, Theme: theme, Style: style},
							Badge: badge, Layout: sm.Layout})
						if err != nil {
							t.Fatalf("%s: %v", id, err)
						}
						name := fmt.Sprintf("%s-%s-%s-%s", sm.Name, size, style, theme)
						jobs = append(jobs, job{page, filepath.Join(dir, name+".png"), id + "/" + name})
						labels = append(labels, fmt.Sprintf("%s %s %s", size, style, theme))
					}
				}
				// The pool's two tabs at a time: the machine is shared.
				imgs := make([]image.Image, len(jobs))
				errs := make([]error, len(jobs))
				reports := make([]string, len(jobs))
				var wg sync.WaitGroup
				for i, j := range jobs {
					wg.Add(1)
					go func() {
						defer wg.Done()
						imgs[i], reports[i], errs[i] = shootC(pool, j.page)
					}()
				}
				wg.Wait()
				for i, j := range jobs {
					if errs[i] != nil {
						t.Errorf("%s: %v", j.name, errs[i])
						continue
					}
					if reports[i] != "" {
						t.Errorf("%s: %s", j.name, reports[i])
					}
					writePNG(t, j.path, imgs[i])
					imgs[i] = Thumbnail(imgs[i], 540)
				}
				var ok []image.Image
				var okLabels []string
				for i, im := range imgs {
					if im != nil {
						ok, okLabels = append(ok, im), append(okLabels, labels[i])
					}
				}
				if len(ok) > 0 {
					cols := 4
					if size == brandgen.SizeLandscape {
						cols = 2
					}
					writePNG(t, filepath.Join(dir, fmt.Sprintf("sheet-%s-%s.png", sm.Name, size)), ContactSheet(ok, cols, okLabels))
				}
			}
		}
	}
}

// probeC runs as a frame step after the page is ready (fit script done) and throws what went
// wrong: text the fit script clamped or that still overflows its box, and content elements reaching
// outside the frame.
const probeC = `(function(){var out=[];var f=document.querySelector(".frame").getBoundingClientRect();
document.querySelectorAll(".fit-clamped").forEach(function(e){out.push("clamped:"+e.className+":"+e.textContent.slice(0,30))});
document.querySelectorAll("[data-fit]").forEach(function(e){if(e.scrollHeight>e.clientHeight+1||e.scrollWidth>e.clientWidth+1)out.push("overflow:"+e.className+":"+e.scrollWidth+"/"+e.clientWidth+"x"+e.scrollHeight+"/"+e.clientHeight+":"+getComputedStyle(e).fontSize+":"+e.textContent.slice(0,30))});
document.querySelectorAll(".content *").forEach(function(e){if(e.closest("[aria-hidden]"))return;var r=e.getBoundingClientRect();if(r.width&&(r.bottom>f.bottom+2||r.top<f.top-2||r.left<f.left-2||r.right>f.right+2))out.push("outside:"+e.className+":"+Math.round(r.left)+","+Math.round(r.top)+","+Math.round(r.right)+","+Math.round(r.bottom))});
if(out.length)throw new Error("PROBE "+out.slice(0,6).join(" | "));return 0})()`

// shootC renders a page in the pool: the image, and the probe's report ("" when clean).
func shootC(pool *renderer.Pool, p Page) (image.Image, string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	var img image.Image
	err := pool.FramesFunc(ctx, renderer.Page{HTML: p.HTML, Width: p.Width, Height: p.Height, Transparent: p.Transparent},
		[]string{"0", probeC}, func(i int, im image.Image) error {
			if i == 0 {
				img = im
			}
			return nil
		})
	if err != nil && img != nil && errors.Is(err, renderer.ErrStep) {
		msg := err.Error()
		if i := strings.Index(msg, "PROBE "); i >= 0 {
			return img, msg[i+6:], nil
		}
	}
	return img, "", err
}
