package handlers

import (
	"errors"
	"fmt"
	"math"
	"net/http"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/brandgen/brandgen"
	"github.com/gin-gonic/gin"
)

// Error bodies never echo input at any size: at most maxIssues issues, each field name clipped to
// maxFieldEcho and each message to maxMessageEcho characters.
const (
	maxIssues      = 50
	maxFieldEcho   = 64
	maxMessageEcho = 300
)

// clipIssues returns at most limit issues with their field names and messages clipped, and how many
// were left out.
func clipIssues(issues []brandgen.Issue, limit int) ([]brandgen.Issue, int) {
	omitted := 0
	if len(issues) > limit {
		omitted = len(issues) - limit
		issues = issues[:limit]
	}
	out := make([]brandgen.Issue, len(issues))
	for i, is := range issues {
		out[i] = brandgen.Issue{Field: clip(is.Field, maxFieldEcho), Message: clip(is.Message, maxMessageEcho)}
	}
	return out, omitted
}

// clip shortens s to at most n characters, ending in "…" when cut; invalid UTF-8 becomes U+FFFD.
func clip(s string, n int) string {
	s = strings.ToValidUTF8(s, "\uFFFD")
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n-1]) + "…"
}

var statusOf = map[brandgen.Code]int{
	brandgen.CodeValidation:          http.StatusBadRequest,
	brandgen.CodeSVGUnsupported:      http.StatusBadRequest,
	brandgen.CodeUnknownAsset:        http.StatusBadRequest,
	brandgen.CodeUnauthorized:        http.StatusUnauthorized,
	brandgen.CodeInsufficientCredits: http.StatusPaymentRequired,
	brandgen.CodePlanRequired:        http.StatusForbidden,
	brandgen.CodeForbidden:           http.StatusForbidden,
	brandgen.CodeNotFound:            http.StatusNotFound,
	brandgen.CodeMethodNotAllowed:    http.StatusMethodNotAllowed,
	brandgen.CodePayloadTooLarge:     http.StatusRequestEntityTooLarge,
	brandgen.CodeHeadersTooLarge:     http.StatusRequestHeaderFieldsTooLarge,
	brandgen.CodeRequestTimeout:      http.StatusRequestTimeout,
	brandgen.CodeRateLimited:         http.StatusTooManyRequests,
	brandgen.CodeQuotaExceeded:       http.StatusTooManyRequests,
	brandgen.CodeProviderUnavailable: http.StatusServiceUnavailable,
	brandgen.CodeBatchUnavailable:    http.StatusServiceUnavailable,
	brandgen.CodeQueueUnavailable:    http.StatusServiceUnavailable,
	brandgen.CodeRenderBusy:          http.StatusServiceUnavailable,
	brandgen.CodeServerBusy:          http.StatusServiceUnavailable,
	brandgen.CodeDatabaseUnavailable: http.StatusServiceUnavailable,
	brandgen.CodeInternal:            http.StatusInternalServerError,
}

// classify turns any error into the *brandgen.Error the caller sees. Sentinel errors from the
// packages below map onto their codes; anything else is an internal error.
func classify(err error) *brandgen.Error {
	if e, ok := brandgen.AsError(err); ok {
		return e
	}
	switch {
	case errors.Is(err, brandgen.ErrNotFound):
		return &brandgen.Error{Code: brandgen.CodeNotFound, Message: "not found", Err: err}
	case errors.Is(err, brandgen.ErrQuotaExceeded):
		return &brandgen.Error{Code: brandgen.CodeQuotaExceeded, Message: "the plan's generation volume is spent", Err: err}
	case errors.Is(err, brandgen.ErrInsufficientCredits):
		return &brandgen.Error{Code: brandgen.CodeInsufficientCredits, Message: "not enough logo credits", Err: err}
	case errors.Is(err, brandgen.ErrRenderBusy):
		return &brandgen.Error{Code: brandgen.CodeRenderBusy, Message: "the renderer is busy; retry shortly", RetryAfter: 2 * time.Second, Err: err}
	case errors.Is(err, brandgen.ErrProviderUnavailable):
		return &brandgen.Error{Code: brandgen.CodeProviderUnavailable, Message: "the generation provider is unavailable; retry shortly", RetryAfter: 5 * time.Second, Err: err}
	case errors.Is(err, brandgen.ErrStoreUnavailable):
		return &brandgen.Error{Code: brandgen.CodeDatabaseUnavailable, Message: "the database is unavailable; retry shortly", RetryAfter: 5 * time.Second, Err: err}
	}
	return &brandgen.Error{Code: brandgen.CodeInternal, Message: "internal error", Err: err}
}

// fail answers err with the envelope and aborts the chain. Server faults are logged here, once,
// with the request id; the caller never sees their cause.
func fail(c *gin.Context, err error) {
	e := classify(err)
	status, ok := statusOf[e.Code]
	if !ok {
		status = http.StatusInternalServerError
	}
	if status >= 500 {
		_ = c.Error(err) // the access log writes it
	}
	if e.RetryAfter > 0 {
		c.Header("Retry-After", strconv.Itoa(int(math.Ceil(e.RetryAfter.Seconds()))))
	}
	body := ErrorBody{Error: string(e.Code), Message: clip(e.Message, maxMessageEcho)}
	if e.Code == brandgen.CodeValidation {
		body.Issues, body.IssuesOmitted = clipIssues(e.Issues, maxIssues)
		if body.IssuesOmitted > 0 {
			body.Message = fmt.Sprintf("%s (%d issues; the first %d are listed)", e.Message, len(e.Issues), maxIssues)
		}
	}
	c.AbortWithStatusJSON(status, body)
}
