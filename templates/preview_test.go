package templates

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/static"
)

const chromiumBin = "/usr/lib/chromium/chromium-headless-shell"

// needChromium skips without a browser, except under CI=true where a missing browser fails.
func needChromium(t testing.TB) {
	t.Helper()
	if _, err := os.Stat(chromiumBin); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("chromium missing at %s: %v", chromiumBin, err)
		}
		t.Skipf("chromium missing at %s", chromiumBin)
	}
}

// previewHTML rewrites the internal origin to the static directory on disk, so a file:// page can
// load the fonts.
func previewHTML(t testing.TB, html string) string {
	t.Helper()
	dir, err := filepath.Abs("../static")
	if err != nil {
		t.Fatal(err)
	}
	return strings.ReplaceAll(html, static.Origin, "file://"+dir+"/")
}

// chromium runs headless Chromium on the page: it returns the screenshot and the DOM after the
// page's scripts ran (the fit script has set data-ready by then).
func chromium(t testing.TB, p Page) (image.Image, string) {
	t.Helper()
	needChromium(t)
	dir := t.TempDir()
	file := filepath.Join(dir, "page.html")
	if err := os.WriteFile(file, []byte(previewHTML(t, p.HTML)), 0o644); err != nil {
		t.Fatal(err)
	}
	shot := filepath.Join(dir, "shot.png")
	args := func(extra ...string) []string {
		a := []string{"--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
			"--allow-file-access-from-files", "--force-device-scale-factor=1",
			"--run-all-compositor-stages-before-draw", "--virtual-time-budget=20000",
			fmt.Sprintf("--window-size=%d,%d", p.Width, p.Height)}
		if p.Transparent {
			a = append(a, "--default-background-color=00000000")
		}
		return append(append(a, extra...), "file://"+file)
	}
	run := func(a []string) []byte {
		cmd := exec.Command(chromiumBin, a...)
		cmd.Dir = dir
		var out, errb bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errb
		done := make(chan error, 1)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
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
		return out.Bytes()
	}
	run(args("--screenshot=" + shot))
	dom := run(args("--dump-dom"))
	f, err := os.Open(shot)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("decode screenshot: %v", err)
	}
	return img, string(dom)
}

func writePNG(t testing.TB, path string, img image.Image) {
	t.Helper()
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

type specimenItem struct{ Title, Body string }

type specimen struct {
	Kicker, Headline, Lead string
	Items                  []specimenItem
}

func testSet(t testing.TB) *Set {
	t.Helper()
	s, err := newSet(files, os.DirFS("testdata"))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestPreview renders sample pages in every style x theme x size into $BRANDGEN_PREVIEW_DIR with one
// contact sheet per pattern, for a person to look at. Skipped unless the variable is set.
func TestPreview(t *testing.T) {
	out := os.Getenv("BRANDGEN_PREVIEW_DIR")
	if out == "" {
		t.Skip("set BRANDGEN_PREVIEW_DIR to write previews")
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		t.Fatal(err)
	}
	s := testSet(t)
	only := os.Getenv("BRANDGEN_PREVIEW_ONLY") // e.g. "chart-bar" or "specimen"
	sizes := brandgen.Sizes
	if v := os.Getenv("BRANDGEN_PREVIEW_SIZES"); v != "" {
		sizes = nil
		for _, x := range strings.Split(v, ",") {
			sizes = append(sizes, brandgen.Size(x))
		}
	}
	for _, sample := range previewSamples() {
		if only != "" && !strings.Contains(sample.name, only) {
			continue
		}
		var imgs []image.Image
		var labels []string
		for _, size := range sizes {
			for _, style := range brandgen.Styles {
				for _, theme := range brandgen.Themes {
					opt := sample.opt
					opt.Look = brandgen.Look{Size: size, Theme: theme, Style: style}
					page, err := s.Build(sample.pattern, sample.content, opt)
					if err != nil {
						t.Fatalf("%s: %v", sample.name, err)
					}
					img, _ := chromium(t, page)
					name := fmt.Sprintf("%s-%s-%s-%s", sample.name, size, style, theme)
					writePNG(t, filepath.Join(out, name+".png"), img)
					imgs = append(imgs, Thumbnail(img, 360))
					labels = append(labels, fmt.Sprintf("%s %s %s", size, style, theme))
				}
			}
		}
		writePNG(t, filepath.Join(out, sample.name+"-sheet.png"), ContactSheet(imgs, 8, labels))
	}
}
