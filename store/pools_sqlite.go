package store

// poolTables are quick pairing's tables in a SQLite file (tables): who
// waits (a player once), and the rooms waits were paired into.
const poolTables = `CREATE TABLE IF NOT EXISTS pool_entries (
	id         TEXT PRIMARY KEY,
	pool       TEXT NOT NULL,
	player     TEXT NOT NULL UNIQUE,
	token_hash TEXT NOT NULL,
	name       TEXT NOT NULL,
	account    TEXT NOT NULL,
	rating     REAL NOT NULL,
	bot        INTEGER NOT NULL,
	wants_bots INTEGER NOT NULL,
	since      INTEGER NOT NULL,
	ready      INTEGER NOT NULL,
	seen       INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS pool_entries_pool ON pool_entries(pool, since);
CREATE TABLE IF NOT EXISTS pool_matches (
	entry_id TEXT PRIMARY KEY,
	room_id  TEXT NOT NULL,
	at       INTEGER NOT NULL
);`

// poolEntryColumns are a wait's columns, in scanPoolEntry's order.
const poolEntryColumns = `id, pool, player, token_hash, name, account, rating, bot, wants_bots, since, ready, seen`
