package emptydb

import (
	"database/sql"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
	_ "modernc.org/sqlite"

	"boardroom/store"
)

// schema is the database's tables, indexes and triggers, as SQLite keeps
// them, and its count of rooms.
func schema(t *testing.T, path string) ([]string, int) {
	db, err := sql.Open("sqlite", "file:"+path)
	require.NoError(t, err)
	defer db.Close()
	rows, err := db.Query(`SELECT type || ' ' || name || ': ' || coalesce(sql, '') FROM sqlite_master ORDER BY type, name`)
	require.NoError(t, err)
	defer rows.Close()
	var out []string
	for rows.Next() {
		var s string
		require.NoError(t, rows.Scan(&s))
		out = append(out, s)
	}
	require.NoError(t, rows.Err())
	var rooms int
	require.NoError(t, db.QueryRow(`SELECT count(*) FROM rooms`).Scan(&rooms))
	return out, rooms
}

// A copy holds what a new database gets from store.OpenSQLite, no rows,
// and opens as a store.
func TestACopyIsANewDatabase(t *testing.T) {
	fresh := filepath.Join(t.TempDir(), "fresh.db")
	st, err := store.OpenSQLite(fresh)
	require.NoError(t, err)
	require.NoError(t, st.Close())
	want, _ := schema(t, fresh)

	path := Path(t, "copy.db")
	got, rooms := schema(t, path)
	require.NotEmpty(t, got)
	require.Equal(t, want, got)
	require.Zero(t, rooms)
	st, err = store.OpenSQLite(path)
	require.NoError(t, err)
	require.NoError(t, st.Close())
	require.NotEqual(t, path, Path(t, "copy.db"), "each call its own file")
}
