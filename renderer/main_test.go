package renderer

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"log/slog"
	"os"
	"os/exec"
	"strings"
	"testing"
	"testing/fstest"
	"time"
)

// shared is the package's pool for the tests that need no special configuration.
var shared *Pool

// testFonts maps asset paths to system font files copied into the test FS.
var testFonts = map[string]string{
	"fonts/Inter-Regular.otf": "/usr/share/fonts/opentype/inter/Inter-Regular.otf",
	"fonts/Inter-Bold.otf":    "/usr/share/fonts/opentype/inter/Inter-Bold.otf",
	"fonts/Test.otf":          "/usr/share/fonts/opentype/ebgaramond/EBGaramond12-Regular.otf",
}

// testAssets builds the assets FS of the tests. It returns nil when a font file is missing.
func testAssets() fstest.MapFS {
	fsys := fstest.MapFS{
		"css/test.css": {Data: []byte(`.from-css{background:rgb(0,0,255)}`)},
	}
	for name, src := range testFonts {
		b, err := os.ReadFile(src)
		if err != nil {
			return nil
		}
		fsys[name] = &fstest.MapFile{Data: b}
	}
	return fsys
}

// testChrome is the browser of the tests: BRANDGEN_TEST_CHROME, else CHROME_PATH (the Docker
// image's), else the pool's default search.
func testChrome() string {
	if v := os.Getenv("BRANDGEN_TEST_CHROME"); v != "" {
		return v
	}
	return os.Getenv("CHROME_PATH")
}

// chromeMissing says why the real-browser tests cannot run, or "".
func chromeMissing() string {
	if _, err := findChrome(testChrome()); err != nil {
		return err.Error()
	}
	if testAssets() == nil {
		return "test fonts missing (fonts-inter, fonts-ebgaramond)"
	}
	return ""
}

func testLogger() *slog.Logger {
	level := slog.LevelWarn
	if os.Getenv("BRANDGEN_TEST_DEBUG") != "" {
		level = slog.LevelDebug
	}
	return slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: level}))
}

func testConfig() Config {
	return Config{
		ChromePath:    testChrome(),
		Browsers:      1,
		Tabs:          2,
		RenderTimeout: 15 * time.Second,
		Assets:        testAssets(),
		Logger:        testLogger(),
		Flags:         strings.Fields(os.Getenv("BRANDGEN_TEST_FLAGS")),
	}
}

func TestMain(m *testing.M) {
	if why := chromeMissing(); why == "" {
		p, err := New(testConfig())
		if err != nil {
			fmt.Fprintln(os.Stderr, "renderer tests: ", err)
			os.Exit(1)
		}
		shared = p
	}
	code := m.Run()
	if shared != nil {
		if err := shared.Close(); err != nil {
			fmt.Fprintln(os.Stderr, "closing the shared pool:", err)
			code = 1
		}
	}
	os.Exit(code)
}

// needPool returns the shared pool, skipping the test when Chromium is missing (failing it on
// CI, where Chromium must be installed).
func needPool(t testing.TB) *Pool {
	t.Helper()
	if shared == nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("Chromium is required on CI: %s", chromeMissing())
		}
		t.Skipf("no Chromium: %s", chromeMissing())
	}
	return shared
}

// newPool makes a pool of its own for a test that needs a special configuration; it is closed
// at the end of the test.
func newPool(t testing.TB, edit func(*Config)) *Pool {
	t.Helper()
	needPool(t)
	cfg := testConfig()
	if edit != nil {
		edit(&cfg)
	}
	p, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := p.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
	})
	return p
}

func ctxTimeout(t testing.TB, d time.Duration) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	t.Cleanup(cancel)
	return ctx
}

func decodePNG(t testing.TB, b []byte) image.Image {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("decoding the PNG: %v", err)
	}
	return img
}

func rgba(c color.Color) [4]uint8 {
	n := color.NRGBAModel.Convert(c).(color.NRGBA)
	return [4]uint8{n.R, n.G, n.B, n.A}
}

// near reports whether two colours are within tol on every channel.
func near(a, b [4]uint8, tol int) bool {
	for i := range a {
		d := int(a[i]) - int(b[i])
		if d < -tol || d > tol {
			return false
		}
	}
	return true
}

// card is a 1080x1350 page with text, gradients, blur and a frosted card: the benchmark page.
const card = `<!doctype html><html><head><meta charset="utf-8">
<style>
@font-face{font-family:"Brand";src:url(/fonts/Inter-Regular.otf);font-weight:400}
@font-face{font-family:"Brand";src:url(/fonts/Inter-Bold.otf);font-weight:700}
html,body{margin:0;width:100%;height:100%}
body{font-family:Brand,sans-serif;background:linear-gradient(135deg,#4f46e5 0%,#9333ea 45%,#ec4899 100%);color:#fff;position:relative;overflow:hidden}
.blob{position:absolute;border-radius:50%;filter:blur(60px);opacity:.6}
.card{position:absolute;left:64px;right:64px;top:300px;padding:64px;border-radius:40px;background:rgba(255,255,255,.16);backdrop-filter:blur(24px);box-shadow:0 30px 80px rgba(0,0,0,.25),inset 0 1px 0 rgba(255,255,255,.4)}
h1{font-size:84px;line-height:1.05;margin:0 0 32px;font-weight:700;letter-spacing:-.02em}
p{font-size:34px;line-height:1.4;margin:0 0 24px;opacity:.92}
.kicker{font-size:26px;text-transform:uppercase;letter-spacing:.2em;opacity:.8;margin-bottom:24px}
.foot{position:absolute;bottom:64px;left:64px;font-size:28px}
</style></head><body>
<div class="blob" style="width:600px;height:600px;background:#22d3ee;left:-200px;top:-150px"></div>
<div class="blob" style="width:500px;height:500px;background:#f97316;right:-150px;bottom:100px"></div>
<div class="card"><div class="kicker">Quarterly update</div>
<h1>Ship faster with branded images that look designed</h1>
<p>Turn prompts and data into posts, charts and carousels in your brand colours, rendered in milliseconds on your own servers.</p>
<p>Self-hosted. Honest about errors. Pretty by default.</p></div>
<div class="foot">brandgen.internal · @brandgen</div>
</body></html>`

// flatCard is a card in the flat style: solid fields and text, no gradients.
const flatCard = `<!doctype html><html><head><meta charset="utf-8"><style>
@font-face{font-family:"Brand";src:url(/fonts/Inter-Bold.otf);font-weight:700}
@font-face{font-family:"Brand";src:url(/fonts/Inter-Regular.otf);font-weight:400}
html,body{margin:0;width:100%;height:100%;font-family:Brand,sans-serif}
body{background:#0f766e;color:#fff}
.block{position:absolute;left:0;right:0;bottom:0;height:420px;background:#f59e0b;color:#111}
h1{position:absolute;left:72px;right:72px;top:180px;font-size:96px;line-height:1.02;margin:0}
p{position:absolute;left:72px;right:72px;top:120px;font-size:36px;margin:0}
</style></head><body><h1>Three numbers that moved our quarter</h1>
<div class="block"><p>Revenue up 42%. Churn down to 1.9%. NPS at 61.</p></div></body></html>`

// chromeProcesses lists the processes whose command line mentions marker (pgrep -f).
func chromeProcesses(t testing.TB, marker string) []string {
	t.Helper()
	out, err := exec.Command("pgrep", "-f", "-a", marker).Output()
	if err != nil {
		if _, ok := err.(*exec.ExitError); ok {
			return nil // exit 1: no match
		}
		t.Fatalf("pgrep: %v", err)
	}
	var procs []string
	for line := range strings.SplitSeq(strings.TrimSpace(string(out)), "\n") {
		if line != "" && !strings.Contains(line, "pgrep") {
			procs = append(procs, line)
		}
	}
	return procs
}
