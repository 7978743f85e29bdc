package demons

import (
	"context"
	"strconv"
	"testing"

	"boardroom/game"

	"github.com/stretchr/testify/require"
)

// TestEnd checks that the game ends after the last turn and who wins.
func TestEnd(t *testing.T) {
	tests := []struct {
		name   string
		turns  string
		played []string
		want   game.Outcome
		score  [2]int
	}{
		{"Angels cover more", "1", []string{"d4+h8"}, game.Win(game.First, "more squares"), [2]int{4, 2}},
		{"Demons cover more", "1", []string{"a1+e5"}, game.Win(game.Second, "more squares"), [2]int{2, 4}},
		{"equal counts draw", "1", []string{"d4+e5"}, game.Draw("equal squares"), [2]int{2, 2}},
		{"nobody covers anything", "1", []string{"d4+d4"}, game.Draw("equal squares"), [2]int{0, 0}},
		// The Angels cover 4+3 squares, the Demons 2+4, but turn 2 takes two of
		// the Angels' squares: the squares held at the end count.
		{"squares held at the end count", "2", []string{"d4+h8", "b8+c5"}, game.Win(game.Second, "more squares"), [2]int{5, 6}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := New(map[string]string{"turns": tt.turns})
			require.NoError(t, err)
			for i, turn := range tt.played {
				require.Equal(t, game.Ongoing, s.Outcome())
				require.Equal(t, game.BothSeats(), s.ToMove())
				play(t, s, turn)
				require.Equal(t, i+1, s.Turn())
			}
			require.Equal(t, tt.want, s.Outcome())
			require.Equal(t, tt.score, s.Score())
			require.Equal(t, tt.score, s.Covered())
			require.Empty(t, s.ToMove())
			require.Empty(t, s.Legal(game.First, nil))
			require.Empty(t, s.Legal(game.Second, nil))
			err = s.Apply(game.NewMove(game.Cell{Row: 4, Col: 3}), game.NewMove(game.Cell{Row: 4, Col: 3}))
			require.ErrorIs(t, err, game.ErrGameOver)
			require.Equal(t, tt.score, s.Score())
		})
	}
}

// TestGameLength checks that every game lasts exactly `turns` turns, whatever
// is chosen, for the extremes of the option.
func TestGameLength(t *testing.T) {
	for _, turns := range []int{1, 2, 20, 99} {
		s, err := New(map[string]string{"turns": strconv.Itoa(turns)})
		require.NoError(t, err)
		require.Equal(t, turns, s.Turns())
		for s.Turn() < turns {
			require.False(t, s.Over())
			require.NoError(t, s.Apply(s.ChoiceMove(s.Turn()%32), s.ChoiceMove(31-s.Turn()%32)))
		}
		require.True(t, s.Outcome().Over)
		require.Equal(t, turns, s.Ply())
	}
}

// TestOutcomeOfDrawnBoards decodes finished positions and reads the result.
func TestOutcomeOfDrawnBoards(t *testing.T) {
	s := board(t, map[string]string{"size": "6", "turns": "3"}, 3, `
		A . A . D .
		. - . - . D
		D . - . - .
		. - . - . -
		- . - . - .
		. - . - . -`)
	require.Equal(t, game.Win(game.Second, "more squares"), s.Outcome())
	require.Equal(t, [2]int{2, 3}, s.Score())
	require.Empty(t, s.ToMove())
}

// TestBeginner checks that the Beginner of this game is the shared random
// player (docs/rules.md names none): legal, and repeatable for a seed.
func TestBeginner(t *testing.T) {
	_, isMaker := any(Game{}).(game.BeginnerMaker)
	require.False(t, isMaker)
	pick := func(seed uint64) []game.Move {
		s, _ := New(map[string]string{"turns": "5"})
		bots := [2]game.Bot{game.Beginner(Game{}, seed), game.Beginner(Game{}, seed+1)}
		var moves []game.Move
		for !s.Over() {
			turn := make([]game.Move, 2)
			for p := range turn {
				m, err := bots[p].Choose(context.Background(), s, game.Player(p))
				require.NoError(t, err)
				require.True(t, game.IsLegal(s, game.Player(p), m))
				turn[p] = m
			}
			require.NoError(t, s.Apply(turn...))
			moves = append(moves, turn...)
		}
		return moves
	}
	require.Equal(t, pick(3), pick(3))
	require.NotEqual(t, pick(3), pick(4))
}
