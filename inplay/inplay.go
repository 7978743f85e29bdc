// Package inplay is a player's games in play as /games lists them and the
// header counts them: every game going on where a seat bears their
// account, correspondence and live, those awaiting their move first, then
// by the least time left; and how many await their move.
//
// Nothing here reaches a room: whose move it is and the time left come
// from the store. A correspondence turn's deadline and movers are stored
// with each move (store.Due), so a player's correspondence games, a bot's
// hundreds too, are read in one query; a live game's position is played
// again from its stored turns (match.Position), as the player page does,
// and its move clock worked out from the turn's stored start.
//
//	games, more, err := inplay.List(ctx, st, "alice", time.Now())
//	n, err := inplay.Count(ctx, st, "alice")
//	rooms, err := inplay.Awaiting(ctx, st, "alice") // the rooms Count counts
package inplay

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"boardroom/game"
	"boardroom/realtime/match"
	"boardroom/realtime/vocab"
	"boardroom/store"
)

// Store is what the games in play are read from.
type Store interface {
	Playing(ctx context.Context, account string, limit int) ([]store.Playing, error)
	Room(ctx context.Context, id string) (*store.Room, error)
}

// Most bounds the games listed (and counted): a person plays a few at
// once, a bot may play hundreds of correspondence games.
const Most = 500

// Game is one of a player's games in play.
type Game struct {
	store.Summary
	// Seat is the player's seat (the first they hold).
	Seat game.Player
	// Opponent holds the other seat (the player's own in a hot-seat game).
	Opponent store.Seat
	// ToMove are the seats to move; nil when not known (a stored position
	// that could not be read).
	ToMove []game.Player
	// MyTurn says the game awaits the player's move.
	MyTurn bool
	// Deadline is when the turn being played runs out (zero: no clock
	// runs); Stopped says the clock stands still meanwhile (a live room
	// nobody runs now), Deadline counted from now.
	Deadline time.Time
	Stopped  bool
}

// Left is the time left on the turn's clock at now (0 when none runs, or
// when it has run out).
func (g Game) Left(now time.Time) time.Duration {
	if g.Deadline.IsZero() {
		return 0
	}
	return max(g.Deadline.Sub(now), 0)
}

// List lists account's games in play (at most Most; more says there were
// more), those awaiting their move first, then the least time left first
// (no clock last), then the most recently changed.
func List(ctx context.Context, st Store, account string, now time.Time) (games []Game, more bool, err error) {
	list, err := st.Playing(ctx, account, Most+1)
	if err != nil {
		return nil, false, err
	}
	if len(list) > Most {
		list, more = list[:Most], true
	}
	games = make([]Game, 0, len(list))
	for _, p := range list {
		games = append(games, read(ctx, st, account, p, now))
	}
	slices.SortStableFunc(games, func(a, b Game) int {
		if a.MyTurn != b.MyTurn {
			if a.MyTurn {
				return -1
			}
			return 1
		}
		if a.Deadline.IsZero() != b.Deadline.IsZero() {
			if a.Deadline.IsZero() {
				return 1
			}
			return -1
		}
		return a.Deadline.Compare(b.Deadline) // then as listed: the most recently changed first
	})
	return games, more, nil
}

// Count is how many of account's games in play await their move.
func Count(ctx context.Context, st Store, account string) (int, error) {
	rooms, err := Awaiting(ctx, st, account)
	return len(rooms), err
}

// Awaiting lists the rooms of account's games in play that await their
// move.
func Awaiting(ctx context.Context, st Store, account string) ([]string, error) {
	games, _, err := List(ctx, st, account, time.Now())
	if err != nil {
		return nil, err
	}
	rooms := []string{}
	for _, g := range games {
		if g.MyTurn {
			rooms = append(rooms, g.ID)
		}
	}
	return rooms, nil
}

// read works out whose move game p is and its clock: a correspondence
// turn's from its stored deadline, a live one's from its stored turns.
func read(ctx context.Context, st Store, account string, p store.Playing, now time.Time) Game {
	g := Game{Summary: p.Summary}
	mine := func(i int) bool { return strings.EqualFold(p.Seats[i].Account, account) }
	if !mine(0) {
		g.Seat = 1
	}
	g.Opponent = p.Seats[1-g.Seat]
	if p.Clock.Correspondence() && !p.Due.At.IsZero() {
		g.Deadline = p.Due.At
		for _, m := range p.Due.Movers {
			g.MyTurn = g.MyTurn || strings.EqualFold(m, account)
			for i := range 2 {
				if strings.EqualFold(p.Seats[i].Account, m) && !slices.Contains(g.ToMove, game.Player(i)) {
					g.ToMove = append(g.ToMove, game.Player(i))
				}
			}
		}
		if g.ToMove == nil {
			g.ToMove = []game.Player{}
		}
		return g
	}
	rec, err := st.Room(ctx, p.ID)
	if err != nil {
		return g
	}
	rules, err := game.Lookup(rec.Game)
	if err != nil {
		return g
	}
	pos, moved, err := replay(rules, rec)
	if err != nil {
		return g
	}
	g.ToMove = pos.ToMove()
	for _, s := range g.ToMove {
		g.MyTurn = g.MyTurn || mine(int(s))
	}
	g.Deadline, g.Stopped = liveDeadline(rec, moved, g.ToMove, now)
	return g
}

// replay is the position a stored room has reached (as match.Position),
// and which seats have made a turn.
func replay(rules game.Game, rec *store.Room) (pos game.State, moved [2]bool, err error) {
	pos, err = rules.New(rec.Options)
	if err != nil {
		return nil, moved, err
	}
	for i, t := range rec.Turns {
		for _, s := range pos.ToMove() {
			moved[s] = true
		}
		moves, err := game.ParseTurn(pos, t.Notation)
		if err == nil {
			err = pos.Apply(moves...)
		}
		if err != nil {
			return nil, moved, fmt.Errorf("stored turn %d (%s): %w", i+1, t.Notation, err)
		}
	}
	return pos, moved, nil
}

// liveDeadline is when the turn of a live room runs out, as its stored
// clock marks say (match/clock.go): the move clock's period, or the wait
// for a seat's first move, from the turn's start; a room stopped with its
// clock running has it standing still, and its deadline is what was left
// from now. Zero when no clock runs.
func liveDeadline(rec *store.Room, moved [2]bool, toMove []game.Player, now time.Time) (time.Time, bool) {
	wait := rec.Clock.PeriodOf(rec.Days)
	if (wait > 0 || rec.Rated) && slices.ContainsFunc(toMove, func(p game.Player) bool {
		return rec.Seats[p].Kind == vocab.Human && !moved[p]
	}) {
		wait = match.FirstMoveWait
	}
	if wait == 0 || len(toMove) == 0 {
		return time.Time{}, false
	}
	from := rec.ClockFrom
	if from.IsZero() && len(rec.Turns) > 0 {
		from = rec.Turns[len(rec.Turns)-1].At
	}
	if from.IsZero() {
		from = rec.Created
	}
	if !rec.ClockStopped.IsZero() {
		return now.Add(max(wait-rec.ClockStopped.Sub(from), 0)), true
	}
	return from.Add(wait), false
}

// Holder names the holder of a seat as the pages of games in play show an
// opponent, with the address of their page ("": none): a house bot or the
// server's computer by its level, an account by its name, a guest by the
// name they gave.
func Holder(seat store.Seat) (name, page string) {
	switch {
	case seat.Kind == vocab.ComputerSeat && seat.Account != "": // a house bot
		return vocab.ComputerName(seat.Level.Label()), "/@/" + seat.Account
	case seat.Kind == vocab.ComputerSeat:
		return vocab.ComputerName(seat.Level.Label()), ""
	case seat.Account != "":
		return seat.Account, "/@/" + seat.Account
	case seat.Name != "":
		return seat.Name + " (guest)", ""
	}
	return "a guest", ""
}
