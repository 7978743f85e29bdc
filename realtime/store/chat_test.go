package store

import (
	"context"
	"database/sql"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

func TestChat(t *testing.T) {
	ctx := context.Background()
	s, path := open(t)
	require.NoError(t, s.CreateRoom(ctx, sampleRoom("r1")))
	require.NoError(t, s.CreateRoom(ctx, sampleRoom("r2")))
	at := time.UnixMilli(1_700_000_000_000)
	say := func(room string, i int) ChatMessage {
		m := ChatMessage{Name: "Alice", Seat: i%3 - 1, Text: "message " + strconv.Itoa(i), At: at.Add(time.Duration(i) * time.Second)}
		require.NoError(t, s.AppendChat(ctx, room, m))
		return m
	}
	var sent []ChatMessage
	for i := range chatKept + 10 {
		sent = append(sent, say("r1", i))
	}
	other := say("r2", 0)

	tests := []struct {
		name string
		room string
		last int
		want []ChatMessage
	}{
		{"the last few, oldest first", "r1", 3, sent[len(sent)-3:]},
		{"at most what is kept", "r1", 1000, sent[10:]},
		{"each room its own", "r2", 100, []ChatMessage{other}},
		{"a room with no chat", "none", 100, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := s.Chat(ctx, tc.room, tc.last)
			require.NoError(t, err)
			require.Equal(t, tc.want, got)
		})
	}
	require.Error(t, s.AppendChat(ctx, "none", other), "a message belongs to a room")

	// The chat survives closing the file, and goes with its room.
	require.NoError(t, s.Close())
	s2, err := OpenSQLite(path)
	require.NoError(t, err)
	defer s2.Close()
	got, err := s2.Chat(ctx, "r2", 100)
	require.NoError(t, err)
	require.Equal(t, []ChatMessage{other}, got)
	n, err := s2.DeleteIdle(ctx, time.Now().Add(time.Hour), []string{})
	require.NoError(t, err)
	require.Equal(t, 2, n)
	got, err = s2.Chat(ctx, "r2", 100)
	require.NoError(t, err)
	require.Empty(t, got)
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
