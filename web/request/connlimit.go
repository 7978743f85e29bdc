package request

import (
	"net"
	"net/netip"
	"sync"
)

// LimitListener bounds the connections one client address may hold open
// at once (an IPv6 client counted by its network of ipv6Prefix bits, as
// every per-address limit counts it: NetworkKey), whatever they carry (a page, a slow upload, a socket that sends
// nothing). A connection over the bound is closed as soon as it is
// accepted, before anything is read from it, so that one address cannot
// take all of the server's file descriptors and lock everyone else out.
// Trusted proxies are not bound: each holds the connections of many
// clients (their own per-client limits are the balancer's to set).
func LimitListener(ln net.Listener, perAddr int, trusted TrustedProxies, ipv6Prefix int) net.Listener {
	if perAddr <= 0 {
		return ln
	}
	return &limitListener{Listener: ln, perAddr: perAddr, trusted: trusted, ipv6Prefix: ipv6Prefix, open: map[netip.Prefix]int{}}
}

type limitListener struct {
	net.Listener
	perAddr    int
	trusted    TrustedProxies
	ipv6Prefix int

	mu   sync.Mutex
	open map[netip.Prefix]int
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
		network := networkOf(peer, l.ipv6Prefix)
		if !l.take(network) {
			c.Close()
			continue
		}
		return &limitedConn{Conn: c, release: func() { l.give(network) }}, nil
	}
}

// take counts a new connection of network, unless it holds its share.
func (l *limitListener) take(network netip.Prefix) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.open[network] >= l.perAddr {
		return false
	}
	l.open[network]++
	return true
}

func (l *limitListener) give(network netip.Prefix) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.open[network]--; l.open[network] <= 0 {
		delete(l.open, network)
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
