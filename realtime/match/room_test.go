package match

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"boardroom/game"
	"boardroom/realtime/clocktest"
	"boardroom/realtime/view"
	"boardroom/realtime/vocab"
	"boardroom/secret"

	"github.com/stretchr/testify/require"
)

func TestFriendGameSeatsAndMoves(t *testing.T) {
	h := newHarness(t)
	r := h.create(Spec{Game: "kalah"}, "alice")
	alice := h.connect(r, "alice")
	bob := h.connect(r, "bob")
	eve := h.connect(r, "eve")

	p := alice.last()
	require.True(t, p.Seats[0].Yours)
	require.Equal(t, "Free seat", p.Seats[1].Holder)
	require.Contains(t, p.Turn, "Waiting for an opponent")
	require.Equal(t, "http://test/r/"+r.ID(), p.ShareURL)

	p = alice.click(1, 3)
	require.Equal(t, "bad", p.Flash, "no moves before the opponent joins")
	require.True(t, bob.last().Controls.Join)

	p = bob.action("join")
	require.True(t, p.Seats[1].Yours)
	require.Equal(t, guestName(secret.Hash("alice")), p.Seats[0].Holder, "a person, by name")
	require.False(t, p.Seats[0].Yours)
	p = eve.action("join")
	require.Equal(t, "bad", p.Flash)
	require.Contains(t, p.Error, "Both seats are taken")
	require.True(t, p.Spectator)
	require.Equal(t, 1, p.Spectators)

	// P1 sows house 3 into its store and moves again.
	p = alice.click(1, 3)
	require.Equal(t, "ok", p.Flash)
	require.Equal(t, []string{"3"}, movesOf(p))
	require.Equal(t, "Your move", p.Turn)
	require.Equal(t, []string{"3"}, movesOf(eve.last()), "spectators see the move")

	for _, tc := range []struct {
		who  *client
		row  int
		col  int
		want string
	}{
		{bob, 0, 3, "It is not your turn."},
		{eve, 1, 4, "Spectators cannot move"},
		{alice, 1, 3, "That is not a legal move."}, // the house is empty now
		{alice, 0, 3, "That is not a legal move."}, // the opponent's house
		{alice, 7, 7, "That is not a legal move."}, // off the board
	} {
		p := tc.who.click(tc.row, tc.col)
		require.Equal(t, "bad", p.Flash)
		require.Contains(t, p.Error, tc.want)
		require.Equal(t, []string{"3"}, movesOf(p), "a refused click changes nothing")
	}
	alice.click(1, 1)
	p = bob.last()
	require.Equal(t, "Your move", p.Turn)
	require.True(t, targetsOf(t, p)[gameCell(0, 1)], "P2's houses are targets")
	require.False(t, targetsOf(t, p)[gameCell(1, 1)])
	require.Empty(t, targetsOf(t, eve.last()), "spectators have no targets")

	// Everything the room said was stored before it was shown.
	rec, err := h.store.Room(context.Background(), r.ID())
	require.NoError(t, err)
	require.Len(t, rec.Turns, 2)
	require.Equal(t, "1", rec.Turns[1].Notation)
}

func TestConcurrentJoinsHaveOneWinner(t *testing.T) {
	h := newHarness(t)
	r := h.create(Spec{Game: "amazons"}, "host")
	var clients []*client
	for i := range 20 {
		clients = append(clients, h.connect(r, "guest"+string(rune('a'+i))))
	}
	var wg sync.WaitGroup
	var seated atomic.Int32
	for _, cl := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if p := cl.action("join"); p.Error == "" {
				seated.Add(1)
			}
		}()
	}
	wg.Wait()
	require.Equal(t, int32(1), seated.Load())
}

func TestMultiClickMoveAndCancel(t *testing.T) {
	h := newHarness(t)
	r := h.create(Spec{Game: "amazons", Mode: "hotseat"}, "solo")
	me := h.connect(r, "solo")
	p := me.last()
	require.Equal(t, "White to move", p.Turn)
	require.Len(t, targetsOf(t, p), 4, "the four white amazons")
	p = me.click(9, 3) // d1
	require.Equal(t, "", p.Flash)
	require.Len(t, p.Selected, 1)
	require.True(t, targetsOf(t, p)[gameCell(3, 3)], "d7 is a destination")
	p = me.click(9, 3) // again: cancel
	require.Empty(t, p.Selected)
	me.click(9, 3)
	me.click(3, 3) // d1-d7
	p = me.click(9, 3)
	require.Equal(t, "ok", p.Flash, "the arrow may land on the square just left")
	require.Equal(t, []string{"d1-d7/d1"}, movesOf(p))
	require.Equal(t, "Black to move", p.Turn)
	p = me.click(0, 3) // a black amazon d10
	require.Len(t, p.Selected, 1)
	p = me.click(0, 6) // another black amazon: the selection moves to it
	require.Equal(t, gameCell(0, 6), p.Selected[0])
}

// The legal moves are worked out once per position: after a move, an
// undo or a new game the targets and the clicks follow the new one.
func TestTargetsFollowThePosition(t *testing.T) {
	h := newHarness(t)
	r := h.create(Spec{Game: "amazons", Mode: "hotseat"}, "solo")
	me := h.connect(r, "solo")
	me.click(9, 3)
	me.click(3, 3)
	p := me.click(9, 3) // d1-d7/d1
	require.Equal(t, "Black to move", p.Turn)
	require.False(t, targetsOf(t, p)[gameCell(3, 3)], "White's amazon on d7 is not Black's to move")
	require.True(t, targetsOf(t, p)[gameCell(0, 3)], "Black's d10")

	p = me.action(vocab.Undo)
	require.Equal(t, "White to move", p.Turn)
	require.Len(t, targetsOf(t, p), 4, "the four white amazons again")
	require.True(t, targetsOf(t, p)[gameCell(9, 3)], "d1 is back")
	p = me.click(9, 3)
	require.Len(t, p.Selected, 1, "d1 may be picked up again")
	require.True(t, targetsOf(t, p)[gameCell(3, 3)])

	me.click(9, 3) // put down again
	me.click(9, 3)
	me.click(3, 3)
	me.click(9, 3) // d1-d7/d1 again
	me.click(0, 3)
	me.click(2, 3)
	p = me.click(2, 4) // d10-d8/e8
	require.Equal(t, "White to move", p.Turn)
	require.True(t, targetsOf(t, p)[gameCell(3, 3)], "White's amazon on d7")

	p = me.action(vocab.NewGame) // White to move again, in another position
	require.Equal(t, "White to move", p.Turn)
	require.Len(t, targetsOf(t, p), 4)
	require.True(t, targetsOf(t, p)[gameCell(9, 3)], "d1 in the new game")
	require.False(t, targetsOf(t, p)[gameCell(3, 3)], "nothing on d7 in the new game")
	require.Empty(t, p.Selected)
}

func TestSimultaneousChoicesStaySecret(t *testing.T) {
	h := newHarness(t)
	r := h.create(Spec{Game: "demons"}, "angels")
	a := h.connect(r, "angels")
	d := h.connect(r, "demons")
	s := h.connect(r, "spectator")
	d.action("join")

	p := a.click(6, 1) // b2
	require.Equal(t, "ok", p.Flash)
	require.Equal(t, []game.Cell{gameCell(6, 1)}, p.MyChoice)
	require.Empty(t, p.Moves)
	for _, other := range []*client{d, s} {
		p := other.last()
		require.Empty(t, p.MyChoice, "a choice is never shown to anyone else")
		require.True(t, p.Seats[0].Chosen, "but that a choice was made is")
		require.Empty(t, p.Moves)
		require.Empty(t, p.LastMove)
		require.Equal(t, 0, p.State.Ply(), "the position does not move before the reveal")
	}

	p = d.click(3, 4) // e5
	require.Equal(t, []string{"b2+e5"}, movesOf(p))
	require.Equal(t, []string{"b2+e5"}, movesOf(s.last()))
	require.Equal(t, [2]int{4, 4}, s.last().State.Score())
}

// A secret choice may be changed until the other side has chosen; nobody
// else sees it, nor that it changed, and the turn is played with the last.
func TestASecretChoiceMayChangeUntilTheOtherChooses(t *testing.T) {
	tests := []struct {
		name   string
		clicks [][2]int // the Angels' clicks, in order
		want   string   // the turn played once the Demons choose e5
	}{
		{"kept", [][2]int{{6, 1}}, "b2+e5"},
		{"changed", [][2]int{{6, 1}, {2, 1}}, "b6+e5"},
		{"changed back", [][2]int{{6, 1}, {2, 1}, {6, 1}}, "b2+e5"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t)
			r := h.create(Spec{Game: "demons"}, "angels")
			a, d, s := h.connect(r, "angels"), h.connect(r, "demons"), h.connect(r, "spectator")
			d.action("join")
			for _, c := range tc.clicks {
				p := a.click(c[0], c[1])
				require.Empty(t, p.Error)
				require.Equal(t, []game.Cell{gameCell(c[0], c[1])}, p.MyChoice)
				require.Equal(t, "Waiting for Demons", p.Turn)
				require.Equal(t, "Your choice is secret; you can change it until the Demons choose.", p.Status)
				require.NotEmpty(t, p.Paths, "the board still takes a click")
				for _, other := range []*client{d, s} {
					op := other.last()
					require.Empty(t, op.MyChoice, "a choice is never shown to anyone else")
					require.True(t, op.Seats[0].Chosen)
					require.Empty(t, op.Moves)
				}
			}
			require.Equal(t, []string{tc.want}, movesOf(d.click(3, 4)))
			require.Equal(t, []string{tc.want}, movesOf(a.last()))
			require.Equal(t, "Your move", a.last().Turn, "a new turn")
		})
	}
}

func TestHotseatHidesTheFirstChoice(t *testing.T) {
	h := newHarness(t)
	r := h.create(Spec{Game: "demons", Mode: "hotseat"}, "both")
	me := h.connect(r, "both")
	p := me.click(6, 1)
	require.Empty(t, p.MyChoice, "the Demons' player shares the screen")
	require.True(t, p.Seats[0].Chosen)
	require.Equal(t, "Demons to move", p.Turn)
	require.Equal(t, []string{"b2+e5"}, movesOf(me.click(3, 4)))
}

func TestTimeoutLosesAndRacesWithMoves(t *testing.T) {
	h := newHarness(t, func(c *Config) { c.Periods = map[vocab.Clock]time.Duration{"bullet": 30 * time.Millisecond} })
	r := h.create(Spec{Game: "kalah", Mode: "hotseat", Clock: "bullet"}, "me")
	me := h.connect(r, "me")
	p := me.last()
	require.True(t, p.Clock.FirstMove, "each side's first move is not on the move clock")
	me.click(1, 1)     // P1's first move
	p = me.click(0, 1) // P2's first move: now P1 is on the move clock
	require.False(t, p.Clock.FirstMove)
	require.True(t, p.Clock.Running)
	require.LessOrEqual(t, p.Clock.RemainingMS, int64(30))
	// Move faster than, just about as fast as, and slower than the clock:
	// each move is either played before the flag or refused after it.
	sleeps := []time.Duration{5, 28, 29, 30, 31, 32, 80}
	for i := 0; !me.last().Over; i++ {
		for cell := range targetsOf(t, me.last()) {
			me.click(int(cell.Row), int(cell.Col))
			break
		}
		time.Sleep(sleeps[i%len(sleeps)] * time.Millisecond)
	}
	p = me.last()
	rec, err := h.store.Room(context.Background(), r.ID())
	require.NoError(t, err)
	require.True(t, rec.Over)
	require.Len(t, rec.Turns, len(p.Moves), "every move shown was stored")
	require.False(t, p.State.Outcome().Over, "a Kalah game lasts longer than seven moves")
	require.Contains(t, p.Status, "ran out of time")
	require.False(t, p.Clock.Running)
	require.Equal(t, "bad", me.click(1, 1).Flash)
}

func gameCell(row, col int) game.Cell { return game.Cell{Row: int8(row), Col: int8(col)} }

// The player to move is sent the clicks of every legal move, with which the
// page builds a move of several clicks by itself and sends it whole; the
// room checks it like any other move. Nobody else is sent them.
func TestAWholeMoveBuiltInThePageIsChecked(t *testing.T) {
	h := newHarness(t)
	r := h.create(Spec{Game: "amazons", Mode: vocab.Friend, Seat: vocab.FirstSeat}, "white")
	white := h.connect(r, "white")
	black := h.connect(r, "black")
	watcher := h.connect(r, "watcher")
	black.action(vocab.Join)

	p := white.last()
	require.NotEmpty(t, p.Paths, "the player to move can build a move")
	require.Equal(t, view.EncodePaths(p.State.Legal(game.First, nil)), p.Paths, "White's legal moves")
	require.Nil(t, p.Targets, "the page marks them itself")
	require.Empty(t, black.last().Paths, "not the other player's turn")
	require.Empty(t, watcher.last().Paths, "a spectator has no move")

	d1d7d1 := []game.Cell{gameCell(9, 3), gameCell(3, 3), gameCell(9, 3)}
	for name, tc := range map[string]struct {
		who  *client
		path []game.Cell
		want string
	}{
		"a spectator's":       {watcher, d1d7d1, "Spectators cannot move"},
		"the other player's":  {black, d1d7d1, "It is not your turn"},
		"half a move":         {white, d1d7d1[:2], "not a legal move"},
		"through an amazon":   {white, []game.Cell{gameCell(9, 3), gameCell(9, 6), gameCell(9, 3)}, "not a legal move"},
		"from an empty cell":  {white, []game.Cell{gameCell(5, 5), gameCell(5, 6), gameCell(5, 7)}, "not a legal move"},
		"shot at its own way": {white, []game.Cell{gameCell(9, 3), gameCell(3, 3), gameCell(3, 3)}, "not a legal move"},
	} {
		got := tc.who.send(Message{Path: tc.path})
		require.Contains(t, got.Error, tc.want, name)
		require.Empty(t, got.Moves, name+" changes nothing")
	}

	p = white.click(6, 0) // a click begun on the server: the server marks what follows
	require.Empty(t, p.Paths)
	require.NotEmpty(t, p.Targets)
	p = white.send(Message{Path: d1d7d1}) // and a whole move drops it
	require.Equal(t, []string{"d1-d7/d1"}, movesOf(p))
	require.Empty(t, p.Paths, "White has moved")
	p = black.last()
	require.NotEmpty(t, p.Paths, "Black's turn")
	require.Empty(t, black.send(Message{Path: []game.Cell{gameCell(0, 3), gameCell(2, 3), gameCell(2, 4)}}).Error)
	require.Empty(t, white.last().Selected, "White's old click is gone")

	k := h.create(Spec{Game: "kalah", Mode: vocab.Hotseat}, "solo")
	require.Equal(t, "0BBBCBDBEBFBG", h.connect(k, "solo").last().Paths, "Kalah's six houses, one click each")
}

// TestUnwatchedComputerGamesPause: 25 computer-against-computer rooms with
// nobody watching kept a core busy. Such a game pauses once nobody has had
// it open for a minute, leaves memory as any idle room, and plays on from
// where it stopped when someone opens it; one that is watched plays on.
func TestUnwatchedComputerGamesPause(t *testing.T) {
	clock := clocktest.New()
	h := newHarness(t, func(c *Config) {
		c.Clock = clock
		c.Paces = nil // slow: 3 s a move, so the game outlasts the test
	})
	watched := h.create(Spec{Game: "kalah", Mode: "watch", Pace: "slow"}, "bob")
	bob := h.connect(watched, "bob")
	r := h.create(Spec{Game: "kalah", Mode: "watch", Pace: "slow"}, "alice")
	alice := h.connect(r, "alice")
	running := func(r *Room) (yes bool) {
		inRoom(t, r, func(r *Room) { yes = r.computers.running() })
		return yes
	}
	require.True(t, running(r))
	alice.leave()
	clock.Advance(59 * time.Second)
	require.True(t, running(r), "not a minute yet")
	clock.Advance(time.Second)
	require.Eventually(t, func() bool { return !running(r) }, 5*time.Second, time.Millisecond, "paused: nobody watches")
	require.True(t, running(watched), "a watched game plays on")
	bob.sync()

	alice = h.connect(r, "alice")
	require.True(t, running(r), "someone looks: it plays on")
	alice.leave()
	clock.Advance(time.Minute)
	require.Eventually(t, func() bool { return !running(r) }, 5*time.Second, time.Millisecond)
	clock.Advance(10 * time.Minute)
	require.Eventually(t, func() bool { return h.hub.Live() == 1 }, 5*time.Second, time.Millisecond, "the paused game left memory")
	again, err := h.hub.Room(context.Background(), r.ID())
	require.NoError(t, err)
	h.connect(again, "alice")
	require.True(t, running(again), "loaded again by a page, it plays on")
}
