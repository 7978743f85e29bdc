package store

import "time"

// SetNow makes s stamp its changes with now (for the tests of package
// store_test, which the conformance suite runs in).
func SetNow(s Store, now func() time.Time) {
	s.(interface{ SetNow(func() time.Time) }).SetNow(now)
}

// FirstSchema is the first version of the PostgreSQL schema, to make a
// database as an older program left it.
func FirstSchema() string { return migrations[0] }

// SchemaVersion is the PostgreSQL schema's version this program makes.
func SchemaVersion() int { return len(migrations) }

// PlayingSQL is the query of Playing on s, to read its plan.
func PlayingSQL(s *Postgres) string { return s.playingSQL() }
