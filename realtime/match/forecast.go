package match

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"boardroom/game"
	"boardroom/game/forecast"
	"boardroom/realtime/view"
	"boardroom/store"
)

// Conditional moves (lichess's forecast) in a game played across days: the
// player waiting for their opponent's move stores lines ("if they play X,
// I play Y, then if Z, W"), checked by game/forecast, and when the
// opponent's move matches a line the room plays the reply at once, as the
// seat's own move: checked by the rules, stored, shown and told like any.
//
// The store keeps each forecast anchored to the log (store.Forecast.Ply),
// and a move's write does not touch it: a room loaded after a crash moves
// each forecast on through the turns played since it was stored, so it
// finds a reply still owed (the opponent's move was stored, the reply was
// not) and plays it, and never one played already. A move that does not
// match, or its owner's move by hand, clears the forecast (its row is
// deleted, which the log would also say). Rooms without forecasts pay one
// test of two lengths a move: the room knows its forecasts in memory,
// read once when it loads.

// forecasts are the room's conditional moves, one forecast a seat.
type forecasts struct {
	lines [2]forecast.Forecast
	// said is what each seat's forecast last did, for that seat's pages
	// ("Your forecast answered d1-d7/g7 with a7-a6/a5."), until the seat
	// moves by hand or changes its forecast; stored with the forecast, so
	// that a player who comes back days later reads it.
	said [2]string
	// replying is the seat whose forecast's reply is being played
	// (game.NoPlayer: none), so that its move is not taken as one by hand;
	// reply is that reply, as the game writes it.
	replying game.Player
	reply    string
	// stale are the seats whose stored forecast ran out while the room
	// was away (loaded with nothing left to play): deleted as it runs.
	stale [2]bool
}

func newForecasts() forecasts {
	return forecasts{lines: [2]forecast.Forecast{{Seat: game.First}, {Seat: game.Second}}, replying: game.NoPlayer}
}

// any reports whether a seat has lines: the move path's one test.
func (f *forecasts) any() bool { return len(f.lines[0].Lines)+len(f.lines[1].Lines) > 0 }

// reset forgets every forecast (the log changed under them: the store
// deleted them with the change).
func (f *forecasts) reset() { *f = newForecasts() }

// forecastsPossible reports whether the room's game may have forecasts at
// all: a correspondence clock, one mover a turn.
func (r *Room) forecastsPossible() bool {
	return r.clock.correspondence() && !r.g.Simultaneous()
}

// loadForecasts takes the stored forecasts of a room being loaded, moved
// on through the turns played since each was stored.
func (r *Room) loadForecasts(stored []store.Forecast) {
	turns := r.history.turns
	for _, s := range stored {
		if s.Seat != 0 && s.Seat != 1 {
			continue
		}
		seat := game.Player(s.Seat)
		f := forecast.Forecast{Seat: seat, Lines: s.Lines}
		if s.Ply > len(turns) {
			f.Lines = nil
		} else {
			for _, t := range turns[s.Ply:] {
				f = f.Played(t.text)
			}
			f = f.Live(r.state)
		}
		if r.over() {
			f.Lines = nil
		}
		r.forecasts.lines[seat] = f
		r.forecasts.said[seat] = s.Said
		r.forecasts.stale[seat] = len(s.Lines) > 0 && f.Empty()
	}
}

// forecastsOnStart deletes the forecasts that ran out while the room was
// away and plays a reply still owed (the room stopped between a matching
// move and its reply).
func (r *Room) forecastsOnStart() {
	for i, stale := range r.forecasts.stale {
		if stale {
			r.forecasts.stale[i] = false
			r.storeForecast(game.Player(i))
		}
	}
	if !r.forecasts.any() {
		return
	}
	if seat, m, ok := r.forecastReply(); ok {
		r.playForecast(seat, m)
	}
}

// forecastsAfter moves the forecasts on past the turn just played (rec):
// a move they foresaw takes them on, any other clears them, and so does
// their owner's move by hand. It returns a reply now due. A forecast
// cleared is deleted from the store, except the one whose reply this turn
// was (playForecast writes it once the reply is stored).
func (r *Room) forecastsAfter(rec turnRecord) (game.Player, game.Move, bool) {
	for i := range r.forecasts.lines {
		f := &r.forecasts.lines[i]
		if f.Empty() {
			continue
		}
		seat := game.Player(i)
		next := f.Played(rec.text).Live(r.state)
		if byHand := slices.Contains(rec.seats, seat) && r.forecasts.replying != seat; byHand || r.over() {
			next.Lines = nil
		}
		*f = next
		if f.Empty() && r.forecasts.replying != seat {
			r.storeForecast(seat)
		}
	}
	return r.forecastReply()
}

// forecastReply is a forecast's reply due now, if any.
func (r *Room) forecastReply() (game.Player, game.Move, bool) {
	if r.over() {
		return game.NoPlayer, game.Move{}, false
	}
	for _, f := range r.forecasts.lines {
		if m, ok := f.Reply(r.state); ok {
			return f.Seat, m, true
		}
	}
	return game.NoPlayer, game.Move{}, false
}

// playForecast plays seat's forecast's reply m to the turn played last, as
// the seat's move, and tells the seat's pages.
func (r *Room) playForecast(seat game.Player, m game.Move) {
	answered := ""
	if n := len(r.history.turns); n > 0 {
		answered = r.history.turns[n-1].text
	}
	text := r.state.FormatMove(m)
	played := len(r.history.turns)
	r.forecasts.said[seat] = fmt.Sprintf("Your forecast answered %s with %s.", answered, text)
	r.forecasts.replying, r.forecasts.reply = seat, text
	r.seats.picks[seat] = nil
	r.play(seat, m, 0, "")
	r.forecasts.replying, r.forecasts.reply = game.NoPlayer, ""
	if len(r.history.turns) == played {
		return // not stored, and told (forecastNotSaved): the seat moves by hand, or the room tries again when loaded
	}
	r.storeForecast(seat) // what is left, from here, and what it said
}

// forecastNotSaved is what the player is told when the turn of movers that
// could not be stored was their forecast's reply ("" when it was not): the
// seat may move by hand, and a room loaded again plays the reply.
func (r *Room) forecastNotSaved(movers []game.Player) string {
	seat := r.forecasts.replying
	if seat == game.NoPlayer || !slices.Contains(movers, seat) {
		return ""
	}
	r.forecasts.said[seat] = fmt.Sprintf("Your forecast's answer %s could not be saved, so it was not played: make your move.", r.forecasts.reply)
	return r.forecasts.said[seat]
}

// movedByHand forgets what seat's forecast said, now that its player is
// back and moving (the lines, if any, go with the move: forecastsAfter).
func (r *Room) movedByHand(seat game.Player) {
	if r.forecasts.said[seat] == "" {
		return
	}
	r.forecasts.said[seat] = ""
	if r.forecasts.lines[seat].Empty() {
		r.storeForecast(seat)
	}
}

// storeForecast writes seat's forecast as it stands, from the position
// now (no lines: deleted). A failure is logged: the log says the same
// when the room loads again.
func (r *Room) storeForecast(seat game.Player) error {
	ctx, cancel := context.WithTimeout(context.Background(), storeTimeout)
	defer cancel()
	f := store.Forecast{Seat: int(seat), Ply: len(r.history.turns), Lines: r.forecasts.lines[seat].Lines, Said: r.forecasts.said[seat]}
	err := r.deps.Store.SetForecast(ctx, r.id, f)
	if err != nil {
		r.deps.Log.Error("forecast not stored", "room", r.id, "seat", seat, "err", err)
	}
	return err
}

// forecastSeat is the seat whose forecast c may change, or why it may not.
func (r *Room) forecastSeat(c *Conn) (game.Player, refusal, string) {
	mine := r.seats.mine(c.who)
	switch {
	case len(mine) == 0:
		return game.NoPlayer, refusedNotAllowed, "Only a player has conditional moves."
	case !r.clock.correspondence():
		return game.NoPlayer, refusedNotAllowed, "Conditional moves are for games played across days (correspondence)."
	case r.g.Simultaneous():
		return game.NoPlayer, refusedNotAllowed, "Both sides move at once in this game: there is no move of your opponent's to answer."
	case len(mine) > 1:
		return game.NoPlayer, refusedNotAllowed, "You hold both seats: there is no opponent's move to wait for."
	case r.over():
		return game.NoPlayer, refusedOver, "The game is over."
	case r.seats.waiting():
		return game.NoPlayer, refusedNotNow, "Waiting for an opponent to join: " + r.findOpponent() + "."
	}
	return mine[0], 0, ""
}

// forecastAction changes the sender's forecast as ch asks: the lines are
// checked against the position (while the opponent is to move), stored,
// and then kept by the room.
func (r *Room) forecastAction(c *Conn, ch *ForecastChange) {
	seat, why, msg := r.forecastSeat(c)
	if msg != "" {
		r.reject(c, why, msg)
		return
	}
	cur := r.forecasts.lines[seat].Lines
	var lines [][]string
	switch {
	case ch.HasSet:
		lines = ch.Set
	case ch.Add != nil:
		lines = append(slices.Clone(cur), ch.Add)
	case ch.Drop > len(cur):
		r.reject(c, refusedNotNow, fmt.Sprintf("There is no line %d to delete.", ch.Drop))
		return
	case ch.Drop > 0:
		lines = slices.Delete(slices.Clone(cur), ch.Drop-1, ch.Drop)
	}
	f := forecast.Forecast{Seat: seat}
	if slices.ContainsFunc(lines, func(l []string) bool { return len(l) > 0 }) {
		var err error
		if f, err = forecast.Check(r.state, seat, lines); err != nil {
			r.reject(c, refusedIllegal, "Not stored: "+strings.TrimPrefix(err.Error(), forecast.ErrBad.Error()+": ")+".")
			return
		}
	}
	before, said := r.forecasts.lines[seat], r.forecasts.said[seat]
	r.forecasts.lines[seat], r.forecasts.said[seat] = f, ""
	if err := r.storeForecast(seat); err != nil {
		r.forecasts.lines[seat], r.forecasts.said[seat] = before, said
		r.reject(c, refusedFailed, "Your conditional moves could not be saved; try again.")
		return
	}
	switch n := len(f.Lines); n {
	case 0:
		r.notice(c, "No conditional moves stored.")
	case 1:
		r.notice(c, "1 line of conditional moves stored.")
	default:
		r.notice(c, fmt.Sprintf("%d lines of conditional moves stored.", n))
	}
}

// maxTheirMoves is how many of the opponent's legal moves the forecast's
// editor lists (Kalah's six, an Angel's few; not Amazons' thousands).
const maxTheirMoves = 40

// forecastView is what the forecast's editor shows the player of mine, or
// nil where there is none.
func (r *Room) forecastView(mine []game.Player) *view.Forecast {
	if !r.forecastsPossible() || len(mine) != 1 || r.over() || r.next != "" || r.seats.waiting() {
		return nil
	}
	seat := mine[0]
	toMove := r.state.ToMove()
	theirs := len(toMove) == 1 && toMove[0] != seat
	f := r.forecasts.lines[seat]
	if !theirs && f.Empty() && r.forecasts.said[seat] == "" {
		return nil // their own move: nothing to show
	}
	v := &view.Forecast{Editable: theirs, Said: r.forecasts.said[seat], Max: forecast.MaxLines, MaxMoves: forecast.MaxPlies}
	v.Lines = f.Lines
	if theirs {
		v.Example, v.Help = game.MoveBoxOf(r.state)
		if legal := r.legalMoves(toMove[0]); len(legal) <= maxTheirMoves {
			for _, m := range legal {
				v.Theirs = append(v.Theirs, r.state.FormatMove(m))
			}
		}
	}
	return v
}
