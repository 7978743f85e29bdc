// The contract every game's computer players keep, through the registry
// (game.PlayersOf), as the rooms and the terminal use them.
package ai_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/game"
	"boardroom/game/ai"
	"boardroom/game/ai/aitest"
	_ "boardroom/game/all"
)

// newBot makes the computer player of g through the registry.
func newBot(g game.Game, level, algorithm string, seed uint64, budget time.Duration) (game.Bot, error) {
	return game.PlayersOf(g).New(level, algorithm, seed, budget)
}

// estimate is the registered players' estimate of s from p's view.
func estimate(t *testing.T, s game.State, p game.Player) float64 {
	t.Helper()
	v, ok := game.PlayersOf(s.Game()).Estimate(s)
	require.True(t, ok, s.Game().ID())
	if p != game.First {
		v = -v
	}
	return v
}

var allGames = []string{"amazons", "kalah", "angels", "bishops", "demons"}

func TestNewRefusesUnknownLevelsAndAlgorithms(t *testing.T) {
	cases := []struct {
		id, level, algo string
		ok              bool
	}{
		{"amazons", "difficult", "", true},
		{"amazons", "difficult", "mcts", true},
		{"amazons", "medium", "minimax", true},
		{"amazons", "beginner", "alphabeta", true},
		{"kalah", "difficult", "mcts", false},
		{"kalah", "expert", "", false},
		{"bishops", "medium", "negascout", false},
		{"demons", "difficult", "minimax", false},
		{"demons", "difficult", "", true},
	}
	for _, tc := range cases {
		g, err := game.Lookup(tc.id)
		require.NoError(t, err)
		b, err := newBot(g, tc.level, tc.algo, 1, 0)
		if !tc.ok {
			require.ErrorIs(t, err, game.ErrBadOption, "%s %s %s", tc.id, tc.level, tc.algo)
			continue
		}
		require.NoError(t, err)
		_, ok := b.(game.Reporter)
		require.True(t, ok)
	}
}

// Every level of every game plays legal moves and reports them.
func TestEveryLevelPlaysLegalMoves(t *testing.T) {
	for _, id := range allGames {
		for _, level := range []string{ai.LevelBeginner, ai.LevelMedium, ai.LevelDifficult} {
			t.Run(id+"/"+level, func(t *testing.T) {
				s := aitest.RandomPlies(t, aitest.NewState(t, id, nil), 6, 7)
				g := s.Game()
				b, err := newBot(g, level, "", 3, 50*time.Millisecond)
				require.NoError(t, err)
				for _, p := range s.ToMove() {
					m, err := b.Choose(context.Background(), s, p)
					require.NoError(t, err)
					require.True(t, game.IsLegal(s, p, m), "%s", s.FormatMove(m))
				}
				require.NotEmpty(t, b.(game.Reporter).Report())
			})
		}
	}
}

// A bot never exceeds its budget by more than a tenth.
func TestBudgetRespected(t *testing.T) {
	budget := 100 * time.Millisecond
	cases := []struct {
		id, algo string
		plies    int
	}{
		{"amazons", "alphabeta", 0}, {"amazons", "alphabeta", 30}, {"amazons", "minimax", 10}, {"amazons", "mcts", 10},
		{"kalah", "", 4}, {"angels", "", 2}, {"angels", "", 3}, {"bishops", "", 4}, {"demons", "", 3},
	}
	for _, tc := range cases {
		t.Run(tc.id+"/"+tc.algo, func(t *testing.T) {
			s := aitest.RandomPlies(t, aitest.NewState(t, tc.id, nil), tc.plies, 11)
			// The machine is shared: the best of three tries is the bot's
			// own timing (others' load only ever adds to it).
			took, report := time.Hour, ""
			for range 3 {
				b, err := newBot(s.Game(), ai.LevelDifficult, tc.algo, 1, budget)
				require.NoError(t, err)
				start := time.Now()
				_, err = b.Choose(context.Background(), s, s.ToMove()[0])
				if d := time.Since(start); d < took {
					took, report = d, b.(game.Reporter).Report()
				}
				require.NoError(t, err)
				if took <= budget+budget/10 {
					break
				}
			}
			require.LessOrEqual(t, took, budget+budget/10, report)
		})
	}
}

// A cancelled context stops a search at once.
func TestCancelStopsPromptly(t *testing.T) {
	for _, tc := range []struct{ id, algo string }{
		{"amazons", "alphabeta"}, {"amazons", "minimax"}, {"amazons", "mcts"},
		{"kalah", ""}, {"angels", ""}, {"bishops", ""}, {"demons", ""},
	} {
		t.Run(tc.id+"/"+tc.algo, func(t *testing.T) {
			plies := 2
			if tc.id == "kalah" {
				plies = 3 // beyond the opening book, which plays at once
			}
			s := aitest.RandomPlies(t, aitest.NewState(t, tc.id, nil), plies, 5)
			late := time.Hour
			for range 3 { // best of three on a shared machine
				b, err := newBot(s.Game(), ai.LevelDifficult, tc.algo, 1, time.Minute)
				require.NoError(t, err)
				ctx, cancel := context.WithCancel(context.Background())
				cancelled := make(chan time.Time, 1)
				time.AfterFunc(30*time.Millisecond, func() { cancelled <- time.Now(); cancel() })
				_, err = b.Choose(ctx, s, s.ToMove()[0])
				late = min(late, time.Since(<-cancelled))
				require.True(t, errors.Is(err, context.Canceled), "err %v", err)
				if late < 50*time.Millisecond {
					break
				}
			}
			require.Less(t, late, 50*time.Millisecond)
		})
	}
}

// With depth-limited levels a bot's choices repeat for a seed.
func TestDeterministicForASeed(t *testing.T) {
	for _, id := range allGames {
		t.Run(id, func(t *testing.T) {
			play := func() []string {
				s := aitest.NewState(t, id, nil)
				g := s.Game()
				var bots [2]game.Bot
				for i := range bots {
					var err error
					bots[i], err = newBot(g, ai.LevelMedium, "", uint64(40+i), time.Minute)
					require.NoError(t, err)
				}
				var out []string
				for ply := 0; ply < 8 && !s.Outcome().Over; ply++ {
					var moves []game.Move
					for _, p := range s.ToMove() {
						m, err := bots[p].Choose(context.Background(), s, p)
						require.NoError(t, err)
						moves = append(moves, m)
					}
					out = append(out, game.FormatTurn(s, moves))
					require.NoError(t, s.Apply(moves...))
				}
				return out
			}
			require.Equal(t, play(), play())
		})
	}
}

func TestHintAndEstimate(t *testing.T) {
	for _, id := range allGames {
		s := aitest.RandomPlies(t, aitest.NewState(t, id, nil), 4, 9)
		p := s.ToMove()[0]
		m, report, err := ai.Hint(context.Background(), s, p, 50*time.Millisecond)
		require.NoError(t, err)
		require.True(t, game.IsLegal(s, p, m))
		require.NotEmpty(t, report)
		e := estimate(t, s, p)
		require.InDelta(t, -e, estimate(t, s, p.Other()), 1e-9, id)
		require.LessOrEqual(t, e, ai.Decided)
	}
}

func TestAnalyse(t *testing.T) {
	s := aitest.NewState(t, "kalah", map[string]string{"houses": "3", "seeds": "2"})
	info, err := ai.Analyse(context.Background(), s, "", 0, time.Second)
	require.NoError(t, err)
	require.True(t, info.Exact)
	require.NotEmpty(t, info.PV)
	_, err = ai.Analyse(context.Background(), s, "mcts", 2, 0)
	require.Error(t, err)
	_, err = ai.Analyse(context.Background(), aitest.NewState(t, "demons", nil), "", 2, 0)
	require.Error(t, err)
}

func TestLabelsSayWhatPlays(t *testing.T) {
	tests := []struct {
		game, level, algorithm, want string
	}{
		{"amazons", ai.LevelBeginner, ai.AlgoMinimax, "Beginner"},
		{"amazons", ai.LevelMedium, ai.AlgoMCTS, "Medium"},
		{"amazons", ai.LevelDifficult, ai.AlgoMinimax, "Difficult · Minimax"},
		{"amazons", ai.LevelDifficult, ai.AlgoMCTS, "Difficult · Monte Carlo tree search"},
		{"amazons", ai.LevelDifficult, ai.AlgoBest, "Difficult · Alpha-beta"},
		{"kalah", ai.LevelDifficult, ai.AlgoBest, "Difficult · Alpha-beta"},
		{"demons", ai.LevelDifficult, ai.AlgoBest, "Difficult · Matrix game"},
		{"demons", ai.LevelMedium, ai.AlgoBest, "Medium"},
		{"angels", ai.LevelDifficult, ai.AlgoBest, "Difficult · Alpha-beta"},
		{"bishops", ai.LevelDifficult, ai.AlgoMinimax, "Difficult · Minimax"},
		{"bishops", ai.LevelBeginner, ai.AlgoBest, "Beginner"},
	}
	for _, tc := range tests {
		t.Run(tc.game+"/"+tc.level+"/"+tc.algorithm, func(t *testing.T) {
			g, err := game.Lookup(tc.game)
			require.NoError(t, err)
			b, err := newBot(g, tc.level, tc.algorithm, 1, 10*time.Millisecond)
			require.NoError(t, err)
			require.Equal(t, tc.want, b.(interface{ Label() string }).Label())
		})
	}
}

// Only Amazons offers a choice of search, best first, each labelled as its
// bots are; every game registers players of its own (Difficult is not the
// Beginner).
func TestAlgorithms(t *testing.T) {
	want := map[string][]game.Choice{
		"amazons": {{Value: "alphabeta", Label: "Alpha-beta"}, {Value: "mcts", Label: "Monte Carlo tree search"}, {Value: "minimax", Label: "Minimax"}},
	}
	for _, g := range game.All() {
		t.Run(g.ID(), func(t *testing.T) {
			players := game.PlayersOf(g)
			require.Equal(t, want[g.ID()], players.Algorithms())
			for _, c := range players.Algorithms() {
				b, err := players.New(ai.LevelDifficult, c.Value, 1, 10*time.Millisecond)
				require.NoError(t, err)
				require.Equal(t, "Difficult · "+c.Label, b.(interface{ Label() string }).Label())
			}
			b, err := players.New(ai.LevelDifficult, ai.AlgoBest, 1, 10*time.Millisecond)
			require.NoError(t, err)
			require.NotEqual(t, "Beginner", b.(interface{ Label() string }).Label())
		})
	}
}
