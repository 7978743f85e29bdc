// Package webtest starts the whole site for the tests of web and of its
// areas (web/<area>): a server on a random port over a fresh SQLite
// database, with rooms, quick pairing and the site's socket, and HTTP
// clients and browser tabs that visit it as people do. An area's test
// drives the whole site, so it needs the whole server; the server itself
// is web's (which imports every area), so a test package hands Start a
// Handler that assembles it (an area's tests import web, and web's own
// tests use their package's Server).
//
// Browser tests share the package's one Chromium (internal/browsertest:
// each test package's TestMain runs browsertest.Main).
package webtest

import (
	"context"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/accounts"
	"boardroom/inplay"
	"boardroom/lobby"
	"boardroom/realtime"
	"boardroom/realtime/vocab"
	"boardroom/signout"
	"boardroom/store"
	"boardroom/tournament/director"
	"boardroom/web/templates"
)

// Node is one running server of the site: what a Handler assembles, and
// what tests reach behind the pages.
type Node struct {
	*httptest.Server
	Hub   *realtime.Hub
	Store *store.SQLite
	Pools *lobby.Pools
	Site  *lobby.Site
	// Events directs the node's events (arenas), looking every 100 ms.
	Events *director.Director
	// Signouts is the cluster's shared sign-outs (nil: the node's own).
	Signouts *signout.Sockets
	// Log drops everything: the tests read the pages, not the log.
	Log *slog.Logger
}

// Handler assembles the site's handler over a node's parts (web.Server's
// Handler, with the node's hub, store, pools, site and sign-outs).
type Handler func(n *Node) http.Handler

// Options change the node Start makes.
type Options struct {
	// HouseGames is how many house bots' games may be in play at once
	// (0: no house bots).
	HouseGames int
	// Outside are house bots that outside programs play, beside the
	// computer's levels (their players come through Tweaks' Bots).
	Outside []lobby.HouseBot
	// Store is the database (nil: a fresh SQLite file of the test's).
	Store *store.SQLite
	// Signouts are shared with the other nodes of a cluster (nil: none).
	Signouts *signout.Sockets
	// Tweaks change the hub's config (a fake clock, real computer players).
	Tweaks []func(*realtime.Config)
}

// New is a server of a fresh database, with no house bots.
func New(t testing.TB, serve Handler, tweaks ...func(*realtime.Config)) *Node {
	t.Helper()
	return Start(t, serve, Options{Tweaks: tweaks})
}

// Start runs the site on a random port; it stops with t.
func Start(t testing.TB, serve Handler, o Options) *Node {
	t.Helper()
	st := o.Store
	if st == nil {
		var err error
		st, err = store.OpenSQLite(filepath.Join(t.TempDir(), "web.db"))
		require.NoError(t, err)
		t.Cleanup(func() { st.Close() }) // after the server's own cleanup
	}
	n := &Node{Store: st, Signouts: o.Signouts, Log: slog.New(slog.DiscardHandler)}
	var house *lobby.House
	if o.HouseGames > 0 {
		bots, err := lobby.HouseBots(context.Background(), &accounts.Service{Store: st})
		require.NoError(t, err)
		house = &lobby.House{Bots: append(bots, o.Outside...), Games: o.HouseGames, Store: st}
	}
	n.Server = httptest.NewUnstartedServer(nil)
	cfg := realtime.Config{Store: st, Renderer: templates.Renderer{}, BaseURL: "http://" + n.Listener.Addr().String(),
		BotDelay: 5 * time.Millisecond, WatchDelay: 20 * time.Millisecond,
		Paces: map[vocab.Pace]time.Duration{"fast": 5 * time.Millisecond, "normal": 20 * time.Millisecond, "slow": 50 * time.Millisecond}}
	turns := &lobby.Turns{} // the rooms' news of whose move they await, for the header's count
	cfg.Awaiting = turns
	for _, tweak := range o.Tweaks {
		tweak(&cfg)
	}
	n.Hub = realtime.NewHub(cfg)
	n.Pools = &lobby.Pools{Store: st, Ratings: st, Games: st, Bots: st, Links: st, Rooms: n.Hub, Log: n.Log,
		// Stale is 50 Seens: a wait is never dropped as stale because a
		// loaded machine delayed its node's sightings (1 s was too short).
		Timings: lobby.Timings{Pair: 50 * time.Millisecond, Seen: 200 * time.Millisecond, Stale: 10 * time.Second}, House: house}
	poolsCtx, stopPools := context.WithCancel(context.Background())
	var lobbyLoops sync.WaitGroup
	lobbyLoops.Go(func() { n.Pools.Run(poolsCtx) })
	n.Site = &lobby.Site{Presence: st, Challenges: st, Links: st, Rooms: n.Hub, Node: "test", Log: n.Log,
		Every: 50 * time.Millisecond, House: house, Turns: turns,
		AwaitingRooms: func(ctx context.Context, account string) ([]string, error) { return inplay.Awaiting(ctx, st, account) }}
	lobbyLoops.Go(func() { n.Site.Run(poolsCtx) })
	n.Events = &director.Director{Store: st, Rooms: n.Hub, Node: "test", Log: n.Log, Every: 100 * time.Millisecond}
	lobbyLoops.Go(func() { n.Events.Run(poolsCtx) })
	n.Config.Handler = serve(n)
	n.Start()
	t.Cleanup(func() {
		// The loops write until they return (the site clears its
		// presence on its way out): the store closes after them, and its
		// files are removed after it, or a write in flight left a file in
		// the test's folder as it was removed.
		stopPools()
		lobbyLoops.Wait()
		n.Close()
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		n.Hub.Shutdown(ctx)
	})
	return n
}
