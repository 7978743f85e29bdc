package kalah

import "boardroom/game"

// Game is Kalah. It is stateless; its positions are *State values.
type Game struct{}

func init() { game.Register(Game{}) }

var _ game.Game = Game{}

// ID implements game.Game.
func (Game) ID() string { return "kalah" }

// Name implements game.Game.
func (Game) Name() string { return "Kalah" }

// Seats implements game.Game: P1 moves first.
func (Game) Seats() [2]string { return [2]string{"P1", "P2"} }

// Simultaneous implements game.Game: Kalah takes turns.
func (Game) Simultaneous() bool { return false }

// CanEndDrawn implements game.Drawable: a game may end drawn (equal seeds in the stores at the end).
func (Game) CanEndDrawn() bool { return true }

// The option keys.
const (
	OptHouses       = "houses"
	OptSeeds        = "seeds"
	OptEmptyCapture = "empty_capture"
)

// Options implements game.Game.
func (Game) Options() []game.Option {
	return []game.Option{
		{
			Key: OptHouses, Label: "Houses per side", Kind: game.IntOption,
			Help:    "How many houses each player has (6 in the classic game).",
			Default: "6", Min: MinHouses, Max: MaxHouses,
		},
		{
			Key: OptSeeds, Label: "Seeds per house", Kind: game.IntOption,
			Help:    "How many seeds every house holds at the start (4 in the classic game).",
			Default: "4", Min: MinSeeds, Max: MaxSeeds,
		},
		{
			Key: OptEmptyCapture, Label: "Capture into an empty opposite house", Kind: game.BoolOption,
			Words: "captures from empty houses",
			Help: "When on, a last seed in your own empty house is banked even if the opposite " +
				"house is empty (the rule of the published solutions of Kalah).",
			Default: "false",
		},
	}
}

// New implements game.Game.
func (g Game) New(opts map[string]string) (game.State, error) {
	s, err := New(opts)
	if err != nil {
		return nil, err // not a typed nil *State inside the interface
	}
	return s, nil
}

// New returns the starting position for the given options (absent ones take
// their defaults); bad options are errors wrapping game.ErrBadOption.
func New(opts map[string]string) (*State, error) {
	o, err := game.Resolve(Game{}.Options(), opts)
	if err != nil {
		return nil, err
	}
	return newState(o), nil
}

// newState makes the start position of resolved options.
func newState(o game.Options) *State {
	return &State{
		b:    NewBoard(o.Int(OptHouses), o.Int(OptSeeds), o.Bool(OptEmptyCapture)),
		opts: o,
	}
}

// Decode implements game.Game; see the package documentation for the body.
func (Game) Decode(opts game.Options, body string) (game.State, error) {
	s, err := decode(opts, body)
	if err != nil {
		return nil, err
	}
	return s, nil
}

// resolve checks options given already resolved (by game.Decode, or by a
// caller of Game.Decode who may have skipped that step).
func resolve(opts game.Options) (game.Options, error) {
	return game.Resolve(Game{}.Options(), opts)
}
