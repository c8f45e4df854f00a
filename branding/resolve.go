package branding

import (
	"context"
	"crypto/x509"
	"log/slog"
	"net/http"
	"sync"
	"time"

	"github.com/brandgen/brandgen"
)

// logoField is the field every logo problem found while resolving is reported on.
const logoField = "brand.logo"

// ResolverOptions configure a Resolver. Zero values take the defaults.
type ResolverOptions struct {
	// Timeout bounds one logo fetch, redirects and body included. Default 5 s.
	Timeout time.Duration
	// MaxBytes caps a logo, fetched or inline. Default MaxLogoBytes (2 MiB).
	MaxBytes int64
	// AllowPrivate lets fetches reach loopback and private addresses. Tests only.
	AllowPrivate bool
	// Logger receives fetch warnings. Default slog.Default().
	Logger *slog.Logger
	// RootCAs verify fetched hosts' certificates. Default: the system roots.
	RootCAs *x509.CertPool
	// CacheEntries and CacheBytes bound the fetched-logo cache. Defaults 64 entries, 32 MiB;
	// a negative CacheEntries disables the cache.
	CacheEntries int
	CacheBytes   int
	// CacheTTL is how long a fetched logo is reused. Default 10 min.
	CacheTTL time.Duration
	// FailureTTL is how long a failed fetch is remembered, so a batch with a dead logo URL fails
	// fast. Default 30 s.
	FailureTTL time.Duration
}

// Resolver turns brands into badges. It fetches https logos from public addresses only, inlines
// them as data URIs and caches them. It is safe for concurrent use.
type Resolver struct {
	client     *http.Client
	log        *slog.Logger
	cache      *logoCache
	timeout    time.Duration
	maxBytes   int64
	cacheTTL   time.Duration
	failureTTL time.Duration
	now        func() time.Time

	mu       sync.Mutex
	inflight map[string]*fetchCall // one fetch per URL at a time
}

type fetchCall struct {
	done chan struct{}
	uri  string
	err  error
}

// NewResolver makes a Resolver.
func NewResolver(opts ResolverOptions) *Resolver {
	if opts.Timeout <= 0 {
		opts.Timeout = 5 * time.Second
	}
	if opts.MaxBytes <= 0 {
		opts.MaxBytes = MaxLogoBytes
	}
	if opts.Logger == nil {
		opts.Logger = slog.Default()
	}
	if opts.CacheEntries == 0 {
		opts.CacheEntries = 64
	}
	if opts.CacheBytes <= 0 {
		opts.CacheBytes = 32 << 20
	}
	if opts.CacheTTL <= 0 {
		opts.CacheTTL = 10 * time.Minute
	}
	if opts.FailureTTL <= 0 {
		opts.FailureTTL = 30 * time.Second
	}
	return &Resolver{
		client:     newFetchClient(opts.Timeout, opts.AllowPrivate, opts.RootCAs),
		log:        opts.Logger,
		cache:      newLogoCache(opts.CacheEntries, opts.CacheBytes),
		timeout:    opts.Timeout,
		maxBytes:   opts.MaxBytes,
		cacheTTL:   opts.CacheTTL,
		failureTTL: opts.FailureTTL,
		now:        time.Now,
		inflight:   make(map[string]*fetchCall),
	}
}

// Merge returns the brand a call uses: every field set on perCall wins, every field it leaves
// empty falls back to saved (colours field by field too). Either may be nil. The result shares no
// memory with its inputs.
//
// Consequence: a per-call brand cannot clear a saved field (a call that sets only a name keeps the
// saved logo); use unbranded to drop the badge.
func Merge(perCall, saved *brandgen.Brand) brandgen.Brand {
	var p, s brandgen.Brand
	if perCall != nil {
		p = *perCall
	}
	if saved != nil {
		s = *saved
	}
	pick := func(a, b string) string {
		if a != "" {
			return a
		}
		return b
	}
	out := brandgen.Brand{
		Name:    pick(p.Name, s.Name),
		Handle:  pick(p.Handle, s.Handle),
		Logo:    pick(p.Logo, s.Logo),
		Tagline: pick(p.Tagline, s.Tagline),
	}
	var pc, sc brandgen.Colors
	if p.Colors != nil {
		pc = *p.Colors
	}
	if s.Colors != nil {
		sc = *s.Colors
	}
	if c := (brandgen.Colors{Primary: pick(pc.Primary, sc.Primary), Secondary: pick(pc.Secondary, sc.Secondary)}); c != (brandgen.Colors{}) {
		out.Colors = &c
	}
	return out
}

// Resolve returns the badge of a render from the call's brand and the saved one (see Merge):
//
//   - unbranded: Show is false and only the colours are kept (no fetch happens);
//   - no name, handle or logo after merging (no brand ever set, or colours only): the service's
//     own mark (Default, Name "brandgen", LogoURI DefaultMarkURI()), with the brand's colours;
//   - otherwise the brand, its logo inlined as a data URI (https logos fetched and cached).
//
// The merged brand is validated again (a saved profile may predate a rule): problems are a
// *brandgen.Error with code validation_error naming brand.* fields. A logo that cannot be fetched
// is a validation_error on brand.logo saying why. Other errors are the context's.
func (r *Resolver) Resolve(ctx context.Context, perCall, saved *brandgen.Brand, unbranded bool) (brandgen.Badge, error) {
	b := Merge(perCall, saved)
	var colors brandgen.Colors
	if b.Colors != nil {
		colors = *b.Colors
	}
	withoutLogo := b
	withoutLogo.Logo = ""
	if err := brandgen.Invalid(Validate(withoutLogo, "brand.")); err != nil {
		return brandgen.Badge{}, err
	}
	if unbranded {
		return brandgen.Badge{Show: false, Colors: colors}, nil
	}
	if b.Name == "" && b.Handle == "" && b.Logo == "" {
		return brandgen.Badge{
			Show:    true,
			Default: true,
			Name:    DefaultName,
			LogoURI: DefaultMarkURI(),
			Tagline: b.Tagline,
			Colors:  colors,
		}, nil
	}
	badge := brandgen.Badge{Show: true, Name: b.Name, Handle: b.Handle, Tagline: b.Tagline, Colors: colors}
	if b.Logo != "" {
		uri, err := r.InlineLogo(ctx, b.Logo)
		if err != nil {
			return brandgen.Badge{}, err
		}
		badge.LogoURI = uri
	}
	return badge, nil
}

// InlineLogo returns logo as a data URI safe to place in a page: a data URI is checked (type
// sniffed, size, SVG safety) and re-encoded as "data:<type>;base64,<std base64>"; an https URL is
// fetched (or taken from the cache) and inlined the same way. Handlers may call it when a brand is
// saved to reject a logo that will not work. Problems are a validation_error on brand.logo.
func (r *Resolver) InlineLogo(ctx context.Context, logo string) (string, error) {
	if isDataURI(logo) {
		uri, err := parseDataURI(logo, r.maxBytes)
		if err != nil {
			return "", logoInvalid(err.Error(), err)
		}
		return uri, nil
	}
	u, err := parseLogoURL(logo)
	if err != nil {
		return "", logoInvalid(err.Error(), err)
	}
	return r.remoteLogo(ctx, u.String())
}

// remoteLogo answers from the cache or runs one fetch per URL, shared by concurrent callers. The
// fetch does not depend on the first caller's cancellation; each caller stops waiting when its own
// context ends. Errors are a *brandgen.Error, or the caller's context error.
func (r *Resolver) remoteLogo(ctx context.Context, key string) (string, error) {
	if uri, err, ok := r.cache.get(key, r.now()); ok {
		return uri, err
	}
	r.mu.Lock()
	call, running := r.inflight[key]
	if !running {
		call = &fetchCall{done: make(chan struct{})}
		r.inflight[key] = call
		go r.runFetch(context.WithoutCancel(ctx), key, call)
	}
	r.mu.Unlock()
	select {
	case <-call.done:
		return call.uri, call.err
	case <-ctx.Done():
		return "", ctx.Err()
	}
}

func (r *Resolver) runFetch(ctx context.Context, key string, call *fetchCall) {
	start := r.now()
	uri, err := r.fetch(ctx, key)
	if err != nil {
		r.log.WarnContext(ctx, "brand logo fetch failed", "url", redactURL(key), "err", err,
			"elapsed", time.Since(start).Round(time.Millisecond))
		err = logoInvalid(fetchMessage(err, r.timeout, r.maxBytes), err)
		r.cache.put(key, "", err, r.now().Add(r.failureTTL))
	} else {
		r.cache.put(key, uri, nil, r.now().Add(r.cacheTTL))
	}
	call.uri, call.err = uri, err
	r.mu.Lock()
	delete(r.inflight, key)
	r.mu.Unlock()
	close(call.done)
}

// logoInvalid is the validation error for a logo that cannot be used.
func logoInvalid(msg string, cause error) error {
	return &brandgen.Error{
		Code:    brandgen.CodeValidation,
		Message: "the brand logo cannot be used",
		Issues:  []brandgen.Issue{{Field: logoField, Message: msg}},
		Err:     cause,
	}
}
