package store_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"boardroom/store"
	"boardroom/store/pgtest"
	"boardroom/store/storetest"

	"github.com/stretchr/testify/require"
)

// The PostgreSQL tests of the package share one throw-away server, each
// with a database of its own.
func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }

func TestSQLite(t *testing.T) { storetest.Run(t, openSQLite) }

func TestPostgres(t *testing.T) { storetest.Run(t, openPostgres) }

func openSQLite(t *testing.T) storetest.Subject {
	path := filepath.Join(t.TempDir(), "test.db")
	open := func(t *testing.T) store.Store {
		s, err := store.OpenSQLite(path)
		require.NoError(t, err)
		t.Cleanup(func() { s.Close() })
		return s
	}
	s := open(t)
	return storetest.Subject{
		Store:  s,
		Ctx:    context.Background(),
		SetNow: func(now func() time.Time) { store.SetNow(s, now) },
		Reopen: open,
	}
}

// suiteSession is the node session that owns the suite's rooms on
// PostgreSQL, with a lease longer than any test.
const suiteSession = "suite-session"

func openPostgres(t *testing.T) storetest.Subject {
	dsn := pgtest.Shared(t).Database(t)
	open := func(t *testing.T) store.Store {
		s, err := store.OpenPostgres(context.Background(), dsn)
		require.NoError(t, err)
		t.Cleanup(func() { s.Close() })
		return s
	}
	s := open(t)
	ok, err := s.(store.Leases).Heartbeat(context.Background(), suiteSession, "suite-node", time.Hour)
	require.NoError(t, err)
	require.True(t, ok)
	return storetest.Subject{
		Store:  s,
		Ctx:    store.WithFence(context.Background(), store.Fence{Session: suiteSession, Epoch: 1}),
		SetNow: func(now func() time.Time) { store.SetNow(s, now) },
		Reopen: open,
	}
}
