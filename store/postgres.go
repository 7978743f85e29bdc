package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/pgx/v5/stdlib"
)

// Postgres is a Store in a PostgreSQL database, shared by the nodes of a
// cluster. It also implements Leases: each room is owned by one node at a
// time, and every write of a room is fenced (lease.go). Its rooms, turns and
// chat have the same meaning and encoding as SQLite's; times of the game
// (created, updated, played, sent) are the node's, in milliseconds, while
// lease times are the database's own.
type Postgres struct {
	// base is the domains, over pool as a database/sql handle (pgx's
	// stdlib driver: each connection keeps its prepared statements, the
	// pool its limit).
	base
	pool   *pgxpool.Pool
	closed atomic.Bool
}

// migrations are the versions of the schema, in order. A database records
// the last it has (schema_version); opening it runs those after, so a newer
// program upgrades an older database. Never edit one that has shipped:
// append another.
var migrations = []string{
	// 1: rooms with their turns and chat, and their ownership: the nodes'
	// sessions with their leases, each room's owner and epoch, the log of
	// acquisitions and the epoch that wrote each turn.
	`CREATE TABLE nodes (
		session text PRIMARY KEY,
		node    text NOT NULL,
		started timestamptz NOT NULL,
		expires timestamptz NOT NULL
	);` + postgresDDL(roomTables+chatTables) + `
	CREATE INDEX rooms_listed ON rooms (over, updated_at DESC, id) WHERE NOT private AND NOT aborted AND seated;
	CREATE INDEX rooms_unfinished ON rooms (updated_at) WHERE NOT over;
	CREATE TABLE acquisitions (
		room_id text NOT NULL REFERENCES rooms(id) ON DELETE CASCADE,
		epoch   bigint NOT NULL,
		session text NOT NULL,
		node    text NOT NULL,
		at      timestamptz NOT NULL,
		PRIMARY KEY (room_id, epoch)
	);`,
	// 2: the move clock's recorded start and stop (milliseconds, the
	// node's time, as every game time), so that a room resumes its clock
	// where it stood; and when each session was last known to run (its
	// last heartbeat, or its leaving), so that a node taking the rooms of
	// one that died knows since when their clocks stood still.
	`ALTER TABLE rooms ADD COLUMN clock_from bigint, ADD COLUMN clock_stopped bigint;
	ALTER TABLE nodes ADD COLUMN seen timestamptz;`,
	// 3: the per-address limits every node counts together (RateLimits):
	// a token bucket a key, refilled by the time since at.
	`CREATE TABLE rate_limits (
		key    text PRIMARY KEY,
		tokens double precision NOT NULL,
		at     timestamptz NOT NULL
	);`,
	// 4: when a page was last seen open in the room (milliseconds, the
	// node's time; 0: never), so that the lobby lists a live room while
	// someone looks at it or plays, and not for ever.
	`ALTER TABLE rooms ADD COLUMN seen_at bigint NOT NULL DEFAULT 0;`,
	// 5: the players' accounts and their log-in sessions (Accounts).
	postgresDDL(accountTables),
	// 6: a player's finished games are found by the accounts in the
	// seats (PlayerGames).
	`CREATE INDEX rooms_account0 ON rooms ((seats::jsonb -> 0 ->> 'account'), updated_at DESC) WHERE over;
	CREATE INDEX rooms_account1 ON rooms ((seats::jsonb -> 1 ->> 'account'), updated_at DESC) WHERE over;`,
	// 7: rated games, the players' ratings and their history (Ratings).
	`ALTER TABLE rooms ADD COLUMN rated boolean NOT NULL DEFAULT false, ADD COLUMN rating_changes text;` +
		postgresDDL(ratingTables),
	// 8: quick pairing's pools (Pools), who aborted a game, open
	// challenges (Seeks).
	`ALTER TABLE rooms ADD COLUMN aborted_by integer NOT NULL DEFAULT -1,
		ADD COLUMN open boolean NOT NULL DEFAULT false, ADD COLUMN seeking boolean NOT NULL DEFAULT false;
	CREATE INDEX rooms_seeking ON rooms (updated_at DESC) WHERE seeking;` + postgresDDL(poolTables),
	// 9: the accounts' passkeys and the challenges of passkey ceremonies
	// under way (Passkeys).
	postgresDDL(passkeyTables),
	// 10: who is on the site, and direct challenges (Presence, Challenges;
	// the challenges' reason too since 13 was written).
	postgresDDL(socialTables),
	// 11: bot accounts, and the games quick pairing made for them (Bots).
	postgresDDL(botTables),
	// 12: the accounts seen in each browser (Links).
	postgresDDL(linkTables),
	// 13: why a direct challenge was declined (in the table already where
	// 10 made it with the one source of the tables).
	`ALTER TABLE challenges ADD COLUMN IF NOT EXISTS reason text NOT NULL DEFAULT '';`,
	// 14: Web Push's key pair and the accounts' devices (Push).
	postgresDDL(pushTables),
	// 15: correspondence: a clock's days a move, and its turn's deadline,
	// alarm (milliseconds, the node's time; 0: none) and movers
	// (Deadlines), which the deadline keeper finds by their indexes; a
	// direct challenge's days a move.
	`ALTER TABLE challenges ADD COLUMN days integer NOT NULL DEFAULT 0;
	ALTER TABLE rooms ADD COLUMN days integer NOT NULL DEFAULT 0, ADD COLUMN due_at bigint NOT NULL DEFAULT 0,
		ADD COLUMN alarm_at bigint NOT NULL DEFAULT 0, ADD COLUMN movers text NOT NULL DEFAULT '';
	CREATE INDEX rooms_due ON rooms (due_at) WHERE due_at > 0 AND NOT over;
	CREATE INDEX rooms_alarm ON rooms (alarm_at) WHERE alarm_at > 0 AND NOT over;`,
	// 16: a player's direct challenges are read by when they stop waiting
	// (ChallengesOf), not when they were made: a correspondence challenge
	// waits for days. (A database made at 10 or later has them already.)
	`DROP INDEX IF EXISTS challenges_to; DROP INDEX IF EXISTS challenges_from;
	CREATE INDEX IF NOT EXISTS challenges_to_waiting ON challenges (to_name, expires);
	CREATE INDEX IF NOT EXISTS challenges_from_waiting ON challenges (from_name, expires);`,
	// 17: arenas and Swiss events, their players and games, and the event
	// a room's game is of (Tournaments).
	postgresDDL(tournamentTables) + `
	ALTER TABLE rooms ADD COLUMN tournament text NOT NULL DEFAULT '';`,
	// 18: the players' vacations from their correspondence games
	// (Vacations).
	postgresDDL(vacationTables),
	// 19: the conditional moves of correspondence games (Forecasts).
	postgresDDL(forecastTables),
	// 20: a player's games in play are found by the accounts in the seats
	// of the rooms not over (Playing: /games, and the count of games
	// awaiting a player's move).
	`CREATE INDEX rooms_playing0 ON rooms ((seats::jsonb -> 0 ->> 'account')) WHERE NOT over;
	CREATE INDEX rooms_playing1 ON rooms ((seats::jsonb -> 1 ->> 'account')) WHERE NOT over;`,
	// 21: a correspondence Swiss event's days between its rounds' starts
	// (Tournament.RoundDays; in the table already where 17 made it with
	// the one source of the tables).
	`ALTER TABLE tournaments ADD COLUMN IF NOT EXISTS round_days integer NOT NULL DEFAULT 0;`,
	// 22: a player's events are found by their entries (TournamentsPlayed:
	// their page's results).
	tournamentPlayersByAccount,
}

// migrationLock is the advisory lock that keeps nodes starting together
// from upgrading the schema at the same time.
const migrationLock = 0x626f617264 // "board"

// Pool settings a PostgreSQL URL does not set itself.
const (
	// defaultMaxConns lets many rooms write at once: each write holds a
	// connection for its transaction.
	defaultMaxConns = 16
	// idleInTransaction makes the server end a transaction left open by a
	// node that stopped (paused, or cut off) while it held a room's row,
	// so that the next owner does not wait for it for ever.
	idleInTransaction = "5s"
)

// IsPostgres reports whether dsn is a PostgreSQL URL (postgres:// or
// postgresql://) rather than the path of a SQLite file.
func IsPostgres(dsn string) bool {
	scheme, _, ok := strings.Cut(dsn, "://")
	return ok && (strings.EqualFold(scheme, "postgres") || strings.EqualFold(scheme, "postgresql"))
}

// Redact returns dsn fit for a log: a URL's password is hidden.
func Redact(dsn string) string {
	if !IsPostgres(dsn) {
		return dsn
	}
	u, err := url.Parse(dsn)
	if err != nil {
		return "postgres://(unreadable URL)"
	}
	if q := u.Query(); q.Has("password") {
		q.Set("password", "xxxxx")
		u.RawQuery = q.Encode()
	}
	return u.Redacted()
}

// OpenPostgres connects to the database at dsn (a postgres:// URL; pgx's
// parameters such as pool_max_conns are accepted) and creates or upgrades
// the schema.
func OpenPostgres(ctx context.Context, dsn string) (*Postgres, error) {
	scheme, rest, _ := strings.Cut(dsn, "://")
	cfg, err := pgxpool.ParseConfig(strings.ToLower(scheme) + "://" + rest) // pgx knows the scheme in lower case only
	if err != nil {
		return nil, fmt.Errorf("store: postgres URL %s: %w", Redact(dsn), err)
	}
	if !strings.Contains(dsn, "pool_max_conns") {
		cfg.MaxConns = defaultMaxConns
	}
	params := cfg.ConnConfig.RuntimeParams
	if _, ok := params["application_name"]; !ok {
		params["application_name"] = "boardroom"
	}
	if _, ok := params["idle_in_transaction_session_timeout"]; !ok {
		params["idle_in_transaction_session_timeout"] = idleInTransaction
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("store: open %s: %w", Redact(dsn), err)
	}
	if err := pool.Ping(ctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("store: connect to %s: %w", Redact(dsn), err)
	}
	if err := migratePostgres(ctx, pool); err != nil {
		pool.Close()
		return nil, fmt.Errorf("store: schema of %s: %w", Redact(dsn), err)
	}
	p := &Postgres{pool: pool}
	p.base = base{db: stdlib.OpenDBFromPool(pool), e: p, now: time.Now}
	return p, nil
}

// migratePostgres brings the schema to the last version, in one
// transaction under the migration lock.
func migratePostgres(ctx context.Context, pool *pgxpool.Pool) error {
	return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock($1)`, migrationLock); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `CREATE TABLE IF NOT EXISTS schema_version (version integer NOT NULL)`); err != nil {
			return err
		}
		var have int
		if err := tx.QueryRow(ctx, `SELECT coalesce(max(version), 0) FROM schema_version`).Scan(&have); err != nil {
			return err
		}
		if have > len(migrations) {
			return fmt.Errorf("the database's schema (version %d) is newer than this program's (%d)", have, len(migrations))
		}
		for v := have; v < len(migrations); v++ {
			if _, err := tx.Exec(ctx, migrations[v]); err != nil {
				return fmt.Errorf("version %d: %w", v+1, err)
			}
		}
		if _, err := tx.Exec(ctx, `DELETE FROM schema_version`); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `INSERT INTO schema_version (version) VALUES ($1)`, len(migrations))
		return err
	})
}

// Close closes the connections; later calls fail with ErrClosed.
func (p *Postgres) Close() error {
	if !p.closed.Swap(true) {
		p.db.Close() // leaves the pool open
		p.pool.Close()
	}
	return nil
}

// Ping checks that the database answers.
func (p *Postgres) Ping(ctx context.Context) error {
	if p.closed.Load() {
		return ErrClosed
	}
	if err := p.pool.Ping(ctx); err != nil {
		return fmt.Errorf("store: ping: %w", err)
	}
	return nil
}

// PostgreSQL as an engine (sqlbase.go): each write its own transaction.

func (p *Postgres) writeTx(ctx context.Context, fn func(tx txn) error) error {
	return inTx(ctx, p.db, fn)
}

func (p *Postgres) exec(ctx context.Context, query string, args ...any) (sql.Result, error) {
	if p.closed.Load() {
		return nil, ErrClosed
	}
	return p.db.ExecContext(ctx, query, args...)
}

func (p *Postgres) unique(err error, table string) bool {
	var pgErr *pgconn.PgError
	return errors.As(err, &pgErr) && pgErr.Code == uniqueViolation && (table == "" || pgErr.TableName == table)
}

func (p *Postgres) forUpdate() string { return " FOR UPDATE" }

func (p *Postgres) seatField(col string, i int, key string) string {
	return fmt.Sprintf("%s::jsonb -> %d ->> '%s'", col, i, key)
}

func (p *Postgres) anyOf(col string, n int, values []string) (string, []any) {
	return col + " = ANY($" + strconv.Itoa(n) + ")", []any{values}
}
