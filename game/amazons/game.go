package amazons

import (
	"fmt"

	"boardroom/game"
)

func init() { game.Register(Game{}) }

// Game is the Game of the Amazons. It has no options.
type Game struct{}

var _ game.Game = Game{}

// ID implements game.Game.
func (Game) ID() string { return "amazons" }

// Name implements game.Game.
func (Game) Name() string { return "Game of the Amazons" }

// Seats implements game.Game: White moves first.
func (Game) Seats() [2]string { return [2]string{"White", "Black"} }

// Options implements game.Game: the game has none.
func (Game) Options() []game.Option { return nil }

// Simultaneous implements game.Game.
func (Game) Simultaneous() bool { return false }

// New implements game.Game.
func (Game) New(opts map[string]string) (game.State, error) {
	s, err := New(opts)
	if err != nil {
		return nil, err
	}
	return s, nil
}

// New returns the opening position. The game has no options, so any option
// given is an error wrapping game.ErrBadOption.
func New(opts map[string]string) (*State, error) {
	resolved, err := game.Resolve(Game{}.Options(), opts)
	if err != nil {
		return nil, fmt.Errorf("amazons: %w", err)
	}
	return &State{b: start(), opts: resolved}, nil
}

// seatNames are the seats' names, White first.
var seatNames = Game{}.Seats()
