package amazons

import (
	"testing"

	"boardroom/game"

	"github.com/stretchr/testify/require"
)

// naiveReach walks the eight lines square by square.
func naiveReach(sq Square, occ Bitboard) Bitboard {
	var out Bitboard
	for _, st := range steps {
		r, c := sq.Row()+st.dr, sq.Col()+st.dc
		for to := SquareAt(r, c); to != NoSquare && !occ.Has(to); to = SquareAt(r, c) {
			out.Set(to)
			r, c = r+st.dr, c+st.dc
		}
	}
	return out
}

func TestQueenReach(t *testing.T) {
	rng := game.NewRand(7)
	for range 300 {
		var occ Bitboard
		density := rng.IntN(100)
		for sq := range Square(NumSquares) {
			if rng.IntN(100) < density {
				occ.Set(sq)
			}
		}
		for sq := range Square(NumSquares) {
			got, want := QueenReach(sq, occ), naiveReach(sq, occ)
			if got != want {
				require.Equal(t, want, got, "square %s", sq)
			}
		}
	}
	// On an empty board a queen in a corner sees 27 squares, in the centre 35.
	require.Equal(t, 27, QueenReach(0, Bitboard{}).Count())
	require.Equal(t, 35, QueenReach(SquareAt(4, 4), Bitboard{}).Count())
	require.Equal(t, 3, Neighbours(0).Count())
	require.Equal(t, 8, Neighbours(SquareAt(4, 4)).Count())
}

func TestBitboard(t *testing.T) {
	var b Bitboard
	require.True(t, b.IsEmpty())
	require.Equal(t, NoSquare, b.First())
	for _, sq := range []Square{99, 0, 63, 64, 37} {
		b.Set(sq)
	}
	require.Equal(t, 5, b.Count())
	require.True(t, b.Has(64))
	require.False(t, b.Has(65))
	require.Equal(t, Square(0), b.First())
	var order []Square
	for c := b; !c.IsEmpty(); {
		order = append(order, c.Pop())
	}
	require.Equal(t, []Square{0, 37, 63, 64, 99}, order)
	b.Clear(63)
	require.False(t, b.Has(63))
	require.Equal(t, 100, All.Count())
	require.Equal(t, 96, b.Not().Count())
	require.Equal(t, All, b.Or(b.Not()))
	require.True(t, b.And(b.Not()).IsEmpty())
	require.Equal(t, b, All.AndNot(b.Not()))
}
