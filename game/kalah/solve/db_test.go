package solve

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestRankIsDense: the compositions, visited in the builder's order, have
// ranks 0, 1, 2, ... up to the level size.
func TestRankIsDense(t *testing.T) {
	for _, h := range []int{1, 2, 3} {
		d := newDB(newGeom(h, false), 9)
		for k := 0; k <= 9; k++ {
			pits := make([]int, 2*h)
			pits[2*h-1] = k
			size := d.levelSize(k)
			for idx := range size {
				r := ringOf(pits, h)
				require.Equal(t, idx, d.rank(&r, k), "h=%d k=%d %v", h, k, pits)
				nextComposition(pits)
			}
			require.Equal(t, k, pits[0], "the last composition puts every seed first")
			require.Equal(t, size, levelPositions(2*h, k))
		}
	}
}

// TestDatabaseMatchesSearch compares every database entry of a small
// geometry with a search that uses no database.
func TestDatabaseMatchesSearch(t *testing.T) {
	for _, ec := range []bool{false, true} {
		g := newGeom(2, ec)
		d := newDB(g, 7)
		d.mu.Lock()
		done, err := d.extend(context.Background(), 7)
		d.mu.Unlock()
		require.NoError(t, err)
		require.Equal(t, 7, done)
		s := &searcher{g: g, k: newKeyer(2, 7), dbN: -1, ctx: context.Background(), etcMin: 1 << 30}
		for k := 0; k <= 7; k++ {
			pits := make([]int, 4)
			pits[3] = k
			for range d.levelSize(k) {
				r := ring{uint8(pits[0]), uint8(pits[1]), 0, uint8(pits[2]), uint8(pits[3])}
				want := s.search(&r, k, -k-1, k+1, 0)
				require.Equal(t, want, d.lookup(&r, k), "ec=%v %v", ec, pits)
				nextComposition(pits)
			}
		}
	}
}
