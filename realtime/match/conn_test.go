package match

import (
	"strconv"
	"testing"
	"time"

	"boardroom/realtime/clocktest"
	"boardroom/secret"

	"github.com/stretchr/testify/require"
)

func TestSlowRoomClientInRoom(t *testing.T) {
	h := newHarness(t)
	r := h.create(Spec{Game: "kalah", Mode: "hotseat"}, "me")
	me := h.connect(r, "me")
	// A connection whose queue is full is dropped without stalling the room.
	stuck := testConn(secret.Hash("stuck"), -1)
	require.True(t, r.send(t.Context(), evConnect{c: stuck}))
	require.Equal(t, "ok", me.click(1, 1).Flash)
	require.True(t, stuck.isClosed())
}

func TestACrowdArrivingIsNotAStormOfPages(t *testing.T) {
	h := newHarness(t)
	r := h.create(Spec{Game: "kalah", Mode: "hotseat"}, "me")
	me := h.connect(r, "me")
	me.last()
	before := h.pages.Drawn()
	var crowd []*client
	for i := range 100 {
		crowd = append(crowd, h.connect(r, "fan"+strconv.Itoa(i)))
	}
	crowd[99].sync()
	rendered := h.pages.Drawn() - before
	require.LessOrEqual(t, rendered, 1, "the spectators' page is drawn once for the whole crowd")
	waitFor(t, r, "the count update", func(r *Room) bool { return !r.viewers.presencePending })
	me.last()
	require.Equal(t, 100, me.spectators, "everyone is told the new count")
}

// TestReconnectsUnderPlay drops and reopens connections (players and
// spectators) while a game is played: every reopened page shows the current
// position and its holder's seat, without anything else to ask for.
func TestReconnectsUnderPlay(t *testing.T) {
	h := newHarness(t)
	r := h.create(Spec{Game: "kalah", Options: map[string]string{"seeds": "6"}}, "alice")
	alice, bob := h.connect(r, "alice"), h.connect(r, "bob")
	bob.action("join")
	fans := make([]*client, 20)
	for i := range fans {
		fans[i] = h.connect(r, "fan"+strconv.Itoa(i))
	}
	seats := map[string]*client{"alice": alice, "bob": bob}
	for turn := 0; turn < 30 && !alice.last().Over; turn++ {
		// Drop a few connections and come back, as after a network blip.
		for i := turn % 4; i < len(fans); i += 4 {
			require.True(t, r.send(t.Context(), evDisconnect{fans[i].c}))
			fans[i] = h.connect(r, "fan"+strconv.Itoa(i))
		}
		mover := "alice"
		if bob.last().Turn == "Your move" {
			mover = "bob"
		}
		if turn%5 == 0 { // the player to move drops too, and gets its seat back
			require.True(t, r.send(t.Context(), evDisconnect{seats[mover].c}))
			seats[mover] = h.connect(r, mover)
			alice, bob = seats["alice"], seats["bob"]
		}
		p := seats[mover].last()
		require.Equal(t, "Your move", p.Turn, "%s has its seat back", mover)
		for cell := range targetsOf(t, p) {
			seats[mover].click(int(cell.Row), int(cell.Col))
			break
		}
		want := movesOf(seats[mover].last())
		for i, f := range fans {
			require.Equal(t, want, movesOf(f.last()), "spectator %d sees the current game", i)
		}
	}
}

// watchedRoom is a Kalah room on a test clock with its player's page and a
// spectator's open; kept says whether the room keeps the spectators' frame.
func watchedRoom(t *testing.T) (*harness, *Room, *client, *clocktest.Clock, func() bool) {
	clock := clocktest.New()
	h := newHarness(t, func(c *Config) { c.Clock = clock })
	r := h.create(Spec{Game: "kalah", Mode: "hotseat"}, "me")
	me := h.connect(r, "me")
	h.connect(r, "fan")
	kept := func() bool {
		var ok bool
		inRoom(t, r, func(r *Room) { ok = r.viewers.specFrame != nil })
		return ok
	}
	return h, r, me, clock, kept
}

// TestTheSpectatorsFrameIsKeptOnlyWhileACrowdArrives: the spectators' page
// is kept for the next spectator only for a while after one arrived; a room
// nobody comes to watch keeps none between moves.
func TestTheSpectatorsFrameIsKeptOnlyWhileACrowdArrives(t *testing.T) {
	h, r, me, clock, kept := watchedRoom(t)
	require.True(t, kept(), "a spectator has just arrived")
	me.click(1, 1)
	require.True(t, kept(), "within the crowd window")
	clock.Advance(crowdWindow + time.Second)
	me.click(0, 1)
	require.False(t, kept(), "nobody arrived for a while")
	before := h.pages.Drawn()
	h.connect(r, "late")
	h.connect(r, "later")
	me.last()
	require.True(t, kept())
	require.Equal(t, 1, h.pages.Drawn()-before, "the two arrivals cost one render")
}

// TestAQuietRoomLetsGoOfTheSpectatorsFrame: once no spectator has arrived
// for a crowdWindow, the room drops the frame it kept for the next, even if
// nothing has changed since (an idle room keeps no page drawn).
func TestAQuietRoomLetsGoOfTheSpectatorsFrame(t *testing.T) {
	h, r, _, clock, kept := watchedRoom(t)
	require.True(t, kept(), "a spectator has just arrived")
	clock.Advance(crowdWindow / 2)
	h.connect(r, "late fan")
	clock.Advance(crowdWindow/2 + time.Second)
	require.True(t, kept(), "the window runs from the last arrival")
	clock.Advance(crowdWindow)
	require.Eventually(t, func() bool { return !kept() }, time.Second, time.Millisecond, "nobody arrived for a while")
}
