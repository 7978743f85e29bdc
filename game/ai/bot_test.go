package ai

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/game"
)

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
		b, err := New(g, tc.level, tc.algo, 1)
		if !tc.ok {
			require.Error(t, err, "%s %s %s", tc.id, tc.level, tc.algo)
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
		for _, level := range []string{LevelBeginner, LevelMedium, LevelDifficult} {
			t.Run(id+"/"+level, func(t *testing.T) {
				s := randomPlies(t, newGameState(t, id, nil), 6, 7)
				g := s.Game()
				b, err := NewWithBudget(g, level, "", 3, 50*time.Millisecond)
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
			s := randomPlies(t, newGameState(t, tc.id, nil), tc.plies, 11)
			// The machine is shared: the best of three tries is the bot's
			// own timing (others' load only ever adds to it).
			took, report := time.Hour, ""
			for range 3 {
				b, err := NewWithBudget(s.Game(), LevelDifficult, tc.algo, 1, budget)
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
			s := randomPlies(t, newGameState(t, tc.id, nil), 2, 5)
			late := time.Hour
			for range 3 { // best of three on a shared machine
				b, err := NewWithBudget(s.Game(), LevelDifficult, tc.algo, 1, time.Minute)
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
				s := newGameState(t, id, nil)
				g := s.Game()
				var bots [2]game.Bot
				for i := range bots {
					var err error
					bots[i], err = NewWithBudget(g, LevelMedium, "", uint64(40+i), time.Minute)
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
		s := randomPlies(t, newGameState(t, id, nil), 4, 9)
		p := s.ToMove()[0]
		m, report, err := Hint(context.Background(), s, p, 50*time.Millisecond)
		require.NoError(t, err)
		require.True(t, game.IsLegal(s, p, m))
		require.NotEmpty(t, report)
		e := Estimate(s, p)
		require.InDelta(t, -e, Estimate(s, p.Other()), 1e-9, id)
		require.LessOrEqual(t, e, Decided)
	}
}

func TestAnalyse(t *testing.T) {
	s := newGameState(t, "kalah", map[string]string{"houses": "3", "seeds": "2"})
	info, err := Analyse(context.Background(), s, "", 0, time.Second)
	require.NoError(t, err)
	require.True(t, info.Exact)
	require.NotEmpty(t, info.PV)
	_, err = Analyse(context.Background(), s, "mcts", 2, 0)
	require.Error(t, err)
	_, err = Analyse(context.Background(), newGameState(t, "demons", nil), "", 2, 0)
	require.Error(t, err)
}

func TestLabelsSayWhatPlays(t *testing.T) {
	tests := []struct {
		game, level, algorithm, want string
	}{
		{"amazons", LevelBeginner, AlgoMinimax, "Beginner"},
		{"amazons", LevelMedium, AlgoMCTS, "Medium"},
		{"amazons", LevelDifficult, AlgoMinimax, "Difficult · Minimax"},
		{"amazons", LevelDifficult, AlgoMCTS, "Difficult · Monte Carlo tree search"},
		{"amazons", LevelDifficult, AlgoBest, "Difficult · Alpha-beta"},
		{"kalah", LevelDifficult, AlgoBest, "Difficult · Alpha-beta"},
		{"demons", LevelDifficult, AlgoBest, "Difficult · Matrix game"},
		{"demons", LevelMedium, AlgoBest, "Medium"},
	}
	for _, tc := range tests {
		t.Run(tc.game+"/"+tc.level+"/"+tc.algorithm, func(t *testing.T) {
			g, err := game.Lookup(tc.game)
			require.NoError(t, err)
			b, err := NewWithBudget(g, tc.level, tc.algorithm, 1, 10*time.Millisecond)
			require.NoError(t, err)
			require.Equal(t, tc.want, b.(interface{ Label() string }).Label())
		})
	}
}
