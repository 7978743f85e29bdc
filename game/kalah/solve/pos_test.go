package solve

import (
	"math/rand/v2"
	"testing"

	"boardroom/game/kalah"

	"github.com/stretchr/testify/require"
)

// TestSowMatchesEngine plays every move of many random positions both with
// the solver's ring and with kalah.State, and compares the results.
func TestSowMatchesEngine(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for n := range 3000 {
		h := 1 + n%7
		seeds := 1 + rng.IntN(6)
		ec := rng.IntN(2) == 0
		s := randomState(t, rng, h, seeds, ec, 2*h*seeds)
		g, r, diff, left, err := fromState(s)
		require.NoError(t, err)
		b := s.Board()
		require.Equal(t, b.HouseSeeds(s.Turn())+b.HouseSeeds(s.Turn().Other()), left)
		for _, m := range s.Legal(s.Turn(), nil) {
			_, house, ok := s.HouseAt(m.Cells[0])
			require.True(t, ok)
			c := r
			gain, again := g.sow(&c, house-1)
			if !again {
				c = g.flip(&c)
			}
			next := after(t, s, m)
			g2, want, diff2, left2, err := fromState(next)
			require.NoError(t, err)
			require.Equal(t, g, g2)
			require.Equal(t, again, next.Turn() == s.Turn(), "%s move %d", s.Encode(), house)
			require.Equal(t, want, c, "%s move %d", s.Encode(), house)
			require.Equal(t, left-gain, left2)
			// The mover's store grew by gain.
			if again {
				require.Equal(t, diff+gain, diff2)
			} else {
				require.Equal(t, -(diff + gain), diff2)
			}
		}
	}
}

// TestKeysDistinguish checks that keys are exact: different house contents
// give different keys.
func TestKeysDistinguish(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, h := range []int{1, 3, 6, 8} {
		seen := map[[2]uint64]ring{}
		k := newKeyer(h, 2*h*4)
		require.True(t, k.exact)
		for range 5000 {
			s := randomState(t, rng, h, 4, false, 2*h*4)
			g, r, _, _, err := fromState(s)
			require.NoError(t, err)
			lo, hi := k.key(&g, &r)
			if old, ok := seen[[2]uint64{lo, hi}]; ok {
				require.Equal(t, old, r)
			}
			seen[[2]uint64{lo, hi}] = r
		}
	}
}

func TestTooBig(t *testing.T) {
	s := start(t, 12, 12, false)
	_, _, _, _, err := fromState(s)
	require.ErrorIs(t, err, ErrTooBig)
	_ = kalah.MaxTotal
}
