package web

import (
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"strings"
	"testing"
	"time"

	"boardroom/accounts"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestNetworkKey: an IPv6 client is counted by its network, an IPv4 one
// (mapped into IPv6 too) by its address.
func TestNetworkKey(t *testing.T) {
	tests := []struct {
		addr   string
		prefix int
		want   string
	}{
		{"198.51.100.7", 64, "198.51.100.7"},
		{"198.51.100.7:5000", 64, "198.51.100.7"},
		{"::ffff:198.51.100.7", 64, "198.51.100.7"},
		{"[::ffff:198.51.100.7]:80", 64, "198.51.100.7"},
		{"2001:db8:1:2:aaaa::1", 64, "2001:db8:1:2::/64"},
		{"2001:db8:1:2:ffff:ffff:ffff:ffff", 64, "2001:db8:1:2::/64"},
		{"2001:db8:1:3::1", 64, "2001:db8:1:3::/64"},
		{"[2001:db8:1:2::1]:443", 64, "2001:db8:1:2::/64"},
		{"fe80::1%eth0", 64, "fe80::/64"},
		{"2001:db8:1:2ff::1", 56, "2001:db8:1:200::/56"},
		{"2001:db8::1", 128, "2001:db8::1/128"},
		{"2001:db8::1", 999, "2001:db8::1/128"},
		{"@", 64, "@"},
		{"", 64, ""},
	}
	for _, tc := range tests {
		assert.Equal(t, tc.want, NetworkKey(tc.addr, tc.prefix), "%q with /%d", tc.addr, tc.prefix)
	}
}

// inNetwork is the i-th of many addresses in 2001:db8:1:<subnet>::/64.
func inNetwork(subnet, i int) string {
	return fmt.Sprintf("2001:db8:1:%x:%x:%x::1", subnet, i/0x10000, i%0x10000)
}

// TestIPv6NetworkSharesOneBudget: 1,000 addresses of one /64 made 10,000
// log-in tries at once; now they share the budget of one address, for
// log-ins and for rooms, and another /64 has its own.
func TestIPv6NetworkSharesOneBudget(t *testing.T) {
	// Rooms: a small budget and 200 addresses, not 1,000: each refusal
	// draws the lobby with the rooms made so far (a read each, parsed anew
	// by SQLite), and 970 refusals over 30 rooms took 38 s under -race.
	handler := serverBehindProxy(newTestServer(t), Limits{RoomsPerMinute: 5}).Handler()
	send := func(path, client string, form url.Values) int { return postFrom(handler, path, client, form) }
	tests := []struct {
		what   string
		path   string
		form   func(i int) url.Values
		budget int
		// addresses is how many addresses of the /64 try.
		addresses int
	}{
		{"log-in", "/login", func(i int) url.Values { return account(fmt.Sprintf("guess%d", i), "a long password") }, accounts.LoginsPerAddr, 1000},
		{"room", "/rooms", func(int) url.Values { return url.Values{"game": {"kalah"}, "mode": {"hotseat"}} }, 5, 200},
	}
	for _, tc := range tests {
		t.Run(tc.what, func(t *testing.T) {
			allowed, start := 0, time.Now()
			for i := range tc.addresses {
				if send(tc.path, inNetwork(2, i), tc.form(i)) != http.StatusTooManyRequests {
					allowed++
				}
			}
			// The budget (so many a minute) refills as the test runs.
			refilled := int(time.Since(start).Minutes()*float64(tc.budget)) + 1
			require.GreaterOrEqual(t, allowed, tc.budget, "the addresses of one /64 share one budget")
			require.LessOrEqual(t, allowed, tc.budget+refilled, "the addresses of one /64 share one budget")
			require.NotEqual(t, http.StatusTooManyRequests, send(tc.path, inNetwork(3, 0), tc.form(tc.addresses)), "another /64 has its own")
			require.NotEqual(t, http.StatusTooManyRequests, send(tc.path, "198.51.100.9", tc.form(tc.addresses+1)), "and an IPv4 address")
		})
	}
}

// TestConnectionsOfOneIPv6Network: the connections of every address of
// one /64 count together against -max-http-conns-per-addr.
func TestConnectionsOfOneIPv6Network(t *testing.T) {
	incoming := make(chan net.Conn, 1001)
	for i := range 1000 {
		incoming <- fakeConn(inNetwork(2, i))
	}
	incoming <- fakeConn(inNetwork(3, 0))
	close(incoming)
	ln := LimitListener(chanListener(incoming), 256, nil, DefaultIPv6Prefix)
	var accepted []string
	for {
		c, err := ln.Accept()
		if err != nil {
			break
		}
		accepted = append(accepted, c.RemoteAddr().String())
	}
	require.Len(t, accepted, 257, "256 of the /64's thousand, and the other /64's")
	require.Equal(t, fakeConn(inNetwork(3, 0)).RemoteAddr().String(), accepted[256])
}

// serverBehindProxy is a server of ts's rooms with limits, behind a
// trusted proxy (127.0.0.1), so that a test may send its requests from
// any client address (postFrom), each with its own share of the limits.
func serverBehindProxy(ts *testServer, limits Limits) *Server {
	return &Server{Hub: ts.hub, Store: ts.store, Log: slog.New(slog.DiscardHandler), Limits: &limits, ListsFresh: -1,
		TrustedProxies: TrustedProxies{netip.MustParsePrefix("127.0.0.1/32")}}
}

// postFrom posts form to path through serverBehindProxy's proxy, for
// client, and returns the answer's status.
func postFrom(handler http.Handler, path, client string, form url.Values) int {
	r := httptest.NewRequest(http.MethodPost, path, strings.NewReader(form.Encode()))
	r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	r.RemoteAddr = "127.0.0.1:40000" // the proxy
	r.Header.Set("X-Forwarded-For", client)
	rec := httptest.NewRecorder()
	handler.ServeHTTP(rec, r)
	return rec.Code
}

// chanListener accepts the connections of a channel, then fails.
type chanListener chan net.Conn

func (l chanListener) Accept() (net.Conn, error) {
	if c, ok := <-l; ok {
		return c, nil
	}
	return nil, net.ErrClosed
}
func (l chanListener) Close() error   { return nil }
func (l chanListener) Addr() net.Addr { return &net.TCPAddr{} }

// remoteConn is a connection that says it comes from addr.
type remoteConn struct {
	net.Conn
	addr net.Addr
}

func (c remoteConn) RemoteAddr() net.Addr { return c.addr }
func (c remoteConn) Close() error         { return nil }

func fakeConn(ip string) net.Conn {
	return remoteConn{addr: &net.TCPAddr{IP: net.ParseIP(ip), Port: 1}}
}
