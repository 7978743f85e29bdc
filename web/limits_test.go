package web

import (
	"net/http"
	"net/url"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

func TestConnectionLimitPerAddress(t *testing.T) {
	l := newLimiter(Limits{ConnsPerAddr: 2})
	r1, ok := l.openConn("1.2.3.4")
	require.True(t, ok)
	_, ok = l.openConn("1.2.3.4")
	require.True(t, ok)
	_, ok = l.openConn("1.2.3.4")
	require.False(t, ok, "a third connection from one address is refused")
	_, ok = l.openConn("5.6.7.8")
	require.True(t, ok, "other addresses are not affected")
	r1()
	_, ok = l.openConn("1.2.3.4")
	require.True(t, ok, "a closed connection frees its place")
}

func TestRoomCreationLimitPerAddress(t *testing.T) {
	l := newLimiter(Limits{RoomsPerMinute: 3})
	now := time.Now()
	for range 3 {
		require.True(t, l.newRoom("a", now))
	}
	require.False(t, l.newRoom("a", now))
	require.True(t, l.newRoom("b", now))
	require.True(t, l.newRoom("a", now.Add(21*time.Second)), "the bucket refills")
	unlimited := newLimiter(Limits{})
	for range 100 {
		require.True(t, unlimited.newRoom("a", now))
	}
}

func TestLimitsOverHTTP(t *testing.T) {
	ts := newTestServer(t)
	// Replace the handler's limits with tight ones for this test.
	srv := &Server{Hub: ts.hub, Store: ts.store, Limits: &Limits{ConnsPerAddr: 1, RoomsPerMinute: 1}}
	ts.Config.Handler = srv.Handler()
	c := ts.browser(t)
	resp, _ := ts.create(t, c, url.Values{"game": {"kalah"}})
	require.Equal(t, http.StatusSeeOther, resp.StatusCode)
	loc := resp.Header.Get("Location")
	resp, body := ts.create(t, c, url.Values{"game": {"kalah"}})
	require.Equal(t, http.StatusTooManyRequests, resp.StatusCode)
	require.Contains(t, body, "wait a minute")

	ws, _, err := wsDial(t, ts, c, loc, ts.URL)
	require.NoError(t, err)
	defer ws.CloseNow()
	_, resp, err = wsDial(t, ts, c, loc, ts.URL)
	require.Error(t, err)
	require.Equal(t, http.StatusTooManyRequests, resp.StatusCode)
}
