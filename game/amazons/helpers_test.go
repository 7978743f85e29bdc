package amazons

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"boardroom/game"

	"github.com/stretchr/testify/require"
)

// pos builds a position from a picture drawn like Render's rows without the
// labels: ten lines of ten symbols ('#' empty, 'W', 'B', 'X' arrow), spaces
// between symbols optional. Every turn shoots one arrow, so the ply is the
// number of arrows and White is to move exactly when it is even.
func pos(t testing.TB, picture string) *State {
	t.Helper()
	var rows []string
	arrows := 0
	for line := range strings.Lines(picture) {
		row := strings.ReplaceAll(strings.TrimSpace(line), " ", "")
		if row == "" {
			continue
		}
		arrows += strings.Count(row, "X")
		rows = append(rows, row)
	}
	seat := "White"
	if arrows%2 == 1 {
		seat = "Black"
	}
	body := strings.Join(rows, "/") + " " + seat + " " + strconv.Itoa(arrows)
	s, err := Game{}.Decode(game.Options{}, body)
	require.NoError(t, err, "picture:\n%s", picture)
	return s.(*State)
}

// play applies turns in notation and fails the test on the first refusal.
func play(t testing.TB, s *State, turns ...string) {
	t.Helper()
	require.NoError(t, game.PlayTurns(s, turns...))
}

// notations lists seat p's legal moves in notation, sorted.
func notations(s *State, p game.Player) []string {
	var out []string
	for _, m := range s.Legal(p, nil) {
		out = append(out, s.FormatMove(m))
	}
	slices.Sort(out)
	return out
}

// naiveLegal lists the legal moves of the seat to move by walking the board
// cell by cell through the public accessors only, as an independent check of
// the bitboard move generation.
func naiveLegal(s *State) []game.Move {
	dirs := [][2]int{{-1, -1}, {-1, 0}, {-1, 1}, {0, -1}, {0, 1}, {1, -1}, {1, 0}, {1, 1}}
	p := s.SideToMove()
	free := func(c game.Cell, vacated game.Cell) bool {
		if c.Row < 0 || c.Row >= 10 || c.Col < 0 || c.Col >= 10 {
			return false
		}
		return c == vacated || s.At(c) == Empty
	}
	walk := func(from, vacated game.Cell, f func(game.Cell)) {
		for _, d := range dirs {
			c := game.Cell{Row: from.Row + int8(d[0]), Col: from.Col + int8(d[1])}
			for free(c, vacated) {
				f(c)
				c.Row += int8(d[0])
				c.Col += int8(d[1])
			}
		}
	}
	var out []game.Move
	for r := range int8(10) {
		for c := range int8(10) {
			from := game.Cell{Row: r, Col: c}
			if s.At(from).Owner() != p {
				continue
			}
			walk(from, game.Cell{Row: -9, Col: -9}, func(to game.Cell) {
				walk(to, from, func(arrow game.Cell) {
					out = append(out, game.NewMove(from, to, arrow))
				})
			})
		}
	}
	return out
}

func sortedMoves(ms []game.Move) []game.Move {
	out := slices.Clone(ms)
	slices.SortFunc(out, func(a, b game.Move) int {
		for i := range a.Cells {
			if d := int(a.Cells[i].Row)*10 + int(a.Cells[i].Col) - int(b.Cells[i].Row)*10 - int(b.Cells[i].Col); d != 0 {
				return d
			}
		}
		return 0
	})
	return out
}
