package solve

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/game"
)

// Analyse's value and its set of value-keeping moves agree with plain
// minimax over the public API on random positions of small variants, both
// capture rules, with and without a database (the tests below the root use
// the table the solve filled, so this also checks that reuse).
func TestAnalyseMatchesBrute(t *testing.T) {
	rng := rand.New(rand.NewPCG(28, 6))
	for _, tc := range []struct {
		name         string
		houses, seed int
		inHouses     int
		cfg          Config
	}{
		{"4x3 db", 4, 3, 11, smallCfg},
		{"4x3 no db", 4, 3, 14, Config{DBSeeds: -1, TTBytes: 1 << 20}},
		{"5x3 db", 5, 3, 10, Config{DBSeeds: 4, TTBytes: 1 << 20}},
		{"3x4 no table", 3, 4, 16, Config{DBSeeds: 4, TTBytes: -1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sv := NewSolver(tc.cfg)
			for i := range 10 {
				ec := i%2 == 1
				s := randomState(t, rng, tc.houses, tc.seed, ec, tc.inHouses)
				a, err := sv.Analyse(context.Background(), s)
				require.NoError(t, err)
				want := brute(s)
				require.Equal(t, want, a.Margin)
				if s.Outcome().Over {
					require.Zero(t, a.Keep)
					continue
				}
				var keep uint16
				for _, m := range s.Legal(s.Turn(), nil) {
					_, h, _ := s.HouseAt(m.Cells[0])
					if brute(after(t, s, m)) == want {
						keep |= 1 << (h - 1)
					}
				}
				require.Equal(t, keep, a.Keep, "%s", s.Encode())
				require.NotZero(t, a.Keep)
			}
		})
	}
}

// A finished game has a value and no move.
func TestAnalyseOverAndWrongGame(t *testing.T) {
	s := start(t, 2, 1, false)
	for !s.Outcome().Over {
		require.NoError(t, s.Apply(s.Legal(s.Turn(), nil)[0]))
	}
	a, err := NewSolver(smallCfg).Analyse(context.Background(), s)
	require.NoError(t, err)
	sc := s.Score()
	require.Equal(t, sc[0]-sc[1], a.Margin)
	require.Zero(t, a.Keep)
	require.False(t, a.Keeps(1))

	_, err = AnalyseState(context.Background(), fakeState{}, Config{})
	require.ErrorIs(t, err, errNotKalah)
}

// fakeState is a game.State of no game, for the type check.
type fakeState struct{ game.State }

// Prepare builds the whole database a configuration asks for, whatever the
// position's seeds; a cancelled context leaves it unfinished, and a later
// call finishes it. A configuration asking for fewer levels than are built
// is done.
func TestPrepare(t *testing.T) {
	s := start(t, 5, 2, true) // a geometry no other test builds a database for
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	cfg := Config{DBSeeds: 12}
	done, err := Prepare(cancelled, s, cfg)
	require.ErrorIs(t, err, context.Canceled)
	require.False(t, done)
	done, err = Prepare(context.Background(), s, cfg)
	require.NoError(t, err)
	require.True(t, done)
	g, _, _, _, err := fromState(s)
	require.NoError(t, err)
	require.GreaterOrEqual(t, int(dbFor(g, 0).ready.Load()), 12, "levels beyond the start's 20 seeds' need")
	require.Equal(t, int(dbFor(g, 0).ready.Load()), Ready(s))
	done, err = Prepare(context.Background(), s, Config{DBSeeds: 10})
	require.NoError(t, err)
	require.True(t, done, "a smaller database than the one built is complete too")
	done, err = Prepare(context.Background(), s, Config{DBSeeds: -1})
	require.NoError(t, err)
	require.True(t, done, "no database asked for: nothing to build")
}

// Best's move is one of the moves Analyse finds keeping the value, and any
// first guess gives the same value.
func TestBestAndGuess(t *testing.T) {
	rng := rand.New(rand.NewPCG(28, 7))
	sv := NewSolver(smallCfg)
	for i := range 8 {
		s := randomState(t, rng, 4, 3, i%2 == 0, 12)
		if s.Outcome().Over {
			continue
		}
		a, err := sv.Analyse(context.Background(), s)
		require.NoError(t, err)
		for _, guess := range []int{-30, 0, a.Margin, 30} {
			sv.SetGuess(guess)
			b, err := sv.Best(context.Background(), s)
			require.NoError(t, err)
			require.Equal(t, a.Margin, b.Margin, "guess %d", guess)
			require.NotZero(t, b.Keep)
			require.Equal(t, b.Keep, b.Keep&a.Keep, "the best move keeps the value")
		}
		sv.SetGuess(0)
	}
}
