// Package app builds every brandgen dependency (store, Redis, limiter, render pool, pages, catalog,
// planners, studio, meter, metrics) from one Config, so that serve, worker, bench and tests are wired
// the same way.
package app

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/brandgen/brandgen"
)

// Config is everything brandgen reads from its environment. Every subcommand reads the same
// variables, so a key made by `brandgen keys create` works in `brandgen serve`.
type Config struct {
	Addr          string        // BRANDGEN_ADDR
	DatabaseURL   string        // DATABASE_URL (empty: SQLite under DataDir)
	RedisURL      string        // REDIS_URL (empty: in-process rate limits, inline animate, no batch)
	DataDir       string        // BRANDGEN_DATA_DIR
	ChromePath    string        // CHROME_PATH
	OpenAIKey     string        // OPENAI_API_KEY
	OpenAIBaseURL string        // OPENAI_BASE_URL
	Model         string        // BRANDGEN_MODEL
	ImageModel    string        // BRANDGEN_IMAGE_MODEL (logo marks)
	AdminPassword string        // BRANDGEN_ADMIN_PASSWORD
	AdminWrite    bool          // BRANDGEN_ADMIN_WRITE: asynqmon may change tasks (default read-only)
	WorkerAddr    string        // BRANDGEN_WORKER_ADDR: health and metrics of `brandgen worker`
	JobsPrefix    string        // BRANDGEN_JOBS_PREFIX: namespace of the job queues and batch keys in Redis
	Browsers      int           // BRANDGEN_BROWSERS
	Tabs          int           // BRANDGEN_TABS
	RestartAfter  int           // BRANDGEN_RESTART_AFTER
	QueueCap      int           // BRANDGEN_RENDER_QUEUE
	RenderTimeout time.Duration // BRANDGEN_RENDER_TIMEOUT (seconds)
	RateLimit     int           // BRANDGEN_RATE_LIMIT (writes per minute per key)
	AuthFailLimit int           // BRANDGEN_AUTH_FAIL_LIMIT (failed authentications per minute per client address)
	// MaxConnsPerClient caps the TCP connections one client address holds open on serve's listener
	// (BRANDGEN_MAX_CONNS_PER_CLIENT; 0: no cap). Trusted proxies are not capped.
	MaxConnsPerClient int
	// BodyMemoryMB is the budget of request body megabytes in flight across the server
	// (BRANDGEN_BODY_MEMORY); a body that does not fit waits briefly, then gets 503 server_busy.
	BodyMemoryMB int
	// TrustedProxies are the proxies whose X-Forwarded-For names the client (BRANDGEN_TRUSTED_PROXIES,
	// comma-separated addresses or CIDRs; empty: the TCP peer is the client).
	TrustedProxies []string
	Volumes        map[brandgen.Plan]brandgen.Volume
	LogLevel       string // BRANDGEN_LOG_LEVEL
	APIKey         string // BRANDGEN_API_KEY: the key `brandgen mcp` calls with (unset: the local dev key)
}

// DefaultMaxConnsPerClient is BRANDGEN_MAX_CONNS_PER_CLIENT's default: far above what one browser
// or SDK opens (6 to 100), and above the 150 the fault bench opens from loopback.
const DefaultMaxConnsPerClient = 256

// LoadConfig reads the Config from the environment; every bad variable is named in the error.
func LoadConfig() (Config, error) {
	c := Config{
		Addr:          env("BRANDGEN_ADDR", ":8080"),
		DatabaseURL:   os.Getenv("DATABASE_URL"),
		RedisURL:      os.Getenv("REDIS_URL"),
		DataDir:       env("BRANDGEN_DATA_DIR", "./data"),
		ChromePath:    os.Getenv("CHROME_PATH"),
		OpenAIKey:     os.Getenv("OPENAI_API_KEY"),
		OpenAIBaseURL: os.Getenv("OPENAI_BASE_URL"),
		Model:         env("BRANDGEN_MODEL", "gpt-4o-mini"),
		ImageModel:    env("BRANDGEN_IMAGE_MODEL", "gpt-image-1"),
		AdminPassword: os.Getenv("BRANDGEN_ADMIN_PASSWORD"),
		AdminWrite:    os.Getenv("BRANDGEN_ADMIN_WRITE") == "1" || os.Getenv("BRANDGEN_ADMIN_WRITE") == "true",
		WorkerAddr:    env("BRANDGEN_WORKER_ADDR", ":8081"),
		JobsPrefix:    env("BRANDGEN_JOBS_PREFIX", "brandgen"),
		LogLevel:      env("BRANDGEN_LOG_LEVEL", "info"),
		APIKey:        os.Getenv("BRANDGEN_API_KEY"),
		Volumes:       map[brandgen.Plan]brandgen.Volume{},
	}
	var errs []string
	ints := []struct {
		name string
		dst  *int
		def  int
		min  int
	}{
		{"BRANDGEN_BROWSERS", &c.Browsers, 1, 1},
		{"BRANDGEN_TABS", &c.Tabs, 2, 1},
		{"BRANDGEN_RESTART_AFTER", &c.RestartAfter, 500, 1},
		{"BRANDGEN_RENDER_QUEUE", &c.QueueCap, 64, 0},
		{"BRANDGEN_RATE_LIMIT", &c.RateLimit, 60, 1},
		{"BRANDGEN_AUTH_FAIL_LIMIT", &c.AuthFailLimit, 20, 1},
		{"BRANDGEN_MAX_CONNS_PER_CLIENT", &c.MaxConnsPerClient, DefaultMaxConnsPerClient, 0},
		{"BRANDGEN_BODY_MEMORY", &c.BodyMemoryMB, 256, 16},
	}
	for _, v := range ints {
		n, err := envInt(v.name, v.def)
		if err != nil || n < v.min {
			errs = append(errs, fmt.Sprintf("%s must be an integer >= %d", v.name, v.min))
		}
		*v.dst = n
	}
	secs, err := envInt("BRANDGEN_RENDER_TIMEOUT", 30)
	if err != nil || secs < 1 {
		errs = append(errs, "BRANDGEN_RENDER_TIMEOUT must be a number of seconds >= 1")
	}
	c.RenderTimeout = time.Duration(secs) * time.Second
	for plan, vol := range brandgen.DefaultVolumes {
		name := "BRANDGEN_VOLUME_" + strings.ToUpper(string(plan))
		n, err := envInt(name, vol.Limit)
		if err != nil || n < 0 {
			errs = append(errs, name+" must be an integer >= 0")
		}
		vol.Limit = n
		c.Volumes[plan] = vol
	}
	for _, p := range strings.Split(os.Getenv("BRANDGEN_TRUSTED_PROXIES"), ",") {
		if p = strings.TrimSpace(p); p != "" {
			c.TrustedProxies = append(c.TrustedProxies, p)
		}
	}
	if len(errs) > 0 {
		return c, fmt.Errorf("configuration: %s", strings.Join(errs, "; "))
	}
	return c, nil
}

func env(name, def string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return def
}

func envInt(name string, def int) (int, error) {
	v := os.Getenv(name)
	if v == "" {
		return def, nil
	}
	return strconv.Atoi(v)
}
