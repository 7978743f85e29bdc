package store

// The tests of what only SQLite does: batching writes into shared commits
// and upgrading files made by older versions. The behaviour every store has
// is tested by the conformance suite (storetest), run in conformance_test.go.

import (
	"context"
	"database/sql"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

func open(t *testing.T) (*SQLite, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "test.db")
	s, err := OpenSQLite(path)
	require.NoError(t, err)
	t.Cleanup(func() { s.Close() })
	return s, path
}

func sampleRoom(id string) *Room {
	return &Room{
		ID: id, Game: "kalah", Options: map[string]string{"houses": "6", "seeds": "4"},
		Mode: "friend", Clock: "fast", Winner: -1,
		Seats: [2]Seat{{Kind: "human", TokenHash: "abc"}, {Kind: "human", TokenHash: "def"}},
	}
}

func ids(list []Summary) []string {
	var out []string
	for _, s := range list {
		out = append(out, s.ID)
	}
	return out
}

// TestWritesShareCommits checks that concurrent writers are batched into
// shared commits and that one failing write does not undo its batch-mates.
func TestWritesShareCommits(t *testing.T) {
	ctx := context.Background()
	s, _ := open(t)
	require.NoError(t, s.CreateRoom(ctx, sampleRoom("r")))
	var wg sync.WaitGroup
	errs := make([]error, 200)
	for i := range 200 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if i%10 == 9 {
				errs[i] = s.SetSeats(ctx, "missing", [2]Seat{}) // fails: no such room
				return
			}
			errs[i] = s.CreateRoom(ctx, sampleRoom("room"+strconv.Itoa(i)))
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if i%10 == 9 {
			require.ErrorIs(t, err, ErrNotFound)
		} else {
			require.NoError(t, err, "write %d", i)
		}
	}
	live, err := s.List(ctx, false, time.Time{}, 1000, 0)
	require.NoError(t, err)
	require.Len(t, live, 1+180)
	require.Less(t, s.commits.Load(), int64(1+200), "writes that came together shared commits")
	require.NoError(t, s.Close())
	require.ErrorIs(t, s.SetSeats(ctx, "r", [2]Seat{}), ErrClosed)
}

// TestAWriteThatPanicsFailsAlone: a write that panics (a bug) fails with
// an error, its batch-mates are committed, and the writes go on: the
// caller that commits for the others must not take them down with it.
func TestAWriteThatPanicsFailsAlone(t *testing.T) {
	ctx := context.Background()
	s, _ := open(t)
	var wg sync.WaitGroup
	errs := make([]error, 50)
	for i := range errs {
		wg.Go(func() {
			if i == 7 {
				errs[i] = s.write(ctx, func(*wtx) error { panic("a bug") })
				return
			}
			errs[i] = s.CreateRoom(ctx, sampleRoom("room"+strconv.Itoa(i)))
		})
	}
	wg.Wait()
	for i, err := range errs {
		if i == 7 {
			require.ErrorContains(t, err, "a write panicked: a bug")
		} else {
			require.NoError(t, err, "write %d", i)
		}
	}
	require.NoError(t, s.CreateRoom(ctx, sampleRoom("after")), "the writes go on")
	live, err := s.List(ctx, false, time.Time{}, 1000, 0)
	require.NoError(t, err)
	require.Len(t, live, 50)
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
	live, err := s.List(context.Background(), false, time.Time{}, 10, 0)
	require.NoError(t, err)
	require.Equal(t, []string{"full"}, ids(live))
	got, err := s.Room(context.Background(), "waiting")
	require.NoError(t, err)
	require.False(t, got.Private)
	require.Empty(t, got.Next)
	require.Zero(t, got.ClockFrom, "an old room has no clock start recorded")
	require.Zero(t, got.ClockStopped)
	require.NoError(t, s.SetClockFrom(context.Background(), "waiting", time.UnixMilli(7000)))
	got, err = s.Room(context.Background(), "waiting")
	require.NoError(t, err)
	require.Equal(t, time.UnixMilli(7000), got.ClockFrom, "and records one now")
}

// TestUpgradeAddsTheChat opens a file made before rooms had a chat: the
// table is added, and the rooms there may chat.
func TestUpgradeAddsTheChat(t *testing.T) {
	path := filepath.Join(t.TempDir(), "old.db")
	s, err := OpenSQLite(path)
	require.NoError(t, err)
	require.NoError(t, s.CreateRoom(context.Background(), sampleRoom("old")))
	require.NoError(t, s.Close())
	db, err := sql.Open("sqlite", "file:"+path)
	require.NoError(t, err)
	_, err = db.Exec(`DROP TABLE chat`)
	require.NoError(t, err)
	require.NoError(t, db.Close())

	s, err = OpenSQLite(path)
	require.NoError(t, err)
	defer s.Close()
	m := ChatMessage{Name: "Bob", Seat: -1, Text: "hello", At: time.UnixMilli(1)}
	require.NoError(t, s.AppendChat(context.Background(), "old", m))
	got, err := s.Chat(context.Background(), "old", 10)
	require.NoError(t, err)
	require.Equal(t, []ChatMessage{m}, got)
}

// TestUpgradeRenamesFull opens a file whose rooms still name the column of
// both seats held full, as SQLite files did before PostgreSQL's name
// (seated) became both engines': it is renamed, and the rooms listed keep
// being those with both seats held.
func TestUpgradeRenamesFull(t *testing.T) {
	path := filepath.Join(t.TempDir(), "old.db")
	s, err := OpenSQLite(path)
	require.NoError(t, err)
	ctx := context.Background()
	require.NoError(t, s.CreateRoom(ctx, sampleRoom("both")))
	waiting := sampleRoom("waiting")
	waiting.Seats[1] = Seat{}
	require.NoError(t, s.CreateRoom(ctx, waiting))
	require.NoError(t, s.Close())
	db, err := sql.Open("sqlite", "file:"+path)
	require.NoError(t, err)
	_, err = db.Exec(`ALTER TABLE rooms RENAME COLUMN seated TO full`)
	require.NoError(t, err)
	require.NoError(t, db.Close())

	s, err = OpenSQLite(path)
	require.NoError(t, err)
	defer s.Close()
	var n int
	require.NoError(t, s.db.QueryRow(`SELECT count(*) FROM pragma_table_info('rooms') WHERE name = 'full'`).Scan(&n))
	require.Zero(t, n, "full is renamed")
	live, err := s.List(ctx, false, time.Time{}, 10, 0)
	require.NoError(t, err)
	require.Equal(t, []string{"both"}, ids(live))
	require.NoError(t, s.SetSeats(ctx, "waiting", sampleRoom("x").Seats))
	live, err = s.List(ctx, false, time.Time{}, 10, 0)
	require.NoError(t, err)
	require.ElementsMatch(t, []string{"both", "waiting"}, ids(live))
}

// roomOnAClock is a store that stamps its writes with *now, holding room "r".
func roomOnAClock(t *testing.T, now *time.Time) *SQLite {
	s, _ := open(t)
	s.SetNow(func() time.Time { return *now })
	require.NoError(t, s.CreateRoom(context.Background(), sampleRoom("r")))
	return s
}

// TestMovesStampTheRoomEveryMinute: a move writes the room's changed time
// only once a minute has passed since the last it wrote (the index of the
// lobby's lists was half of what a move wrote), its count of turns always.
func TestMovesStampTheRoomEveryMinute(t *testing.T) {
	ctx := context.Background()
	now := time.UnixMilli(1_000_000)
	s := roomOnAClock(t, &now)
	steps := []struct {
		after   time.Duration
		updated time.Time
	}{
		{0, now},                // the first move stamps it
		{30 * time.Second, now}, // within the minute: not again
		{59 * time.Second, now}, // still within it
		{61 * time.Second, now.Add(61 * time.Second)}, // a minute on
		{62 * time.Second, now.Add(61 * time.Second)},
	}
	start := now
	for ply, step := range steps {
		now = start.Add(step.after)
		require.NoError(t, s.AppendTurn(ctx, "r", ply, Turn{Notation: "3", At: now}))
		live, err := s.List(ctx, false, time.Time{}, 10, 0)
		require.NoError(t, err)
		require.Len(t, live, 1)
		require.Equal(t, ply+1, live[0].Turns, "move %d: the turns counted", ply+1)
		require.Equal(t, step.updated.UnixMilli(), live[0].Updated.UnixMilli(), "move %d at +%s", ply+1, step.after)
	}
}

// TestAMoveClearsTheClockMarksWrittenSince: a move that writes its turn
// alone (its row last written by a move) still clears the clock's marks
// when something wrote them since: any other write of the row makes the
// next move write the row whole.
func TestAMoveClearsTheClockMarksWrittenSince(t *testing.T) {
	ctx := context.Background()
	now := time.UnixMilli(1_000_000)
	s := roomOnAClock(t, &now)
	require.NoError(t, s.AppendTurn(ctx, "r", 0, Turn{Notation: "3", At: now}))
	require.NoError(t, s.AppendTurn(ctx, "r", 1, Turn{Notation: "4", At: now})) // the turn alone
	require.NoError(t, s.SetClockFrom(ctx, "r", now.Add(time.Second)))
	require.NoError(t, s.SetClockStopped(ctx, "r", now.Add(2*time.Second)))
	rec, err := s.Room(ctx, "r")
	require.NoError(t, err)
	require.False(t, rec.ClockFrom.IsZero())
	require.NoError(t, s.AppendTurn(ctx, "r", 2, Turn{Notation: "5", At: now}))
	rec, err = s.Room(ctx, "r")
	require.NoError(t, err)
	require.True(t, rec.ClockFrom.IsZero(), "cleared by the move")
	require.True(t, rec.ClockStopped.IsZero(), "cleared by the move")
	require.Len(t, rec.Turns, 3)
	require.ErrorIs(t, s.AppendTurn(ctx, "missing", 0, Turn{Notation: "3", At: now}), ErrNotFound)
}

// TestTheKeeperReadsDueRoomsByIndex: the deadline keeper's looks use the
// partial indexes of the due rooms, not a scan of every room stored.
func TestTheKeeperReadsDueRoomsByIndex(t *testing.T) {
	s, _ := open(t)
	for _, tc := range []struct{ query, index string }{
		{overdueSQL, "rooms_due"},
		{alarmsSQL, "rooms_alarm"},
	} {
		rows, err := s.db.Query(`EXPLAIN QUERY PLAN `+tc.query, 5, 10)
		require.NoError(t, err)
		var plan []string
		for rows.Next() {
			var id, parent, unused int
			var detail string
			require.NoError(t, rows.Scan(&id, &parent, &unused, &detail))
			plan = append(plan, detail)
		}
		require.NoError(t, rows.Close())
		require.Contains(t, strings.Join(plan, "; "), "USING INDEX "+tc.index, tc.query)
	}
}

// TestGamesInPlayAreReadByIndex: a player's games in play (Playing: /games
// and the count of games awaiting their move, read at each page of
// theirs) are found by the partial indexes of the seats' accounts among
// the rooms not over, not by a scan of every unfinished room.
func TestGamesInPlayAreReadByIndex(t *testing.T) {
	s, _ := open(t)
	rows, err := s.db.Query(`EXPLAIN QUERY PLAN `+s.playingSQL(), "alice", 10)
	require.NoError(t, err)
	var plan []string
	for rows.Next() {
		var id, parent, unused int
		var detail string
		require.NoError(t, rows.Scan(&id, &parent, &unused, &detail))
		plan = append(plan, detail)
	}
	require.NoError(t, rows.Close())
	all := strings.Join(plan, "; ")
	for _, index := range []string{"rooms_playing0", "rooms_playing1"} {
		require.Contains(t, all, "SEARCH rooms USING INDEX "+index, "plan: %s", all)
	}
	require.NotContains(t, all, "SCAN rooms", "plan: %s", all)
}

// TestAPlayersEventsAreReadByIndex: a player's events (their page) are
// found by the index of the entries' accounts, not by a scan of every
// event's players.
func TestAPlayersEventsAreReadByIndex(t *testing.T) {
	s, _ := open(t)
	rows, err := s.db.Query(`EXPLAIN QUERY PLAN `+tournamentsPlayedSQL, "alice", TournamentStarted, TournamentFinished, 20)
	require.NoError(t, err)
	var plan []string
	for rows.Next() {
		var id, parent, unused int
		var detail string
		require.NoError(t, rows.Scan(&id, &parent, &unused, &detail))
		plan = append(plan, detail)
	}
	require.NoError(t, rows.Close())
	all := strings.Join(plan, "; ")
	require.Contains(t, all, "USING INDEX tournament_players_account", "plan: %s", all)
	require.NotContains(t, all, "SCAN p", "plan: %s", all)
	require.NotContains(t, all, "SCAN g", "plan: %s", all)
}
