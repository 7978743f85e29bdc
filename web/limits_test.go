package web

import (
	"bytes"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/accounts"
	"boardroom/web/webtest"
)

// The server's limits over HTTP, as its areas take them from the request
// kit (web/request, whose own tests check the limiter and the addresses).

// inNetwork is the i-th of many addresses in 2001:db8:1:<subnet>::/64.
func inNetwork(subnet, i int) string {
	return fmt.Sprintf("2001:db8:1:%x:%x:%x::1", subnet, i/0x10000, i%0x10000)
}

func TestLimitsOverHTTP(t *testing.T) {
	ts := newTestServer(t)
	// Replace the handler's limits with tight ones for this test.
	srv := &Server{Hub: ts.Hub, Store: ts.Store, Limits: &Limits{ConnsPerAddr: 1, RoomsPerMinute: 1}}
	ts.Config.Handler = srv.Handler()
	c := ts.Browser(t)
	resp, _ := ts.Create(t, c, url.Values{"game": {"kalah"}})
	require.Equal(t, http.StatusSeeOther, resp.StatusCode)
	loc := resp.Header.Get("Location")
	resp, body := ts.Create(t, c, url.Values{"game": {"kalah"}})
	require.Equal(t, http.StatusTooManyRequests, resp.StatusCode)
	require.Contains(t, body, "wait a minute")

	ws, _, err := ts.DialRoom(t, c, loc, ts.URL)
	require.NoError(t, err)
	defer ws.CloseNow()
	_, resp, err = ts.DialRoom(t, c, loc, ts.URL)
	require.Error(t, err)
	require.Equal(t, http.StatusTooManyRequests, resp.StatusCode)
}

// TestLimitsUseTheClientBehindTheProxy: behind a trusted proxy each client
// has its own share of the limits; without trust, the header changes
// nothing (a client cannot escape its limit by writing it).
func TestLimitsUseTheClientBehindTheProxy(t *testing.T) {
	ts := newTestServer(t)
	var logs bytes.Buffer
	create := func(handler http.Handler, client string) int {
		form := url.Values{"game": {"kalah"}, "mode": {"hotseat"}}
		r := httptest.NewRequest(http.MethodPost, "/rooms", strings.NewReader(form.Encode()))
		r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		r.RemoteAddr = "127.0.0.1:40000" // the proxy
		r.Header.Set("X-Forwarded-For", "6.6.6.6, "+client)
		rec := httptest.NewRecorder()
		handler.ServeHTTP(rec, r)
		return rec.Code
	}
	behind := (&Server{Hub: ts.Hub, Store: ts.Store, Limits: &Limits{RoomsPerMinute: 1}, ListsFresh: -1,
		TrustedProxies: TrustedProxies{netip.MustParsePrefix("127.0.0.1/32")},
		Log:            slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug}))}).Handler()
	require.Equal(t, http.StatusSeeOther, create(behind, "198.51.100.1"))
	require.Equal(t, http.StatusSeeOther, create(behind, "198.51.100.2"), "another client behind the same proxy has its own share")
	require.Equal(t, http.StatusTooManyRequests, create(behind, "198.51.100.1"), "the first client has used its share")
	require.Contains(t, logs.String(), "client=198.51.100.2", "the request log names the real client")
	require.NotContains(t, logs.String(), "6.6.6.6", "the made-up entry is never used")

	direct := (&Server{Hub: ts.Hub, Store: ts.Store, Limits: &Limits{RoomsPerMinute: 1}, ListsFresh: -1}).Handler()
	require.Equal(t, http.StatusSeeOther, create(direct, "198.51.100.1"))
	require.Equal(t, http.StatusTooManyRequests, create(direct, "198.51.100.2"), "an untrusted header does not make a new client")
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
		{"log-in", "/login", func(i int) url.Values { return webtest.Account(fmt.Sprintf("guess%d", i), "a long password") }, accounts.LoginsPerAddr, 1000},
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

// serverBehindProxy is a server of ts's rooms with limits, behind a
// trusted proxy (127.0.0.1), so that a test may send its requests from
// any client address (postFrom), each with its own share of the limits.
func serverBehindProxy(ts *testServer, limits Limits) *Server {
	return &Server{Hub: ts.Hub, Store: ts.Store, Log: slog.New(slog.DiscardHandler), Limits: &limits, ListsFresh: -1,
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
