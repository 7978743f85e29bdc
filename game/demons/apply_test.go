package demons

import (
	"strconv"
	"testing"

	"boardroom/game"

	"github.com/stretchr/testify/require"
)

func cell(r, c int8) game.Cell { return game.Cell{Row: r, Col: c} }

// TestIllegal checks that Apply refuses every kind of bad turn, names the
// move, and changes nothing.
func TestIllegal(t *testing.T) {
	d4 := game.NewMove(cell(4, 3)) // dark
	tagged := d4
	tagged.Tag = 1
	tests := []struct {
		name  string
		moves []game.Move
		msg   string
	}{
		{"no move", nil, "got 0"},
		{"one move", []game.Move{d4}, "got 1"},
		{"three moves", []game.Move{d4, d4, d4}, "got 3"},
		{"a light square", []game.Move{game.NewMove(cell(7, 1)), d4}, "Angels: b1 is a light square"},
		{"a light square for the Demons", []game.Move{d4, game.NewMove(cell(0, 0))}, "Demons: a8 is a light square"},
		{"off the board", []game.Move{d4, game.NewMove(cell(8, 1))}, "(8,1) is off the board"},
		{"negative cell", []game.Move{game.NewMove(cell(-1, 0)), d4}, "(-1,0) is off the board"},
		{"zero move", []game.Move{{}, d4}, "got 0 cells"},
		{"two cells", []game.Move{game.NewMove(cell(4, 3), cell(3, 4)), d4}, "got 2 cells (d4 e5)"},
		{"a tag", []game.Move{d4, tagged}, "d4 has a tag"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := board(t, nil, 1, `
				- . - . - . - .
				. - . - . - . -
				- . - . - . - .
				. - . A . - . -
				- . - . D . - .
				. - . - . - . -
				- . - . - . - .
				. - . - . - . -`)
			before := s.Encode()
			err := s.Apply(tt.moves...)
			require.ErrorIs(t, err, game.ErrIllegalMove)
			require.ErrorContains(t, err, tt.msg)
			require.Equal(t, before, s.Encode())
			require.Equal(t, 1, s.Ply())
		})
	}
}

// TestLegal checks that every dark square, and only those, is a choice for
// both seats, in reading order, on every size.
func TestLegal(t *testing.T) {
	for _, size := range []int{6, 8, 10, 12} {
		s, err := New(map[string]string{"size": strconv.Itoa(size)})
		require.NoError(t, err)
		require.Equal(t, size, s.Size())
		want := []game.Move{}
		for r := range size {
			for c := range size {
				if (r+c)%2 == 1 {
					want = append(want, game.NewMove(cell(int8(r), int8(c))))
				}
			}
		}
		require.Len(t, want, size*size/2)
		require.Equal(t, size*size/2, s.NumChoices())
		for _, p := range []game.Player{game.First, game.Second} {
			require.Equal(t, want, s.Legal(p, nil))
		}
		require.Empty(t, s.Legal(game.NoPlayer, nil))
		for k, m := range want {
			require.Equal(t, m, s.ChoiceMove(k))
			got, ok := s.ChoiceOf(m)
			require.True(t, ok)
			require.Equal(t, k, got)
		}
		_, ok := s.ChoiceOf(game.NewMove(cell(0, 0)))
		require.False(t, ok, "a light square is no choice")
	}
	// The brief's reference: b2 on 8x8 is Cell{6,1}, dark.
	s, _ := New(nil)
	m, err := s.ParseMove(game.First, "b2")
	require.NoError(t, err)
	require.Equal(t, game.NewMove(cell(6, 1)), m)
	require.True(t, IsDark(m.Cells[0]))
	require.True(t, game.IsLegal(s, game.Second, m))
}

// TestLegalDoesNotAllocate checks Legal's promise on a few positions.
func TestLegalDoesNotAllocate(t *testing.T) {
	var states []*State
	for _, size := range []string{"6", "8", "12"} {
		s, err := New(map[string]string{"size": size, "turns": "3"})
		require.NoError(t, err)
		states = append(states, s.Clone().(*State))
		play(t, s, "b2+b2")
		states = append(states, s.Clone().(*State))
		play(t, s, "a1+d2", "c1+c1")
		states = append(states, s) // over: nothing to append
	}
	buf := make([]game.Move, 0, 72)
	for _, s := range states {
		allocs := testing.AllocsPerRun(100, func() {
			buf = s.Legal(game.First, buf[:0])
			buf = s.Legal(game.Second, buf[:0])
		})
		require.Zero(t, allocs, "Legal allocated on %s", s.Encode())
	}
}

// TestMakeUnmake checks the search interface against Apply.
func TestMakeUnmake(t *testing.T) {
	rng := game.NewRand(7)
	s, err := New(map[string]string{"size": "10", "turns": "30"})
	require.NoError(t, err)
	var undo []Undo
	var encodings []string
	for !s.Over() {
		a, b := rng.IntN(s.NumChoices()), rng.IntN(s.NumChoices())
		want := s.Clone().(*State)
		require.NoError(t, want.Apply(s.ChoiceMove(a), s.ChoiceMove(b)))
		require.Equal(t, want.Covered(), s.CoveredAfter(a, b))
		encodings = append(encodings, s.Encode())
		undo = append(undo, s.MakeTurn(a, b))
		require.Equal(t, want.Encode(), s.Encode())
	}
	for i := len(undo) - 1; i >= 0; i-- {
		s.UnmakeTurn(undo[i])
		require.Equal(t, encodings[i], s.Encode())
	}
	require.Zero(t, s.Ply())
	require.Zero(t, testing.AllocsPerRun(100, func() {
		u := s.MakeTurn(3, 4)
		s.UnmakeTurn(u)
	}))
}

// TestOwner checks the accessor the web page draws with.
func TestOwner(t *testing.T) {
	s := board(t, nil, 1, `
		A . - . - . - .
		. - . - . - . -
		- . - . - . - .
		. - . - . - . -
		- . - . - . - .
		. - . - . - . -
		- . - . - . - .
		. - . - . - . D`)
	require.Equal(t, game.First, s.Owner(cell(0, 0)))
	require.Equal(t, game.Second, s.Owner(cell(7, 7)))
	require.Equal(t, game.NoPlayer, s.Owner(cell(0, 2)))
	require.Equal(t, game.NoPlayer, s.Owner(cell(0, 1)), "dark")
	require.Equal(t, game.NoPlayer, s.Owner(cell(8, 0)), "off the board")
	require.Equal(t, game.NoPlayer, s.Owner(cell(-1, -1)), "off the board")
	require.Equal(t, 20, s.Turns())
	require.Equal(t, 1, s.Turn())
}

// TestPerft checks the reference counts: every pair of the n = size²/2
// choices is a turn, so perft d is (n²)^d while turns remain, else 0.
func TestPerft(t *testing.T) {
	s, err := New(nil)
	require.NoError(t, err)
	require.EqualValues(t, 1, s.Perft(0))
	require.EqualValues(t, 1024, s.Perft(1))
	require.EqualValues(t, 1024*1024, s.Perft(2))
	if !testing.Short() {
		require.EqualValues(t, 1024*1024*1024, s.Perft(3))
	}
	require.EqualValues(t, 1024, game.PerftGeneric(s, 1))

	small, err := New(map[string]string{"size": "6", "turns": "2"})
	require.NoError(t, err)
	require.EqualValues(t, 18*18, small.Perft(1))
	require.EqualValues(t, 18*18*18*18, small.Perft(2))
	require.Zero(t, small.Perft(3), "the game ends after two turns")
	require.Equal(t, game.PerftGeneric(small, 2), small.Perft(2))
	require.Zero(t, game.PerftGeneric(small, 3))

	big, err := New(map[string]string{"size": "12"})
	require.NoError(t, err)
	require.EqualValues(t, 72*72, big.Perft(1))
	require.EqualValues(t, 72*72*72*72, big.Perft(2))

	before := s.Encode()
	s.Perft(2)
	require.Equal(t, before, s.Encode(), "Perft only reads")
}
