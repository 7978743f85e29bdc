package web

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"unicode"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// nextValues are where a form may be told to go once signed in: hostile
// values, which must leave the player on the site, and a few of the site's
// own paths, which must be kept (cleaned as a browser would).
var nextValues = []struct{ next, want string }{
	{"/x/../\\evil.example/", ""},
	{"/x/../%5Cevil.example", ""},
	{"/\\evil.example", ""},
	{"/%5Cevil.example", ""},
	{"/%5cevil.example", ""},
	{"/%255Cevil.example", ""},
	{"/%25255Cevil.example", ""},
	{"//evil.example/", ""},
	{"///evil.example/", ""},
	{"/x/..//evil.example", ""},
	{"/%2F%2Fevil.example", ""},
	{"/%2F/evil.example", ""},
	{"/\t/evil.example", ""},
	{"/%09/evil.example", ""},
	{"/\n/evil.example", ""},
	{"/\\/evil.example", ""},
	{"\\/evil.example", ""},
	{"\\\\evil.example", ""},
	{"https://evil.example/", ""},
	{"https:evil.example", ""},
	{"https:\\\\evil.example", ""},
	{"//evil.example@site/", ""},
	{"javascript:alert(1)", ""},
	{"JavaScript:alert(1)", ""},
	{"java\tscript:alert(1)", ""},
	{"/x/../../../\\\\evil.example", ""},
	{"/\u0085/evil.example", ""},
	{"%2F%2Fevil.example", ""},
	{"/account", "/account"},
	{"/x/../account", "/account"},
	{"/r/abc?next=1", "/r/abc?next=1"},
	{"/@/bob/", "/@/bob/"},
	{"", "/"},
}

// requireOnSite fails unless location, as a browser reads a Location
// header, stays on base's host: a path beginning with one "/", no "\" and
// no control character.
func requireOnSite(t *testing.T, base *url.URL, location string, msgAndArgs ...any) {
	t.Helper()
	require.True(t, strings.HasPrefix(location, "/") && !strings.HasPrefix(location, "//"), msgAndArgs...)
	require.NotContains(t, location, "\\", msgAndArgs...)
	require.NotContains(t, strings.ToLower(location), "%5c", msgAndArgs...)
	require.False(t, strings.ContainsFunc(location, unicode.IsControl), msgAndArgs...)
	u, err := base.Parse(location)
	require.NoError(t, err, msgAndArgs...)
	require.Equal(t, base.Host, u.Host, msgAndArgs...)
	require.Equal(t, base.Scheme, u.Scheme, msgAndArgs...)
}

// TestNextStaysOnTheSite: where a form sends the player once signed in
// (the POST of /signup and /login, and a signed-in player opening /login
// or /signup) is a path of this site, never another site: no open
// redirect, however next is encoded. Each value is tried from an address
// of its own (behind a trusted proxy), so that the log-in limits do not
// stop the table.
func TestNextStaysOnTheSite(t *testing.T) {
	ts := newTestServer(t)
	ts.Config.Handler = serverBehindProxy(ts, Limits{}).Handler()
	base, err := url.Parse(ts.URL)
	require.NoError(t, err)
	for i, tc := range nextValues {
		t.Run(fmt.Sprintf("%q", tc.next), func(t *testing.T) {
			from := fmt.Sprintf("198.51.100.%d", i+1)
			send := func(c *http.Client, method, path string, form url.Values) string {
				req, err := http.NewRequest(method, ts.URL+path, strings.NewReader(form.Encode()))
				require.NoError(t, err)
				req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
				req.Header.Set("X-Forwarded-For", from)
				resp, err := c.Do(req)
				require.NoError(t, err)
				resp.Body.Close()
				require.Equal(t, http.StatusSeeOther, resp.StatusCode, "%s %s", method, path)
				return resp.Header.Get("Location")
			}
			name := fmt.Sprintf("next%d", i)
			form := url.Values{"username": {name}, "password": {"a long password"}, "next": {tc.next}}
			signedIn := ts.Browser(t)
			locations := map[string]string{
				"POST /signup": send(ts.Browser(t), http.MethodPost, "/signup", form),
				"POST /login":  send(signedIn, http.MethodPost, "/login", form),
			}
			for _, page := range []string{"/login", "/signup"} {
				locations["GET "+page] = send(signedIn, http.MethodGet, page+"?next="+url.QueryEscape(tc.next), nil)
			}
			for how, location := range locations {
				requireOnSite(t, base, location, "%s with next %q: Location %q", how, tc.next, location)
				if tc.want != "" {
					assert.Equal(t, tc.want, location, "%s keeps the site's own path", how)
				}
			}
		})
	}
}
