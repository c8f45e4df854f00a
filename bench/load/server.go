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
	"github.com/brandgen/brandgen/app"
	"github.com/brandgen/brandgen/generate"
	"github.com/brandgen/brandgen/keys"
	"github.com/brandgen/brandgen/patterns"
	"github.com/brandgen/brandgen/renderer"
	"github.com/brandgen/brandgen/studio"
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

// RenderProbe makes the spy a studio.Prober, as the pool is: the server then renders /chart and
// /posts with the fit probe (studio.RenderReport), the path production takes.
func (s *pageSpy) RenderProbe(ctx context.Context, pg renderer.Page, probe string) ([]byte, json.RawMessage, error) {
	if s.arm.CompareAndSwap(true, false) {
		s.last.Store(&pg)
	}
	return s.pool.RenderProbe(ctx, pg, probe)
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
	// The serve command's defaults: 1 browser x 2 tabs, restart after 500, queue 64, 30 s; SQLite in
	// dataDir, offline planner, in-process limits set out of reach.
	cfg, err := app.LoadConfig()
	if err != nil {
		return nil, err
	}
	cfg.DatabaseURL, cfg.RedisURL, cfg.DataDir = "", "", dataDir
	cfg.Browsers, cfg.Tabs, cfg.RestartAfter, cfg.QueueCap, cfg.RenderTimeout = 1, 2, 500, 64, 30*time.Second
	cfg.RateLimit = unlimited
	spy := &pageSpy{}
	a, err := app.New(ctx, cfg, log, app.Overrides{
		Planner: generate.NewOffline(),
		Volumes: map[brandgen.Plan]brandgen.Volume{brandgen.PlanDeveloper: {Limit: unlimited, Monthly: true}},
		WrapRenderer: func(p *renderer.Pool) studio.Renderer {
			spy.pool = p
			return spy
		},
	})
	if err != nil {
		return nil, fmt.Errorf("bench server: %w", err)
	}
	var closers []func()
	s := &server{close: func() {
		for i := len(closers) - 1; i >= 0; i-- {
			closers[i]()
		}
	}}
	closers = append(closers, func() { a.Close() })
	fail := func(err error) (*server, error) {
		s.close()
		return nil, err
	}
	if err := a.Pool.Start(ctx); err != nil {
		return fail(fmt.Errorf("start server render pool: %w", err))
	}
	store, pool, st, catalog, h := a.Store, a.Pool, a.Studio, a.Catalog, a.Handler()

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
