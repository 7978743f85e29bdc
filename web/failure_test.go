package web

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/stretchr/testify/require"

	"boardroom/web/webtest"
)

// Tests of what the server does when it is attacked or its surroundings
// fail (issue 24): each case was seen to go wrong before its fix.

// TestCookiesAreSecureBehindATLSProxy: where TLS ends at HAProxy, which
// says so in X-Forwarded-Proto, the seat cookie is Secure and the page
// asks for HSTS; the header counts only from a trusted proxy.
func TestCookiesAreSecureBehindATLSProxy(t *testing.T) {
	ts := newTestServer(t)
	handler := (&Server{Hub: ts.Hub, Store: ts.Store, Log: slog.New(slog.DiscardHandler), Limits: &Limits{}, ListsFresh: -1,
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

// TestATextFrameThatIsNotUTF8ClosesTheSocket: RFC 6455 wants close code
// 1007 for a text message that is not UTF-8; it changes nothing.
func TestATextFrameThatIsNotUTF8ClosesTheSocket(t *testing.T) {
	ts := newTestServer(t)
	alice := ts.Browser(t)
	resp, _ := ts.Create(t, alice, url.Values{"game": {"kalah"}, "mode": {"hotseat"}})
	loc := resp.Header.Get("Location")
	webtest.Get(t, alice, ts.URL+loc)
	ws, _, err := ts.DialRoom(t, alice, loc, ts.URL)
	require.NoError(t, err)
	defer ws.CloseNow()
	webtest.ReadFragment(t, ws)

	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	require.NoError(t, ws.Write(ctx, websocket.MessageText, []byte("{\"cell\":\"1,1\xff\"}")))
	_, _, err = ws.Read(ctx)
	require.Equal(t, websocket.StatusInvalidFramePayloadData, websocket.CloseStatus(err))
	rec, err := ts.Store.Room(ctx, strings.TrimPrefix(loc, "/r/"))
	require.NoError(t, err)
	require.Empty(t, rec.Turns, "nothing was played")
}

// TestOtherMethodsAreNotAllowed: a method a page does not take is answered
// 405 with the methods it does take, not 404 as if the page did not exist.
func TestOtherMethodsAreNotAllowed(t *testing.T) {
	ts := newTestServer(t)
	for _, tc := range []struct {
		method, path string
		status       int
		allow        string
	}{
		{http.MethodPut, "/", http.StatusMethodNotAllowed, "GET, HEAD"},
		{http.MethodDelete, "/r/abc", http.StatusMethodNotAllowed, "GET, HEAD"},
		{http.MethodGet, "/rooms", http.StatusMethodNotAllowed, "POST"},
		{http.MethodPost, "/rules/kalah", http.StatusMethodNotAllowed, "GET, HEAD"},
		{http.MethodGet, "/no/such/page", http.StatusNotFound, ""},
		{http.MethodPost, "/no/such/page", http.StatusNotFound, ""},
	} {
		t.Run(tc.method+" "+tc.path, func(t *testing.T) {
			req, err := http.NewRequest(tc.method, ts.URL+tc.path, nil)
			require.NoError(t, err)
			req.Header.Set("Origin", ts.URL)
			resp, err := http.DefaultClient.Do(req)
			require.NoError(t, err)
			resp.Body.Close()
			require.Equal(t, tc.status, resp.StatusCode)
			require.Equal(t, tc.allow, resp.Header.Get("Allow"))
		})
	}
}

// TestAClientThatGoesAwayIsNoServerError: requests abandoned by their
// client (a POST /rooms, the lobby, its lists, a room) log no ERROR line:
// 19,990 of them wrote as many ERRORs before.
func TestAClientThatGoesAwayIsNoServerError(t *testing.T) {
	ts := newTestServer(t)
	var logs syncLog
	handler := (&Server{Hub: ts.Hub, Store: ts.Store, Limits: &Limits{}, ListsFresh: -1,
		Log: slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug}))}).Handler()
	form := url.Values{"game": {"kalah"}, "mode": {"hotseat"}}.Encode()
	for _, tc := range []struct {
		method, path, body string
	}{
		{http.MethodPost, "/rooms", form},
		{http.MethodGet, "/", ""},
		{http.MethodGet, "/lobby/lists", ""},
		{http.MethodGet, "/r/abcdefgh", ""},
	} {
		t.Run(tc.method+" "+tc.path, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			cancel() // the client has gone
			r := httptest.NewRequestWithContext(ctx, tc.method, tc.path, strings.NewReader(tc.body))
			if tc.body != "" {
				r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			}
			handler.ServeHTTP(httptest.NewRecorder(), r)
		})
	}
	require.NotContains(t, logs.String(), "level=ERROR", logs.String())
}

// syncLog is a log sink for handlers running on several goroutines.
type syncLog struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *syncLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *syncLog) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// TestNamesMustBeVisibleAndNotTheComputers: the lobby refuses, with a
// reason, a name with nothing visible in it or one posing as the computer
// (U+200B, U+3164, U+2800 and "Computer · Difficult" were all accepted).
func TestNamesMustBeVisibleAndNotTheComputers(t *testing.T) {
	ts := newTestServer(t)
	for _, tc := range []struct {
		name, want string
		status     int
	}{
		{"\u200b", "can be seen", http.StatusBadRequest},
		{"\u3164\u3164", "can be seen", http.StatusBadRequest},
		{"\u2800", "can be seen", http.StatusBadRequest},
		{"Computer · Difficult", "kept for the computer", http.StatusBadRequest},
		{"Alice\u200b", "", http.StatusSeeOther},
	} {
		t.Run(tc.name, func(t *testing.T) {
			resp, body := ts.Create(t, ts.Browser(t), url.Values{"game": {"kalah"}, "mode": {"hotseat"}, "name": {tc.name}})
			require.Equal(t, tc.status, resp.StatusCode, body)
			if tc.want != "" {
				require.Contains(t, body, tc.want)
			}
		})
	}
}
