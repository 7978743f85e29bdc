package amazons

import "math/bits"

// Size is the number of rows and of columns of the board.
const Size = 10

// NumSquares is the number of squares of the board.
const NumSquares = Size * Size

// Square is a square of the board numbered row by row from the top-left:
// Square(row*10 + col), so a10 is 0, j10 is 9 and j1 is 99. NoSquare marks
// the absence of one.
type Square int8

// NoSquare is not a square of the board.
const NoSquare Square = -1

// SquareAt returns the square at a 0-based row and column from the top-left,
// or NoSquare when that is off the board.
func SquareAt(row, col int) Square {
	if row < 0 || row >= Size || col < 0 || col >= Size {
		return NoSquare
	}
	return Square(row*Size + col)
}

// Row is the 0-based row of sq from the top.
func (sq Square) Row() int { return int(sq) / Size }

// Col is the 0-based column of sq from the left.
func (sq Square) Col() int { return int(sq) % Size }

// Valid reports whether sq is on the board.
func (sq Square) Valid() bool { return sq >= 0 && sq < NumSquares }

// Bitboard is a set of squares: bit sq%64 of word sq/64 stands for square sq.
// Bits 100–127 are always zero. It is a value: copy it freely.
type Bitboard [2]uint64

// Has reports whether sq is in b.
func (b Bitboard) Has(sq Square) bool { return b[sq>>6]>>(uint(sq)&63)&1 != 0 }

// Set adds sq to b.
func (b *Bitboard) Set(sq Square) { b[sq>>6] |= 1 << (uint(sq) & 63) }

// Clear removes sq from b.
func (b *Bitboard) Clear(sq Square) { b[sq>>6] &^= 1 << (uint(sq) & 63) }

// Count is the number of squares in b.
func (b Bitboard) Count() int { return bits.OnesCount64(b[0]) + bits.OnesCount64(b[1]) }

// IsEmpty reports whether b holds no square.
func (b Bitboard) IsEmpty() bool { return b[0]|b[1] == 0 }

// Or returns the union of b and c.
func (b Bitboard) Or(c Bitboard) Bitboard { return Bitboard{b[0] | c[0], b[1] | c[1]} }

// And returns the intersection of b and c.
func (b Bitboard) And(c Bitboard) Bitboard { return Bitboard{b[0] & c[0], b[1] & c[1]} }

// AndNot returns the squares of b that are not in c.
func (b Bitboard) AndNot(c Bitboard) Bitboard { return Bitboard{b[0] &^ c[0], b[1] &^ c[1]} }

// Not returns the squares of the board that are not in b.
func (b Bitboard) Not() Bitboard { return Bitboard{^b[0], ^b[1] & highMask} }

// First returns the lowest square of b, or NoSquare when b is empty.
func (b Bitboard) First() Square {
	if b[0] != 0 {
		return Square(bits.TrailingZeros64(b[0]))
	}
	if b[1] != 0 {
		return Square(64 + bits.TrailingZeros64(b[1]))
	}
	return NoSquare
}

// Pop removes the lowest square of b and returns it; b must not be empty.
// Loops over a set go `for !b.IsEmpty() { sq := b.Pop(); ... }`, in
// ascending square order.
func (b *Bitboard) Pop() Square {
	if b[0] != 0 {
		sq := Square(bits.TrailingZeros64(b[0]))
		b[0] &= b[0] - 1
		return sq
	}
	sq := Square(64 + bits.TrailingZeros64(b[1]))
	b[1] &= b[1] - 1
	return sq
}

// highMask keeps the 36 board bits (squares 64–99) of the high word.
const highMask = 1<<(NumSquares-64) - 1

// All is every square of the board.
var All = Bitboard{^uint64(0), highMask}

// The eight queen directions: the first four step to higher squares, the last
// four to lower ones. That split is what QueenReach relies on to find the
// nearest blocker with one bit scan.
var steps = [8]struct{ dr, dc, delta int }{
	{0, 1, 1}, {1, -1, 9}, {1, 0, 10}, {1, 1, 11},
	{0, -1, -1}, {-1, 1, -9}, {-1, 0, -10}, {-1, -1, -11},
}

// rays[sq][d] is every square from sq (excluded) to the edge in direction d.
var rays [NumSquares][8]Bitboard

// neighbours[sq] is the up to eight squares a king's step from sq.
var neighbours [NumSquares]Bitboard

func init() {
	for sq := range Square(NumSquares) {
		for d, st := range steps {
			r, c := sq.Row()+st.dr, sq.Col()+st.dc
			if to := SquareAt(r, c); to != NoSquare {
				neighbours[sq].Set(to)
			}
			for to := SquareAt(r, c); to != NoSquare; to = SquareAt(r, c) {
				rays[sq][d].Set(to)
				r, c = r+st.dr, c+st.dc
			}
		}
	}
}

// QueenReach returns the squares a queen on sq reaches when the squares in occ
// are blocked: every square along the eight lines up to, not including, the
// first blocked one. sq itself is never in the result and its own bit in occ
// does not matter. Evaluators build queen distances from it (a breadth-first
// search over QueenReach); move generation uses it for both the amazon's
// move and the arrow.
func QueenReach(sq Square, occ Bitboard) Bitboard {
	var out Bitboard
	r := &rays[sq]
	for d := range 4 {
		ray := r[d]
		blk := Bitboard{ray[0] & occ[0], ray[1] & occ[1]}
		if blk[0]|blk[1] != 0 {
			var b int
			if blk[0] != 0 {
				b = bits.TrailingZeros64(blk[0])
			} else {
				b = 64 + bits.TrailingZeros64(blk[1])
			}
			// The square just before the blocker lies on the ray (or is sq),
			// and its own ray is exactly what the blocker cuts off.
			cut := &rays[b-steps[d].delta][d]
			ray[0] &^= cut[0]
			ray[1] &^= cut[1]
		}
		out[0] |= ray[0]
		out[1] |= ray[1]
	}
	for d := 4; d < 8; d++ {
		ray := r[d]
		blk := Bitboard{ray[0] & occ[0], ray[1] & occ[1]}
		if blk[0]|blk[1] != 0 {
			var b int
			if blk[1] != 0 {
				b = 127 - bits.LeadingZeros64(blk[1])
			} else {
				b = 63 - bits.LeadingZeros64(blk[0])
			}
			cut := &rays[b-steps[d].delta][d]
			ray[0] &^= cut[0]
			ray[1] &^= cut[1]
		}
		out[0] |= ray[0]
		out[1] |= ray[1]
	}
	return out
}

// Neighbours returns the up to eight squares a king's step from sq.
func Neighbours(sq Square) Bitboard { return neighbours[sq] }

// notFirstCol and notLastCol are the board without its a- or its j-file:
// a shift by one column that wraps round to the next row lands there, so
// it is masked off.
var notFirstCol, notLastCol = func() (notA, notJ Bitboard) {
	for sq := range Square(NumSquares) {
		if sq.Col() != 0 {
			notA.Set(sq)
		}
		if sq.Col() != Size-1 {
			notJ.Set(sq)
		}
	}
	return
}()

// up shifts every square of b to the square k higher (k in 1..63); bits
// pushed past square 99 are dropped.
func (b Bitboard) up(k uint) Bitboard {
	return Bitboard{b[0] << k, (b[1]<<k | b[0]>>(64-k)) & highMask}
}

// down shifts every square of b to the square k lower (k in 1..63).
func (b Bitboard) down(k uint) Bitboard {
	return Bitboard{b[0]>>k | b[1]<<(64-k), b[1] >> k}
}

// KingStep returns the squares a king's step from some square of b (b's
// own squares only where another square of b is next to them): the union of
// Neighbours over b, computed for the whole set at once by eight shifts.
// Evaluators grow king distances with it one ring at a time.
func (b Bitboard) KingStep() Bitboard {
	east := b.up(1).Or(b.up(11)).Or(b.down(9)).And(notFirstCol)
	west := b.down(1).Or(b.down(11)).Or(b.up(9)).And(notLastCol)
	return east.Or(west).Or(b.up(10)).Or(b.down(10))
}

// QueenStep returns the squares one queen move from some square of from
// reaches through the squares of empty: the union of QueenReach over from
// with everything outside empty blocked, computed a direction at a time by
// sliding the whole set (at most nine shifts a direction) instead of a
// square at a time. Evaluators grow queen distances with it one ring at a
// time; it pays when from holds more than a few squares.
func QueenStep(from, empty Bitboard) Bitboard {
	a, j := empty.And(notFirstCol), empty.And(notLastCol)
	out := slideUp(from, a, 1).Or(slideUp(from, a, 11)).Or(slideDown(from, a, 9))
	out = out.Or(slideDown(from, j, 1)).Or(slideDown(from, j, 11)).Or(slideUp(from, j, 9))
	return out.Or(slideUp(from, empty, 10)).Or(slideDown(from, empty, 10))
}

// slideUp returns the squares of m that sets of steps of k squares up from
// from reach without leaving m.
func slideUp(from, m Bitboard, k uint) Bitboard {
	var out Bitboard
	for g := from.up(k).And(m); g[0]|g[1] != 0; g = g.up(k).And(m) {
		out[0] |= g[0]
		out[1] |= g[1]
	}
	return out
}

// slideDown is slideUp towards lower squares.
func slideDown(from, m Bitboard, k uint) Bitboard {
	var out Bitboard
	for g := from.down(k).And(m); g[0]|g[1] != 0; g = g.down(k).And(m) {
		out[0] |= g[0]
		out[1] |= g[1]
	}
	return out
}
