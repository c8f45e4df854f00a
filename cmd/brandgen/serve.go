package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"strings"
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
	"github.com/redis/go-redis/v9"
)

// shutdownGrace caps how long in-flight requests may run after SIGTERM.
const shutdownGrace = 30 * time.Second

func serve(ctx context.Context, cfg config, log *slog.Logger, args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	devKey := fs.Bool("dev-key", false, "ensure a local developer key exists (kept in BRANDGEN_DATA_DIR) and print it")
	if err := fs.Parse(args); err != nil {
		return usageError("usage: brandgen serve [--dev-key]")
	}
	slog.SetDefault(log)

	store, err := openStoreRetrying(ctx, cfg, log)
	if err != nil {
		return err
	}
	defer store.Close()
	if *devKey {
		key, err := ensureDevKey(ctx, store, cfg.DataDir)
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "\nbrandgen is starting on %s\nAPI key (account \"local\", developer plan; saved in %s):\n\n  %s\n\ntry: curl -H \"x-api-key: %s\" http://localhost%s/api/v1/schemas\n\n",
			cfg.Addr, filepath.Join(cfg.DataDir, devKeyFile), key, key, listenHint(cfg.Addr))
	}

	m := metrics.New()
	ready := map[string]func(context.Context) error{"database": store.Ping}

	var limiter ratelimit.Limiter = ratelimit.NewMemory(cfg.RateLimit, time.Minute)
	if cfg.RedisURL != "" {
		opts, err := redis.ParseURL(cfg.RedisURL)
		if err != nil {
			return fmt.Errorf("REDIS_URL: %w", err)
		}
		// Short timeouts: a Redis outage must cost requests milliseconds (the limiter fails open).
		opts.DialTimeout, opts.ReadTimeout, opts.WriteTimeout = time.Second, 500*time.Millisecond, 500*time.Millisecond
		opts.MaxRetries, opts.DialerRetries = 1, 1
		rdb := redis.NewClient(opts)
		defer rdb.Close()
		limiter = ratelimit.FailOpen(ratelimit.NewRedis(rdb, cfg.RateLimit, time.Minute), log)
		ready["redis"] = func(ctx context.Context) error { return rdb.Ping(ctx).Err() }
	}

	pool, err := renderer.New(renderer.Config{
		ChromePath: cfg.ChromePath, Browsers: cfg.Browsers, Tabs: cfg.Tabs, RestartAfter: cfg.RestartAfter,
		QueueCap: cfg.QueueCap, RenderTimeout: cfg.RenderTimeout, Assets: static.FS, Logger: log,
		Observe: m.ObserveRender,
	})
	if err != nil {
		return fmt.Errorf("render pool: %w", err)
	}
	defer pool.Close()
	go func() { // warm the browsers without delaying the listener
		if err := pool.Start(ctx); err != nil {
			log.Warn("render pool warm-up failed; renders will retry", "err", err)
		}
	}()
	ready["renderer"] = func(context.Context) error { return pool.Healthy() }
	watchPool(m, pool)

	pages, err := templates.New()
	if err != nil {
		return fmt.Errorf("templates: %w", err)
	}
	catalog, err := patterns.New()
	if err != nil {
		return fmt.Errorf("pattern catalog: %w", err)
	}
	planner, err := generate.New(generate.ModelConfig{APIKey: cfg.OpenAIKey, BaseURL: cfg.OpenAIBaseURL, Model: cfg.Model}, catalog)
	if err != nil {
		return fmt.Errorf("planner: %w", err)
	}
	brands := branding.NewResolver(branding.ResolverOptions{Logger: log})
	h := handlers.New(handlers.Deps{
		Store: store, Limiter: limiter, RatePolicy: ratelimit.Policy(cfg.RateLimit, time.Minute),
		Meter: meter.New(store, cfg.Volumes), Catalog: catalog, Planner: planner, Brands: brands,
		Studio: studio.New(pages, pool, brands, store), Metrics: m, Ready: ready, Logger: log,
	})

	srv := &http.Server{Addr: cfg.Addr, Handler: h, ReadHeaderTimeout: 10 * time.Second, IdleTimeout: 120 * time.Second}
	errc := make(chan error, 1)
	go func() { errc <- srv.ListenAndServe() }()
	log.Info("listening", "addr", cfg.Addr, "database", dbKind(cfg), "redis", cfg.RedisURL != "")
	select {
	case err := <-errc:
		return fmt.Errorf("listen %s: %w", cfg.Addr, err)
	case <-ctx.Done():
	}
	log.Info("shutting down: finishing in-flight requests", "grace", shutdownGrace.String())
	sctx, cancel := context.WithTimeout(context.Background(), shutdownGrace)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		log.Warn("in-flight requests cut at the grace limit", "err", err)
	}
	return nil
}

// openStoreRetrying waits up to a minute for the database at start, so `docker compose up` does not
// race Postgres.
func openStoreRetrying(ctx context.Context, cfg config, log *slog.Logger) (db.Store, error) {
	deadline := time.Now().Add(time.Minute)
	for {
		store, err := openStore(ctx, cfg)
		if err == nil || !errors.Is(err, brandgen.ErrStoreUnavailable) || time.Now().After(deadline) {
			return store, err
		}
		log.Warn("database not reachable yet; retrying", "err", err)
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(2 * time.Second):
		}
	}
}

func watchPool(m *metrics.Metrics, pool *renderer.Pool) {
	gauge := func(name, help string, f func(renderer.Stats) int) {
		m.Gauge(name, help, func() float64 { return float64(f(pool.Stats())) })
	}
	gauge("brandgen_render_pool_tabs", "Tabs in the render pool.", func(s renderer.Stats) int { return s.Tabs })
	gauge("brandgen_render_pool_busy", "Tabs rendering now.", func(s renderer.Stats) int { return s.Busy })
	gauge("brandgen_render_pool_queued", "Renders waiting for a tab.", func(s renderer.Stats) int { return s.Queued })
	m.Counter("brandgen_render_pool_restarts_total", "Browser restarts (crash, hang or render count).",
		func() float64 { return float64(pool.Stats().Restarts) })
}

const devKeyFile = "dev-api-key"

// ensureDevKey returns the local developer key kept in dataDir, making one when the file is missing
// or its key no longer works against this database.
func ensureDevKey(ctx context.Context, store db.Store, dataDir string) (string, error) {
	path := filepath.Join(dataDir, devKeyFile)
	if b, err := os.ReadFile(path); err == nil {
		key := strings.TrimSpace(string(b))
		if prefix, ok := keys.Prefix(key); ok {
			if k, _, err := store.KeyByPrefix(ctx, prefix); err == nil && string(k.Hash) == string(keys.Hash(key)) {
				return key, nil
			}
		}
	}
	key, _, err := createKey(ctx, store, "local", brandgen.PlanDeveloper)
	if err != nil {
		return "", err
	}
	if err := os.MkdirAll(dataDir, 0o755); err != nil {
		return "", err
	}
	if err := os.WriteFile(path, []byte(key+"\n"), 0o600); err != nil {
		return "", fmt.Errorf("save dev key: %w", err)
	}
	return key, nil
}

func listenHint(addr string) string {
	if strings.HasPrefix(addr, ":") {
		return addr
	}
	if i := strings.LastIndex(addr, ":"); i >= 0 {
		return addr[i:]
	}
	return addr
}

func dbKind(cfg config) string {
	if cfg.DatabaseURL != "" {
		return "postgres"
	}
	return "sqlite"
}
