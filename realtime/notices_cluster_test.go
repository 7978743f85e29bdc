package realtime

import (
	"context"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

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
