package view_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/game"
	"boardroom/realtime/view"
)

// decodePaths reads EncodePaths' text as pick.js does.
func decodePaths(t testing.TB, text string) [][]game.Cell {
	t.Helper()
	coordinate := func(b byte) int8 {
		switch {
		case b >= 'A' && b <= 'Z':
			return int8(b - 'A')
		case b >= 'a' && b <= 'z':
			return int8(b-'a') + 26
		}
		t.Fatalf("%q is not a coordinate", b)
		return 0
	}
	var out [][]game.Cell
	var prev []game.Cell
	shared, fresh := 0, 1
	for i := 0; i < len(text); {
		if d := text[i]; d >= '0' && d <= '9' {
			shared, fresh = int(d-'0')/3, int(d-'0')%3+1
			i++
			continue
		}
		require.LessOrEqual(t, shared, len(prev), "a move repeats more cells than the one before it has")
		path := slices.Clone(prev[:shared])
		for range fresh {
			require.Less(t, i+1, len(text), "a cell cut short")
			path = append(path, game.Cell{Row: coordinate(text[i]), Col: coordinate(text[i+1])})
			i += 2
		}
		out = append(out, path)
		prev = path
	}
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
		{"moves of one click: the page sends the click", []game.Move{game.NewMove(cell(0, 1)), game.NewMove(cell(1, 0))}, ""},
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
