package arch

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/png"
	"io"
	"log/slog"
	"os"
	"regexp"
	"testing"
	"time"

	"github.com/brandgen/brandgen/renderer"
	"github.com/brandgen/brandgen/static"
)

// pool is the package's one browser pool (nil without Chromium).
var (
	pool    *renderer.Pool
	poolErr error
)

func TestMain(m *testing.M) {
	pool, poolErr = renderer.New(renderer.Config{ChromePath: os.Getenv("CHROME_PATH"), Browsers: 1, Tabs: 2,
		QueueCap: -1, RenderTimeout: 30 * time.Second, Assets: static.FS,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	code := m.Run()
	if pool != nil {
		if err := pool.Close(); err != nil {
			fmt.Fprintln(os.Stderr, "closing the pool:", err)
			code = 1
		}
	}
	os.Exit(code)
}

// needPool returns the pool, skipping without Chromium (failing on CI).
func needPool(t testing.TB) *renderer.Pool {
	t.Helper()
	if pool == nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("Chromium is required on CI: %v", poolErr)
		}
		t.Skipf("no Chromium: %v", poolErr)
	}
	return pool
}

// renderPNG rasterises a drawing through the pool, as the diagram service does.
func renderPNG(t testing.TB, d Drawing, transparent bool) image.Image {
	t.Helper()
	p := needPool(t)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	b, err := p.Render(ctx, renderer.Page{HTML: Page(d), Width: d.Width, Height: d.Height, Transparent: transparent})
	if err != nil {
		t.Fatalf("render: %v", err)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("decode: %v", err)
	}
	return img
}

func regexpMust(s string) *regexp.Regexp { return regexp.MustCompile(s) }
