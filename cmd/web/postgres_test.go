package main

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"boardroom/store/pgtest"

	"github.com/stretchr/testify/require"
)

// TestPostgresDatabase runs the server on a PostgreSQL URL: it opens the
// database, serves the lobby from it, and never logs the password.
func TestPostgresDatabase(t *testing.T) {
	t.Parallel()
	srv := pgtest.Start(t)
	dsn := srv.Database(t)
	withPassword := strings.Replace(dsn, "postgres@", "postgres:hunter2-pw@", 1) // the test server trusts loopback
	log := &syncBuffer{}
	base, stop := start(t, withPassword, log)
	for _, path := range []string{"/healthz", "/"} {
		resp, err := http.Get(base + path)
		require.NoError(t, err)
		resp.Body.Close()
		require.Equal(t, http.StatusOK, resp.StatusCode, path)
	}
	stop()
	require.Contains(t, log.String(), `db="postgres://postgres:xxxxx@127.0.0.1`)
	require.NotContains(t, log.String(), "hunter2-pw")

	err := run(context.Background(), []string{"-addr", "127.0.0.1:0", "-db", srv.DSN("no_such_database")}, &syncBuffer{}, nil)
	require.ErrorContains(t, err, "no_such_database", "a database that is not there stops the start")
}
