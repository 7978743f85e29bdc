package match

import (
	"context"
	"testing"
	"time"

	"boardroom/game"
	"boardroom/game/ai/engine"
	"boardroom/realtime/vocab"

	"github.com/stretchr/testify/require"
)

func TestUndoRedoAgainstTheComputer(t *testing.T) {
	h := newHarness(t)
	r := h.create(Spec{Game: "kalah", Mode: "computer", Level: "beginner"}, "me")
	me := h.connect(r, "me")
	me.click(1, 1) // P1 house 1: the turn passes to the computer
	waitFor(t, r, "the computer's reply", func(r *Room) bool { return len(r.history.turns) >= 2 && r.state.ToMove()[0] == 0 })
	n := len(me.last().Moves)

	p := me.action("undo")
	require.Empty(t, p.Error)
	require.Empty(t, p.Moves, "undo goes back to my previous turn, past the computer's reply")
	require.Equal(t, "Your move", p.Turn)
	require.True(t, p.Controls.Redo)

	p = me.action("redo")
	require.Len(t, p.Moves, n, "redo brings back my move and the reply")
	require.Equal(t, "Your move", p.Turn)
	p = me.action("redo")
	require.Contains(t, p.Error, "There is no move to redo.")
}

func TestTakebackNeedsTheOpponent(t *testing.T) {
	h := newHarness(t)
	r := h.create(Spec{Game: "kalah"}, "alice")
	alice, bob, eve := h.connect(r, "alice"), h.connect(r, "bob"), h.connect(r, "eve")
	bob.action("join")
	require.Contains(t, alice.action("undo").Error, "You have no move to take back.")
	alice.click(1, 1)

	p := alice.action("undo")
	require.Empty(t, p.Error)
	require.True(t, p.Request.FromMe)
	require.Len(t, p.Moves, 1, "a request changes nothing yet")
	require.Contains(t, bob.last().Request.Text, "take back")
	require.Contains(t, eve.action("takeback-accept").Error, "Spectators cannot answer")
	require.Contains(t, alice.action("takeback-accept").Error, "Your opponent has to answer")
	require.Contains(t, alice.action("undo").Error, "already waiting")

	p = bob.action("takeback-decline")
	require.Nil(t, p.Request)
	require.Len(t, p.Moves, 1)

	alice.action("undo")
	p = bob.action("takeback-accept")
	require.Empty(t, p.Moves)
	require.Equal(t, "Your move", alice.last().Turn)
	require.Contains(t, bob.action("redo").Error, "Redo is for games against the computer")

	// New game between two people also needs consent.
	alice.click(1, 1)
	bob.action("new")
	require.Len(t, alice.last().Moves, 1)
	require.Empty(t, alice.action("takeback-accept").Moves)
}

func TestSaveLoadAndNewGame(t *testing.T) {
	h := newHarness(t)
	r := h.create(Spec{Game: "kalah", Mode: "hotseat"}, "me")
	me := h.connect(r, "me")
	require.Contains(t, me.action("load").Error, "There is no saved game to load.")
	me.click(1, 1)
	me.click(0, 1)
	p := me.action("save")
	require.Equal(t, "Game saved.", p.Error)
	require.Equal(t, "ok", p.Flash)
	me.click(1, 2)
	require.Len(t, me.last().Moves, 3)

	p = me.action("load")
	require.Equal(t, []string{"1", "6"}, movesOf(p), "load restores the saved game")
	p = me.action("new")
	require.Empty(t, p.Moves)
	require.Contains(t, me.action("load").Error, "There is no saved game", "a new game loses the save")

	rec, err := h.store.Room(context.Background(), r.ID())
	require.NoError(t, err)
	require.Empty(t, rec.Turns)
	require.Nil(t, rec.Save)
}

func TestRestartKeepsGamesAndSeats(t *testing.T) {
	h := newHarness(t, func(c *Config) { c.Periods = map[vocab.Clock]time.Duration{"slow": time.Minute} })
	r := h.create(Spec{Game: "amazons", Clock: "slow"}, "alice")
	alice, bob := h.connect(r, "alice"), h.connect(r, "bob")
	bob.action("join")
	alice.click(9, 3)
	alice.click(3, 3)
	alice.click(9, 3)
	require.Equal(t, []string{"d1-d7/d1"}, movesOf(bob.last()))
	id := r.ID()

	h.restart()
	r, err := h.hub.Room(context.Background(), id)
	require.NoError(t, err)
	alice, bob = h.connect(r, "alice"), h.connect(r, "bob")
	p := bob.last()
	require.Equal(t, []string{"d1-d7/d1"}, movesOf(p), "the game goes on where it was")
	require.Equal(t, "Your move", p.Turn, "Bob still holds his seat")
	require.True(t, p.Clock.Running)
	require.Greater(t, p.Clock.RemainingMS, int64(59_000), "the clock restarts with a full period")
	require.True(t, alice.last().Seats[0].Yours)
	bob.click(0, 3)
	bob.click(2, 3)
	require.Equal(t, "ok", bob.click(2, 4).Flash)
}

func TestComputerAgainstComputerPauseAndStep(t *testing.T) {
	h := newHarness(t, func(c *Config) { c.Paces = map[vocab.Pace]time.Duration{"slow": 20 * time.Millisecond} })
	r := h.create(Spec{Game: "kalah", Mode: "watch", Pace: "slow", Options: map[string]string{"houses": "4", "seeds": "3"}}, "host")
	host, guest := h.connect(r, "host"), h.connect(r, "guest")
	waitFor(t, r, "a few moves", func(r *Room) bool { return len(r.history.turns) >= 2 })
	require.Contains(t, guest.action("pause").Error, "Only the room's creator")

	p := host.action("pause")
	require.True(t, p.Paused)
	require.True(t, p.Controls.Step)
	n := len(p.Moves)
	time.Sleep(80 * time.Millisecond)
	require.Len(t, host.last().Moves, n, "paused: no moves")
	host.action("step")
	waitFor(t, r, "one step", func(r *Room) bool { return len(r.history.turns) == n+1 })
	time.Sleep(80 * time.Millisecond)
	require.Len(t, host.last().Moves, n+1, "a step is one move")

	host.action("resume")
	waitFor(t, r, "the end of the game", func(r *Room) bool { return r.over() })
	p = guest.last()
	require.NotEmpty(t, p.Status)
	require.True(t, p.Controls.Replay)
}

func TestReplayAfterTheEnd(t *testing.T) {
	h := newHarness(t, func(c *Config) { c.ReplayStep = 5 * time.Millisecond })
	r := h.create(Spec{Game: "kalah", Mode: "hotseat"}, "me")
	me, eve := h.connect(r, "me"), h.connect(r, "eve")
	require.Contains(t, eve.action("replay-first").Error, "There is no move to look back at yet.")
	me.click(1, 1)
	me.click(0, 1)
	me.click(1, 2)
	p := me.action("resign")
	require.Contains(t, p.Status, "resigned")
	require.Equal(t, "bad", me.click(1, 3).Flash, "no moves after the end")

	p = eve.action("replay-first")
	require.True(t, p.Replay.Active)
	require.Equal(t, 0, p.State.Ply())
	require.False(t, me.last().Replay.Active, "a replay is the viewer's own")
	require.Equal(t, 3, me.last().State.Ply())
	p = eve.action("replay-next")
	require.Equal(t, 1, p.State.Ply())
	require.True(t, p.Moves[0].Current)
	p = eve.action("replay-prev")
	require.Equal(t, 0, p.State.Ply())
	eve.action("replay-play")
	waitFor(t, r, "the replay to play to the end", func(r *Room) bool {
		for c, v := range r.viewers.conns {
			if c == eve.c {
				return v.replay != nil && !v.replay.playing && v.replay.ply == 3
			}
		}
		return false
	})
	require.Equal(t, 3, eve.last().State.Ply())
}

// r2 finds a room by id in the harness's current hub.
func r2(h *harness, old *Room) *Room {
	r, err := h.hub.Room(context.Background(), old.ID())
	require.NoError(h.t, err)
	return r
}

func TestSendToAStoppedRoomGivesUp(t *testing.T) {
	h := newHarness(t)
	r := h.create(Spec{Game: "kalah"}, "a")
	h.restart()
	require.False(t, r.send(context.Background(), evFunc{func(*Room) {}}), "the old room's goroutine has stopped")
}

func TestHintsAndEvaluationGraph(t *testing.T) {
	h := newHarness(t, func(c *Config) {
		c.Hint = func(_ context.Context, s game.State, p game.Player) (engine.Hinted, error) {
			return engine.Hinted{Move: s.Legal(p, nil)[0], Report: "difficult alphabeta depth 3, 44013 nodes in 1.5s, eval +2.30",
				Thought: game.Thought{Known: true, Value: 2.3}}, nil
		}
		c.Evaluate = func(s game.State) float64 { return float64(s.Score()[0] - s.Score()[1]) }
	})
	r := h.create(Spec{Game: "kalah", Mode: "computer"}, "me")
	me := h.connect(r, "me")
	require.True(t, me.last().Controls.Hint)
	me.action("hint")
	waitFor(t, r, "the hint", func(r *Room) bool { return r.viewers.conns[me.c].hint != nil })
	p := me.last()
	// A hint is a plain sentence; the search's numbers are its details.
	require.Equal(t, "Difficult suggests sowing house 1; it thinks you are ahead.", p.Error)
	require.Equal(t, "difficult alphabeta depth 3, 44013 nodes in 1.5s, eval +2.30", p.ErrorDetails)
	require.Equal(t, []game.Cell{{Row: 1, Col: 1}}, p.Hint)

	friend := h.create(Spec{Game: "kalah"}, "a")
	a, b := h.connect(friend, "a"), h.connect(friend, "b")
	b.action("join")
	require.False(t, a.last().Controls.Hint, "no hints between two people")
	require.Contains(t, a.action("hint").Error, "Hints are for")

	me.click(1, 3)         // into the store: my move again
	p = me.action("abort") // the computer has not moved: abort, not resign
	require.Empty(t, p.Hint, "a hint is for the position it was asked in")
	p = me.action("replay-first")
	require.Len(t, p.Evals, len(p.Moves)+1, "one evaluation per position")
}
