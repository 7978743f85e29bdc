package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"
)

// An event's direction (tournaments.go): the lease on its row, the writes
// that move it on under the lease's epoch, and the result a game's room
// hands it.

// Direct implements Tournaments.
func (b *base) Direct(ctx context.Context, id, node string, now time.Time, lease time.Duration) (Directing, error) {
	d := Directing{Node: node}
	// Most looks find another node's lease running: said by a read, with
	// no write.
	var holder string
	var until int64
	err := b.db.QueryRowContext(ctx, `SELECT director, director_until FROM tournaments WHERE id = $1`, id).Scan(&holder, &until)
	if err == nil && holder != node && holder != "" && until >= now.UnixMilli() {
		return d, ErrDirected
	}
	err = b.e.writeTx(ctx, func(tx txn) error {
		var holder string
		var epoch, until int64
		err := tx.QueryRow(`SELECT director, director_epoch, director_until FROM tournaments WHERE id = $1`+b.e.forUpdate(), id).
			Scan(&holder, &epoch, &until)
		switch {
		case errors.Is(err, sql.ErrNoRows):
			return fmt.Errorf("store: event %s: %w", id, ErrNotFound)
		case err != nil:
			return fmt.Errorf("store: event %s: %w", id, err)
		case holder != node && holder != "" && until >= now.UnixMilli():
			return ErrDirected
		}
		if holder != node || until < now.UnixMilli() {
			epoch++ // taken anew: whoever held it before is fenced out
		}
		d.Epoch = epoch
		_, err = tx.Exec(`UPDATE tournaments SET director = $2, director_epoch = $3, director_until = $4 WHERE id = $1`,
			id, node, epoch, now.Add(lease).UnixMilli())
		return err
	})
	return d, err
}

// fenced moves event id on in tx under d: set (its columns from $3 on)
// is written only while d holds the event, ErrDirected else.
func fenced(tx txn, id string, d Directing, set string, args ...any) error {
	res, err := tx.Exec(`UPDATE tournaments SET `+set+` WHERE id = $1 AND director = $2 AND director_epoch = $`+fmt.Sprint(3+len(args)),
		append(append([]any{id, d.Node}, args...), d.Epoch)...)
	if err != nil {
		return fmt.Errorf("store: event %s: %w", id, err)
	}
	return affected(res, nil, ErrDirected)
}

// StartTournament implements Tournaments.
func (b *base) StartTournament(ctx context.Context, id string, d Directing, now, ends time.Time) error {
	return b.e.writeTx(ctx, func(tx txn) error {
		return fenced(tx, id, d, `status = $3, started_at = $4, ends_at = $5`, TournamentStarted, now.UnixMilli(), millisOrZero(ends))
	})
}

// FinishTournament implements Tournaments.
func (b *base) FinishTournament(ctx context.Context, id string, d Directing, now time.Time) error {
	return b.e.writeTx(ctx, func(tx txn) error {
		return fenced(tx, id, d, `status = $3, ends_at = $4`, TournamentFinished, now.UnixMilli())
	})
}

// PairTournament implements Tournaments.
func (b *base) PairTournament(ctx context.Context, id string, d Directing,
	pick func([]Entrant, []TournamentGame) []TournamentPairing) ([]TournamentPairing, error) {
	var made []TournamentPairing
	err := b.e.fencedTx(ctx, "event "+id, func(tx txn) error {
		made = nil // a write tried again runs this again
		var round int
		if err := fenced(tx, id, d, `round = round + 1`); err != nil {
			return err // the row is held (PostgreSQL) from here to the commit
		}
		if err := tx.QueryRow(`SELECT round FROM tournaments WHERE id = $1`, id).Scan(&round); err != nil {
			return fmt.Errorf("store: event %s: %w", id, err)
		}
		rows, err := tx.Query(`SELECT account, bot, rating, joined_at, active FROM tournament_players
			WHERE tournament = $1 ORDER BY joined_at, account`, id)
		entrants, err := collect(rows, err, "entrants", scanEntrant)
		if err != nil {
			return err
		}
		rows, err = tx.Query(`SELECT `+tournamentGameColumns+` FROM tournament_games WHERE tournament = $1 ORDER BY started_at, room`, id)
		games, err := collect(rows, err, "event's games", scanTournamentGame)
		if err != nil {
			return err
		}
		now := b.stamp()
		var rooms []encodedRoom
		var paired []TournamentPairing
		for _, p := range pick(entrants, games) {
			if p.Room == nil { // a bye: its result now
				result := 0
				if p.HalfBye {
					result = -1
				}
				if _, err := tx.Exec(`INSERT INTO tournament_games (tournament, room, round, seat0, seat1, result, started_at, ended_at)
					VALUES ($1, $2, $3, $4, '', $5, $6, $6)`, id, ByeRoom(id, round, p.Seats[0]), round, p.Seats[0], result, now); err != nil {
					return fmt.Errorf("store: event %s bye: %w", id, err)
				}
				made = append(made, p)
				continue
			}
			p.Room.Tournament = id
			e, err := encodeRoom(p.Room, now)
			if err != nil {
				return err
			}
			rooms, paired = append(rooms, e), append(paired, p)
			made = append(made, p) // in pick's order, byes among them
		}
		if err := b.e.insertRooms(ctx, tx, rooms, true); err != nil {
			return err
		}
		return insertTournamentGames(tx, b.e.rowsPerInsert(), id, round, paired, now)
	})
	if err != nil {
		return nil, err
	}
	return made, nil
}

// insertTournamentGames writes the games of paired, a round's of event id
// begun at now (Unix ms, the store's stamp), perInsert rows a statement:
// a statement a game was a round trip each on PostgreSQL.
func insertTournamentGames(tx txn, perInsert int, id string, round int, paired []TournamentPairing, now int64) error {
	const params = 7
	for first := 0; first < len(paired); first += perInsert {
		chunk := paired[first:min(first+perInsert, len(paired))]
		var q strings.Builder
		q.WriteString(`INSERT INTO tournament_games (tournament, room, round, seat0, seat1, result, started_at) VALUES `)
		args := make([]any, 0, len(chunk)*params)
		for i, p := range chunk {
			if i > 0 {
				q.WriteString(", ")
			}
			n := len(args)
			fmt.Fprintf(&q, "($%d, $%d, $%d, $%d, $%d, $%d, $%d)", n+1, n+2, n+3, n+4, n+5, n+6, n+7)
			args = append(args, id, p.Room.ID, round, p.Seats[0], p.Seats[1], GamePlaying, now)
		}
		if _, err := tx.Exec(q.String(), args...); err != nil {
			return fmt.Errorf("store: event %s game: %w", id, err)
		}
	}
	return nil
}

// recordTournamentResult writes the result of event room id's game in tx,
// the write that records it on the room, once: a game's result is
// counted by its event when it is written, never again.
func recordTournamentResult(tx txn, id string, res Result, now int64) error {
	result := res.Winner
	switch {
	case !res.Over:
		return nil
	case res.Aborted:
		result = GameAborted
	}
	if _, err := tx.Exec(`UPDATE tournament_games SET result = $2, moves0 = $3, moves1 = $4, ended_at = $5
		WHERE room = $1 AND result = $6`, id, result, res.Moves[0], res.Moves[1], now, GamePlaying); err != nil {
		return fmt.Errorf("store: event game %s: %w", id, err)
	}
	return nil
}
