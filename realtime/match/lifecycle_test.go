package match

import (
	"context"
	"testing"
	"time"

	"boardroom/realtime/clocktest"
	"boardroom/realtime/view"
	"boardroom/realtime/vocab"
	"boardroom/secret"
	"boardroom/store"

	"github.com/stretchr/testify/require"
)

// fakeClockHarness is a harness whose game timers run on a fake clock, with
// the real waits of a room (60 s for a first move, 60 s before a claim).
func fakeClockHarness(t *testing.T) (*harness, *clocktest.Clock) {
	clock := clocktest.New()
	h := newHarness(t, func(c *Config) { c.Clock = clock })
	return h, clock
}

func TestClockWaitsForBothSeatsAndFirstMoves(t *testing.T) {
	h, clock := fakeClockHarness(t)
	r := h.create(Spec{Game: "kalah", Clock: "bullet"}, "alice")
	alice := h.connect(r, "alice")

	clock.Advance(20 * time.Second)
	p := alice.last()
	require.False(t, p.Over, "a room waiting for its friend never loses on time")
	require.False(t, p.Clock.Running)

	bob := h.connect(r, "bob")
	bob.action("join")
	p = alice.last()
	require.True(t, p.Clock.Running)
	require.True(t, p.Clock.FirstMove, "the first move is not on the move clock")
	require.Equal(t, int64(60_000), p.Clock.RemainingMS)

	clock.Advance(59 * time.Second)
	require.False(t, alice.last().Over, "59 s: still waiting for the first move")
	alice.click(1, 1) // P1 sows house 1: P2 to move, and P2's first move
	p = bob.last()
	require.True(t, p.Clock.FirstMove, "the second side's first move is not on the clock either")
	clock.Advance(30 * time.Second)
	bob.click(0, 1)
	p = alice.last()
	require.False(t, p.Clock.FirstMove)
	require.Equal(t, int64(10_000), p.Clock.RemainingMS, "from now on, the move clock")

	clock.Advance(10 * time.Second)
	p = alice.last()
	require.True(t, p.Over)
	require.Contains(t, p.Status, "You lost — P1 ran out of time")
	require.False(t, p.Aborted)
}

func TestFirstMoveNotMadeAborts(t *testing.T) {
	tests := []struct {
		name string
		spec Spec
		// seat joins the second seat when set
		join   bool
		status string
	}{
		{"friend", Spec{Game: "kalah", Clock: "bullet"}, true, "Game aborted: P1 did not make a first move in time"},
		{"computer", Spec{Game: "kalah", Mode: "computer", Clock: "bullet"}, false, "Game aborted: P1 did not make a first move in time"},
		{"simultaneous", Spec{Game: "demons", Clock: "fast"}, true, "Game aborted: Angels and Demons did not make a first move in time"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h, clock := fakeClockHarness(t)
			r := h.create(tc.spec, "alice")
			alice := h.connect(r, "alice")
			if tc.join {
				h.connect(r, "bob").action("join")
			}
			clock.Advance(20 * time.Second)
			p := alice.last()
			require.False(t, p.Over, "20 s after: still waiting for the first move")
			require.True(t, p.Clock.FirstMove)

			clock.Advance(40 * time.Second)
			p = alice.last()
			require.True(t, p.Over)
			require.True(t, p.Aborted)
			require.Equal(t, tc.status, p.Status)

			rec, err := h.store.Room(context.Background(), r.ID())
			require.NoError(t, err)
			require.True(t, rec.Over)
			require.True(t, rec.Aborted)
			list, err := h.store.List(context.Background(), true, time.Time{}, 10, 0)
			require.NoError(t, err)
			require.Empty(t, list, "an aborted game is not listed among finished games")
		})
	}
}

func TestAbortUntilEachSideHasMoved(t *testing.T) {
	h := newHarness(t)
	r := h.create(Spec{Game: "kalah"}, "alice")
	alice, bob, eve := h.connect(r, "alice"), h.connect(r, "bob"), h.connect(r, "eve")
	require.True(t, alice.last().Controls.Abort, "the creator may abort while waiting for the friend")
	bob.action("join")
	require.True(t, bob.last().Controls.Abort)
	require.False(t, bob.last().Controls.Resign, "abort, not resign, before each side has moved")
	require.False(t, eve.last().Controls.Abort)
	require.Contains(t, eve.action("abort").Error, "Spectators cannot abort")

	alice.click(1, 1)
	require.True(t, alice.last().Controls.Abort, "P2 has not moved yet")
	bob.click(0, 1)
	p := alice.last()
	require.False(t, p.Controls.Abort)
	require.True(t, p.Controls.Resign)
	p = alice.action("abort")
	require.Contains(t, p.Error, "can no longer be aborted")
	require.False(t, p.Over)

	// Another room: Bob aborts after Alice's first move.
	r = h.create(Spec{Game: "kalah"}, "alice")
	alice, bob = h.connect(r, "alice"), h.connect(r, "bob")
	bob.action("join")
	alice.click(1, 1)
	p = bob.action("abort")
	require.True(t, p.Over)
	require.True(t, p.Aborted)
	require.Equal(t, "Game aborted by P2", p.Status)
	require.Contains(t, alice.action("undo").Error, "aborted")
	require.False(t, alice.last().Controls.Undo)
}

func TestClaimWhenTheOpponentHasLeft(t *testing.T) {
	h, clock := fakeClockHarness(t)
	r := h.create(Spec{Game: "kalah"}, "alice")
	alice, bob, eve := h.connect(r, "alice"), h.connect(r, "bob"), h.connect(r, "eve")
	bob.action("join")
	alice.click(1, 1)
	bob.click(0, 1) // both have moved; P1 (Alice) to move

	// Alice closes her page.
	alice.leave()
	clock.Advance(59 * time.Second)
	p := bob.last()
	require.False(t, p.Controls.ClaimWin, "not before a minute")
	require.Contains(t, bob.action("claim-win").Error, "only when your opponent")

	clock.Advance(time.Second)
	p = bob.last()
	require.True(t, p.Controls.ClaimWin, "a minute away: Bob may claim")
	require.True(t, p.Controls.ClaimDraw)
	require.False(t, eve.last().Controls.ClaimWin)
	require.Contains(t, eve.action("claim-win").Error, "only when your opponent")

	// Alice comes back: the claim is gone; she leaves again and it returns a minute later.
	alice = h.connect(r, "alice")
	require.False(t, bob.last().Controls.ClaimWin)
	alice.leave()
	clock.Advance(30 * time.Second)
	require.False(t, bob.last().Controls.ClaimWin)
	clock.Advance(30 * time.Second)
	require.True(t, bob.last().Controls.ClaimWin)

	p = bob.action("claim-win")
	require.True(t, p.Over)
	require.Equal(t, "You won — P1 left the game", p.Status)
	rec, err := h.store.Room(context.Background(), r.ID())
	require.NoError(t, err)
	require.Equal(t, 1, rec.Winner)
}

func TestNoClaimWhileTheAbsentPlayerIsNotToMove(t *testing.T) {
	h, clock := fakeClockHarness(t)
	r := h.create(Spec{Game: "kalah"}, "alice")
	alice, bob := h.connect(r, "alice"), h.connect(r, "bob")
	bob.action("join")
	alice.click(1, 1)
	bob.click(0, 1)
	bob.leave()
	clock.Advance(5 * time.Minute)
	require.False(t, alice.last().Controls.ClaimWin, "Bob left, but it is Alice's move")
	alice.click(1, 2) // now Bob, away for five minutes, is to move
	require.True(t, alice.last().Controls.ClaimWin)
	p := alice.action("claim-draw")
	require.Equal(t, "Draw — P2 left the game; a draw was claimed", p.Status)
}

func TestNoClaimWhileTheOpponentIsThere(t *testing.T) {
	h, clock := fakeClockHarness(t)
	id := h.create(Spec{Game: "kalah"}, "alice").ID()
	h.restart() // the room comes back with nobody there: both seats count as away
	r, err := h.hub.Room(context.Background(), id)
	require.NoError(t, err)
	clock.Advance(5 * time.Minute) // long before Bob takes his seat
	bob := h.connect(r, "bob")
	bob.action("join")
	alice := h.connect(r, "alice")
	alice.click(1, 1)
	bob.click(0, 1)
	alice.click(1, 2) // Bob, with his page open, to move
	clock.Advance(5 * time.Minute)
	require.False(t, alice.last().Controls.ClaimWin, "Bob is thinking, not gone")
	require.Contains(t, alice.action("claim-win").Error, "only when your opponent")
}

func TestRematchBetweenTwoPeople(t *testing.T) {
	h := newHarness(t)
	r := h.create(Spec{Game: "kalah", Clock: "fast"}, "alice")
	alice, bob, eve := h.connect(r, "alice"), h.connect(r, "bob"), h.connect(r, "eve")
	bob.action("join")
	alice.click(1, 1)
	bob.click(0, 1)
	require.False(t, alice.last().Controls.Rematch, "no rematch before the end")
	require.Contains(t, alice.action("rematch").Error, "when the game is over")
	alice.action("resign")

	p := alice.last()
	require.True(t, p.Controls.Rematch)
	require.False(t, eve.last().Controls.Rematch, "spectators have no rematch")
	require.Contains(t, eve.action("rematch").Error, "Spectators")

	p = alice.action("rematch")
	require.Equal(t, vocab.RematchProposal, p.Request.Kind)
	require.True(t, p.Request.FromMe)
	require.Equal(t, guestName(secret.Hash("alice"))+" offers a rematch.", bob.last().Request.Text)
	p = alice.action("rematch") // asked again: withdrawn
	require.Nil(t, p.Request)
	alice.action("rematch")
	p = bob.action("rematch") // the other player's click accepts
	require.False(t, p.Over)
	require.Empty(t, p.Moves)
	require.Equal(t, "Your move", p.Turn, "Bob had the second seat: now he moves first")
	require.True(t, p.Seats[0].Yours)
	p = eve.last()
	require.False(t, p.Over, "the spectator follows to the new game")
	require.Empty(t, p.Moves)
	require.Equal(t, int64(30_000), p.Clock.TotalMS, "the same clock")
	require.Equal(t, guestName(secret.Hash("bob")), alice.last().Seats[0].Holder, "a person, by name")

	// The game that ended is kept, finished, pointing at the rematch.
	finished, err := h.store.List(context.Background(), true, time.Time{}, 10, 0)
	require.NoError(t, err)
	require.Len(t, finished, 1)
	kept, err := h.store.Room(context.Background(), finished[0].ID)
	require.NoError(t, err)
	require.Equal(t, r.ID(), kept.Next)
	require.Equal(t, []string{"1", "6"}, notations(kept.Turns))
	require.Equal(t, 1, kept.Winner, "P1 resigned")
	rec, err := h.store.Room(context.Background(), r.ID())
	require.NoError(t, err)
	require.Equal(t, secret.Hash("bob"), rec.Seats[0].TokenHash)
	require.Equal(t, secret.Hash("alice"), rec.Seats[1].TokenHash)

	// The kept game is a record: replay only, and a link to the rematch.
	old, err := h.hub.Room(context.Background(), kept.ID)
	require.NoError(t, err)
	oldAlice := h.connect(old, "alice")
	p = oldAlice.last()
	require.Equal(t, "/r/"+r.ID(), p.Next)
	require.False(t, p.Controls.Rematch)
	require.False(t, p.Controls.Undo)
	require.True(t, p.Controls.Replay)
	require.Contains(t, oldAlice.action("undo").Error, "kept as a record")
	require.True(t, oldAlice.action("replay-first").Replay.Active)
}

func TestRematchAgainstTheComputerIsOneClick(t *testing.T) {
	h := newHarness(t)
	r := h.create(Spec{Game: "kalah", Mode: "computer", Level: "medium"}, "me")
	me := h.connect(r, "me")
	me.click(1, 1)
	waitFor(t, r, "the computer's reply", func(r *Room) bool { return len(r.history.turns) >= 2 })
	me.action("resign")
	p := me.action("rematch")
	require.False(t, p.Over)
	require.True(t, p.Seats[1].Yours, "I had the first seat: now the second")
	require.Equal(t, "Computer · Medium", p.Seats[0].Holder, "the same level")
	waitFor(t, r, "the computer's first move", func(r *Room) bool { return len(r.history.turns) >= 1 })
}

func TestComputerAgainstComputerLevelsPerSeat(t *testing.T) {
	h := newHarness(t)
	r := h.create(Spec{Game: "kalah", Mode: "watch", Level: "medium", LevelSecond: "difficult"}, "host")
	p := h.connect(r, "host").last()
	require.Equal(t, "Computer · Medium", p.Seats[0].Holder)
	require.Equal(t, "Computer · Difficult", p.Seats[1].Holder)

	_, err := h.hub.Create(context.Background(), Spec{Game: "kalah", Mode: "watch", Level: "medium", LevelSecond: "grandmaster",
		Seat: "first", Clock: "none"}, "host")
	require.ErrorIs(t, err, ErrBadRequest)
}

func TestSearchChoiceKeptOnlyAtDifficult(t *testing.T) {
	h := newHarness(t)
	for _, tc := range []struct {
		level vocab.Level
		want  string
	}{
		{"beginner", ""}, {"medium", ""}, {"difficult", "minimax"},
	} {
		r := h.create(Spec{Game: "amazons", Mode: "computer", Level: tc.level, Algorithm: "minimax"}, "me")
		rec, err := h.store.Room(context.Background(), r.ID())
		require.NoError(t, err)
		require.Equal(t, store.Seat{Kind: "bot", TokenHash: secret.Hash("me"), Level: tc.level, Algorithm: tc.want}, rec.Seats[1],
			"only Difficult's search is chosen")
	}
}

func TestJoinOnlyWhileASeatIsFree(t *testing.T) {
	h := newHarness(t)
	r := h.create(Spec{Game: "kalah"}, "alice")
	alice, bob, eve := h.connect(r, "alice"), h.connect(r, "bob"), h.connect(r, "eve")
	require.True(t, bob.last().Controls.Join)
	require.False(t, alice.last().Controls.Join, "the creator is seated")
	bob.action("join")
	p := eve.last()
	require.False(t, p.Controls.Join, "a full room offers nobody a seat")
	p = eve.action("join")
	require.Equal(t, "Both seats are taken; you are watching.", p.Error)
	require.True(t, p.Spectator)
	rec, err := h.store.Room(context.Background(), r.ID())
	require.NoError(t, err)
	require.Equal(t, secret.Hash("bob"), rec.Seats[1].TokenHash, "the refused join changed nothing")
}

func TestReplayExitReturnsToTheEnd(t *testing.T) {
	h := newHarness(t)
	r := h.create(Spec{Game: "kalah", Mode: "hotseat"}, "me")
	me := h.connect(r, "me")
	me.click(1, 1)
	me.click(0, 1)
	me.action("resign")
	p := me.action("replay-first")
	require.True(t, p.Replay.Active)
	require.Equal(t, 0, p.State.Ply())
	p = me.action("replay-exit")
	require.False(t, p.Replay.Active)
	require.Equal(t, 2, p.State.Ply())
}

func notations(turns []store.Turn) []string {
	var out []string
	for _, t := range turns {
		out = append(out, t.Notation)
	}
	return out
}

func TestAnEndOffTheBoardIsFinal(t *testing.T) {
	tests := []struct {
		name string
		end  func(me *client) // ends the game off the board
		why  string
	}{
		{"resignation", func(me *client) { me.action("resign") }, "The game ended by resignation: that is final."},
		{"abort", func(me *client) { me.action("abort") }, "The game was aborted: that is final."},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t)
			r := h.create(Spec{Game: "kalah", Mode: "computer"}, "me")
			me := h.connect(r, "me")
			if tc.name == "resignation" {
				me.click(1, 1)
				waitFor(t, r, "the computer's reply", func(r *Room) bool { return len(r.history.turns) >= 2 })
			}
			tc.end(me)
			p := me.last()
			require.True(t, p.Over)
			require.False(t, p.Controls.Undo, "no undo offered")
			p = me.action("undo")
			require.Contains(t, p.Error, tc.why)
			require.True(t, p.Over, "nothing changed")
		})
	}

	// A game that ended on the board may still be undone where undo is immediate.
	h := newHarness(t)
	r := h.create(Spec{Game: "kalah", Mode: "hotseat", Options: map[string]string{"houses": "1", "seeds": "1"}}, "me")
	me := h.connect(r, "me")
	p := me.click(1, 1)
	require.True(t, p.Over)
	require.True(t, p.Controls.Undo)
	p = me.action("undo")
	require.False(t, p.Over)
	require.Empty(t, p.Moves)
}

func TestCreateFromARecord(t *testing.T) {
	h := newHarness(t)
	r := h.create(Spec{Game: "kalah", Mode: "hotseat", Options: map[string]string{"houses": "1", "seeds": "2"}, Turns: []string{"1"}}, "me")
	p := h.connect(r, "me").last()
	require.Equal(t, []string{"1"}, movesOf(p))

	r = h.create(Spec{Game: "kalah", Mode: "hotseat", Options: map[string]string{"houses": "1", "seeds": "1"}, Turns: []string{"1"}}, "me")
	p = h.connect(r, "me").last()
	require.True(t, p.Over, "a record of a finished game opens finished")
	rec, err := h.store.Room(context.Background(), r.ID())
	require.NoError(t, err)
	require.True(t, rec.Over)

	_, err = h.hub.Create(context.Background(), Spec{Game: "kalah", Mode: vocab.Hotseat, Clock: vocab.NoClock, Seat: vocab.FirstSeat,
		Level: vocab.Beginner, Turns: []string{"9"}}, "me")
	require.ErrorIs(t, err, ErrBadRequest)
}

func TestLookingBackDuringPlay(t *testing.T) {
	h := newHarness(t)
	r := h.create(Spec{Game: "kalah"}, "alice")
	alice, bob, eve := h.connect(r, "alice"), h.connect(r, "bob"), h.connect(r, "eve")
	bob.action("join")
	alice.click(1, 1)
	bob.click(0, 1)
	alice.click(1, 2)

	p := eve.send(Message{Ply: 1, HasPly: true})
	require.True(t, p.Replay.Active, "a spectator looks back")
	require.Equal(t, 1, p.State.Ply())
	require.Contains(t, p.Turn, "Looking back")
	require.Empty(t, p.Evals, "no graph during play")

	p = bob.action(vocab.ReplayPrev) // Bob, to move, steps back one from the live position
	require.Equal(t, 2, p.State.Ply())
	p = bob.click(0, 2)
	require.Contains(t, p.Error, "looking at an earlier position", "no move from a position that is gone")
	require.Len(t, p.Moves, 3, "nothing played")
	p = bob.action(vocab.ReplayNext) // forward to the live position: back in the game
	require.False(t, p.Replay.Active)
	require.Equal(t, "Your move", p.Turn)

	alice.last()
	p = eve.last()
	require.Equal(t, 1, p.State.Ply(), "the spectator still looks back while the game goes on")
	bob.click(0, 2)
	p = eve.last()
	require.Len(t, p.Moves, 4, "the move list follows")
	require.Equal(t, 1, p.State.Ply())
	p = eve.action(vocab.ReplayExit)
	require.False(t, p.Replay.Active)
	require.Equal(t, 4, p.State.Ply(), "one action back to the live position")
	p = eve.send(Message{Ply: 9, HasPly: true})
	require.Contains(t, p.Error, "The game has 4 moves.")
}

func TestTypedMoves(t *testing.T) {
	h := newHarness(t)
	r := h.create(Spec{Game: "amazons"}, "alice")
	alice, bob, eve := h.connect(r, "alice"), h.connect(r, "bob"), h.connect(r, "eve")
	bob.action("join")
	typed := func(cl *client, text string) *view.Page { return cl.send(Message{MoveText: text, HasMove: true}) }
	for _, tc := range []struct {
		who  *client
		text string
		want string
	}{
		{eve, "d1-d7/g7", "Spectators cannot move"},
		{bob, "d10-d8/d9", "It is not your turn."},
		{alice, "d1-d9/d10", `"d1-d9/d10" is not a legal move here. Write it as d1-d7/g7`},
		{alice, "nonsense", `"nonsense" is not a legal move here.`},
	} {
		p := typed(tc.who, tc.text)
		require.Contains(t, p.Error, tc.want)
		require.Empty(t, p.Moves, "a refused move changes nothing")
	}
	p := typed(alice, "d1-d7/g7")
	require.Equal(t, []string{"d1-d7/g7"}, movesOf(p))
	require.Equal(t, "ok", p.Flash)
	require.Equal(t, []string{"d1-d7/g7"}, movesOf(eve.last()))
}

// A rated game with no clock still times each side's first move: a game
// nobody began is aborted after FirstMoveWait, as with a clock (a house
// game left unopened held one of the computer's few games, and a rated
// room its players, for ever); a casual game with no clock waits.
func TestARatedGameWithNoClockTimesItsFirstMoves(t *testing.T) {
	for _, tc := range []struct {
		name    string
		rated   bool
		aborted bool
	}{
		{"rated", true, true},
		{"casual", false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h, clock := fakeClockHarness(t)
			h.signUp("alice", "bob")
			r := h.create(Spec{Game: "kalah", Account: "alice", Rated: tc.rated}, "alice")
			alice := h.connectAs(r, "alice", "alice")
			h.connectAs(r, "bob", "bob").action(vocab.Join)
			p := alice.last()
			require.Equal(t, tc.rated, p.Clock.FirstMove, "the wait for a first move runs")
			require.Equal(t, tc.rated, p.Clock.Enabled, "and the page shows it")
			if tc.rated {
				require.Equal(t, "First move, or the game is aborted", p.Clock.Label)
				require.Equal(t, int64(60_000), p.Clock.RemainingMS)
			}

			clock.Advance(FirstMoveWait)
			p = alice.last()
			require.Equal(t, tc.aborted, p.Over)
			require.Equal(t, tc.aborted, p.Aborted)
			if !tc.aborted {
				return
			}
			require.Equal(t, "Game aborted: P1 did not make a first move in time", p.Status)
			n, err := h.store.AbortsInARow(context.Background(), "alice")
			require.NoError(t, err)
			require.Equal(t, 1, n, "counted against the one who did not move")
		})
	}
}

// In a rated game with no clock, the first moves made, no clock runs.
func TestARatedGameWithNoClockHasNoMoveClock(t *testing.T) {
	h, clock := fakeClockHarness(t)
	h.signUp("alice", "bob")
	r := h.create(Spec{Game: "kalah", Account: "alice", Rated: true}, "alice")
	alice, bob := h.connectAs(r, "alice", "alice"), h.connectAs(r, "bob", "bob")
	bob.action(vocab.Join)
	clock.Advance(50 * time.Second)
	alice.click(1, 1)
	require.True(t, bob.last().Clock.FirstMove, "the second side's first move is timed too")
	clock.Advance(50 * time.Second)
	bob.click(0, 1)
	p := alice.last()
	require.False(t, p.Clock.Enabled, "no clock from then on")
	clock.Advance(time.Hour)
	require.False(t, alice.last().Over)
}
