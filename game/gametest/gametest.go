// Package gametest is the conformance suite every game runs: random playouts
// that check the invariants of the game API, plus helpers for fuzz tests.
//
// A game's test file calls Run once:
//
//	func TestConformance(t *testing.T) {
//		gametest.Run(t, kalah.Game{}, gametest.Config{MaxPlies: 2000})
//	}
package gametest

import (
	"errors"
	"fmt"
	"slices"
	"testing"

	"boardroom/game"

	"github.com/stretchr/testify/require"
)

// Config tunes Run for one game.
type Config struct {
	// Options are the option sets to play; nil plays the defaults only.
	Options []map[string]string
	// Playouts is the number of random games per option set (default 100,
	// 15 under -short).
	Playouts int
	// MaxPlies bounds a game's length: a playout longer than this fails.
	MaxPlies int
	// PerftDepth is the depth to which the game's own Perft must agree with
	// the generic one (default 2; 0 keeps the default, -1 skips).
	PerftDepth int
}

// Run runs the conformance suite for g.
func Run(t *testing.T, g game.Game, c Config) {
	t.Helper()
	if c.MaxPlies <= 0 {
		t.Fatal("gametest: Config.MaxPlies is required")
	}
	if c.Playouts == 0 {
		c.Playouts = 100
		if testing.Short() {
			c.Playouts = 15
		}
	}
	if c.PerftDepth == 0 {
		c.PerftDepth = 2
	}
	sets := c.Options
	if sets == nil {
		sets = []map[string]string{nil}
	}
	t.Run("registry", func(t *testing.T) { checkRegistry(t, g) })
	t.Run("bad options", func(t *testing.T) { checkBadOptions(t, g) })
	t.Run("how to play", func(t *testing.T) { checkHowTo(t, g) })
	for _, opts := range sets {
		name := fmt.Sprint(opts)
		t.Run("playouts "+name, func(t *testing.T) {
			t.Parallel()
			for i := range c.Playouts {
				playout(t, g, opts, uint64(i+1), c.MaxPlies)
				if t.Failed() {
					t.Logf("failed in playout %d", i+1)
					return
				}
			}
		})
		if c.PerftDepth > 0 {
			t.Run("perft "+name, func(t *testing.T) {
				s, err := g.New(opts)
				require.NoError(t, err)
				if _, ok := s.(game.Perfter); !ok {
					t.Skip("the game has no Perft of its own")
				}
				for d := 1; d <= c.PerftDepth; d++ {
					require.Equal(t, game.PerftGeneric(s, d), game.Perft(s, d), "perft %d", d)
				}
			})
		}
	}
}

func checkRegistry(t *testing.T, g game.Game) {
	got, err := game.Lookup(g.ID())
	require.NoError(t, err, "the game is not registered")
	require.Equal(t, g.ID(), got.ID())
	require.NotEmpty(t, g.Name())
	seats := g.Seats()
	require.NotEmpty(t, seats[0])
	require.NotEmpty(t, seats[1])
	require.NotEqual(t, seats[0], seats[1])
}

func checkBadOptions(t *testing.T, g game.Game) {
	_, err := g.New(map[string]string{"no_such_option": "1"})
	require.ErrorIs(t, err, game.ErrBadOption)
	for _, o := range g.Options() {
		def, err := g.New(map[string]string{o.Key: o.Default})
		require.NoError(t, err, "default of %s", o.Key)
		require.NotNil(t, def)
		var bad []string
		switch o.Kind {
		case game.IntOption:
			bad = []string{fmt.Sprint(o.Min - 1), fmt.Sprint(o.Max + 1), "x", ""}
			if o.Step > 1 {
				bad = append(bad, fmt.Sprint(o.Min+1))
			}
		case game.BoolOption:
			bad = []string{"maybe", ""}
		case game.ChoiceOption:
			bad = []string{"no-such-choice", ""}
		}
		for _, v := range bad {
			_, err := g.New(map[string]string{o.Key: v})
			require.ErrorIs(t, err, game.ErrBadOption, "%s=%q", o.Key, v)
		}
	}
}

// playout plays one random game and checks the API's invariants at every turn.
func playout(t *testing.T, g game.Game, opts map[string]string, seed uint64, maxPlies int) {
	rng := game.NewRand(seed)
	s, err := g.New(opts)
	require.NoError(t, err)
	for ply := 0; ; ply++ {
		require.Equal(t, ply, s.Ply(), "Ply")
		checkPosition(t, s)
		seats := s.ToMove()
		if s.Outcome().Over {
			break
		}
		require.Less(t, ply, maxPlies, "the game did not end within %d plies", maxPlies)
		turn := make([]game.Move, len(seats))
		for i, p := range seats {
			legal := s.Legal(p, nil)
			turn[i] = legal[rng.IntN(len(legal))]
		}
		checkIllegal(t, s, turn, rng.IntN(1<<30))
		checkClone(t, s, turn)
		require.NoError(t, s.Apply(turn...), "a legal turn %s was refused", game.FormatTurn(s, turn))
	}
	// After the end every move is refused.
	before := s.Encode()
	require.Error(t, s.Apply(game.NewMove(game.Cell{})))
	require.Error(t, s.Apply())
	require.Equal(t, before, s.Encode())
}

// checkPosition checks what must hold of any position.
func checkPosition(t *testing.T, s game.State) {
	seats := s.ToMove()
	out := s.Outcome()
	require.Equal(t, out.Over, len(seats) == 0, "over ⇔ nobody to move")
	if out.Over {
		require.NotEmpty(t, out.Reason, "an ended game says why")
		require.True(t, out.Winner == game.NoPlayer || out.Winner.Valid())
		// Rooms offer a draw by agreement only where the game says it can
		// end drawn.
		require.True(t, !out.IsDraw() || game.CanEndDrawn(s.Game()), "a draw in a game that is not game.Drawable")
	} else {
		require.Equal(t, game.NoPlayer, out.Winner)
	}
	if len(seats) > 1 {
		require.True(t, s.Game().Simultaneous(), "two seats to move in a sequential game")
	}
	for _, p := range []game.Player{game.First, game.Second} {
		legal := s.Legal(p, nil)
		if !slices.Contains(seats, p) {
			require.Empty(t, legal, "seat %d is not to move but has moves", p)
			continue
		}
		require.NotEmpty(t, legal, "terminal ⇔ no legal move: seat %d is to move with none", p)
		// Plain comparisons here: a move list can hold thousands of moves.
		seen := make(map[game.Move]bool, len(legal))
		for _, m := range legal {
			text := s.FormatMove(m)
			switch {
			case seen[m]:
				t.Fatalf("move %s listed twice", text)
			case m.Len == 0:
				t.Fatalf("a move with no cells: %+v", m)
			}
			seen[m] = true
			parsed, err := s.ParseMove(p, text)
			if err != nil || parsed != m {
				t.Fatalf("ParseMove(FormatMove(%+v)) = %q → %+v, %v", m, text, parsed, err)
			}
		}
	}
	// Encode/Decode round-trip keeps everything observable.
	text := s.Encode()
	back, err := game.Decode(text)
	require.NoError(t, err, "Decode(%q)", text)
	require.Equal(t, text, back.Encode())
	require.Equal(t, s.Render(), back.Render())
	require.Equal(t, s.ToMove(), back.ToMove())
	require.Equal(t, s.Outcome(), back.Outcome())
	require.Equal(t, s.Score(), back.Score())
	for _, p := range []game.Player{game.First, game.Second} {
		require.Equal(t, s.Legal(p, nil), back.Legal(p, nil))
	}
	require.NotEmpty(t, s.Render())
	checkView(t, s)
}

// checkView checks the game's View of a position: it draws every cell once,
// each cell says what is on it, and every cell a move is clicked with is
// one the board draws (else the page could not play it).
func checkView(t *testing.T, s game.State) {
	v, ok := s.Game().(game.View)
	if !ok {
		return // shown with game.DefaultView: its text board, nothing to click
	}
	b := v.Board(s)
	require.Contains(t, []string{game.LayoutGrid, game.LayoutPits}, b.Layout)
	require.NotEmpty(t, b.Label)
	require.NotEmpty(t, b.SeatColors[0])
	require.NotEmpty(t, v.Score(s))
	require.NotEmpty(t, v.MoveHint(s))
	cells := b.Cells()
	require.Len(t, cells, b.CellCount())
	drawn := make(map[game.Cell]bool, len(cells))
	for _, c := range cells {
		require.False(t, drawn[c], "cell %v drawn twice", c)
		drawn[c] = true
		require.NotEmpty(t, v.Cell(s, c).What, "cell %v says nothing", c)
	}
	for _, p := range s.ToMove() {
		for _, m := range s.Legal(p, nil) {
			for _, c := range m.Path() {
				if !drawn[c] {
					t.Fatalf("move %s is clicked on cell %v, which the board does not draw", s.FormatMove(m), c)
				}
			}
		}
	}
}

// checkIllegal tries turns that must be refused and checks nothing changed.
func checkIllegal(t *testing.T, s game.State, legal []game.Move, salt int) {
	before := s.Encode()
	ply := s.Ply()
	try := func(what string, moves ...game.Move) {
		t.Helper()
		err := s.Apply(moves...)
		require.Error(t, err, "%s was accepted", what)
		require.True(t, errors.Is(err, game.ErrIllegalMove) || errors.Is(err, game.ErrNotYourTurn),
			"%s: error %v should wrap ErrIllegalMove or ErrNotYourTurn", what, err)
		require.Equal(t, before, s.Encode(), "%s changed the state", what)
		require.Equal(t, ply, s.Ply(), "%s changed the ply", what)
	}
	try("no move at all")
	try("one move too many", append(slices.Clone(legal), legal[0])...)
	try("a move with no cells", replace(legal, salt, game.Move{})...)
	// Shift one cell of a legal move; if the result is not legal, it must be refused.
	m := legal[salt%len(legal)]
	for k := range m.Len {
		for _, d := range [][2]int8{{0, 1}, {1, 0}, {-1, -1}, {2, -3}, {40, 40}, {-100, 5}} {
			bad := m
			bad.Cells[k].Row += d[0]
			bad.Cells[k].Col += d[1]
			seat := s.ToMove()[salt%len(legal)]
			if slices.Contains(s.Legal(seat, nil), bad) {
				continue
			}
			try("a shifted move", replace(legal, salt, bad)...)
		}
	}
	// A legal move with a tag no game uses must be refused too.
	try("a move with a foreign tag", replace(legal, salt, flipTag(m))...)
}

func replace(moves []game.Move, salt int, m game.Move) []game.Move {
	out := slices.Clone(moves)
	out[salt%len(out)] = m
	return out
}

func flipTag(m game.Move) game.Move {
	m.Tag ^= 0x80
	return m
}

// checkClone checks that a clone is independent of its original.
func checkClone(t *testing.T, s game.State, turn []game.Move) {
	before := s.Encode()
	c := s.Clone()
	require.Equal(t, before, c.Encode())
	require.NoError(t, c.Apply(turn...))
	require.Equal(t, before, s.Encode(), "applying to a clone changed the original")
	d := s.Clone()
	require.NoError(t, d.Apply(turn...))
	require.Equal(t, c.Encode(), d.Encode(), "the same turn gave different positions")
}
