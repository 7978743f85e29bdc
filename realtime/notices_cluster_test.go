package realtime

import (
	"context"
	"log/slog"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/inplay"
	"boardroom/lobby"
	"boardroom/realtime/match"
	"boardroom/realtime/view"
	"boardroom/realtime/vocab"
)

// toldRooms records the rooms whose notices a node gave (a TurnNotifier).
type toldRooms struct {
	mu   sync.Mutex
	told []string
}

func (tr *toldRooms) YourMove(_ context.Context, account, roomID, _, _ string) {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	tr.told = append(tr.told, account+" "+roomID)
}

func (tr *toldRooms) list() []string {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	return append([]string(nil), tr.told...)
}

// TestAwayIsAwayOnEveryNode (issue 39, item 5): a player's page open on
// another node than the room's holds their "your move" back, as one on the
// room's own node would; with no page of theirs open anywhere, they are
// told, once.
func TestAwayIsAwayOnEveryNode(t *testing.T) {
	t.Parallel()
	told := &toldRooms{}
	cl := newClusterWith(t, 2, func(c *Config) { c.Turns = told })
	var away string
	for i, tc := range []struct {
		name    string
		bobOpen bool
	}{
		{"his page open on the other node", true},
		{"no page of his open", false},
	} {
		tokens := strconv.Itoa(i)
		t.Run(tc.name, func(t *testing.T) {
			id, err := cl.nodes[0].hub.Create(context.Background(), match.Spec{Game: "kalah", Mode: vocab.Friend, Clock: vocab.CorrespondenceClock, Days: 1,
				Seat: vocab.FirstSeat, Level: vocab.Beginner, Account: "alice"}, "alice-"+tokens)
			require.NoError(t, err)
			alice := cl.openAs(0, id, "alice-"+tokens, "alice")
			bob := cl.openAs(1, id, "bob-"+tokens, "bob")
			bob.send(`{"action":"join","name":"bob"}`)
			alice.await("bob seated", func(p *view.Page) bool { return p.Seats[1].Kind == vocab.Human && p.Seats[1].Online })
			if !tc.bobOpen {
				bob.ws.CloseNow()
				alice.await("bob gone", func(p *view.Page) bool { return !p.Seats[1].Online })
				away = "bob " + id
			}
			alice.send(`{"move":"1"}`)
			alice.await("her move", moves(1))
			if tc.bobOpen {
				bob.await("her move, on his page", moves(1))
				return
			}
			require.Eventually(t, func() bool { return len(told.list()) > 0 }, 5*time.Second, 5*time.Millisecond)
		})
	}
	require.Equal(t, []string{away}, told.list(), "only the player with no page open anywhere")
}

// TestTheTurnCountCrossesNodes (issue 39, item 3): the room runs on one
// node, Alice's site page is open on the other; the count of her games
// awaiting her move follows the game there as it starts and as each
// player moves (Bob from the other node too), carried by the rooms' node's
// lobby.Turns over the bus (her rooms read once from the shared store,
// inplay.Awaiting, as her page opens). No store is looked at on a timer:
// the sites' looks are an hour apart.
func TestTheTurnCountCrossesNodes(t *testing.T) {
	t.Parallel()
	var turns []*lobby.Turns
	cl := newClusterWith(t, 2, func(c *Config) {
		tn := &lobby.Turns{}
		turns = append(turns, tn)
		c.Awaiting = tn
	})
	var sites []*lobby.Site
	for i, node := range cl.nodes {
		s := &lobby.Site{Presence: cl.st, Challenges: cl.st, Rooms: node.hub, Node: "n" + strconv.Itoa(i), Log: slog.New(slog.DiscardHandler),
			Every: time.Hour, Turns: turns[i], Nudges: cl.bus.Connect(),
			AwaitingRooms: func(ctx context.Context, account string) ([]string, error) {
				return inplay.Awaiting(ctx, cl.st, account)
			}}
		go s.Run(t.Context())
		sites = append(sites, s)
	}
	page := sites[1].Open("alice", "alice-site", false)
	told := func(want int, why string) {
		t.Helper()
		for {
			select {
			case n := <-page.TurnCount():
				if n == want {
					return
				}
			case <-time.After(5 * time.Second):
				t.Fatalf("%s: not told %d", why, want)
			}
		}
	}
	told(0, "no game yet")

	id, err := cl.nodes[0].hub.Create(context.Background(), match.Spec{Game: "kalah", Mode: vocab.Friend, Clock: vocab.CorrespondenceClock, Days: 3,
		Seat: vocab.FirstSeat, Level: vocab.Beginner, Account: "alice"}, "alice")
	require.NoError(t, err)
	alice := cl.openAs(0, id, "alice", "alice")
	bob := cl.openAs(1, id, "bob", "bob")
	bob.send(`{"action":"join","name":"bob"}`)
	told(1, "the game began: her move")
	alice.send(`{"move":"1"}`)
	alice.await("her move", moves(1))
	told(0, "his move")
	bob.send(`{"move":"1"}`)
	bob.await("his move", moves(2))
	told(1, "her move again, his played on the other node")
}
