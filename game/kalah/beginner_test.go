package kalah

import (
	"context"
	"slices"
	"testing"

	"boardroom/game"

	"github.com/stretchr/testify/require"
)

// choices runs the Beginner with many seeds and returns how often it played
// each house.
func choices(t *testing.T, s *State) map[string]int {
	t.Helper()
	before := s.Encode()
	seen := map[string]int{}
	for seed := range uint64(200) {
		m, err := Game{}.Beginner(seed).Choose(context.Background(), s, s.Turn())
		require.NoError(t, err)
		require.True(t, game.IsLegal(s, s.Turn(), m))
		seen[s.FormatMove(m)]++
	}
	require.Equal(t, before, s.Encode(), "choosing changed the position")
	return seen
}

func TestBeginnerPrefers(t *testing.T) {
	cases := []struct {
		name   string
		opts   map[string]string
		toMove string
		board  string
		want   []string // the moves it must spread its choices over
	}{
		{
			name: "a capture over another turn and plain moves", toMove: "P1", want: []string{"1"},
			board: `
				| P2 | 6[ 4] | 5[ 4] | 4[ 4] | 3[ 4] | 2[ 4] | 1[ 4] |  0 |
				| 13 | 1[ 2] | 2[ 0] | 3[ 0] | 4[ 4] | 5[ 4] | 6[ 1] | P1 |`,
		},
		{
			name: "another turn over plain moves", toMove: "P1", want: []string{"6"},
			board: `
				| P2 | 6[ 4] | 5[ 4] | 4[ 4] | 3[ 4] | 2[ 4] | 1[ 4] |  0 |
				| 15 | 1[ 0] | 2[ 0] | 3[ 0] | 4[ 4] | 5[ 4] | 6[ 1] | P1 |`,
		},
		{
			name: "no capture opposite an empty house, so another turn", toMove: "P1", want: []string{"6"},
			board: `
				| P2 | 6[ 4] | 5[ 4] | 4[ 0] | 3[ 4] | 2[ 4] | 1[ 4] |  0 |
				| 17 | 1[ 2] | 2[ 0] | 3[ 0] | 4[ 4] | 5[ 4] | 6[ 1] | P1 |`,
		},
		{
			name: "with empty_capture, banking a lone seed is a capture", toMove: "P1", want: []string{"1"},
			opts: map[string]string{OptEmptyCapture: "true"},
			board: `
				| P2 | 6[ 4] | 5[ 4] | 4[ 0] | 3[ 4] | 2[ 4] | 1[ 4] |  0 |
				| 17 | 1[ 2] | 2[ 0] | 3[ 0] | 4[ 4] | 5[ 4] | 6[ 1] | P1 |`,
		},
		{
			name: "random among the captures", toMove: "P1", want: []string{"1", "3"},
			board: `
				| P2 | 6[ 4] | 5[ 4] | 4[ 4] | 3[ 4] | 2[ 4] | 1[ 4] |  0 |
				| 14 | 1[ 1] | 2[ 0] | 3[ 1] | 4[ 0] | 5[ 4] | 6[ 4] | P1 |`,
		},
		{
			name: "random among moves that give another turn", toMove: "P1", want: []string{"4", "6"},
			board: `
				| P2 | 6[ 4] | 5[ 4] | 4[ 4] | 3[ 4] | 2[ 4] | 1[ 4] |  0 |
				| 16 | 1[ 0] | 2[ 0] | 3[ 0] | 4[ 3] | 5[ 4] | 6[ 1] | P1 |`,
		},
		{
			name: "random among plain moves", toMove: "P1", want: []string{"5", "6"},
			board: `
				| P2 | 6[ 4] | 5[ 4] | 4[ 4] | 3[ 4] | 2[ 4] | 1[ 4] |  0 |
				| 14 | 1[ 0] | 2[ 0] | 3[ 0] | 4[ 0] | 5[ 5] | 6[ 5] | P1 |`,
		},
		{
			name: "P2 captures too", toMove: "P2", want: []string{"2"},
			board: `
				| P2 | 6[ 4] | 5[ 0] | 4[ 4] | 3[ 4] | 2[ 3] | 1[ 1] |  3 |
				|  0 | 1[ 4] | 2[ 6] | 3[ 4] | 4[ 4] | 5[ 4] | 6[ 7] | P1 |`,
		},
		{
			name: "the start: only house 3 gives another turn", toMove: "P1", want: []string{"3"},
			board: `
				| P2 | 6[ 4] | 5[ 4] | 4[ 4] | 3[ 4] | 2[ 4] | 1[ 4] |  0 |
				|  0 | 1[ 4] | 2[ 4] | 3[ 4] | 4[ 4] | 5[ 4] | 6[ 4] | P1 |`,
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ply := 9
			if c.name == "the start: only house 3 gives another turn" {
				ply = 0
			}
			s := picture(t, c.opts, c.toMove, ply, c.board)
			seen := choices(t, s)
			require.Len(t, seen, len(c.want), "chose %v", seen)
			for _, m := range c.want {
				require.Contains(t, seen, m, "chose %v", seen)
			}
		})
	}
}

func TestBeginnerRepeats(t *testing.T) {
	game1 := func(seed uint64) []string {
		s, err := New(map[string]string{OptHouses: "5", OptSeeds: "3"})
		require.NoError(t, err)
		bots := [2]game.Bot{game.Beginner(Game{}, seed), game.Beginner(Game{}, seed+1)}
		var moves []string
		for !s.Outcome().Over {
			p := s.Turn()
			m, err := bots[p].Choose(context.Background(), s, p)
			require.NoError(t, err)
			moves = append(moves, s.FormatMove(m))
			require.NoError(t, s.Apply(m))
		}
		return moves
	}
	five := game1(5)
	require.Equal(t, five, game1(5), "the same seed plays the same game")
	differ := false
	for seed := uint64(6); seed < 20 && !differ; seed++ {
		differ = !slices.Equal(five, game1(seed))
	}
	require.True(t, differ, "every seed plays the same game")
}

func TestBeginnerRefuses(t *testing.T) {
	bot := Game{}.Beginner(1)
	s, err := New(nil)
	require.NoError(t, err)
	_, err = bot.Choose(context.Background(), s, game.Second)
	require.ErrorIs(t, err, game.ErrNotYourTurn)

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err = bot.Choose(ctx, s, game.First)
	require.ErrorIs(t, err, context.Canceled)

	over := picture(t, nil, "P1", 5, `
		| P2 | 6[ 4] | 5[ 4] | 4[ 4] | 3[ 4] | 2[ 4] | 1[ 4] | 21 |
		|  3 | 1[ 0] | 2[ 0] | 3[ 0] | 4[ 0] | 5[ 0] | 6[ 0] | P1 |`)
	_, err = bot.Choose(context.Background(), over, game.First)
	require.ErrorIs(t, err, game.ErrNotYourTurn)
}
