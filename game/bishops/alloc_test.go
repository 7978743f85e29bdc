package bishops

import (
	"testing"

	"boardroom/game"

	"github.com/stretchr/testify/require"
)

// The hot paths allocate nothing: Legal into a slice with room, the Board
// move generator, make/unmake and Perft.
func TestNoAllocs(t *testing.T) {
	positions := []*State{}
	for i, setup := range []string{SetupClassic, SetupStripes, SetupClassic, SetupStripes, SetupClassic} {
		s, err := New(map[string]string{"setup": setup})
		require.NoError(t, err)
		bot := game.NewRandomBot(uint64(i))
		for range 12 * i {
			m, err := bot.Choose(t.Context(), s, s.Turn())
			require.NoError(t, err)
			require.NoError(t, s.Apply(m))
		}
		positions = append(positions, s)
	}
	dst := make([]game.Move, 0, 256)
	bdst := make([]BoardMove, 0, 256)
	for _, s := range positions {
		b := s.Board()
		p := s.Turn()
		allocs := testing.AllocsPerRun(50, func() {
			dst = s.Legal(p, dst[:0])
			dst = s.Legal(p.Other(), dst[:0])
			bdst = b.Moves(p, bdst[:0])
			for _, m := range bdst {
				b.Make(p, m)
				_ = b.CountMoves(p.Other())
				_ = b.HasMove(p.Other())
				b.Unmake(p, m)
			}
			_ = s.Perft(2)
		})
		require.Zero(t, allocs, "%s", s.Encode())
		require.NotEmpty(t, dst[:cap(dst)])
		require.Equal(t, s.Board(), b, "make/unmake restores the board")
	}
}
