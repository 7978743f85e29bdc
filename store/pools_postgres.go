package store

// poolsMigration is the PostgreSQL migration that adds quick pairing's
// pools, who aborted a game (for the count of a player's aborts in a row)
// and open challenges (migrations, 8).
const poolsMigration = `ALTER TABLE rooms ADD COLUMN aborted_by integer NOT NULL DEFAULT -1,
		ADD COLUMN open boolean NOT NULL DEFAULT false, ADD COLUMN seeking boolean NOT NULL DEFAULT false;
	CREATE INDEX rooms_seeking ON rooms (updated_at DESC) WHERE seeking;
	CREATE TABLE pool_entries (
		id         text PRIMARY KEY,
		pool       text NOT NULL,
		player     text NOT NULL UNIQUE,
		token_hash text NOT NULL,
		name       text NOT NULL,
		account    text NOT NULL,
		rating     double precision NOT NULL,
		bot        boolean NOT NULL,
		wants_bots boolean NOT NULL,
		since      bigint NOT NULL,
		ready      bigint NOT NULL,
		seen       bigint NOT NULL
	);
	CREATE INDEX pool_entries_pool ON pool_entries (pool, since);
	CREATE TABLE pool_matches (
		entry_id text PRIMARY KEY,
		room_id  text NOT NULL,
		at       bigint NOT NULL
	);`
