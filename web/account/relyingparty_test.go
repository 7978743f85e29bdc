package account

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/accounts"
	"boardroom/web/request"
)

// TestRelyingParty: passkeys are bound to the public address the server
// was given, else to the host each request names, over HTTPS when the
// request came by it.
func TestRelyingParty(t *testing.T) {
	proxies, err := request.ParseTrustedProxies("10.0.0.1")
	require.NoError(t, err)
	tests := []struct {
		name, public, host, peer, proto string
		want                            accounts.RelyingParty
	}{
		{"plain localhost", "", "localhost:8080", "127.0.0.1", "", accounts.RelyingParty{ID: "localhost", Origin: "http://localhost:8080"}},
		{"a name in capitals", "", "Play.Example.org", "192.0.2.1", "", accounts.RelyingParty{ID: "play.example.org", Origin: "http://play.example.org"}},
		{"behind a proxy ending HTTPS", "", "play.example.org", "10.0.0.1", "https", accounts.RelyingParty{ID: "play.example.org", Origin: "https://play.example.org"}},
		{"an untrusted peer claiming HTTPS", "", "play.example.org", "192.0.2.1", "https", accounts.RelyingParty{ID: "play.example.org", Origin: "http://play.example.org"}},
		{"the public address wins", "https://play.example.org", "10.1.2.3:8080", "10.0.0.1", "", accounts.RelyingParty{ID: "play.example.org", Origin: "https://play.example.org"}},
		{"a public address with a port", "http://localhost:8080/", "127.0.0.1:8080", "127.0.0.1", "", accounts.RelyingParty{ID: "localhost", Origin: "http://localhost:8080"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			a := &Area{Kit: request.New(request.Config{TrustedProxies: proxies}), PublicURL: tc.public}
			r := httptest.NewRequest(http.MethodPost, "/passkey/login/begin", nil)
			r.Host, r.RemoteAddr = tc.host, tc.peer+":5555"
			if tc.proto != "" {
				r.Header.Set("X-Forwarded-Proto", tc.proto)
			}
			require.Equal(t, tc.want, a.relyingParty(r))
		})
	}
}
