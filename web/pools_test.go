package web

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"testing"
	"time"

	"boardroom/pairing"

	"github.com/coder/websocket"
	"github.com/stretchr/testify/require"
)

// poolSocket is a page's wait in a pool.
type poolSocket struct {
	t  *testing.T
	ws *websocket.Conn
}

func (ts *testServer) enterPool(t *testing.T, c *http.Client, pool string) *poolSocket {
	t.Helper()
	get(t, c, ts.URL+"/") // the lobby gives the browser its token
	u, _ := url.Parse(ts.URL)
	h := http.Header{"Origin": {ts.URL}}
	for _, ck := range c.Jar.Cookies(u) {
		h.Add("Cookie", ck.Name+"="+ck.Value)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	ws, _, err := websocket.Dial(ctx, "ws"+ts.URL[len("http"):]+"/pool/ws?pool="+url.QueryEscape(pool), &websocket.DialOptions{HTTPHeader: h})
	require.NoError(t, err)
	t.Cleanup(func() { ws.CloseNow() })
	p := &poolSocket{t: t, ws: ws}
	require.Equal(t, pool, p.next(5*time.Second).Waiting)
	return p
}

// next is the server's next message but a status (zero when none came
// within patience: the socket is then closed, as a read that times out
// closes it).
func (p *poolSocket) next(patience time.Duration) poolMessage {
	p.t.Helper()
	return p.nextWhere(patience, func(m poolMessage) bool { return m.Status == nil })
}

// nextWhere is the server's next message that suits (zero: none within
// patience).
func (p *poolSocket) nextWhere(patience time.Duration, suits func(poolMessage) bool) poolMessage {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), patience)
	defer cancel()
	for {
		_, b, err := p.ws.Read(ctx)
		if err != nil {
			return poolMessage{}
		}
		var m poolMessage
		require.NoError(p.t, json.Unmarshal(b, &m))
		if suits(m) {
			return m
		}
	}
}

// TestPoolSaysHowTheWaitGoes: a waiting page is told, every second, how
// many wait in its pool and, signed in, how wide its rating range is now;
// the lobby says what each pool's clock means (issue 42: no feedback while
// waiting).
func TestPoolSaysHowTheWaitGoes(t *testing.T) {
	ts := newTestServer(t)
	alice, guest := ts.signedUp(t, "alice"), ts.browser(t)
	_, doc := get(t, guest, ts.URL+"/")
	require.Equal(t, "Bullet: 10 s a move · Fast: 30 s a move · Slow: 60 s a move.", doc.Find("[data-testid=pool-clocks]").Text())

	pa := ts.enterPool(t, alice, "kalah/slow")
	pg := ts.enterPool(t, guest, "kalah/slow") // a guest never meets alice: both wait
	two := func(m poolMessage) bool { return m.Status != nil && m.Status.InPool == 2 }
	st := pa.nextWhere(4*time.Second, two).Status
	require.NotNil(t, st, "two wait in the pool")
	require.False(t, st.Open)
	require.GreaterOrEqual(t, st.Range, int(pairing.RangeStart))
	require.Less(t, st.Range, int(pairing.RangeStart+10*pairing.RangeGrowth), "a few seconds' widening")
	later := pa.nextWhere(3*time.Second, func(m poolMessage) bool { return m.Status != nil }).Status
	require.Greater(t, later.Range, st.Range, "widening")
	st = pg.nextWhere(4*time.Second, two).Status
	require.NotNil(t, st)
	require.Zero(t, st.Range, "a guest meets any guest: no range")

	s := &Server{Pools: ts.pools}
	now := time.Now()
	require.True(t, s.statusOf(pairing.Pool{Game: "kalah", Speed: "slow"}, true, now.Add(-pairing.RangeOpen), now).Open, "any rating, in the end")
}

func (ts *testServer) waitingIn(t *testing.T) []string {
	t.Helper()
	names, err := ts.store.PoolNames(t.Context())
	require.NoError(t, err)
	return names
}

// TestQuickPairing: two guests in one pool are paired into one room
// within two seconds, seated opposite; guests never meet signed-in players,
// who meet each other in a rated game; cancelling or closing the page
// leaves the pool at once; a player waits in one pool at a time.
func TestQuickPairing(t *testing.T) {
	ts := newTestServer(t)
	gus, gwen := ts.browser(t), ts.browser(t)
	start := time.Now()
	a := ts.enterPool(t, gus, "kalah/fast")
	b := ts.enterPool(t, gwen, "kalah/fast")
	roomA, roomB := a.next(2*time.Second).Room, b.next(2*time.Second).Room
	require.NotEmpty(t, roomA, "paired within two seconds")
	require.Equal(t, roomA, roomB, "into one room")
	t.Logf("paired in %v", time.Since(start))
	_, doc := get(t, gus, ts.URL+roomA)
	mine := doc.Find(".player.yours")
	require.Equal(t, 1, mine.Length(), "each holds one seat")
	_, doc = get(t, gwen, ts.URL+roomA)
	require.Equal(t, 1, doc.Find(".player.yours").Length())
	require.NotEqual(t, mine.AttrOr("class", ""), doc.Find(".player.yours").AttrOr("class", ""), "opposite seats")
	require.Zero(t, doc.Find("[data-testid=rated]").Length(), "guests play casual games")
	require.False(t, doc.Find("[data-testid=clock]").HasClass("off"), "the pool's clock runs")
	require.Empty(t, ts.waitingIn(t))

	alice := ts.signedUp(t, "alice")
	guest := ts.browser(t)
	pa := ts.enterPool(t, alice, "amazons/bullet")
	pg := ts.enterPool(t, guest, "amazons/bullet")
	time.Sleep(500 * time.Millisecond)
	require.Equal(t, []string{"amazons/bullet"}, ts.waitingIn(t), "a guest never meets a signed-in player")
	bob := ts.signedUp(t, "bob")
	pb := ts.enterPool(t, bob, "amazons/bullet")
	room := pa.next(2 * time.Second).Room
	require.NotEmpty(t, room)
	require.Equal(t, room, pb.next(2*time.Second).Room)
	_, doc = get(t, alice, ts.URL+room)
	require.Equal(t, 1, doc.Find("[data-testid=rated]").Length(), "signed-in players play rated games")

	// Cancel leaves at once; so does closing the page.
	ctx := t.Context()
	require.NoError(t, pg.ws.Write(ctx, websocket.MessageText, []byte(`{"cancel":true}`)))
	require.Eventually(t, func() bool { return len(ts.waitingIn(t)) == 0 }, 2*time.Second, 10*time.Millisecond)
	closing := ts.enterPool(t, guest, "kalah/slow")
	require.Equal(t, []string{"kalah/slow"}, ts.waitingIn(t))
	closing.ws.Close(websocket.StatusGoingAway, "")
	require.Eventually(t, func() bool { return len(ts.waitingIn(t)) == 0 }, 2*time.Second, 10*time.Millisecond)

	// One pool at a time: a second tab's wait ends the first's.
	first := ts.enterPool(t, guest, "kalah/slow")
	ts.enterPool(t, guest, "bishops/slow")
	require.True(t, first.next(2*time.Second).Left)
	require.Equal(t, []string{"bishops/slow"}, ts.waitingIn(t))
}

func TestQuickPairingRefusesBadPools(t *testing.T) {
	ts := newTestServer(t)
	c := ts.browser(t)
	for _, pool := range []string{"", "kalah", "kalah/none", "chess/fast", "kalah/fast/x", "../x"} {
		resp, err := c.Get(ts.URL + "/pool/ws?pool=" + url.QueryEscape(pool))
		require.NoError(t, err)
		resp.Body.Close()
		require.Equal(t, http.StatusBadRequest, resp.StatusCode, pool)
	}
}
