package web

import (
	"net"
	"net/netip"
	"sync"
)

// LimitListener bounds the connections one client address may hold open
// at once, whatever they carry (a page, a slow upload, a socket that sends
// nothing). A connection over the bound is closed as soon as it is
// accepted, before anything is read from it, so that one address cannot
// take all of the server's file descriptors and lock everyone else out.
// Trusted proxies are not bound: each holds the connections of many
// clients (their own per-client limits are the balancer's to set).
func LimitListener(ln net.Listener, perAddr int, trusted TrustedProxies) net.Listener {
	if perAddr <= 0 {
		return ln
	}
	return &limitListener{Listener: ln, perAddr: perAddr, trusted: trusted, open: map[netip.Addr]int{}}
}

type limitListener struct {
	net.Listener
	perAddr int
	trusted TrustedProxies

	mu   sync.Mutex
	open map[netip.Addr]int
}

func (l *limitListener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		peer, ok := parseHost(c.RemoteAddr().String())
		if !ok || l.trusted.trusts(peer) {
			return c, nil
		}
		if !l.take(peer) {
			c.Close()
			continue
		}
		return &limitedConn{Conn: c, release: func() { l.give(peer) }}, nil
	}
}

// take counts a new connection of addr, unless it holds its share.
func (l *limitListener) take(addr netip.Addr) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.open[addr] >= l.perAddr {
		return false
	}
	l.open[addr]++
	return true
}

func (l *limitListener) give(addr netip.Addr) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.open[addr]--; l.open[addr] <= 0 {
		delete(l.open, addr)
	}
}

// limitedConn gives its place back once, when it is closed (by the HTTP
// server, or by the WebSocket that took it over).
type limitedConn struct {
	net.Conn
	once    sync.Once
	release func()
}

func (c *limitedConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(c.release)
	return err
}
