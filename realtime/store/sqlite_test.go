package store

import (
	"context"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
	"time"

	"boardroom/realtime/vocab"

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

func TestRoomLifecycle(t *testing.T) {
	ctx := context.Background()
	s, path := open(t)
	r := sampleRoom("r1")
	require.NoError(t, s.CreateRoom(ctx, r))
	require.Error(t, s.CreateRoom(ctx, r), "ids are unique")

	at := time.UnixMilli(1_700_000_000_000)
	require.NoError(t, s.AppendTurn(ctx, "r1", 0, Turn{Notation: "3", At: at, Think: 1500 * time.Millisecond}))
	require.NoError(t, s.AppendTurn(ctx, "r1", 1, Turn{Notation: "4", At: at.Add(time.Second), Info: `{"depth":3}`}))
	require.Error(t, s.AppendTurn(ctx, "r1", 1, Turn{Notation: "5", At: at}), "a ply is written once")
	require.NoError(t, s.SetSeats(ctx, "r1", [2]Seat{{Kind: "human", TokenHash: "abc", Name: "Zoë <3"}, {Kind: "bot", Level: "medium"}}))
	require.NoError(t, s.SetSave(ctx, "r1", []string{"3"}))

	got, err := s.Room(ctx, "r1")
	require.NoError(t, err)
	require.Equal(t, "kalah", got.Game)
	require.Equal(t, map[string]string{"houses": "6", "seeds": "4"}, got.Options)
	require.Equal(t, vocab.Medium, got.Seats[1].Level)
	require.Equal(t, "Zoë <3", got.Seats[0].Name, "a seat keeps its holder's name")
	require.Equal(t, []string{"3"}, got.Save)
	require.Len(t, got.Turns, 2)
	require.Equal(t, Turn{Notation: "3", At: at, Think: 1500 * time.Millisecond}, got.Turns[0])
	require.Equal(t, `{"depth":3}`, got.Turns[1].Info)

	require.NoError(t, s.ReplaceTurns(ctx, "r1", got.Turns[:1]))
	require.NoError(t, s.SetSave(ctx, "r1", nil))
	require.NoError(t, s.SetResult(ctx, "r1", Result{Over: true, Winner: 0, Reason: "more seeds"}))

	// Everything survives closing and reopening the file.
	require.NoError(t, s.Close())
	s2, err := OpenSQLite(path)
	require.NoError(t, err)
	defer s2.Close()
	got, err = s2.Room(ctx, "r1")
	require.NoError(t, err)
	require.Len(t, got.Turns, 1)
	require.Nil(t, got.Save)
	require.True(t, got.Over)
	require.Equal(t, 0, got.Winner)
	require.Equal(t, "more seeds", got.Reason)
}

func TestMissingRoom(t *testing.T) {
	ctx := context.Background()
	s, _ := open(t)
	_, err := s.Room(ctx, "nope")
	require.ErrorIs(t, err, ErrNotFound)
	require.ErrorIs(t, s.SetSeats(ctx, "nope", [2]Seat{}), ErrNotFound)
	require.ErrorIs(t, s.SetResult(ctx, "nope", Result{Over: true, Winner: 1, Reason: "x"}), ErrNotFound)
	require.Error(t, s.AppendTurn(ctx, "nope", 0, Turn{Notation: "1"}))
}

func TestListsAndCleanup(t *testing.T) {
	ctx := context.Background()
	s, _ := open(t)
	clock := time.UnixMilli(1_000_000)
	s.now = func() time.Time { clock = clock.Add(time.Second); return clock }
	for _, id := range []string{"a", "b", "c", "d"} {
		require.NoError(t, s.CreateRoom(ctx, sampleRoom(id)))
	}
	require.NoError(t, s.AppendTurn(ctx, "b", 0, Turn{Notation: "1"}))
	require.NoError(t, s.SetResult(ctx, "c", Result{Over: true, Winner: -1, Reason: "equal seeds"}))

	live, err := s.List(ctx, false, 10, 0)
	require.NoError(t, err)
	require.Equal(t, []string{"b", "d", "a"}, ids(live), "most recently changed first")
	require.Equal(t, 1, live[0].Turns)
	over, err := s.List(ctx, true, 10, 0)
	require.NoError(t, err)
	require.Equal(t, []string{"c"}, ids(over))
	require.Equal(t, -1, over[0].Winner)
	unfinished, err := s.Unfinished(ctx)
	require.NoError(t, err)
	require.ElementsMatch(t, []string{"a", "b", "d"}, unfinished)

	n, err := s.DeleteIdle(ctx, clock, []string{"d"})
	require.NoError(t, err)
	require.Equal(t, 1, n, "a never started; b has a move, c is finished and d is kept")
	_, err = s.Room(ctx, "a")
	require.ErrorIs(t, err, ErrNotFound)
	_, err = s.Room(ctx, "d")
	require.NoError(t, err)
}

func TestConcurrentWriters(t *testing.T) {
	ctx := context.Background()
	s, _ := open(t)
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			id := string(rune('a' + i))
			require.NoError(t, s.CreateRoom(ctx, sampleRoom(id)))
			for ply := range 20 {
				require.NoError(t, s.AppendTurn(ctx, id, ply, Turn{Notation: "1", At: time.Now()}))
			}
		}()
	}
	wg.Wait()
	live, err := s.List(ctx, false, 100, 0)
	require.NoError(t, err)
	require.Len(t, live, 8)
	for _, r := range live {
		require.Equal(t, 20, r.Turns)
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
	live, err := s.List(ctx, false, 1000, 0)
	require.NoError(t, err)
	require.Len(t, live, 1+180)
	require.NoError(t, s.Close())
	require.ErrorIs(t, s.SetSeats(ctx, "r", [2]Seat{}), ErrClosed)
}
