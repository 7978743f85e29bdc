package request

import (
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"strings"
)

// TrustedProxies are the addresses of the load balancers in front of the
// server. A request that comes from one of them may say, in
// X-Forwarded-For, which client it forwards; any other request's header is
// ignored, since anyone can write it.
type TrustedProxies []netip.Prefix

// ParseTrustedProxies reads a comma-separated list of CIDRs
// ("10.0.0.0/8") and single addresses ("127.0.0.1", "::1"). An empty list
// trusts nobody; a bad entry is an error that names it.
func ParseTrustedProxies(list string) (TrustedProxies, error) {
	var out TrustedProxies
	for _, part := range strings.Split(list, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		if strings.Contains(part, "/") {
			p, err := netip.ParsePrefix(part)
			if err != nil {
				return nil, fmt.Errorf("trusted proxy %q is not a CIDR such as 10.0.0.0/8: %w", part, err)
			}
			if p.Addr().Zone() != "" {
				return nil, fmt.Errorf("trusted proxy %q: a zone is not allowed", part)
			}
			// A mapped IPv4 network (::ffff:10.0.0.0/104) is its IPv4 network.
			if p.Addr().Is4In6() && p.Bits() >= 96 {
				p = netip.PrefixFrom(p.Addr().Unmap(), p.Bits()-96)
			}
			out = append(out, p.Masked())
			continue
		}
		a, err := netip.ParseAddr(part)
		if err != nil || a.Zone() != "" {
			return nil, fmt.Errorf("trusted proxy %q is neither an IP address nor a CIDR", part)
		}
		a = a.Unmap()
		out = append(out, netip.PrefixFrom(a, a.BitLen()))
	}
	return out, nil
}

// String lists the proxies as ParseTrustedProxies reads them.
func (t TrustedProxies) String() string {
	parts := make([]string, len(t))
	for i, p := range t {
		parts[i] = p.String()
	}
	return strings.Join(parts, ",")
}

func (t TrustedProxies) trusts(a netip.Addr) bool {
	for _, p := range t {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// maxForwardedHops bounds the walk through X-Forwarded-For: no real chain
// of proxies is longer, and a client must not make the server work through
// a header of thousands of entries.
const maxForwardedHops = 32

// ClientAddr is the address of the client a request comes from, without a
// port: the connection's peer, or, when that peer is a trusted proxy, the
// first address in X-Forwarded-For, read from the right, that is not a
// trusted proxy. Each proxy appends the address it received the request
// from, so the entries to the right of the first untrusted one were
// written by our own proxies, and those to its left may be made up by the
// client (a spoofing attempt), which is why they are never read. When every
// entry is trusted (a client inside the proxies' network) the leftmost is
// the client; an entry that is not an address stops the walk at the proxy
// that passed it on.
func (t TrustedProxies) ClientAddr(r *http.Request) string {
	peer, ok := parseHost(r.RemoteAddr)
	if !ok {
		return hostOf(r.RemoteAddr)
	}
	if len(t) == 0 || !t.trusts(peer) {
		return peer.String()
	}
	entries := forwardedFor(r.Header)
	client := peer // the last address known to be a proxy's, or the client
	for i := len(entries) - 1; i >= 0 && len(entries)-i <= maxForwardedHops; i-- {
		a, ok := parseHost(entries[i])
		if !ok {
			return client.String()
		}
		client = a
		if !t.trusts(a) {
			break
		}
	}
	return client.String()
}

// HTTPS reports whether the browser reached the site over HTTPS: TLS
// ended here, or at a trusted proxy that says so in X-Forwarded-Proto
// (HAProxy in docs/deploy). The header is read only from a trusted peer:
// anyone else could claim it.
func (t TrustedProxies) HTTPS(r *http.Request) bool {
	if r.TLS != nil {
		return true
	}
	if len(t) == 0 {
		return false
	}
	peer, ok := parseHost(r.RemoteAddr)
	if !ok || !t.trusts(peer) {
		return false
	}
	// The proxy nearest to us wrote the last value.
	values := r.Header.Values("X-Forwarded-Proto")
	if len(values) == 0 {
		return false
	}
	last := values[len(values)-1]
	if i := strings.LastIndexByte(last, ','); i >= 0 {
		last = last[i+1:]
	}
	return strings.EqualFold(strings.TrimSpace(last), "https")
}

// forwardedFor is the X-Forwarded-For list, every header line in order.
func forwardedFor(h http.Header) []string {
	var out []string
	for _, line := range h.Values("X-Forwarded-For") {
		for _, e := range strings.Split(line, ",") {
			out = append(out, strings.TrimSpace(e))
		}
	}
	return out
}

// parseHost reads an address with or without a port ("1.2.3.4",
// "1.2.3.4:5", "[::1]:5", "::1"), IPv4 in IPv6 as IPv4, without a zone.
func parseHost(s string) (netip.Addr, bool) {
	if a, err := netip.ParseAddr(s); err == nil {
		return a.Unmap().WithZone(""), true
	}
	if ap, err := netip.ParseAddrPort(s); err == nil {
		return ap.Addr().Unmap().WithZone(""), true
	}
	// "[::1]" without a port.
	if strings.HasPrefix(s, "[") && strings.HasSuffix(s, "]") {
		if a, err := netip.ParseAddr(s[1 : len(s)-1]); err == nil {
			return a.Unmap().WithZone(""), true
		}
	}
	return netip.Addr{}, false
}

// hostOf strips the port from an address that is not an IP (a Unix
// socket's, a test's): the limits still key on it.
func hostOf(addr string) string {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return addr
	}
	return host
}
