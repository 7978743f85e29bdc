package players_test

import (
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"boardroom/game"
	"boardroom/realtime/vocab"
	"boardroom/store"
	"boardroom/store/storetest"
	"boardroom/web/webtest"

	"github.com/PuerkitoBio/goquery"
	"github.com/stretchr/testify/require"
)

// playRated stores n rated games of Kalah at speed between first and
// second, first winning two in three.
func (ts *testServer) playRated(t *testing.T, prefix, first, second string, speed vocab.Clock, n int) {
	t.Helper()
	for i := range n {
		r := storetest.SampleRoom(fmt.Sprintf("%s%03d", prefix, i))
		r.Seats[0].Account, r.Seats[0].Name = first, first
		r.Seats[1].Account, r.Seats[1].Name = second, second
		r.Rated, r.Clock = true, speed
		require.NoError(t, ts.Store.CreateRoom(t.Context(), r))
		winner := 0
		if i%3 == 2 {
			winner = 1
		}
		changes, err := ts.Store.SetResult(t.Context(), r.ID, store.Result{Over: true, Winner: winner, Reason: "done"})
		require.NoError(t, err)
		require.NotNil(t, changes)
	}
}

// TestPlayerPageRatings: a player's page shows each rating by game and
// speed and the chart of their history, drawn on the server.
func TestPlayerPageRatings(t *testing.T) {
	ts := newTestServer(t)
	c := ts.SignedUp(t, "alice")
	ts.SignedUp(t, "bob")
	_, doc := webtest.Get(t, c, ts.URL+"/@/alice")
	require.Equal(t, "No rated games yet.", doc.Find("[data-testid=no-ratings]").Text())
	require.Zero(t, doc.Find("svg[data-testid=rating-chart]").Length())

	ts.playRated(t, "f", "alice", "bob", vocab.FastClock, 3)
	ts.playRated(t, "s", "bob", "alice", vocab.SlowClock, 2)
	_, doc = webtest.Get(t, c, ts.URL+"/@/alice")
	fast := doc.Find("[data-testid=rating][data-game=kalah][data-speed=fast]")
	require.Equal(t, 1, fast.Length())
	require.Regexp(t, `^1[0-9]{3}\? provisional$`, strings.TrimSpace(fast.Find(".rating-value").Text()), "provisional after three games")
	require.Contains(t, fast.Text(), "Fast")
	require.Equal(t, 1, doc.Find("[data-testid=rating][data-game=kalah][data-speed=slow]").Length())
	require.Zero(t, doc.Find("[data-testid=rating][data-speed=bullet]").Length())

	chart := doc.Find("svg[data-testid=rating-chart]")
	require.Equal(t, 1, chart.Length())
	require.Equal(t, 2, chart.Find("polyline").Length(), "a line per game and speed")
	require.Len(t, strings.Fields(chart.Find("polyline").First().AttrOr("points", "")), 1+3, "the start and a point per rated game")
	require.Contains(t, chart.Find("desc").Text(), "Kalah · Fast")
	require.Zero(t, doc.Find("script[src*=chart]").Length(), "no chart library")
}

// TestProvisionalOnYoungBoards: on a young site, where nobody's rating has
// settled, the boards list the provisional players below the established
// ones, marked as provisional to the eye ("1511?") and in words, and so
// does /bots (issue 42: after 14 rated games all 20 boards said "Nobody
// yet.").
func TestProvisionalOnYoungBoards(t *testing.T) {
	ts := newTestServer(t)
	owner := ts.SignedUp(t, "dan")
	ts.SignedUp(t, "erin")
	ts.playRated(t, "b", "dan", "erin", vocab.BulletClock, 14)
	ts.MakeBot(t, owner, "Robo")
	ts.playRated(t, "r", "Robo", "erin", vocab.SlowClock, 1)

	_, doc := webtest.Get(t, owner, ts.URL+"/players")
	board := doc.Find("[data-testid=leaderboard][data-game=kalah][data-speed=bullet]")
	require.NotContains(t, board.Text(), "Nobody yet.")
	require.Zero(t, board.Find("ol").Length(), "no established rating")
	leaders := board.Find("[data-testid=provisional] [data-testid=leader]")
	require.Equal(t, 2, leaders.Length(), "both, provisional")
	require.Equal(t, "/@/dan", leaders.First().Find("a").AttrOr("href", ""), "the better first")
	for i := range leaders.Length() {
		row := leaders.Eq(i)
		require.Regexp(t, `^1[0-9]{3}\? provisional$`, strings.Join(strings.Fields(row.Find(".rating-value").Text()), " "))
		require.Equal(t, "provisional", strings.TrimSpace(row.Find(".rating-value .visually-hidden").Text()), "said in words")
		require.Empty(t, strings.TrimSpace(row.Find(".rank").Text()), "no rank while provisional")
	}

	_, doc = webtest.Get(t, owner, ts.URL+"/bots")
	rated := doc.Find("[data-testid=bot-row][data-bot=Robo] [data-testid=bot-rating] .rating-value")
	require.Regexp(t, `^1[0-9]{3}\? provisional$`, strings.Join(strings.Fields(rated.Text()), " "))
}

// TestLeaderboards: /players has a board per game and speed listing the
// best established players who played lately, linking to their pages.
func TestLeaderboards(t *testing.T) {
	ts := newTestServer(t)
	c := ts.SignedUp(t, "alice")
	ts.SignedUp(t, "bob")
	ts.SignedUp(t, "carol")
	ts.playRated(t, "g", "alice", "bob", vocab.SlowClock, 40)
	ts.playRated(t, "c", "carol", "bob", vocab.SlowClock, 1)

	resp, doc := webtest.Get(t, c, ts.URL+"/players")
	require.Equal(t, http.StatusOK, resp.StatusCode)
	require.Equal(t, len(game.All())*len(vocab.Clocks()), doc.Find("[data-testid=leaderboard]").Length(), "one per game and speed")
	board := doc.Find("[data-testid=leaderboard][data-game=kalah][data-speed=slow] ol [data-testid=leader]")
	require.Equal(t, 2, board.Length(), "carol is still provisional")
	carol := doc.Find("[data-testid=leaderboard][data-game=kalah][data-speed=slow] [data-testid=provisional] [data-testid=leader]")
	require.Equal(t, 1, carol.Length(), "below them")
	require.Equal(t, "/@/carol", carol.Find("a").AttrOr("href", ""))
	require.Equal(t, "/@/alice", board.First().Find("a").AttrOr("href", ""), "best first")
	require.Equal(t, "/@/bob", board.Eq(1).Find("a").AttrOr("href", ""))
	require.Regexp(t, `^1[5-9][0-9][0-9]$`, strings.TrimSpace(board.First().Find(".rating-value").Text()), "established: no question mark")
	require.Contains(t, doc.Find("[data-testid=leaderboard][data-game=kalah][data-speed=fast]").Text(), "Nobody yet.")
	require.Zero(t, board.Find("[data-testid=online]").Length(), "nobody's page is open")
	webtest.Get(t, c, ts.URL+"/")
	ts.OpenSite(t, c) // a page of Alice's
	require.Eventually(t, func() bool {
		_, doc = webtest.Get(t, c, ts.URL+"/players")
		board = doc.Find("[data-testid=leaderboard][data-game=kalah][data-speed=slow] ol [data-testid=leader]")
		return board.First().Find("[data-testid=online]").Length() == 1
	}, 5*time.Second, 20*time.Millisecond, "Alice is online")
	require.Zero(t, board.Eq(1).Find("[data-testid=online]").Length(), "Bob is not")
	_, doc = webtest.Get(t, c, ts.URL+"/")
	require.Equal(t, "/players", doc.Find("[data-testid=lobby-players]").AttrOr("href", ""))
}

// TestPlayerPageGameRows: each game on a player's page says its clock,
// whether it was rated and what it did to this player's rating (issue 42).
func TestPlayerPageGameRows(t *testing.T) {
	ts := newTestServer(t)
	c := ts.SignedUp(t, "alice")
	ts.SignedUp(t, "bob")
	ts.playRated(t, "b", "alice", "bob", vocab.BulletClock, 1) // Alice wins
	// The store stamps changes in milliseconds: within the same one the
	// casual game would not be the newer (the tie goes by id).
	time.Sleep(2 * time.Millisecond)
	casual := storetest.SampleRoom("casual")
	casual.Seats[0].Account, casual.Seats[0].Name = "bob", "bob"
	casual.Seats[1].Account, casual.Seats[1].Name = "alice", "alice"
	casual.Clock = vocab.SlowClock
	require.NoError(t, ts.Store.CreateRoom(t.Context(), casual))
	_, err := ts.Store.SetResult(t.Context(), casual.ID, store.Result{Over: true, Winner: 0, Reason: "done"})
	require.NoError(t, err)

	words := func(name string) []string {
		_, doc := webtest.Get(t, c, ts.URL+"/@/"+name)
		var out []string
		doc.Find("[data-testid=game-row] [data-testid=game-terms]").Each(func(_ int, s *goquery.Selection) {
			out = append(out, strings.Join(strings.Fields(s.Text()), " "))
		})
		return out
	}
	alice, bob := words("alice"), words("bob")
	require.Len(t, alice, 2)
	require.Equal(t, "Slow · Not rated", alice[0], "the newest first")
	require.Regexp(t, `^Bullet · Rated \+[1-9][0-9]*$`, alice[1], "the winner's gain")
	require.Regexp(t, `^Bullet · Rated −[1-9][0-9]*$`, bob[1], "the loser's loss, with a minus sign")
}

// chartOf is the rating chart on name's page: its lines' points' x
// coordinates, the plot's left and right, and its tick labels.
func chartOf(t *testing.T, c *http.Client, url string) (lines [][]float64, left, right float64, ticks []string) {
	t.Helper()
	_, doc := webtest.Get(t, c, url)
	chart := doc.Find("svg[data-testid=rating-chart]")
	require.Equal(t, 1, chart.Length())
	grid := chart.Find("line.grid").First()
	left, _ = strconv.ParseFloat(grid.AttrOr("x1", ""), 64)
	right, _ = strconv.ParseFloat(grid.AttrOr("x2", ""), 64)
	chart.Find("polyline").Each(func(_ int, s *goquery.Selection) {
		var xs []float64
		for _, p := range strings.Fields(s.AttrOr("points", "")) {
			x, err := strconv.ParseFloat(strings.Split(p, ",")[0], 64)
			require.NoError(t, err)
			xs = append(xs, x)
		}
		lines = append(lines, xs)
	})
	chart.Find("text.tick").Each(func(_ int, s *goquery.Selection) { ticks = append(ticks, s.Text()) })
	return lines, left, right, ticks
}

// TestRatingChartReadable: the rating chart is readable with one game (a
// line from the starting rating, not a lone dot) and with fourteen games
// within an hour (spread over the width, not squeezed into 5% of it), and
// no two of its axis labels are the same (issue 42).
func TestRatingChartReadable(t *testing.T) {
	ts := newTestServer(t)
	c := ts.SignedUp(t, "alice")
	ts.SignedUp(t, "bob")
	ts.SignedUp(t, "carol")
	ts.SignedUp(t, "dan")

	t.Run("one game", func(t *testing.T) {
		ts.playRated(t, "one", "carol", "dan", vocab.FastClock, 1)
		lines, _, _, ticks := chartOf(t, c, ts.URL+"/@/carol")
		require.Len(t, lines, 1)
		require.GreaterOrEqual(t, len(lines[0]), 2, "a line, not a lone dot")
		require.NotEqual(t, lines[0][0], lines[0][len(lines[0])-1], "drawn across")
		require.ElementsMatch(t, uniq(ticks), ticks, "no two labels alike")
	})
	t.Run("fourteen games in a morning", func(t *testing.T) {
		ts.playRated(t, "m", "alice", "bob", vocab.BulletClock, 14) // within seconds
		lines, left, right, ticks := chartOf(t, c, ts.URL+"/@/alice")
		require.Len(t, lines, 1)
		xs := lines[0]
		require.GreaterOrEqual(t, xs[len(xs)-1]-xs[0], 0.8*(right-left), "spread over the width")
		require.ElementsMatch(t, uniq(ticks), ticks, "no two labels alike")
	})
}

// uniq is list without repeats, in order.
func uniq(list []string) []string {
	var out []string
	for _, s := range list {
		if !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	return out
}

// TestPlayersSearchAndOnline: /players finds players by any part of their
// name, in any case, those whose name begins with it first, bots marked,
// LIKE's wildcards only themselves; and lists who is online now (issue 42:
// no search, no "online now").
func TestPlayersSearchAndOnline(t *testing.T) {
	ts := newTestServer(t)
	alice := ts.SignedUp(t, "alice")
	ts.SignedUp(t, "malice")
	bob := ts.SignedUp(t, "bob")
	ts.MakeBot(t, bob, "Alibot")
	names := func(s *goquery.Selection) []string {
		var out []string
		s.Find("[data-testid=player] a").Each(func(_ int, a *goquery.Selection) { out = append(out, a.Text()) })
		return out
	}

	for _, c := range []struct {
		query string
		want  []string
	}{
		{"ALI", []string{"Alibot", "alice", "malice"}},
		{"  bo ", []string{"bob", "Alibot"}}, // beginning with it first
		{"%", nil},
		{"_", nil},
		{"zed", nil},
	} {
		resp, doc := webtest.Get(t, alice, ts.URL+"/players?q="+url.QueryEscape(c.query))
		require.Equal(t, http.StatusOK, resp.StatusCode)
		found := doc.Find("[data-testid=found]")
		require.Equal(t, 1, found.Length(), "query %q", c.query)
		require.Equal(t, c.want, names(found), "query %q", c.query)
		require.Equal(t, strings.TrimSpace(c.query), doc.Find("input[name=q]").AttrOr("value", ""), "the query kept")
		if c.want == nil {
			require.Contains(t, found.Text(), "Nobody plays here under such a name.")
		}
	}
	_, doc := webtest.Get(t, alice, ts.URL+"/players?q=ALI")
	require.Equal(t, 1, doc.Find("[data-testid=found] [data-testid=player]").Eq(0).Find("[data-testid=bot]").Length(), "the bot marked")
	resp, doc := webtest.Get(t, alice, ts.URL+"/players?q="+strings.Repeat("a", 1000))
	require.Equal(t, http.StatusOK, resp.StatusCode, "a long query is cut")
	require.Empty(t, names(doc.Find("[data-testid=found]")))
	_, doc = webtest.Get(t, alice, ts.URL+"/players")
	require.Zero(t, doc.Find("[data-testid=found]").Length(), "no search, no results")
	require.Equal(t, "get", strings.ToLower(doc.Find("form[data-testid=player-search]").AttrOr("method", "")))

	require.Contains(t, doc.Find("[data-testid=online-now]").Text(), "Nobody signed in has a page open just now.")
	ts.OpenSite(t, alice)
	require.Eventually(t, func() bool {
		_, doc = webtest.Get(t, bob, ts.URL+"/players")
		return slices.Equal(names(doc.Find("[data-testid=online-now]")), []string{"alice"})
	}, 5*time.Second, 20*time.Millisecond, "Alice is online")
	require.Equal(t, 1, doc.Find("[data-testid=online-now] [data-testid=online]").Length(), "marked online")
}

// TestCorrespondenceRatings: correspondence games are rated in a speed of
// their own, shown on the player page and in their own leaderboards.
func TestCorrespondenceRatings(t *testing.T) {
	ts := newTestServer(t)
	c := ts.SignedUp(t, "alice")
	ts.SignedUp(t, "bob")
	ts.playRated(t, "k", "alice", "bob", vocab.CorrespondenceClock, 40)
	_, doc := webtest.Get(t, c, ts.URL+"/@/alice")
	row := doc.Find("[data-testid=rating][data-game=kalah][data-speed=correspondence]")
	require.Equal(t, 1, row.Length(), "a rating of its own")
	require.Contains(t, row.Text(), "Correspondence")
	require.Zero(t, doc.Find("[data-testid=rating][data-speed=slow]").Length(), "not another speed's")
	_, doc = webtest.Get(t, c, ts.URL+"/players")
	board := doc.Find("[data-testid=leaderboard][data-game=kalah][data-speed=correspondence]")
	require.Equal(t, "Correspondence", board.Find("h3").Text())
	require.Equal(t, "/@/alice", board.Find("ol [data-testid=leader] a").First().AttrOr("href", ""), "best first")
}
