package match

import (
	"errors"
	"fmt"
	mrand "math/rand/v2"
	"slices"
	"time"

	"boardroom/game"
	"boardroom/realtime/vocab"
	"boardroom/secret"
	"boardroom/store"
)

// ErrBadRequest wraps a refused room-creation request.
var ErrBadRequest = errors.New("bad request")

// Spec is what the lobby form asks for.
type Spec struct {
	Game    string
	Options map[string]string
	Mode    vocab.Mode
	Level   vocab.Level
	// Algorithm is the computer's search for games that offer a choice.
	Algorithm string
	Seat      vocab.SeatChoice
	Clock     vocab.Clock
	// Days are a correspondence clock's days a move (vocab.Days; 0 for
	// every other clock).
	Days int
	// LevelSecond is the second seat's level in computer against computer
	// ("": the same as Level).
	LevelSecond vocab.Level
	// Pace is the speed of computer against computer ("": DefaultPace).
	Pace vocab.Pace
	// Private rooms are never listed in the lobby.
	Private bool
	// Turns start the game from a record: its turns in notation, played in
	// order (each checked by the rules).
	Turns []string
	// Name is the creator's display name (cleaned here; empty: a guest's
	// name).
	Name string
	// Account is the creator\'s username when they are signed in (their
	// seat then bears it, whatever Name says).
	Account string
	// Rated makes the game count for both players' ratings (see rated.go
	// for which games may be).
	Rated bool
	// Open makes a friend room an open challenge: the lobby lists it, and
	// anyone there may take its free seat (seek.go).
	Open bool
}

// NewRecord checks a spec and makes the record of a new room, at now, with
// the creator (holding token) seated. The room is made from it (New) before
// it is stored, so that a choice the computer refuses stores nothing.
func NewRecord(spec Spec, token string, now time.Time) (*store.Room, error) {
	g, err := game.Lookup(spec.Game)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrBadRequest, err)
	}
	start, err := g.New(spec.Options)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrBadRequest, err)
	}
	for _, err := range []error{
		oneOf("mode", spec.Mode, vocab.Modes()), oneOf("clock", spec.Clock, vocab.Clocks()),
		oneOf("seat", spec.Seat, vocab.SeatChoices()), oneOf("level", spec.Level, vocab.Levels()),
	} {
		if err != nil {
			return nil, err
		}
	}
	days, err := vocab.ClockDays(spec.Clock, spec.Days)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrBadRequest, err)
	}
	if spec.LevelSecond == "" || spec.Mode != vocab.Watch {
		spec.LevelSecond = spec.Level
	}
	if err := oneOf("level_second", spec.LevelSecond, vocab.Levels()); err != nil {
		return nil, err
	}
	if spec.Pace == "" {
		spec.Pace = vocab.DefaultPace
	}
	if err := oneOf("pace", spec.Pace, vocab.Paces()); err != nil {
		return nil, err
	}
	mine := game.First
	switch spec.Seat {
	case vocab.SecondSeat:
		mine = game.Second
	case vocab.RandomSeat:
		mine = game.Player(mrand.IntN(2))
	}
	human := store.Seat{Kind: vocab.Human, TokenHash: secret.Hash(token), Name: CleanName(spec.Name), Account: spec.Account}
	if spec.Account != "" { // a signed-in player plays under their username
		human.Name = spec.Account
	}
	if human.Name == "" {
		human.Name = guestName(human.TokenHash)
	}
	// A computer seat carries its creator's token hash: the creator may pause
	// it. The search choice is kept only at Difficult, the one level whose
	// search it changes: Beginner plays the rules' heuristics and Medium a
	// fixed one-or-two-ply search, whatever was chosen.
	bot := func(level vocab.Level) store.Seat {
		s := store.Seat{Kind: vocab.ComputerSeat, TokenHash: human.TokenHash, Level: level, Algorithm: spec.Algorithm}
		if level != vocab.Difficult {
			s.Algorithm = ""
		}
		return s
	}
	var seats [2]store.Seat
	switch spec.Mode {
	case vocab.Friend:
		seats[mine] = human
	case vocab.Hotseat:
		seats = [2]store.Seat{human, human}
	case vocab.Computer:
		seats[mine], seats[mine.Other()] = human, bot(spec.Level)
	case vocab.Watch:
		seats = [2]store.Seat{bot(spec.Level), bot(spec.LevelSecond)}
		seats[0].Pace, seats[1].Pace = spec.Pace, spec.Pace
	}
	if spec.Rated {
		if why := ratable(spec, g, start.Options()); why != "" {
			return nil, fmt.Errorf("%w: %s", ErrBadRequest, why)
		}
	}
	if spec.Open && (spec.Mode != vocab.Friend || spec.Private) {
		return nil, fmt.Errorf("%w: an open challenge is a public game against someone from the lobby", ErrBadRequest)
	}
	rec := &store.Room{
		ID: NewID(), Game: g.ID(), Options: start.Options(), Mode: spec.Mode, Clock: spec.Clock, Days: days,
		Seats: seats, Winner: -1, Private: spec.Private, Rated: spec.Rated, Open: spec.Open, Seeking: spec.Open,
	}
	// A clock that starts with the room (both seats held) counts from its
	// creation.
	rec.ClockFrom = now
	if len(spec.Turns) > 0 {
		for _, t := range spec.Turns {
			rec.Turns = append(rec.Turns, store.Turn{Notation: t, At: now})
		}
		final, err := Position(g, rec)
		if err != nil {
			return nil, fmt.Errorf("%w: %w", ErrBadRequest, err)
		}
		if out := final.Outcome(); out.Over { // a record of a finished game opens finished
			rec.Over, rec.Winner, rec.Reason = true, int(out.Winner), out.Reason
		}
	}
	return rec, nil
}

// oneOf checks that a field of a Spec holds one of its values.
func oneOf[T ~string](name string, value T, all []T) error {
	if slices.Contains(all, value) {
		return nil
	}
	return fmt.Errorf("%w: %s must be one of %s, got %q", ErrBadRequest, name, vocab.List(all), value)
}

// NewID returns an unguessable room id (96 random bits).
func NewID() string { return secret.Text(12) }

// PairedRecord makes the record of a room for two people paired by quick
// pairing or a challenge, at now: the game's standard rules, each on their
// own page (a friend game) on clock (with days a move, a correspondence
// clock's; 0 for the others), rated or not, the seats drawn at
// random. Both seats are held from the start: the clock runs from now. A
// seat of Kind vocab.ComputerSeat is a house bot's (the server's computer at its
// Level, under its account); the others are people's, or engines'.
func PairedRecord(gameID string, clock vocab.Clock, days int, rated bool, seats [2]store.Seat, now time.Time) (*store.Room, error) {
	return pairedRecord(gameID, clock, days, rated, seats, now, mrand.IntN(2) == 1)
}

// SeatedRecord is PairedRecord with the seats as given, the first seat's
// player first: a Swiss round's colours are the pairing's.
func SeatedRecord(gameID string, clock vocab.Clock, days int, rated bool, seats [2]store.Seat, now time.Time) (*store.Room, error) {
	return pairedRecord(gameID, clock, days, rated, seats, now, false)
}

// pairedRecord is PairedRecord's record, its seats swapped when swap.
func pairedRecord(gameID string, clock vocab.Clock, days int, rated bool, seats [2]store.Seat, now time.Time, swap bool) (*store.Room, error) {
	g, err := game.Lookup(gameID)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrBadRequest, err)
	}
	start, err := g.New(nil)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrBadRequest, err)
	}
	if err := oneOf("clock", clock, vocab.Clocks()); err != nil {
		return nil, err
	}
	days, err = vocab.ClockDays(clock, days)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrBadRequest, err)
	}
	for i := range seats {
		if seats[i].Kind != vocab.ComputerSeat { // a house bot's seat is the computer's
			seats[i].Kind = vocab.Human
		}
		if seats[i].Account != "" {
			seats[i].Name = seats[i].Account
		}
		if seats[i].Name == "" {
			seats[i].Name = guestName(seats[i].TokenHash)
		}
	}
	if rated && (seats[0].Account == "" || seats[1].Account == "" || seats[0].Account == seats[1].Account) {
		return nil, fmt.Errorf("%w: a rated game is between two players with accounts", ErrBadRequest)
	}
	if swap {
		seats[0], seats[1] = seats[1], seats[0]
	}
	return &store.Room{
		ID: NewID(), Game: g.ID(), Options: start.Options(), Mode: vocab.Friend, Clock: clock, Days: days,
		Seats: seats, Winner: -1, Rated: rated, ClockFrom: now,
	}, nil
}
