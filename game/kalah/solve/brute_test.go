package solve

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"boardroom/game/kalah"

	"github.com/stretchr/testify/require"
)

// configs are the solver's variants that must all agree with brute force.
var configs = []struct {
	name string
	cfg  Config
}{
	{"default", Config{}},
	{"no-db", Config{DBSeeds: -1}},
	{"db-3", Config{DBSeeds: 3}},
	{"no-tt", Config{DBSeeds: -1, TTBytes: -1}},
	{"alpha-beta", Config{NoMTD: true, DBSeeds: -1}},
	{"bare", Config{DBSeeds: -1, TTBytes: -1, NoMTD: true, NoETC: true, NoOrdering: true, NoFutility: true}},
	{"tiny-tt", Config{DBSeeds: -1, TTBytes: 1}},
	{"guess", Config{Guess: 7}},
}

// checkSolve solves s with every config and compares with brute force; the
// best move must keep the value.
func checkSolve(t *testing.T, s *kalah.State) {
	t.Helper()
	want := brute(s)
	checked := map[string]bool{} // best moves already shown to keep the value
	for _, c := range configs {
		res, err := Solve(context.Background(), s, c.cfg)
		require.NoError(t, err)
		require.Equal(t, want, res.Margin, "%s: %s", c.name, s.Encode())
		if s.Outcome().Over {
			require.Zero(t, res.Best.Len)
			continue
		}
		if m := s.FormatMove(res.Best); !checked[m] {
			require.Equal(t, want, brute(after(t, s, res.Best)), "%s: best move %s of %s", c.name, m, s.Encode())
			checked[m] = true
		}
	}
}

// TestSolveRandomPositions compares the solver with plain minimax on random
// small positions of many variants.
func TestSolveRandomPositions(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	n := 300
	if testing.Short() {
		n = 60
	}
	for i := range n {
		h := 1 + i%4
		seeds := 1 + rng.IntN(6)
		ec := i%3 == 0
		left := []int{0, 12, 11, 10, 9}[h]
		s := randomState(t, rng, h, seeds, ec, left)
		checkSolve(t, s)
	}
}

// TestSolveSmallGames compares whole small games with plain minimax.
func TestSolveSmallGames(t *testing.T) {
	for _, v := range []struct{ h, seeds int }{{1, 1}, {1, 5}, {1, 12}, {2, 1}, {2, 2}, {2, 3}, {3, 1}, {3, 2}, {4, 1}} {
		for _, ec := range []bool{false, true} {
			t.Run(fmt.Sprintf("%dx%d ec=%v", v.h, v.seeds, ec), func(t *testing.T) {
				checkSolve(t, start(t, v.h, v.seeds, ec))
			})
		}
	}
}
