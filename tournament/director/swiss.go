package director

import (
	"context"
	"errors"
	"time"

	"boardroom/realtime/match"
	"boardroom/realtime/vocab"
	"boardroom/store"
	"boardroom/tournament"
)

// A Swiss event plays Rounds rounds. Each is paired when the last game of
// the one before has ended (tournament.PairSwiss: within score groups,
// colours balanced, never a repeat; an odd player out sits with a full
// point), and a player who joins after the first round gets one half-point
// bye. With TwoGames each pairing plays twice, each player first once.
// The event finishes when its last round's games have ended, or sooner
// when no round can be paired without a repeat.
//
// A correspondence Swiss (RoundDays > 0) starts its rounds at set days
// (RoundStart): round k at its start + (k−1)×RoundDays days, so its
// players know when to look. A round whose day has come while a game of
// the one before still runs waits for that game to end, and starts then:
// a game is never cut short (a player who does not move loses on time, as
// in any correspondence game). The days do not slip: the rounds after a
// late one keep their set days, so a slow game shortens the next round's
// time, not the event's. Until a round's day the director reads only the
// event's row (as every event's, TournamentsToDirect), no game and no
// room: the correspondence rooms sleep until their players come back.

// RoundStart is when round (1, 2, …) of correspondence Swiss event t is
// set to start: its start (Started, or Starts before it started) and
// RoundDays days a round before it. Zero for a live Swiss, whose rounds
// start when the one before ends.
func RoundStart(t store.Tournament, round int) time.Time {
	if t.RoundDays <= 0 || round < 1 {
		return time.Time{}
	}
	start := t.Started
	if start.IsZero() {
		start = t.Starts
	}
	return start.Add(time.Duration(round-1) * time.Duration(t.RoundDays) * vocab.Day)
}

// directSwiss moves Swiss event t on under hold.
func (d *Director) directSwiss(ctx context.Context, t store.Tournament, hold store.Directing, now time.Time) error {
	if t.Round < t.Rounds && now.Before(RoundStart(t, t.Round+1)) {
		return nil // the next round's day has not come (a live Swiss's RoundStart is zero)
	}
	games, err := d.Store.TournamentGames(ctx, t.ID)
	if err != nil {
		return err
	}
	played := 0
	for _, g := range games {
		if g.Result == store.GamePlaying {
			return nil // the round goes on
		}
		played = max(played, g.Round)
	}
	if played >= t.Rounds {
		return d.finish(ctx, t, hold, now, len(games))
	}
	var noPairing bool
	fctx, err := d.Rooms.NewRoomContext(ctx)
	if err != nil {
		return err
	}
	made, err := d.Store.PairTournament(fctx, t.ID, hold, func(entrants []store.Entrant, games []store.TournamentGame) []store.TournamentPairing {
		round, err := d.swissRound(t, entrants, games, now)
		noPairing = errors.Is(err, tournament.ErrNoPairing)
		return round
	})
	if err != nil {
		return err
	}
	if noPairing {
		d.Log.Info("event out of pairings", "event", t.ID, "rounds", played)
		return d.finish(ctx, t, hold, now, len(games))
	}
	d.ran(ctx, t, made)
	return nil
}

// finish ends event t, its games all ended.
func (d *Director) finish(ctx context.Context, t store.Tournament, hold store.Directing, now time.Time, games int) error {
	if err := d.Store.FinishTournament(ctx, t.ID, hold, now); err != nil {
		return err
	}
	d.Log.Info("event finished", "event", t.ID, "games", games)
	return nil
}

// swissRound pairs the next round of Swiss event t: its games (two each
// with TwoGames) and byes.
func (d *Director) swissRound(t store.Tournament, entrants []store.Entrant, games []store.TournamentGame, now time.Time) ([]store.TournamentPairing, error) {
	rounds := 0
	for _, g := range games {
		rounds = max(rounds, g.Round)
	}
	players := swissPlayers(entrants, games)
	var out []store.TournamentPairing
	var active []tournament.SwissPlayer
	bots := map[string]bool{}
	for _, e := range entrants {
		bots[e.Account] = e.Bot
		if !e.Active {
			continue
		}
		p := players[e.Account]
		if rounds > 0 && len(p.Colours) == 0 { // late: one half-point bye
			out = append(out, store.TournamentPairing{Seats: [2]string{e.Account}, HalfBye: true})
			p.Points++
			p.Colours = append(p.Colours, tournament.NoColour)
		}
		active = append(active, *p)
	}
	if len(active) < 2 {
		return nil, tournament.ErrNoPairing
	}
	round, err := tournament.PairSwiss(active)
	if err != nil {
		return nil, err
	}
	if round.Bye != "" {
		out = append(out, store.TournamentPairing{Seats: [2]string{round.Bye}})
	}
	seat := func(a string) store.Seat { return store.Seat{Account: a, BotAccount: bots[a]} }
	for _, p := range round.Pairs {
		orders := [][2]string{{p[0], p[1]}}
		if t.TwoGames {
			orders = append(orders, [2]string{p[1], p[0]})
		}
		for _, o := range orders {
			rec, err := match.SeatedRecord(t.Game, t.Clock, t.Days, t.Rated, [2]store.Seat{seat(o[0]), seat(o[1])}, now)
			if err != nil {
				d.Log.Warn("event's game not made", "event", t.ID, "players", o, "err", err)
				continue
			}
			out = append(out, store.TournamentPairing{Room: rec, Seats: o})
		}
	}
	return out, nil
}

// swissPlayers is each entrant's Swiss record from the event's games: a
// win 2 points, a draw 1 (a full bye a win, a late joiner's a draw), the
// colours they had, whom they met.
func swissPlayers(entrants []store.Entrant, games []store.TournamentGame) map[string]*tournament.SwissPlayer {
	players := map[string]*tournament.SwissPlayer{}
	for _, e := range entrants {
		players[e.Account] = &tournament.SwissPlayer{ID: e.Account, Rating: e.Rating}
	}
	for _, g := range games {
		if g.Seats[1] == "" { // a bye
			if p := players[g.Seats[0]]; p != nil {
				p.Points += int(outcomeOf(g.Result, 0))
				p.Colours = append(p.Colours, tournament.NoColour)
				p.HadBye = p.HadBye || g.Result == 0
			}
			continue
		}
		for seat, who := range g.Seats {
			p := players[who]
			if p == nil {
				continue
			}
			colour := tournament.White
			if seat == 1 {
				colour = tournament.Black
			}
			p.Colours = append(p.Colours, colour)
			p.Opponents = append(p.Opponents, g.Seats[1-seat])
			if g.Result != store.GameAborted && g.Result != store.GamePlaying {
				p.Points += int(outcomeOf(g.Result, seat))
			}
		}
	}
	return players
}

// SwissStandings ranks a Swiss event's entrants (points, then Buchholz,
// then Sonneborn–Berger: tournament.SwissStandings), in half points.
func SwissStandings(entrants []store.Entrant, games []store.TournamentGame) []tournament.SwissStanding {
	ratings := tournament.Players{}
	for _, e := range entrants {
		ratings[e.Account] = e.Rating
	}
	byes := map[string]int{}
	var played []tournament.SwissGame
	for _, g := range games {
		switch {
		case g.Result == store.GamePlaying || g.Result == store.GameAborted:
		case g.Seats[1] == "":
			byes[g.Seats[0]] += int(outcomeOf(g.Result, 0))
		default:
			played = append(played, tournament.SwissGame{White: g.Seats[0], Black: g.Seats[1], WhitePoints: int(outcomeOf(g.Result, 0))})
		}
	}
	return tournament.SwissStandings(ratings, played, byes)
}
