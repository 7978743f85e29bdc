package store

import "strings"

// The tables are written once (roomTables, accountTables, ratingTables, …),
// with what the engines spell differently as {name}: SQLite creates them at
// every start (IF NOT EXISTS: sqlite.go's tables), PostgreSQL in the
// migration that added them (migrations). The spellings keep each engine's
// tables as they were when they were written twice, so an existing
// database of either engine has the tables a new one gets. PostgreSQL's
// rooms and turns also say which node owns each room and which owner wrote
// each turn ({owned}, {epoch}: lease.go).
var (
	sqliteTypes = strings.NewReplacer("{int}", "INTEGER", "{bigint}", "INTEGER", "{text}", "TEXT", "{real}", "REAL",
		"{bool}", "INTEGER", "{false}", "0", "{bytes}", "BLOB", "{serial}", "INTEGER PRIMARY KEY", "{norowid}", " WITHOUT ROWID",
		"{owned}", "", "{epoch}", "")
	postgresTypes = strings.NewReplacer("{int}", "integer", "{bigint}", "bigint", "{text}", "text", "{real}", "double precision",
		"{bool}", "boolean", "{false}", "false", "{bytes}", "bytea", "{serial}", "bigserial PRIMARY KEY", "{norowid}", "",
		"{owned}", ",\n\towner      text REFERENCES nodes(session),\n\tepoch      bigint NOT NULL DEFAULT 0",
		"{epoch}", "\n\tepoch     bigint NOT NULL,")
)

// sqliteDDL is ddl in SQLite's types.
func sqliteDDL(ddl string) string { return sqliteTypes.Replace(ddl) }

// postgresDDL is ddl in PostgreSQL's types.
func postgresDDL(ddl string) string { return postgresTypes.Replace(ddl) }

// roomTables are the rooms and their logs as their first version made them
// (the columns added since are each engine's upgrades), and their chat.
const roomTables = `CREATE TABLE IF NOT EXISTS rooms (
	id         {text} PRIMARY KEY,
	game       {text} NOT NULL,
	options    {text} NOT NULL,
	mode       {text} NOT NULL,
	clock      {text} NOT NULL,
	seats      {text} NOT NULL,
	save       {text},
	over       {bool} NOT NULL DEFAULT {false},
	winner     {int} NOT NULL DEFAULT -1,
	reason     {text} NOT NULL DEFAULT '',
	turns      {int} NOT NULL DEFAULT 0,
	created_at {bigint} NOT NULL,
	updated_at {bigint} NOT NULL,
	private    {bool} NOT NULL DEFAULT {false},
	aborted    {bool} NOT NULL DEFAULT {false},
	seated     {bool} NOT NULL DEFAULT {false},
	next       {text} NOT NULL DEFAULT ''{owned}
);
CREATE TABLE IF NOT EXISTS turns (
	room_id   {text} NOT NULL REFERENCES rooms(id) ON DELETE CASCADE,
	ply       {int} NOT NULL,
	notation  {text} NOT NULL,
	played_at {bigint} NOT NULL,
	think_us  {bigint} NOT NULL,
	info      {text} NOT NULL DEFAULT '',{epoch}
	PRIMARY KEY (room_id, ply)
){norowid};
`

// chatTables keep the last chatKept messages of each room, oldest first by
// id.
const chatTables = `CREATE TABLE IF NOT EXISTS chat (
	id      {serial},
	room_id {text} NOT NULL REFERENCES rooms(id) ON DELETE CASCADE,
	name    {text} NOT NULL,
	seat    {int} NOT NULL,
	text    {text} NOT NULL,
	sent_at {bigint} NOT NULL
);
CREATE INDEX IF NOT EXISTS chat_room ON chat (room_id, id);`
