package bishops

import (
	"fmt"

	"boardroom/game"
)

// Game is Mad Bishops. It is registered under the id "bishops".
type Game struct{}

func init() { game.Register(Game{}) }

// The values of the setup option.
const (
	SetupClassic = "classic"
	SetupStripes = "stripes"
)

// ID implements game.Game.
func (Game) ID() string { return "bishops" }

// Name implements game.Game.
func (Game) Name() string { return "Mad Bishops" }

// Seats implements game.Game: White moves first.
func (Game) Seats() [2]string { return [2]string{"White", "Black"} }

// Simultaneous implements game.Game.
func (Game) Simultaneous() bool { return false }

// Options implements game.Game.
func (Game) Options() []game.Option {
	return []game.Option{{
		Key:   "setup",
		Label: "Set-up",
		Help: "classic: the designer's point-symmetric layout, where every White piece starts able to kill; " +
			"stripes: whole rows of one colour, alternating, Black on the top row.",
		Kind:    game.ChoiceOption,
		Default: SetupClassic,
		Choices: []string{SetupClassic, SetupStripes},
	}}
}

// New implements game.Game.
func (g Game) New(opts map[string]string) (game.State, error) { return New(opts) }

// New makes the starting position; absent options take their defaults.
func New(given map[string]string) (*State, error) {
	opts, err := game.Resolve(Game{}.Options(), given)
	if err != nil {
		return nil, err
	}
	var b Board
	switch setup := opts.String("setup"); setup {
	case SetupClassic:
		b = classicBoard()
	case SetupStripes:
		b = stripesBoard()
	default:
		// Resolve only lets the schema's choices through.
		return nil, fmt.Errorf("%w: unknown setup %q", game.ErrBadOption, setup)
	}
	return newState(opts, b, game.First, 0), nil
}

// classicWhite is White's classic set-up; Black's is its half-turn image.
var classicWhite = []string{
	"a1", "a5", "a9", "b2", "b6", "c3", "c7", "c9", "d4", "d10", "e1", "e5", "e7",
	"f2", "f8", "g3", "g5", "g9", "h6", "h10", "i1", "i3", "i7", "j4", "j8",
}

func classicBoard() Board {
	var b Board
	for _, name := range classicWhite {
		c, ok := parseCell(name)
		sq, dark := SquareOf(c)
		if !ok || !dark {
			panic("bishops: bad classic square " + name)
		}
		b.Pieces[game.First] |= sq.Bit()
		turned, _ := SquareOf(game.Cell{Row: Size - 1 - c.Row, Col: Size - 1 - c.Col})
		b.Pieces[game.Second] |= turned.Bit()
	}
	return b
}

// stripesBoard fills every dark square, Black on rows 0, 2, ... (rank 10 is
// Black) and White on the rows in between.
func stripesBoard() Board {
	var b Board
	for r := range Size {
		for c := range Size {
			if sq, ok := SquareOf(game.Cell{Row: int8(r), Col: int8(c)}); ok {
				b.Pieces[1-r%2] |= sq.Bit()
			}
		}
	}
	return b
}
