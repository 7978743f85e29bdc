package demons

import (
	"boardroom/game"
)

// Game is Angels & Demons.
type Game struct{}

func init() { game.Register(Game{}) }

// ID implements game.Game.
func (Game) ID() string { return "demons" }

// Name implements game.Game.
func (Game) Name() string { return "Angels & Demons" }

// Seats implements game.Game: the Angels choose first in the notation.
func (Game) Seats() [2]string { return [2]string{"Angels", "Demons"} }

// Simultaneous implements game.Game: both seats choose at once.
func (Game) Simultaneous() bool { return true }

// CanEndDrawn implements game.Drawable: a game may end drawn (as many squares each at the end).
func (Game) CanEndDrawn() bool { return true }

// Options implements game.Game.
func (Game) Options() []game.Option {
	return []game.Option{
		{
			Key: "size", Label: "Board size", Kind: game.IntOption, Default: "8",
			Min: minSize, Max: maxSize, Step: 2,
			Help: "Squares along each side of the board (even).",
		},
		{
			Key: "turns", Label: "Turns", Kind: game.IntOption, Default: "20",
			Min: 1, Max: 99,
			Help: "Turns to play; after the last one the seat with more covered squares wins.",
		},
	}
}

// New implements game.Game.
func (g Game) New(opts map[string]string) (game.State, error) {
	s, err := New(opts)
	if err != nil {
		return nil, err
	}
	return s, nil
}

// Decode implements game.Game.
func (Game) Decode(opts game.Options, body string) (game.State, error) {
	s, err := decode(opts, body)
	if err != nil {
		return nil, err
	}
	return s, nil
}

// New makes the starting position, an empty board, for the given options
// (absent ones take their defaults). Bad options are errors wrapping
// game.ErrBadOption.
func New(opts map[string]string) (*State, error) {
	resolved, err := game.Resolve(Game{}.Options(), opts)
	if err != nil {
		return nil, err
	}
	// The schema already bounds both options and makes size even; nothing
	// crosses between them.
	return &State{
		geo:   geometryFor(resolved.Int("size")),
		opts:  resolved,
		turns: resolved.Int("turns"),
	}, nil
}
