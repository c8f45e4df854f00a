package carousel

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"io"
	"log/slog"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/branding"
	"github.com/brandgen/brandgen/patterns"
	"github.com/brandgen/brandgen/pdfdoc"
	"github.com/brandgen/brandgen/renderer"
	"github.com/brandgen/brandgen/renderer/browsertest"
	"github.com/brandgen/brandgen/slides"
	"github.com/brandgen/brandgen/studio"
	"github.com/brandgen/brandgen/templates"
)

var (
	pool    *renderer.Pool
	catalog *patterns.Catalog
	maker   *Maker
	quiet   = slog.New(slog.NewTextHandler(io.Discard, nil))
)

func TestMain(m *testing.M) {
	browsertest.Main(m, renderer.Config{Logger: quiet}, func(p *renderer.Pool) error {
		pool = p
		pages, err := templates.New()
		if err != nil {
			return fmt.Errorf("templates: %w", err)
		}
		if catalog, err = patterns.New(); err != nil {
			return fmt.Errorf("patterns: %w", err)
		}
		maker = New(studio.New(pages, pool, branding.NewResolver(branding.ResolverOptions{Logger: quiet}), nil), quiet)
		return nil
	})
}

func TestDecode(t *testing.T) {
	good := `{"kind":"point","title":"Pool your connections"}`
	cases := []struct {
		name, raw string
		want      []string // issue fields; nil: valid
	}{
		{"valid", `[{"kind":"cover","title":"Five lessons"},` + good + `,{"kind":"cta","title":"Follow"}]`, nil},
		{"missing", ``, []string{"slides"}},
		{"not an array", `{"kind":"cover"}`, []string{"slides"}},
		{"empty", `[]`, []string{"slides"}},
		{"eleven", `[` + strings.Repeat(good+",", 10) + good + `]`, []string{"slides"}},
		{"no kind", `[{"title":"x"}]`, []string{"slides[0].kind"}},
		{"unknown kind", `[` + good + `,{"kind":"poster","title":"x"}]`, []string{"slides[1].kind"}},
		{"not an object", `[` + good + `,"hello"]`, []string{"slides[1]"}},
		{"every bad field", `[{"kind":"cover","title":""},` + good + `,{"kind":"list","title":"t","items":["a","` + strings.Repeat("x", 101) + `"]},{"kind":"stat","value":"12345678901234567","label":"x","extra":1}]`,
			[]string{"slides[0].title", "slides[2].items[1]", "slides[3].extra", "slides[3].value"}},
		{"donut total", `[{"kind":"chart","title":"t","chartType":"donut","data":[{"label":"a","value":0},{"label":"b","value":0}]}]`, []string{"slides[0].data"}},
		{"chart type", `[{"kind":"chart","title":"t","chartType":"kpi","data":[{"label":"a","value":1},{"label":"b","value":2}]}]`, []string{"slides[0].chartType"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			typed, issues := Decode(catalog, json.RawMessage(c.raw), "slides", slides.MinSlides, slides.MaxSlides)
			var fields []string
			for _, is := range issues {
				fields = append(fields, is.Field)
				if is.Message == "" {
					t.Errorf("issue %s has no message", is.Field)
				}
			}
			if strings.Join(fields, ",") != strings.Join(c.want, ",") {
				t.Fatalf("issues %v, want %v", issues, c.want)
			}
			if c.want == nil && len(typed) != 3 {
				t.Fatalf("typed = %v", typed)
			}
		})
	}
}

// deckOf decodes the first sample of each kind given.
func deckOf(t *testing.T, kinds ...string) []any {
	t.Helper()
	var out []any
	for _, k := range kinds {
		out = append(out, slides.Samples(k)[0].Slide)
	}
	return out
}

func TestMakePDF(t *testing.T) {
	for _, tool := range []string{"pdfinfo", "pdftotext", "pdftoppm", "pdftocairo"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Fatalf("%s is not installed (poppler-utils)", tool)
		}
	}
	deck := deckOf(t, slides.Cover, slides.Code, slides.Chart, slides.CTA)
	for _, size := range Sizes {
		t.Run(string(size), func(t *testing.T) {
			got, err := maker.Make(context.Background(), Request{Slides: deck, Look: brandgen.Look{Size: size, Style: brandgen.StyleEditorial},
				Brand: &brandgen.Brand{Name: "Northwind Labs"}})
			if err != nil {
				t.Fatal(err)
			}
			w, h := size.Pixels()
			dir := t.TempDir()
			path := filepath.Join(dir, "deck.pdf")
			if err := os.WriteFile(path, got.PDF, 0o644); err != nil {
				t.Fatal(err)
			}
			info := strings.Join(strings.Fields(run(t, "pdfinfo", path)), " ")
			for _, want := range []string{fmt.Sprintf("Pages: %d", len(deck)), "Author: Northwind Labs",
				"Title: " + slides.Title(deck[0]), fmt.Sprintf("Page size: %g x %g pts", float64(w)*pdfdoc.PointsPerPixel, float64(h)*pdfdoc.PointsPerPixel)} {
				if !strings.Contains(info, want) {
					t.Errorf("pdfinfo lacks %q: %s", want, info)
				}
			}
			text := strings.Join(strings.Fields(run(t, "pdftotext", path, "-")), " ")
			for _, s := range deck {
				if title := strings.Join(strings.Fields(slides.Title(s)), " "); !strings.Contains(text, title) {
					t.Errorf("the text layer lacks the title %q:\n%s", title, text)
				}
			}
			if !strings.Contains(text, "statement_timeout") {
				t.Errorf("the text layer lacks the code:\n%s", text)
			}
			// pdftoppm (Splash) resamples page images a little at their edges; pdftocairo draws them
			// pixel for pixel, which shows the embedding is lossless.
			run(t, "pdftoppm", "-r", "96", "-png", path, filepath.Join(dir, "p"))
			run(t, "pdftocairo", "-r", "96", "-png", path, filepath.Join(dir, "c"))
			if d := os.Getenv("CAROUSEL_KEEP"); d != "" {
				exec.Command("cp", "-r", dir, d+"/"+string(size)).Run()
				for i, b := range got.PNGs {
					os.WriteFile(fmt.Sprintf("%s/%s/s-%d.png", d, size, i+1), b, 0o644)
				}
			}
			for i, b := range got.PNGs {
				want, err := png.Decode(bytes.NewReader(b))
				if err != nil {
					t.Fatal(err)
				}
				if want.Bounds().Dx() != w || want.Bounds().Dy() != h {
					t.Fatalf("slide %d is %v", i+1, want.Bounds())
				}
				page := decodeFile(t, filepath.Join(dir, fmt.Sprintf("p-%d.png", i+1)))
				if d, far := diff(page, want); d > 4 || far > 0.06 {
					t.Errorf("pdftoppm's page %d differs from slide %d by %.2f per channel, %.1f%% of pixels by more than 16", i+1, i+1, d, far*100)
				}
				exact := decodeFile(t, filepath.Join(dir, fmt.Sprintf("c-%d.png", i+1)))
				if d, far := diff(exact, want); d > 0.05 || far > 0 {
					t.Errorf("pdftocairo's page %d differs from slide %d by %.3f per channel, %.3f%% of pixels by more than 16", i+1, i+1, d, far*100)
				}
			}
		})
	}
}

// TestMakeRepeatable: the same deck renders to the same bytes, PNGs and PDF alike (what lets a
// /carousel answer's content.slides re-render to the same images).
func TestMakeRepeatable(t *testing.T) {
	deck := deckOf(t, slides.Cover, slides.Stat, slides.Quote, slides.CTA)
	req := Request{Slides: deck, Look: brandgen.Look{Style: brandgen.StyleGlass, Theme: brandgen.ThemeDark}}
	a, err := maker.Make(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	b, err := maker.Make(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	for i := range a.PNGs {
		if !bytes.Equal(a.PNGs[i], b.PNGs[i]) {
			t.Errorf("slide %d differs between two renders", i+1)
		}
	}
	if !bytes.Equal(a.PDF, b.PDF) {
		t.Errorf("the PDF differs between two renders (%d and %d bytes)", len(a.PDF), len(b.PDF))
	}
}

func run(t *testing.T, name string, args ...string) string {
	t.Helper()
	out, err := exec.Command(name, args...).CombinedOutput()
	if err != nil {
		t.Fatalf("%s %v: %v\n%s", name, args, err, out)
	}
	return string(out)
}

func decodeFile(t *testing.T, path string) image.Image {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	return img
}

// diff compares two same-size images: the mean absolute difference per channel (0-255) and the
// share of pixels where some channel differs by more than 16.
func diff(a, b image.Image) (mean, far float64) {
	if a.Bounds().Size() != b.Bounds().Size() {
		return 255, 1
	}
	var sum, n, farN float64
	for y := 0; y < b.Bounds().Dy(); y++ {
		for x := 0; x < b.Bounds().Dx(); x++ {
			r1, g1, b1, _ := a.At(a.Bounds().Min.X+x, a.Bounds().Min.Y+y).RGBA()
			r2, g2, b2, _ := b.At(b.Bounds().Min.X+x, b.Bounds().Min.Y+y).RGBA()
			worst := 0.0
			for _, d := range []float64{float64(r1) - float64(r2), float64(g1) - float64(g2), float64(b1) - float64(b2)} {
				d = math.Abs(d) / 257
				sum += d
				worst = math.Max(worst, d)
			}
			if worst > 16 {
				farN++
			}
			n++
		}
	}
	return sum / n / 3, farN / n
}

func TestProbeLines(t *testing.T) {
	res, err := maker.studio.RenderSet(context.Background(), studio.Set{Probe: textProbe, Look: brandgen.Look{Style: brandgen.StyleBlueprint},
		Pages: []studio.SetPage{{Pattern: slides.PatternID(slides.Stat), Content: slides.Pages(deckOf(t, slides.Stat))[0]}}})
	if err != nil {
		t.Fatal(err)
	}
	lines, err := parseLines(res.Shots[0].Probe)
	if err != nil {
		t.Fatal(err)
	}
	// The lines come in reading order, each at its place: the value above its label, the label's
	// three lines one under the other (the slide's text grows to fill its body), the footer's
	// counter and swipe cue left out (aria-hidden).
	want := []string{"10k QPS", "sustained on a", "single primary", "after the rework", "Up from 1,800 QPS, on", "the same hardware.", "Internal load test, March 2026"}
	var got []pdfdoc.Line
	for _, l := range lines {
		if slices.Contains(want, l.Text) {
			got = append(got, l)
		}
		if strings.Contains(l.Text, "03") || strings.Contains(l.Text, "Swipe") {
			t.Errorf("the footer is in the text layer: %+v", l)
		}
	}
	if len(got) != len(want) {
		t.Fatalf("lines %+v, want %q", lines, want)
	}
	for i, l := range got {
		if l.Text != want[i] || l.X < 79 || l.W <= 0 || l.H <= 0 || l.Size <= 0 || (i > 0 && l.Y <= got[i-1].Y) {
			t.Errorf("line %d = %+v", i, l)
		}
	}
	if got[0].Size <= got[1].Size || got[1].Size <= got[4].Size {
		t.Errorf("sizes do not follow the hierarchy: %+v", got)
	}
}

// unprobed renders plain PNGs and no text positions (a renderer that cannot probe).
type unprobed struct{}

func (unprobed) RenderSet(_ context.Context, set studio.Set) (studio.SetResult, error) {
	img := image.NewRGBA(image.Rect(0, 0, 108, 135))
	var b bytes.Buffer
	png.Encode(&b, img)
	res := studio.SetResult{Badge: brandgen.Badge{Show: true, Handle: "@northwind"}}
	for range set.Pages {
		res.Shots = append(res.Shots, studio.Shot{PNG: b.Bytes(), Width: 108, Height: 135})
	}
	return res, nil
}

// Without measured positions the text layer is estimated from the slides' own words: the PDF
// still holds them, and the handle stands in for a missing brand name as the author.
func TestMakeWithoutProbe(t *testing.T) {
	deck := deckOf(t, slides.Cover, slides.List, slides.CTA)
	got, err := New(unprobed{}, quiet).Make(context.Background(), Request{Slides: deck})
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "deck.pdf")
	os.WriteFile(path, got.PDF, 0o644)
	text := strings.Join(strings.Fields(run(t, "pdftotext", path, "-")), " ")
	for _, want := range []string{slides.Title(deck[0]), "A quick start that runs in 30 seconds", "Found this useful?"} {
		if !strings.Contains(text, want) {
			t.Errorf("text layer lacks %q: %s", want, text)
		}
	}
	if info := strings.Join(strings.Fields(run(t, "pdfinfo", path)), " "); !strings.Contains(info, "Author: @northwind") || !strings.Contains(info, "Pages: 3") {
		t.Errorf("pdfinfo: %s", info)
	}
}
