package branding

import (
	"bytes"
	"context"
	"crypto/x509"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/brandgen/brandgen"
)

// logoServer is a TLS server with one route per scenario; hits counts requests by path.
type logoServer struct {
	*httptest.Server
	hits sync.Map // path -> *atomic.Int64
}

func (s *logoServer) count(path string) int64 {
	v, ok := s.hits.Load(path)
	if !ok {
		return 0
	}
	return v.(*atomic.Int64).Load()
}

func newLogoServer(t *testing.T) *logoServer {
	t.Helper()
	png := pngBytes(t, 32, 32)
	jpg := jpegBytes(t, 8, 8)
	big := append(append([]byte{}, png...), bytes.Repeat([]byte{0}, MaxLogoBytes)...)
	s := &logoServer{}
	mux := http.NewServeMux()
	serve := func(ct string, body []byte) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", ct)
			w.Write(body)
		}
	}
	mux.HandleFunc("/logo.png", serve("image/png", png))
	mux.HandleFunc("/logo.svg", serve("image/svg+xml; charset=utf-8", []byte(goodSVG)))
	mux.HandleFunc("/logo.webp", serve("image/webp", readTestdata(t, "lossless.webp")))
	mux.HandleFunc("/page.html", serve("text/html; charset=utf-8", []byte("<html>hi</html>")))
	mux.HandleFunc("/no-type", func(w http.ResponseWriter, r *http.Request) {
		w.Header()["Content-Type"] = nil
		w.Write(png)
	})
	mux.HandleFunc("/lie.png", serve("image/png", jpg))
	mux.HandleFunc("/evil.svg", serve("image/svg+xml", []byte(`<svg xmlns="http://www.w3.org/2000/svg"><image href="https://evil.example/x.png"/></svg>`)))
	mux.HandleFunc("/big.png", serve("image/png", big)) // Content-Length set
	mux.HandleFunc("/big-chunked.png", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "image/png")
		w.Write(big[:1024])
		w.(http.Flusher).Flush() // no Content-Length: the cap must hold while reading
		w.Write(big[1024:])
	})
	mux.HandleFunc("/missing.png", http.NotFound)
	mux.HandleFunc("/slow.png", func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-time.After(3 * time.Second):
		case <-r.Context().Done():
		}
	})
	mux.HandleFunc("/to-http", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "http://"+r.Host+"/logo.png", http.StatusFound)
	})
	// /hop/N redirects N more times before landing on /logo.png.
	mux.HandleFunc("/hop/{n}", func(w http.ResponseWriter, r *http.Request) {
		var n int
		fmt.Sscan(r.PathValue("n"), &n)
		target := "/logo.png"
		if n > 1 {
			target = fmt.Sprintf("/hop/%d", n-1)
		}
		http.Redirect(w, r, target, http.StatusFound)
	})
	s.Server = httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		v, _ := s.hits.LoadOrStore(r.URL.Path, new(atomic.Int64))
		v.(*atomic.Int64).Add(1)
		mux.ServeHTTP(w, r)
	}))
	t.Cleanup(s.Close)
	return s
}

func testResolver(t *testing.T, s *logoServer, allowPrivate bool) *Resolver {
	t.Helper()
	roots := x509.NewCertPool()
	roots.AddCert(s.Certificate())
	return NewResolver(ResolverOptions{
		Timeout:      500 * time.Millisecond,
		AllowPrivate: allowPrivate,
		RootCAs:      roots,
		Logger:       slog.New(slog.NewTextHandler(io.Discard, nil)),
	})
}

func TestFetchLogo(t *testing.T) {
	s := newLogoServer(t)
	r := testResolver(t, s, true)
	tests := []struct {
		path     string
		wantType string // data URI prefix on success
		wantErr  string // substring of the brand.logo message on failure
	}{
		{"/logo.png", "data:image/png;base64,", ""},
		{"/logo.svg", "data:image/svg+xml;base64,", ""},
		{"/logo.webp", "data:image/webp;base64,", ""},
		{"/hop/3", "data:image/png;base64,", ""}, // three redirects are allowed
		{"/hop/4", "", "more than 3 redirects"},
		{"/to-http", "", "non-https"},
		{"/page.html", "", "not an image: Content-Type is text/html"},
		{"/no-type", "", "not an image"},
		{"/lie.png", "", "not an image: Content-Type is image/png but the bytes are a JPEG image"},
		{"/evil.svg", "", "only #fragment"},
		{"/big.png", "", "larger than 2 MB"},
		{"/big-chunked.png", "", "larger than 2 MB"},
		{"/missing.png", "", "not reachable: the server answered HTTP 404"},
		{"/slow.png", "", "not reachable: no answer within 500ms"},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			badge, err := r.Resolve(context.Background(), &brandgen.Brand{Name: "Acme", Logo: s.URL + tt.path}, nil, false)
			if tt.wantErr == "" {
				if err != nil {
					t.Fatal(err)
				}
				if !strings.HasPrefix(badge.LogoURI, tt.wantType) {
					t.Fatalf("LogoURI = %.50s, want prefix %s", badge.LogoURI, tt.wantType)
				}
				if _, err := parseDataURI(badge.LogoURI, MaxLogoBytes); err != nil {
					t.Fatalf("inlined logo does not pass the data URI rules: %v", err)
				}
				return
			}
			e, ok := brandgen.AsError(err)
			if !ok || e.Code != brandgen.CodeValidation || len(e.Issues) != 1 || e.Issues[0].Field != "brand.logo" {
				t.Fatalf("err = %v, want a validation_error on brand.logo", err)
			}
			if !strings.Contains(e.Issues[0].Message, tt.wantErr) {
				t.Fatalf("message %q does not contain %q", e.Issues[0].Message, tt.wantErr)
			}
		})
	}
	if n := s.count("/logo.png"); n != 2 { // direct fetch + end of /hop/3 (the failed /hop/4 stops before)
		t.Errorf("/logo.png fetched %d times, want 2", n)
	}
}

func TestFetchRefusesPrivateAddresses(t *testing.T) {
	s := newLogoServer(t)
	r := testResolver(t, s, false)
	port := s.Listener.Addr().(interface{ String() string }).String()
	port = port[strings.LastIndex(port, ":")+1:]
	for _, u := range []string{
		s.URL + "/logo.png",                       // 127.0.0.1
		"https://localhost:" + port + "/logo.png", // resolves to loopback
		"https://[::1]:" + port + "/logo.png",
		"https://[::ffff:127.0.0.1]:" + port + "/logo.png",
		"https://10.0.0.1/logo.png",
		"https://169.254.169.254/latest/meta-data/",
	} {
		t.Run(u, func(t *testing.T) {
			start := time.Now()
			_, err := r.InlineLogo(context.Background(), u)
			e, ok := brandgen.AsError(err)
			if !ok || len(e.Issues) != 1 || !strings.Contains(e.Issues[0].Message, "private address not allowed") {
				t.Fatalf("err = %v, want private address not allowed", err)
			}
			if !errors.Is(err, errPrivateAddr) {
				t.Errorf("cause %v is not errPrivateAddr", e.Err)
			}
			if d := time.Since(start); d > 400*time.Millisecond {
				t.Errorf("refusal took %s; the dial should be refused before connecting", d)
			}
		})
	}
	if n := s.count("/logo.png"); n != 0 {
		t.Fatalf("the loopback server was reached %d times", n)
	}
}

func TestFetchCache(t *testing.T) {
	s := newLogoServer(t)
	r := testResolver(t, s, true)
	ctx := context.Background()

	// Concurrent renders of a new URL share one fetch.
	var wg sync.WaitGroup
	uris := make([]string, 8)
	for i := range uris {
		wg.Add(1)
		go func() {
			defer wg.Done()
			uri, err := r.InlineLogo(ctx, s.URL+"/logo.png")
			if err != nil {
				t.Error(err)
			}
			uris[i] = uri
		}()
	}
	wg.Wait()
	for _, u := range uris[1:] {
		if u != uris[0] || u == "" {
			t.Fatal("concurrent callers got different logos")
		}
	}
	if _, err := r.InlineLogo(ctx, s.URL+"/logo.png"); err != nil {
		t.Fatal(err)
	}
	if n := s.count("/logo.png"); n != 1 {
		t.Fatalf("/logo.png fetched %d times, want 1 (cached)", n)
	}

	// Failures are remembered for FailureTTL.
	for range 3 {
		if _, err := r.InlineLogo(ctx, s.URL+"/missing.png"); err == nil {
			t.Fatal("missing logo resolved")
		}
	}
	if n := s.count("/missing.png"); n != 1 {
		t.Fatalf("/missing.png fetched %d times, want 1", n)
	}

	// After the TTL the logo is fetched again.
	now := time.Now()
	r.now = func() time.Time { return now.Add(11 * time.Minute) }
	if _, err := r.InlineLogo(ctx, s.URL+"/logo.png"); err != nil {
		t.Fatal(err)
	}
	if n := s.count("/logo.png"); n != 2 {
		t.Fatalf("/logo.png fetched %d times after expiry, want 2", n)
	}
}

func TestFetchCallerCancel(t *testing.T) {
	s := newLogoServer(t)
	r := testResolver(t, s, true)
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	_, err := r.InlineLogo(ctx, s.URL+"/slow.png")
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("err = %v, want the caller's deadline", err)
	}
	if _, ok := brandgen.AsError(err); ok {
		t.Fatal("a caller's own deadline must not read as a validation error")
	}
}

func TestLogoCacheBounds(t *testing.T) {
	c := newLogoCache(3, 10)
	exp := time.Now().Add(time.Hour)
	now := time.Now()
	c.put("a", "1234", nil, exp)
	c.put("b", "1234", nil, exp)
	c.get("a", now) // a is now the most recent
	c.put("c", "1234", nil, exp)
	if _, _, ok := c.get("b", now); ok {
		t.Fatal("b should have been evicted by the byte bound")
	}
	if _, _, ok := c.get("a", now); !ok {
		t.Fatal("a was evicted although recently used")
	}
	c.put("d", "", errors.New("x"), exp)
	c.put("e", "", errors.New("y"), exp)
	if c.len() != 3 {
		t.Fatalf("len = %d, want 3 (entry bound)", c.len())
	}
	c.put("huge", strings.Repeat("x", 11), nil, exp)
	if _, _, ok := c.get("huge", now); ok {
		t.Fatal("an entry larger than the byte bound was stored")
	}
	if _, _, ok := c.get("e", exp.Add(time.Second)); ok {
		t.Fatal("expired entry returned")
	}
}

func TestFetchUntrustedCertificate(t *testing.T) {
	s := newLogoServer(t)
	r := NewResolver(ResolverOptions{AllowPrivate: true, Timeout: time.Second,
		Logger: slog.New(slog.DiscardHandler)}) // system roots: the test certificate is not trusted
	_, err := r.InlineLogo(context.Background(), s.URL+"/logo.png")
	e, ok := brandgen.AsError(err)
	if !ok || len(e.Issues) != 1 || !strings.Contains(e.Issues[0].Message, "TLS certificate is not valid") {
		t.Fatalf("err = %v, want an untrusted certificate message", err)
	}
}
