package store_test

import (
	"context"
	"net/url"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"boardroom/store"
	"boardroom/store/pgtest"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestOpen checks that Open picks the store by the DSN, and that a bad
// PostgreSQL URL is a clear error that never shows its password.
func TestOpen(t *testing.T) {
	ctx := context.Background()
	dsn := pgtest.Shared(t).Database(t)
	u, err := url.Parse(dsn)
	require.NoError(t, err)
	u.Scheme = "PostgreSQL"
	tests := []struct {
		name     string
		dsn      string
		postgres bool
		err      string
	}{
		{name: "a postgres URL", dsn: dsn, postgres: true},
		{name: "a postgresql URL, in capitals", dsn: u.String(), postgres: true},
		{name: "a SQLite path", dsn: filepath.Join(t.TempDir(), "x.db")},
		{name: "a SQLite path with a colon", dsn: filepath.Join(t.TempDir(), "a:b.db")},
		{name: "nothing", dsn: "", err: "no database"},
		{name: "no server", dsn: "postgres://bob:s3cr3t-pw@127.0.0.1:1/db?connect_timeout=2", err: "store: connect to"},
		{name: "a bad URL", dsn: "postgres://bob:s3cr3t-pw@127.0.0.1:port/db", err: "store: postgres URL"},
		{name: "a bad parameter", dsn: "postgres://bob:s3cr3t-pw@127.0.0.1/db?pool_max_conns=none", err: "store: postgres URL"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s, err := store.Open(ctx, tc.dsn)
			if tc.err != "" {
				require.ErrorContains(t, err, tc.err)
				require.NotContains(t, err.Error(), "s3cr3t-pw", "the password is never shown")
				return
			}
			require.NoError(t, err)
			defer s.Close()
			_, isPostgres := s.(*store.Postgres)
			require.Equal(t, tc.postgres, isPostgres)
			_, isSQLite := s.(*store.SQLite)
			require.Equal(t, !tc.postgres, isSQLite)
		})
	}
}

func TestRedact(t *testing.T) {
	tests := []struct{ dsn, want string }{
		{"postgres://bob:secret@db:5432/boardroom", "postgres://bob:xxxxx@db:5432/boardroom"},
		{"postgres://db/boardroom?password=secret&sslmode=disable", "postgres://db/boardroom?password=xxxxx&sslmode=disable"},
		{"postgresql://bob@db/boardroom", "postgresql://bob@db/boardroom"},
		{"boardroom.db", "boardroom.db"},
		{"postgres://bob:secret@db:port/x", "postgres://(unreadable URL)"},
	}
	for _, tc := range tests {
		assert.Equal(t, tc.want, store.Redact(tc.dsn), tc.dsn)
	}
}

// FuzzRedact checks that a URL's password never survives Redact: what it
// returns is the same whatever the password.
func FuzzRedact(f *testing.F) {
	f.Add("bob", "secret", "db:5432", "sslmode=disable", false)
	f.Add("", "pässwörd", "localhost", "", true)
	f.Fuzz(func(t *testing.T, user, password, host, query string, inQuery bool) {
		redacted := func(password string) string {
			u := url.URL{Scheme: "postgres", Host: host, Path: "/boardroom", RawQuery: query}
			if inQuery {
				q, _ := url.ParseQuery(query)
				q.Set("password", password)
				u.User, u.RawQuery = url.User(user), q.Encode()
			} else {
				u.User = url.UserPassword(user, password)
			}
			return store.Redact(u.String())
		}
		require.Equal(t, redacted("another password"), redacted(password))
	})
}

// TestSchema checks that nodes starting together on a fresh database all
// open it (one of them creates the schema), and that a database upgraded by
// a newer program is refused rather than misread.
func TestSchema(t *testing.T) {
	ctx := context.Background()
	dsn := pgtest.Shared(t).Database(t)
	var wg sync.WaitGroup
	errs := make([]error, 3)
	for i := range errs {
		wg.Go(func() {
			s, err := store.OpenPostgres(ctx, dsn)
			if err == nil {
				s.Close()
			}
			errs[i] = err
		})
	}
	wg.Wait()
	for _, err := range errs {
		require.NoError(t, err)
	}
	conn, err := pgx.Connect(ctx, dsn)
	require.NoError(t, err)
	defer conn.Close(ctx)
	_, err = conn.Exec(ctx, `UPDATE schema_version SET version = 999`)
	require.NoError(t, err)
	_, err = store.OpenPostgres(ctx, dsn)
	require.ErrorContains(t, err, "newer than this program's")
}

// TestUpgradeFromFirstSchema opens a database as the first version of the
// schema left it, with a room and a session of an older program: the
// clock's columns are added, the room reads with no clock marks and
// records them, and the old session's rooms are taken with its silence
// not known (it recorded no heartbeat times).
func TestUpgradeFromFirstSchema(t *testing.T) {
	ctx := context.Background()
	dsn := pgtest.Shared(t).Database(t)
	conn, err := pgx.Connect(ctx, dsn)
	require.NoError(t, err)
	defer conn.Close(ctx)
	_, err = conn.Exec(ctx, store.FirstSchema())
	require.NoError(t, err)
	_, err = conn.Exec(ctx, `CREATE TABLE schema_version (version integer NOT NULL);
		INSERT INTO schema_version VALUES (1);
		INSERT INTO nodes VALUES ('old', 'node-old', now() - interval '1 hour', now() - interval '1 minute');
		INSERT INTO rooms (id, game, options, mode, clock, seats, created_at, updated_at, owner, epoch)
			VALUES ('r', 'kalah', '{}', 'friend', 'fast', '[{},{}]', 1, 1, 'old', 1)`)
	require.NoError(t, err)

	s, err := store.OpenPostgres(ctx, dsn)
	require.NoError(t, err)
	defer s.Close()
	var version int
	require.NoError(t, conn.QueryRow(ctx, `SELECT version FROM schema_version`).Scan(&version))
	require.Equal(t, store.SchemaVersion(), version)
	require.NoError(t, s.SetSeen(ctx, []string{"r"}, time.UnixMilli(5)), "the room's sightings (version 4)")
	require.NoError(t, s.CreateUser(ctx, &store.User{Name: "old", Key: "old", PasswordHash: "h", Created: time.UnixMilli(5)}),
		"the accounts (version 5)")
	_, err = s.TakeChallenge(ctx, "none", time.UnixMilli(5))
	require.ErrorIs(t, err, store.ErrNotFound, "the passkeys (version 9)")
	_, err = s.BotByToken(ctx, "none")
	require.ErrorIs(t, err, store.ErrNotFound, "the bots (version 11)")
	require.NoError(t, s.SeeBrowser(ctx, "b", "old", time.UnixMilli(5)), "the browsers (version 12)")
	require.NoError(t, s.DropPushSubscription(ctx, "https://push.example/none"), "Web Push (version 14)")
	var waiting int
	require.NoError(t, conn.QueryRow(ctx, `SELECT count(*) FROM pg_indexes WHERE indexname LIKE 'challenges_%_waiting'`).Scan(&waiting))
	require.Equal(t, 2, waiting, "the challenges by when they stop waiting (version 16)")
	_, err = s.AccountVacations(ctx, []string{"old"}, time.UnixMilli(0))
	require.NoError(t, err, "the vacations (version 18)")
	_, err = s.Tournament(ctx, "none")
	require.ErrorIs(t, err, store.ErrNotFound, "the events (version 17)")
	_, err = s.Forecasts(ctx, "r")
	require.NoError(t, err, "the forecasts (version 19)")
	got, err := s.Room(ctx, "r")
	require.NoError(t, err)
	require.Zero(t, got.ClockFrom)
	require.Zero(t, got.ClockStopped)
	require.False(t, got.Rated, "an old room is not rated (version 7)")
	require.Nil(t, got.RatingChanges)
	require.Zero(t, got.Days, "an old room has no days a move (version 15)")
	require.Zero(t, got.Due)
	playing, err := s.Playing(ctx, "old", 10)
	require.NoError(t, err, "the games in play's indexes (version 20)")
	require.Empty(t, playing)
	board, err := s.Leaderboard(ctx, "kalah", "fast", time.UnixMilli(0), 10)
	require.NoError(t, err, "the ratings (version 7)")
	require.Empty(t, board)

	ok, err := s.Heartbeat(ctx, "new", "node-new", time.Hour)
	require.NoError(t, err)
	require.True(t, ok)
	acq, err := s.Acquire(ctx, "r", "new")
	require.NoError(t, err)
	require.Equal(t, int64(2), acq.Epoch)
	require.Zero(t, acq.Silence, "an old session's silence is not known")
	fenced := store.WithFence(ctx, store.Fence{Session: "new", Epoch: 2})
	require.NoError(t, s.SetClockFrom(fenced, "r", time.UnixMilli(9000)))
	got, err = s.Room(ctx, "r")
	require.NoError(t, err)
	require.Equal(t, time.UnixMilli(9000), got.ClockFrom)
}

// TestPostgresReadsGamesInPlayByIndex: a player's games in play (Playing:
// /games and the header's count) can be found by the partial indexes of
// the seats' accounts among the rooms not over (migration 20): with the
// sequential scan off (a test's few rooms are read faster whole), the
// planner searches both.
func TestPostgresReadsGamesInPlayByIndex(t *testing.T) {
	ctx := context.Background()
	dsn := pgtest.Shared(t).Database(t)
	s, err := store.OpenPostgres(ctx, dsn)
	require.NoError(t, err)
	defer s.Close()
	conn, err := pgx.Connect(ctx, dsn)
	require.NoError(t, err)
	defer conn.Close(ctx)
	_, err = conn.Exec(ctx, `SET enable_seqscan = off`)
	require.NoError(t, err)
	rows, err := conn.Query(ctx, `EXPLAIN `+store.PlayingSQL(s), "alice", 10)
	require.NoError(t, err)
	var plan []string
	for rows.Next() {
		var line string
		require.NoError(t, rows.Scan(&line))
		plan = append(plan, line)
	}
	require.NoError(t, rows.Err())
	all := strings.Join(plan, "\n")
	for _, index := range []string{"rooms_playing0", "rooms_playing1"} {
		require.Contains(t, all, index, all)
	}
	require.NotContains(t, all, "Seq Scan on rooms", all)
}
