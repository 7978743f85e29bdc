package solve

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"boardroom/game"
	"boardroom/game/kalah"

	"github.com/stretchr/testify/require"
)

// start is the starting position of a variant.
func start(t testing.TB, houses, seeds int, emptyCapture bool) *kalah.State {
	t.Helper()
	s, err := kalah.New(map[string]string{
		kalah.OptHouses:       strconv.Itoa(houses),
		kalah.OptSeeds:        strconv.Itoa(seeds),
		kalah.OptEmptyCapture: strconv.FormatBool(emptyCapture),
	})
	require.NoError(t, err)
	return s
}

// randomState is a position of the variant with at most inHouses seeds in
// the houses (the rest in the stores), spread at random, either seat to move.
func randomState(t testing.TB, rng *rand.Rand, houses, seeds int, emptyCapture bool, inHouses int) *kalah.State {
	t.Helper()
	total := 2 * houses * seeds
	inHouses = min(inHouses, total)
	pits := make([]int, 2*houses+2) // P1 houses, P1 store, P2 houses, P2 store
	for range rng.IntN(inHouses + 1) {
		i := rng.IntN(2 * houses)
		if i >= houses {
			i++
		}
		pits[i]++
	}
	placed := 0
	for _, v := range pits {
		placed += v
	}
	rest := total - placed
	a := rng.IntN(rest + 1)
	pits[houses] += a
	pits[2*houses+1] += rest - a
	words := make([]string, len(pits))
	for i, v := range pits {
		words[i] = strconv.Itoa(v)
	}
	turn := "P1"
	if rng.IntN(2) == 1 {
		turn = "P2"
	}
	ply := 7
	isStart := pits[houses] == 0 && pits[2*houses+1] == 0
	for i, v := range pits {
		if i != houses && i != 2*houses+1 && v != seeds {
			isStart = false
		}
	}
	if isStart {
		turn, ply = "P1", 0 // Decode knows the start only at ply 0
	}
	body := fmt.Sprintf("%s / %s / %s / ply %d",
		strings.Join(words[:houses+1], " "), strings.Join(words[houses+1:], " "), turn, ply)
	opts, err := game.Resolve(kalah.Game{}.Options(), map[string]string{
		kalah.OptHouses:       strconv.Itoa(houses),
		kalah.OptSeeds:        strconv.Itoa(seeds),
		kalah.OptEmptyCapture: strconv.FormatBool(emptyCapture),
	})
	require.NoError(t, err)
	s, err := kalah.Game{}.Decode(opts, body)
	require.NoError(t, err, body)
	return s.(*kalah.State)
}

// brute is the margin (first seat minus second) with perfect play by plain
// minimax through the public game API: no table, no pruning, no solver code.
func brute(s *kalah.State) int {
	if s.Outcome().Over {
		sc := s.Score()
		return sc[0] - sc[1]
	}
	me := s.Turn()
	best := 0
	for i, m := range s.Legal(me, nil) {
		c := s.Clone().(*kalah.State)
		if err := c.Apply(m); err != nil {
			panic(err)
		}
		v := brute(c)
		if i == 0 || (me == game.First && v > best) || (me == game.Second && v < best) {
			best = v
		}
	}
	return best
}

// after is s with move m applied.
func after(t testing.TB, s *kalah.State, m game.Move) *kalah.State {
	t.Helper()
	c := s.Clone().(*kalah.State)
	require.NoError(t, c.Apply(m))
	return c
}
