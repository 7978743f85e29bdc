package kalahai_test

import (
	"context"
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/enginetext"
	"boardroom/game"
	"boardroom/game/ai"
	_ "boardroom/game/all"
	"boardroom/game/kalah"
)

// engineEnv makes the test binary an engine program: Medium, a four-ply
// search, over the engine text protocol (the opponent of
// TestDifficultNeverBelowGameValue).
const engineEnv = "KALAHAI_TEST_ENGINE"

func TestMain(m *testing.M) {
	if os.Getenv(engineEnv) != "" {
		if err := enginetext.Serve(os.Stdin, os.Stdout, enginetext.Config{Level: ai.LevelMedium, Seed: 3}); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// gameValue is the standard board's exact value for the first seat with
// perfect play (game/kalah/solve/RESULTS.md).
const gameValue = 8

// Against a depth-limited engine run as a separate program over the engine
// protocol, Difficult (short budgets, the opening book, the solver as the
// seeds run out) never ends a game below the game's value from its seat:
// at least +8 as the first seat, at least −8 as the second.
func TestDifficultNeverBelowGameValue(t *testing.T) {
	if testing.Short() {
		t.Skip("plays whole games")
	}
	t.Setenv(engineEnv, "1")
	eng, err := enginetext.StartArgs([]string{os.Args[0], "-test.run=^$"})
	require.NoError(t, err)
	defer eng.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	for _, seat := range []game.Player{game.First, game.Second} {
		t.Run(fmt.Sprint(seat), func(t *testing.T) {
			require.NoError(t, eng.NewGame(ctx, "kalah", nil))
			s, err := kalah.New(nil)
			require.NoError(t, err)
			bot, err := game.PlayersOf(s.Game()).New(ai.LevelDifficult, "", 1, 150*time.Millisecond)
			require.NoError(t, err)
			for !s.Outcome().Over {
				if s.Turn() == seat {
					m, err := bot.Choose(ctx, s, seat)
					require.NoError(t, err)
					require.NoError(t, eng.Play(ctx, s.FormatMove(m)))
					require.NoError(t, s.Apply(m))
					continue
				}
				text, err := eng.GenMove(ctx)
				require.NoError(t, err)
				m, err := s.ParseMove(seat.Other(), text)
				require.NoError(t, err, text)
				require.NoError(t, s.Apply(m))
			}
			sc := s.Score()
			margin := sc[seat] - sc[seat.Other()]
			want := gameValue
			if seat != game.First {
				want = -gameValue
			}
			require.GreaterOrEqual(t, margin, want, "final score %v", sc)
			t.Logf("Difficult as %v: %d–%d", seat, sc[seat], sc[seat.Other()])
		})
	}
}
