package bishops

import (
	"math/bits"

	"boardroom/game"
)

// Size is the number of rows and of columns of the board.
const Size = 10

// Square is a dark square's bit index in a Bitboard (see the package doc for
// the layout). Only the 50 indices of BoardMask are squares.
type Square uint8

// Bitboard is a set of dark squares, one bit per Square.
type Bitboard = uint64

// The bit layout packs each pair of rows into 11 bits: the 5 dark squares of
// the even row (columns 1, 3, 5, 7, 9), the 5 of the odd row (columns 0, 2,
// 4, 6, 8), and one unused "ghost" bit. With it every diagonal step is a shift
// by 5 or 6 and a step off the left or right edge lands on a ghost bit, which
// is never empty, so sliding needs no per-file masks.
const (
	numBits = 54
	ghosts  = 1<<10 | 1<<21 | 1<<32 | 1<<43
	// BoardMask holds the 50 dark squares.
	BoardMask Bitboard = (1<<numBits - 1) &^ ghosts
)

// The four diagonal directions as shifts: positive shifts go down the board
// (towards rank 1), negative ones up.
const (
	dirDownLeft = iota
	dirDownRight
	dirUpRight
	dirUpLeft
	numDirs
)

var dirShift = [numDirs]int{5, 6, -5, -6}

// shift moves every square of b one step in direction d, dropping squares that
// leave the board.
func shift(b Bitboard, d int) Bitboard {
	s := dirShift[d]
	if s > 0 {
		return b << uint(s) & BoardMask
	}
	return b >> uint(-s) & BoardMask
}

var (
	// rays[d][sq] is every square from sq (excluded) to the edge in direction d.
	rays [numDirs][numBits]Bitboard
	// squareCell and cellSquare convert between bit indices and cells;
	// cellSquare holds noSquare for light squares.
	squareCell [numBits]game.Cell
	cellSquare [Size][Size]Square
)

const noSquare Square = 0xff

func init() {
	for r := range Size {
		for c := range Size {
			cellSquare[r][c] = noSquare
		}
	}
	for sq := range Square(numBits) {
		if BoardMask&(1<<sq) == 0 {
			continue
		}
		pair, i := int(sq)/11, int(sq)%11
		var c game.Cell
		if i < 5 {
			c = game.Cell{Row: int8(2 * pair), Col: int8(2*i + 1)}
		} else {
			c = game.Cell{Row: int8(2*pair + 1), Col: int8(2 * (i - 5))}
		}
		squareCell[sq] = c
		cellSquare[c.Row][c.Col] = sq
	}
	for d := range numDirs {
		for sq := range numBits {
			if BoardMask&(1<<sq) == 0 {
				continue
			}
			var ray Bitboard
			for b := shift(1<<sq, d); b != 0; b = shift(b, d) {
				ray |= b
			}
			rays[d][sq] = ray
		}
	}
}

// IsDark reports whether c is on the board and dark, so a piece may stand on it.
func IsDark(c game.Cell) bool {
	_, ok := SquareOf(c)
	return ok
}

// SquareOf returns the Square of a dark cell; ok is false for a light cell or
// one off the board.
func SquareOf(c game.Cell) (sq Square, ok bool) {
	if c.Row < 0 || c.Row >= Size || c.Col < 0 || c.Col >= Size {
		return noSquare, false
	}
	sq = cellSquare[c.Row][c.Col]
	return sq, sq != noSquare
}

// Cell returns the cell of a square; sq must be one of the squares of
// BoardMask.
func (sq Square) Cell() game.Cell { return squareCell[sq] }

// Bit returns the one-square set of sq.
func (sq Square) Bit() Bitboard { return 1 << sq }

// attacks returns the squares a piece on sq sees: the empty squares along its
// four diagonals and the first occupied square of each.
func attacks(sq Square, occ Bitboard) Bitboard {
	var all Bitboard
	for d := range numDirs {
		ray := rays[d][sq]
		if blk := ray & occ; blk != 0 {
			// Positive shifts run to higher bits, so the nearest blocker is
			// the lowest bit; negative shifts the other way round.
			var b int
			if dirShift[d] > 0 {
				b = bits.TrailingZeros64(blk)
			} else {
				b = 63 - bits.LeadingZeros64(blk)
			}
			ray &^= rays[d][b]
		}
		all |= ray
	}
	return all
}

// vision returns every square that sees a piece of the set from along a
// diagonal: the empty squares on the pieces' diagonals and the first
// occupied square of each (the relation is symmetric: a square sees a piece
// iff the piece sees the square). It slides all pieces at once by doubling
// (Kogge-Stone): before the jump of n steps, p holds the empty squares whose
// n-1 squares behind are empty too, so a jump that lands in p crossed real
// board squares only, never a ghost bit. Jumps of 1, 2, 4 and 8 cover the 8
// empty squares of the longest diagonal.
func vision(from, empty Bitboard) Bitboard {
	var all Bitboard
	for d := range numDirs {
		g, p := from, empty
		g |= p & shiftBy(g, d, 1)
		p &= shiftBy(p, d, 1)
		g |= p & shiftBy(g, d, 2)
		p &= shiftBy(p, d, 2)
		g |= p & shiftBy(g, d, 4)
		p &= shiftBy(p, d, 4)
		g |= p & shiftBy(g, d, 8)
		all |= shift(g, d)
	}
	return all
}

// shiftBy moves every square of b n steps in direction d; a result is only
// meaningful where the n-1 squares in between are on the board, which the
// propagator of vision guarantees.
func shiftBy(b Bitboard, d, n int) Bitboard {
	s := n * dirShift[d]
	if s > 0 {
		return b << uint(s) & BoardMask
	}
	return b >> uint(-s) & BoardMask
}
