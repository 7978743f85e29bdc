package request

import (
	"fmt"
	"net"
	"testing"

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
