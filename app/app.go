package app

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/animate"
	"github.com/brandgen/brandgen/branding"
	"github.com/brandgen/brandgen/db"
	"github.com/brandgen/brandgen/diagrams"
	"github.com/brandgen/brandgen/generate"
	"github.com/brandgen/brandgen/handlers"
	"github.com/brandgen/brandgen/jobs"
	"github.com/brandgen/brandgen/logo"
	"github.com/brandgen/brandgen/mcp"
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

// Overrides replace what New would build from the Config. Tests and benchmarks use them to share
// one render pool per package or to run on a throwaway store; an overridden dependency is not
// closed by App.Close (its owner closes it).
type Overrides struct {
	Store   db.Store
	Pool    *renderer.Pool
	Planner generate.Planner
	Limiter ratelimit.Limiter
	// WrapRenderer wraps the pool as the studio's renderer (a spy in benchmarks). Nil: the pool.
	WrapRenderer func(*renderer.Pool) studio.Renderer
	// Volumes replace Config.Volumes.
	Volumes map[brandgen.Plan]brandgen.Volume
	// JobsPrefix replaces Config.JobsPrefix (tests use a unique one each).
	JobsPrefix string
	// Diagrams gives stored diagrams' pages to diagramId animations [the diagram service].
	Diagrams animate.DiagramPages
	// StoreWait is how long New waits for an unreachable database [Config: a minute for serve and
	// worker; zero here means no waiting].
	StoreWait time.Duration

	// DiagramPlanner replaces the diagram planner (diagrams.Offline or a model).
	DiagramPlanner diagrams.Planner
}

// App is every dependency of a brandgen process, built once from a Config.
type App struct {
	Config  Config
	Log     *slog.Logger
	Store   db.Store
	Redis   *redis.Client // nil without REDIS_URL; short timeouts, for the rate limiter and readiness
	Limiter ratelimit.Limiter
	// AuthLimiter counts failed authentications per client address.
	AuthLimiter ratelimit.Limiter
	Pool        *renderer.Pool
	Pages       *templates.Set
	Catalog     *patterns.Catalog
	Planner     generate.Planner
	Brands      *branding.Resolver
	Studio      *studio.Studio
	Kit         *studio.Kit // brand-kit assets
	Logos       *logo.Maker // logo marks (image model when configured, else offline)
	Meter       *meter.Meter
	Metrics     *metrics.Metrics
	// Diagrams is the diagram service (diagrams.go).
	Diagrams *diagrams.Service
	// Animator makes reveal GIFs (inline in serve, in jobs in worker).
	Animator *animate.Animator
	// Jobs is the async job queue; nil without REDIS_URL (animations inline, no batches).
	Jobs *jobs.Queue
	// Admin is the asynqmon dashboard at /admin/queues; nil without Jobs or BRANDGEN_ADMIN_PASSWORD.
	Admin http.Handler
	// Ready are the readiness checks of /readyz by name.
	Ready map[string]func(context.Context) error

	closers []func() error
	refused connsRefused // connections over the per-client cap (listen.go)
}

// New builds the App. On error everything it opened is closed again. The render pool starts lazily:
// call Warm to launch its browsers ahead of the first render.
func New(ctx context.Context, cfg Config, log *slog.Logger, o Overrides) (_ *App, err error) {
	if log == nil {
		log = slog.Default()
	}
	a := &App{Config: cfg, Log: log, Metrics: metrics.New(), Ready: map[string]func(context.Context) error{}}
	a.Metrics.Counter("brandgen_connections_refused_total", "Connections reset because their client address held BRANDGEN_MAX_CONNS_PER_CLIENT open already.",
		func() float64 { return float64(a.refused.n.Load()) })
	defer func() {
		if err != nil {
			a.Close()
		}
	}()

	a.Store = o.Store
	if a.Store == nil {
		if a.Store, err = OpenStore(ctx, cfg, log, o.StoreWait); err != nil {
			return nil, err
		}
		a.closers = append(a.closers, a.Store.Close)
	}
	a.Ready["database"] = a.Store.Ping

	a.Limiter = o.Limiter
	if cfg.RedisURL != "" {
		opts, err := redis.ParseURL(cfg.RedisURL)
		if err != nil {
			return nil, fmt.Errorf("REDIS_URL: %w", err)
		}
		// Short timeouts: a Redis outage must cost requests milliseconds (the limiter fails open).
		opts.DialTimeout, opts.ReadTimeout, opts.WriteTimeout = time.Second, 500*time.Millisecond, 500*time.Millisecond
		opts.MaxRetries, opts.DialerRetries = 1, 1
		routeRedisLogs(log)
		a.Redis = redis.NewClient(opts)
		a.closers = append(a.closers, a.Redis.Close)
		a.Ready["redis"] = func(ctx context.Context) error { return a.Redis.Ping(ctx).Err() }
		if a.Limiter == nil {
			a.Limiter = ratelimit.FailOpen(ratelimit.NewRedis(a.Redis, cfg.RateLimit, time.Minute), log)
		}
		if cfg.AuthFailLimit > 0 {
			a.AuthLimiter = ratelimit.FailOpen(ratelimit.NewRedis(a.Redis, cfg.AuthFailLimit, time.Minute), log)
		}
	}
	if a.Limiter == nil {
		a.Limiter = ratelimit.NewMemory(cfg.RateLimit, time.Minute)
	}
	if a.AuthLimiter == nil && cfg.AuthFailLimit > 0 {
		a.AuthLimiter = ratelimit.NewMemory(cfg.AuthFailLimit, time.Minute)
	}

	a.Pool = o.Pool
	if a.Pool == nil {
		a.Pool, err = renderer.New(renderer.Config{
			ChromePath: cfg.ChromePath, Browsers: cfg.Browsers, Tabs: cfg.Tabs, RestartAfter: cfg.RestartAfter,
			QueueCap: cfg.QueueCap, RenderTimeout: cfg.RenderTimeout, Assets: static.FS, Logger: log,
			Observe: a.Metrics.ObserveRender, StageScripts: StageScripts,
		})
		if err != nil {
			return nil, fmt.Errorf("render pool: %w", err)
		}
		a.closers = append(a.closers, a.Pool.Close)
	}
	a.Ready["renderer"] = func(context.Context) error { return a.Pool.Healthy() }
	watchPool(a.Metrics, a.Pool)

	if a.Pages, err = templates.New(); err != nil {
		return nil, fmt.Errorf("templates: %w", err)
	}
	if a.Catalog, err = patterns.New(); err != nil {
		return nil, fmt.Errorf("pattern catalog: %w", err)
	}
	a.Planner = o.Planner
	if a.Planner == nil {
		a.Planner, err = generate.New(generate.ModelConfig{APIKey: cfg.OpenAIKey, BaseURL: cfg.OpenAIBaseURL, Model: cfg.Model}, a.Catalog)
		if err != nil {
			return nil, fmt.Errorf("planner: %w", err)
		}
	}
	a.Brands = branding.NewResolver(branding.ResolverOptions{Logger: log})
	var rend studio.Renderer = a.Pool
	if o.WrapRenderer != nil {
		rend = o.WrapRenderer(a.Pool)
	}
	a.Studio = studio.New(a.Pages, rend, a.Brands, a.Store)
	kitPages, err := templates.NewKit()
	if err != nil {
		return nil, fmt.Errorf("brand-kit templates: %w", err)
	}
	a.Kit = studio.NewKit(a.Studio, kitPages)
	var imageModel logo.ImageModel // nil: offline marks
	if cfg.OpenAIKey != "" || cfg.OpenAIBaseURL != "" {
		imageModel = generate.NewImageModel(generate.ModelConfig{APIKey: cfg.OpenAIKey, BaseURL: cfg.OpenAIBaseURL, Model: cfg.ImageModel})
	}
	a.Logos = logo.NewMaker(imageModel, a.Studio, a.Studio)
	volumes := cfg.Volumes
	if o.Volumes != nil {
		volumes = o.Volumes
	}
	a.Meter = meter.New(a.Store, volumes)
	if err := a.newDiagrams(cfg, o); err != nil {
		return nil, err
	}
	a.Animator = &animate.Animator{Studio: a.Studio, Catalog: a.Catalog, Frames: a.Pool, Diagrams: o.Diagrams}
	if o.Diagrams == nil {
		a.Animator.Diagrams = a.Diagrams
	}
	if cfg.RedisURL != "" {
		if o.JobsPrefix != "" {
			a.Config.JobsPrefix = o.JobsPrefix
		}
		if err := a.openJobs(); err != nil {
			return nil, err
		}
	}
	return a, nil
}

// Warm launches the render pool's browsers in the background, logging a failure (renders retry).
func (a *App) Warm(ctx context.Context) {
	go func() {
		if err := a.Pool.Start(ctx); err != nil {
			a.Log.Warn("render pool warm-up failed; renders will retry", "err", err)
		}
	}()
}

// Handler is the HTTP API over the App.
func (a *App) Handler() http.Handler {
	return handlers.New(handlers.Deps{
		Store: a.Store, Limiter: a.Limiter, RatePolicy: ratelimit.Policy(a.Config.RateLimit, time.Minute),
		Meter: a.Meter, Catalog: a.Catalog, Planner: a.Planner, Brands: a.Brands, Studio: a.Studio,
		Metrics: a.Metrics, Ready: a.Ready, Logger: a.Log, Diagrams: a.Diagrams,
		Animator: a.Animator, Jobs: a.Jobs, Admin: a.Admin, AdminPassword: a.Config.AdminPassword,
		Kit: a.Kit, Logos: a.Logos, MCP: a.mcpHTTP,
		AuthLimiter: a.AuthLimiter, TrustedProxies: a.Config.TrustedProxies, Admission: a.Pool,
		BodyMemory: int64(a.Config.BodyMemoryMB) << 20,
	})
}

// mcpHTTP is the MCP tool server's streamable HTTP handler over the REST API handler api (/mcp).
func (a *App) mcpHTTP(api http.Handler) http.Handler { return mcp.HTTPHandler(api) }

// Server is the http.Server for Handler on addr, with the service's timeouts and header cap.
func (a *App) Server(addr string) *http.Server { return handlers.NewHTTPServer(addr, a.Handler()) }

// Close closes what New opened, newest first.
func (a *App) Close() error {
	var errs []error
	for i := len(a.closers) - 1; i >= 0; i-- {
		errs = append(errs, a.closers[i]())
	}
	a.closers = nil
	return errors.Join(errs...)
}

// OpenStore opens the configured store, waiting up to wait for a database that does not answer yet
// (so `docker compose up` does not race Postgres).
func OpenStore(ctx context.Context, cfg Config, log *slog.Logger, wait time.Duration) (db.Store, error) {
	deadline := time.Now().Add(wait)
	for {
		store, err := db.Open(ctx, cfg.DatabaseURL, cfg.DataDir)
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

// DatabaseKind is "postgres" or "sqlite".
func (c Config) DatabaseKind() string {
	if c.DatabaseURL != "" {
		return "postgres"
	}
	return "sqlite"
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
