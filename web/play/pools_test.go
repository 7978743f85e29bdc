package play_test

import (
	"net/http"
	"net/url"
	"testing"
	"time"

	"boardroom/pairing"
	"boardroom/web/play"
	"boardroom/web/webtest"

	"github.com/coder/websocket"
	"github.com/stretchr/testify/require"
)

// TestPoolSaysHowTheWaitGoes: a waiting page is told, every second, how
// many wait in its pool and, signed in, how wide its rating range is now;
// the lobby says what each pool's clock means (issue 42: no feedback while
// waiting).
func TestPoolSaysHowTheWaitGoes(t *testing.T) {
	ts := newTestServer(t)
	alice, guest := ts.SignedUp(t, "alice"), ts.Browser(t)
	_, doc := webtest.Get(t, guest, ts.URL+"/")
	require.Equal(t, "Bullet: 10 s a move · Fast: 30 s a move · Slow: 60 s a move.", doc.Find("[data-testid=pool-clocks]").Text())

	pa := ts.PersonEnters(t, alice, "kalah/slow", "")
	pg := ts.PersonEnters(t, guest, "kalah/slow", "") // a guest never meets alice: both wait
	two := func(m webtest.PoolMessage) bool { return m.Status != nil && m.Status.InPool == 2 }
	st := pa.NextWhere(4*time.Second, two).Status
	require.NotNil(t, st, "two wait in the pool")
	require.False(t, st.Open)
	require.GreaterOrEqual(t, st.Range, int(pairing.RangeStart))
	require.Less(t, st.Range, int(pairing.RangeStart+10*pairing.RangeGrowth), "a few seconds' widening")
	later := pa.NextWhere(3*time.Second, func(m webtest.PoolMessage) bool { return m.Status != nil }).Status
	require.Greater(t, later.Range, st.Range, "widening")
	st = pg.NextWhere(4*time.Second, two).Status
	require.NotNil(t, st)
	require.Zero(t, st.Range, "a guest meets any guest: no range")

	a := &play.Area{Pools: ts.Pools}
	now := time.Now()
	require.True(t, a.StatusOf(pairing.Pool{Game: "kalah", Speed: "slow"}, true, now.Add(-pairing.RangeOpen), now).Open, "any rating, in the end")
}

// TestQuickPairing: two guests in one pool are paired into one room
// within two seconds, seated opposite; guests never meet signed-in players,
// who meet each other in a rated game; cancelling or closing the page
// leaves the pool at once; a player waits in one pool at a time.
func TestQuickPairing(t *testing.T) {
	ts := newTestServer(t)
	gus, gwen := ts.Browser(t), ts.Browser(t)
	start := time.Now()
	a := ts.PersonEnters(t, gus, "kalah/fast", "")
	b := ts.PersonEnters(t, gwen, "kalah/fast", "")
	roomA, roomB := a.Next(2*time.Second).Room, b.Next(2*time.Second).Room
	require.NotEmpty(t, roomA, "paired within two seconds")
	require.Equal(t, roomA, roomB, "into one room")
	t.Logf("paired in %v", time.Since(start))
	_, doc := webtest.Get(t, gus, ts.URL+roomA)
	mine := doc.Find(".player.yours")
	require.Equal(t, 1, mine.Length(), "each holds one seat")
	_, doc = webtest.Get(t, gwen, ts.URL+roomA)
	require.Equal(t, 1, doc.Find(".player.yours").Length())
	require.NotEqual(t, mine.AttrOr("class", ""), doc.Find(".player.yours").AttrOr("class", ""), "opposite seats")
	require.Zero(t, doc.Find("[data-testid=rated]").Length(), "guests play casual games")
	require.False(t, doc.Find("[data-testid=clock]").HasClass("off"), "the pool's clock runs")
	require.Empty(t, ts.WaitingIn(t))

	alice := ts.SignedUp(t, "alice")
	guest := ts.Browser(t)
	pa := ts.PersonEnters(t, alice, "amazons/bullet", "")
	pg := ts.PersonEnters(t, guest, "amazons/bullet", "")
	time.Sleep(500 * time.Millisecond)
	require.Equal(t, []string{"amazons/bullet"}, ts.WaitingIn(t), "a guest never meets a signed-in player")
	bob := ts.SignedUp(t, "bob")
	pb := ts.PersonEnters(t, bob, "amazons/bullet", "")
	room := pa.Next(2 * time.Second).Room
	require.NotEmpty(t, room)
	require.Equal(t, room, pb.Next(2*time.Second).Room)
	_, doc = webtest.Get(t, alice, ts.URL+room)
	require.Equal(t, 1, doc.Find("[data-testid=rated]").Length(), "signed-in players play rated games")

	// Cancel leaves at once; so does closing the page.
	ctx := t.Context()
	require.NoError(t, pg.WS.Write(ctx, websocket.MessageText, []byte(`{"cancel":true}`)))
	require.Eventually(t, func() bool { return len(ts.WaitingIn(t)) == 0 }, 2*time.Second, 10*time.Millisecond)
	closing := ts.PersonEnters(t, guest, "kalah/slow", "")
	require.Equal(t, []string{"kalah/slow"}, ts.WaitingIn(t))
	closing.WS.Close(websocket.StatusGoingAway, "")
	require.Eventually(t, func() bool { return len(ts.WaitingIn(t)) == 0 }, 2*time.Second, 10*time.Millisecond)

	// One pool at a time: a second tab's wait ends the first's.
	first := ts.PersonEnters(t, guest, "kalah/slow", "")
	ts.PersonEnters(t, guest, "bishops/slow", "")
	require.True(t, first.Next(2*time.Second).Left)
	require.Equal(t, []string{"bishops/slow"}, ts.WaitingIn(t))
}

func TestQuickPairingRefusesBadPools(t *testing.T) {
	ts := newTestServer(t)
	c := ts.Browser(t)
	for _, pool := range []string{"", "kalah", "kalah/none", "chess/fast", "kalah/fast/x", "../x"} {
		resp, err := c.Get(ts.URL + "/pool/ws?pool=" + url.QueryEscape(pool))
		require.NoError(t, err)
		resp.Body.Close()
		require.Equal(t, http.StatusBadRequest, resp.StatusCode, pool)
	}
}
