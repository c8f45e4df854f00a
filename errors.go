package brandgen

import (
	"errors"
	"fmt"
	"strings"
	"time"
)

// Code is a machine-readable error code of the API's error envelope.
type Code string

// The error codes of decisions.md, plus database_unavailable for a store that does not answer.
const (
	CodeValidation          Code = "validation_error"
	CodeUnauthorized        Code = "unauthorized"
	CodePlanRequired        Code = "plan_required"
	CodeForbidden           Code = "forbidden"
	CodeNotFound            Code = "not_found"
	CodeMethodNotAllowed    Code = "method_not_allowed"
	CodeRateLimited         Code = "rate_limited"
	CodeQuotaExceeded       Code = "quota_exceeded"
	CodeInsufficientCredits Code = "insufficient_credits"
	CodeProviderUnavailable Code = "provider_unavailable"
	CodeBatchUnavailable    Code = "batch_unavailable"
	CodeQueueUnavailable    Code = "queue_unavailable" // 503: Redis, which holds the async jobs, does not answer
	CodeRenderBusy          Code = "render_busy"
	CodeServerBusy          Code = "server_busy" // 503: the request bodies in flight fill the server's memory budget
	CodeDatabaseUnavailable Code = "database_unavailable"
	CodeSVGUnsupported      Code = "svg_unsupported"
	CodeUnknownAsset        Code = "unknown_asset"
	CodePayloadTooLarge     Code = "payload_too_large"
	CodeHeadersTooLarge     Code = "headers_too_large" // 431: request headers over the server's cap
	CodeRequestTimeout      Code = "request_timeout"   // 408: the body did not arrive in time
	CodeInternal            Code = "internal_error"
)

// Issue names one invalid field. Field is a JSON-pointer-like path: "series", "tiles[3].value",
// "brand.colors.primary"; "body" for an unreadable body.
type Issue struct {
	Field   string `json:"field"`
	Message string `json:"message"`
}

// Error is an error the API reports to its caller with a code. Handlers map codes to statuses.
type Error struct {
	Code       Code
	Message    string
	Issues     []Issue       // validation_error only
	RetryAfter time.Duration // rate_limited, quota_exceeded, render_busy, server_busy
	Err        error         // cause, for logs; never shown to the caller
}

func (e *Error) Error() string {
	msg := string(e.Code) + ": " + e.Message
	if len(e.Issues) > 0 {
		parts := make([]string, len(e.Issues))
		for i, is := range e.Issues {
			parts[i] = is.Field + ": " + is.Message
		}
		msg += " (" + strings.Join(parts, "; ") + ")"
	}
	if e.Err != nil {
		msg += ": " + e.Err.Error()
	}
	return msg
}

func (e *Error) Unwrap() error { return e.Err }

// Errorf makes an *Error with a formatted message.
func Errorf(code Code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// Invalid makes a validation_error naming every issue. It returns nil when there are none, so
// callers can write `if err := brandgen.Invalid(issues); err != nil`.
func Invalid(issues []Issue) error {
	if len(issues) == 0 {
		return nil
	}
	return &Error{Code: CodeValidation, Message: "the request has invalid fields", Issues: issues}
}

// AsError finds the *Error in err's chain.
func AsError(err error) (*Error, bool) {
	var e *Error
	ok := errors.As(err, &e)
	return e, ok
}

// Sentinel errors shared by packages; each maps onto a Code at the edge.
var (
	// ErrNotFound: a stored thing (account, key, diagram, job) does not exist.
	ErrNotFound = errors.New("not found")
	// ErrQuotaExceeded: the plan's generation volume for the period is spent.
	ErrQuotaExceeded = errors.New("plan volume spent")
	// ErrInsufficientCredits: not enough logo credits.
	ErrInsufficientCredits = errors.New("insufficient credits")
	// ErrRenderBusy: the render queue is full, or a browser crashed under the render; retry.
	ErrRenderBusy = errors.New("render busy")
	// ErrProviderUnavailable: the generation model failed or timed out.
	ErrProviderUnavailable = errors.New("generation provider unavailable")
	// ErrStoreUnavailable: the database does not answer.
	ErrStoreUnavailable = errors.New("database unavailable")
)
