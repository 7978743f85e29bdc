package web

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"testing"

	"github.com/stretchr/testify/require"
)

// Tests of what the server does when it is attacked or its surroundings
// fail (issue 24): each case was seen to go wrong before its fix.

// TestCookiesAreSecureBehindATLSProxy: where TLS ends at HAProxy, which
// says so in X-Forwarded-Proto, the seat cookie is Secure and the page
// asks for HSTS; the header counts only from a trusted proxy.
func TestCookiesAreSecureBehindATLSProxy(t *testing.T) {
	ts := newTestServer(t)
	handler := (&Server{Hub: ts.hub, Store: ts.store, Log: slog.New(slog.DiscardHandler), Limits: &Limits{}, ListsFresh: -1,
		TrustedProxies: TrustedProxies{netip.MustParsePrefix("10.0.0.0/8")}}).Handler()
	for _, tc := range []struct {
		name   string
		remote string
		proto  []string
		secure bool
	}{
		{"TLS ended at a trusted proxy", "10.0.0.5:41000", []string{"https"}, true},
		{"plain HTTP at the proxy", "10.0.0.5:41000", []string{"http"}, false},
		{"no header from the proxy", "10.0.0.5:41000", nil, false},
		{"the nearest proxy's value counts", "10.0.0.5:41000", []string{"http, https"}, true},
		{"a later header line is the nearer proxy's", "10.0.0.5:41000", []string{"https", "http"}, false},
		{"a client claiming https itself", "203.0.113.9:41000", []string{"https"}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := httptest.NewRequest(http.MethodGet, "/", nil)
			r.RemoteAddr = tc.remote
			for _, p := range tc.proto {
				r.Header.Add("X-Forwarded-Proto", p)
			}
			rec := httptest.NewRecorder()
			handler.ServeHTTP(rec, r)
			require.Equal(t, http.StatusOK, rec.Code)
			cookies := rec.Result().Cookies()
			require.NotEmpty(t, cookies, "the lobby gives a seat token")
			for _, c := range cookies {
				require.Equal(t, tc.secure, c.Secure, "cookie %s", c.Name)
			}
			if tc.secure {
				require.Contains(t, rec.Header().Get("Strict-Transport-Security"), "max-age=")
			} else {
				require.Empty(t, rec.Header().Get("Strict-Transport-Security"), "HSTS only over HTTPS")
			}
		})
	}
}

// TestNoListingOfTheStaticFiles: /static/ and its folders answer 404, not
// a list of what the site serves; the files themselves are served.
func TestNoListingOfTheStaticFiles(t *testing.T) {
	ts := newTestServer(t)
	for _, tc := range []struct {
		path   string
		status int
	}{
		{"/static/", http.StatusNotFound},
		{"/static/vendor/", http.StatusNotFound},
		{"/static/vendor", http.StatusNotFound},
		{"/static/app.css", http.StatusOK},
	} {
		t.Run(tc.path, func(t *testing.T) {
			resp, err := http.Get(ts.URL + tc.path)
			require.NoError(t, err)
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			require.Equal(t, tc.status, resp.StatusCode)
			if tc.status == http.StatusNotFound {
				require.NotContains(t, string(body), "htmx", "no file is named")
			}
		})
	}
}
