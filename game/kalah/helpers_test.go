package kalah

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"boardroom/game"

	"github.com/stretchr/testify/require"
)

// picture builds a position from a board drawn as Render draws it (the rule
// lines may be left out), with the options (nil: defaults), the seat to move
// ("P1" or "P2") and a ply count. The drawn seeds must add up to what the
// options start with, so a picture cannot silently lose a seed.
func picture(t *testing.T, opts map[string]string, toMove string, ply int, board string) *State {
	t.Helper()
	var top, bottom []string
	for _, line := range strings.Split(board, "\n") {
		line = strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(line, "| P2 |"):
			top = strings.Split(strings.Trim(line, "|"), "|")
		case strings.HasSuffix(line, "| P1 |"):
			bottom = strings.Split(strings.Trim(line, "|"), "|")
		}
	}
	require.NotNil(t, top, "no P2 line in the picture")
	require.NotNil(t, bottom, "no P1 line in the picture")
	require.Equal(t, len(top), len(bottom), "the two rows differ in length")
	h := len(top) - 2
	p1 := make([]string, h+1)
	p2 := make([]string, h+1)
	for col := 1; col <= h; col++ {
		n, seeds := drawnHouse(t, top[col])
		require.Equal(t, h+1-col, n, "top row, column %d", col)
		p2[n-1] = seeds
		n, seeds = drawnHouse(t, bottom[col])
		require.Equal(t, col, n, "bottom row, column %d", col)
		p1[n-1] = seeds
	}
	p1[h] = strings.TrimSpace(top[h+1])
	p2[h] = strings.TrimSpace(bottom[0])
	o := map[string]string{OptHouses: strconv.Itoa(h)}
	for k, v := range opts {
		o[k] = v
	}
	resolved, err := game.Resolve(Game{}.Options(), o)
	require.NoError(t, err)
	body := fmt.Sprintf("%s / %s / %s / ply %d", strings.Join(p1, " "), strings.Join(p2, " "), toMove, ply)
	s, err := Game{}.Decode(resolved, body)
	require.NoError(t, err, "picture body %q", body)
	return s.(*State)
}

// drawnHouse reads " N[ S] " into the house number and its seeds.
func drawnHouse(t *testing.T, cell string) (int, string) {
	t.Helper()
	num, rest, ok := strings.Cut(strings.TrimSpace(cell), "[")
	require.True(t, ok, "house %q", cell)
	n, err := strconv.Atoi(num)
	require.NoError(t, err, "house %q", cell)
	return n, strings.TrimSpace(strings.TrimSuffix(rest, "]"))
}

// play applies moves in notation and fails the test on any error.
func play(t *testing.T, s *State, moves ...string) {
	t.Helper()
	require.NoError(t, game.PlayTurns(s, moves...))
}

// requireBoard checks the position against a drawn board, ignoring margins.
func requireBoard(t *testing.T, s *State, board string) {
	t.Helper()
	require.Equal(t, dedent(board), s.Render())
}

// dedent strips the indentation and blank edges of a board in a raw string.
func dedent(board string) string {
	var out strings.Builder
	for _, line := range strings.Split(strings.TrimSpace(board), "\n") {
		out.WriteString(strings.TrimSpace(line) + "\n")
	}
	return out.String()
}

func p1(s *State, house int) game.Move { return s.move(game.First, house) }
func p2(s *State, house int) game.Move { return s.move(game.Second, house) }
