// Package handlers is brandgen's HTTP edge (gin): routing, authentication, rate limits, request
// validation and the error envelope. Handlers stay thin: they validate, then call the packages that
// do the work (patterns, studio, meter, db).
package handlers

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"runtime/debug"
	"time"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/animate"
	"github.com/brandgen/brandgen/db"
	"github.com/brandgen/brandgen/diagrams"
	"github.com/brandgen/brandgen/generate"
	"github.com/brandgen/brandgen/jobs"
	"github.com/brandgen/brandgen/meter"
	"github.com/brandgen/brandgen/metrics"
	"github.com/brandgen/brandgen/patterns"
	"github.com/brandgen/brandgen/ratelimit"
	"github.com/brandgen/brandgen/studio"
	"github.com/gin-gonic/gin"
)

// BrandChecker checks and inlines logos (branding.Resolver).
type BrandChecker interface {
	InlineLogo(ctx context.Context, logo string) (string, error)
}

// Deps is everything the HTTP edge calls.
type Deps struct {
	Store   db.Store
	Limiter ratelimit.Limiter // already fail-open
	// RatePolicy is the RateLimit-Policy header value, e.g. "60;w=60".
	RatePolicy string
	Meter      *meter.Meter
	Catalog    *patterns.Catalog
	Planner    generate.Planner
	Studio     *studio.Studio
	Brands     BrandChecker
	Metrics    *metrics.Metrics // optional
	Kit        KitRenderer      // brand-kit assets (studio.Kit)
	Logos      LogoMaker        // logo marks
	// Ready are the readiness checks of /readyz by name (database, redis, renderer).
	Ready  map[string]func(context.Context) error
	Logger *slog.Logger

	// Diagrams is the /diagrams family (diagrams.go); nil: not served.
	Diagrams *diagrams.Service
	// Animator makes reveal GIFs (inline when Jobs is nil) and gives diagram pages.
	Animator *animate.Animator
	// Jobs is the async job queue; nil: /animate renders inline, /batch answers 503.
	Jobs *jobs.Queue
	// Admin is the asynqmon dashboard, mounted at /admin/queues behind basic auth with
	// AdminPassword; not mounted when either is unset.
	Admin         http.Handler
	AdminPassword string
	// MCP makes the MCP tool server's streamable HTTP handler over the REST API handler it is
	// given; mounted at POST /mcp behind x-api-key. Nil (or a nil result): not mounted.
	MCP func(api http.Handler) http.Handler
	// AuthLimiter counts failed authentications (a key that is not valid) per client address; when
	// it denies, the address gets 429 before its key is looked up. Nil: 20 per minute in process.
	AuthLimiter ratelimit.Limiter
	// TrustedProxies are the addresses or CIDRs whose X-Forwarded-For / X-Real-IP name the client;
	// empty: the TCP peer is the client (headers are ignored, so they cannot dodge per-IP limits).
	TrustedProxies []string
	// Admission says whether a render would be taken now (the render pool's Busy); routes that
	// render shed with its render_busy error before reading the body. Nil: no early shedding.
	Admission interface{ Busy() error }
	// BodyTimeout is how long a request body may take to arrive after its headers (default 30 s).
	BodyTimeout time.Duration
	// BodyMemory is the budget of request body bytes in flight across the server (admit.go); a
	// body that does not fit waits up to BodyWait, then gets 503 server_busy. 0: 256 MB.
	BodyMemory int64
	// BodyWait is how long a body may wait for the budget (0: 1 s; negative: no wait).
	BodyWait time.Duration
}

type server struct {
	Deps
	store      db.Store
	limiter    ratelimit.Limiter
	ratePolicy string
	metrics    *metrics.Metrics
	log        *slog.Logger
	doc        []byte      // the OpenAPI document (apidoc.go)
	engine     *gin.Engine // the engine itself: the API the MCP tools call in-process (devsurface.go)
	// bodyTimeout is Deps.BodyTimeout or its default.
	bodyTimeout time.Duration
	// shedLog samples the log lines of shed requests.
	shedLog sampler
	// bodies is the budget of request body bytes in flight (admit.go).
	bodies *bodyBudget
}

// New returns the service's HTTP handler.
func New(d Deps) http.Handler { return withHead(newEngine(d)) }

func newEngine(d Deps) *gin.Engine {
	gin.SetMode(gin.ReleaseMode)
	if d.Logger == nil {
		d.Logger = slog.Default()
	}
	s := &server{Deps: d, store: d.Store, limiter: d.Limiter, ratePolicy: d.RatePolicy, metrics: d.Metrics, log: d.Logger,
		bodyTimeout: d.BodyTimeout, bodies: newBodyBudget(d.BodyMemory, d.BodyWait)}
	if s.bodyTimeout <= 0 {
		s.bodyTimeout = bodyTimeout
	}
	if s.AuthLimiter == nil {
		s.AuthLimiter = ratelimit.NewMemory(defaultAuthFailLimit, time.Minute)
	}
	r := gin.New()
	if err := r.SetTrustedProxies(d.TrustedProxies); err != nil {
		s.log.Error("BRANDGEN_TRUSTED_PROXIES is not valid; trusting no proxy", "err", err)
		_ = r.SetTrustedProxies(nil)
	}
	r.HandleMethodNotAllowed = true
	r.ContextWithFallback = true
	r.Use(withRequestID, s.accessLog, s.recoverPanic, limitHeaders, s.bodyDeadline)
	r.NoRoute(s.rateLimit, notFound)
	r.NoMethod(s.rateLimit, methodNotAllowed)
	s.engine = r

	routes := s.routes() // routes.go: the one table of routes and their documentation
	doc, err := apiDoc(routes, s.Catalog)
	if err != nil { // the table or a type is wrong: a programming error the tests catch
		panic(fmt.Sprintf("handlers: OpenAPI document: %v", err))
	}
	s.doc = doc
	s.register(r, routes)
	return r
}

func (s *server) healthz(c *gin.Context) {
	c.JSON(http.StatusOK, HealthResponse{Status: "ok"})
}

// readyz runs every readiness check concurrently, each with a short deadline. Anyone sees each
// check's state ("ok" or "unavailable"); a caller with a valid x-api-key also sees the cause.
func (s *server) readyz(c *gin.Context) {
	type result struct {
		name string
		err  error
	}
	ctx, cancel := context.WithTimeout(c.Request.Context(), 3*time.Second)
	defer cancel()
	out := make(chan result, len(s.Ready))
	for name, check := range s.Ready {
		go func() { out <- result{name, check(ctx)} }()
	}
	detail := s.validKey(c) // causes (addresses, dial errors) only for an authenticated caller
	checks := map[string]string{}
	status := http.StatusOK
	for range s.Ready {
		r := <-out
		if r.err != nil {
			checks[r.name] = "unavailable"
			if detail {
				checks[r.name] = "unavailable: " + r.err.Error()
			}
			status = http.StatusServiceUnavailable
			continue
		}
		checks[r.name] = "ok"
	}
	state := "ready"
	if status != http.StatusOK {
		state = "not ready"
	}
	c.JSON(status, ReadyResponse{Status: state, Checks: checks})
}

func (s *server) schemas(c *gin.Context) {
	all := s.Catalog.All()
	body := CatalogResponse{Patterns: make([]patterns.Entry, len(all))}
	for i, p := range all {
		body.Patterns[i] = p.Entry()
	}
	c.JSON(http.StatusOK, body)
}

func (s *server) usage(c *gin.Context) {
	u, err := s.Meter.Peek(c.Request.Context(), account(c))
	if err != nil {
		fail(c, err)
		return
	}
	a := account(c)
	c.JSON(http.StatusOK, UsageResponse{Plan: a.Plan, PlanStatus: a.PlanStatus, Usage: u})
}

func stack() string { return string(debug.Stack()) }

var _ = brandgen.ErrNotFound
