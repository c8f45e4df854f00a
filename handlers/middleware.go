package handlers

import (
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"errors"
	"math"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/keys"
	"github.com/brandgen/brandgen/ratelimit"
	"github.com/gin-gonic/gin"
)

const (
	ctxRequestID = "brandgen.requestID"
	ctxAccount   = "brandgen.account"
)

func requestID(c *gin.Context) string { return c.GetString(ctxRequestID) }

// withRequestID takes a sane X-Request-Id from the caller or makes one, and echoes it back.
func withRequestID(c *gin.Context) {
	id := c.GetHeader("X-Request-Id")
	if id == "" || len(id) > 64 || strings.ContainsFunc(id, func(r rune) bool { return r < 0x21 || r > 0x7e }) {
		var b [8]byte
		_, _ = rand.Read(b[:])
		id = hex.EncodeToString(b[:])
	}
	c.Set(ctxRequestID, id)
	c.Header("X-Request-Id", id)
	c.Next()
}

// accessLog writes one JSON line per request and feeds the request metrics.
func (s *server) accessLog(c *gin.Context) {
	start := time.Now()
	c.Next()
	d := time.Since(start)
	route := c.FullPath()
	if route == "" {
		route = "unmatched"
	}
	status := c.Writer.Status()
	if s.metrics != nil {
		s.metrics.ObserveRequest(route, method(c), status, d)
	}
	attrs := []any{"request_id", requestID(c), "method", clip(method(c), maxFieldEcho), "path", clip(c.Request.URL.Path, 256),
		"route", route, "status", status, "duration_ms", d.Milliseconds(), "bytes", c.Writer.Size(),
		"client_ip", c.ClientIP()}
	if a, ok := c.Get(ctxAccount); ok {
		attrs = append(attrs, "account", a.(brandgen.Account).Name)
	}
	if status == http.StatusServiceUnavailable && len(c.Errors) > 0 && isShed(c.Errors.Last().Err) {
		// load shedding: expected under overload, logged at a sampled rate
		if n, ok := s.shedLog.allow(time.Now()); ok {
			why := "render busy"
			if errors.Is(c.Errors.Last().Err, errBodyBudget) {
				why = "body memory budget spent"
			}
			s.log.Warn("request shed: "+why, append(attrs, "shed_since_last_line", n)...)
		}
		return
	}
	if status >= 500 && len(c.Errors) > 0 {
		// the cause of a server fault, logged once here with the request id; never sent to the client
		attrs = append(attrs, "err", c.Errors.Last().Err.Error())
		s.log.Error("request failed", attrs...)
		return
	}
	s.log.Info("request", attrs...)
}

// isShed reports the errors of load shedding: the render pool or the body budget is full.
func isShed(err error) bool {
	return errors.Is(err, brandgen.ErrRenderBusy) || errors.Is(err, errBodyBudget)
}

// recoverPanic turns a panic into a 500 envelope; the stack goes to the log with the request id,
// never to the client.
func (s *server) recoverPanic(c *gin.Context) {
	defer func() {
		if r := recover(); r != nil {
			if err, ok := r.(error); ok && errors.Is(err, http.ErrAbortHandler) {
				panic(r)
			}
			s.log.Error("panic", "request_id", requestID(c), "route", c.FullPath(), "panic", r, "stack", stack())
			if !c.Writer.Written() {
				fail(c, brandgen.Errorf(brandgen.CodeInternal, "internal error (request %s)", requestID(c)))
			}
			c.Abort()
		}
	}()
	c.Next()
}

// rateLimit counts writes (POST, PATCH, DELETE) per API key and sets the RateLimit-* headers on
// every response, reads included; reads only peek. Requests without a key are counted per client
// address. Polling endpoints are reads, so they are never counted.
func (s *server) rateLimit(c *gin.Context) {
	key := "ip:" + c.ClientIP()
	if k := c.GetHeader("x-api-key"); k != "" {
		sum := sha256.Sum256([]byte(k))
		key = "key:" + hex.EncodeToString(sum[:12])
	}
	var (
		res ratelimit.Result
		err error
	)
	if isWrite(c.Request.Method) {
		res, err = s.limiter.Allow(c.Request.Context(), key)
	} else {
		res, err = s.limiter.Peek(c.Request.Context(), key)
	}
	if err != nil { // the limiter fails open by construction; this is a programming error guard
		s.log.Warn("rate limiter failed; allowing", "err", err)
		c.Next()
		return
	}
	h := c.Writer.Header()
	h.Set("RateLimit-Limit", strconv.Itoa(res.Limit))
	h.Set("RateLimit-Remaining", strconv.Itoa(res.Remaining))
	h.Set("RateLimit-Reset", strconv.Itoa(ceilSeconds(res.Reset)))
	h.Set("RateLimit-Policy", s.ratePolicy)
	if !res.Allowed && isWrite(c.Request.Method) {
		fail(c, &brandgen.Error{Code: brandgen.CodeRateLimited, RetryAfter: max(res.RetryAfter, time.Second),
			Message: "too many requests: " + strconv.Itoa(res.Limit) + " writes per minute per API key; retry after Retry-After seconds"})
		return
	}
	c.Next()
}

func isWrite(method string) bool {
	return method == http.MethodPost || method == http.MethodPatch || method == http.MethodDelete || method == http.MethodPut
}

func ceilSeconds(d time.Duration) int { return int(math.Ceil(d.Seconds())) }

// defaultAuthFailLimit is the failed authentications per minute per client address when Deps
// gives no AuthLimiter (BRANDGEN_AUTH_FAIL_LIMIT's default).
const defaultAuthFailLimit = 20

// authenticate resolves x-api-key to its account: only the key's SHA-256 hash is stored, looked up
// by the key's public prefix and compared in constant time. An address that has sent too many keys
// that are not valid gets 429 before its key is looked up; a missing key is not counted.
func (s *server) authenticate(c *gin.Context) {
	key := strings.TrimSpace(c.GetHeader("x-api-key"))
	if key == "" {
		fail(c, brandgen.Errorf(brandgen.CodeUnauthorized, "missing x-api-key header"))
		return
	}
	ipKey := "authfail:" + c.ClientIP()
	if res, err := s.AuthLimiter.Peek(c.Request.Context(), ipKey); err == nil && !res.Allowed {
		fail(c, &brandgen.Error{Code: brandgen.CodeRateLimited, RetryAfter: max(res.RetryAfter, time.Second),
			Message: "too many failed authentications from this address: " + strconv.Itoa(res.Limit) + " per minute; retry after Retry-After seconds"})
		return
	}
	invalid := func() {
		_, _ = s.AuthLimiter.Allow(c.Request.Context(), ipKey)
		fail(c, brandgen.Errorf(brandgen.CodeUnauthorized, "invalid API key"))
	}
	prefix, ok := keys.Prefix(key)
	if !ok {
		invalid()
		return
	}
	k, acct, err := s.store.KeyByPrefix(c.Request.Context(), prefix)
	if err != nil {
		if errors.Is(err, brandgen.ErrNotFound) {
			invalid()
			return
		}
		fail(c, err)
		return
	}
	sum := keys.Hash(key)
	if subtle.ConstantTimeCompare(sum, k.Hash) != 1 {
		invalid()
		return
	}
	c.Set(ctxAccount, acct)
	c.Next()
}

// validKey reports whether the request carries a valid x-api-key, without answering; a key that is
// not valid counts as a failed authentication of the client address.
func (s *server) validKey(c *gin.Context) bool {
	key := strings.TrimSpace(c.GetHeader("x-api-key"))
	if key == "" {
		return false
	}
	ctx, ipKey := c.Request.Context(), "authfail:"+c.ClientIP()
	if res, err := s.AuthLimiter.Peek(ctx, ipKey); err == nil && !res.Allowed {
		return false
	}
	prefix, ok := keys.Prefix(key)
	if ok {
		k, _, err := s.store.KeyByPrefix(ctx, prefix)
		if err == nil && subtle.ConstantTimeCompare(keys.Hash(key), k.Hash) == 1 {
			return true
		}
		if err != nil && !errors.Is(err, brandgen.ErrNotFound) {
			return false // the store does not answer: not the caller's failure
		}
	}
	_, _ = s.AuthLimiter.Allow(ctx, ipKey)
	return false
}

// account returns the authenticated account.
func account(c *gin.Context) brandgen.Account { return c.MustGet(ctxAccount).(brandgen.Account) }

// requirePlan guards generation calls: they need an active developer plan.
func requirePlan(c *gin.Context) {
	a := account(c)
	if !a.CanGenerate() {
		msg := "API generation calls need an active developer plan; this account is on the " + string(a.Plan) + " plan"
		if a.Plan == brandgen.PlanDeveloper {
			msg = "the account's developer plan is not active"
		}
		fail(c, brandgen.Errorf(brandgen.CodePlanRequired, "%s", msg))
		return
	}
	c.Next()
}

// readonlyMethods answers 405 with the envelope; gin calls it for a known path with another method.
func methodNotAllowed(c *gin.Context) {
	fail(c, brandgen.Errorf(brandgen.CodeMethodNotAllowed, "%s is not allowed on %s", clip(method(c), maxFieldEcho), clip(c.Request.URL.Path, maxFieldEcho)))
}

func notFound(c *gin.Context) {
	fail(c, brandgen.Errorf(brandgen.CodeNotFound, "no route %s %s", clip(method(c), maxFieldEcho), clip(c.Request.URL.Path, maxFieldEcho)))
}
