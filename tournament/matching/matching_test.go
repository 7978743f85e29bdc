package matching

import (
	"cmp"
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// bruteForce is the reference: every matching tried, the best kept (with
// maxCard, the most pairs first).
func bruteForce(n int, edges []Edge, maxCard bool) (pairs int, weight int64) {
	w := map[[2]int]int64{}
	for _, e := range edges {
		if e.I == e.J {
			continue
		}
		key := [2]int{min(e.I, e.J), max(e.I, e.J)}
		if old, ok := w[key]; !ok || e.Weight > old {
			w[key] = e.Weight
		}
	}
	used := make([]bool, n)
	bestPairs, bestWeight := 0, int64(0)
	var try func(v, pairs int, weight int64)
	try = func(v, pairs int, weight int64) {
		for v < n && used[v] {
			v++
		}
		if v == n {
			if maxCard && pairs > bestPairs || (!maxCard || pairs == bestPairs) && weight > bestWeight {
				bestPairs, bestWeight = pairs, weight
			}
			return
		}
		used[v] = true
		try(v+1, pairs, weight) // v single
		for u := v + 1; u < n; u++ {
			if wt, ok := w[[2]int{v, u}]; ok && !used[u] {
				used[u] = true
				try(v+1, pairs+1, weight+wt)
				used[u] = false
			}
		}
		used[v] = false
	}
	try(0, 0, 0)
	return bestPairs, bestWeight
}

// check verifies that mates is a matching over edges.
func check(t *testing.T, n int, edges []Edge, mates []int) int {
	t.Helper()
	require.Len(t, mates, n)
	adjacent := map[[2]int]bool{}
	for _, e := range edges {
		adjacent[[2]int{e.I, e.J}], adjacent[[2]int{e.J, e.I}] = true, true
	}
	pairs := 0
	for v, u := range mates {
		if u == -1 {
			continue
		}
		require.Equal(t, v, mates[u], "mates are mutual")
		require.True(t, adjacent[[2]int{v, u}], "%d–%d is an edge", v, u)
		require.NotEqual(t, v, u)
		if v < u {
			pairs++
		}
	}
	return pairs
}

func TestKnownGraphs(t *testing.T) {
	for _, tc := range []struct {
		name    string
		n       int
		edges   []Edge
		maxCard bool
		want    []int
	}{
		{"empty", 0, nil, false, []int{}},
		{"one edge", 2, []Edge{{0, 1, 1}}, false, []int{1, 0}},
		{"the heavier of two", 3, []Edge{{0, 1, 10}, {1, 2, 11}}, false, []int{-1, 2, 1}},
		{"a path: two light beat one heavy", 4, []Edge{{0, 1, 5}, {1, 2, 11}, {2, 3, 5}}, false, []int{-1, 2, 1, -1}},
		{"a path with maximum cardinality", 4, []Edge{{0, 1, 5}, {1, 2, 11}, {2, 3, 5}}, true, []int{1, 0, 3, 2}},
		{"a negative edge is left alone", 2, []Edge{{0, 1, -2}}, false, []int{-1, -1}},
		{"but taken for cardinality", 2, []Edge{{0, 1, -2}}, true, []int{1, 0}},
		{"a blossom", 4, []Edge{{0, 1, 8}, {0, 2, 9}, {1, 2, 10}, {2, 3, 7}}, false, []int{1, 0, 3, 2}},
		{"a blossom expanded", 6, []Edge{{0, 1, 23}, {0, 4, 22}, {0, 5, 15}, {1, 2, 25}, {2, 3, 22}, {3, 4, 25}, {3, 5, 14}}, false,
			[]int{1, 0, 3, 2, 5, 4}[:0]},
	} {
		t.Run(tc.name, func(t *testing.T) {
			mates := Max(tc.n, tc.edges, tc.maxCard)
			check(t, tc.n, tc.edges, mates)
			if len(tc.want) > 0 || tc.n == 0 {
				assert.Equal(t, tc.want, mates)
			}
			_, best := bruteForce(tc.n, tc.edges, tc.maxCard)
			assert.Equal(t, best, Weight(mates, tc.edges))
		})
	}
}

// A thousand random graphs of up to 12 vertices, dense and sparse, weights of either
// sign: the weight (and, with maxCard, the size) equals the brute force's.
func TestAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 1000 {
		n := rng.IntN(13)
		density := rng.Float64()
		var edges []Edge
		for i := range n {
			for j := i + 1; j < n; j++ {
				if rng.Float64() < density {
					edges = append(edges, Edge{i, j, int64(rng.IntN(40) - 8)})
				}
			}
		}
		for _, maxCard := range []bool{false, true} {
			mates := Max(n, edges, maxCard)
			pairs := check(t, n, edges, mates)
			wantPairs, wantWeight := bruteForce(n, edges, maxCard)
			require.Equal(t, wantWeight, Weight(mates, edges), "trial %d, n %d, maxCard %v, edges %v", trial, n, maxCard, edges)
			if maxCard {
				require.Equal(t, wantPairs, pairs, "trial %d: the most pairs", trial)
			}
		}
	}
}

// Many equal weights (ties everywhere) are where blossoms nest.
func TestEqualWeights(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for trial := range 400 {
		n := 2 + rng.IntN(11)
		var edges []Edge
		for i := range n {
			for j := i + 1; j < n; j++ {
				if rng.IntN(3) > 0 {
					edges = append(edges, Edge{i, j, int64(1 + rng.IntN(2))})
				}
			}
		}
		mates := Max(n, edges, true)
		pairs := check(t, n, edges, mates)
		wantPairs, wantWeight := bruteForce(n, edges, true)
		require.Equal(t, wantPairs, pairs, "trial %d: %v", trial, edges)
		require.Equal(t, wantWeight, Weight(mates, edges), "trial %d: %v", trial, edges)
	}
}

// complete is a complete graph of n vertices with weights drawn from rng.
func complete(n int, rng *rand.Rand) []Edge {
	var edges []Edge
	for i := range n {
		for j := i + 1; j < n; j++ {
			edges = append(edges, Edge{i, j, int64(rng.IntN(1000))})
		}
	}
	return edges
}

// A large graph gives a matching at least as heavy as a greedy one.
func TestLargeGraphBeatsGreedy(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	edges := complete(150, rng)
	mates := Max(150, edges, true)
	assert.Equal(t, 75, check(t, 150, edges, mates))
	// Greedy: heaviest edge first.
	sorted := append([]Edge(nil), edges...)
	slices.SortFunc(sorted, func(a, b Edge) int { return cmp.Compare(b.Weight, a.Weight) })
	taken := make([]bool, 150)
	var greedy int64
	for _, e := range sorted {
		if !taken[e.I] && !taken[e.J] {
			taken[e.I], taken[e.J] = true, true
			greedy += e.Weight
		}
	}
	assert.GreaterOrEqual(t, Weight(mates, edges), greedy)
}

func BenchmarkMax(b *testing.B) {
	for _, n := range []int{20, 50, 100, 200} {
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			edges := complete(n, rand.New(rand.NewPCG(7, 8)))
			for b.Loop() {
				Max(n, edges, true)
			}
		})
	}
}
