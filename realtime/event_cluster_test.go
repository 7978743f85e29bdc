package realtime

import (
	"context"
	"log/slog"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/realtime/view"
	"boardroom/realtime/vocab"
	"boardroom/store"
	"boardroom/tournament/director"
)

// The fault test of issue 40: three nodes on PostgreSQL each run a
// director; the node directing an arena dies in the middle of its first
// wave's games. Another node takes the event over once the dead one's
// lease runs out and pairs the players whose game ended meanwhile (their
// result, recorded by the room on a live node, counted once), while at no
// moment is any player in two games.
func TestAnEventOutlivesItsDirector(t *testing.T) {
	t.Parallel()
	cl := newPostgresClusterWith(t, 3, nil)
	ctx := t.Context()
	now := time.Now()
	require.NoError(t, cl.st.CreateTournament(ctx, &store.Tournament{ID: "ev", Name: "Arena", Kind: store.Arena, Game: "kalah",
		Options: map[string]string{}, Clock: vocab.SlowClock, Minutes: 30, Starts: now, Created: now}))
	players := []string{"ann", "bea", "cat", "dan", "eve", "fay"}
	for _, p := range players {
		require.NoError(t, director.Join(ctx, cl.st, "ev", p, false, now))
	}

	var mu sync.Mutex
	paired := map[string]int{} // waves paired by each node
	stops := make([]context.CancelFunc, len(cl.nodes))
	for i, n := range cl.nodes {
		node := "n" + strconv.Itoa(i)
		dctx, stop := context.WithCancel(ctx)
		stops[i] = stop
		d := &director.Director{Store: n.st, Rooms: n.hub, Node: node, Log: slog.New(slog.DiscardHandler),
			Every: 50 * time.Millisecond, Lease: 600 * time.Millisecond,
			Paired: func(context.Context, string, []store.TournamentPairing) { mu.Lock(); paired[node]++; mu.Unlock() }}
		go d.Run(dctx)
		t.Cleanup(stop)
	}
	games := func() []store.TournamentGame {
		list, err := cl.st.TournamentGames(context.Background(), "ev")
		require.NoError(t, err)
		busy := map[string]bool{}
		for _, g := range list {
			if g.Result != store.GamePlaying {
				continue
			}
			for _, p := range g.Seats {
				require.False(t, busy[p], "%s in two games at once", p)
				busy[p] = true
			}
		}
		return list
	}
	// A director is told of its wave once the wave's rooms run, after
	// the games are in the store.
	wave := func() bool { mu.Lock(); defer mu.Unlock(); return len(paired) > 0 }
	require.Eventually(t, func() bool { return len(games()) == 3 && wave() }, 10*time.Second, 20*time.Millisecond, "the first wave")
	mu.Lock()
	var first string
	for node := range paired {
		first = node
	}
	require.Len(t, paired, 1, "one director")
	mu.Unlock()
	dead, _ := strconv.Atoi(first[1:])
	stops[dead]()
	cl.kill(cl.nodes[dead])

	// A game ends on a live node: its first seat aborts it there (nobody
	// has moved yet).
	live := (dead + 1) % len(cl.nodes)
	g := games()[0]
	page := cl.openAs(live, g.Room, "t-"+g.Seats[0], g.Seats[0])
	page.await("seated", func(p *view.Page) bool { return p.Seats[0].Yours })
	page.send(`{"action":"abort"}`)
	page.await("aborted", func(p *view.Page) bool { return p.Over })

	require.Eventually(t, func() bool { return len(games()) == 4 }, 10*time.Second, 20*time.Millisecond,
		"another node directs the event and pairs the two freed players")
	list := games()
	require.Equal(t, store.GameAborted, list[0].Result, "the end counted once")
	require.ElementsMatch(t, g.Seats[:], list[3].Seats[:], "the freed pair, nobody else being free")
	mu.Lock()
	defer mu.Unlock()
	require.Len(t, paired, 2, "a second director: %v", paired)
	require.Equal(t, 1, paired[first], "the dead node paired nothing more")
	time.Sleep(200 * time.Millisecond) // more looks pair nobody twice
	require.Len(t, games(), 4)
}
