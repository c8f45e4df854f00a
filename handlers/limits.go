package handlers

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"time"

	"github.com/brandgen/brandgen"
	"github.com/gin-gonic/gin"
)

// Request size and time limits. A body must arrive within BodyTimeout (Deps; bodyTimeout by
// default) of its headers; headers within readHeaderTimeout. http.Server.ReadTimeout is not used:
// once a body is read, net/http's background read would cancel the request's context when it
// expires, cutting long renders. Bodies are capped per route (bodyLimit): 10 MB where a body may
// carry earlier responses with their images (/render, /carousel/render, /batch, /animate), 4 MB
// where it may carry an inline logo (2 MiB as base64) and content, 64 KB for the rest.
const (
	maxBody           = 10 << 20 // the largest body any route takes (decisions.md)
	maxBrandBody      = 4 << 20
	maxSmallBody      = 64 << 10
	bodyTimeout       = 30 * time.Second
	readHeaderTimeout = 10 * time.Second
	idleTimeout       = 120 * time.Second
	// maxHeaderBytes is what the middleware accepts with the envelope; net/http itself answers its
	// own plain 431 only past maxServerHeaderBytes.
	maxHeaderBytes       = 32 << 10
	maxServerHeaderBytes = 1 << 20
	// maxDiscard bounds how much of a refused body is read and thrown away so that clients that
	// send the whole body before reading see the 413 envelope rather than a connection reset.
	maxDiscard = 32 << 20
)

// bodyLimits are the routes whose cap is not maxSmallBody.
var bodyLimits = map[string]int64{
	"/api/v1/render":              maxBody,
	"/api/v1/carousel/render":     maxBody,
	"/api/v1/batch":               maxBody,
	"/api/v1/animate":             maxBody,
	"/api/v1/chart":               maxBrandBody,
	"/api/v1/posts":               maxBrandBody,
	"/api/v1/brand":               maxBrandBody,
	"/api/v1/diagrams":            maxBrandBody,
	"/api/v1/diagrams/:id/refine": maxBrandBody,
	"/api/v1/logo":                maxBrandBody,
	"/api/v1/carousel":            maxBrandBody,
	"/api/v1/brandkit/render":     maxBrandBody,
	"/mcp":                        maxBrandBody, // tool calls carry REST bodies
}

func bodyLimit(route string) int64 {
	if n, ok := bodyLimits[route]; ok {
		return n
	}
	return maxSmallBody
}

func sizeText(n int64) string {
	if n >= 1<<20 {
		return fmt.Sprintf("%d MB", n>>20)
	}
	return fmt.Sprintf("%d KB", n>>10)
}

func tooLarge(limit int64) error {
	return brandgen.Errorf(brandgen.CodePayloadTooLarge, "the request body is larger than the %s this endpoint accepts", sizeText(limit))
}

// NewHTTPServer is the http.Server for h with the service's timeouts and header cap.
func NewHTTPServer(addr string, h http.Handler) *http.Server {
	return &http.Server{Addr: addr, Handler: h, ReadHeaderTimeout: readHeaderTimeout, IdleTimeout: idleTimeout,
		MaxHeaderBytes: maxServerHeaderBytes}
}

const ctxRawBody = "brandgen.rawBody"

// hasBody reports whether the request announces a body.
func hasBody(r *http.Request) bool {
	return r.ContentLength > 0 || (r.ContentLength < 0 && len(r.TransferEncoding) > 0)
}

// bodyDeadline gives the body bodyTimeout to arrive: a slow sender gets 408 and its connection is
// closed. The deadline is lifted as soon as the body is read to its end, so that a long render
// after it is not cut.
func (s *server) bodyDeadline(c *gin.Context) {
	if !hasBody(c.Request) {
		c.Next()
		return
	}
	c.Set(ctxBodyTimeout, s.bodyTimeout)
	rc := http.NewResponseController(c.Writer)
	if err := rc.SetReadDeadline(time.Now().Add(s.bodyTimeout)); err == nil { // else not a net/http connection
		c.Request.Body = &deadlineBody{ReadCloser: c.Request.Body, rc: rc}
	}
	c.Set(ctxRawBody, c.Request.Body)
	c.Next()
}

type deadlineBody struct {
	io.ReadCloser
	rc   *http.ResponseController
	done bool
}

func (b *deadlineBody) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	if errors.Is(err, io.EOF) && !b.done {
		b.done = true
		_ = b.rc.SetReadDeadline(time.Time{})
	}
	return n, err
}

// isTimeout reports a body read that hit its deadline.
func isTimeout(err error) bool {
	var ne net.Error
	return errors.As(err, &ne) && ne.Timeout() || errors.Is(err, context.DeadlineExceeded)
}

// bodyReadError maps an error reading the body: over the cap (413), too slow (408) or broken (400).
// The connection is closed after the answer.
func bodyReadError(c *gin.Context, err error) error {
	c.Header("Connection", "close")
	var tooBig *http.MaxBytesError
	switch {
	case errors.As(err, &tooBig):
		discardBody(c)
		return tooLarge(tooBig.Limit)
	case isTimeout(err):
		return brandgen.Errorf(brandgen.CodeRequestTimeout, "the request body did not arrive within %s", bodyTimeoutText(c))
	}
	return brandgen.Invalid([]brandgen.Issue{{Field: "body", Message: "could not be read"}})
}

func bodyTimeoutText(c *gin.Context) string {
	if d, ok := c.Get(ctxBodyTimeout); ok {
		return d.(time.Duration).String()
	}
	return bodyTimeout.String()
}

const ctxBodyTimeout = "brandgen.bodyTimeout"

// discardBody reads and drops what is left of a refused body, up to maxDiscard and within the body
// deadline, unless the client waits for 100 Continue (then it has sent nothing yet).
func discardBody(c *gin.Context) {
	if c.GetHeader("Expect") != "" {
		return
	}
	raw, ok := c.Get(ctxRawBody)
	if !ok {
		return
	}
	_, _ = io.CopyN(io.Discard, raw.(io.Reader), maxDiscard)
}

// limitBody caps the body at the route's limit (bodyLimit): an announced length over it is refused
// at once with 413; a body that turns out longer is refused when bind reads past the limit.
func limitBody(c *gin.Context) {
	limit := bodyLimit(c.FullPath())
	if c.Request.ContentLength > limit {
		c.Header("Connection", "close")
		discardBody(c)
		fail(c, tooLarge(limit))
		return
	}
	c.Request.Body = http.MaxBytesReader(c.Writer, c.Request.Body, limit)
	c.Next()
}

// limitHeaders answers headers over maxHeaderBytes with the envelope (431).
func limitHeaders(c *gin.Context) {
	n := len(c.Request.Method) + len(c.Request.RequestURI) + len(c.Request.Host)
	for k, vs := range c.Request.Header {
		for _, v := range vs {
			n += len(k) + len(v) + 4
		}
	}
	if n > maxHeaderBytes {
		c.Header("Connection", "close")
		fail(c, brandgen.Errorf(brandgen.CodeHeadersTooLarge, "the request line and headers are larger than %s", sizeText(maxHeaderBytes)))
		return
	}
	c.Next()
}

type headKey struct{}

// withHead serves HEAD on every GET route as GET without a body (net/http drops the body of a HEAD
// answer); the access log and errors still name HEAD.
func withHead(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodHead {
			r = r.WithContext(context.WithValue(r.Context(), headKey{}, true))
			r.Method = http.MethodGet
		}
		h.ServeHTTP(w, r)
	})
}

// method is the request's method as the client sent it.
func method(c *gin.Context) string {
	if head, _ := c.Request.Context().Value(headKey{}).(bool); head {
		return http.MethodHead
	}
	return c.Request.Method
}
