package view_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/game"
	"boardroom/realtime/view"
)

// decodePaths reads EncodePaths' text, which must be well formed.
func decodePaths(t testing.TB, text string) [][]game.Cell {
	t.Helper()
	out, err := view.DecodePaths(text)
	require.NoError(t, err)
	return out
}

// distinctPaths is the clicks of moves, without a move's repeat of the one
// before it.
func distinctPaths(moves []game.Move) [][]game.Cell {
	var out [][]game.Cell
	for _, m := range moves {
		if len(out) > 0 && slices.Equal(out[len(out)-1], m.Path()) {
			continue
		}
		out = append(out, m.Path())
	}
	return out
}

func cell(r, c int) game.Cell { return game.Cell{Row: int8(r), Col: int8(c)} }

func TestEncodePaths(t *testing.T) {
	tests := []struct {
		name  string
		moves []game.Move
		want  string
	}{
		{"no moves", nil, ""},
		{"moves of one click", []game.Move{game.NewMove(cell(0, 1)), game.NewMove(cell(1, 0))}, "0ABBA"},
		{"a cell past the letters", []game.Move{game.NewMove(cell(52, 0), cell(0, 0))}, ""},
		{"one move of two clicks", []game.Move{game.NewMove(cell(0, 1), cell(2, 27))}, "1ABCb"},
		{"shared first cells", []game.Move{
			game.NewMove(cell(9, 3), cell(3, 3), cell(9, 3)),
			game.NewMove(cell(9, 3), cell(3, 3), cell(0, 0)),
			game.NewMove(cell(9, 3), cell(4, 3), cell(9, 3)),
			game.NewMove(cell(6, 0), cell(5, 0), cell(6, 0)),
		}, "2JDDDJD6AA4EDJD2GAFAGA"},
		{"a repeat differing in its tag is written once", []game.Move{
			{Cells: [3]game.Cell{cell(1, 1), cell(2, 2)}, Len: 2},
			{Cells: [3]game.Cell{cell(1, 1), cell(2, 2)}, Len: 2, Tag: 1},
		}, "1BBCC"},
		{"a move that is the start of the next", []game.Move{
			game.NewMove(cell(1, 1)),
			game.NewMove(cell(1, 1), cell(2, 2)),
		}, "0BB3CC"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := view.EncodePaths(tc.moves)
			require.Equal(t, tc.want, got)
			if got != "" {
				require.Equal(t, distinctPaths(tc.moves), decodePaths(t, got))
			}
		})
	}
}

// Every registered game's positions along random games read back as their
// legal moves, and an Amazons opening costs about two letters a move.
func TestEncodePathsOfEveryGame(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, g := range game.All() {
		s, err := g.New(nil)
		require.NoError(t, err)
		for ply := 0; ply < 60 && !s.Outcome().Over; ply++ {
			var turn []game.Move
			for _, p := range s.ToMove() {
				moves := s.Legal(p, nil)
				if text := view.EncodePaths(moves); text != "" {
					require.Equal(t, distinctPaths(moves), decodePaths(t, text), "%s ply %d", g.ID(), ply)
				}
				turn = append(turn, moves[rng.IntN(len(moves))])
			}
			require.NoError(t, s.Apply(turn...))
		}
	}
	g, err := game.Lookup("amazons")
	require.NoError(t, err)
	s, err := g.New(nil)
	require.NoError(t, err)
	moves := s.Legal(game.First, nil)
	require.Less(t, len(view.EncodePaths(moves)), 2*len(moves)+400, "%d moves", len(moves))
}

func TestDecodePathsRefusesBrokenText(t *testing.T) {
	for _, text := range []string{"2JD", "5JDJD", "1J", "1J!", "0??"} {
		_, err := view.DecodePaths(text)
		require.Error(t, err, text)
	}
}

func FuzzEncodePaths(f *testing.F) {
	f.Add([]byte{9, 3, 3, 3, 9, 3, 9, 3, 3, 3, 0, 0}, uint8(3))
	f.Add([]byte{1, 1, 2, 2, 1, 1, 2, 2}, uint8(2))
	f.Fuzz(func(t *testing.T, data []byte, width uint8) {
		n := int(width%game.MaxMoveCells) + 1
		var moves []game.Move
		for i := 0; i+2*n <= len(data); i += 2 * n {
			var m game.Move
			for k := range n {
				m.Cells[k] = cell(int(data[i+2*k]%60), int(data[i+2*k+1]%60))
			}
			m.Len = uint8(n - i/(2*n)%n) // lengths vary along the list
			clear(m.Cells[m.Len:])
			moves = append(moves, m)
		}
		text := view.EncodePaths(moves)
		if text == "" {
			return
		}
		require.Equal(t, distinctPaths(moves), decodePaths(t, text))
	})
}
