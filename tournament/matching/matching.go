// Package matching finds a maximum-weight matching in a general graph:
// Edmonds' blossom algorithm in its primal-dual form (Galil, "Efficient
// algorithms for finding maximum matching in graphs", 1986), O(n³).
//
// Tournaments pair with it: an arena pairs the players waiting with near
// ranks and no recent opponents, a Swiss round within score groups, colours
// balanced, no pairing repeated. Both are "the best set of disjoint pairs",
// which a greedy pass gets wrong as soon as one good pair blocks two
// better ones.
//
// Weights are integers; they are doubled inside, so that every dual
// variable and slack stays an integer and no rounding enters.
package matching

// Edge joins two vertices with a weight. Edges are undirected; an edge of
// a vertex to itself is ignored.
type Edge struct {
	I, J   int
	Weight int64
}

// Max returns the mate of each vertex 0..n-1 in a matching of the greatest
// total weight (-1 for a vertex left single). With maxCardinality it is
// the greatest weight among the matchings with the most pairs.
func Max(n int, edges []Edge, maxCardinality bool) []int {
	m := newMatcher(n, edges, maxCardinality)
	m.solve()
	mates := make([]int, n)
	for v := range mates {
		mates[v] = -1
		if m.mate[v] >= 0 {
			mates[v] = m.endpoint[m.mate[v]]
		}
	}
	return mates
}

// Weight is the total weight of the pairs mates holds (the heaviest edge
// between each pair, each pair counted once).
func Weight(mates []int, edges []Edge) int64 {
	best := map[[2]int]int64{}
	for _, e := range edges {
		if e.I == e.J || e.I < 0 || e.J < 0 || e.I >= len(mates) || e.J >= len(mates) || mates[e.I] != e.J {
			continue
		}
		key := [2]int{min(e.I, e.J), max(e.I, e.J)}
		if w, ok := best[key]; !ok || e.Weight > w {
			best[key] = e.Weight
		}
	}
	var total int64
	for _, w := range best {
		total += w
	}
	return total
}

// Labels of a top-level blossom while a stage grows its alternating trees.
const (
	free  = 0 // not in a tree
	outer = 1 // S: an even distance from a tree's root
	inner = 2 // T: an odd distance
	crumb = 4 // marked while scanBlossom traces two paths (with outer)
)

// matcher is the algorithm's state. Vertices are 0..n-1, blossoms n..2n-1.
// Edge k has the endpoints 2k and 2k+1: endpoint[2k] is its I, endpoint
// [2k+1] its J, and p^1 is the other end of endpoint p.
type matcher struct {
	n        int
	maxCard  bool
	edges    []Edge
	weight   []int64 // doubled
	endpoint []int
	// neighbend[v] lists the far endpoints of v's edges.
	neighbend [][]int
	// mate[v] is the far endpoint of v's matched edge, or -1.
	mate []int

	label    []int // of vertices and top-level blossoms
	labelend []int // the endpoint through which it got its label, or -1
	// inblossom[v] is the top-level blossom that holds vertex v.
	inblossom     []int
	blossomparent []int
	blossomchilds [][]int // the sub-blossoms around the cycle, the base's first
	blossombase   []int   // -1 for an unused blossom
	// blossomendps[b][i] is the endpoint of the edge from child i to child
	// i+1 (around the cycle).
	blossomendps [][]int
	// bestedge[b] is the least-slack edge from b to another outer blossom
	// (-1 for none); blossombestedges[b] are such edges of an outer
	// blossom b, one per neighbouring blossom (nil: not computed).
	bestedge         []int
	blossombestedges [][]int
	unusedblossoms   []int
	dualvar          []int64
	allowedge        []bool
	queue            []int
}

func newMatcher(n int, edges []Edge, maxCard bool) *matcher {
	m := &matcher{n: n, maxCard: maxCard}
	for _, e := range edges {
		if e.I != e.J && e.I >= 0 && e.J >= 0 && e.I < n && e.J < n {
			m.edges = append(m.edges, e)
		}
	}
	var maxWeight int64
	m.weight = make([]int64, len(m.edges))
	m.endpoint = make([]int, 2*len(m.edges))
	m.neighbend = make([][]int, n)
	for k, e := range m.edges {
		m.weight[k] = 2 * e.Weight
		maxWeight = max(maxWeight, m.weight[k])
		m.endpoint[2*k], m.endpoint[2*k+1] = e.I, e.J
		m.neighbend[e.I] = append(m.neighbend[e.I], 2*k+1)
		m.neighbend[e.J] = append(m.neighbend[e.J], 2*k)
	}
	m.mate = fill(n, -1)
	m.label = make([]int, 2*n)
	m.labelend = fill(2*n, -1)
	m.inblossom = make([]int, n)
	for v := range m.inblossom {
		m.inblossom[v] = v
	}
	m.blossomparent = fill(2*n, -1)
	m.blossomchilds = make([][]int, 2*n)
	m.blossombase = fill(2*n, -1)
	for v := range n {
		m.blossombase[v] = v
	}
	m.blossomendps = make([][]int, 2*n)
	m.bestedge = fill(2*n, -1)
	m.blossombestedges = make([][]int, 2*n)
	for b := 2*n - 1; b >= n; b-- {
		m.unusedblossoms = append(m.unusedblossoms, b)
	}
	m.dualvar = make([]int64, 2*n)
	for v := range n {
		m.dualvar[v] = maxWeight
	}
	m.allowedge = make([]bool, len(m.edges))
	return m
}

func fill(n, v int) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = v
	}
	return s
}

// slack is edge k's reduced cost: zero when it is tight.
func (m *matcher) slack(k int) int64 {
	return m.dualvar[m.endpoint[2*k]] + m.dualvar[m.endpoint[2*k+1]] - 2*m.weight[k]
}

// leaves calls f on each vertex inside blossom b (b itself for a vertex).
func (m *matcher) leaves(b int, f func(v int)) {
	if b < m.n {
		f(b)
		return
	}
	for _, c := range m.blossomchilds[b] {
		m.leaves(c, f)
	}
}

// at indexes a cycle of children from either end (Python-style negative
// indices: the cycle is walked both ways).
func at(s []int, i int) int {
	if i < 0 {
		i += len(s)
	}
	return s[i]
}

// assignLabel labels vertex w's top-level blossom t, reached through
// endpoint p, and labels outer the mate of an inner blossom's base.
func (m *matcher) assignLabel(w, t, p int) {
	b := m.inblossom[w]
	m.label[w], m.label[b] = t, t
	m.labelend[w], m.labelend[b] = p, p
	m.bestedge[w], m.bestedge[b] = -1, -1
	switch t {
	case outer:
		m.leaves(b, func(v int) { m.queue = append(m.queue, v) })
	case inner:
		base := m.blossombase[b]
		m.assignLabel(m.endpoint[m.mate[base]], outer, m.mate[base]^1)
	}
}

// scanBlossom traces back from v and w to their trees' roots. It returns
// the base of the new blossom where the two paths meet, or -1 when they
// reach two roots (an augmenting path).
func (m *matcher) scanBlossom(v, w int) int {
	var path []int
	base := -1
	for v != -1 || w != -1 {
		b := m.inblossom[v]
		if m.label[b]&crumb != 0 {
			base = m.blossombase[b]
			break
		}
		path = append(path, b)
		m.label[b] = outer | crumb
		if m.labelend[b] == -1 {
			v = -1 // a root
		} else {
			v = m.endpoint[m.labelend[b]]
			b = m.inblossom[v] // inner
			v = m.endpoint[m.labelend[b]]
		}
		if w != -1 {
			v, w = w, v
		}
	}
	for _, b := range path {
		m.label[b] = outer
	}
	return base
}
