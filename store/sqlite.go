package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	_ "modernc.org/sqlite" // the "sqlite" database/sql driver
)

// schema is a new file's: the rooms as first made, which migrate brings
// to the last version.
var schema = sqliteDDL(roomTables) + `CREATE INDEX IF NOT EXISTS rooms_over_updated ON rooms(over, updated_at);`

// columns are the columns added since the first version of their table
// (rooms, unless named table.column), with how to fill them in a file
// made before: an upgrade adds what is missing.
var columns = []struct{ name, definition, fill string }{
	{"private", "INTEGER NOT NULL DEFAULT 0", ""},
	{"aborted", "INTEGER NOT NULL DEFAULT 0", ""},
	// Whether both seats are held (named full before: renamedColumns).
	{"seated", "INTEGER NOT NULL DEFAULT 0",
		`UPDATE rooms SET seated = (json_extract(seats, '$[0].kind') IS NOT NULL AND json_extract(seats, '$[1].kind') IS NOT NULL)`},
	{"next", "TEXT NOT NULL DEFAULT ''", ""},
	// The clock's recorded start and stop, in milliseconds (NULL: none).
	{"clock_from", "INTEGER", ""},
	{"clock_stopped", "INTEGER", ""},
	// When a page was last seen open in the room (SetSeen), in
	// milliseconds (0: never).
	{"seen_at", "INTEGER NOT NULL DEFAULT 0", ""},
	// Whether the game is rated, and what it changed once it was
	// (RatingChanges, JSON; NULL before).
	{"rated", "INTEGER NOT NULL DEFAULT 0", ""},
	{"rating_changes", "TEXT", ""},
	// The seat whose holder aborted the game (-1: none), for the count of
	// a player's aborts in a row (AbortsInARow).
	{"aborted_by", "INTEGER NOT NULL DEFAULT -1", ""},
	// Open challenges, and whether the lobby lists one now (Seeks).
	{"open", "INTEGER NOT NULL DEFAULT 0", ""},
	{"seeking", "INTEGER NOT NULL DEFAULT 0", ""},
	// Why a direct challenge was declined.
	{"challenges.reason", "TEXT NOT NULL DEFAULT ''", ""},
	// A correspondence clock's days a move, and its turn's deadline, alarm
	// (milliseconds, 0: none) and movers (Deadlines).
	{"days", "INTEGER NOT NULL DEFAULT 0", ""},
	{"due_at", "INTEGER NOT NULL DEFAULT 0", ""},
	{"alarm_at", "INTEGER NOT NULL DEFAULT 0", ""},
	{"movers", "TEXT NOT NULL DEFAULT ''", ""},
	{"challenges.days", "INTEGER NOT NULL DEFAULT 0", ""},
	// The event a room's game is of (Tournaments).
	{"tournament", "TEXT NOT NULL DEFAULT ''", ""},
	// A correspondence Swiss event's days between its rounds' starts.
	{"tournaments.round_days", "INTEGER NOT NULL DEFAULT 0", ""},
}

// renamedColumns are the rooms table's columns named otherwise in older
// files: an upgrade renames them, so both engines use one name.
var renamedColumns = []struct{ old, new string }{
	{"full", "seated"},
}

// tables are the tables added since the first version, created in a file
// made before by an upgrade (as in a new file: they are part of the schema).
var tables = []struct{ name, definition string }{
	// The rooms' chat (AppendChat).
	{"chat", sqliteDDL(chatTables)},
	// users and sessions are the players' accounts (Accounts).
	{"users and sessions", sqliteDDL(accountTables)},
	// A player's finished games are found by the accounts in the seats
	// (PlayerGames).
	{"accounts' games", `CREATE INDEX IF NOT EXISTS rooms_account0 ON rooms(json_extract(seats, '$[0].account'), updated_at) WHERE over = 1;
	CREATE INDEX IF NOT EXISTS rooms_account1 ON rooms(json_extract(seats, '$[1].account'), updated_at) WHERE over = 1;`},
	// A player's games in play are found by the accounts in the seats of
	// the rooms not over (Playing: /games, and the count of games awaiting
	// a player's move, read at each page of theirs).
	{"accounts' games in play", `CREATE INDEX IF NOT EXISTS rooms_playing0 ON rooms(json_extract(seats, '$[0].account')) WHERE NOT over;
	CREATE INDEX IF NOT EXISTS rooms_playing1 ON rooms(json_extract(seats, '$[1].account')) WHERE NOT over;`},
	// The players' ratings and their history (Ratings).
	{"ratings", sqliteDDL(ratingTables)},
	// Quick pairing's pools (Pools).
	{"pools", sqliteDDL(poolTables)},
	// Who is on the site, and direct challenges (Presence, Challenges).
	{"presence and challenges", sqliteDDL(socialTables)},
	// The accounts' passkeys and the challenges of passkey ceremonies
	// under way (Passkeys).
	{"passkeys", sqliteDDL(passkeyTables)},
	// Bot accounts, and the games quick pairing made for them (Bots).
	{"bots", sqliteDDL(botTables)},
	// The accounts seen in each browser (Links).
	{"browsers", sqliteDDL(linkTables)},
	// Web Push's key pair and the accounts' devices (Push).
	{"push", sqliteDDL(pushTables)},
	// Arenas and Swiss events, their players and games (Tournaments).
	{"tournaments", sqliteDDL(tournamentTables)},
	// A player's events are found by their entries (TournamentsPlayed).
	{"a player's events", tournamentPlayersByAccount},
	// The players' vacations (Vacations).
	{"vacations", sqliteDDL(vacationTables)},
	// The conditional moves of correspondence games (Forecasts).
	{"forecasts", sqliteDDL(forecastTables)},
}

// migrate adds the tables and columns a file made by an older version
// lacks.
func migrate(db *sql.DB) error {
	for _, t := range tables {
		if _, err := db.Exec(t.definition); err != nil {
			return fmt.Errorf("create table %s: %w", t.name, err)
		}
	}
	rows, err := db.Query(`SELECT CASE WHEN t.name = 'rooms' THEN '' ELSE t.name || '.' END || c.name
		FROM sqlite_master t, pragma_table_info(t.name) c WHERE t.type = 'table'`)
	have, err := collect(rows, err, "columns", scanValue[string])
	if err != nil {
		return err
	}
	for _, r := range renamedColumns {
		if slices.Contains(have, r.old) && !slices.Contains(have, r.new) {
			if _, err := db.Exec(`ALTER TABLE rooms RENAME COLUMN ` + r.old + ` TO ` + r.new); err != nil {
				return fmt.Errorf("rename column %s: %w", r.old, err)
			}
			have = append(have, r.new)
		}
	}
	for _, c := range columns {
		if slices.Contains(have, c.name) {
			continue
		}
		table, column, ok := strings.Cut(c.name, ".")
		if !ok {
			table, column = "rooms", c.name
		}
		if _, err := db.Exec(`ALTER TABLE ` + table + ` ADD COLUMN ` + column + ` ` + c.definition); err != nil {
			return fmt.Errorf("add column %s: %w", c.name, err)
		}
		if c.fill != "" {
			if _, err := db.Exec(c.fill); err != nil {
				return fmt.Errorf("fill column %s: %w", c.name, err)
			}
		}
	}
	if _, err := db.Exec(columnIndexes); err != nil {
		return fmt.Errorf("index the added columns: %w", err)
	}
	return nil
}

// columnIndexes index columns added since the first schema, once they are
// there: the deadline keeper's looks (Overdue, Alarms) find the few
// correspondence rooms due among all the rooms stored, every 30 s on every
// node, without reading them all. Only correspondence rooms are in them,
// so a live game's move writes neither. The challenges' indexes by when
// they were made gave way to indexes by when they stop waiting
// (socialTables).
const columnIndexes = `CREATE INDEX IF NOT EXISTS rooms_due ON rooms(due_at) WHERE due_at > 0 AND NOT over;
CREATE INDEX IF NOT EXISTS rooms_alarm ON rooms(alarm_at) WHERE alarm_at > 0 AND NOT over;
DROP INDEX IF EXISTS challenges_to;
DROP INDEX IF EXISTS challenges_from;`

// SQLite is a Store in one SQLite file.
//
// Writes go through one connection in the order they arrive, and the
// writes waiting at any moment are committed together in one transaction,
// by the caller that found nobody committing (writer.go): under load a commit carries many rooms' moves, which is what
// lets one SQLite file keep up with thousands of players. Reads use their
// own connections and never wait for the writer (WAL mode).
type SQLite struct {
	base          // the domains; their reads over base.db
	wdb   *sql.DB // the writer's single connection, wconn
	wconn *sql.Conn
	// begin, commitStmt and rollback are the writes' transaction, prepared
	// on wconn.
	begin, commitStmt, rollback *sql.Stmt
	mu                          sync.RWMutex // held for reading while a write is under way
	closed                      bool
	// wmu guards the writes queued and whether a caller leads (commits
	// them: writer.go); batch is the leader's.
	wmu     sync.Mutex
	queue   []*writeJob
	leading bool
	batch   []*writeJob
	commits atomic.Int64 // transactions committed, for tests
	// activity is when each room's changed time was last written by a
	// move (the writes' leader's alone: AppendTurn).
	activity activity
	// stmts are the writes' frequent statements, prepared once on the
	// writer's connection.
	stmts map[string]*sql.Stmt
}

// ErrClosed is returned for a write after Close.
var ErrClosed = errors.New("store: closed")

// OpenSQLite opens (creating if needed) the database at path. The write-ahead
// log with synchronous=NORMAL keeps every committed write through a crash of
// the process, which is what a game server must survive.
func OpenSQLite(path string) (*SQLite, error) {
	dsn := "file:" + path + "?_pragma=journal_mode(WAL)&_pragma=synchronous(NORMAL)" +
		"&_pragma=busy_timeout(10000)&_pragma=foreign_keys(ON)&_txlock=immediate"
	wdb, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, fmt.Errorf("store: open %s: %w", path, err)
	}
	wdb.SetMaxOpenConns(1)
	if _, err := wdb.Exec(schema); err != nil {
		wdb.Close()
		return nil, fmt.Errorf("store: create schema in %s: %w", path, err)
	}
	if err := migrate(wdb); err != nil {
		wdb.Close()
		return nil, fmt.Errorf("store: upgrade %s: %w", path, err)
	}
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		wdb.Close()
		return nil, fmt.Errorf("store: open %s: %w", path, err)
	}
	db.SetMaxOpenConns(4)
	s := &SQLite{wdb: wdb, stmts: map[string]*sql.Stmt{}}
	s.base = base{db: db, e: s, now: time.Now}
	if err := s.prepareWrites(); err != nil {
		wdb.Close()
		db.Close()
		return nil, err
	}
	return s, nil
}

// prepareWrites takes the write connection for the writes' own (wconn) and
// prepares on it the transaction's statements and the frequent writes.
func (s *SQLite) prepareWrites() error {
	conn, err := s.wdb.Conn(context.Background())
	if err != nil {
		return fmt.Errorf("store: the write connection: %w", err)
	}
	s.wconn = conn
	prepare := func(q string) (*sql.Stmt, error) {
		st, err := conn.PrepareContext(context.Background(), q)
		if err != nil {
			return nil, fmt.Errorf("store: prepare %q: %w", q, err)
		}
		return st, nil
	}
	for _, q := range []string{insertTurnSQL, appendTurnSQL, appendQuietTurnSQL, insertChatSQL, pruneChatSQL} {
		if s.stmts[q], err = prepare(q); err != nil {
			return err
		}
	}
	if s.begin, err = prepare("BEGIN IMMEDIATE"); err != nil {
		return err
	}
	if s.commitStmt, err = prepare("COMMIT"); err != nil {
		return err
	}
	s.rollback, err = prepare("ROLLBACK")
	return err
}

// Close finishes the writes under way and closes the database.
func (s *SQLite) Close() error {
	s.mu.Lock() // once every write under way is done
	defer s.mu.Unlock()
	if s.closed {
		return nil
	}
	s.closed = true
	// The statements first: a connection closed with statements of its
	// own still open stays open, and its log is neither checkpointed nor
	// removed.
	errs := []error{s.db.Close()}
	for _, st := range append(slices.Collect(maps.Values(s.stmts)), s.begin, s.commitStmt, s.rollback) {
		errs = append(errs, st.Close())
	}
	return errors.Join(append(errs, s.wconn.Close(), s.wdb.Close())...)
}

// Ping checks that the file can be read and the store is open.
func (s *SQLite) Ping(ctx context.Context) error {
	s.mu.RLock()
	closed := s.closed
	s.mu.RUnlock()
	if closed {
		return ErrClosed
	}
	var one int
	if err := s.db.QueryRowContext(ctx, `SELECT 1`).Scan(&one); err != nil {
		return fmt.Errorf("store: ping: %w", err)
	}
	return nil
}

// AppendTurn implements Store.
//
// What a move writes of its room's row is kept to what changed. Its
// changed time (updated_at) is written only once an activityStep has
// passed since this store last wrote it: the index that orders the rooms
// by it (the lobby's lists) was half of the pages a move wrote to the log,
// and what reads it asks for ten minutes' precision. The row's count of
// turns is not kept by a move at all (a summary counts the room's turns),
// so a move of a room whose row a move of this store wrote last, with no
// deadline to keep (not a correspondence game), writes its turn alone: one
// page of the log, where a move wrote four.
func (s *SQLite) AppendTurn(ctx context.Context, id string, ply int, t Turn) error {
	return s.write(ctx, func(tx *wtx) error {
		now := s.stamp()
		var err error
		switch {
		case s.activity.due(id, now): // a missing room is ErrNotFound, as for every write
			err = updateTx(tx, id, appendTurnSQL, append(append([]any{ply + 1, now}, dueArgs(t.Due)...), id)...)
			s.activity.wrote(id, now)
		case !t.Due.At.IsZero():
			err = updateTx(tx, id, appendQuietTurnSQL, append(append([]any{ply + 1}, dueArgs(t.Due)...), id)...)
		} // else the turn alone: a missing room fails its foreign key
		if err != nil {
			return err
		}
		return s.insertTurns(ctx, tx, id, ply, []Turn{t})
	})
}

// DeleteIdle implements Store.
func (s *SQLite) DeleteIdle(ctx context.Context, before time.Time, keep []string) (int, error) {
	if keep == nil {
		keep = []string{} // json null would be one NULL id, and NOT IN (NULL) keeps every room
	}
	keepJSON, err := json.Marshal(keep)
	if err != nil {
		return 0, err
	}
	res, err := s.exec(ctx, `DELETE FROM rooms WHERE turns = 0 AND over = 0 AND updated_at < $1
		AND id NOT IN (SELECT value FROM json_each($2)) AND (`+notCorrespondence+` OR updated_at < $3)`,
		before.UnixMilli(), string(keepJSON), before.Add(-correspondenceKept).UnixMilli())
	if err != nil {
		return 0, fmt.Errorf("store: delete idle rooms: %w", err)
	}
	n, err := res.RowsAffected()
	return int(n), err
}

// updateRoom implements engine.
func (s *SQLite) updateRoom(ctx context.Context, id, set, cond string, args ...any) (changed bool, err error) {
	query := `UPDATE rooms SET ` + set + ` WHERE id = $` + strconv.Itoa(len(args)+1)
	if cond != "" {
		query += ` AND ` + cond
	}
	args = append(args, id)
	err = s.write(ctx, func(tx *wtx) error {
		s.activity.forget(id) // its row may change: the next move writes it whole
		res, err := tx.Exec(query, args...)
		if err != nil {
			return fmt.Errorf("store: room %q: %w", id, err)
		}
		n, err := res.RowsAffected()
		if changed = n == 1; !changed && cond == "" && err == nil {
			return fmt.Errorf("store: room %q: %w", id, ErrNotFound)
		}
		return err
	})
	return changed, err
}

// roomTx implements engine: the one writer holds every row.
func (s *SQLite) roomTx(ctx context.Context, id, set string, args []any, fn func(tx txn) error) error {
	return s.write(ctx, func(tx *wtx) error {
		s.activity.forget(id) // its row may change: the next move writes it whole
		if set != "" {
			if err := updateTx(tx, id, `UPDATE rooms SET `+set+` WHERE id = $`+strconv.Itoa(len(args)+1), append(args, id)...); err != nil {
				return err
			}
			return fn(tx)
		}
		var one int
		err := tx.QueryRow(`SELECT 1 FROM rooms WHERE id = $1`, id).Scan(&one)
		if errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("store: room %q: %w", id, ErrNotFound)
		}
		if err != nil {
			return fmt.Errorf("store: room %q: %w", id, err)
		}
		return fn(tx)
	})
}

// fencedTx implements engine: SQLite has no fences.
func (s *SQLite) fencedTx(ctx context.Context, key string, fn func(tx txn) error) error {
	return s.writeTx(ctx, fn)
}

// rowsPerInsert implements engine.
func (s *SQLite) rowsPerInsert() int { return 1 }

// insertRooms implements engine.
func (s *SQLite) insertRooms(ctx context.Context, tx txn, rooms []encodedRoom, owned bool) error {
	for _, e := range rooms { // the one writer, in process: a statement a room costs no round trip
		_, err := tx.Exec(`INSERT INTO rooms (`+insertRoomColumns+`)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24)`, e.values()...)
		if err != nil {
			return fmt.Errorf("store: create room %s: %w", e.ID, err)
		}
		if err := s.insertTurns(ctx, tx, e.ID, 0, e.Turns); err != nil {
			return err
		}
	}
	return nil
}

// insertTurns implements engine: a prepared statement a turn.
func (s *SQLite) insertTurns(ctx context.Context, tx txn, id string, first int, turns []Turn) error {
	for i, t := range turns {
		_, err := tx.Exec(insertTurnSQL, id, first+i, t.Notation, t.At.UnixMilli(), t.Think.Microseconds(), t.Info)
		if err != nil && strings.Contains(err.Error(), "FOREIGN KEY constraint failed") {
			return fmt.Errorf("store: room %q: %w", id, ErrNotFound)
		}
		if err != nil {
			return fmt.Errorf("store: room %q turn %d: %w", id, first+i, err)
		}
	}
	return nil
}

// lockPool implements engine: the one writer runs one pairing at a time.
func (s *SQLite) lockPool(tx txn, pool string) (bool, error) { return true, nil }

// updateTx runs an UPDATE of one room and reports a missing room.
func updateTx(tx *wtx, id, query string, args ...any) error {
	res, err := tx.Exec(query, args...)
	if err != nil {
		return fmt.Errorf("store: room %q: %w", id, err)
	}
	if n, err := res.RowsAffected(); err == nil && n == 0 {
		return fmt.Errorf("store: room %q: %w", id, ErrNotFound)
	}
	return nil
}

// The statements every move runs, prepared once.
const (
	insertTurnSQL = `INSERT INTO turns (room_id, ply, notation, played_at, think_us, info) VALUES (?, ?, ?, ?, ?, ?)`
)

// appendTurnSQL is a move's change of the log (updateTurnsSet) with the
// next turn's deadline (dueSet).
var appendTurnSQL = `UPDATE rooms SET ` + updateTurnsSet + `, ` + dueSet(3) + ` WHERE id = $6`

// appendQuietTurnSQL is appendTurnSQL without the changed time.
var appendQuietTurnSQL = `UPDATE rooms SET turns = $1, clock_from = NULL, clock_stopped = NULL, ` + dueSet(2) + ` WHERE id = $5`
