package request

import "net/netip"

// DefaultIPv6Prefix is how many leading bits of an IPv6 address the
// per-address limits count as one client: a /64 is the least a home, a
// phone or a server is given, and any holder of one may use all of its
// 18 quintillion addresses, so counting each apart would give one client
// as many budgets as it likes.
const DefaultIPv6Prefix = 64

// networkOf is the network a client address is counted as: an IPv4
// address (a mapped one too) is its own, an IPv6 address is its first
// ipv6Prefix bits.
func networkOf(a netip.Addr, ipv6Prefix int) netip.Prefix {
	a = a.Unmap().WithZone("")
	if a.Is4() {
		return netip.PrefixFrom(a, 32)
	}
	if p, err := a.Prefix(ipv6Prefix); err == nil {
		return p
	}
	return netip.PrefixFrom(a, 128)
}

// NetworkKey is the key under which the per-address limits count addr
// (ClientAddr's answer): "198.51.100.7" for IPv4, "2001:db8:1:2::/64" for
// IPv6; what is no IP address (a Unix socket's) is its own key.
func NetworkKey(addr string, ipv6Prefix int) string {
	a, ok := parseHost(addr)
	if !ok {
		return addr
	}
	if n := networkOf(a, ipv6Prefix); !n.Addr().Is4() {
		return n.String()
	}
	return a.String()
}
