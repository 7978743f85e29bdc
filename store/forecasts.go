package store

import (
	"context"
	"encoding/json"
	"fmt"
)

// Forecasts keep the conditional moves of correspondence games (package
// game/forecast): a waiting player's lines, "if they play X, I play Y",
// one row a room and seat. A forecast is anchored to the log: its lines
// start from the position after Ply turns, so that the log, which each
// move writes anyway, says how far it has gone. A room that loads after a
// crash moves its forecasts on through the turns played since Ply, and
// finds a reply still to play, or one played already, from the log alone:
// a move's write never has to touch the forecast for the forecast to stay
// true, so no crash can play a reply twice, lose one, or play a stale
// line. Every change of the log other than a move (ReplaceTurns, Rematch)
// deletes the room's forecasts in its own transaction, since the turns
// after Ply are then not the ones the lines were made for.

// Forecast is one seat's conditional moves in a room.
type Forecast struct {
	// Seat is the seat (0 or 1) whose replies the lines play.
	Seat int
	// Ply is the number of turns in the log when the lines start.
	Ply int
	// Lines are the moves, each line in order from the position after
	// Ply turns, as the game writes them.
	Lines [][]string
	// Said is what the forecast last played, for its player when they
	// come back ("Your forecast answered 1 with 4."); kept with no lines
	// left, until the player moves.
	Said string
}

// Forecasts is what the rooms keep of their players' conditional moves.
type Forecasts interface {
	// SetForecast records f as its seat's forecast in room id, replacing
	// what the seat had; a forecast with no lines and nothing said
	// deletes it. It is a
	// write of the room's (fenced on PostgreSQL) and leaves the room's
	// changed time alone.
	SetForecast(ctx context.Context, id string, f Forecast) error
	// Forecasts lists room id's forecasts, by seat (none: an empty list).
	Forecasts(ctx context.Context, id string) ([]Forecast, error)
}

// forecastTables keep the forecasts, for both engines (schema.go).
const forecastTables = `CREATE TABLE IF NOT EXISTS forecasts (
	room_id {text} NOT NULL REFERENCES rooms(id) ON DELETE CASCADE,
	seat    {int} NOT NULL,
	ply     {int} NOT NULL,
	lines   {text} NOT NULL,
	said    {text} NOT NULL DEFAULT '',
	PRIMARY KEY (room_id, seat)
){norowid};`

// deleteForecastsSQL drops a room's forecasts (a change of its log).
const deleteForecastsSQL = `DELETE FROM forecasts WHERE room_id = $1`

// SetForecast implements Forecasts: the room's row held (and fenced) while
// the seat's row is replaced.
func (b *base) SetForecast(ctx context.Context, id string, f Forecast) error {
	if f.Seat != 0 && f.Seat != 1 {
		return fmt.Errorf("store: room %q forecast: no seat %d", id, f.Seat)
	}
	if f.Lines == nil {
		f.Lines = [][]string{}
	}
	lines, err := json.Marshal(f.Lines)
	if err != nil {
		return fmt.Errorf("store: room %q forecast: %w", id, err)
	}
	return b.e.roomTx(ctx, id, "", nil, func(tx txn) error {
		var err error
		if len(f.Lines) == 0 && f.Said == "" {
			_, err = tx.Exec(`DELETE FROM forecasts WHERE room_id = $1 AND seat = $2`, id, f.Seat)
		} else {
			_, err = tx.Exec(`INSERT INTO forecasts (room_id, seat, ply, lines, said) VALUES ($1, $2, $3, $4, $5)
				ON CONFLICT (room_id, seat) DO UPDATE SET ply = excluded.ply, lines = excluded.lines, said = excluded.said`,
				id, f.Seat, f.Ply, string(lines), f.Said)
		}
		if err != nil {
			return fmt.Errorf("store: room %q forecast: %w", id, err)
		}
		return nil
	})
}

// Forecasts implements Forecasts.
func (b *base) Forecasts(ctx context.Context, id string) ([]Forecast, error) {
	rows, err := b.db.QueryContext(ctx, `SELECT seat, ply, lines, said FROM forecasts WHERE room_id = $1 ORDER BY seat`, id)
	return collect(rows, err, "forecasts", func(r row) (f Forecast, err error) {
		var lines string
		if err = r.Scan(&f.Seat, &f.Ply, &lines, &f.Said); err != nil {
			return f, err
		}
		if err = json.Unmarshal([]byte(lines), &f.Lines); len(f.Lines) == 0 {
			f.Lines = nil
		}
		return f, err
	})
}
