package store

import "strings"

// The domains' tables are written once (accountTables, ratingTables, …),
// with the column types the engines spell differently as {name}: SQLite
// creates them at every start (IF NOT EXISTS: tables), PostgreSQL in the
// migration that added them (migrations). The spellings keep each engine's
// tables as they were when they were written twice, so an existing
// database of either engine has the tables a new one gets.
var (
	sqliteTypes = strings.NewReplacer("{int}", "INTEGER", "{bigint}", "INTEGER", "{text}", "TEXT", "{real}", "REAL",
		"{bool}", "INTEGER", "{bytes}", "BLOB", "{serial}", "INTEGER PRIMARY KEY", "{norowid}", " WITHOUT ROWID")
	postgresTypes = strings.NewReplacer("{int}", "integer", "{bigint}", "bigint", "{text}", "text", "{real}", "double precision",
		"{bool}", "boolean", "{bytes}", "bytea", "{serial}", "bigserial PRIMARY KEY", "{norowid}", "")
)

// sqliteDDL is ddl in SQLite's types.
func sqliteDDL(ddl string) string { return sqliteTypes.Replace(ddl) }

// postgresDDL is ddl in PostgreSQL's types.
func postgresDDL(ddl string) string { return postgresTypes.Replace(ddl) }
