package store

import "time"

// SetNow makes s stamp its changes with now (for the tests of package
// store_test, which the conformance suite runs in).
func SetNow(s Store, now func() time.Time) {
	switch s := s.(type) {
	case *SQLite:
		s.now = now
	case *Postgres:
		s.now = now
	default:
		panic("store.SetNow: a store of this package")
	}
}

// FirstSchema is the first version of the PostgreSQL schema, to make a
// database as an older program left it.
func FirstSchema() string { return migrations[0] }
