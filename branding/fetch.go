package branding

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"mime"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strings"
	"syscall"
	"time"
)

// maxRedirects is how many redirects a logo fetch follows.
const maxRedirects = 3

// Fetch failure causes, told apart when writing the caller's message.
var (
	errPrivateAddr      = errors.New("private address not allowed")
	errTooLarge         = errors.New("logo too large")
	errInsecureRedirect = errors.New("redirect to a non-https URL")
	errTooManyRedirects = errors.New("too many redirects")
	errBadRedirect      = errors.New("redirect to an invalid URL")
)

// statusError is a non-200 answer.
type statusError struct{ code int }

func (e *statusError) Error() string { return fmt.Sprintf("HTTP %d", e.code) }

// notImageError is a body that is not a logo image.
type notImageError struct{ detail string }

func (e *notImageError) Error() string { return "not an image: " + e.detail }

// newFetchClient makes the logo client: no proxy, every connection's address checked when it is
// dialled (which covers DNS answers, rebinding and redirects alike), https-only redirects, at most
// maxRedirects of them, and an overall timeout.
func newFetchClient(timeout time.Duration, allowPrivate bool, roots *x509.CertPool) *http.Client {
	dialer := &net.Dialer{
		Timeout:   timeout,
		KeepAlive: 30 * time.Second,
		Control: func(network, address string, _ syscall.RawConn) error {
			if allowPrivate {
				return nil
			}
			ap, err := netip.ParseAddrPort(address)
			if err != nil || !isPublicAddr(ap.Addr()) {
				return fmt.Errorf("connect to %s: %w", address, errPrivateAddr)
			}
			return nil
		},
	}
	transport := &http.Transport{
		Proxy:                 nil, // a proxy would be dialled instead of the checked address
		DialContext:           dialer.DialContext,
		TLSClientConfig:       &tls.Config{RootCAs: roots, MinVersion: tls.VersionTLS12},
		TLSHandshakeTimeout:   timeout,
		ResponseHeaderTimeout: timeout,
		ForceAttemptHTTP2:     true,
		MaxIdleConns:          16,
		MaxIdleConnsPerHost:   2,
		IdleConnTimeout:       90 * time.Second,
	}
	return &http.Client{
		Transport: transport,
		Timeout:   timeout,
		CheckRedirect: func(req *http.Request, via []*http.Request) error {
			if len(via) > maxRedirects {
				return errTooManyRedirects
			}
			if req.URL.Scheme != "https" {
				return errInsecureRedirect
			}
			if req.URL.User != nil || !validHost(req.URL.Hostname()) {
				return errBadRedirect
			}
			return nil
		},
	}
}

// fetch downloads one logo and returns it as a data URI. The Content-Type must be a logo type and
// the bytes must be that type; the body may not exceed maxBytes.
func (r *Resolver) fetch(ctx context.Context, rawURL string) (string, error) {
	ctx, cancel := context.WithTimeout(ctx, r.timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, rawURL, nil)
	if err != nil {
		return "", fmt.Errorf("logo request: %w", err)
	}
	req.Header.Set("Accept", "image/png, image/svg+xml, image/jpeg, image/webp")
	req.Header.Set("User-Agent", "brandgen-logo-fetch/1")
	resp, err := r.client.Do(req)
	if err != nil {
		return "", fmt.Errorf("get logo: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return "", &statusError{code: resp.StatusCode}
	}
	contentType := resp.Header.Get("Content-Type")
	mediaType, _, _ := mime.ParseMediaType(contentType)
	typ := normalizeType(mediaType)
	if typ == "" {
		if contentType == "" {
			contentType = "none"
		}
		return "", &notImageError{detail: fmt.Sprintf("Content-Type is %s; want %s", truncate(contentType, 60), logoTypeList)}
	}
	if resp.ContentLength > r.maxBytes {
		return "", errTooLarge
	}
	data, err := io.ReadAll(io.LimitReader(resp.Body, r.maxBytes+1))
	if err != nil {
		return "", fmt.Errorf("read logo: %w", err)
	}
	if int64(len(data)) > r.maxBytes {
		return "", errTooLarge
	}
	if sniffed := sniffType(data); (typ == typeSVG && sniffed != "") || (typ != typeSVG && sniffed != typ) {
		got := "not a PNG, JPEG or WebP image"
		if sniffed != "" {
			got = describeType(sniffed)
		}
		return "", &notImageError{detail: fmt.Sprintf("Content-Type is %s but the bytes are %s", typ, got)}
	}
	if data, err = cleanImage(typ, data); err != nil {
		return "", err
	}
	return "data:" + typ + ";base64," + base64.StdEncoding.EncodeToString(data), nil
}

// fetchMessage says why a fetch failed, in words for the API caller.
func fetchMessage(err error, timeout time.Duration, maxBytes int64) string {
	var (
		le    *logoError
		ni    *notImageError
		se    *statusError
		dns   *net.DNSError
		cert  *tls.CertificateVerificationError
		hostn x509.HostnameError
		netE  net.Error
	)
	switch {
	case errors.Is(err, errPrivateAddr):
		return "logo URL: private address not allowed (logos are fetched from public addresses only)"
	case errors.Is(err, errTooLarge):
		return "logo URL: larger than " + formatBytes(maxBytes)
	case errors.As(err, &ni):
		return "logo URL: " + ni.Error()
	case errors.As(err, &le):
		return "logo URL: " + le.Error()
	case errors.Is(err, errInsecureRedirect):
		return "logo URL not reachable: redirects to a non-https URL"
	case errors.Is(err, errTooManyRedirects):
		return fmt.Sprintf("logo URL not reachable: more than %d redirects", maxRedirects)
	case errors.Is(err, errBadRedirect):
		return "logo URL not reachable: redirects to an invalid URL"
	case errors.As(err, &se):
		return "logo URL not reachable: the server answered " + se.Error()
	case errors.As(err, &dns) && dns.IsNotFound:
		return "logo URL not reachable: host not found"
	case errors.As(err, &cert), errors.As(err, &hostn):
		return "logo URL not reachable: the server's TLS certificate is not valid"
	case errors.Is(err, context.DeadlineExceeded), errors.As(err, &netE) && netE.Timeout():
		return fmt.Sprintf("logo URL not reachable: no answer within %s", timeout)
	}
	return "logo URL not reachable"
}

// redactURL drops the query and fragment, which may hold tokens, for logs.
func redactURL(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return "(invalid URL)"
	}
	u.RawQuery, u.Fragment, u.User = "", "", nil
	return strings.TrimSuffix(u.String(), "?")
}
