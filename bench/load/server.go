package main

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"sync/atomic"
	"time"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/branding"
	"github.com/brandgen/brandgen/db"
	"github.com/brandgen/brandgen/generate"
	"github.com/brandgen/brandgen/handlers"
	"github.com/brandgen/brandgen/keys"
	"github.com/brandgen/brandgen/meter"
	"github.com/brandgen/brandgen/metrics"
	"github.com/brandgen/brandgen/patterns"
	"github.com/brandgen/brandgen/ratelimit"
	"github.com/brandgen/brandgen/renderer"
	"github.com/brandgen/brandgen/static"
	"github.com/brandgen/brandgen/studio"
	"github.com/brandgen/brandgen/templates"
)

// unlimited is the rate limit and plan volume of the benchmark's server: high enough that no
// request of a run is limited or metered out.
const unlimited = 1 << 30

// server is the real brandgen HTTP server, wired as cmd/brandgen/serve.go wires it (SQLite in a
// temporary directory, memory rate limiter, offline planner, one render pool of the default 1
// browser x 2 tabs), listening on a loopback port.
type server struct {
	url     string
	key     string
	account brandgen.Account
	studio  *studio.Studio
	catalog *patterns.Catalog
	pool    *renderer.Pool
	spy     *pageSpy
	client  *http.Client
	close   func()
}

// pageSpy is the server's studio.Renderer: it passes every render to the pool and, when asked,
// remembers the next page it renders, so the raw path can render exactly the same HTML.
type pageSpy struct {
	pool *renderer.Pool
	arm  atomic.Bool
	last atomic.Pointer[renderer.Page]
}

func (s *pageSpy) Render(ctx context.Context, pg renderer.Page) ([]byte, error) {
	if s.arm.CompareAndSwap(true, false) {
		s.last.Store(&pg)
	}
	return s.pool.Render(ctx, pg)
}

// catch returns the page rendered by the next server render that fn triggers.
func (s *pageSpy) catch(fn func() error) (renderer.Page, error) {
	s.last.Store(nil)
	s.arm.Store(true)
	err := fn()
	s.arm.Store(false)
	if err != nil {
		return renderer.Page{}, err
	}
	pg := s.last.Load()
	if pg == nil {
		return renderer.Page{}, fmt.Errorf("the request rendered no page")
	}
	return *pg, nil
}

func startServer(ctx context.Context, dataDir string, log *slog.Logger, clients int) (*server, error) {
	store, err := db.Open(ctx, "", dataDir)
	if err != nil {
		return nil, fmt.Errorf("open sqlite store: %w", err)
	}
	var closers []func()
	s := &server{close: func() {
		for i := len(closers) - 1; i >= 0; i-- {
			closers[i]()
		}
	}}
	closers = append(closers, func() { store.Close() })
	fail := func(err error) (*server, error) {
		s.close()
		return nil, err
	}

	m := metrics.New()
	// The serve command's defaults: 1 browser x 2 tabs, restart after 500, queue 64, 30 s.
	pool, err := renderer.New(renderer.Config{
		Browsers: 1, Tabs: 2, RestartAfter: 500, QueueCap: 64, RenderTimeout: 30 * time.Second,
		Assets: static.FS, Logger: log, Observe: m.ObserveRender,
	})
	if err != nil {
		return fail(fmt.Errorf("server render pool: %w", err))
	}
	closers = append(closers, func() { pool.Close() })
	if err := pool.Start(ctx); err != nil {
		return fail(fmt.Errorf("start server render pool: %w", err))
	}
	pages, err := templates.New()
	if err != nil {
		return fail(fmt.Errorf("templates: %w", err))
	}
	catalog, err := patterns.New()
	if err != nil {
		return fail(fmt.Errorf("pattern catalog: %w", err))
	}
	brands := branding.NewResolver(branding.ResolverOptions{Logger: log})
	spy := &pageSpy{pool: pool}
	st := studio.New(pages, spy, brands, store)
	h := handlers.New(handlers.Deps{
		Store: store, Limiter: ratelimit.NewMemory(unlimited, time.Minute), RatePolicy: ratelimit.Policy(unlimited, time.Minute),
		Meter:   meter.New(store, map[brandgen.Plan]brandgen.Volume{brandgen.PlanDeveloper: {Limit: unlimited, Monthly: true}}),
		Catalog: catalog, Planner: generate.NewOffline(), Brands: brands, Studio: st, Metrics: m,
		Ready:  map[string]func(context.Context) error{"database": store.Ping, "renderer": func(context.Context) error { return pool.Healthy() }},
		Logger: log,
	})

	acct, err := store.EnsureAccount(ctx, "bench", brandgen.PlanDeveloper)
	if err != nil {
		return fail(fmt.Errorf("bench account: %w", err))
	}
	key, prefix, hash := keys.New()
	if _, err := store.CreateKey(ctx, acct.ID, prefix, hash); err != nil {
		return fail(fmt.Errorf("bench key: %w", err))
	}

	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return fail(fmt.Errorf("listen on loopback: %w", err))
	}
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second, IdleTimeout: 120 * time.Second}
	go func() { _ = srv.Serve(ln) }()
	closers = append(closers, func() {
		sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = srv.Shutdown(sctx)
	})

	tr := &http.Transport{MaxIdleConns: 2 * clients, MaxIdleConnsPerHost: 2 * clients, IdleConnTimeout: time.Minute, DisableCompression: true}
	closers = append(closers, tr.CloseIdleConnections)
	s.url, s.key, s.account, s.studio, s.catalog, s.pool, s.spy = "http://"+ln.Addr().String(), key, acct, st, catalog, pool, spy
	s.client = &http.Client{Transport: tr, Timeout: 60 * time.Second}
	return s, nil
}

// httpError is a non-200 answer of the server.
type httpError struct {
	status int
	body   string
}

func (e *httpError) Error() string { return fmt.Sprintf("HTTP %d: %s", e.status, e.body) }

// post sends body to path with the bench key and returns the PNG of the response's image field.
func (s *server) post(ctx context.Context, path string, body []byte) ([]byte, error) {
	png, _, err := s.postImage(ctx, path, body)
	return png, err
}

// postImage is post also returning the response's pattern.
func (s *server) postImage(ctx context.Context, path string, body []byte) ([]byte, string, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, s.url+path, bytes.NewReader(body))
	if err != nil {
		return nil, "", err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("x-api-key", s.key)
	resp, err := s.client.Do(req)
	if err != nil {
		return nil, "", fmt.Errorf("POST %s: %w", path, err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		return nil, "", fmt.Errorf("POST %s: reading the body: %w", path, err)
	}
	if resp.StatusCode != http.StatusOK {
		return nil, "", &httpError{status: resp.StatusCode, body: clip(strings.TrimSpace(string(raw)), 300)}
	}
	var out struct {
		Pattern string `json:"pattern"`
		Image   string `json:"image"`
	}
	if err := json.Unmarshal(raw, &out); err != nil {
		return nil, "", fmt.Errorf("POST %s: decoding the response: %w", path, err)
	}
	b64, ok := strings.CutPrefix(out.Image, "data:image/png;base64,")
	if !ok {
		return nil, "", fmt.Errorf("POST %s: image is not a PNG data URI: %q", path, clip(out.Image, 40))
	}
	png, err := base64.StdEncoding.DecodeString(b64)
	if err != nil {
		return nil, "", fmt.Errorf("POST %s: image base64: %w", path, err)
	}
	return png, out.Pattern, nil
}

func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}
