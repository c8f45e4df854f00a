// Package connlimit caps the TCP connections each client address may hold open at once on a
// listener: a connection over the cap is closed as soon as it is accepted (with a reset, so it
// leaves no TIME_WAIT state behind), before any byte of it is read.
package connlimit

import (
	"errors"
	"io"
	"net"
	"net/netip"
	"strings"
	"sync"
)

// Options configure a Listener.
type Options struct {
	// Max is the number of connections one client address may hold open; <= 0 means no cap.
	Max int
	// Exempt are addresses that are never capped (reverse proxies, which carry many clients).
	Exempt []netip.Prefix
	// OnRefuse, when set, is called with the client address of each connection refused.
	OnRefuse func(netip.Addr)
}

// Listener wraps a net.Listener with a per-client-address cap on open connections.
type Listener struct {
	net.Listener
	opts Options

	mu   sync.Mutex
	open map[netip.Addr]int
}

// Wrap returns ln capped as opts says, or ln itself when opts.Max <= 0.
func Wrap(ln net.Listener, opts Options) net.Listener {
	if opts.Max <= 0 {
		return ln
	}
	return &Listener{Listener: ln, opts: opts, open: map[netip.Addr]int{}}
}

// Accept returns the next connection within its client's cap; connections over the cap are closed
// and never returned.
func (l *Listener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		ip, ok := clientAddr(c.RemoteAddr())
		if !ok || l.exempt(ip) {
			return c, nil
		}
		if l.acquire(ip) {
			return &conn{Conn: c, release: func() { l.release(ip) }}, nil
		}
		// The callback runs before the close, so a client that sees the refusal can count on it
		// having been reported (the test counts refusals right after the dial fails).
		if l.opts.OnRefuse != nil {
			l.opts.OnRefuse(ip)
		}
		if tc, ok := c.(*net.TCPConn); ok {
			_ = tc.SetLinger(0) // reset: no TIME_WAIT for a refused connection
		}
		_ = c.Close()
	}
}

// Open is the number of connections ip holds open now.
func (l *Listener) Open(ip netip.Addr) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.open[ip.Unmap()]
}

// Clients is the number of client addresses with a connection open.
func (l *Listener) Clients() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.open)
}

func (l *Listener) acquire(ip netip.Addr) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.open[ip] >= l.opts.Max {
		return false
	}
	l.open[ip]++
	return true
}

func (l *Listener) release(ip netip.Addr) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.open[ip] <= 1 {
		delete(l.open, ip)
		return
	}
	l.open[ip]--
}

func (l *Listener) exempt(ip netip.Addr) bool {
	for _, p := range l.opts.Exempt {
		if p.Contains(ip) {
			return true
		}
	}
	return false
}

func clientAddr(a net.Addr) (netip.Addr, bool) {
	if ta, ok := a.(*net.TCPAddr); ok {
		ip, ok := netip.AddrFromSlice(ta.IP)
		return ip.Unmap(), ok
	}
	ap, err := netip.ParseAddrPort(a.String())
	if err != nil {
		return netip.Addr{}, false
	}
	return ap.Addr().Unmap(), true
}

// conn releases its slot once, on the first Close. It keeps CloseWrite and ReadFrom of the TCP
// connection beneath: net/http half-closes a connection it refuses a body on, so that the client
// reads the answer before the reset.
type conn struct {
	net.Conn
	once    sync.Once
	release func()
}

func (c *conn) Close() error {
	err := c.Conn.Close()
	c.once.Do(c.release)
	return err
}

func (c *conn) CloseWrite() error {
	if cw, ok := c.Conn.(interface{ CloseWrite() error }); ok {
		return cw.CloseWrite()
	}
	return errors.ErrUnsupported
}

func (c *conn) ReadFrom(r io.Reader) (int64, error) {
	if rf, ok := c.Conn.(io.ReaderFrom); ok {
		return rf.ReadFrom(r)
	}
	return io.Copy(struct{ io.Writer }{c.Conn}, r)
}

// Prefixes parses addresses and CIDRs ("10.0.0.1", "10.0.0.0/8", "::1") into prefixes, skipping
// what does not parse (the same list configures gin's trusted proxies, which reports it).
func Prefixes(list []string) []netip.Prefix {
	var out []netip.Prefix
	for _, s := range list {
		s = strings.TrimSpace(s)
		if p, err := netip.ParsePrefix(s); err == nil {
			out = append(out, p.Masked())
		} else if a, err := netip.ParseAddr(s); err == nil {
			a = a.Unmap()
			out = append(out, netip.PrefixFrom(a, a.BitLen()))
		}
	}
	return out
}
