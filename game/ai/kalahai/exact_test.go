package kalahai

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/game"
	"boardroom/game/ai"
	"boardroom/game/ai/aitest"
	"boardroom/game/kalah"
	"boardroom/game/kalah/solve"
)

// On variants the solver finishes at once, Difficult's move from any
// position keeps the position's exact value, and its report says so.
func TestDifficultKalahPlaysPerfectlyWhenSolvable(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct{ houses, seeds, ec string }{
		{"3", "3", "false"}, {"3", "3", "true"}, {"4", "3", "false"}, {"3", "4", "true"},
	} {
		t.Run(tc.houses+"x"+tc.seeds+"/"+tc.ec, func(t *testing.T) {
			opts := map[string]string{"houses": tc.houses, "seeds": tc.seeds, "empty_capture": tc.ec}
			for seed := uint64(1); seed <= 12; seed++ {
				s := aitest.RandomPlies(t, aitest.NewState(t, "kalah", opts), int(seed%7), seed).(*kalah.State)
				if s.Outcome().Over {
					continue
				}
				want, err := solve.Margin(ctx, s, solve.Config{})
				require.NoError(t, err)
				// A generous budget: the solver takes milliseconds here, but a
				// loaded machine under the race detector must not push it into
				// the search's share.
				b, err := game.PlayersOf(s.Game()).New(ai.LevelDifficult, "", seed, 10*time.Second)
				require.NoError(t, err)
				m, err := b.Choose(ctx, s, s.Turn())
				require.NoError(t, err)
				report := b.(game.Reporter).Report()
				require.Contains(t, report, "exact", report)
				after := s.Clone().(*kalah.State)
				require.NoError(t, after.Apply(m))
				got, err := solve.Margin(ctx, after, solve.Config{})
				require.NoError(t, err)
				require.Equal(t, want, got, "%v seed %d: %s lost value (%s)", opts, seed, s.FormatMove(m), report)
				info := b.(ai.Infoer).LastInfo()
				sign := 1
				if s.Turn() != game.First {
					sign = -1
				}
				require.Equal(t, 100*sign*want, info.Eval)
			}
		})
	}
}

// With many seeds in the houses the solver is not tried: the search plays
// (three sowings in: beyond the book, which holds two).
func TestDifficultKalahSearchesWhenTooManySeeds(t *testing.T) {
	s := aitest.RandomPlies(t, aitest.NewState(t, "kalah", nil), 3, 3)
	b, err := game.PlayersOf(s.Game()).New(ai.LevelDifficult, "", 1, 50*time.Millisecond)
	require.NoError(t, err)
	_, err = b.Choose(context.Background(), s, s.ToMove()[0])
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(b.(game.Reporter).Report(), "difficult alphabeta"), b.(game.Reporter).Report())
}

// How many seeds the solver is tried on grows with its slice and with the
// endgame database already complete (16 MiB is level 14, 32 MiB level 16).
func TestKalahExactSeeds(t *testing.T) {
	for _, c := range []struct {
		slice time.Duration
		level int
		want  int
	}{
		{20 * time.Millisecond, 14, 28},
		{50 * time.Millisecond, -1, 28},
		{50 * time.Millisecond, 11, 28},
		{50 * time.Millisecond, 14, 32},
		{100 * time.Millisecond, 11, 32},
		{100 * time.Millisecond, 14, 34},
		{500 * time.Millisecond, 11, 34},
		{500 * time.Millisecond, 14, 36},
		{1400 * time.Millisecond, 11, 34},
		{1400 * time.Millisecond, 14, 38},
		{50 * time.Millisecond, 16, 34},
		{100 * time.Millisecond, 16, 36},
		{500 * time.Millisecond, 16, 38},
		{1400 * time.Millisecond, 16, 40},
	} {
		require.Equal(t, c.want, kalahExactSeeds(c.slice, c.level), "slice %v level %d", c.slice, c.level)
	}
}

// The solver's first guess is the stores plus the fitted evaluation on the
// standard board, from the first seat's view whoever moves; other boards
// keep 0.
func TestSolveGuess(t *testing.T) {
	for _, c := range []struct {
		opts  map[string]string
		moves []string
		want  func(b *kalah.Board) int
	}{
		{nil, nil, func(b *kalah.Board) int { return fittedEval(b) / 100 }},
		// The second seat to move, the stores even.
		{nil, []string{"1"}, func(b *kalah.Board) int { return -fittedEval(b) / 100 }},
		// 3 ends in the store, 6 banks one more: the second seat moves, 2
		// seeds behind.
		{nil, []string{"3", "6"}, func(b *kalah.Board) int { return -(-2 + fittedEval(b)/100) }},
		{map[string]string{kalah.OptSeeds: "3"}, []string{"1"}, func(*kalah.Board) int { return 0 }},
	} {
		s, err := kalah.New(c.opts)
		require.NoError(t, err)
		require.NoError(t, game.PlayTurns(s, c.moves...))
		b := s.Board()
		require.Equal(t, c.want(&b), solveGuess(&b), "%v %v", c.opts, c.moves)
	}
}

// A move the solver proved before its slice ran out is played as such: not
// reported exact, its bound as the evaluation from the mover's view.
func TestProvenInfo(t *testing.T) {
	for _, c := range []struct {
		moves []string
		house int
		floor int
	}{
		{[]string{"1", "2"}, 4, 6},
		{[]string{"1"}, 5, -2},
	} {
		s, err := kalah.New(nil)
		require.NoError(t, err)
		require.NoError(t, game.PlayTurns(s, c.moves...))
		m := game.NewMove(s.HouseCell(s.Turn(), c.house))
		info := provenInfo(s, solve.Result{Proven: m, Floor: c.floor, Nodes: 7})
		require.Equal(t, m, info.Move)
		require.Equal(t, 100*c.floor, info.Eval)
		require.False(t, info.Exact)
		require.Equal(t, uint64(7), info.Nodes)
		require.Contains(t, info.String(), "proved to reach at least")
		require.Equal(t, []string{s.FormatMove(m)}, info.PV)
	}
}
