package store

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestPing(t *testing.T) {
	s, err := OpenSQLite(filepath.Join(t.TempDir(), "ping.db"))
	require.NoError(t, err)
	require.NoError(t, s.Ping(t.Context()), "an empty database answers")
	require.NoError(t, s.CreateRoom(t.Context(), sampleRoom("p1")))
	require.NoError(t, s.Ping(t.Context()), "a database with rooms answers")

	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	require.Error(t, s.Ping(ctx), "a cancelled check fails")

	require.NoError(t, s.Close())
	require.ErrorIs(t, s.Ping(t.Context()), ErrClosed, "a closed store does not answer")
}
