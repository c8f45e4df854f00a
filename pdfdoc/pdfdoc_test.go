package pdfdoc

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// testPNG draws a w x h picture with a coloured block, opaque or with a transparent corner.
func testPNG(t *testing.T, w, h int, alpha bool) []byte {
	t.Helper()
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			c := color.NRGBA{uint8(x * 255 / w), uint8(y * 255 / h), 160, 255}
			if alpha && x < w/4 && y < h/4 {
				c.A = 0
			}
			img.SetNRGBA(x, y, c)
		}
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func need(t *testing.T, tools ...string) {
	t.Helper()
	for _, tool := range tools {
		if _, err := exec.LookPath(tool); err != nil {
			if os.Getenv("CI") == "true" {
				t.Fatalf("%s is not installed (poppler-utils)", tool)
			}
			t.Skipf("%s is not installed (poppler-utils)", tool)
		}
	}
}

func tool(t *testing.T, name string, args ...string) string {
	t.Helper()
	out, err := exec.Command(name, args...).CombinedOutput()
	if err != nil {
		t.Fatalf("%s %v: %v\n%s", name, args, err, out)
	}
	return string(out)
}

func TestBuildOpensInPoppler(t *testing.T) {
	need(t, "pdfinfo", "pdftotext", "pdftoppm")
	pages := []Page{
		{PNG: testPNG(t, 1080, 1350, false), Width: 1080, Height: 1350, Lines: []Line{
			{Text: "Five lessons from scaling Postgres", X: 80, Y: 400, W: 900, H: 80, Size: 72},
			{Text: "Pool your connections 🚀 first", X: 80, Y: 600, W: 600, H: 40, Size: 32},
		}},
		{PNG: testPNG(t, 1080, 1350, true), Width: 1080, Height: 1350, Lines: []Line{
			{Text: "用 Go 构建高性能 API 服务", X: 80, Y: 300, W: 800, H: 60, Size: 56},
		}},
	}
	b, err := Build(pages, Info{Title: "Scaling Postgres", Author: "Northwind Labs"})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "deck.pdf")
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	info := strings.Join(strings.Fields(tool(t, "pdfinfo", path)), " ")
	for _, want := range []string{"Pages: 2", "Title: Scaling Postgres", "Author: Northwind Labs", "Page size: 810 x 1012.5 pts"} {
		if !strings.Contains(info, want) {
			t.Errorf("pdfinfo lacks %q:\n%s", want, info)
		}
	}
	text := tool(t, "pdftotext", "-layout", path, "-")
	for _, want := range []string{"Five lessons from scaling Postgres", "Pool your connections", "first"} {
		if !strings.Contains(text, want) {
			t.Errorf("text layer lacks %q:\n%s", want, text)
		}
	}
	if _, err := os.Stat(CJKFontPaths[0]); err == nil && !strings.Contains(strings.ReplaceAll(text, " ", ""), "用Go构建高性能API服务") {
		t.Errorf("text layer lacks the CJK line:\n%s", text)
	}
	// Where the words are: pdftotext -bbox puts "Five" near (80, 400) px = (60, 300) pt.
	bbox := tool(t, "pdftotext", "-bbox", "-f", "1", "-l", "1", path, "-")
	m := regexp.MustCompile(`xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">Five<`).FindStringSubmatch(bbox)
	if m == nil {
		t.Fatalf("no bbox for Five:\n%.2000s", bbox)
	}
	x, _ := strconv.ParseFloat(m[1], 64)
	y, _ := strconv.ParseFloat(m[2], 64)
	if x < 55 || x > 66 || y < 290 || y > 330 {
		t.Errorf("Five at (%.1f, %.1f) pt, want about (60, 300..330)", x, y)
	}
	// The text layer is invisible: the page raster is the image.
	tool(t, "pdftoppm", "-r", "96", "-png", path, filepath.Join(dir, "p"))
	for i, pg := range pages {
		got := decodeFile(t, filepath.Join(dir, "p-"+strconv.Itoa(i+1)+".png"))
		want, err := png.Decode(bytes.NewReader(pg.PNG))
		if err != nil {
			t.Fatal(err)
		}
		if d := meanDiff(got, want, i == 1); d > 2 {
			t.Errorf("page %d raster differs from the image by %.2f per channel", i+1, d)
		}
	}
}

func decodeFile(t *testing.T, path string) image.Image {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	return img
}

// meanDiff is the mean absolute difference per channel of two same-size images (want flattened
// onto white when flatten).
func meanDiff(got, want image.Image, flatten bool) float64 {
	b := want.Bounds()
	if got.Bounds().Dx() != b.Dx() || got.Bounds().Dy() != b.Dy() {
		return 255
	}
	var sum, n float64
	for y := b.Min.Y; y < b.Max.Y; y += 3 {
		for x := b.Min.X; x < b.Max.X; x += 3 {
			r1, g1, b1, _ := got.At(x, y).RGBA()
			r2, g2, b2, a2 := want.At(x, y).RGBA()
			if flatten {
				r2, g2, b2 = r2+(0xffff-a2), g2+(0xffff-a2), b2+(0xffff-a2)
			}
			sum += absDiff(r1, r2) + absDiff(g1, g2) + absDiff(b1, b2)
			n += 3
		}
	}
	return sum / n / 257
}

func absDiff(a, b uint32) float64 {
	if a > b {
		return float64(a - b)
	}
	return float64(b - a)
}

func TestNeedsCJK(t *testing.T) {
	for _, tc := range []struct {
		text string
		want bool
	}{
		{"Pool your connections 🚀 first", false},
		{"We 👩‍💻 ship 🇯🇵 1️⃣ ❤️", false},
		{"© ★ ✓ — “quoted”", false},
		{"用Go构建高性能API服务", true},
		{"「Go」", true}, // CJK punctuation is drawn with the CJK font
		{"シニア", true},
	} {
		if got := needsCJK(tc.text); got != tc.want {
			t.Errorf("needsCJK(%q) = %v, want %v", tc.text, got, tc.want)
		}
	}
}

func TestOpaquePNG(t *testing.T) {
	opaque := testPNG(t, 40, 30, false)
	if got, err := opaquePNG(opaque); err != nil || !bytes.Equal(got, opaque) {
		t.Fatalf("an opaque PNG is copied as is: %v", err)
	}
	flat, err := opaquePNG(testPNG(t, 40, 30, true))
	if err != nil {
		t.Fatal(err)
	}
	if flat[25] != 2 { // truecolour without alpha
		t.Fatalf("flattened colour type %d, want 2", flat[25])
	}
	if _, err := opaquePNG([]byte("GIF89a")); err == nil {
		t.Fatal("a GIF is accepted")
	}
}
