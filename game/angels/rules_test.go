package angels

import (
	"strings"
	"testing"

	"boardroom/game"

	"github.com/stretchr/testify/require"
)

func TestStart(t *testing.T) {
	for _, tc := range []struct {
		size   string
		centre string
	}{
		{"5", "3,3"}, {"6", "3,3"}, {"15", "8,8"}, {"16", "8,8"}, {"41", "21,21"},
	} {
		s := must(t, map[string]string{"size": tc.size})
		require.Equal(t, tc.centre, formatSquare(s.angel.r, s.angel.c), "size %s", tc.size)
		require.Equal(t, 0, s.Ply())
		require.Equal(t, 0, s.BlockedCount())
		require.Equal(t, []game.Player{game.First}, s.ToMove())
		require.Equal(t, game.Ongoing, s.Outcome())
		_, ok := s.Previous()
		require.False(t, ok)
		require.Equal(t, [2]int{0, 0}, s.Score())
	}
	require.Equal(t, [2]string{"Angel", "Devil"}, Game{}.Seats())
	require.False(t, Game{}.Simultaneous())
}

func TestOptions(t *testing.T) {
	for _, tc := range []struct {
		opts map[string]string
		ok   bool
	}{
		{nil, true},
		{map[string]string{"size": "5", "power": "2"}, true},
		{map[string]string{"size": "5", "power": "3"}, false}, // 5/2 = 2
		{map[string]string{"size": "6", "power": "3"}, true},
		{map[string]string{"size": "7", "power": "4"}, false},
		{map[string]string{"size": "41", "power": "20"}, true},
		{map[string]string{"size": "40", "power": "20"}, true},
		{map[string]string{"size": "39", "power": "20"}, false},
		{map[string]string{"power": "8"}, false}, // default size 15
		{map[string]string{"power": "7"}, true},
		{map[string]string{"power": "0"}, false},
		{map[string]string{"power": "21"}, false},
		{map[string]string{"size": "4"}, false},
		{map[string]string{"size": "42"}, false},
		{map[string]string{"colour": "red"}, false},
	} {
		s, err := New(tc.opts)
		if tc.ok {
			require.NoError(t, err, "%v", tc.opts)
			if p, ok := tc.opts["power"]; ok {
				require.Equal(t, p, s.Options().String("power"))
				require.Equal(t, s.Options().Int("power"), s.Power())
			}
			continue
		}
		require.ErrorIs(t, err, game.ErrBadOption, "%v", tc.opts)
	}
	_, err := New(map[string]string{"size": "9", "power": "5"})
	require.EqualError(t, err, "bad option: power must be from 1 to size/2 = 4 on a 9×9 board, got 5")
	schema := Game{}.Options()
	require.Len(t, schema, 2)
	for _, o := range schema {
		require.NotEmpty(t, o.Label)
		require.NotEmpty(t, o.Help)
	}
	require.Equal(t, "15", schema[0].Default)
	require.Equal(t, 20, schema[1].Max)
}

func TestAngelReach(t *testing.T) {
	s := must(t, map[string]string{"size": "7"})
	require.Equal(t, []string{"3,3", "3,4", "3,5", "4,3", "4,4", "4,5", "5,3", "5,4", "5,5"},
		names(s, s.Legal(game.First, nil)))
	require.Empty(t, s.Legal(game.Second, nil), "not the Devil's turn")

	s = must(t, map[string]string{"size": "9", "power": "2"})
	require.Len(t, s.Legal(game.First, nil), 25)
	require.NoError(t, s.Apply(sq(t, s, "3,7")), "two rows and two columns away")

	s = must(t, map[string]string{"size": "9", "power": "2"})
	for _, far := range []string{"2,5", "5,8", "8,8", "1,1"} {
		err := s.Apply(sq(t, s, far))
		require.ErrorIs(t, err, game.ErrIllegalMove, far)
		require.Contains(t, err.Error(), far+" is out of the Angel's reach")
	}
}

func TestAngelJumpsOverBlocks(t *testing.T) {
	// A ring of blocks around the Angel: with power 2 it jumps over it.
	s := draw(t, 2, `
		+ + + + + + +
		+ + + + + + +
		+ + @ @ @ + +
		+ + @ A @ + +
		+ + @ @ @ + +
		+ + + + + + +
		+ + + + + + +`, "4,4", true)
	legal := names(s, s.Legal(game.First, nil))
	require.Len(t, legal, 16+1, "the outer ring of the 5×5 window, and staying")
	require.Contains(t, legal, "2,2")
	require.Contains(t, legal, "4,4")
	require.NotContains(t, legal, "3,3")
	err := s.Apply(sq(t, s, "3,4"))
	require.ErrorIs(t, err, game.ErrIllegalMove)
	require.Contains(t, err.Error(), "3,4 is blocked")
	require.NoError(t, s.Apply(sq(t, s, "2,6")))
	require.Equal(t, game.Cell{Row: 1, Col: 5}, s.Angel())
	prev, ok := s.Previous()
	require.True(t, ok)
	require.Equal(t, game.Cell{Row: 3, Col: 3}, prev)
}

func TestAngelStays(t *testing.T) {
	// One free square left in reach: the Angel may still stay.
	s := draw(t, 1, `
		+ + + + + + +
		+ + + + + + +
		+ + @ @ @ + +
		+ + @ A + + +
		+ + @ @ @ + +
		+ + + + + + +
		+ + + + + + +`, "4,5", true)
	require.Equal(t, []string{"4,4", "4,5"}, names(s, s.Legal(game.First, nil)))
	require.NoError(t, s.Apply(sq(t, s, "4,4")))
	prev, _ := s.Previous()
	require.Equal(t, s.Angel(), prev, "staying makes the previous square the Angel's own")
	// The Devil closes the last gap: trapped.
	require.Equal(t, []game.Player{game.Second}, s.ToMove())
	require.NoError(t, s.Apply(sq(t, s, "4,5")))
	require.Equal(t, game.Win(game.Second, "angel trapped"), s.Outcome())
	require.Empty(t, s.ToMove())
	require.Empty(t, s.Legal(game.First, nil), "trapped: not even staying")
	require.ErrorIs(t, s.Apply(sq(t, s, "4,4")), game.ErrGameOver)
}

func TestTrappedWithPowerTwo(t *testing.T) {
	// Power 2 traps only when the whole 5×5 window is blocked.
	picture := `
		+ + + + + + + + +
		+ @ @ @ @ @ + + +
		+ @ @ @ @ @ + + +
		+ @ @ A @ @ + + +
		+ @ @ @ @ @ + + +
		+ @ @ @ @ + + + +
		+ + + + + + + + +
		+ + + + + + + + +
		+ + + + + + + + +`
	s := draw(t, 2, picture, "5,4", true)
	require.False(t, s.Outcome().Over)
	require.Equal(t, []string{"4,4", "6,6"}, names(s, s.Legal(game.First, nil)))
	require.Equal(t, 1, s.FreeInReach())
	require.NoError(t, s.Apply(sq(t, s, "4,4")))
	require.NoError(t, s.Apply(sq(t, s, "6,6")))
	require.True(t, s.Trapped())
	require.Equal(t, game.Win(game.Second, "angel trapped"), s.Outcome())
	require.Equal(t, uint64(0), s.Perft(1))
}

func TestReachedTheEdge(t *testing.T) {
	for _, target := range []string{"1,3", "3,1", "5,3", "3,5", "1,1", "5,5"} {
		s := must(t, map[string]string{"size": "5", "power": "2"})
		require.NoError(t, s.Apply(sq(t, s, target)))
		require.Equal(t, game.Win(game.First, "reached the edge"), s.Outcome(), target)
		require.Empty(t, s.ToMove())
		require.Empty(t, s.Legal(game.Second, nil))
		require.Zero(t, s.EdgeDistance())
		err := s.Apply(sq(t, s, "3,3"))
		require.ErrorIs(t, err, game.ErrGameOver)
	}
	// Power 1: from 2,2 one step reaches the corner.
	s := draw(t, 1, `
		+ + + + +
		+ A + + +
		+ + + + +
		+ + + + +
		+ + + @ +`, "3,3", true)
	require.Equal(t, 1, s.EdgeDistance())
	require.NoError(t, s.Apply(sq(t, s, "1,1")))
	require.Equal(t, "reached the edge", s.Outcome().Reason)
}

func TestDevilBlocks(t *testing.T) {
	s := must(t, map[string]string{"size": "5"})
	require.NoError(t, s.Apply(sq(t, s, "2,3")))
	legal := names(s, s.Legal(game.Second, nil))
	require.Len(t, legal, 24, "every square but the Angel's")
	require.NotContains(t, legal, "2,3")
	require.Contains(t, legal, "3,3", "the square the Angel just left")
	require.Contains(t, legal, "5,5", "anywhere on the board")
	err := s.Apply(sq(t, s, "2,3"))
	require.ErrorIs(t, err, game.ErrIllegalMove)
	require.Contains(t, err.Error(), "2,3 is the Angel's square")
	require.NoError(t, s.Apply(sq(t, s, "5,5")))
	require.True(t, s.Blocked(4, 4))
	require.Equal(t, Blocked, s.At(4, 4))
	require.Equal(t, AngelHere, s.At(1, 2))
	require.Equal(t, Empty, s.At(2, 2))
	require.Equal(t, Empty, s.At(5, 5), "off the board")
	require.False(t, s.Blocked(-1, 0))
	require.Equal(t, 1, s.BlockedCount())
	require.NoError(t, s.Apply(sq(t, s, "2,3")))
	err = s.Apply(sq(t, s, "5,5"))
	require.ErrorIs(t, err, game.ErrIllegalMove)
	require.Contains(t, err.Error(), "5,5 is blocked")
	require.Len(t, s.Legal(game.Second, nil), 23)
}

// TestDevilAlwaysHasAMove checks the argument in movegen.go: the tightest
// spots still leave the Devil a square, and the position that would leave it
// none is refused as impossible.
func TestDevilAlwaysHasAMove(t *testing.T) {
	// The Angel steps into a pocket: only the square it left is free.
	s := draw(t, 1, `
		+ + + + +
		+ @ @ @ +
		+ @ A @ +
		+ + + @ +
		+ + + + +`, "4,3", true)
	require.NoError(t, s.Apply(sq(t, s, "3,3")), "stay")
	s = draw(t, 1, `
		@ @ @ @ @
		@ @ @ @ @
		@ @ A @ @
		@ @ + @ @
		@ @ @ @ @`, "3,3", true)
	require.NoError(t, s.Apply(sq(t, s, "4,3")))
	require.Equal(t, []string{"3,3"}, names(s, s.Legal(game.Second, nil)), "the square it left")
	require.NoError(t, s.Apply(sq(t, s, "3,3")))
	require.Equal(t, game.Win(game.Second, "angel trapped"), s.Outcome())

	// The Angel stays with one free square in reach: the Devil has that one.
	s = draw(t, 1, `
		@ @ @ @ @
		@ @ @ @ @
		@ @ A + @
		@ @ @ @ @
		@ @ @ @ @`, "3,4", true)
	require.NoError(t, s.Apply(sq(t, s, "3,3")))
	require.Equal(t, []string{"3,4"}, names(s, s.Legal(game.Second, nil)))

	// A Devil's turn with nothing left to block cannot arise.
	_, err := Game{}.Decode(s.opts, "@@@@@/@@@@@/@@A@@/@@@@@/@@@@@ Devil 49 3,3")
	require.ErrorIs(t, err, game.ErrBadPosition)

	// And in random play it never does.
	for seed := range uint64(200) {
		rng := game.NewRand(seed)
		s := must(t, map[string]string{"size": "5"})
		for !s.Outcome().Over {
			legal := s.Legal(s.ToMove()[0], nil)
			require.NotEmpty(t, legal)
			// The Angel prefers to stay home so that the Devil fills the board.
			m := legal[rng.IntN(len(legal))]
			if s.AngelToMove() && rng.IntN(4) > 0 {
				m = game.NewMove(s.Angel())
			}
			require.NoError(t, s.Apply(m))
		}
	}
}

func TestApplyRefusals(t *testing.T) {
	s := must(t, map[string]string{"size": "5"})
	m := sq(t, s, "3,4")
	for _, tc := range []struct {
		name  string
		moves []game.Move
		want  string
	}{
		{"none", nil, "one move per turn, got 0"},
		{"two", []game.Move{m, m}, "one move per turn, got 2"},
		{"empty", []game.Move{{}}, "[]: a move is one square"},
		{"two cells", []game.Move{game.NewMove(game.Cell{Row: 2, Col: 3}, game.Cell{Row: 2, Col: 2})}, "[3,4 3,3]: a move is one square"},
		{"tag", []game.Move{{Cells: m.Cells, Len: 1, Tag: 1}}, "3,4 carries tag 1"},
		{"off board", []game.Move{game.NewMove(game.Cell{Row: 5, Col: 2})}, "6,3 is off the 5×5 board"},
		{"negative", []game.Move{game.NewMove(game.Cell{Row: -1, Col: 2})}, "0,3 is off the 5×5 board"},
	} {
		before := s.Encode()
		err := s.Apply(tc.moves...)
		require.ErrorIs(t, err, game.ErrIllegalMove, tc.name)
		require.Contains(t, err.Error(), tc.want, tc.name)
		require.Equal(t, before, s.Encode(), tc.name)
	}
	require.NoError(t, s.Apply(m))
}

// The reference counts of the default game: 9 Angel moves from the centre,
// then 224 squares for the Devil, then 9 Angel moves again unless the block
// fell on one of the 8 other squares of its new window (8 such blocks per
// Angel square): 9·(224·9 − 8).
func TestPerft(t *testing.T) {
	s := must(t, nil)
	require.Equal(t, uint64(1), s.Perft(0))
	require.Equal(t, uint64(9), s.Perft(1))
	require.Equal(t, uint64(2016), s.Perft(2))
	require.Equal(t, uint64(9*(224*9-8)), s.Perft(3))
	require.Equal(t, uint64(4030056), s.Perft(4))
	require.Equal(t, game.PerftGeneric(s, 4), s.Perft(4))
	// Checked once against game.PerftGeneric (5 s), too slow to repeat here.
	require.Equal(t, uint64(35998056), s.Perft(5))

	// Size 5, power 2: 25 squares, the 16 edge squares win at once.
	s = must(t, map[string]string{"size": "5", "power": "2"})
	require.Equal(t, uint64(25), s.Perft(1))
	require.Equal(t, uint64(9*24), s.Perft(2))
	require.Equal(t, uint64(3896), s.Perft(3))
	require.Equal(t, uint64(43056), s.Perft(4))
	require.Equal(t, uint64(745120), s.Perft(5))
	require.Equal(t, game.PerftGeneric(s, 5), s.Perft(5))

	// Size 41, power 20: the Angel reaches the whole board; its 160 edge
	// squares win at once, the other 1521 leave the Devil 1680 squares.
	s = must(t, map[string]string{"size": "41", "power": "20"})
	require.Equal(t, uint64(1681), s.Perft(1))
	require.Equal(t, uint64(1521*1680), s.Perft(2))
	for _, opts := range []map[string]string{{"size": "5"}, {"size": "5", "power": "2"}, {"size": "6", "power": "2"}} {
		s := must(t, opts)
		require.Equal(t, game.PerftGeneric(s, 4), s.Perft(4), "%v", opts)
	}
	before := s.Encode()
	s.Perft(3)
	require.Equal(t, before, s.Encode(), "perft leaves the state as it was")
}

func TestMakeUnmake(t *testing.T) {
	s := must(t, map[string]string{"size": "7"})
	start := *s
	u1 := s.Make(2, 3)
	u2 := s.Make(0, 0)
	u3 := s.Make(2, 2)
	require.True(t, strings.HasSuffix(s.Encode(), "+++++++ Devil 3 3,4"), s.Encode())
	require.True(t, s.Blocked(0, 0))
	s.Unmake(u3)
	s.Unmake(u2)
	s.Unmake(u1)
	require.Equal(t, start, *s)
}

func TestLegalDoesNotAllocate(t *testing.T) {
	positions := []*State{must(t, nil), must(t, map[string]string{"size": "41", "power": "20"})}
	s := must(t, map[string]string{"size": "9", "power": "3"})
	require.NoError(t, game.PlayTurns(s, "4,4", "1,1", "6,6"))
	positions = append(positions, s, draw(t, 1, `
		+ + + + +
		+ @ @ @ +
		+ @ A + +
		+ @ @ @ +
		+ + + + +`, "3,4", true))
	buf := make([]game.Move, 0, MaxSize*MaxSize)
	for _, s := range positions {
		for _, p := range []game.Player{game.First, game.Second} {
			allocs := testing.AllocsPerRun(20, func() { buf = s.Legal(p, buf[:0]) })
			require.Zero(t, allocs)
		}
		allocs := testing.AllocsPerRun(20, func() { _ = s.Outcome(); _ = s.ToMove() })
		require.Zero(t, allocs)
	}
}

func TestGameNewError(t *testing.T) {
	s, err := Game{}.New(map[string]string{"power": "9"})
	require.ErrorIs(t, err, game.ErrBadOption)
	require.Nil(t, s, "no typed nil in the interface")
	st, err := Game{}.Decode(game.Options{"size": "5", "power": "1"}, "junk")
	require.ErrorIs(t, err, game.ErrBadPosition)
	require.Nil(t, st)
}
