package templates

import (
	"bytes"
	"fmt"
	"html/template"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/posts"
)

// postsA are the post formats of group "a".
var postsA = []string{posts.Cover, posts.Roadmap, posts.Listicle, posts.Checklist, posts.Resources, posts.Comparison}

// requiredTextsA lists the texts of a content value the page must show.
func requiredTextsA(t *testing.T, content any) []string {
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
	case posts.CoverContent:
		add(c.Kicker, c.Title, c.Subtitle, c.Footer)
	case posts.RoadmapContent:
		add(c.Title, c.Subtitle)
		for _, m := range c.Milestones {
			// A period is set as its parts (placeParts: each kept whole, the line breaks after a separator).
			add(placeParts(m.When)...)
			add(m.Title, m.Text)
		}
	case posts.ListicleContent:
		add(c.Kicker, c.Title, c.Footer)
		for _, it := range c.Items {
			add(it.Title, it.Text)
		}
	case posts.ChecklistContent:
		add(c.Title, c.Subtitle)
		for _, it := range c.Items {
			add(it.Text)
		}
	case posts.ResourcesContent:
		add(c.Title, c.Subtitle)
		for _, it := range c.Items {
			add(it.Name, it.Text, it.Link, it.Tag)
		}
	case posts.ComparisonContent:
		add(c.Title, c.Left, c.Right, c.Verdict)
		for _, r := range c.Rows {
			add(r.Label, r.Left, r.Right)
		}
	default:
		t.Fatalf("unexpected content type %T", content)
	}
	return out
}

// TestPostsABuild builds every group-a format x sample x style x theme x size and checks the page:
// it builds, every text of the content is on the page, escaped, and the markers the format draws
// (numbers, ticks, status, winner) are there.
func TestPostsABuild(t *testing.T) {
	s, err := New()
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range postsA {
		if !s.Has(id) {
			t.Fatalf("no template for %s", id)
		}
		samples := posts.Samples(id)
		if len(samples) < 3 {
			t.Fatalf("%s: %d samples, want at least short, long and one with emoji or CJK", id, len(samples))
		}
		t.Run(id, func(t *testing.T) {
			t.Parallel()
			buildFormatA(t, s, id, samples)
		})
	}
}

// buildFormatA builds one format's samples in every look and checks each page.
func buildFormatA(t *testing.T, s *Set, id string, samples []posts.Sample) {
	for _, sm := range samples {
		for _, size := range brandgen.Sizes {
			for _, style := range brandgen.Styles {
				for _, theme := range brandgen.Themes {
					name := fmt.Sprintf("%s/%s/%s/%s/%s", id, sm.Name, size, style, theme)
					page, err := s.Build(id, sm.Content, Options{Look: brandgen.Look{Size: size, Theme: theme, Style: style},
						Badge: acmeBadge, Layout: sm.Layout})
					if err != nil {
						t.Fatalf("%s: %v", name, err)
					}
					w, h := size.Pixels()
					if page.Width != w || page.Height != h {
						t.Errorf("%s: page %dx%d, want %dx%d", name, page.Width, page.Height, w, h)
					}
					for _, txt := range requiredTextsA(t, sm.Content) {
						if !strings.Contains(plainEmoji(page.HTML), textEscaper.Replace(txt)) {
							t.Errorf("%s: page lacks %q", name, txt)
						}
					}
					checkMarkersA(t, name, page.HTML, sm.Content)
					checkLayoutA(t, name, id, page.HTML, sm.Layout, twoColsA(size, sm))
				}
			}
		}
	}
}

// layoutClassA is the class a list format's root element carries in two columns.
var layoutClassA = map[string]string{posts.Listicle: `class="p-list two`, posts.Checklist: `class="p-check two`, posts.Resources: `class="p-res two`}

// checkLayoutA checks that an explicit layout hint is obeyed.
func checkLayoutA(t *testing.T, name, id, html, layout string, want bool) {
	t.Helper()
	marker, ok := layoutClassA[id]
	if !ok || layout == "" {
		return
	}
	if got := strings.Contains(html, marker); got != want {
		t.Errorf("%s: layout %s, two columns drawn = %v", name, layout, got)
	}
}

// twoColsA reports whether a sample's page draws two columns: its layout asks for them, except a
// checklist under nine items in the 1080 px wide portrait and story, which takes one column (two
// 440 px columns set short items a word a line there), and resources there under six items in
// portrait and always in story (two columns of cards broke short names: "Refactoring | UI 📘").
func twoColsA(size brandgen.Size, sm posts.Sample) bool {
	if sm.Layout != "2col" {
		return false
	}
	if c, ok := sm.Content.(posts.ChecklistContent); ok && (size == brandgen.SizePortrait || size == brandgen.SizeStory) {
		return len(c.Items) >= 9
	}
	if c, ok := sm.Content.(posts.ResourcesContent); ok && (size == brandgen.SizePortrait || size == brandgen.SizeStory) {
		return size == brandgen.SizePortrait && len(c.Items) >= 6
	}
	return true
}

// checkMarkersA checks the format-specific structure of a built page.
func checkMarkersA(t *testing.T, name, html string, content any) {
	t.Helper()
	count := func(s string) int { return strings.Count(html, s) }
	switch c := content.(type) {
	case posts.RoadmapContent:
		for _, st := range []string{"done", "now", "next"} {
			want := 0
			for _, m := range c.Milestones {
				if m.Status == st {
					want++
				}
			}
			if got := count(`data-status="` + st + `">`); got != want {
				t.Errorf("%s: %d milestones marked %s, want %d", name, got, st, want)
			}
		}
	case posts.ListicleContent:
		for i := range c.Items {
			if !strings.Contains(html, fmt.Sprintf(">%02d<", i+1)) {
				t.Errorf("%s: numeral %02d missing", name, i+1)
			}
		}
	case posts.ChecklistContent:
		checked := 0
		for _, it := range c.Items {
			if it.Checked {
				checked++
			}
		}
		if got := count(`data-checked="true">`); got != checked {
			t.Errorf("%s: %d ticked items, want %d", name, got, checked)
		}
		if got := count(`data-checked="false">`); got != len(c.Items)-checked {
			t.Errorf("%s: %d open items, want %d", name, got, len(c.Items)-checked)
		}
	case posts.ResourcesContent:
		if got := count(`<li class="pr-item`); got != len(c.Items) {
			t.Errorf("%s: %d resources drawn, want %d", name, got, len(c.Items))
		}
	case posts.ComparisonContent:
		if got := count(`class="pq-row`); got != len(c.Rows) {
			t.Errorf("%s: %d rows drawn, want %d", name, got, len(c.Rows))
		}
		if c.Winner != "" && !strings.Contains(html, `data-winner="`+c.Winner+`"`) {
			t.Errorf("%s: winner %s not marked", name, c.Winner)
		}
	}
}

// TestPostsAEscapes checks that markup in content reaches the page as text.
func TestPostsAEscapes(t *testing.T) {
	s, err := New()
	if err != nil {
		t.Fatal(err)
	}
	evil := `<img src=x onerror=alert(1)>`
	contents := map[string]any{
		posts.Cover:   posts.CoverContent{Kicker: evil, Title: evil, Subtitle: evil, Footer: evil},
		posts.Roadmap: posts.RoadmapContent{Title: evil, Subtitle: evil, Milestones: []posts.Milestone{{When: evil, Title: evil, Text: evil, Status: "done"}, {When: "b", Title: "b"}}},
		posts.Listicle: posts.ListicleContent{Kicker: evil, Title: evil, Footer: evil,
			Items: []posts.Item{{Title: evil, Text: evil}, {Title: "b"}, {Title: "c"}}},
		posts.Checklist: posts.ChecklistContent{Title: evil, Subtitle: evil, Items: []posts.Check{{Text: evil}, {Text: "b", Checked: true}, {Text: "c"}}},
		posts.Resources: posts.ResourcesContent{Title: evil, Subtitle: evil, Items: []posts.Resource{{Name: evil, Text: evil, Link: evil, Tag: evil}, {Name: "b"}}},
		posts.Comparison: posts.ComparisonContent{Title: evil, Left: evil, Right: evil, Verdict: evil, Winner: "left",
			Rows: []posts.Row{{Label: evil, Left: evil, Right: evil}, {Left: "b", Right: "c"}}},
	}
	for _, id := range postsA {
		page, err := s.Build(id, contents[id], Options{Badge: acmeBadge})
		if err != nil {
			t.Fatalf("%s: %v", id, err)
		}
		if strings.Contains(page.HTML, "<img src=x") {
			t.Errorf("%s: markup from content reached the page unescaped", id)
		}
		if !strings.Contains(page.HTML, template.HTMLEscapeString("<img src=x onerror=alert(1)>")) {
			t.Errorf("%s: escaped content missing", id)
		}
	}
}

// TestPostsASamples checks the samples against the content schema: every string within its
// maxLength, lists within maxItems and minItems, and the "long" sample at the limits.
func TestPostsASamples(t *testing.T) {
	for _, id := range postsA {
		var long *posts.Sample
		names := map[string]bool{}
		for i, sm := range posts.Samples(id) {
			names[sm.Name] = true
			if sm.Name == "long" {
				long = &posts.Samples(id)[i]
			}
			for _, is := range schemaIssuesA(reflect.ValueOf(sm.Content), "", false) {
				t.Errorf("%s/%s: %s", id, sm.Name, is)
			}
			if sm.Layout != "" && !slices.Contains(posts.Layouts[id], sm.Layout) {
				t.Errorf("%s/%s: layout %q not allowed", id, sm.Name, sm.Layout)
			}
		}
		if !names["short"] {
			t.Errorf("%s: no short sample", id)
		}
		if !names["emoji"] && !names["cjk"] {
			t.Errorf("%s: no sample with emoji or CJK text", id)
		}
		if long == nil {
			t.Errorf("%s: no long sample", id)
			continue
		}
		for _, is := range schemaIssuesA(reflect.ValueOf(long.Content), "", true) {
			t.Errorf("%s/long: %s", id, is)
		}
	}
}

var tagNumA = regexp.MustCompile(`(minLength|maxLength|minItems|maxItems)=(\d+)`)

// schemaIssuesA walks a content value against its jsonschema tags. With full, strings must be at
// least 90% of their maxLength and lists at maxItems.
func schemaIssuesA(v reflect.Value, path string, full bool) []string {
	var out []string
	typ := v.Type()
	for i := 0; i < typ.NumField(); i++ {
		f := typ.Field(i)
		lim := map[string]int{}
		for _, m := range tagNumA.FindAllStringSubmatch(f.Tag.Get("jsonschema"), -1) {
			lim[m[1]], _ = strconv.Atoi(m[2])
		}
		fv := v.Field(i)
		p := path + f.Name
		switch fv.Kind() {
		case reflect.String:
			n := utf8.RuneCountInString(fv.String())
			if mx, ok := lim["maxLength"]; ok && n > mx {
				out = append(out, fmt.Sprintf("%s: %d characters, max %d", p, n, mx))
			}
			if mn, ok := lim["minLength"]; ok && n < mn {
				out = append(out, fmt.Sprintf("%s: %d characters, min %d", p, n, mn))
			}
			if mx, ok := lim["maxLength"]; ok && full && n*10 < mx*9 {
				out = append(out, fmt.Sprintf("%s: %d characters, the long sample wants about %d", p, n, mx))
			}
		case reflect.Slice:
			n := fv.Len()
			if mx, ok := lim["maxItems"]; ok && n > mx {
				out = append(out, fmt.Sprintf("%s: %d items, max %d", p, n, mx))
			}
			if mn, ok := lim["minItems"]; ok && n < mn {
				out = append(out, fmt.Sprintf("%s: %d items, min %d", p, n, mn))
			}
			if mx, ok := lim["maxItems"]; ok && full && n != mx {
				out = append(out, fmt.Sprintf("%s: %d items, the long sample wants %d", p, n, mx))
			}
			for j := 0; j < n; j++ {
				if fv.Index(j).Kind() == reflect.Struct {
					out = append(out, schemaIssuesA(fv.Index(j), fmt.Sprintf("%s[%d].", p, j), full)...)
				}
			}
		}
	}
	return out
}

// TestPostsAPreview renders the group-a formats into contact sheets under /tmp/posts/<id>/ for a
// person to look at. Skipped unless BRANDGEN_PREVIEW=1. Filters (comma lists):
// BRANDGEN_PREVIEW_FORMATS, BRANDGEN_PREVIEW_SAMPLES, BRANDGEN_PREVIEW_SIZES, BRANDGEN_PREVIEW_STYLES.
// Each page is also checked for text the fit script had to clamp and for content outside the frame.
func TestPostsAPreview(t *testing.T) {
	if os.Getenv("BRANDGEN_PREVIEW") != "1" {
		t.Skip("set BRANDGEN_PREVIEW=1 to write previews to /tmp/posts")
	}
	needChromium(t)
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
	sizes, styles := filter("BRANDGEN_PREVIEW_SIZES"), filter("BRANDGEN_PREVIEW_STYLES")
	for _, id := range postsA {
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
				var imgs []image.Image
				var labels []string
				for _, style := range brandgen.Styles {
					if styles != nil && !styles[string(style)] {
						continue
					}
					for _, theme := range brandgen.Themes {
						badge := acmeBadge
						if theme == brandgen.ThemeDark {
							badge = defaultBadge
						}
						page, err := s.Build(id, sm.Content, Options{Look: brandgen.Look{Size: size, Theme: theme, Style: style},
							Badge: badge, Layout: sm.Layout})
						if err != nil {
							t.Fatalf("%s: %v", id, err)
						}
						name := fmt.Sprintf("%s-%s-%s-%s", sm.Name, size, style, theme)
						img, report := shootA(t, page)
						if report != "" {
							t.Logf("%s/%s: %s", id, name, report)
						}
						writePNG(t, filepath.Join(dir, name+".png"), img)
						imgs = append(imgs, Thumbnail(img, 540))
						labels = append(labels, fmt.Sprintf("%s %s %s", size, style, theme))
					}
				}
				if len(imgs) > 0 {
					cols := 4
					if size == brandgen.SizeLandscape {
						cols = 2
					}
					writePNG(t, filepath.Join(dir, fmt.Sprintf("sheet-%s-%s.png", sm.Name, size)), ContactSheet(imgs, cols, labels))
				}
			}
		}
	}
}

// probeA runs after the fit script and writes what went wrong into <html data-probe>: text the fit
// script clamped, and elements of the content reaching outside the frame or the canvas.
const probeA = `<script>(function(){function go(){if(!document.documentElement.getAttribute("data-ready")){setTimeout(go,20);return}
var out=[];var f=document.querySelector(".frame").getBoundingClientRect();
document.querySelectorAll(".fit-clamped").forEach(function(e){out.push("clamped:"+e.className+":"+e.textContent.slice(0,30))});
var atmin=0;document.querySelectorAll("[data-fit]").forEach(function(e){if(parseFloat(getComputedStyle(e).fontSize)<=Math.max(8,parseFloat(e.getAttribute("data-fit"))||12)+0.01)atmin++});if(atmin)out.push("at-min:"+atmin);
document.querySelectorAll("[data-fit]").forEach(function(e){if(e.scrollHeight>e.clientHeight+1||e.scrollWidth>e.clientWidth+1)out.push("overflow:"+e.className+":"+e.scrollWidth+"/"+e.clientWidth+"x"+e.scrollHeight+"/"+e.clientHeight+":"+getComputedStyle(e).fontSize+":"+e.textContent.slice(0,30))});
document.querySelectorAll(".content *").forEach(function(e){var r=e.getBoundingClientRect();if(r.width&&(r.bottom>f.bottom+10||r.top<f.top-10||r.left<f.left-10||r.right>f.right+10))out.push("outside:"+e.className+":"+Math.round(r.left)+","+Math.round(r.top)+","+Math.round(r.right)+","+Math.round(r.bottom))});
document.documentElement.setAttribute("data-probe",out.slice(0,6).join(" | "))}go()})()</script>`

const rafShimA = `<script>window.requestAnimationFrame=function(cb){return setTimeout(function(){cb(performance.now())},16)}</script>`

var probeAttrA = regexp.MustCompile(`data-probe="([^"]*)"`)

// shootA renders a page with one Chromium run: the screenshot and the probe's report.
func shootA(t *testing.T, p Page) (image.Image, string) {
	t.Helper()
	dir := t.TempDir()
	file := filepath.Join(dir, "page.html")
	html := strings.Replace(previewHTML(t, p.HTML), "</body>", probeA+"</body>", 1)
	// Chromium's --screenshot mode never runs animation frames on some pages (glass, with backdrop
	// filters), so the fit script would stall there; a timer stands in for them in previews.
	html = strings.Replace(html, "<head>", "<head>"+rafShimA, 1)
	if err := os.WriteFile(file, []byte(html), 0o644); err != nil {
		t.Fatal(err)
	}
	shot := filepath.Join(dir, "shot.png")
	cmd := exec.Command(chromiumBin, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
		"--allow-file-access-from-files", "--force-device-scale-factor=1",
		"--run-all-compositor-stages-before-draw", "--virtual-time-budget=20000",
		fmt.Sprintf("--window-size=%d,%d", p.Width, p.Height), "--screenshot="+shot, "--dump-dom", "file://"+file)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("chromium: %v\n%s", err, errb.String())
		}
	case <-time.After(60 * time.Second):
		_ = cmd.Process.Kill()
		t.Fatal("chromium timed out")
	}
	f, err := os.Open(shot)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("decode screenshot: %v", err)
	}
	report := ""
	if m := probeAttrA.FindSubmatch(out.Bytes()); m != nil {
		report = string(m[1])
	} else {
		report = "probe did not run"
	}
	return img, report
}

// TestChecklistTwoColumns builds a checklist with its layout pinned to "2col" in every size, with
// eight and nine short items: square and landscape draw two columns; the 1080 px wide portrait and
// story draw one under nine items (two 440 px columns set them a word a line) and two from nine.
func TestChecklistTwoColumns(t *testing.T) {
	s, err := New()
	if err != nil {
		t.Fatal(err)
	}
	items := func(n int) []posts.Check {
		var out []posts.Check
		for i := 0; i < n; i++ {
			out = append(out, posts.Check{Text: fmt.Sprintf("Item number %d", i+1)})
		}
		return out
	}
	for _, tc := range []struct {
		size brandgen.Size
		n    int
		two  bool
	}{
		{brandgen.SizePortrait, 8, false}, {brandgen.SizePortrait, 9, true},
		{brandgen.SizeStory, 8, false}, {brandgen.SizeStory, 9, true},
		{brandgen.SizeSquare, 8, true}, {brandgen.SizeLandscape, 8, true},
	} {
		c := posts.ChecklistContent{Title: "Packing list", Items: items(tc.n)}
		page, err := s.Build(posts.Checklist, c, Options{Look: brandgen.Look{Size: tc.size, Theme: brandgen.ThemeLight, Style: brandgen.StyleFlat},
			Badge: acmeBadge, Layout: "2col"})
		if err != nil {
			t.Fatalf("%s %d: %v", tc.size, tc.n, err)
		}
		if got := strings.Contains(page.HTML, `class="p-check two`); got != tc.two {
			t.Errorf("%s, %d items: two columns drawn = %v, want %v", tc.size, tc.n, got, tc.two)
		}
	}
}
