package events_test

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardroom/store"
	"boardroom/web/sitetest"
	"boardroom/web/webtest"
)

// A Swiss event made by the form plays its rounds; its page says its rounds
// and rules and ranks by points (in halves), then Buchholz and
// Sonneborn–Berger.
func TestASwissEventsPages(t *testing.T) {
	t.Parallel()
	n := sitetest.New(t)
	ctx := t.Context()
	ann := n.SignedUp(t, "Ann")
	resp, _ := webtest.Post(t, ann, n.URL+"/tournaments", arenaForm(func(f url.Values) {
		f.Set("kind", "swiss")
		f.Set("rounds", "3")
		f.Set("two_games", "true")
		f.Set("minutes", "") // an arena's field: a Swiss event has none
	}))
	require.Equal(t, http.StatusSeeOther, resp.StatusCode)
	made := events(t, n)
	require.Len(t, made, 1)
	e := made[0]
	assert.Equal(t, "Kalah Swiss", e.Name)
	assert.Equal(t, store.Swiss, e.Kind)
	assert.Equal(t, 3, e.Rounds)
	assert.True(t, e.TwoGames)

	// Three players' first round as the director would have played it:
	// bea beat cat once and drew once; ann sat out with a point.
	now := time.Now()
	for i, p := range []string{"ann", "bea", "cat"} {
		require.NoError(t, n.Store.JoinTournament(ctx, e.ID, store.Entrant{Account: p, Rating: 1500 + i, Joined: now, Active: true}))
	}
	d, err := n.Store.Direct(ctx, e.ID, "test-node", now, time.Hour)
	require.NoError(t, err)
	require.NoError(t, n.Store.StartTournament(ctx, e.ID, d, now, time.Time{}))
	made2, err := n.Store.PairTournament(ctx, e.ID, d, func([]store.Entrant, []store.TournamentGame) []store.TournamentPairing {
		var out []store.TournamentPairing
		for i, seats := range [][2]string{{"bea", "cat"}, {"cat", "bea"}} {
			room := storetestRoom(fmt.Sprintf("sw-%d", i))
			out = append(out, store.TournamentPairing{Room: room, Seats: seats})
		}
		return append(out, store.TournamentPairing{Seats: [2]string{"ann"}})
	})
	require.NoError(t, err)
	_, err = n.Store.SetResult(ctx, made2[0].Room.ID, store.Result{Over: true, Winner: 0, Reason: "bea wins"})
	require.NoError(t, err)
	_, err = n.Store.SetResult(ctx, made2[1].Room.ID, store.Result{Over: true, Winner: -1, Reason: "drawn"})
	require.NoError(t, err)

	_, doc := webtest.Get(t, n.Browser(t), n.URL+"/t/"+e.ID)
	assert.Contains(t, doc.Find("[data-testid=event-facts]").Text(), "3 rounds, two games each")
	assert.Contains(t, doc.Find("[data-testid=event-rules]").Text(), "Buchholz")
	var rows [][]string
	doc.Find("[data-testid=standing]").Each(func(_ int, s *goquery.Selection) {
		var cells []string
		s.Find("td").Each(func(_ int, c *goquery.Selection) { cells = append(cells, strings.TrimSpace(c.Text())) })
		rows = append(rows, append([]string{s.AttrOr("data-player", ""), s.AttrOr("data-score", "")}, cells...))
	})
	assert.Equal(t, [][]string{
		{"bea", "1½", "1", "1501", "1½", "1", "¾"},
		{"ann", "1", "2", "1500", "1", "0", "0"},
		{"cat", "½", "3", "1502", "½", "3", "¾"},
	}, rows, "player, score, rank, rating, points, Buchholz, Sonneborn–Berger")
}

// storetestRoom is a room of two people for an event's game.
func storetestRoom(id string) *store.Room {
	return &store.Room{ID: id, Game: "kalah", Options: map[string]string{}, Mode: "friend", Clock: "fast", Winner: -1,
		Seats: [2]store.Seat{{Kind: "human", Account: "x"}, {Kind: "human", Account: "y"}}}
}

// A correspondence Swiss event is made by the form, with its days a move
// and days between rounds (a week a day a move when left empty, a live
// Swiss none); its page lists its rounds' set days, and says when the next
// starts with a countdown.
func TestACorrespondenceSwiss(t *testing.T) {
	t.Parallel()
	n := sitetest.New(t)
	ctx := t.Context()
	ann := n.SignedUp(t, "Ann")

	for _, tc := range []struct {
		name            string
		change          func(url.Values)
		days, roundDays int
	}{
		{"days between rounds given", corrSwiss("5"), 2, 5},
		{"a week a day a move", corrSwiss(""), 2, 14},
		{"a live Swiss has none", func(f url.Values) { f.Set("kind", "swiss"); f.Set("rounds", "3"); f.Set("round_days", "5") }, 0, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			resp, _ := webtest.Post(t, ann, n.URL+"/tournaments", arenaForm(tc.change))
			require.Equal(t, http.StatusSeeOther, resp.StatusCode)
			e, err := n.Store.Tournament(ctx, strings.TrimPrefix(resp.Header.Get("Location"), "/t/"))
			require.NoError(t, err)
			assert.Equal(t, store.Swiss, e.Kind)
			assert.Equal(t, tc.days, e.Days)
			assert.Equal(t, tc.roundDays, e.RoundDays)
		})
	}

	var e *store.Tournament
	for _, ev := range events(t, n) {
		if ev.RoundDays == 5 {
			e = &ev
		}
	}
	require.NotNil(t, e)
	calendar := func(at time.Time) string { return at.UTC().Format("2 Jan, 15:04 UTC") }

	_, doc := webtest.Get(t, n.Browser(t), n.URL+"/t/"+e.ID)
	facts := doc.Find("[data-testid=event-facts]").Text()
	assert.Contains(t, facts, "Correspondence · 2 days", "the days a move")
	assert.Contains(t, facts, "3 rounds, one every 5 days")
	var says []string
	doc.Find("[data-testid=round]").Each(func(_ int, s *goquery.Selection) { says = append(says, strings.Join(strings.Fields(s.Text()), " ")) })
	assert.Equal(t, []string{
		"Round 1 starts on " + calendar(e.Starts) + " · next ·",
		"Round 2 starts on " + calendar(e.Starts.Add(5*24*time.Hour)) + " · to come",
		"Round 3 starts on " + calendar(e.Starts.Add(10*24*time.Hour)) + " · to come",
	}, says, "before it starts, from when it is to start")

	// Round 1 as a director would play it: started, then paired (an hour
	// late, as after waiting for a game).
	started := time.Now().Add(-time.Hour)
	for i, p := range []string{"ann", "bea"} {
		require.NoError(t, n.Store.JoinTournament(ctx, e.ID, store.Entrant{Account: p, Rating: 1500 + i, Joined: started, Active: true}))
	}
	d, err := n.Store.Direct(ctx, e.ID, "test-node", time.Now(), time.Hour)
	require.NoError(t, err)
	require.NoError(t, n.Store.StartTournament(ctx, e.ID, d, started, started))
	_, err = n.Store.PairTournament(ctx, e.ID, d, func([]store.Entrant, []store.TournamentGame) []store.TournamentPairing {
		return []store.TournamentPairing{{Room: storetestRoom("corr-1"), Seats: [2]string{"ann", "bea"}}}
	})
	require.NoError(t, err)

	_, doc = webtest.Get(t, n.Browser(t), n.URL+"/t/"+e.ID)
	second := started.Add(5 * 24 * time.Hour)
	status := doc.Find("[data-testid=event-status]")
	assert.Contains(t, status.Text(), "Round 2 starts on "+calendar(second))
	assert.Equal(t, fmt.Sprint(second.UnixMilli()), status.Find("[data-countdown]").AttrOr("data-countdown", ""), "a countdown to round 2")
	rounds := doc.Find("[data-testid=round]")
	assert.Equal(t, []string{"under way", "next", "to come"}, rounds.Map(func(_ int, s *goquery.Selection) string { return s.AttrOr("data-state", "") }))
	games, err := n.Store.TournamentGames(ctx, e.ID)
	require.NoError(t, err)
	assert.Contains(t, rounds.Eq(0).Text(), "Round 1 started on "+calendar(games[0].Started)+" (set for "+calendar(started)+")",
		"paired an hour after its day: it says so")
	assert.Equal(t, fmt.Sprint(second.UnixMilli()), rounds.Eq(1).Find("[data-countdown]").AttrOr("data-countdown", ""))
}
