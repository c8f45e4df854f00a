package playground_test

import (
	"encoding/json"
	"io"
	"io/fs"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/app"
	"github.com/brandgen/brandgen/db/dbtest"
	"github.com/brandgen/brandgen/jobs"
	"github.com/brandgen/brandgen/keys"
	"github.com/brandgen/brandgen/patterns"
	"github.com/brandgen/brandgen/playground"
	"github.com/brandgen/brandgen/posts"
	"github.com/brandgen/brandgen/renderer/browsertest"
)

// server runs the real app (SQLite in a temporary directory, no Redis, offline planner) and returns
// its URL and a developer key.
func server(t *testing.T) (string, string) { return serverWith(t, "") }

// serverWith is server with the job queue on redisURL and a worker, when it is set.
func serverWith(t *testing.T, redisURL string) (string, string) {
	t.Helper()
	t.Setenv("OPENAI_API_KEY", "")
	t.Setenv("OPENAI_BASE_URL", "")
	cfg, err := app.LoadConfig()
	if err != nil {
		t.Fatal(err)
	}
	cfg.DatabaseURL, cfg.RedisURL, cfg.DataDir = "", redisURL, t.TempDir()
	ctx := t.Context()
	a, err := app.New(ctx, cfg, slog.New(slog.NewTextHandler(io.Discard, nil)), app.Overrides{JobsPrefix: jobs.NewID("bgplay")})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { a.Close() })
	if redisURL != "" {
		w, err := a.Worker()
		if err != nil {
			t.Fatal(err)
		}
		if err := w.Start(); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { w.Stop(); _ = a.Jobs.DeleteQueues() }) // runs before Close
	}
	acct, err := a.Store.EnsureAccount(ctx, "playground", brandgen.PlanDeveloper)
	if err != nil {
		t.Fatal(err)
	}
	key, prefix, hash := keys.New()
	if _, err := a.Store.CreateKey(ctx, acct.ID, prefix, hash); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(a.Handler())
	t.Cleanup(srv.Close)
	return srv.URL, key
}

// TestPlaygroundInChromium loads the page in headless Chromium, saves a key, renders the sample
// chart, provokes validation errors and checks each lands next to its field, with no console error.
func TestPlaygroundInChromium(t *testing.T) {
	base, key := server(t)
	p := browsertest.New(t, 1400, 1000)
	p.Timeout = 90 * time.Second // the first render launches the pool's browser
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	eval := func(js string) string {
		t.Helper()
		v, err := browsertest.Eval[string](p, js)
		must(err)
		return v
	}
	shot := func(name string) { // kept with go test -artifacts, for a look
		if png, err := p.Screenshot(); err == nil {
			_ = os.WriteFile(filepath.Join(t.ArtifactDir(), name), png, 0o644)
		}
	}
	defer shot("playground.png")

	must(p.Navigate(base + "/"))
	must(p.WaitFor(`document.body.dataset.ready === 'true'`))
	if got := eval(`document.querySelector('#key-status').textContent`); got != "no key saved" {
		t.Errorf("key status before a key = %q", got)
	}
	must(p.Type("#api-key", key))
	must(p.Click("#save-key"))
	must(p.WaitFor(`document.querySelectorAll('#pattern option').length > 10`))
	if got := eval(`localStorage.getItem('brandgen.apiKey')`); got != key {
		t.Errorf("localStorage key = %q, want the pasted key", got)
	}
	if got := eval(`document.querySelector('#pattern').value`); got != "chart" {
		t.Fatalf("first pattern = %q, want chart", got)
	}
	if got := eval(`document.querySelector('[data-path="content.title"]').value`); got != playground.ChartSample.Title {
		t.Errorf("chart form title = %q, want the sample's", got)
	}

	// render the chart: the image appears, a 1080x1350 PNG, with a download link
	must(p.Fill("#look-theme", "dark"))
	must(p.Click("#render-btn"))
	must(p.WaitFor(`(() => { const i = document.querySelector('#result-images img'); return !!i && i.complete && i.naturalWidth > 0; })()`))
	if got := eval(`(() => { const i = document.querySelector('#result-images img'); return i.naturalWidth + 'x' + i.naturalHeight + ' ' + i.src.slice(0, 22); })()`); got != "1080x1350 data:image/png;base64," {
		t.Errorf("rendered image = %q", got)
	}
	if got := eval(`document.querySelector('#result-links a').getAttribute('download')`); got != "brandgen-chart.png" {
		t.Errorf("download name = %q", got)
	}
	if got := eval(`location.href`); strings.Contains(got, key) || strings.Contains(got, "bg_") {
		t.Errorf("the key is in the URL: %s", got)
	}

	// a title over the schema's limit and a bad brand colour: each message next to its input
	must(p.Fill(`[data-path="content.title"]`, strings.Repeat("long ", 40)))
	must(p.Type("#brand-primary", "bright red"))
	must(p.Click("#render-btn"))
	must(p.WaitFor(`document.querySelectorAll('.issue').length >= 2`))
	for _, field := range []string{"content.title", "brand.colors.primary"} {
		js := `(() => { const n = document.querySelector('.issue[data-for="` + field + `"]'); if (!n) return 'missing';
			const f = n.closest('.field'); return f && f.querySelector('[data-path="` + field + `"]') ? n.textContent : 'elsewhere'; })()`
		if got := eval(js); got == "missing" || got == "elsewhere" || got == "" {
			t.Errorf("issue of %s: %s", field, got)
		}
	}
	shot("playground-issues.png")
	if got := eval(`document.querySelector('#render-errors').textContent`); !strings.Contains(got, "validation_error") {
		t.Errorf("error box = %q, want the code", got)
	}

	// fixed again, through the raw JSON tab: a KPI card renders
	must(p.Fill("#brand-primary", ""))
	must(p.Click(`[data-view="raw"]`))
	must(p.Fill("#content-raw", `{"chartType":"kpi","title":"Q3","tiles":[{"value":"$1.2M","label":"Revenue","delta":"+12%"}]}`))
	must(p.Click("#render-btn"))
	must(p.WaitFor(`document.querySelector('#result-status').textContent === 'Rendered chart.'`))
	if n := eval(`String(document.querySelectorAll('.issue').length)`); n != "0" {
		t.Errorf("%s issues still shown after a good render", n)
	}

	for _, pr := range p.Problems() {
		if pr.Source == "network" && strings.Contains(pr.Text, "400") { // the refused render, on purpose
			continue
		}
		t.Errorf("page problem: %s", pr)
	}
}

// TestPage checks the page's headers, that it loads nothing from another origin, and that every
// sample the page starts from is valid content of its pattern.
func TestPage(t *testing.T) {
	srv := httptest.NewServer(playground.Handler())
	defer srv.Close()
	for path, ctype := range map[string]string{"/": "text/html", "/playground/app.js": "javascript",
		"/playground/playground.css": "text/css", "/playground/config.json": "application/json"} {
		res, err := http.Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != 200 || !strings.Contains(res.Header.Get("Content-Type"), ctype) {
			t.Errorf("%s: %d %s", path, res.StatusCode, res.Header.Get("Content-Type"))
		}
		if csp := res.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "script-src 'self'") {
			t.Errorf("%s: CSP %q", path, csp)
		}
	}
	remote := regexp.MustCompile(`(src|href|from|url)\s*[=(]?\s*["']?(https?:)?//`)
	err := fs.WalkDir(os.DirFS("web"), ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(filepath.Join("web", path))
		if m := remote.Find(b); m != nil {
			t.Errorf("%s loads from another origin: %s", path, m)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}

	cat, err := patterns.New()
	if err != nil {
		t.Fatal(err)
	}
	cfg := playground.NewConfig()
	for _, id := range append([]string{"chart"}, posts.Formats...) {
		raw, err := json.Marshal(cfg.Samples[id])
		if err != nil || cfg.Samples[id] == nil {
			t.Errorf("no sample for %s", id)
			continue
		}
		if _, issues := cat.Decode(id, raw, "content."); len(issues) > 0 {
			t.Errorf("sample of %s is invalid: %v", id, issues)
		}
	}
}

// TestPlaygroundTabs drives the other tabs: a post (then edited in Render), a diagram created,
// restyled and exported as SVG, a carousel with its PDF, and an animation of the Render content.
func TestPlaygroundTabs(t *testing.T) {
	base, key := server(t)
	p := browsertest.New(t, 1400, 1000)
	p.Timeout = 2 * time.Minute
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	eval := func(js string) string {
		t.Helper()
		v, err := browsertest.Eval[string](p, js)
		must(err)
		return v
	}
	status := func() string { return eval(`document.querySelector('#result-status').textContent`) }
	firstImage := `(() => { const i = document.querySelector('#result-images img'); return !!i && i.complete && i.naturalWidth > 0; })()`
	must(p.Navigate(base + "/"))
	must(p.WaitFor(`document.body.dataset.ready === 'true'`))
	must(p.Type("#api-key", key))
	must(p.Click("#save-key"))
	must(p.WaitFor(`document.querySelectorAll('#pattern option').length > 10`))

	// post, then its content in the Render tab's form
	must(p.Click(`[data-tab="post"]`))
	must(p.Fill("#post-prompt", "Announce our new API playground for developers"))
	must(p.Fill("#post-format", "announcement"))
	must(p.Click("#post-btn"))
	must(p.WaitFor(`document.querySelector('#result-status').textContent.startsWith('Post (announcement)')`))
	must(p.WaitFor(firstImage))
	must(p.Click("#post-edit"))
	if got := eval(`document.querySelector('#pattern').value + ' ' + !document.querySelector('#tab-render').hidden`); got != "announcement true" {
		t.Errorf("after Edit in Render: %q", got)
	}
	if got := eval(`document.querySelector('[data-path="content.headline"], [data-path="content.title"]').value`); got == "" {
		t.Error("the planned content is not in the form")
	}

	// diagram: create, free restyle, SVG
	must(p.Click(`[data-tab="diagram"]`))
	must(p.Fill("#diagram-prompt", "web app on AWS: CloudFront, load balancer, two ECS services, RDS Postgres"))
	must(p.Click("#diagram-create"))
	must(p.WaitFor(`document.querySelector('#result-status').textContent.startsWith('Created: diagram')`))
	id := eval(`document.querySelector('#diagram-id').value`)
	if id == "" {
		t.Fatal("no diagram id after create")
	}
	must(p.Fill("#look-theme", "dark"))
	must(p.Click("#diagram-restyle"))
	must(p.WaitFor(`document.querySelector('#result-status').textContent.startsWith('Restyled: diagram')`))
	if s := status(); !strings.Contains(s, "dark") {
		t.Errorf("restyle status %q, want the dark theme", s)
	}
	must(p.Click("#diagram-svg"))
	must(p.WaitFor(`document.querySelector('#result-status').textContent.startsWith('SVG of diagram')`))
	must(p.WaitFor(firstImage))
	// a refine without a prompt names the refine prompt field
	must(p.Fill("#diagram-refine-prompt", ""))
	must(p.Click("#diagram-refine"))
	must(p.WaitFor(`!!document.querySelector('.issue[data-for="refine.prompt"]')`))

	// carousel: slides and a PDF
	must(p.Fill("#look-theme", ""))
	must(p.Click(`[data-tab="carousel"]`))
	must(p.Fill("#carousel-prompt", "Five tips for faster Go builds"))
	must(p.Click("#carousel-btn"))
	must(p.WaitFor(`document.querySelector('#result-status').textContent.startsWith('Carousel of')`))
	if got := eval(`document.querySelector('#result-links a').getAttribute('download') + ' ' + document.querySelector('#result-links a').href.slice(0, 5)`); got != "brandgen-carousel.pdf blob:" {
		t.Errorf("PDF link = %q", got)
	}
	if n, err := browsertest.Eval[int](p, `document.querySelectorAll('#result-images img').length`); err != nil || n < 2 {
		t.Errorf("%d slides shown (%v)", n, err)
	}

	// animate the Render tab's content (inline GIF: no Redis here)
	must(p.Click(`[data-tab="animate"]`))
	must(p.Click("#animate-btn"))
	must(p.WaitFor(`document.querySelector('#result-status').textContent === 'Animation ready.'`))
	must(p.WaitFor(firstImage))
	if got := eval(`document.querySelector('#result-images img').src.slice(0, 15)`); got != "data:image/gif;" {
		t.Errorf("animation image = %q", got)
	}
	if png, err := p.Screenshot(); err == nil {
		_ = os.WriteFile(filepath.Join(t.ArtifactDir(), "tabs.png"), png, 0o644)
	}
	for _, pr := range p.Problems() {
		if pr.Source == "network" && strings.Contains(pr.Text, "400") { // the refused refine, on purpose
			continue
		}
		t.Errorf("page problem: %s", pr)
	}
}

// TestPlaygroundAnimateJob: with the job queue, POST /animate answers 202 and the page polls
// GET /jobs/{id} until the worker's GIF is there.
func TestPlaygroundAnimateJob(t *testing.T) {
	base, key := serverWith(t, dbtest.RedisURL(t))
	p := browsertest.New(t, 1400, 1000)
	p.Timeout = 2 * time.Minute
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(p.Navigate(base + "/"))
	must(p.WaitFor(`document.body.dataset.ready === 'true'`))
	must(p.Type("#api-key", key))
	must(p.Click("#save-key"))
	must(p.WaitFor(`document.querySelectorAll('#pattern option').length > 10`))
	must(p.Click(`[data-tab="animate"]`))
	must(p.Fill("#animate-speed", "fast"))
	must(p.Click("#animate-btn"))
	must(p.WaitFor(`document.querySelector('#result-status').textContent.startsWith('Job ')`))
	must(p.WaitFor(`document.querySelector('#result-status').textContent === 'Animation ready.'`))
	must(p.WaitFor(`(() => { const i = document.querySelector('#result-images img'); return !!i && i.complete && i.naturalWidth > 0; })()`))
	job, err := browsertest.Eval[string](p, `JSON.parse(document.querySelector('#result-json').textContent).jobId || ''`)
	must(err)
	if job == "" {
		t.Error("the animation did not go through a job")
	}
	for _, pr := range p.Problems() {
		t.Errorf("page problem: %s", pr)
	}
}
