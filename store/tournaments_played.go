package store

import (
	"context"
	"strings"
	"time"
)

// A player's events, for their page: the events they played (a game or a
// bye of theirs), each with what ranks its players (its entrants and
// games; the ranking is tournament/director's), read in two queries
// whatever their number.

// TournamentRecord is an event with its entrants and its games.
type TournamentRecord struct {
	Tournament
	Entrants []Entrant
	Games    []TournamentGame
}

// tournamentPlayersByAccount finds a player's entries (TournamentsPlayed):
// without it, a player's events are a scan of every event's players.
// SQLite creates it at every start (sqlite.go's tables), PostgreSQL in
// its migration.
const tournamentPlayersByAccount = `CREATE INDEX IF NOT EXISTS tournament_players_account ON tournament_players(account);`

// qualified is the comma-separated columns cols, each prefixed with
// table's alias.
func qualified(alias, cols string) string {
	list := strings.Split(cols, ",")
	for i, c := range list {
		list[i] = alias + "." + strings.TrimSpace(c)
	}
	return strings.Join(list, ", ")
}

// tournamentsPlayedSQL is TournamentsPlayed's first read: $1 the player,
// $2 and $3 the states under way and finished, $4 how many events.
var tournamentsPlayedSQL = `SELECT ` + qualified("t", tournamentColumns) + `, e.account, e.bot, e.rating, e.joined_at, e.active
	FROM (SELECT ` + qualified("t", tournamentColumns) + `,
			CASE WHEN t.status = $2 THEN 1 ELSE 0 END AS under_way,
			CASE WHEN t.status = $2 THEN t.started_at ELSE t.ends_at END AS recent
		FROM tournament_players p JOIN tournaments t ON t.id = p.tournament
		WHERE p.account = $1 AND t.status IN ($2, $3)
			AND EXISTS (SELECT 1 FROM tournament_games g WHERE g.tournament = t.id AND (g.seat0 = $1 OR g.seat1 = $1))
		ORDER BY under_way DESC, recent DESC, t.id LIMIT $4) t
	JOIN tournament_players e ON e.tournament = t.id
	ORDER BY t.under_way DESC, t.recent DESC, t.id, e.joined_at, e.account`

// TournamentsPlayed implements Tournaments. The first read picks the
// events by the player's entries (their index) and a game of theirs in
// each (the games' index by event), and brings every entrant of each; the
// second reads their games. The order is said once, as the two columns
// the first read sorts by.
func (b *base) TournamentsPlayed(ctx context.Context, account string, limit int) ([]TournamentRecord, error) {
	rows, err := b.db.QueryContext(ctx, tournamentsPlayedSQL,
		account, TournamentStarted, TournamentFinished, limit)
	var out []TournamentRecord
	_, err = collect(rows, err, "events played", func(r row) (struct{}, error) {
		var e Entrant
		var joined int64
		t, err := scanTournament(extended{r, []any{&e.Account, &e.Bot, &e.Rating, &joined, &e.Active}})
		if err != nil {
			return struct{}{}, err
		}
		e.Joined = time.UnixMilli(joined)
		if n := len(out); n == 0 || out[n-1].ID != t.ID {
			out = append(out, TournamentRecord{Tournament: t})
		}
		out[len(out)-1].Entrants = append(out[len(out)-1].Entrants, e)
		return struct{}{}, nil
	})
	if err != nil || len(out) == 0 {
		return nil, err
	}
	index := map[string]int{}
	ids := make([]string, len(out))
	for i, t := range out {
		index[t.ID], ids[i] = i, t.ID
	}
	in, args := b.e.anyOf("tournament", 1, ids)
	rows, err = b.db.QueryContext(ctx, `SELECT `+tournamentGameColumns+`, tournament FROM tournament_games WHERE `+in+`
		ORDER BY tournament, started_at, room`, args...)
	_, err = collect(rows, err, "games of events played", func(r row) (struct{}, error) {
		var id string
		g, err := scanTournamentGame(extended{r, []any{&id}})
		if err == nil {
			out[index[id]].Games = append(out[index[id]].Games, g)
		}
		return struct{}{}, err
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// extended is a row with more columns after those a scan reads: they go
// to rest.
type extended struct {
	r    row
	rest []any
}

// Scan implements row.
func (x extended) Scan(dest ...any) error { return x.r.Scan(append(dest, x.rest...)...) }
