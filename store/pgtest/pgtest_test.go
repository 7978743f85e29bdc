package pgtest

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestMain(m *testing.M) { os.Exit(Main(m)) }

// TestServer starts a server of its own, uses two databases on it, and
// checks that Stop leaves neither a process nor a directory behind.
func TestServer(t *testing.T) {
	ctx := context.Background()
	s := Start(t)
	first, second := s.Database(t), s.Database(t)
	require.NotEqual(t, first, second, "each test its own database")

	conn, err := pgx.Connect(ctx, first)
	require.NoError(t, err)
	_, err = conn.Exec(ctx, `CREATE TABLE t (x integer)`)
	require.NoError(t, err)
	require.NoError(t, conn.Close(ctx))
	conn, err = pgx.Connect(ctx, second)
	require.NoError(t, err)
	var n int
	require.NoError(t, conn.QueryRow(ctx, `SELECT count(*) FROM pg_tables WHERE tablename = 't'`).Scan(&n))
	assert.Zero(t, n, "a fresh database is empty")
	var listen string
	require.NoError(t, conn.QueryRow(ctx, `SHOW listen_addresses`).Scan(&listen))
	assert.Equal(t, "127.0.0.1", listen, "loopback only")
	require.NoError(t, conn.Close(ctx))

	for _, name := range []string{"", "Upper", "a-b", "x; DROP DATABASE postgres", "1abc"} {
		_, err := s.CreateDatabase(ctx, name)
		require.Error(t, err, "name %q", name)
	}
	_, err = s.CreateDatabase(ctx, "postgres")
	require.Error(t, err, "the database exists")

	pid := s.cmd.Process.Pid
	require.NoError(t, s.Stop())
	require.NoError(t, s.Stop(), "Stop may be called again")
	assert.NoDirExists(t, s.dir)
	assert.ErrorIs(t, syscall.Kill(pid, 0), syscall.ESRCH, "the postmaster is gone")
	_, err = pgx.Connect(ctx, first)
	require.Error(t, err)
}

// TestShared checks that Shared hands every caller the same server.
func TestShared(t *testing.T) {
	a, b := Shared(t), Shared(t)
	require.Same(t, a, b)
	conn, err := pgx.Connect(context.Background(), a.Database(t))
	require.NoError(t, err)
	require.NoError(t, conn.Close(context.Background()))
}

// TestSweep checks that a directory left by tests that died is removed by
// the next server, and one whose owner runs is not.
func TestSweep(t *testing.T) {
	old := time.Now().Add(-time.Hour)
	leftover := filepath.Join(os.TempDir(), dirPrefix+"leftover-test")
	running := filepath.Join(os.TempDir(), dirPrefix+"running-test")
	for dir, owner := range map[string]int{leftover: 1 << 30, running: os.Getpid()} {
		require.NoError(t, os.MkdirAll(filepath.Join(dir, "data"), 0o700))
		require.NoError(t, os.WriteFile(filepath.Join(dir, "owner.pid"), []byte(strconv.Itoa(owner)), 0o644))
		require.NoError(t, os.Chtimes(dir, old, old))
	}
	t.Cleanup(func() { os.RemoveAll(running); os.RemoveAll(leftover) })
	sweep()
	assert.NoDirExists(t, leftover)
	assert.DirExists(t, running)
}

func TestBinDir(t *testing.T) {
	dir, err := binDir()
	if err != nil {
		skipOrFail(t, err)
	}
	assert.FileExists(t, filepath.Join(dir, "initdb"))
	assert.FileExists(t, filepath.Join(dir, "postgres"))
}

// recorder is a testing.TB that notes whether a helper skipped or failed
// it, and stops the helper there as the real one would.
type recorder struct {
	testing.TB
	outcome string
}

type stop struct{}

func (r *recorder) Helper()           {}
func (r *recorder) Skip(args ...any)  { r.outcome = "skip"; panic(stop{}) }
func (r *recorder) Fatal(args ...any) { r.outcome = "fail"; panic(stop{}) }

// TestSkipOrFail checks that a missing PostgreSQL skips a test on a
// developer machine and fails it in CI, and that any other trouble fails.
func TestSkipOrFail(t *testing.T) {
	missing := fmt.Errorf("%w: no initdb", ErrUnavailable)
	tests := []struct {
		ci   string
		err  error
		want string
	}{
		{"", missing, "skip"},
		{"false", missing, "skip"},
		{"true", missing, "fail"},
		{"", errors.New("initdb: disk full"), "fail"},
	}
	for _, tc := range tests {
		t.Setenv("CI", tc.ci)
		r := &recorder{TB: t}
		func() {
			defer func() {
				if p := recover(); p != nil && p != (stop{}) {
					panic(p)
				}
			}()
			skipOrFail(r, tc.err)
		}()
		assert.Equal(t, tc.want, r.outcome, "CI=%q, %v", tc.ci, tc.err)
	}
}
