package web

import (
	"context"
	"log/slog"
	"net/http"
	"net/url"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/stretchr/testify/require"

	"boardroom/realtime/bus"
	"boardroom/signout"
	"boardroom/store"
	"boardroom/web/webtest"
)

// The sockets a session opened close when it ends (issue 36, item 2):
// signout.Sockets, closing with signout.Code.

// TestLogOutEverywhereClosesTheSessionsSockets: the site's, a pool's and
// a room's sockets of every session of the account close within a second;
// another account's socket stays open, and so does a guest's.
func TestLogOutEverywhereClosesTheSessionsSockets(t *testing.T) {
	ts := newTestServer(t)
	_, _, loc, a, _ := ts.RatedRoom(t)
	alice := ts.LogIn(t, "alice") // the room's browser logs out everywhere from another
	phone := ts.LogIn(t, "alice")
	carol := ts.SignedUp(t, "carol")
	guest := ts.OpenRoom(t, ts.Browser(t), loc)
	others := ts.OpenSite(t, carol)
	sockets := map[string]<-chan webtest.Closed{
		"the room's":               webtest.Closing(a.WS),
		"the site's":               webtest.Closing(ts.OpenSite(t, alice).WS),
		"another session's site's": webtest.Closing(ts.OpenSite(t, phone).WS),
		"another session's room's": webtest.Closing(ts.OpenRoom(t, phone, loc).WS),
		"another session's pool's": webtest.Closing(ts.PersonEnters(t, phone, "kalah/fast", "").WS), // one wait an account
	}
	start := time.Now()
	resp, _ := webtest.Post(t, alice, ts.URL+"/account/logout-everywhere", url.Values{"confirm": {"yes"}})
	require.Equal(t, http.StatusOK, resp.StatusCode)
	webtest.ClosedBy(t, start, sockets)
	others.StillWorks()
	guest.Say(`{"chat":"still here"}`)
	guest.Until("still here") // a guest's socket stays open
	require.Empty(t, ts.WaitingIn(t), "the pools' waits ended with their sockets")
}

// TestLogOutClosesThatSessionsSockets: logging out closes the sockets of
// that session alone; the account's other sessions keep theirs.
func TestLogOutClosesThatSessionsSockets(t *testing.T) {
	ts := newTestServer(t)
	alice := ts.SignedUp(t, "alice")
	phone := ts.LogIn(t, "alice")
	mine := map[string]<-chan webtest.Closed{"the site's": webtest.Closing(ts.OpenSite(t, alice).WS)}
	kept := ts.OpenSite(t, phone)
	start := time.Now()
	resp, _ := webtest.Post(t, alice, ts.URL+"/logout", nil)
	require.Equal(t, http.StatusSeeOther, resp.StatusCode)
	webtest.ClosedBy(t, start, mine)
	kept.StillWorks()
}

// TestANewBotTokenClosesTheOldTokensSockets: a bot's program playing with
// the token its owner replaced is cut off at once: its room's socket and
// its site's close.
func TestANewBotTokenClosesTheOldTokensSockets(t *testing.T) {
	ts := newTestServer(t)
	owner := ts.SignedUp(t, "owner")
	token := ts.MakeBot(t, owner, "Robo")
	resp, _ := ts.Create(t, owner, url.Values{"game": {"kalah"}, "mode": {"friend"}})
	room := resp.Header.Get("Location")
	bearer := &websocket.DialOptions{HTTPHeader: http.Header{"Authorization": {"Bearer " + token}}}
	dial := func(path string) *websocket.Conn {
		ctx, cancel := context.WithTimeout(t.Context(), 5*time.Second)
		defer cancel()
		ws, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(ts.URL, "http")+path, bearer)
		require.NoError(t, err)
		t.Cleanup(func() { ws.CloseNow() })
		return ws
	}
	sockets := map[string]<-chan webtest.Closed{"the room's": webtest.Closing(dial(room + "/ws?format=json")), "the site's": webtest.Closing(dial("/site/ws"))}
	start := time.Now()
	resp, _ = webtest.Post(t, owner, ts.URL+"/account/bots/token", url.Values{"name": {"Robo"}, "confirm": {"yes"}})
	require.Equal(t, http.StatusOK, resp.StatusCode)
	webtest.ClosedBy(t, start, sockets)
}

// TestSignOutsReachEveryNode: in a cluster, logging out everywhere on one
// node closes the account's sockets on another (told over the bus), and
// no one else's.
func TestSignOutsReachEveryNode(t *testing.T) {
	st, err := store.OpenSQLite(filepath.Join(t.TempDir(), "web.db"))
	require.NoError(t, err)
	t.Cleanup(func() { st.Close() })
	exchange := bus.NewHub()
	var nodes [2]*testServer
	for i := range nodes {
		signouts := signout.New(exchange.Connect(), slog.New(slog.DiscardHandler))
		t.Cleanup(signouts.Close)
		nodes[i] = newNode(t, st, 0, signouts)
	}
	one, two := nodes[0], nodes[1]
	alice, bob := one.SignedUp(t, "alice"), one.SignedUp(t, "bob") // the browsers' cookies hold on both nodes
	resp, _ := two.Create(t, alice, url.Values{"game": {"kalah"}, "mode": {"friend"}})
	loc := resp.Header.Get("Location")
	sockets := map[string]<-chan webtest.Closed{
		"the site's": webtest.Closing(two.OpenSite(t, alice).WS),
		"a pool's":   webtest.Closing(two.PersonEnters(t, alice, "kalah/fast", "").WS),
		"a room's":   webtest.Closing(two.OpenRoom(t, alice, loc).WS),
	}
	others := two.OpenSite(t, bob)
	start := time.Now()
	resp, _ = webtest.Post(t, alice, one.URL+"/account/logout-everywhere", url.Values{"confirm": {"yes"}})
	require.Equal(t, http.StatusOK, resp.StatusCode)
	webtest.ClosedBy(t, start, sockets)
	others.StillWorks()
}
