package handlers

import (
	"bytes"
	"cmp"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/animate"
	"github.com/brandgen/brandgen/branding"
	"github.com/brandgen/brandgen/db"
	"github.com/brandgen/brandgen/db/dbtest"
	"github.com/brandgen/brandgen/diagrams"
	"github.com/brandgen/brandgen/diagrams/mermaid"
	"github.com/brandgen/brandgen/generate"
	"github.com/brandgen/brandgen/jobs"
	"github.com/brandgen/brandgen/keys"
	"github.com/brandgen/brandgen/logo"
	"github.com/brandgen/brandgen/meter"
	"github.com/brandgen/brandgen/metrics"
	"github.com/brandgen/brandgen/patterns"
	"github.com/brandgen/brandgen/ratelimit"
	"github.com/brandgen/brandgen/renderer"
	"github.com/brandgen/brandgen/renderer/browsertest"
	"github.com/brandgen/brandgen/studio"
	"github.com/brandgen/brandgen/templates"
	"github.com/redis/go-redis/v9"
)

// One browser pool, page set and catalog for the whole package.
var (
	pool    *renderer.Pool
	pages   *templates.Set
	catalog *patterns.Catalog
	quiet   = slog.New(slog.NewTextHandler(io.Discard, nil))
)

func TestMain(m *testing.M) {
	browsertest.Main(m, renderer.Config{StageScripts: mermaid.Scripts}, func(p *renderer.Pool) (err error) {
		pool = p
		if pages, err = templates.New(); err != nil {
			return fmt.Errorf("templates: %w", err)
		}
		if catalog, err = patterns.New(); err != nil {
			return fmt.Errorf("patterns: %w", err)
		}
		return nil
	})
}

// env is one running server over one backend.
type env struct {
	t       *testing.T
	srv     *httptest.Server
	store   db.Store
	devKey  string // active developer plan
	freeKey string // free plan
}

type envOptions struct {
	store       db.Store
	limiter     ratelimit.Limiter
	rateLimit   int
	ready       map[string]func(context.Context) error
	catalog     *patterns.Catalog
	noCatalog   bool // a nil catalog, to make /schemas panic
	planner     generate.Planner
	volumes     map[brandgen.Plan]brandgen.Volume
	diagrams    diagrams.Planner // nil: the offline rules
	jobs        *jobs.Queue      // nil: inline animate, no batch
	admin       http.Handler     // asynqmon, with adminPass
	adminPass   string
	logoModel   logo.ImageModel // nil: offline logo marks
	bodyTimeout time.Duration   // 0: the default
	admission   interface{ Busy() error }
	bodyMemory  int64         // 0: the default budget
	bodyWait    time.Duration // 0: the default wait
	logger      *slog.Logger  // nil: quiet
}

func newEnv(t *testing.T, o envOptions) *env {
	t.Helper()
	e := &env{t: t, srv: newEnvWith(t, o), store: o.store}
	e.devKey = e.key("dev-"+t.Name(), brandgen.PlanDeveloper)
	e.freeKey = e.key("free-"+t.Name(), brandgen.PlanFree)
	return e
}

// newEnvWith starts a server over o, making no keys.
func newEnvWith(t *testing.T, o envOptions) *httptest.Server {
	t.Helper()
	if o.rateLimit == 0 {
		o.rateLimit = 1000
	}
	if o.limiter == nil {
		o.limiter = ratelimit.NewMemory(o.rateLimit, time.Minute)
	}
	if o.catalog == nil && !o.noCatalog {
		o.catalog = catalog
	}
	if o.planner == nil {
		o.planner = generate.NewOffline()
	}
	brands := branding.NewResolver(branding.ResolverOptions{Logger: quiet})
	st := studio.New(pages, pool, brands, o.store)
	kitPages, err := templates.NewKit()
	if err != nil {
		t.Fatal(err)
	}
	dg := diagrams.New(o.store, st, o.diagrams)
	h := New(Deps{
		Animator: &animate.Animator{Studio: st, Catalog: o.catalog, Frames: pool, Diagrams: dg}, Jobs: o.jobs, Admin: o.admin, AdminPassword: o.adminPass,
		Store: o.store, Limiter: o.limiter, RatePolicy: ratelimit.Policy(o.rateLimit, time.Minute),
		Meter: meter.New(o.store, o.volumes), Catalog: o.catalog, Planner: o.planner, Brands: brands,
		Studio: st, Metrics: metrics.New(), Ready: o.ready, Logger: cmp.Or(o.logger, quiet),
		Diagrams: dg, BodyTimeout: o.bodyTimeout, Admission: o.admission, BodyMemory: o.bodyMemory, BodyWait: o.bodyWait,
		Kit: studio.NewKit(st, kitPages), Logos: logo.NewMaker(o.logoModel, st, st),
	})
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return srv
}

func (e *env) key(account string, plan brandgen.Plan) string {
	e.t.Helper()
	ctx := context.Background()
	a, err := e.store.EnsureAccount(ctx, account, plan)
	if err != nil {
		e.t.Fatal(err)
	}
	key, prefix, hash := keys.New()
	if _, err := e.store.CreateKey(ctx, a.ID, prefix, hash); err != nil {
		e.t.Fatal(err)
	}
	return key
}

// response is a decoded answer.
type response struct {
	status int
	header http.Header
	body   []byte
}

func (r response) json(t *testing.T) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(r.body, &m); err != nil {
		t.Fatalf("body is not JSON (%v): %.300s", err, r.body)
	}
	return m
}

// envelope checks r is an error envelope with status and code and returns its issue fields.
func (r response) envelope(t *testing.T, status int, code string) []string {
	t.Helper()
	if r.status != status {
		t.Fatalf("status = %d, want %d; body %.500s", r.status, status, r.body)
	}
	var env struct {
		Error   string           `json:"error"`
		Message string           `json:"message"`
		Issues  []brandgen.Issue `json:"issues"`
	}
	if err := json.Unmarshal(r.body, &env); err != nil {
		t.Fatalf("not an envelope: %v: %.300s", err, r.body)
	}
	if env.Error != code || env.Message == "" {
		t.Fatalf("envelope = %+v, want code %q and a message", env, code)
	}
	if strings.Contains(string(r.body), "goroutine ") || strings.Contains(string(r.body), ".go:") {
		t.Fatalf("envelope leaks a stack: %s", r.body)
	}
	fields := make([]string, len(env.Issues))
	for i, is := range env.Issues {
		fields[i] = is.Field
		if is.Message == "" {
			t.Errorf("issue %q has no message", is.Field)
		}
	}
	return fields
}

func (e *env) do(method, path, key string, body any) response {
	e.t.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(b)
	case []byte:
		rd = bytes.NewReader(b)
	default:
		raw, err := json.Marshal(b)
		if err != nil {
			e.t.Fatal(err)
		}
		rd = bytes.NewReader(raw)
	}
	req, err := http.NewRequest(method, e.srv.URL+path, rd)
	if err != nil {
		e.t.Fatal(err)
	}
	if key != "" {
		req.Header.Set("x-api-key", key)
	}
	req.Header.Set("content-type", "application/json")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		e.t.Fatal(err)
	}
	return response{status: res.StatusCode, header: res.Header, body: b}
}

// decodePNG decodes a data:image/png;base64 URI.
func decodePNG(t *testing.T, uri string) image.Image {
	t.Helper()
	const prefix = "data:image/png;base64,"
	if !strings.HasPrefix(uri, prefix) {
		t.Fatalf("image is not a PNG data URI: %.60s", uri)
	}
	raw, err := base64.StdEncoding.DecodeString(uri[len(prefix):])
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(raw))
	if err != nil {
		t.Fatalf("decode PNG: %v", err)
	}
	return img
}

// backends runs f once on SQLite with the in-process limiter and once on Postgres with the Redis
// limiter.
func backends(t *testing.T, f func(t *testing.T, e *env)) {
	t.Run("sqlite", func(t *testing.T) {
		f(t, newEnv(t, envOptions{store: dbtest.SQLite(t)}))
	})
	t.Run("postgres+redis", func(t *testing.T) {
		store := dbtest.Postgres(t)
		rdb := redisClient(t)
		f(t, newEnv(t, envOptions{store: store, limiter: ratelimit.FailOpen(ratelimit.NewRedis(rdb, 1000, time.Minute), quiet)}))
	})
}

func redisClient(t *testing.T) *redis.Client {
	t.Helper()
	opts, err := redis.ParseURL(dbtest.RedisURL(t))
	if err != nil {
		t.Fatal(err)
	}
	rdb := redis.NewClient(opts)
	t.Cleanup(func() { rdb.Close() })
	if err := rdb.Ping(context.Background()).Err(); err != nil {
		t.Fatalf("redis: %v", err)
	}
	return rdb
}
