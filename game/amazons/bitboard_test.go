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

// randomSquares holds each square with a chance of density in 100.
func randomSquares(rng interface{ IntN(int) int }, density int) Bitboard {
	var b Bitboard
	for sq := range Square(NumSquares) {
		if rng.IntN(100) < density {
			b.Set(sq)
		}
	}
	return b
}

func TestQueenReach(t *testing.T) {
	rng := game.NewRand(7)
	for range 300 {
		occ := randomSquares(rng, rng.IntN(100))
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

func TestKingStep(t *testing.T) {
	rng := game.NewRand(11)
	for range 500 {
		b := randomSquares(rng, rng.IntN(30))
		var want Bitboard
		for c := b; !c.IsEmpty(); {
			want = want.Or(Neighbours(c.Pop()))
		}
		require.Equal(t, want, b.KingStep())
	}
	for sq := range Square(NumSquares) {
		var one Bitboard
		one.Set(sq)
		require.Equal(t, Neighbours(sq), one.KingStep(), "square %d", sq)
	}
}

func TestQueenStep(t *testing.T) {
	rng := game.NewRand(13)
	for range 500 {
		var from, occ Bitboard
		fromDensity, occDensity := rng.IntN(40), rng.IntN(60)
		for sq := range Square(NumSquares) {
			switch r := rng.IntN(100); {
			case r < fromDensity:
				from.Set(sq)
			case r < fromDensity+occDensity:
				occ.Set(sq)
			}
		}
		var want Bitboard
		for f := from; !f.IsEmpty(); {
			want = want.Or(QueenReach(f.Pop(), occ.Or(from)))
		}
		// from's own squares block, as occupied squares do, unless empty.
		require.Equal(t, want, QueenStep(from, occ.Or(from).Not()))
		var wantThrough Bitboard
		for f := from; !f.IsEmpty(); {
			wantThrough = wantThrough.Or(QueenReach(f.Pop(), occ))
		}
		require.Equal(t, wantThrough, QueenStep(from, occ.Not()), "through empty squares of from")
	}
}
