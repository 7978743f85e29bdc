package kalah

import (
	"testing"

	"boardroom/game"

	"github.com/stretchr/testify/require"
)

// The reference game of docs/rules.md: P1 plays 2, P2 plays 3 (ending in its
// store, so it moves again) and 5.
func TestReferenceSequence(t *testing.T) {
	s, err := New(nil)
	require.NoError(t, err)
	play(t, s, "2")
	require.Equal(t, game.Second, s.Turn())
	play(t, s, "3")
	require.Equal(t, game.Second, s.Turn(), "P2's 3 ends in its store")
	play(t, s, "5")
	requireBoard(t, s, `
		+----+-------+-------+-------+-------+-------+-------+----+
		| P2 | 6[ 6] | 5[ 0] | 4[ 5] | 3[ 0] | 2[ 4] | 1[ 4] |  0 |
		|    |-------+-------+-------+-------+-------+-------|    |
		|  2 | 1[ 5] | 2[ 1] | 3[ 6] | 4[ 5] | 5[ 5] | 6[ 5] | P1 |
		+----+-------+-------+-------+-------+-------+-------+----+`)
	require.Equal(t, game.First, s.Turn())
	require.Equal(t, 3, s.Ply())
	require.Equal(t, [2]int{27, 21}, s.Score())
}

// Each scenario: a drawn board, the seat to move, moves, and the board and
// seat to move after them.
func TestSowing(t *testing.T) {
	cases := []struct {
		name   string
		opts   map[string]string
		toMove string
		board  string
		moves  []string
		after  string
		next   game.Player // NoPlayer: the game is over
	}{
		{
			name: "P1 skips P2's store", toMove: "P1", moves: []string{"6"},
			board: `
				| P2 | 6[ 4] | 5[ 4] | 4[ 4] | 3[ 4] | 2[ 4] | 1[ 4] |  0 |
				|  4 | 1[ 2] | 2[ 2] | 3[ 2] | 4[ 2] | 5[ 2] | 6[10] | P1 |`,
			after: `
				| P2 | 6[ 5] | 5[ 5] | 4[ 5] | 3[ 5] | 2[ 5] | 1[ 5] |  1 |
				|  4 | 1[ 3] | 2[ 3] | 3[ 3] | 4[ 2] | 5[ 2] | 6[ 0] | P1 |`,
			next: game.Second,
		},
		{
			name: "P2 skips P1's store", toMove: "P2", moves: []string{"6"},
			board: `
				| P2 | 6[10] | 5[ 2] | 4[ 2] | 3[ 2] | 2[ 2] | 1[ 2] |  4 |
				|  0 | 1[ 4] | 2[ 4] | 3[ 4] | 4[ 4] | 5[ 4] | 6[ 4] | P1 |`,
			after: `
				| P2 | 6[ 0] | 5[ 2] | 4[ 2] | 3[ 3] | 2[ 3] | 1[ 3] |  4 |
				|  1 | 1[ 5] | 2[ 5] | 3[ 5] | 4[ 5] | 5[ 5] | 6[ 5] | P1 |`,
			next: game.First,
		},
		{
			name: "last seed in the store: move again, without limit", toMove: "P1", moves: []string{"6", "5", "4"},
			board: `
				| P2 | 6[ 4] | 5[ 4] | 4[ 4] | 3[ 4] | 2[ 4] | 1[ 4] |  0 |
				| 18 | 1[ 0] | 2[ 0] | 3[ 0] | 4[ 3] | 5[ 2] | 6[ 1] | P1 |`,
			after: `
				| P2 | 6[ 4] | 5[ 4] | 4[ 4] | 3[ 4] | 2[ 4] | 1[ 4] |  3 |
				| 18 | 1[ 0] | 2[ 0] | 3[ 0] | 4[ 0] | 5[ 1] | 6[ 2] | P1 |`,
			next: game.First,
		},
		{
			name: "a last seed in a non-empty own house passes the turn", toMove: "P1", moves: []string{"6", "5", "4", "5"},
			board: `
				| P2 | 6[ 4] | 5[ 4] | 4[ 4] | 3[ 4] | 2[ 4] | 1[ 4] |  0 |
				| 18 | 1[ 0] | 2[ 0] | 3[ 0] | 4[ 3] | 5[ 2] | 6[ 1] | P1 |`,
			after: `
				| P2 | 6[ 4] | 5[ 4] | 4[ 4] | 3[ 4] | 2[ 4] | 1[ 4] |  3 |
				| 18 | 1[ 0] | 2[ 0] | 3[ 0] | 4[ 0] | 5[ 0] | 6[ 3] | P1 |`,
			next: game.Second,
		},
		{
			name: "capture: own empty house, seeds opposite", toMove: "P1", moves: []string{"1"},
			board: `
				| P2 | 6[ 4] | 5[ 4] | 4[ 7] | 3[ 4] | 2[ 4] | 1[ 4] |  0 |
				|  7 | 1[ 2] | 2[ 0] | 3[ 0] | 4[ 4] | 5[ 4] | 6[ 4] | P1 |`,
			after: `
				| P2 | 6[ 4] | 5[ 4] | 4[ 0] | 3[ 4] | 2[ 4] | 1[ 4] |  8 |
				|  7 | 1[ 0] | 2[ 1] | 3[ 0] | 4[ 4] | 5[ 4] | 6[ 4] | P1 |`,
			next: game.Second,
		},
		{
			name: "P2 captures", toMove: "P2", moves: []string{"2"},
			board: `
				| P2 | 6[ 4] | 5[ 0] | 4[ 4] | 3[ 4] | 2[ 3] | 1[ 4] |  3 |
				|  0 | 1[ 4] | 2[ 6] | 3[ 4] | 4[ 4] | 5[ 4] | 6[ 4] | P1 |`,
			after: `
				| P2 | 6[ 4] | 5[ 0] | 4[ 5] | 3[ 5] | 2[ 0] | 1[ 4] |  3 |
				|  7 | 1[ 4] | 2[ 0] | 3[ 4] | 4[ 4] | 5[ 4] | 6[ 4] | P1 |`,
			next: game.First,
		},
		{
			name: "no capture opposite an empty house", toMove: "P1", moves: []string{"1"},
			board: `
				| P2 | 6[ 4] | 5[ 4] | 4[ 0] | 3[ 4] | 2[ 4] | 1[ 4] |  0 |
				| 14 | 1[ 2] | 2[ 0] | 3[ 0] | 4[ 4] | 5[ 4] | 6[ 4] | P1 |`,
			after: `
				| P2 | 6[ 4] | 5[ 4] | 4[ 0] | 3[ 4] | 2[ 4] | 1[ 4] |  0 |
				| 14 | 1[ 0] | 2[ 1] | 3[ 1] | 4[ 4] | 5[ 4] | 6[ 4] | P1 |`,
			next: game.Second,
		},
		{
			name: "empty_capture banks the lone seed", toMove: "P1", moves: []string{"1"},
			opts: map[string]string{OptEmptyCapture: "true"},
			board: `
				| P2 | 6[ 4] | 5[ 4] | 4[ 0] | 3[ 4] | 2[ 4] | 1[ 4] |  0 |
				| 14 | 1[ 2] | 2[ 0] | 3[ 0] | 4[ 4] | 5[ 4] | 6[ 4] | P1 |`,
			after: `
				| P2 | 6[ 4] | 5[ 4] | 4[ 0] | 3[ 4] | 2[ 4] | 1[ 4] |  1 |
				| 14 | 1[ 0] | 2[ 1] | 3[ 0] | 4[ 4] | 5[ 4] | 6[ 4] | P1 |`,
			next: game.Second,
		},
		{
			name: "empty_capture still captures the opposite seeds", toMove: "P1", moves: []string{"1"},
			opts: map[string]string{OptEmptyCapture: "true"},
			board: `
				| P2 | 6[ 4] | 5[ 4] | 4[ 7] | 3[ 4] | 2[ 4] | 1[ 4] |  0 |
				|  7 | 1[ 2] | 2[ 0] | 3[ 0] | 4[ 4] | 5[ 4] | 6[ 4] | P1 |`,
			after: `
				| P2 | 6[ 4] | 5[ 4] | 4[ 0] | 3[ 4] | 2[ 4] | 1[ 4] |  8 |
				|  7 | 1[ 0] | 2[ 1] | 3[ 0] | 4[ 4] | 5[ 4] | 6[ 4] | P1 |`,
			next: game.Second,
		},
		{
			name: "no capture in the opponent's empty house", toMove: "P1", moves: []string{"6"},
			opts: map[string]string{OptEmptyCapture: "true"},
			board: `
				| P2 | 6[ 4] | 5[ 4] | 4[ 4] | 3[ 4] | 2[ 0] | 1[ 4] |  0 |
				|  5 | 1[ 4] | 2[ 4] | 3[ 4] | 4[ 4] | 5[ 4] | 6[ 3] | P1 |`,
			after: `
				| P2 | 6[ 4] | 5[ 4] | 4[ 4] | 3[ 4] | 2[ 1] | 1[ 5] |  1 |
				|  5 | 1[ 4] | 2[ 4] | 3[ 4] | 4[ 4] | 5[ 4] | 6[ 0] | P1 |`,
			next: game.Second,
		},
		{
			name: "a lap of 13 ends in the emptied house and captures", toMove: "P1", moves: []string{"1"},
			board: `
				| P2 | 6[ 2] | 5[ 2] | 4[ 2] | 3[ 2] | 2[ 2] | 1[ 2] |  0 |
				| 23 | 1[13] | 2[ 0] | 3[ 0] | 4[ 0] | 5[ 0] | 6[ 0] | P1 |`,
			after: `
				| P2 | 6[ 0] | 5[ 3] | 4[ 3] | 3[ 3] | 2[ 3] | 1[ 3] |  5 |
				| 23 | 1[ 0] | 2[ 1] | 3[ 1] | 4[ 1] | 5[ 1] | 6[ 1] | P1 |`,
			next: game.Second,
		},
		{
			name: "several laps on one house a side", toMove: "P1", moves: []string{"1"},
			opts: map[string]string{OptSeeds: "12"},
			board: `
				| P2 | 1[11] |  0 |
				|  1 | 1[12] | P1 |`,
			after: `
				| P2 | 1[15] |  4 |
				|  1 | 1[ 4] | P1 |`,
			next: game.Second,
		},
		{
			name: "the mover's last seeds into the store end the game", toMove: "P1", moves: []string{"6"},
			board: `
				| P2 | 6[ 4] | 5[ 4] | 4[ 4] | 3[ 4] | 2[ 4] | 1[ 4] | 20 |
				|  3 | 1[ 0] | 2[ 0] | 3[ 0] | 4[ 0] | 5[ 0] | 6[ 1] | P1 |`,
			after: `
				| P2 | 6[ 4] | 5[ 4] | 4[ 4] | 3[ 4] | 2[ 4] | 1[ 4] | 21 |
				|  3 | 1[ 0] | 2[ 0] | 3[ 0] | 4[ 0] | 5[ 0] | 6[ 0] | P1 |`,
			next: game.NoPlayer,
		},
		{
			name: "the turn passes to an empty side: the game ends", toMove: "P1", moves: []string{"1"},
			board: `
				| P2 | 6[ 0] | 5[ 0] | 4[ 0] | 3[ 0] | 2[ 0] | 1[ 0] | 23 |
				| 24 | 1[ 1] | 2[ 0] | 3[ 0] | 4[ 0] | 5[ 0] | 6[ 0] | P1 |`,
			after: `
				| P2 | 6[ 0] | 5[ 0] | 4[ 0] | 3[ 0] | 2[ 0] | 1[ 0] | 23 |
				| 24 | 1[ 0] | 2[ 1] | 3[ 0] | 4[ 0] | 5[ 0] | 6[ 0] | P1 |`,
			next: game.NoPlayer,
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := picture(t, c.opts, c.toMove, 10, c.board)
			require.False(t, s.Outcome().Over, "an empty opponent side does not end the mover's turn")
			play(t, s, c.moves...)
			want := picture(t, c.opts, "P1", 1, c.after)
			require.Equal(t, want.b.pits, s.b.pits, "got\n%s", s.Render())
			require.Equal(t, 10+len(c.moves), s.Ply())
			if c.next == game.NoPlayer {
				require.True(t, s.Outcome().Over)
				require.Empty(t, s.ToMove())
				return
			}
			require.Equal(t, []game.Player{c.next}, s.ToMove())
		})
	}
}

func TestGameEnd(t *testing.T) {
	t.Run("scores count houses and store, nothing is swept", func(t *testing.T) {
		s := picture(t, nil, "P1", 5, `
			| P2 | 6[ 4] | 5[ 4] | 4[ 4] | 3[ 4] | 2[ 4] | 1[ 4] | 21 |
			|  3 | 1[ 0] | 2[ 0] | 3[ 0] | 4[ 0] | 5[ 0] | 6[ 0] | P1 |`)
		require.Equal(t, game.Win(game.Second, "houses empty"), s.Outcome())
		require.Equal(t, [2]int{21, 27}, s.Score())
		require.Equal(t, 4, s.Seeds(game.Second, 3))
		require.Empty(t, s.Legal(game.First, nil))
		require.Empty(t, s.Legal(game.Second, nil))
		err := s.Apply(p1(s, 1))
		require.ErrorIs(t, err, game.ErrGameOver)
	})
	t.Run("P1 wins", func(t *testing.T) {
		s := picture(t, nil, "P2", 5, `
			| P2 | 6[ 0] | 5[ 0] | 4[ 0] | 3[ 0] | 2[ 0] | 1[ 0] | 27 |
			| 20 | 1[ 1] | 2[ 0] | 3[ 0] | 4[ 0] | 5[ 0] | 6[ 0] | P1 |`)
		require.Equal(t, game.Win(game.First, "houses empty"), s.Outcome())
		require.Equal(t, [2]int{28, 20}, s.Score())
	})
	t.Run("equal scores tie", func(t *testing.T) {
		s := picture(t, map[string]string{OptEmptyCapture: "true"}, "P2", 5, `
			| P2 | 6[ 0] | 5[ 0] | 4[ 0] | 3[ 0] | 2[ 0] | 1[ 0] | 24 |
			| 24 | 1[ 0] | 2[ 0] | 3[ 0] | 4[ 0] | 5[ 0] | 6[ 0] | P1 |`)
		require.Equal(t, game.Draw("houses empty"), s.Outcome())
		require.True(t, s.Outcome().IsDraw())
	})
	t.Run("one house of one seed: P1 banks it, has nothing left, ties", func(t *testing.T) {
		s, err := New(map[string]string{OptHouses: "1", OptSeeds: "1"})
		require.NoError(t, err)
		play(t, s, "1")
		require.True(t, s.Outcome().IsDraw())
		require.Equal(t, game.First, s.Turn())
	})
}

func TestApplyRefuses(t *testing.T) {
	s := picture(t, nil, "P1", 4, `
		| P2 | 6[ 4] | 5[ 4] | 4[ 4] | 3[ 4] | 2[ 4] | 1[ 4] |  0 |
		|  6 | 1[ 2] | 2[ 0] | 3[ 2] | 4[ 2] | 5[ 2] | 6[10] | P1 |`)
	foreignTag := p1(s, 1)
	foreignTag.Tag = 1
	twoCells := game.NewMove(game.Cell{Row: 1, Col: 1}, game.Cell{Row: 1, Col: 3})
	cases := []struct {
		name  string
		moves []game.Move
		msg   string
	}{
		{"no move", nil, "one move, got 0"},
		{"two moves", []game.Move{p1(s, 1), p1(s, 3)}, "one move, got 2"},
		{"the zero move", []game.Move{{}}, "no cells"},
		{"an empty house", []game.Move{p1(s, 2)}, "2: house 2 of P1 is empty"},
		{"the opponent's house", []game.Move{p2(s, 1)}, "that house is P2's"},
		{"P1's store", []game.Move{game.NewMove(s.StoreCell(game.First))}, "not a house"},
		{"P2's store", []game.Move{game.NewMove(s.StoreCell(game.Second))}, "not a house"},
		{"an unused corner", []game.Move{game.NewMove(game.Cell{Row: 1, Col: 0})}, "not a house"},
		{"off the board", []game.Move{game.NewMove(game.Cell{Row: 2, Col: 1})}, "not a house"},
		{"a tag", []game.Move{foreignTag}, "no tag"},
		{"two cells", []game.Move{twoCells}, "one house"},
	}
	before := s.Encode()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := s.Apply(c.moves...)
			require.ErrorIs(t, err, game.ErrIllegalMove)
			require.ErrorContains(t, err, c.msg)
			require.Equal(t, before, s.Encode())
		})
	}
	require.NoError(t, s.Apply(p1(s, 1)))
}

func TestLegal(t *testing.T) {
	s := picture(t, nil, "P2", 4, `
		| P2 | 6[ 0] | 5[ 4] | 4[ 0] | 3[ 4] | 2[ 0] | 1[ 8] |  0 |
		| 14 | 1[ 2] | 2[ 0] | 3[ 2] | 4[ 2] | 5[ 2] | 6[10] | P1 |`)
	require.Equal(t, []game.Move{p2(s, 1), p2(s, 3), p2(s, 5)}, s.Legal(game.Second, nil))
	require.Empty(t, s.Legal(game.First, nil), "P1 is not to move")
	require.Equal(t, []game.Cell{{Row: 0, Col: 6}}, p2(s, 1).Path())
	require.Equal(t, []game.Cell{{Row: 1, Col: 6}}, p1(s, 6).Path())
}
