// Package storetest is the behaviour every store.Store must have, as one
// suite of tests that each implementation runs (SQLite and Postgres):
//
//	func TestSQLite(t *testing.T) { storetest.Run(t, openSQLite) }
//
// What only one implementation has (SQLite's file upgrades and write
// batching, Postgres's leases) is tested beside it.
package storetest

import (
	"context"
	"strconv"
	"sync"
	"testing"
	"time"

	"boardroom/rating"
	"boardroom/realtime/vocab"
	"boardroom/store"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Subject is a fresh, empty store under test.
type Subject struct {
	Store store.Store
	// Ctx is the context of its calls: a shared store's carries the fence
	// of an owner whose lease outlives the test, which the rooms the suite
	// creates belong to.
	Ctx context.Context
	// SetNow makes the store stamp its changes with now (a room's
	// updated time orders the lobby's lists).
	SetNow func(now func() time.Time)
	// Reopen opens the same data again, once Store is closed (closed again
	// when the test ends).
	Reopen func(t *testing.T) store.Store
}

// Opener makes a Subject for one test, and closes it when the test ends.
type Opener func(t *testing.T) Subject

// Run runs the suite against the stores open makes.
func Run(t *testing.T, open Opener) {
	tests := []struct {
		name string
		test func(*testing.T, Subject)
	}{
		{"RoomLifecycle", roomLifecycle},
		{"TurnsKeepTheirDetails", turnsKeepTheirDetails},
		{"MissingRoom", missingRoom},
		{"ListsAndCleanup", listsAndCleanup},
		{"CorrespondenceBetweenPeopleSleeps", correspondenceBetweenPeopleSleeps},
		{"ListedRooms", listedRooms},
		{"ListPages", listPages},
		{"ListedWhileSeen", listedWhileSeen},
		{"Rematch", rematch},
		{"ClockMarks", clockMarks},
		{"Chat", chat},
		{"ConcurrentWriters", concurrentWriters},
		{"Accounts", accounts},
		{"PlayerGames", playerGames},
		{"GamesInPlay", gamesInPlay},
		{"Playing", playing},
		{"PlayingMany", playingMany},
		{"RatedGames", ratedGames},
		{"Leaderboard", leaderboard},
		{"RatedAtOnce", ratedAtOnce},
		{"Pools", pools},
		{"PoolsAtOnce", poolsAtOnce},
		{"AbortsInARow", abortsInARow},
		{"Seeks", seeks},
		{"CorrespondenceSeeks", correspondenceSeeks},
		{"Deadlines", deadlines},
		{"Vacations", vacations},
		{"Forecasts", forecasts},
		{"Passkeys", passkeys},
		{"Presence", presence},
		{"PlayerLists", playerLists},
		{"DirectChallenges", directChallenges},
		{"Bots", bots},
		{"Links", links},
		{"PushKeys", pushKeys},
		{"PushSubscriptions", pushSubscriptions},
		{"Tournaments", tournaments},
		{"TournamentLeaseAtOnce", tournamentLeaseAtOnce},
		{"TournamentStartNow", tournamentStartNow},
		{"CorrespondenceSwiss", correspondenceSwiss},
		{"TournamentsPlayed", tournamentsPlayed},
		{"Closed", closed},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) { tc.test(t, open(t)) })
	}
}

// SampleRoom is a Kalah room between two people, not yet started.
func SampleRoom(id string) *store.Room {
	return &store.Room{
		ID: id, Game: "kalah", Options: map[string]string{"houses": "6", "seeds": "4"},
		Mode: "friend", Clock: "fast", Winner: -1,
		Seats: [2]store.Seat{{Kind: "human", TokenHash: "abc"}, {Kind: "human", TokenHash: "def"}},
	}
}

// IDs lists the ids of summaries, in order.
func IDs(list []store.Summary) []string {
	var out []string
	for _, s := range list {
		out = append(out, s.ID)
	}
	return out
}

// tick makes s's clock advance a second at each change, so that the order
// of changes is the order of the lists.
func tick(s Subject) *time.Time {
	clock := time.UnixMilli(1_000_000)
	s.SetNow(func() time.Time { clock = clock.Add(time.Second); return clock })
	return &clock
}

func roomLifecycle(t *testing.T, sub Subject) {
	ctx, s := sub.Ctx, sub.Store
	r := SampleRoom("r1")
	require.NoError(t, s.CreateRoom(ctx, r))
	require.Error(t, s.CreateRoom(ctx, r), "ids are unique")

	at := time.UnixMilli(1_700_000_000_000)
	require.NoError(t, s.AppendTurn(ctx, "r1", 0, store.Turn{Notation: "3", At: at, Think: 1500 * time.Millisecond}))
	require.NoError(t, s.AppendTurn(ctx, "r1", 1, store.Turn{Notation: "4", At: at.Add(time.Second), Info: `{"depth":3}`}))
	require.Error(t, s.AppendTurn(ctx, "r1", 1, store.Turn{Notation: "5", At: at}), "a ply is written once")
	require.NoError(t, s.SetSeats(ctx, "r1", [2]store.Seat{{Kind: "human", TokenHash: "abc", Name: "Zoë <3", Engine: "Random player"}, {Kind: "bot", Level: "medium"}}))
	require.NoError(t, s.SetSave(ctx, "r1", []string{"3"}))

	got, err := s.Room(ctx, "r1")
	require.NoError(t, err)
	require.Equal(t, "kalah", got.Game)
	require.Equal(t, map[string]string{"houses": "6", "seeds": "4"}, got.Options)
	require.Equal(t, vocab.Medium, got.Seats[1].Level)
	require.Equal(t, "Zoë <3", got.Seats[0].Name, "a seat keeps its holder's name")
	require.Equal(t, "Random player", got.Seats[0].Engine, "and the engine that plays it")
	require.Equal(t, []string{"3"}, got.Save)
	require.Len(t, got.Turns, 2)
	require.Equal(t, store.Turn{Notation: "3", At: at, Think: 1500 * time.Millisecond}, got.Turns[0])
	require.Equal(t, `{"depth":3}`, got.Turns[1].Info)
	require.False(t, got.Updated.Before(got.Created))

	require.NoError(t, s.ReplaceTurns(ctx, "r1", got.Turns[:1]))
	require.NoError(t, s.SetSave(ctx, "r1", nil))
	require.NoError(t, ResultErr(s.SetResult(ctx, "r1", store.Result{Over: true, Winner: 0, Reason: "more seeds"})))

	check := func(s store.Store) {
		got, err = s.Room(ctx, "r1")
		require.NoError(t, err)
		require.Len(t, got.Turns, 1)
		require.Equal(t, "3", got.Turns[0].Notation)
		require.Nil(t, got.Save)
		require.True(t, got.Over)
		require.Equal(t, 0, got.Winner)
		require.Equal(t, "more seeds", got.Reason)
	}
	check(s)
	if sub.Reopen != nil {
		require.NoError(t, s.Close())
		check(sub.Reopen(t)) // everything survives closing and opening again
	}
}

// turnsKeepTheirDetails checks that a room created with its turns (a game
// started from a record) keeps them as given, to the millisecond and
// microsecond the store promises.
func turnsKeepTheirDetails(t *testing.T, sub Subject) {
	ctx, s := sub.Ctx, sub.Store
	r := SampleRoom("record")
	r.Turns = []store.Turn{
		{Notation: "3", At: time.UnixMilli(1_700_000_000_123), Think: 1234567 * time.Microsecond, Info: `{"eval":0.5}`},
		{Notation: "4", At: time.UnixMilli(1_700_000_001_000)},
		{Notation: "2", At: time.UnixMilli(1_700_000_002_000), Info: "ünïcode ✓"},
	}
	r.Save, r.Private, r.Next = []string{"3", "4"}, true, "elsewhere"
	require.NoError(t, s.CreateRoom(ctx, r))
	got, err := s.Room(ctx, "record")
	require.NoError(t, err)
	require.Equal(t, r.Turns, got.Turns)
	require.Equal(t, r.Save, got.Save)
	require.True(t, got.Private)
	require.Equal(t, "elsewhere", got.Next)
	require.NoError(t, s.AppendTurn(ctx, "record", 3, store.Turn{Notation: "5", At: time.UnixMilli(1_700_000_003_000)}))
	require.Error(t, s.AppendTurn(ctx, "record", 2, store.Turn{Notation: "6"}), "ply 2 came with the record")
	got, err = s.Room(ctx, "record")
	require.NoError(t, err)
	require.Len(t, got.Turns, 4)
	require.Equal(t, "5", got.Turns[3].Notation)
}

func missingRoom(t *testing.T, sub Subject) {
	ctx, s := sub.Ctx, sub.Store
	_, err := s.Room(ctx, "nope")
	require.ErrorIs(t, err, store.ErrNotFound)
	writes := map[string]func() error{
		"SetSeats": func() error { return s.SetSeats(ctx, "nope", [2]store.Seat{}) },
		"SetResult": func() error {
			return ResultErr(s.SetResult(ctx, "nope", store.Result{Over: true, Winner: 1, Reason: "x"}))
		},
		"SetSave":      func() error { return s.SetSave(ctx, "nope", []string{"1"}) },
		"SetSeeking":   func() error { return s.SetSeeking(ctx, "nope", true) },
		"AppendTurn":   func() error { return s.AppendTurn(ctx, "nope", 0, store.Turn{Notation: "1"}) },
		"ReplaceTurns": func() error { return s.ReplaceTurns(ctx, "nope", []store.Turn{{Notation: "1"}}) },
		"Rematch":      func() error { return s.Rematch(ctx, "nope", SampleRoom("nope-1"), [2]store.Seat{}) },
		"AppendChat":   func() error { return s.AppendChat(ctx, "nope", store.ChatMessage{Name: "A", Text: "hi"}) },
		"SetClockFrom": func() error { return s.SetClockFrom(ctx, "nope", time.UnixMilli(1)) },
		"SetClockStopped": func() error {
			return s.SetClockStopped(ctx, "nope", time.UnixMilli(1))
		},
	}
	for name, write := range writes {
		require.ErrorIs(t, write(), store.ErrNotFound, name)
	}
	_, err = s.Room(ctx, "nope-1")
	require.ErrorIs(t, err, store.ErrNotFound, "a failed rematch keeps no game")
	msgs, err := s.Chat(ctx, "nope", 10)
	require.NoError(t, err)
	require.Empty(t, msgs)
}

// correspondenceBetweenPeopleSleeps: a start restores every unfinished
// room but a correspondence game where only people sit (issue 39 item 2);
// one with a computer's seat (a house bot's, or against the computer) is
// restored, since the computer may be to move.
func correspondenceBetweenPeopleSleeps(t *testing.T, sub Subject) {
	ctx, s := sub.Ctx, sub.Store
	computer := store.Seat{Kind: vocab.ComputerSeat, Level: "medium"}
	house := store.Seat{Kind: vocab.ComputerSeat, Level: "easy", Account: "Easybot"}
	var want []string
	for _, r := range []struct {
		id      string
		clock   vocab.Clock
		seats   [2]store.Seat
		over    bool
		restore bool
	}{
		{"live", "fast", SampleRoom("").Seats, false, true},
		{"no-clock", "none", SampleRoom("").Seats, false, true},
		{"people", vocab.CorrespondenceClock, SampleRoom("").Seats, false, false},
		{"free-seat", vocab.CorrespondenceClock, [2]store.Seat{SampleRoom("").Seats[0]}, false, false},
		{"against-computer", vocab.CorrespondenceClock, [2]store.Seat{SampleRoom("").Seats[0], computer}, false, true},
		{"house-bot", vocab.CorrespondenceClock, [2]store.Seat{house, SampleRoom("").Seats[1]}, false, true},
		{"finished", "fast", SampleRoom("").Seats, true, false},
		{"finished-computer", vocab.CorrespondenceClock, [2]store.Seat{computer, computer}, true, false},
	} {
		if r.restore {
			want = append(want, r.id)
		}
		room := SampleRoom(r.id)
		room.Clock, room.Seats = r.clock, r.seats
		if r.clock.Correspondence() {
			room.Days = 3
		}
		require.NoError(t, s.CreateRoom(ctx, room), r.id)
		if r.over {
			require.NoError(t, ResultErr(s.SetResult(ctx, r.id, store.Result{Over: true, Winner: 0, Reason: "resigned"})))
		}
	}
	restorable, err := s.Restorable(ctx)
	require.NoError(t, err)
	require.ElementsMatch(t, want, restorable)
}

func listsAndCleanup(t *testing.T, sub Subject) {
	ctx, s := sub.Ctx, sub.Store
	clock := tick(sub)
	for _, id := range []string{"a", "b", "c", "d"} {
		require.NoError(t, s.CreateRoom(ctx, SampleRoom(id)))
	}
	require.NoError(t, s.AppendTurn(ctx, "b", 0, store.Turn{Notation: "1"}))
	require.NoError(t, ResultErr(s.SetResult(ctx, "c", store.Result{Over: true, Winner: -1, Reason: "equal seeds"})))

	live, err := s.List(ctx, false, time.Time{}, 10, 0)
	require.NoError(t, err)
	require.Equal(t, []string{"b", "d", "a"}, IDs(live), "most recently changed first")
	require.Equal(t, 1, live[0].Turns)
	require.Equal(t, map[string]string{"houses": "6", "seeds": "4"}, live[0].Options)
	require.Equal(t, time.UnixMilli(1_005_000), live[0].Updated)
	over, err := s.List(ctx, true, time.Time{}, 10, 0)
	require.NoError(t, err)
	require.Equal(t, []string{"c"}, IDs(over))
	require.Equal(t, -1, over[0].Winner)
	require.Equal(t, "equal seeds", over[0].Reason)
	restorable, err := s.Restorable(ctx)
	require.NoError(t, err)
	require.ElementsMatch(t, []string{"a", "b", "d"}, restorable)

	n, err := s.DeleteIdle(ctx, *clock, []string{"d"})
	require.NoError(t, err)
	require.Equal(t, 1, n, "a never started; b has a move, c is finished and d is kept")
	_, err = s.Room(ctx, "a")
	require.ErrorIs(t, err, store.ErrNotFound)
	_, err = s.Room(ctx, "d")
	require.NoError(t, err)
	n, err = s.DeleteIdle(ctx, *clock, nil)
	require.NoError(t, err)
	require.Equal(t, 1, n, "d, kept no more")
}

// listedRooms checks who the lobby's lists show: a room waiting for its
// friend, a private room and an aborted game never; any other room once
// both seats are held.
func listedRooms(t *testing.T, sub Subject) {
	ctx, s := sub.Ctx, sub.Store
	tick(sub)
	alice := store.Seat{Kind: "human", TokenHash: "a"}
	bob := store.Seat{Kind: "human", TokenHash: "b"}
	rooms := []struct {
		id      string
		seats   [2]store.Seat
		private bool
	}{
		{"waiting", [2]store.Seat{alice, {}}, false},
		{"full", [2]store.Seat{alice, bob}, false},
		{"private", [2]store.Seat{alice, bob}, true},
		{"aborted", [2]store.Seat{alice, bob}, false},
		{"finished", [2]store.Seat{alice, bob}, false},
		{"finished-private", [2]store.Seat{alice, bob}, true},
	}
	for _, r := range rooms {
		rec := SampleRoom(r.id)
		rec.Seats, rec.Private = r.seats, r.private
		require.NoError(t, s.CreateRoom(ctx, rec))
	}
	require.NoError(t, ResultErr(s.SetResult(ctx, "aborted", store.Result{Over: true, Winner: -1, Reason: "Aborted", Aborted: true})))
	require.NoError(t, ResultErr(s.SetResult(ctx, "finished", store.Result{Over: true, Winner: 0, Reason: "more seeds"})))
	require.NoError(t, ResultErr(s.SetResult(ctx, "finished-private", store.Result{Over: true, Winner: 1, Reason: "more seeds"})))

	live, err := s.List(ctx, false, time.Time{}, 10, 0)
	require.NoError(t, err)
	require.Equal(t, []string{"full"}, IDs(live))
	over, err := s.List(ctx, true, time.Time{}, 10, 0)
	require.NoError(t, err)
	require.Equal(t, []string{"finished"}, IDs(over))

	// The friend takes the free seat: now the room is listed.
	require.NoError(t, s.SetSeats(ctx, "waiting", [2]store.Seat{alice, bob}))
	live, err = s.List(ctx, false, time.Time{}, 10, 0)
	require.NoError(t, err)
	require.Equal(t, []string{"waiting", "full"}, IDs(live))
	// And a seat given up again takes it off the list.
	require.NoError(t, s.SetSeats(ctx, "full", [2]store.Seat{alice, {}}))
	live, err = s.List(ctx, false, time.Time{}, 10, 0)
	require.NoError(t, err)
	require.Equal(t, []string{"waiting"}, IDs(live))

	got, err := s.Room(ctx, "aborted")
	require.NoError(t, err)
	require.True(t, got.Aborted)
	got, err = s.Room(ctx, "private")
	require.NoError(t, err)
	require.True(t, got.Private)
}

// listedWhileSeen: a live room is listed since a time only if it changed
// or had a page open (SetSeen) since; finished games are listed whatever
// since says, and a sighting changes no room's changed time.
func listedWhileSeen(t *testing.T, sub Subject) {
	ctx, s := sub.Ctx, sub.Store
	clock := tick(sub)
	for _, id := range []string{"left", "watched", "played", "finished"} {
		require.NoError(t, s.CreateRoom(ctx, SampleRoom(id)))
	}
	require.NoError(t, ResultErr(s.SetResult(ctx, "finished", store.Result{Over: true, Winner: 0, Reason: "more seeds"})))
	created := *clock
	*clock = created.Add(20 * time.Minute)
	require.NoError(t, s.AppendTurn(ctx, "played", 0, store.Turn{Notation: "3", At: *clock}))
	require.NoError(t, s.SetSeen(ctx, []string{"watched", "no-such-room"}, clock.Add(time.Second)))
	require.NoError(t, s.SetSeen(ctx, []string{"watched"}, created), "an older sighting changes nothing")
	require.NoError(t, s.SetSeen(ctx, nil, *clock))

	since := clock.Add(-10 * time.Minute)
	live, err := s.List(ctx, false, since, 10, 0)
	require.NoError(t, err)
	require.Equal(t, []string{"played", "watched"}, IDs(live), "changed, then seen; not the room left alone")
	all, err := s.List(ctx, false, time.Time{}, 10, 0)
	require.NoError(t, err)
	require.ElementsMatch(t, []string{"left", "watched", "played"}, IDs(all), "since zero: every live room")
	for _, sum := range all {
		if sum.ID == "watched" {
			require.False(t, sum.Updated.After(created), "seen changes no room's changed time")
		}
	}
	over, err := s.List(ctx, true, since, 10, 0)
	require.NoError(t, err)
	require.Equal(t, []string{"finished"}, IDs(over), "finished games whenever they ended")
}

func listPages(t *testing.T, sub Subject) {
	ctx, s := sub.Ctx, sub.Store
	tick(sub)
	for _, id := range []string{"a", "b", "c", "d", "e"} {
		require.NoError(t, s.CreateRoom(ctx, SampleRoom(id)))
	}
	for _, tc := range []struct {
		limit, offset int
		want          []string
	}{
		{2, 0, []string{"e", "d"}}, {2, 2, []string{"c", "b"}}, {2, 4, []string{"a"}}, {2, 6, nil}, {0, 0, nil},
	} {
		page, err := s.List(ctx, false, time.Time{}, tc.limit, tc.offset)
		require.NoError(t, err)
		require.Equal(t, tc.want, IDs(page), "limit %d offset %d", tc.limit, tc.offset)
	}
	page, err := s.List(ctx, false, time.Time{}, 1, 0)
	require.NoError(t, err)
	require.Equal(t, "human", string(page[0].Seats[1].Kind), "a summary says who holds the seats")
}

// rematch checks that a rematch keeps the finished game as a room of its
// own and starts the room over with the new seats, in one write.
func rematch(t *testing.T, sub Subject) {
	ctx, s := sub.Ctx, sub.Store
	r := SampleRoom("r")
	require.NoError(t, s.CreateRoom(ctx, r))
	require.NoError(t, s.AppendTurn(ctx, "r", 0, store.Turn{Notation: "3", At: time.UnixMilli(5000)}))
	require.NoError(t, s.SetSave(ctx, "r", []string{"3"}))
	require.NoError(t, ResultErr(s.SetResult(ctx, "r", store.Result{Over: true, Winner: 1, Reason: "White resigned"})))

	old, err := s.Room(ctx, "r")
	require.NoError(t, err)
	archive := *old
	archive.ID, archive.Next = "r-1", "r"
	swapped := [2]store.Seat{old.Seats[1], old.Seats[0]}
	require.NoError(t, s.Rematch(ctx, "r", &archive, swapped))

	got, err := s.Room(ctx, "r")
	require.NoError(t, err)
	require.False(t, got.Over)
	require.Equal(t, -1, got.Winner)
	require.Empty(t, got.Turns)
	require.Equal(t, swapped, got.Seats)
	require.Equal(t, []string{"3"}, got.Save, "the save slot is the room's, not the game's")

	kept, err := s.Room(ctx, "r-1")
	require.NoError(t, err)
	require.True(t, kept.Over)
	require.Equal(t, 1, kept.Winner)
	require.Equal(t, "r", kept.Next)
	require.Equal(t, old.Seats, kept.Seats)
	require.Equal(t, old.Turns, kept.Turns)

	live, err := s.List(ctx, false, time.Time{}, 10, 0)
	require.NoError(t, err)
	require.Equal(t, []string{"r"}, IDs(live))
	over, err := s.List(ctx, true, time.Time{}, 10, 0)
	require.NoError(t, err)
	require.Equal(t, []string{"r-1"}, IDs(over))

	require.NoError(t, s.AppendTurn(ctx, "r", 0, store.Turn{Notation: "4"}), "the new game starts at ply 0")
	require.NoError(t, s.Rematch(ctx, "r", nil, old.Seats), "an aborted game is not kept")
	require.ErrorIs(t, s.Rematch(ctx, "missing", nil, old.Seats), store.ErrNotFound)
	require.Error(t, s.Rematch(ctx, "r", &archive, swapped), "the kept game's id is taken: the write fails and changes nothing")
	got, err = s.Room(ctx, "r")
	require.NoError(t, err)
	require.Equal(t, old.Seats, got.Seats)
	require.Empty(t, got.Turns)
}

func chat(t *testing.T, sub Subject) {
	ctx, s := sub.Ctx, sub.Store
	require.NoError(t, s.CreateRoom(ctx, SampleRoom("r1")))
	require.NoError(t, s.CreateRoom(ctx, SampleRoom("r2")))
	at := time.UnixMilli(1_700_000_000_000)
	say := func(room string, i int) store.ChatMessage {
		m := store.ChatMessage{Name: "Alice", Seat: i%3 - 1, Text: "message " + strconv.Itoa(i), At: at.Add(time.Duration(i) * time.Second)}
		require.NoError(t, s.AppendChat(ctx, room, m))
		return m
	}
	// Each room keeps a few hundred messages: at least the 100 a page
	// shows, and not all of them.
	const sentCount = 260
	var sent []store.ChatMessage
	for i := range sentCount {
		sent = append(sent, say("r1", i))
	}
	other := say("r2", 0)

	tests := []struct {
		name string
		room string
		last int
		want []store.ChatMessage
	}{
		{"the last few, oldest first", "r1", 3, sent[len(sent)-3:]},
		{"the last hundred", "r1", 100, sent[len(sent)-100:]},
		{"each room its own", "r2", 100, []store.ChatMessage{other}},
		{"a room with no chat", "none", 100, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := s.Chat(ctx, tc.room, tc.last)
			require.NoError(t, err)
			require.Equal(t, tc.want, got)
		})
	}
	all, err := s.Chat(ctx, "r1", 1000)
	require.NoError(t, err)
	assert.Less(t, len(all), sentCount, "the oldest go")
	require.Equal(t, sent[sentCount-len(all):], all, "the newest stay, in order")

	if sub.Reopen != nil {
		require.NoError(t, s.Close())
		s = sub.Reopen(t)
		got, err := s.Chat(ctx, "r2", 100)
		require.NoError(t, err)
		require.Equal(t, []store.ChatMessage{other}, got, "the chat survives closing the store")
	}
	n, err := s.DeleteIdle(ctx, time.Now().Add(time.Hour), []string{})
	require.NoError(t, err)
	require.Equal(t, 2, n)
	got, err := s.Chat(ctx, "r2", 100)
	require.NoError(t, err)
	require.Empty(t, got, "the chat goes with its room")
}

func concurrentWriters(t *testing.T, sub Subject) {
	ctx, s := sub.Ctx, sub.Store
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Go(func() {
			id := string(rune('a' + i))
			assert.NoError(t, s.CreateRoom(ctx, SampleRoom(id)))
			for ply := range 20 {
				assert.NoError(t, s.AppendTurn(ctx, id, ply, store.Turn{Notation: "1", At: time.Now()}))
			}
		})
	}
	wg.Wait()
	live, err := s.List(ctx, false, time.Time{}, 100, 0)
	require.NoError(t, err)
	require.Len(t, live, 8)
	for _, r := range live {
		require.Equal(t, 20, r.Turns)
		got, err := s.Room(ctx, r.ID)
		require.NoError(t, err)
		require.Len(t, got.Turns, 20)
	}
}

// closed checks that a closed store refuses every call, and that an open
// one answers a ping.
func closed(t *testing.T, sub Subject) {
	ctx, s := sub.Ctx, sub.Store
	pinger, ok := s.(interface{ Ping(context.Context) error })
	require.True(t, ok, "a store answers pings (the readiness check)")
	require.NoError(t, pinger.Ping(ctx))
	require.NoError(t, s.CreateRoom(ctx, SampleRoom("r")))
	require.NoError(t, s.Close())
	require.ErrorIs(t, s.SetSeats(ctx, "r", [2]store.Seat{}), store.ErrClosed)
	require.ErrorIs(t, s.CreateRoom(ctx, SampleRoom("s")), store.ErrClosed)
	require.ErrorIs(t, pinger.Ping(ctx), store.ErrClosed)
}

// ResultErr is the error of a SetResult, for a test that only checks the
// write went through: require.NoError(t, ResultErr(s.SetResult(...))).
func ResultErr(_ *[2]rating.Change, err error) error { return err }
