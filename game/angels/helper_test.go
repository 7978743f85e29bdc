package angels

import (
	"fmt"
	"strings"
	"testing"

	"boardroom/game"

	"github.com/stretchr/testify/require"
)

// draw builds a position from an ASCII picture of the board, one line per row
// with squares '+', '@' and 'A' (spaces between them are ignored), the Angel's
// previous square ("-" before its first move) and whose turn it is. The ply
// count follows from the blocked squares: one per Devil move.
func draw(t *testing.T, power int, picture, prev string, angelToMove bool) *State {
	t.Helper()
	var rows []string
	for _, line := range strings.Split(strings.TrimSpace(picture), "\n") {
		rows = append(rows, strings.ReplaceAll(strings.TrimSpace(line), " ", ""))
	}
	board := strings.Join(rows, "/")
	blocked := strings.Count(board, "@")
	ply, turn := 2*blocked, "Angel"
	if !angelToMove {
		ply, turn = ply+1, "Devil"
	}
	opts := map[string]string{"size": fmt.Sprint(len(rows)), "power": fmt.Sprint(power)}
	start, err := New(opts)
	require.NoError(t, err)
	s, err := decode(start.opts, fmt.Sprintf("%s %s %d %s", board, turn, ply, prev))
	if err != nil && strings.Contains(err.Error(), "turn") {
		s, err = decode(start.opts, fmt.Sprintf("%s %s %d %s", board, "over", ply, prev))
	}
	require.NoError(t, err, "drawing\n%s", picture)
	return s
}

// sq is the move on a square in notation.
func sq(t *testing.T, s *State, text string) game.Move {
	t.Helper()
	m, err := s.ParseMove(game.First, text)
	require.NoError(t, err)
	return m
}

// names writes moves in notation.
func names(s *State, moves []game.Move) []string {
	out := make([]string, len(moves))
	for i, m := range moves {
		out[i] = s.FormatMove(m)
	}
	return out
}

// must is New that fails the test on error.
func must(t testing.TB, opts map[string]string) *State {
	t.Helper()
	s, err := New(opts)
	require.NoError(t, err)
	return s
}
