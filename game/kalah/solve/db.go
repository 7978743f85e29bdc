package solve

import (
	"context"
	"sync"
	"sync/atomic"
)

// An endgame database holds the exact relative value of every position with
// at most a given number of seeds in the houses, for one number of houses
// and capture rule. Level k (the positions with exactly k seeds) is a dense
// array of int8 indexed by the rank of the position's 2H house counts among
// all compositions of k into 2H parts, in lexicographic order (the mover's
// house 1 most significant). Levels are built in order: a move never adds
// seeds to the houses, so a level's positions lead only to lower levels or to
// its own, and within a level seeds only move forward along each side, so the
// recursion over same-level children ends.
//
// One goroutine builds at a time (holding mu); others read the complete
// levels, published through ready, without waiting for the lock.
type db struct {
	mu     sync.Mutex
	g      geom
	m      int          // pits ranked: 2H
	cap    int          // the highest level the rank tables cover
	levels [][]int8     // levels[k], allocated when level k is built; fixed length cap+1
	done   int          // levels 0..done are complete; −1 before any (under mu)
	ready  atomic.Int32 // done, for readers without the lock
	pre    []int        // pre[(t*(cap+1)+rem)*(cap+1)+v]: compositions skipped by a pit value v with t pits left
}

// unknown marks a value not computed yet.
const unknown = -128

// maxDBSeeds bounds a database's levels so that values fit an int8.
const maxDBSeeds = 100

// dbs is the process's cache of databases, one per game geometry.
var dbs struct {
	sync.Mutex
	m map[geom]*db
}

// dbFor returns the cached database of a geometry, creating it empty (with
// rank tables up to capSeeds) if needed.
func dbFor(g geom, capSeeds int) *db {
	dbs.Lock()
	defer dbs.Unlock()
	if dbs.m == nil {
		dbs.m = map[geom]*db{}
	}
	d := dbs.m[g]
	if d == nil || d.cap < capSeeds {
		nd := newDB(g, capSeeds)
		if d != nil {
			// Keep the levels already built: ranks within a level do not
			// depend on the tables' cap.
			d.mu.Lock()
			copy(nd.levels, d.levels)
			nd.done = d.done
			nd.ready.Store(int32(d.done))
			d.mu.Unlock()
		}
		d = nd
		dbs.m[g] = d
	}
	return d
}

func newDB(g geom, capSeeds int) *db {
	m := 2 * g.h
	d := &db{g: g, m: m, cap: capSeeds, done: -1, levels: make([][]int8, capSeeds+1)}
	d.ready.Store(-1)
	// comp[t][s]: compositions of s into t parts.
	w := capSeeds + 1
	comp := make([][]int, m+1)
	for t := range comp {
		comp[t] = make([]int, w)
		for s := range w {
			switch {
			case t == 0:
				if s == 0 {
					comp[t][s] = 1
				}
			default:
				for x := 0; x <= s; x++ {
					comp[t][s] += comp[t-1][s-x]
				}
			}
		}
	}
	// One flat table: rank is the database's inner loop, and one slice
	// spares it a bounds check and a pointer per pit.
	d.pre = make([]int, (m+1)*w*w)
	for t := 1; t <= m; t++ {
		for rem := range w {
			acc := 0
			for v := 0; v <= rem; v++ {
				d.pre[(t*w+rem)*w+v] = acc
				acc += comp[t-1][rem-v]
			}
		}
	}
	return d
}

// levelSize is the number of positions with exactly k seeds.
func (d *db) levelSize(k int) int {
	w := d.cap + 1
	// The rank of the last composition (k, 0, ..., 0) plus one.
	return d.pre[(d.m*w+k)*w+k] + 1
}

// bytesUpTo is the memory levels 0..k take.
func (d *db) bytesUpTo(k int) int {
	n := 0
	for j := 0; j <= k; j++ {
		n += d.levelSize(j)
	}
	return n
}

// rank is the index of a ring with k seeds in the houses within its level.
func (d *db) rank(r *ring, k int) int {
	h, w, pre := d.g.h, d.cap+1, d.pre
	idx, rem := 0, k
	t := d.m // pits left, this one included
	for _, v := range r[:h] {
		idx += pre[(t*w+rem)*w+int(v)]
		rem -= int(v)
		t--
	}
	// The last pit is whatever remains: it adds nothing to the rank.
	for _, v := range r[h+1 : 2*h] {
		idx += pre[(t*w+rem)*w+int(v)]
		rem -= int(v)
		t--
	}
	return idx
}

// lookup is the value of a position whose level is complete.
func (d *db) lookup(r *ring, k int) int {
	return int(d.levels[k][d.rank(r, k)])
}

// extend builds levels up to want (at most cap), checking ctx now and then;
// it keeps whatever it finished. It returns the highest complete level. The
// caller holds d.mu.
func (d *db) extend(ctx context.Context, want int) (int, error) {
	want = min(want, d.cap)
	for k := d.done + 1; k <= want; k++ {
		if d.levels[k] == nil {
			lv := make([]int8, d.levelSize(k))
			for i := range lv {
				lv[i] = unknown
			}
			d.levels[k] = lv
		}
		if err := d.buildLevel(ctx, k); err != nil {
			return d.done, err
		}
		d.done = k
		d.ready.Store(int32(k))
	}
	return d.done, nil
}

// buildLevel fills level k, visiting its compositions in rank order.
func (d *db) buildLevel(ctx context.Context, k int) error {
	h := d.g.h
	pits := make([]int, d.m)
	pits[d.m-1] = k
	lv := d.levels[k]
	for idx := range lv {
		if idx&0xfff == 0 && ctx.Err() != nil {
			return ctx.Err()
		}
		if lv[idx] == unknown {
			d.solve(ringOf(pits, h), k)
		}
		nextComposition(pits)
	}
	return nil
}

// nextComposition steps pits to the next composition of the same sum in
// lexicographic order (it is a no-op after the last one).
func nextComposition(p []int) {
	m := len(p)
	// The last non-zero pit among 1..m−1 gives one seed to its left
	// neighbour; everything after that neighbour collects in the last pit.
	j := m - 1
	for j > 0 && p[j] == 0 {
		j--
	}
	if j == 0 {
		return
	}
	rest := 0
	for i := j; i < m; i++ {
		rest += p[i]
		p[i] = 0
	}
	p[j-1]++
	p[m-1] = rest - 1
}

// solve computes (and records) the value of a position with k seeds whose
// lower levels are complete, recursing into same-level children.
//
// The ring is passed by value: a pointer into the caller's frame would make
// the recursion move every child ring to the heap.
func (d *db) solve(r ring, k int) int {
	g := &d.g
	idx := d.rank(&r, k)
	if v := d.levels[k][idx]; v != unknown {
		return int(v)
	}
	if g.moverSeeds(&r) == 0 {
		// The game is over: the opponent keeps what is in its houses.
		d.levels[k][idx] = int8(-k)
		return -k
	}
	best := -k - 1
	for i := range g.h {
		if r[i] == 0 {
			continue
		}
		c := r
		gain, again := g.sow(&c, i)
		var v int
		if again {
			v = gain + d.value(c, k-gain)
		} else {
			v = gain - d.value(g.flip(&c), k-gain)
		}
		best = max(best, v)
		if best == k {
			break // nothing beats taking every seed
		}
	}
	d.levels[k][idx] = int8(best)
	return best
}

// value is a child's value: looked up below level k, solved within it.
func (d *db) value(r ring, k int) int {
	if k <= d.done {
		return d.lookup(&r, k)
	}
	return d.solve(r, k)
}

// levelPositions is the number of positions with k seeds in m houses:
// C(k+m−1, m−1), or a huge number when that overflows.
func levelPositions(m, k int) int {
	n := 1
	for i := 1; i < m; i++ {
		// n = C(k+i, i) after this step; exact at every step.
		n = n * (k + i) / i
		if n > 1<<40 {
			return 1 << 40
		}
	}
	return n
}

// ringOf places a composition of the houses (the first player's h, then the
// second's) on a ring; both stores stay empty.
func ringOf(pits []int, h int) ring {
	var r ring
	for i, v := range pits {
		j := i
		if i >= h {
			j++
		}
		r[j] = uint8(v)
	}
	return r
}
