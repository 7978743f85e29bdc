// Package emptydb gives tests a SQLite database file with the store's
// schema and no rows, copied from one made once per test binary: creating
// the schema and its upgrades costs about 0.3 s under -race, a copy a few
// milliseconds, and packages open one in most of their tests.
//
// A test opens it as it opened a new file before:
//
//	st, err := store.OpenSQLite(emptydb.Path(t, "rooms.db"))
//
// store.OpenSQLite still runs its schema and upgrades on the copy: they find
// everything there and change nothing.
package emptydb

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"boardroom/store"
)

var (
	once     sync.Once
	template []byte // the empty database's file
	err      error
)

// Path writes a copy of the empty database as name in the test's temporary
// directory and returns its path.
func Path(tb testing.TB, name string) string {
	tb.Helper()
	once.Do(func() { template, err = prepare() })
	if err != nil {
		tb.Fatal(err)
	}
	path := filepath.Join(tb.TempDir(), name)
	if err := os.WriteFile(path, template, 0o600); err != nil {
		tb.Fatal(err)
	}
	return path
}

// prepare creates the empty database and reads its file back.
func prepare() ([]byte, error) {
	dir, err := os.MkdirTemp("", "emptydb-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "empty.db")
	st, err := store.OpenSQLite(path)
	if err != nil {
		return nil, err
	}
	if err := st.Close(); err != nil {
		return nil, err
	}
	// The last connection's close checkpoints the write-ahead log into the
	// file and removes it: the file alone is then the whole database.
	if info, err := os.Stat(path + "-wal"); err == nil && info.Size() > 0 {
		return nil, fmt.Errorf("emptydb: %s-wal is left with %d bytes after the close", path, info.Size())
	} else if err != nil && !errors.Is(err, os.ErrNotExist) {
		return nil, err
	}
	return os.ReadFile(path)
}
