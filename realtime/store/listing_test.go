package store

import (
	"context"
	"database/sql"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// TestListedRooms checks who the lobby's lists show: a room waiting for its
// friend, a private room and an aborted game never; any other room once
// both seats are held.
func TestListedRooms(t *testing.T) {
	ctx := context.Background()
	s, _ := open(t)
	clock := time.UnixMilli(1_000_000)
	s.now = func() time.Time { clock = clock.Add(time.Second); return clock }
	alice := Seat{Kind: "human", TokenHash: "a"}
	bob := Seat{Kind: "human", TokenHash: "b"}
	rooms := []struct {
		id      string
		seats   [2]Seat
		private bool
	}{
		{"waiting", [2]Seat{alice, {}}, false},
		{"full", [2]Seat{alice, bob}, false},
		{"private", [2]Seat{alice, bob}, true},
		{"aborted", [2]Seat{alice, bob}, false},
		{"finished", [2]Seat{alice, bob}, false},
		{"finished-private", [2]Seat{alice, bob}, true},
	}
	for _, r := range rooms {
		rec := sampleRoom(r.id)
		rec.Seats, rec.Private = r.seats, r.private
		require.NoError(t, s.CreateRoom(ctx, rec))
	}
	require.NoError(t, s.SetResult(ctx, "aborted", Result{Over: true, Winner: -1, Reason: "Aborted", Aborted: true}))
	require.NoError(t, s.SetResult(ctx, "finished", Result{Over: true, Winner: 0, Reason: "more seeds"}))
	require.NoError(t, s.SetResult(ctx, "finished-private", Result{Over: true, Winner: 1, Reason: "more seeds"}))

	live, err := s.List(ctx, false, 10, 0)
	require.NoError(t, err)
	require.Equal(t, []string{"full"}, ids(live))
	over, err := s.List(ctx, true, 10, 0)
	require.NoError(t, err)
	require.Equal(t, []string{"finished"}, ids(over))

	// The friend takes the free seat: now the room is listed.
	require.NoError(t, s.SetSeats(ctx, "waiting", [2]Seat{alice, bob}))
	live, err = s.List(ctx, false, 10, 0)
	require.NoError(t, err)
	require.Equal(t, []string{"waiting", "full"}, ids(live))

	got, err := s.Room(ctx, "aborted")
	require.NoError(t, err)
	require.True(t, got.Aborted)
	got, err = s.Room(ctx, "private")
	require.NoError(t, err)
	require.True(t, got.Private)
}

// TestRematch checks that a rematch keeps the finished game as a room of
// its own and starts the room over with the new seats, in one write.
func TestRematch(t *testing.T) {
	ctx := context.Background()
	s, _ := open(t)
	r := sampleRoom("r")
	require.NoError(t, s.CreateRoom(ctx, r))
	require.NoError(t, s.AppendTurn(ctx, "r", 0, Turn{Notation: "3", At: time.UnixMilli(5000)}))
	require.NoError(t, s.SetSave(ctx, "r", []string{"3"}))
	require.NoError(t, s.SetResult(ctx, "r", Result{Over: true, Winner: 1, Reason: "White resigned"}))

	old, err := s.Room(ctx, "r")
	require.NoError(t, err)
	archive := *old
	archive.ID, archive.Next = "r-1", "r"
	swapped := [2]Seat{old.Seats[1], old.Seats[0]}
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
	require.Len(t, kept.Turns, 1)

	live, err := s.List(ctx, false, 10, 0)
	require.NoError(t, err)
	require.Equal(t, []string{"r"}, ids(live))
	over, err := s.List(ctx, true, 10, 0)
	require.NoError(t, err)
	require.Equal(t, []string{"r-1"}, ids(over))

	require.NoError(t, s.Rematch(ctx, "r", nil, old.Seats), "an aborted game is not kept")
	require.ErrorIs(t, s.Rematch(ctx, "missing", nil, old.Seats), ErrNotFound)
	require.Error(t, s.Rematch(ctx, "r", &archive, swapped), "the kept game's id is taken: the write fails and changes nothing")
	got, err = s.Room(ctx, "r")
	require.NoError(t, err)
	require.Equal(t, old.Seats, got.Seats)
}

// TestUpgradeOldFile opens a file made before rooms could be private,
// aborted or waiting unlisted: the new columns are added and filled.
func TestUpgradeOldFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "old.db")
	db, err := sql.Open("sqlite", "file:"+path)
	require.NoError(t, err)
	_, err = db.Exec(`CREATE TABLE rooms (
		id TEXT PRIMARY KEY, game TEXT NOT NULL, options TEXT NOT NULL, mode TEXT NOT NULL, clock TEXT NOT NULL,
		seats TEXT NOT NULL, save TEXT, over INTEGER NOT NULL DEFAULT 0, winner INTEGER NOT NULL DEFAULT -1,
		reason TEXT NOT NULL DEFAULT '', turns INTEGER NOT NULL DEFAULT 0,
		created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL);
	INSERT INTO rooms (id, game, options, mode, clock, seats, created_at, updated_at) VALUES
		('waiting', 'kalah', '{}', 'friend', 'none', '[{"kind":"human","token_hash":"a"},{}]', 1, 1),
		('full', 'kalah', '{}', 'friend', 'none', '[{"kind":"human","token_hash":"a"},{"kind":"human","token_hash":"b"}]', 2, 2);`)
	require.NoError(t, err)
	require.NoError(t, db.Close())

	s, err := OpenSQLite(path)
	require.NoError(t, err)
	defer s.Close()
	live, err := s.List(context.Background(), false, 10, 0)
	require.NoError(t, err)
	require.Equal(t, []string{"full"}, ids(live))
	got, err := s.Room(context.Background(), "waiting")
	require.NoError(t, err)
	require.False(t, got.Private)
	require.Empty(t, got.Next)
}

func TestListPages(t *testing.T) {
	ctx := context.Background()
	s, _ := open(t)
	clock := time.UnixMilli(1_000_000)
	s.now = func() time.Time { clock = clock.Add(time.Second); return clock }
	for _, id := range []string{"a", "b", "c", "d", "e"} {
		require.NoError(t, s.CreateRoom(ctx, sampleRoom(id)))
	}
	for _, tc := range []struct {
		limit, offset int
		want          []string
	}{
		{2, 0, []string{"e", "d"}}, {2, 2, []string{"c", "b"}}, {2, 4, []string{"a"}}, {2, 6, nil},
	} {
		page, err := s.List(ctx, false, tc.limit, tc.offset)
		require.NoError(t, err)
		require.Equal(t, tc.want, ids(page), "limit %d offset %d", tc.limit, tc.offset)
	}
	page, err := s.List(ctx, false, 1, 0)
	require.NoError(t, err)
	require.Equal(t, "human", string(page[0].Seats[1].Kind), "a summary says who holds the seats")
}
