package director

import (
	"cmp"
	"slices"

	"boardroom/store"
	"boardroom/tournament"
)

// Standing is a player's place in an arena.
type Standing struct {
	Account string
	Bot     bool
	Rating  int
	// Rank is the place, 1 the top: by points, then rating, then name.
	Rank  int
	Sheet tournament.ArenaSheet
	// Playing says the player has a game going on; Active that they are
	// in (not left or paused).
	Playing, Active bool
	// Room is the game they play now ("" when none).
	Room string
}

// ArenaStandings ranks an arena's entrants by the games played so far:
// each player's finished games are scored in the order they ended
// (tournament.ScoreArena: a streak is a run in time); an aborted game
// counts for nobody.
func ArenaStandings(entrants []store.Entrant, games []store.TournamentGame) []Standing {
	ended := slices.Clone(games)
	slices.SortStableFunc(ended, func(a, b store.TournamentGame) int { return a.Ended.Compare(b.Ended) })
	played := map[string][]tournament.ArenaGame{}
	playing := map[string]string{}
	for _, g := range ended {
		for seat, who := range g.Seats {
			switch g.Result {
			case store.GamePlaying:
				playing[who] = g.Room
			case store.GameAborted:
			default:
				played[who] = append(played[who], tournament.ArenaGame{Outcome: outcomeOf(g.Result, seat),
					Berserk: g.Berserk[seat], OwnMoves: g.Moves[seat]})
			}
		}
	}
	out := make([]Standing, len(entrants))
	for i, e := range entrants {
		out[i] = Standing{Account: e.Account, Bot: e.Bot, Rating: e.Rating, Sheet: tournament.ScoreArena(played[e.Account]),
			Active: e.Active, Room: playing[e.Account]}
		out[i].Playing = out[i].Room != ""
	}
	slices.SortStableFunc(out, func(a, b Standing) int {
		return cmp.Or(cmp.Compare(b.Sheet.Total, a.Sheet.Total), cmp.Compare(b.Rating, a.Rating), cmp.Compare(a.Account, b.Account))
	})
	for i := range out {
		out[i].Rank = i + 1
	}
	return out
}

// outcomeOf is a game's result for the player in seat.
func outcomeOf(result, seat int) tournament.Outcome {
	switch result {
	case seat:
		return tournament.Win
	case -1:
		return tournament.Draw
	}
	return tournament.Loss
}

// lastOpponents is each player's opponent in the last game they began.
func lastOpponents(games []store.TournamentGame) map[string]string {
	last := map[string]string{}
	for _, g := range games { // in the order they began
		last[g.Seats[0]], last[g.Seats[1]] = g.Seats[1], g.Seats[0]
	}
	return last
}

// Place is a player's place in an event.
type Place struct {
	// Rank is their place, 1 the top, among Of players.
	Rank, Of int
	// Points are an arena's points, or a Swiss event's in half points.
	Points int
}

// PlaceOf is account's place in event t, ranked as its page ranks it
// (ArenaStandings or SwissStandings by its kind); false when they are not
// among its entrants.
func PlaceOf(t store.Tournament, entrants []store.Entrant, games []store.TournamentGame, account string) (Place, bool) {
	if t.Kind == store.Swiss {
		for i, s := range SwissStandings(entrants, games) {
			if s.ID == account {
				return Place{Rank: i + 1, Of: len(entrants), Points: s.Points}, true
			}
		}
		return Place{}, false
	}
	for _, s := range ArenaStandings(entrants, games) {
		if s.Account == account {
			return Place{Rank: s.Rank, Of: len(entrants), Points: s.Sheet.Total}, true
		}
	}
	return Place{}, false
}
