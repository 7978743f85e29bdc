package angels

import (
	"fmt"

	"boardroom/game"
)

// Game is Angels & Devils. It is registered as "angels".
type Game struct{}

func init() { game.Register(Game{}) }

// Limits of the options; MaxSize also sizes the fixed board array.
const (
	MinSize     = 5
	MaxSize     = 41
	DefaultSize = 15
	MaxPower    = MaxSize / 2
)

var schema = []game.Option{
	{
		Key: "size", Label: "Board size", Kind: game.IntOption,
		Help:    "The board is size × size squares; the Angel starts in the centre.",
		Default: "15", Min: MinSize, Max: MaxSize,
	},
	{
		Key: "power", Label: "Angel power", Kind: game.IntOption,
		Help:    "How far the Angel reaches in one move, in rows and in columns (at most half the board size).",
		Default: "1", Min: 1, Max: MaxPower,
	},
}

// ID implements game.Game.
func (Game) ID() string { return "angels" }

// Name implements game.Game.
func (Game) Name() string { return "Angels & Devils" }

// Seats implements game.Game: the Angel moves first.
func (Game) Seats() [2]string { return [2]string{"Angel", "Devil"} }

// Options implements game.Game.
func (Game) Options() []game.Option { return schema }

// Simultaneous implements game.Game: the seats take turns.
func (Game) Simultaneous() bool { return false }

// New implements game.Game.
func (Game) New(opts map[string]string) (game.State, error) {
	s, err := New(opts)
	if err != nil {
		return nil, err // not a typed nil inside the interface
	}
	return s, nil
}

// New makes the starting position: an empty board with the Angel on the
// centre square (row and column ⌈N/2⌉, 1-based), the Angel to move.
func New(opts map[string]string) (*State, error) {
	o, err := game.Resolve(schema, opts)
	if err != nil {
		return nil, err
	}
	return newState(o)
}

// newState checks the options that the schema cannot (power against size)
// and makes the start position.
func newState(o game.Options) (*State, error) {
	n, k := o.Int("size"), o.Int("power")
	if n < MinSize || n > MaxSize {
		return nil, fmt.Errorf("%w: size must be from %d to %d, got %d", game.ErrBadOption, MinSize, MaxSize, n)
	}
	if k < 1 || k > n/2 {
		return nil, fmt.Errorf("%w: power must be from 1 to size/2 = %d on a %d×%d board, got %d", game.ErrBadOption, n/2, n, n, k)
	}
	c := int8((n+1)/2 - 1)
	return &State{
		opts:  o,
		n:     int8(n),
		k:     int8(k),
		full:  1<<uint(n) - 1,
		angel: pos{c, c},
		prev:  noPos,
	}, nil
}
