package request

import (
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseTrustedProxies(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want string // String() of the result; "" with err for a refusal
		err  bool
	}{
		{in: "", want: ""},
		{in: " , ", want: ""},
		{in: "10.0.0.0/8", want: "10.0.0.0/8"},
		{in: "10.1.2.3/8", want: "10.0.0.0/8"}, // masked
		{in: "127.0.0.1, ::1", want: "127.0.0.1/32,::1/128"},
		{in: "192.168.0.0/16,2001:db8::/32,203.0.113.9", want: "192.168.0.0/16,2001:db8::/32,203.0.113.9/32"},
		{in: "::ffff:10.0.0.0/104", want: "10.0.0.0/8"}, // a mapped IPv4 network
		{in: "::ffff:127.0.0.1", want: "127.0.0.1/32"},  // a mapped IPv4 address
		{in: "10.0.0.0/33", err: true},                  // too many bits
		{in: "10.0.0.256", err: true},                   // not an address
		{in: "nonsense", err: true},                     // not an address
		{in: "localhost", err: true},                    // names are not resolved
		{in: "10.0.0.0/8/1", err: true},                 // two slashes
		{in: "fe80::1%eth0", err: true},                 // a zone
		{in: "fe80::%eth0/64", err: true},               // a zone in a CIDR
		{in: "10.0.0.0/8, 10.0.0.300/32", err: true},    // one bad entry spoils the list
		{in: "http://10.0.0.1", err: true},              // a URL
		{in: "10.0.0.1:8080", err: true},                // a port
		{in: strings.Repeat("1", 60) + "/8", err: true}, // garbage
	} {
		got, err := ParseTrustedProxies(tc.in)
		if tc.err {
			require.Error(t, err, "%q", tc.in)
			assert.Contains(t, err.Error(), "trusted proxy", "the error names what it is about")
			continue
		}
		require.NoError(t, err, "%q", tc.in)
		assert.Equal(t, tc.want, got.String(), "%q", tc.in)
	}
}

func TestClientAddr(t *testing.T) {
	proxies, err := ParseTrustedProxies("10.0.0.0/8, 127.0.0.1, ::1, 2001:db8::/32")
	require.NoError(t, err)
	var hops []string
	for i := range 40 {
		hops = append(hops, "10.0.1."+strconv.Itoa(i))
	}
	for _, tc := range []struct {
		name    string
		proxies TrustedProxies
		remote  string
		xff     []string // header lines
		want    string
	}{
		{name: "no proxy configured: the header is ignored", remote: "198.51.100.7:5000", xff: []string{"1.1.1.1"}, want: "198.51.100.7"},
		{name: "no proxy configured, no header", remote: "198.51.100.7:5000", want: "198.51.100.7"},
		{name: "an untrusted peer cannot pose as another client", proxies: proxies, remote: "203.0.113.5:5000", xff: []string{"1.1.1.1"}, want: "203.0.113.5"},
		{name: "an untrusted peer cannot pose as a proxy's client either", proxies: proxies, remote: "203.0.113.5:5000", xff: []string{"1.1.1.1, 10.0.0.2"}, want: "203.0.113.5"},
		{name: "the client behind one proxy", proxies: proxies, remote: "10.0.0.2:40000", xff: []string{"198.51.100.7"}, want: "198.51.100.7"},
		{name: "a proxy with no header is the client", proxies: proxies, remote: "10.0.0.2:40000", want: "10.0.0.2"},
		{name: "a made-up entry left of the real client is not read", proxies: proxies, remote: "10.0.0.2:40000", xff: []string{"1.1.1.1, 198.51.100.7"}, want: "198.51.100.7"},
		{name: "a made-up trusted-looking entry is not read either", proxies: proxies, remote: "10.0.0.2:40000", xff: []string{"10.0.0.9, 198.51.100.7"}, want: "198.51.100.7"},
		{name: "two proxies", proxies: proxies, remote: "10.0.0.2:40000", xff: []string{"198.51.100.7, 10.0.0.3"}, want: "198.51.100.7"},
		{name: "two proxies, a made-up entry", proxies: proxies, remote: "10.0.0.2:40000", xff: []string{"6.6.6.6, 198.51.100.7, 10.0.0.3"}, want: "198.51.100.7"},
		{name: "header lines are read in order", proxies: proxies, remote: "10.0.0.2:40000", xff: []string{"1.1.1.1", "198.51.100.7"}, want: "198.51.100.7"},
		{name: "a client inside the proxies' network", proxies: proxies, remote: "10.0.0.2:40000", xff: []string{"10.0.0.9, 10.0.0.3"}, want: "10.0.0.9"},
		{name: "garbage from the proxy stops at the proxy", proxies: proxies, remote: "10.0.0.2:40000", xff: []string{"198.51.100.7, <script>"}, want: "10.0.0.2"},
		{name: "an empty last entry stops at the proxy", proxies: proxies, remote: "10.0.0.2:40000", xff: []string{"198.51.100.7, "}, want: "10.0.0.2"},
		{name: "garbage behind a trusted hop stops at that hop", proxies: proxies, remote: "10.0.0.2:40000", xff: []string{"unknown, 10.0.0.3"}, want: "10.0.0.3"},
		{name: "garbage left of the client is not read", proxies: proxies, remote: "10.0.0.2:40000", xff: []string{"garbage, 198.51.100.7"}, want: "198.51.100.7"},
		{name: "an entry with a port", proxies: proxies, remote: "10.0.0.2:40000", xff: []string{"198.51.100.7:5555"}, want: "198.51.100.7"},
		{name: "an IPv6 client behind an IPv6 proxy", proxies: proxies, remote: "[::1]:40000", xff: []string{"2001:db9::1"}, want: "2001:db9::1"},
		{name: "an IPv6 entry in brackets with a port", proxies: proxies, remote: "[::1]:40000", xff: []string{"[2001:db9::1]:443"}, want: "2001:db9::1"},
		{name: "an IPv6 proxy network", proxies: proxies, remote: "[2001:db8::5]:40000", xff: []string{"198.51.100.7"}, want: "198.51.100.7"},
		{name: "an IPv4 peer written as IPv6", proxies: proxies, remote: "[::ffff:10.0.0.2]:40000", xff: []string{"198.51.100.7"}, want: "198.51.100.7"},
		{name: "an IPv4 client written as IPv6", proxies: proxies, remote: "10.0.0.2:40000", xff: []string{"::ffff:198.51.100.7"}, want: "198.51.100.7"},
		{name: "a zone is dropped", proxies: proxies, remote: "10.0.0.2:40000", xff: []string{"fe80::1%eth0"}, want: "fe80::1"},
		{name: "a long chain of trusted hops is walked only so far", proxies: proxies, remote: "10.0.0.2:40000", xff: []string{strings.Join(hops, ",")}, want: "10.0.1.8"},
		{name: "a peer that is not an IP", proxies: proxies, remote: "@", xff: []string{"198.51.100.7"}, want: "@"},
		{name: "a peer without a port", proxies: proxies, remote: "10.0.0.2", xff: []string{"198.51.100.7"}, want: "198.51.100.7"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := httptest.NewRequest(http.MethodGet, "/", nil)
			r.RemoteAddr = tc.remote
			for _, line := range tc.xff {
				r.Header.Add("X-Forwarded-For", line)
			}
			assert.Equal(t, tc.want, tc.proxies.ClientAddr(r))
		})
	}
}

// FuzzClientAddr: whatever the peer and the header, the answer is the peer
// or one of the header's addresses, the peer itself when it is not a
// proxy, and never a panic.
func FuzzClientAddr(f *testing.F) {
	for _, seed := range [][2]string{
		{"10.0.0.2:1", "198.51.100.7"},
		{"10.0.0.2:1", "1.1.1.1, 198.51.100.7, 10.0.0.3"},
		{"[::1]:1", "[2001:db9::1]:443, fe80::1%eth0"},
		{"203.0.113.5:1", "10.0.0.1"},
		{"@", ",,,"},
		{"", ""},
	} {
		f.Add(seed[0], seed[1])
	}
	proxies, err := ParseTrustedProxies("10.0.0.0/8, ::1")
	require.NoError(f, err)
	f.Fuzz(func(t *testing.T, remote, xff string) {
		r := httptest.NewRequest(http.MethodGet, "/", nil)
		r.RemoteAddr = remote
		r.Header.Set("X-Forwarded-For", xff)
		got := proxies.ClientAddr(r)
		peer, ok := parseHost(remote)
		if !ok {
			require.Equal(t, hostOf(remote), got)
			return
		}
		if !proxies.trusts(peer) {
			require.Equal(t, peer.String(), got, "an untrusted peer's header is ignored")
			return
		}
		candidates := []string{peer.String()}
		for _, e := range forwardedFor(r.Header) {
			if a, ok := parseHost(e); ok {
				candidates = append(candidates, a.String())
			}
		}
		require.Contains(t, candidates, got)
	})
}
