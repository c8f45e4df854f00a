package connlimit

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/netip"
	"os"
	"sync/atomic"
	"testing"
	"time"
)

var loopback = netip.MustParseAddr("127.0.0.1")

// echoServer accepts on l, greets each connection with "ok\n" and closes it when the client does.
func echoServer(t *testing.T, l net.Listener) {
	t.Helper()
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			go func() {
				defer c.Close()
				_, _ = io.WriteString(c, "ok\n")
				_, _ = io.Copy(io.Discard, c) // until the client closes
			}()
		}
	}()
}

func listen(t *testing.T, opts Options) *Listener {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	l, ok := Wrap(ln, opts).(*Listener)
	if !ok {
		t.Fatal("Wrap with a cap did not return a *Listener")
	}
	t.Cleanup(func() { _ = l.Close() })
	return l
}

// greeted dials l and reports whether the server answered (true) or closed the connection (false).
func greeted(t *testing.T, l net.Listener) (net.Conn, bool) {
	t.Helper()
	c, err := net.Dial("tcp", l.Addr().String())
	if err != nil { // the reset of a refusal can arrive before connect returns
		t.Logf("dial: %v", err)
		return nil, false
	}
	_ = c.SetReadDeadline(time.Now().Add(5 * time.Second))
	line, err := bufio.NewReader(c).ReadString('\n')
	_ = c.SetReadDeadline(time.Time{})
	switch {
	case err == nil && line == "ok\n":
		return c, true
	case errors.Is(err, os.ErrDeadlineExceeded):
		t.Fatal("neither accepted nor refused within 5s")
	}
	_ = c.Close()
	return nil, false
}

func waitOpen(t *testing.T, l *Listener, want int) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for l.Open(loopback) != want {
		if time.Now().After(deadline) {
			t.Fatalf("open connections of 127.0.0.1 = %d, want %d", l.Open(loopback), want)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func TestCapRefusesExtraConnectionsAndReleasesClosedOnes(t *testing.T) {
	const max, extra = 4, 3
	var refused atomic.Int64
	l := listen(t, Options{Max: max, OnRefuse: func(ip netip.Addr) {
		if ip == loopback {
			refused.Add(1)
		}
	}})
	echoServer(t, l)

	var open []net.Conn
	for i := range max + extra {
		c, ok := greeted(t, l)
		if want := i < max; ok != want {
			t.Fatalf("connection %d: accepted=%v, want %v", i+1, ok, want)
		}
		if ok {
			open = append(open, c)
		}
	}
	if got := refused.Load(); got != extra {
		t.Errorf("OnRefuse called %d times, want %d", got, extra)
	}
	waitOpen(t, l, max)

	// Closing two frees two slots, and only two.
	_ = open[0].Close()
	_ = open[1].Close()
	open = open[2:]
	waitOpen(t, l, max-2)
	for i := range 2 {
		c, ok := greeted(t, l)
		if !ok {
			t.Fatalf("after closing two, new connection %d was refused", i+1)
		}
		open = append(open, c)
	}
	if _, ok := greeted(t, l); ok {
		t.Fatal("a connection over the cap was accepted after the freed slots were taken")
	}

	// Every slot comes back: nothing leaks.
	for _, c := range open {
		_ = c.Close()
	}
	waitOpen(t, l, 0)
	if n := l.Clients(); n != 0 {
		t.Errorf("%d client addresses still tracked after every connection closed", n)
	}
}

// Connections that the HTTP server closes itself (no keep-alive) release their slot: many
// sequential requests through a cap of 2 all succeed.
func TestHTTPServerClosedConnectionsAreReleased(t *testing.T) {
	l := listen(t, Options{Max: 2})
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.WriteString(w, "hi")
	}), ReadHeaderTimeout: 5 * time.Second}
	go func() { _ = srv.Serve(l) }()
	t.Cleanup(func() { _ = srv.Close() })

	client := &http.Client{Timeout: 5 * time.Second, Transport: &http.Transport{DisableKeepAlives: true}}
	for i := range 20 {
		resp, err := client.Get(fmt.Sprintf("http://%s/", l.Addr()))
		if err != nil {
			t.Fatalf("request %d: %v", i+1, err)
		}
		body, _ := io.ReadAll(resp.Body)
		_ = resp.Body.Close()
		if string(body) != "hi" {
			t.Fatalf("request %d: body %q", i+1, body)
		}
	}
	waitOpen(t, l, 0)
}

func TestExemptAddressesAreNotCapped(t *testing.T) {
	l := listen(t, Options{Max: 1, Exempt: Prefixes([]string{"127.0.0.0/8"})})
	echoServer(t, l)
	for i := range 3 {
		c, ok := greeted(t, l)
		if !ok {
			t.Fatalf("exempt connection %d refused", i+1)
		}
		defer c.Close()
	}
	if n := l.Clients(); n != 0 {
		t.Errorf("exempt connections are counted: %d clients tracked", n)
	}
}

func TestWrapWithoutCapIsTheListener(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	for _, max := range []int{0, -1} {
		if got := Wrap(ln, Options{Max: max}); got != ln {
			t.Errorf("Wrap(Max %d) wrapped the listener", max)
		}
	}
}

func TestPrefixes(t *testing.T) {
	tests := []struct {
		in   []string
		want []string
	}{
		{nil, nil},
		{[]string{"10.0.0.1"}, []string{"10.0.0.1/32"}},
		{[]string{" 10.1.2.3/8 ", "::1", "fd00::/8"}, []string{"10.0.0.0/8", "::1/128", "fd00::/8"}},
		{[]string{"::ffff:10.0.0.1"}, []string{"10.0.0.1/32"}},
		{[]string{"not-an-ip", "", "10.0.0.0/99"}, nil},
	}
	for _, tt := range tests {
		got := Prefixes(tt.in)
		if len(got) != len(tt.want) {
			t.Errorf("Prefixes(%q) = %v, want %v", tt.in, got, tt.want)
			continue
		}
		for i := range got {
			if got[i].String() != tt.want[i] {
				t.Errorf("Prefixes(%q)[%d] = %s, want %s", tt.in, i, got[i], tt.want[i])
			}
		}
	}
}
