package play_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
	"github.com/stretchr/testify/require"

	"boardroom/realtime/vocab"
	"boardroom/store"
	"boardroom/web/webtest"
)

// storedGame stores a room of Kalah between first and second, in play,
// with turns played; a correspondence one awaits movers, with left on
// its clock.
func storedGame(t *testing.T, st store.Store, id, first, second string, clock vocab.Clock, turns []string, left time.Duration, movers ...string) {
	t.Helper()
	ctx := context.Background()
	now := time.Now()
	r := &store.Room{ID: id, Game: "kalah", Options: map[string]string{"houses": "6", "seeds": "4"}, Mode: vocab.Friend, Clock: clock,
		Winner: -1, Created: now.Add(-time.Minute),
		Seats: [2]store.Seat{{Kind: vocab.Human, TokenHash: "t-" + first, Account: first}, {Kind: vocab.Human, TokenHash: "t-" + second, Account: second}}}
	if clock.Correspondence() {
		r.Days = 3
	}
	require.NoError(t, st.CreateRoom(ctx, r))
	for i, n := range turns {
		require.NoError(t, st.AppendTurn(ctx, id, i, store.Turn{Notation: n, At: now.Add(-5 * time.Second)}))
	}
	if clock.Correspondence() {
		require.NoError(t, st.SetDue(ctx, id, store.Due{At: now.Add(left), Alarm: now.Add(left / 2), Movers: movers}))
	}
}

// myGames reads /games as c sees it: each row's room and whether it
// awaits the player's move, and the header's count.
func myGames(t *testing.T, c *http.Client, url string) (rows []string, count string, doc *goquery.Document) {
	t.Helper()
	resp, doc := webtest.Get(t, c, url+"/games")
	require.Equal(t, http.StatusOK, resp.StatusCode)
	doc.Find("[data-testid=my-game]").Each(func(_ int, s *goquery.Selection) {
		rows = append(rows, s.AttrOr("data-room", "")+":"+s.AttrOr("data-my-turn", ""))
		require.Equal(t, "/r/"+s.AttrOr("data-room", ""), s.Find("[data-action=play]").AttrOr("href", ""), "linking to its room")
	})
	return rows, doc.Find("header [data-testid=turn-count]").AttrOr("data-count", "none"), doc
}

// TestMyGames (issue 39, item 3): /games lists the player's games in play,
// correspondence and live, those awaiting their move first (then the least
// time left), each naming the game, the opponent, the speed, whose move
// and the time left, and linking to its room; the header's count says how
// many await them, in words for a screen reader, hidden at none; a player
// with none reads so; a guest is sent to log in, and back.
func TestMyGames(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	alice := ts.SignedUp(t, "alice")
	ts.SignedUp(t, "bob")
	carol := ts.SignedUp(t, "carol")
	storedGame(t, ts.Store, "corr-mine", "alice", "bob", vocab.CorrespondenceClock, []string{"1", "1"}, 2*vocab.Day+5*time.Hour, "alice")
	storedGame(t, ts.Store, "corr-theirs", "bob", "alice", vocab.CorrespondenceClock, []string{"1", "1"}, 3*time.Hour, "bob")
	storedGame(t, ts.Store, "live-mine", "bob", "alice", vocab.SlowClock, []string{"1"}, 0)   // her first move: 60 s from 5 s ago
	storedGame(t, ts.Store, "live-theirs", "alice", "bob", vocab.SlowClock, []string{"1"}, 0) // his first move
	storedGame(t, ts.Store, "not-hers", "bob", "carol", vocab.FastClock, nil, 0)

	rows, count, doc := myGames(t, alice, ts.URL)
	require.Equal(t, []string{"live-mine:true", "corr-mine:true", "live-theirs:false", "corr-theirs:false"}, rows,
		"awaiting her move first, then the least time left")
	require.Equal(t, "2", count, "the header's count")
	words := doc.Find("header [data-testid=games-link]").Text()
	require.Contains(t, words, "2 games awaiting your move", "the count read out")
	_, hidden := doc.Find("header [data-testid=turn-count]").Attr("hidden")
	require.False(t, hidden)

	tests := []struct {
		room, turn, speed, left string
	}{
		{"live-mine", "Your move", "Slow · 60 s a move", "55 s left"},
		{"corr-mine", "Your move", "Correspondence · 3 days", "2 days 4 h left"},
		{"live-theirs", "Waiting for bob", "Slow · 60 s a move", "55 s left"},
		{"corr-theirs", "Waiting for bob", "Correspondence · 3 days", "2 h 59 min left"},
	}
	for _, tc := range tests {
		t.Run(tc.room, func(t *testing.T) {
			row := doc.Find(fmt.Sprintf("[data-testid=my-game][data-room=%q]", tc.room))
			require.Equal(t, tc.turn, row.Find("[data-testid=turn]").Text())
			require.Contains(t, row.Text(), "against bob")
			require.Contains(t, row.Find("[data-testid=in-play-terms]").Text(), tc.speed)
			left := row.Find("[data-testid=time-left]").Text()
			if tc.left == "55 s left" { // seconds pass while the test runs
				require.Regexp(t, `^5\d s left$`, left)
			} else {
				require.Equal(t, tc.left, left)
			}
			require.Equal(t, "Kalah", row.Find(".in-play-title a").First().Text(), "the game named")
		})
	}

	rows, count, doc = myGames(t, carol, ts.URL)
	require.Equal(t, []string{"not-hers:false"}, rows, "Carol's one game, Bob's move")
	require.Equal(t, "0", count)
	_, hidden = doc.Find("header [data-testid=turn-count]").Attr("hidden")
	require.True(t, hidden, "no count shown at none")

	dave := ts.SignedUp(t, "dave")
	rows, _, doc = myGames(t, dave, ts.URL)
	require.Empty(t, rows)
	require.Contains(t, doc.Find("[data-testid=my-games-empty]").Text(), "You have no game in play")

	resp, _ := webtest.Get(t, ts.Browser(t), ts.URL+"/games")
	require.Equal(t, http.StatusSeeOther, resp.StatusCode, "a guest")
	require.Equal(t, "/login?next=%2Fgames", resp.Header.Get("Location"), "sent to log in, and back here after")

	_, doc = webtest.Get(t, alice, ts.URL+"/rules")
	require.Equal(t, "2", doc.Find("header [data-testid=turn-count]").AttrOr("data-count", ""), "the count on every page")
	require.Equal(t, "/games", doc.Find("header [data-testid=games-link]").AttrOr("href", ""))
	_, doc = webtest.Get(t, ts.Browser(t), ts.URL+"/rules")
	require.Zero(t, doc.Find("[data-testid=games-link]").Length(), "no Games link for a guest")
}

// TestMyHundredGames: a player of 120 correspondence games at once sees
// every one on /games, those awaiting their move first, and the count of
// those.
func TestMyHundredGames(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	robot := ts.SignedUp(t, "robot")
	const n = 120
	for i := range n {
		mover := "robot"
		if i%4 == 0 {
			mover = fmt.Sprintf("player%d", i)
		}
		storedGame(t, ts.Store, fmt.Sprintf("g%03d", i), fmt.Sprintf("player%d", i), "robot", vocab.CorrespondenceClock, nil,
			time.Duration(i+1)*time.Hour, mover)
	}
	rows, count, _ := myGames(t, robot, ts.URL)
	require.Len(t, rows, n, "every game listed")
	require.Equal(t, fmt.Sprint(n-n/4), count)
	mine := 0
	for mine < len(rows) && strings.HasSuffix(rows[mine], ":true") {
		mine++
	}
	require.Equal(t, n-n/4, mine, "those awaiting the move first")
	require.Equal(t, "g001:true", rows[0], "the least time left first")
}
