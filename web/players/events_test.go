package players_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardroom/store"
	"boardroom/store/storetest"
	"boardroom/web/webtest"
)

// played is an event as playEvents makes it: its players (their ratings
// falling in this order), its games (the first seat wins, a bye has one
// seat, a third seat "draw" draws, "playing" goes on), and when it finished
// (zero: under way).
type played struct {
	id, kind string
	players  []string
	games    [][3]string
	finished time.Time
}

// playEvents puts events in n's store as their directors would have
// played them, under a lease of the test's (the node's director leaves
// them alone).
func playEvents(t *testing.T, n *webtest.Node, events ...played) {
	t.Helper()
	ctx := t.Context()
	now := time.Now()
	for _, e := range events {
		require.NoError(t, n.Store.CreateTournament(ctx, &store.Tournament{ID: e.id, Name: "Event " + e.id, Kind: e.kind, Game: "kalah",
			Clock: "fast", Minutes: 30, Rounds: 3, Starts: now.Add(time.Hour), Created: now}))
		for i, p := range e.players {
			require.NoError(t, n.Store.JoinTournament(ctx, e.id, store.Entrant{Account: p, Rating: 1600 - 10*i, Joined: now}))
		}
		d, err := n.Store.Direct(ctx, e.id, "test-node", now, time.Hour)
		require.NoError(t, err)
		require.NoError(t, n.Store.StartTournament(ctx, e.id, d, now.Add(-time.Hour), now))
		if len(e.games) > 0 {
			made, err := n.Store.PairTournament(ctx, e.id, d, func([]store.Entrant, []store.TournamentGame) []store.TournamentPairing {
				var out []store.TournamentPairing
				for i, g := range e.games {
					p := store.TournamentPairing{Seats: [2]string{g[0], g[1]}}
					if g[1] != "" {
						p.Room = storetest.SampleRoom(fmt.Sprintf("%s-%d", e.id, i))
					}
					out = append(out, p)
				}
				return out
			})
			require.NoError(t, err)
			for i, p := range made {
				if p.Room == nil || e.games[i][2] == "playing" {
					continue
				}
				winner := map[string]int{"": 0, "draw": -1}[e.games[i][2]]
				_, err := n.Store.SetResult(ctx, p.Room.ID, store.Result{Over: true, Winner: winner, Reason: "done"})
				require.NoError(t, err)
			}
		}
		if !e.finished.IsZero() {
			require.NoError(t, n.Store.FinishTournament(ctx, e.id, d, e.finished))
		}
	}
}

// annsEvents are Ann's events: a finished arena she won, a finished Swiss
// event where her draw left her fourth, an arena under way she leads, and
// three not hers to list (one she joined and never played, one she
// withdrew from before its start, one of others).
func annsEvents(t *testing.T, n *webtest.Node) {
	t.Helper()
	day := time.Date(2026, 3, 3, 15, 0, 0, 0, time.UTC)
	playEvents(t, n,
		played{id: "arena", kind: store.Arena, players: []string{"Bea", "Cat", "Ann", "Dan"}, finished: day,
			games: [][3]string{{"Ann", "Bea"}, {"Cat", "Dan"}, {"Ann", "Cat"}}},
		played{id: "swiss", kind: store.Swiss, players: []string{"Bea", "Cat", "Dan", "Eve", "Ann"}, finished: day.Add(24 * time.Hour),
			games: [][3]string{{"Bea", "Ann", "draw"}, {"Cat", "Dan"}, {"Eve"}}},
		played{id: "running", kind: store.Arena, players: []string{"Ann", "Bea"},
			games: [][3]string{{"Ann", "Bea"}, {"Bea", "Ann", "playing"}}},
		played{id: "joined", kind: store.Arena, players: []string{"Ann", "Bea", "Cat"}, finished: day.Add(48 * time.Hour),
			games: [][3]string{{"Bea", "Cat"}}},
		played{id: "others", kind: store.Arena, players: []string{"Bea", "Cat"}, finished: day.Add(48 * time.Hour),
			games: [][3]string{{"Bea", "Cat"}}},
	)
	ctx := t.Context()
	require.NoError(t, n.Store.CreateTournament(ctx, &store.Tournament{ID: "withdrawn", Name: "Event withdrawn", Kind: store.Arena,
		Game: "kalah", Clock: "fast", Minutes: 30, Starts: time.Now().Add(time.Hour), Created: time.Now()}))
	require.NoError(t, n.Store.JoinTournament(ctx, "withdrawn", store.Entrant{Account: "Ann", Rating: 1500, Joined: time.Now()}))
	require.NoError(t, n.Store.LeaveTournament(ctx, "withdrawn", "Ann"))
}

// TestPlayerPageListsEvents (issue 40): a player's page lists the events
// they played, the one under way first, then the finished, the last
// finished first, each linking to its page with its game, kind, when it
// finished, their rank among its players and their points (a Swiss
// event's in halves), a medal on a finished event's podium, said in words;
// not an event they only joined, withdrew from, or did not enter.
func TestPlayerPageListsEvents(t *testing.T) {
	t.Parallel()
	n := newTestServer(t)
	n.SignedUp(t, "Ann")
	annsEvents(t, n.Node)

	_, doc := webtest.Get(t, n.Browser(t), n.URL+"/@/Ann")
	section := doc.Find("[data-testid=event-results]")
	require.Equal(t, 1, section.Length())
	rows := section.Find("[data-testid=event-result]")
	var ids []string
	rows.Each(func(_ int, s *goquery.Selection) { ids = append(ids, s.AttrOr("data-event", "")) })
	require.Equal(t, []string{"running", "swiss", "arena"}, ids, "under way first, then the last finished first")

	for _, tc := range []struct {
		id                      string
		rank, of, score, medal  string
		place, points, when, sr string
		kind                    string
	}{
		{"running", "1", "2", "2", "0", "1st of 2", "2 points", "under way", "", "Arena"},
		{"swiss", "4", "5", "½", "0", "4th of 5", "½ point", "finished 4 March 2026", "", "Swiss"},
		{"arena", "1", "4", "4", "1", "1st of 4", "4 points", "finished 3 March 2026", "Gold medal", "Arena"},
	} {
		t.Run(tc.id, func(t *testing.T) {
			row := rows.Filter("[data-event=" + tc.id + "]")
			assert.Equal(t, "/t/"+tc.id, row.Find("a").AttrOr("href", ""))
			assert.Equal(t, "Event "+tc.id, row.Find("a").Text())
			assert.Equal(t, tc.rank, row.AttrOr("data-rank", ""))
			assert.Equal(t, tc.of, row.AttrOr("data-of", ""))
			assert.Equal(t, tc.score, row.AttrOr("data-score", ""))
			assert.Equal(t, tc.medal, row.AttrOr("data-medal", ""))
			assert.Equal(t, tc.place, row.Find("[data-testid=event-rank]").Text())
			assert.Equal(t, tc.points, row.Find("[data-testid=event-score]").Text())
			text := strings.Join(strings.Fields(row.Text()), " ")
			assert.Contains(t, text, "Kalah · "+tc.kind+" · "+tc.when)
			assert.Equal(t, tc.sr, strings.TrimSuffix(row.Find(".visually-hidden").Text(), ": "), "the medal in words")
			assert.Equal(t, tc.sr != "", row.Find(".medal[aria-hidden=true]").Length() == 1, "the medal drawn")
		})
	}

	n.SignedUp(t, "Dan")
	_, doc = webtest.Get(t, n.Browser(t), n.URL+"/@/Dan")
	assert.Equal(t, []string{"4", "5"}, []string{
		doc.Find("[data-event=arena]").AttrOr("data-rank", ""), doc.Find("[data-event=swiss]").AttrOr("data-rank", "")},
		"Dan lost his one game of each")
	n.SignedUp(t, "Fay")
	_, doc = webtest.Get(t, n.Browser(t), n.URL+"/@/Fay")
	assert.Zero(t, doc.Find("[data-testid=event-result]").Length())
	assert.Contains(t, doc.Find("[data-testid=event-results]").Text(), "No events played yet")
}
