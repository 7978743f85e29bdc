package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"boardroom/realtime/vocab"
)

// Tournaments: arenas and Swiss events (package tournament holds their
// rules). An event's row says what is played and when; its entrants and
// its games are rows of their own. One node directs an event at a time,
// under a lease kept on the event's row (Direct): every write that pairs
// players or moves the event on checks the director's epoch in its
// transaction, so that a director that lost its lease (it stalled, or
// died and was replaced) can pair nobody, and no one is paired twice. A
// game's result reaches its event in the write that records the result
// (SetResult), so it is counted once and never lost.

// The kinds of event.
const (
	Arena = "arena"
	Swiss = "swiss"
)

// The states of an event.
const (
	TournamentCreated  = "created"
	TournamentStarted  = "started"
	TournamentFinished = "finished"
)

// The results of an event's game besides a seat's win (0, 1) and a draw
// (-1).
const (
	GamePlaying = -2
	GameAborted = -3
)

// Tournament is an event.
type Tournament struct {
	ID, Name string
	// Kind is Arena or Swiss.
	Kind    string
	Game    string
	Options map[string]string
	Clock   vocab.Clock
	Days    int // a correspondence clock's days a move
	// Minutes is an arena's length, Rounds a Swiss event's number of rounds.
	Minutes, Rounds int
	// TwoGames: a Swiss round is two games, each player first in one (for
	// games where the first seat's advantage tells).
	TwoGames bool
	// RoundDays is a correspondence Swiss event's days between its
	// rounds' starts: round k starts at Started + (k−1)×RoundDays days,
	// and not before the games of round k−1 have all ended. 0: each round
	// starts when the last game of the one before ends (a live Swiss).
	RoundDays int
	Rated     bool
	// Bots says bot accounts may enter; BotsOnly that only they may (an
	// engine championship).
	Bots, BotsOnly bool
	// Creator is the player who made it ("" for the site's schedule).
	Creator string
	// Starts is when it is to start; Started when it did and Ends when an
	// arena stops pairing (both zero before it started).
	Starts, Started, Ends time.Time
	// Status is one of the states.
	Status string
	// Round is how many waves of pairings an arena made, or the Swiss
	// round being played (the last paired).
	Round   int
	Created time.Time
}

// Entrant is a player in an event.
type Entrant struct {
	// Account is the player's username.
	Account string
	Bot     bool
	// Rating is their rating in the event's game and speed when they
	// joined (their place among equals in the standings).
	Rating int
	Joined time.Time
	// Active says they are in: a player who left (or paused) is not
	// paired until they join again, and keeps their score.
	Active bool
}

// TournamentGame is one game of an event.
type TournamentGame struct {
	Room  string
	Round int
	// Seats are the players' accounts, the first seat's first.
	Seats [2]string
	// Result is the winning seat (0 or 1), -1 for a draw, GamePlaying or
	// GameAborted.
	Result int
	// Berserk: the seat halved their time before their first move.
	Berserk [2]bool
	// Moves counts each seat's moves when it ended.
	Moves          [2]int
	Started, Ended time.Time
}

// TournamentPairing is a game a director pairs: its room, made in the
// pairing's write, and the players in its seats. With no Room it is a
// Swiss bye: Seats[0] sits the round out, with a full point (a win), or
// half of one (HalfBye: a draw) for a player who joined late.
type TournamentPairing struct {
	Room    *Room
	Seats   [2]string
	HalfBye bool
}

// ByeRoom is the name a bye of player in round of event id has among the
// event's games (it has no room).
func ByeRoom(id string, round int, player string) string {
	return fmt.Sprintf("bye/%s/%d/%s", id, round, player)
}

// Directing is a director's hold on an event: the node and the epoch of
// its lease (Direct), checked by every write that moves the event on.
type Directing struct {
	Node  string
	Epoch int64
}

// ErrDirected says another node directs the event now.
var ErrDirected = errors.New("store: the event is directed by another node")

// Tournaments keeps the events.
type Tournaments interface {
	// CreateTournament stores a new event (its Status TournamentCreated);
	// ErrTaken when its id is another's (the schedule's events have ids
	// of their time, which every node makes alike).
	CreateTournament(ctx context.Context, t *Tournament) error
	// Tournament reads event id (ErrNotFound).
	Tournament(ctx context.Context, id string) (*Tournament, error)
	// ListTournaments lists up to limit events in status: those created
	// by their start, soonest first; the others most recent first.
	ListTournaments(ctx context.Context, status string, limit int) ([]Tournament, error)
	// TournamentsToDirect lists the events a director should run at now:
	// started ones, and created ones whose start has come.
	TournamentsToDirect(ctx context.Context, now time.Time) ([]Tournament, error)
	// JoinTournament enters e in event id, or brings them back in
	// (active) with their score; ErrNotFound for no event, ErrGone once
	// it has finished.
	JoinTournament(ctx context.Context, id string, e Entrant) error
	// LeaveTournament takes account out of event id's pairings: under way,
	// a pause (they keep their score, and may join again to resume);
	// before it started, a withdrawal (they are no longer among its
	// entrants).
	LeaveTournament(ctx context.Context, id, account string) error
	// Entrants lists event id's players, in the order they joined.
	Entrants(ctx context.Context, id string) ([]Entrant, error)
	// TournamentGames lists event id's games, in the order they began.
	TournamentGames(ctx context.Context, id string) ([]TournamentGame, error)
	// Direct takes or renews node's lease on event id until now+lease:
	// ErrDirected while another node's lease runs. A lease taken anew
	// has a new epoch, which fences out the node that held it before.
	Direct(ctx context.Context, id, node string, now time.Time, lease time.Duration) (Directing, error)
	// StartTournament starts event id at now (an arena ends at ends),
	// FinishTournament ends it; both only under d (ErrDirected).
	StartTournament(ctx context.Context, id string, d Directing, now, ends time.Time) error
	FinishTournament(ctx context.Context, id string, d Directing, now time.Time) error
	// PairTournament makes a wave of event id's games under d, in one
	// write: pick is given the entrants and the games so far, and its
	// pairings' rooms are made (owned as CreateRoom's, by ctx's fence)
	// with their games; the event's Round counts the wave. ErrDirected
	// when d no longer holds the event.
	PairTournament(ctx context.Context, id string, d Directing, pick func([]Entrant, []TournamentGame) []TournamentPairing) ([]TournamentPairing, error)
	// SetBerserk records that seat berserked in event game room, while it
	// is playing (ErrGone after).
	SetBerserk(ctx context.Context, room string, seat int) error
	// StartTournamentNow brings event id's start to now, at its
	// creator's word: ErrNotFound for no event, ErrNotCreator when
	// creator did not make it, ErrUnderWay once it started (or its start
	// has come). A director starts it at its next look.
	StartTournamentNow(ctx context.Context, id, creator string, now time.Time) error
	// UpcomingTournamentsBy counts the events creator made that have not
	// started (the pages bound how many a player may have waiting).
	UpcomingTournamentsBy(ctx context.Context, creator string) (int, error)
	// TournamentsEntered lists the events not finished (waiting to start
	// or under way) that account is in (active), for their pages to
	// follow them to their games.
	TournamentsEntered(ctx context.Context, account string) ([]string, error)
	// TournamentsPlayed lists up to limit events account played (a game
	// or a bye of theirs: not those they only joined), under way or
	// finished: those under way first, the last started first, then the
	// finished, the last finished first; each with its entrants and games,
	// which rank its players (tournament/director). Two reads, however
	// many events.
	TournamentsPlayed(ctx context.Context, account string, limit int) ([]TournamentRecord, error)
	// EntrantCounts counts the players of each of events ids (those who
	// left too), in one read; an event without any is absent.
	EntrantCounts(ctx context.Context, ids []string) (map[string]int, error)
}

// ErrNotCreator says a player asked of an event what only its creator may.
var ErrNotCreator = errors.New("store: not the event's creator")

// ErrUnderWay says an event has started, or its start has come.
var ErrUnderWay = errors.New("store: the event is under way")

// ErrGone says an event has finished.
var ErrGone = errors.New("store: the event has finished")

// tournamentColumns are an event's columns, in scanTournament's order.
const tournamentColumns = `id, name, kind, game, options, clock, days, minutes, rounds, two_games, rated, bots, bots_only, creator,
	starts_at, started_at, ends_at, status, round, created_at, round_days`

func scanTournament(r row) (t Tournament, err error) {
	var options string
	var starts, started, ends, created int64
	err = r.Scan(&t.ID, &t.Name, &t.Kind, &t.Game, &options, &t.Clock, &t.Days, &t.Minutes, &t.Rounds, &t.TwoGames, &t.Rated, &t.Bots, &t.BotsOnly,
		&t.Creator, &starts, &started, &ends, &t.Status, &t.Round, &created, &t.RoundDays)
	if err != nil {
		return t, err
	}
	t.Starts, t.Started, t.Ends, t.Created = time.UnixMilli(starts), fromMillis(started), fromMillis(ends), time.UnixMilli(created)
	return t, json.Unmarshal([]byte(options), &t.Options)
}

// CreateTournament implements Tournaments.
func (b *base) CreateTournament(ctx context.Context, t *Tournament) error {
	options, err := json.Marshal(t.Options)
	if err != nil {
		return fmt.Errorf("store: event %s options: %w", t.ID, err)
	}
	t.Status = TournamentCreated
	_, err = b.e.exec(ctx, `INSERT INTO tournaments (`+tournamentColumns+`)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $17, $10, $11, $12, $13, $14, 0, 0, $15, 0, $16, $18)`,
		t.ID, t.Name, t.Kind, t.Game, string(options), string(t.Clock), t.Days, t.Minutes, t.Rounds, t.Rated, t.Bots, t.BotsOnly,
		t.Creator, t.Starts.UnixMilli(), t.Status, t.Created.UnixMilli(), t.TwoGames, t.RoundDays)
	if b.e.unique(err, "") {
		return fmt.Errorf("%w: event %s", ErrTaken, t.ID)
	}
	if err != nil {
		return fmt.Errorf("store: event %s: %w", t.ID, err)
	}
	return nil
}

// Tournament implements Tournaments.
func (b *base) Tournament(ctx context.Context, id string) (*Tournament, error) {
	t, err := scanTournament(b.db.QueryRowContext(ctx, `SELECT `+tournamentColumns+` FROM tournaments WHERE id = $1`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("store: event %s: %w", id, ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("store: event %s: %w", id, err)
	}
	return &t, nil
}

// ListTournaments implements Tournaments.
func (b *base) ListTournaments(ctx context.Context, status string, limit int) ([]Tournament, error) {
	order := `started_at DESC, id`
	if status == TournamentCreated {
		order = `starts_at, id`
	}
	rows, err := b.db.QueryContext(ctx, `SELECT `+tournamentColumns+` FROM tournaments WHERE status = $1 ORDER BY `+order+` LIMIT $2`,
		status, limit)
	return collect(rows, err, "events", scanTournament)
}

// TournamentsToDirect implements Tournaments.
func (b *base) TournamentsToDirect(ctx context.Context, now time.Time) ([]Tournament, error) {
	rows, err := b.db.QueryContext(ctx, `SELECT `+tournamentColumns+` FROM tournaments
		WHERE status = $1 OR (status = $2 AND starts_at <= $3) ORDER BY starts_at, id`,
		TournamentStarted, TournamentCreated, now.UnixMilli())
	return collect(rows, err, "events to direct", scanTournament)
}

// JoinTournament implements Tournaments.
func (b *base) JoinTournament(ctx context.Context, id string, e Entrant) error {
	return b.e.writeTx(ctx, func(tx txn) error {
		var status string
		err := tx.QueryRow(`SELECT status FROM tournaments WHERE id = $1`, id).Scan(&status)
		switch {
		case errors.Is(err, sql.ErrNoRows):
			return fmt.Errorf("store: event %s: %w", id, ErrNotFound)
		case err != nil:
			return fmt.Errorf("store: event %s: %w", id, err)
		case status == TournamentFinished:
			return ErrGone
		}
		_, err = tx.Exec(`INSERT INTO tournament_players (tournament, account, bot, rating, joined_at, active)
			VALUES ($1, $2, $3, $4, $5, TRUE) ON CONFLICT (tournament, account) DO UPDATE SET active = TRUE`,
			id, e.Account, e.Bot, e.Rating, e.Joined.UnixMilli())
		if err != nil {
			return fmt.Errorf("store: event %s entrant %s: %w", id, e.Account, err)
		}
		return nil
	})
}

// LeaveTournament implements Tournaments. The event's row is held while
// its status decides, so that a leave and the event's start (the
// director's write, which then pairs) come one after the other: a player
// withdrawn is never paired, and one paired is paused, not withdrawn.
func (b *base) LeaveTournament(ctx context.Context, id, account string) error {
	return b.e.writeTx(ctx, func(tx txn) error {
		var status string
		err := tx.QueryRow(`SELECT status FROM tournaments WHERE id = $1`+b.e.forUpdate(), id).Scan(&status)
		switch {
		case errors.Is(err, sql.ErrNoRows):
			return nil // nobody is in no event
		case err != nil:
			return fmt.Errorf("store: event %s: %w", id, err)
		case status == TournamentCreated:
			_, err = tx.Exec(`DELETE FROM tournament_players WHERE tournament = $1 AND account = $2`, id, account)
		default:
			_, err = tx.Exec(`UPDATE tournament_players SET active = FALSE WHERE tournament = $1 AND account = $2`, id, account)
		}
		if err != nil {
			return fmt.Errorf("store: event %s entrant %s: %w", id, account, err)
		}
		return nil
	})
}

// Entrants implements Tournaments.
func (b *base) Entrants(ctx context.Context, id string) ([]Entrant, error) {
	rows, err := b.db.QueryContext(ctx, `SELECT account, bot, rating, joined_at, active FROM tournament_players
		WHERE tournament = $1 ORDER BY joined_at, account`, id)
	return collect(rows, err, "entrants", scanEntrant)
}

func scanEntrant(r row) (e Entrant, err error) {
	var joined int64
	err = r.Scan(&e.Account, &e.Bot, &e.Rating, &joined, &e.Active)
	e.Joined = time.UnixMilli(joined)
	return e, err
}

// tournamentGameColumns are an event's game's columns, in scanTournamentGame's order.
const tournamentGameColumns = `room, round, seat0, seat1, result, berserk0, berserk1, moves0, moves1, started_at, ended_at`

func scanTournamentGame(r row) (g TournamentGame, err error) {
	var started, ended int64
	err = r.Scan(&g.Room, &g.Round, &g.Seats[0], &g.Seats[1], &g.Result, &g.Berserk[0], &g.Berserk[1], &g.Moves[0], &g.Moves[1],
		&started, &ended)
	g.Started, g.Ended = time.UnixMilli(started), fromMillis(ended)
	return g, err
}

// TournamentGames implements Tournaments.
func (b *base) TournamentGames(ctx context.Context, id string) ([]TournamentGame, error) {
	rows, err := b.db.QueryContext(ctx, `SELECT `+tournamentGameColumns+` FROM tournament_games
		WHERE tournament = $1 ORDER BY started_at, room`, id)
	return collect(rows, err, "event's games", scanTournamentGame)
}

// SetBerserk implements Tournaments.
func (b *base) SetBerserk(ctx context.Context, room string, seat int) error {
	column := "berserk0"
	if seat == 1 {
		column = "berserk1"
	}
	res, err := b.e.exec(ctx, `UPDATE tournament_games SET `+column+` = TRUE WHERE room = $1 AND result = $2`, room, GamePlaying)
	if err != nil {
		return fmt.Errorf("store: event game %s: %w", room, err)
	}
	return affected(res, nil, ErrGone)
}

// StartTournamentNow implements Tournaments.
func (b *base) StartTournamentNow(ctx context.Context, id, creator string, now time.Time) error {
	return b.e.writeTx(ctx, func(tx txn) error {
		var owner, status string
		var starts int64
		err := tx.QueryRow(`SELECT creator, status, starts_at FROM tournaments WHERE id = $1`+b.e.forUpdate(), id).Scan(&owner, &status, &starts)
		switch {
		case errors.Is(err, sql.ErrNoRows):
			return fmt.Errorf("store: event %s: %w", id, ErrNotFound)
		case err != nil:
			return fmt.Errorf("store: event %s: %w", id, err)
		case owner == "" || owner != creator:
			return ErrNotCreator
		case status != TournamentCreated || starts <= now.UnixMilli():
			return ErrUnderWay
		}
		_, err = tx.Exec(`UPDATE tournaments SET starts_at = $2 WHERE id = $1 AND status = $3`, id, now.UnixMilli(), TournamentCreated)
		if err != nil {
			return fmt.Errorf("store: event %s start: %w", id, err)
		}
		return nil
	})
}

// UpcomingTournamentsBy implements Tournaments.
func (b *base) UpcomingTournamentsBy(ctx context.Context, creator string) (int, error) {
	var n int
	err := b.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM tournaments WHERE creator = $1 AND status = $2`, creator, TournamentCreated).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("store: events of %s: %w", creator, err)
	}
	return n, nil
}

// TournamentsEntered implements Tournaments. The events not finished
// are few (the status index finds them), each looked up by its key for
// the player.
func (b *base) TournamentsEntered(ctx context.Context, account string) ([]string, error) {
	rows, err := b.db.QueryContext(ctx, `SELECT t.id FROM tournaments t JOIN tournament_players p ON p.tournament = t.id
		WHERE t.status IN ($1, $2) AND p.account = $3 AND p.active ORDER BY t.starts_at, t.id`, TournamentCreated, TournamentStarted, account)
	return collect(rows, err, "events entered", func(r row) (id string, err error) { return id, r.Scan(&id) })
}

// EntrantCounts implements Tournaments.
func (b *base) EntrantCounts(ctx context.Context, ids []string) (map[string]int, error) {
	out := map[string]int{}
	if len(ids) == 0 {
		return out, nil
	}
	in, args := b.e.anyOf("tournament", 1, ids)
	rows, err := b.db.QueryContext(ctx, `SELECT tournament, COUNT(*) FROM tournament_players WHERE `+in+` GROUP BY tournament`, args...)
	_, err = collect(rows, err, "entrants counted", func(r row) (id string, err error) {
		var n int
		err = r.Scan(&id, &n)
		out[id] = n
		return id, err
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// tournamentTables are the events, their players and their games, for
// both engines (schema.go). director, director_epoch and director_until
// are the lease of the node that directs the event (Direct).
const tournamentTables = `CREATE TABLE IF NOT EXISTS tournaments (
	id             {text} PRIMARY KEY,
	name           {text} NOT NULL,
	kind           {text} NOT NULL,
	game           {text} NOT NULL,
	options        {text} NOT NULL,
	clock          {text} NOT NULL,
	days           {int} NOT NULL DEFAULT 0,
	minutes        {int} NOT NULL DEFAULT 0,
	rounds         {int} NOT NULL DEFAULT 0,
	two_games      {bool} NOT NULL DEFAULT {false},
	round_days     {int} NOT NULL DEFAULT 0,
	rated          {bool} NOT NULL,
	bots           {bool} NOT NULL,
	bots_only      {bool} NOT NULL,
	creator        {text} NOT NULL,
	starts_at      {bigint} NOT NULL,
	started_at     {bigint} NOT NULL,
	ends_at        {bigint} NOT NULL,
	status         {text} NOT NULL,
	round          {int} NOT NULL,
	created_at     {bigint} NOT NULL,
	director       {text} NOT NULL DEFAULT '',
	director_epoch {bigint} NOT NULL DEFAULT 0,
	director_until {bigint} NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS tournaments_status ON tournaments(status, starts_at);
CREATE TABLE IF NOT EXISTS tournament_players (
	tournament {text} NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
	account    {text} NOT NULL,
	bot        {bool} NOT NULL,
	rating     {int} NOT NULL,
	joined_at  {bigint} NOT NULL,
	active     {bool} NOT NULL,
	PRIMARY KEY (tournament, account)
);
CREATE TABLE IF NOT EXISTS tournament_games (
	tournament {text} NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
	room       {text} NOT NULL PRIMARY KEY,
	round      {int} NOT NULL,
	seat0      {text} NOT NULL,
	seat1      {text} NOT NULL,
	result     {int} NOT NULL,
	berserk0   {bool} NOT NULL DEFAULT {false},
	berserk1   {bool} NOT NULL DEFAULT {false},
	moves0     {int} NOT NULL DEFAULT 0,
	moves1     {int} NOT NULL DEFAULT 0,
	started_at {bigint} NOT NULL,
	ended_at   {bigint} NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS tournament_games_of ON tournament_games(tournament, started_at);`
