package realtime

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/stretchr/testify/require"

	"boardroom/realtime/match"
	"boardroom/realtime/roomjson"
	"boardroom/realtime/view"
	"boardroom/realtime/vocab"
)

// TestAProgramOnAnotherNode: in a cluster, a program's socket on a node
// that does not run the room is sent JSON only — its own states and
// answers from the owner, never the pages' HTML frames (nor the default
// one those pages share) nor the spectator count — and its join and moves
// reach the owner.
func TestAProgramOnAnotherNode(t *testing.T) {
	t.Parallel()
	cl := newCluster(t, 2)
	id, err := cl.nodes[0].hub.Create(context.Background(), match.Spec{Game: "kalah", Mode: vocab.Friend, Clock: vocab.NoClock,
		Seat: vocab.FirstSeat, Level: vocab.Beginner}, "alice")
	require.NoError(t, err)
	alice := cl.open(0, id, "alice")
	watcher := cl.open(1, id, "carol") // an HTML page beside the program on its node

	url := "ws" + strings.TrimPrefix(cl.nodes[1].srv.URL, "http") + "/?room=" + id + "&token=bot&format=json&legal=true"
	ws, _, err := websocket.Dial(t.Context(), url, nil)
	require.NoError(t, err)
	defer ws.CloseNow()
	next := func(what string, cond func(roomjson.Message) bool) roomjson.Message {
		t.Helper()
		ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
		defer cancel()
		for {
			_, b, err := ws.Read(ctx)
			require.NoError(t, err, "waiting for %s", what)
			m, err := roomjson.Decode(b)
			require.NoError(t, err, "only JSON: %.60q", b)
			if cond(m) {
				return m
			}
		}
	}
	isState := func(cond func(*roomjson.State) bool) func(roomjson.Message) bool {
		return func(m roomjson.Message) bool { return m.State != nil && cond(m.State) }
	}

	next("the room", isState(func(s *roomjson.State) bool { return s.Waiting }))
	require.NoError(t, ws.Write(t.Context(), websocket.MessageText, roomjson.Join("", "Remote")))
	s := next("seated", isState(func(s *roomjson.State) bool { return len(s.You) == 1 })).State
	require.Equal(t, "Engine: Remote", s.Seats[1].Holder)
	alice.await("the engine seated", func(p *view.Page) bool { return p.Seats[1].Holder == "Engine: Remote" })

	alice.send(`{"move":"1"}`)
	s = next("its turn", isState(func(s *roomjson.State) bool { return s.YourTurn })).State
	require.Equal(t, []string{"1"}, s.Moves)
	require.NotEmpty(t, s.Legal)
	require.NoError(t, ws.Write(t.Context(), websocket.MessageText, roomjson.Move("9", 1)))
	m := next("a refusal", func(m roomjson.Message) bool { return m.Error != nil })
	require.Equal(t, "illegal", m.Error.Reason)
	require.NoError(t, ws.Write(t.Context(), websocket.MessageText, roomjson.Move(s.Legal[0], 1)))
	next("its move played", isState(func(s *roomjson.State) bool { return len(s.Moves) == 2 }))
	// Sent again (both copies arrive after a lost connection): a re-send,
	// acknowledged, not a refusal the program would read as its next
	// move's.
	require.NoError(t, ws.Write(t.Context(), websocket.MessageText, roomjson.Move(s.Legal[0], 1)))
	m = next("the re-send's answer", func(m roomjson.Message) bool { return m.Error != nil || m.Notice != nil })
	require.NotNil(t, m.Notice, "a re-send is acknowledged: %+v", m.Error)
	require.Contains(t, m.Notice.Text, "played already")
	watcher.await("both moves", moves(2))
	alice.await("both moves", moves(2))

	// A change for the pages: their frame goes out as the default, which
	// the program's node must not send it.
	alice.send(`{"chat":"well played"}`)
	next("the state after the chat", isState(func(s *roomjson.State) bool { return s.Version > 0 && len(s.Moves) == 2 }))
}
