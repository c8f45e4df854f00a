package app

import (
	"fmt"
	"net"
	"net/netip"
	"sync/atomic"
	"time"

	"github.com/brandgen/brandgen/connlimit"
)

// refuseLogEvery is how often at most a refused connection is logged (the counter counts them all).
const refuseLogEvery = time.Minute

// connsRefused counts connections refused over the per-client cap, and samples them into the log.
type connsRefused struct {
	n       atomic.Int64
	lastLog atomic.Int64 // unix nanoseconds
}

// Listen listens on addr (TCP) with the per-client connection cap (LimitConns).
func (a *App) Listen(addr string) (net.Listener, error) {
	if addr == "" {
		addr = ":http"
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("listen %s: %w", addr, err)
	}
	return a.LimitConns(ln), nil
}

// LimitConns caps the connections each client address may hold open on ln at
// Config.MaxConnsPerClient (none when 0); trusted proxies are not capped. A connection over the cap
// is reset at once, counted in brandgen_connections_refused_total and logged at most once a minute.
func (a *App) LimitConns(ln net.Listener) net.Listener {
	return connlimit.Wrap(ln, connlimit.Options{
		Max:    a.Config.MaxConnsPerClient,
		Exempt: connlimit.Prefixes(a.Config.TrustedProxies),
		OnRefuse: func(ip netip.Addr) {
			n := a.refused.n.Add(1)
			now, last := time.Now().UnixNano(), a.refused.lastLog.Load()
			if now-last >= int64(refuseLogEvery) && a.refused.lastLog.CompareAndSwap(last, now) {
				a.Log.Warn("connection refused: client over its open-connection cap", "client", ip.String(),
					"cap", a.Config.MaxConnsPerClient, "refused_total", n)
			}
		},
	})
}
