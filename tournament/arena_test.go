package tournament

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestScoreArena(t *testing.T) {
	W, D, L := ArenaGame{Outcome: Win, OwnMoves: 20}, ArenaGame{Outcome: Draw, OwnMoves: 20}, ArenaGame{Outcome: Loss, OwnMoves: 20}
	berserk := func(g ArenaGame, moves int) ArenaGame { g.Berserk, g.OwnMoves = true, moves; return g }
	for _, tc := range []struct {
		name   string
		games  []ArenaGame
		points []int
		streak bool
	}{
		{"nothing yet", nil, nil, false},
		{"win, draw, loss", []ArenaGame{W, D, L}, []int{2, 1, 0}, false},
		{"two wins start a streak", []ArenaGame{W, W}, []int{2, 2}, true},
		{"on a streak a win scores 4", []ArenaGame{W, W, W, W}, []int{2, 2, 4, 4}, true},
		{"a draw on a streak scores 2 and ends it", []ArenaGame{W, W, D, W}, []int{2, 2, 2, 2}, false},
		{"a loss ends it", []ArenaGame{W, W, L, W, W, W}, []int{2, 2, 0, 2, 2, 4}, true},
		{"a berserked win scores one more", []ArenaGame{berserk(W, 7)}, []int{3}, false},
		{"on a streak too", []ArenaGame{W, W, berserk(W, 30)}, []int{2, 2, 5}, true},
		{"not when it lasted under 7 own moves", []ArenaGame{berserk(W, 6)}, []int{2}, false},
		{"a berserked draw scores as a draw", []ArenaGame{berserk(D, 40)}, []int{1}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := ScoreArena(tc.games)
			assert.Equal(t, tc.points, s.Points)
			total := 0
			for _, p := range tc.points {
				total += p
			}
			assert.Equal(t, total, s.Total)
			assert.Equal(t, tc.streak, s.OnStreak)
			require.Len(t, s.Doubled, len(tc.points))
			for i, doubled := range s.Doubled { // on a streak: the two games before were won
				assert.Equal(t, i >= 2 && tc.games[i-1].Outcome == Win && tc.games[i-2].Outcome == Win, doubled, "game %d", i)
			}
		})
	}
}

// arenaCost is what PairArena minimises, for the brute force: the number
// of players paired first, then rematches, then the squared rank gaps.
func arenaCost(pairs []Pair, byName map[string]Waiting) (int, int, int) {
	rematches, gaps := 0, 0
	for _, p := range pairs {
		a, b := byName[p[0]], byName[p[1]]
		if a.Last == b.Player || b.Last == a.Player {
			rematches++
		}
		gaps += (a.Rank - b.Rank) * (a.Rank - b.Rank)
	}
	return len(pairs), rematches, gaps
}

// bestArena enumerates every pairing of waiting for the brute force.
func bestArena(waiting []Waiting) (int, int, int) {
	byName := map[string]Waiting{}
	for _, w := range waiting {
		byName[w.Player] = w
	}
	best := [3]int{-1, 0, 0}
	used := make([]bool, len(waiting))
	var pairs []Pair
	var try func(i int)
	try = func(i int) {
		for i < len(waiting) && used[i] {
			i++
		}
		if i == len(waiting) {
			n, r, g := arenaCost(pairs, byName)
			if n > best[0] || n == best[0] && (r < best[1] || r == best[1] && g < best[2]) {
				best = [3]int{n, r, g}
			}
			return
		}
		used[i] = true
		try(i + 1)
		for j := i + 1; j < len(waiting); j++ {
			if !used[j] {
				used[j] = true
				pairs = append(pairs, Pair{waiting[i].Player, waiting[j].Player})
				try(i + 1)
				pairs = pairs[:len(pairs)-1]
				used[j] = false
			}
		}
		used[i] = false
	}
	try(0)
	return best[0], best[1], best[2]
}

// Small waves against a brute force over every pairing: as many games as
// can be, the fewest rematches, then the nearest ranks.
func TestPairArenaAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for trial := range 500 {
		n := rng.IntN(11)
		waiting := make([]Waiting, n)
		for i := range waiting {
			waiting[i] = Waiting{Player: fmt.Sprint("p", i), Rank: 1 + rng.IntN(30)}
		}
		for i := range waiting {
			if rng.IntN(2) == 0 && n > 1 {
				waiting[i].Last = waiting[rng.IntN(n)].Player
			}
		}
		pairs := PairArena(waiting)
		seen := map[string]bool{}
		byName := map[string]Waiting{}
		for _, w := range waiting {
			byName[w.Player] = w
		}
		for _, p := range pairs {
			require.False(t, seen[p[0]] || seen[p[1]], "a player paired twice")
			seen[p[0]], seen[p[1]] = true, true
		}
		gotN, gotR, gotG := arenaCost(pairs, byName)
		wantN, wantR, wantG := bestArena(waiting)
		require.Equal(t, [3]int{wantN, wantR, wantG}, [3]int{gotN, gotR, gotG}, "trial %d: %+v", trial, waiting)
	}
}

// A crowd is cut into groups by rank, every player paired but one.
func TestPairArenaCrowd(t *testing.T) {
	waiting := make([]Waiting, 1001)
	for i := range waiting {
		waiting[i] = Waiting{Player: fmt.Sprint("p", i), Rank: i + 1}
	}
	pairs := PairArena(waiting)
	assert.Len(t, pairs, 500)
	for _, p := range pairs {
		var a, b int
		fmt.Sscanf(p[0], "p%d", &a)
		fmt.Sscanf(p[1], "p%d", &b)
		assert.LessOrEqual(t, abs(a-b), 2, "%v: near ranks", p)
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func BenchmarkPairArena1000(b *testing.B) {
	waiting := make([]Waiting, 1000)
	for i := range waiting {
		waiting[i] = Waiting{Player: fmt.Sprint("p", i), Rank: i + 1, Last: fmt.Sprint("p", i^1)}
	}
	for b.Loop() {
		PairArena(waiting)
	}
}
