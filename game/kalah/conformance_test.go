package kalah

import (
	"testing"

	"boardroom/game"
	"boardroom/game/gametest"

	"github.com/stretchr/testify/require"
)

// maxPlies bounds a playout. Kalah always ends: a move that puts no seed in
// the mover's store keeps its seeds on the mover's side and moves them closer
// to that store, so Φ = Σ seeds × distance to their owner's store (at most
// T·H for T = 2·H·S seeds) falls by at least one, while the stores, which
// never shrink, can grow at most T times. Hence at most T·H·(T+1)+T plies:
// about 14,000 for 6×4 and 1,000,000 for 12×12, far beyond real games. The
// longest of 20,000 random games per option set measured 90 plies (6×4), 116
// (6×6), 282 (8×12), 265 (12×6) and 453 (12×12); TestRandomGameLength keeps
// watch. 2000 is over four times the longest seen, so a playout that reaches
// it means a bug, not bad luck (the playouts are seeded anyway).
const maxPlies = 2000

// smallSets play the suite's default number of playouts; bigSets' games
// run to hundreds of plies, each checked in full, so they play fewer.
var (
	smallSets = []map[string]string{
		nil,
		{OptEmptyCapture: "true"},
		{OptHouses: "1", OptSeeds: "1"},
		{OptHouses: "1", OptSeeds: "12", OptEmptyCapture: "true"},
		{OptHouses: "12", OptSeeds: "1"},
		{OptHouses: "3", OptSeeds: "5"},
	}
	bigSets = []map[string]string{
		{OptHouses: "12", OptSeeds: "12"},
		{OptHouses: "12", OptSeeds: "12", OptEmptyCapture: "true"},
		{OptHouses: "8", OptSeeds: "6", OptEmptyCapture: "true"},
	}
	optionSets = append(append([]map[string]string{}, smallSets...), bigSets...)
)

func TestConformance(t *testing.T) {
	gametest.Run(t, Game{}, gametest.Config{
		Options:    smallSets,
		MaxPlies:   maxPlies,
		PerftDepth: 3,
	})
	big := 12
	if testing.Short() {
		big = 3
	}
	gametest.Run(t, Game{}, gametest.Config{
		Options:    bigSets,
		Playouts:   big,
		MaxPlies:   maxPlies,
		PerftDepth: 3,
	})
}

func TestRandomGameLength(t *testing.T) {
	games := 2000
	if testing.Short() {
		games = 200
	}
	rng := game.NewRand(11)
	longest := 0
	for range games {
		b := NewBoard(MaxHouses, MaxSeeds, false)
		plies := 0
		for !b.Over() {
			b.Sow(randomHouse(&b, rng.IntN))
			plies++
		}
		longest = max(longest, plies)
	}
	t.Logf("longest of %d random 12×12 games: %d plies", games, longest)
	require.Less(t, longest, maxPlies/2)
}

// randomHouse picks a uniformly random non-empty house of the seat to move.
func randomHouse(b *Board, intN func(int) int) int {
	mask := b.Movable()
	k := intN(popcount(mask))
	for house := 1; ; house, mask = house+1, mask>>1 {
		if mask&1 != 0 {
			if k == 0 {
				return house
			}
			k--
		}
	}
}

func popcount(m uint16) int {
	n := 0
	for ; m != 0; m &= m - 1 {
		n++
	}
	return n
}

func TestPerft(t *testing.T) {
	// Counted by this package and checked against game.PerftGeneric (through
	// Clone and Apply) to depth 6; docs/rules.md gives no Kalah counts of its own.
	cases := []struct {
		opts map[string]string
		want []uint64 // depth 1, 2, ...
	}{
		{nil, []uint64{6, 35, 185, 942, 4690, 23233, 114430, 563055, 2763490}},
		{map[string]string{OptEmptyCapture: "true"}, []uint64{6, 35, 185, 942, 4685, 23169, 113959, 559885, 2743126}},
		{map[string]string{OptHouses: "12", OptSeeds: "12"}, []uint64{12, 143, 1639, 18921, 218088, 2508180}},
		{map[string]string{OptHouses: "3", OptSeeds: "3"}, []uint64{3, 8, 19, 48, 120, 283, 613, 1306, 2656, 5215}},
	}
	for _, c := range cases {
		s, err := New(c.opts)
		require.NoError(t, err)
		require.Equal(t, uint64(1), s.Perft(0))
		for i, want := range c.want {
			d := i + 1
			if testing.Short() && want > 1_000_000 {
				break
			}
			require.Equal(t, want, s.Perft(d), "%v perft %d", c.opts, d)
			if d <= 5 || (d == 6 && !testing.Short()) {
				require.Equal(t, want, game.PerftGeneric(s, d), "%v generic perft %d", c.opts, d)
			}
		}
	}
	over := picture(t, nil, "P1", 5, `
		| P2 | 6[ 4] | 5[ 4] | 4[ 4] | 3[ 4] | 2[ 4] | 1[ 4] | 21 |
		|  3 | 1[ 0] | 2[ 0] | 3[ 0] | 4[ 0] | 5[ 0] | 6[ 0] | P1 |`)
	require.Equal(t, uint64(1), over.Perft(0))
	require.Zero(t, over.Perft(1))
	require.Zero(t, over.Perft(3))
}

func TestLegalDoesNotAllocate(t *testing.T) {
	var positions []*State
	for _, opts := range optionSets {
		s, err := New(opts)
		require.NoError(t, err)
		positions = append(positions, s)
		c := s.Clone().(*State)
		rng := game.NewRand(2)
		for range 7 {
			if c.b.Over() {
				break
			}
			require.NoError(t, c.Apply(c.move(c.Turn(), randomHouse(&c.b, rng.IntN))))
		}
		positions = append(positions, c)
	}
	dst := make([]game.Move, 0, MaxHouses)
	allocs := testing.AllocsPerRun(100, func() {
		for _, s := range positions {
			for _, p := range []game.Player{game.First, game.Second} {
				dst = s.Legal(p, dst[:0])
			}
			_ = s.ToMove()
			_ = s.Outcome()
		}
	})
	require.Zero(t, allocs)
}
