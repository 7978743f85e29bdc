package amazons

// Line tables for Perft. A queen's reach on the 10×10 board is the union of
// four lines through its square: the row, the column, the diagonal and the
// anti-diagonal. Each line's occupancy fits in 10 bits, so how far a queen
// reaches along it is a lookup in a small table indexed by (position on the
// line, occupancy): counting arrow squares at the last ply costs four lookups
// instead of eight ray walks or bitboard fills. Perft keeps the occupancy of
// all 58 lines up to date (three bit flips a square changed) in lineBoard.

// numLines is 10 rows, 10 columns, 19 diagonals and 19 anti-diagonals.
const numLines = 2*Size + 2*(2*Size-1)

// The first line index of each kind: rows, columns, diagonals (row−col
// constant, numbered row−col+9, positions by increasing column), then
// anti-diagonals (row+col constant, positions by increasing column).
const (
	firstCol  = Size
	firstDiag = 2 * Size
	firstAnti = firstDiag + 2*Size - 1
)

// lineMask is the occupancy bits of one line.
const lineMask = 1<<Size - 1

// Tables are padded to powers of two and indexed through masks, so that the
// compiler drops bounds checks from the counting loops.
const (
	sqMask   = 127             // a Square as an index of squareLines
	lineIdx  = 63              // a line index of the occupancy array
	posIdx   = 15              // a position on a line
	runIndex = 1<<(4+Size) - 1 // a key (position<<Size | occupancy) of the run tables
)

// squareLine says where a square lies on each of its four lines.
type squareLine struct {
	line [4]uint8  // the line indices, one of each kind
	pos  [4]uint8  // the square's position on each line
	key  [4]uint16 // pos<<Size: the row of the run tables for that position
}

var (
	// squareLines[sq] is sq's four lines and its positions on them.
	squareLines [sqMask + 1]squareLine
	// lineSquares[l][p] is the square at position p of line l, NoSquare past
	// the line's end.
	lineSquares [lineIdx + 1][posIdx + 1]Square
	// lineWalls[l] is the bits past the end of line l, set for good in every
	// occupancy so that a short line ends like a blocked long one.
	lineWalls [lineIdx + 1]uint16
	// runLo[p<<Size|occ] and runHi[...] are the first and last positions of
	// the run of free positions around p in occ; p's own bit is ignored, and
	// the run includes p.
	runLo, runHi [runIndex + 1]uint8
	// runCount[p<<Size|occ] is how many free positions a queen on p reaches
	// in occ: runHi−runLo.
	runCount [runIndex + 1]uint8
)

func init() {
	for l := range lineSquares {
		for p := range lineSquares[l] {
			lineSquares[l][p] = NoSquare
		}
	}
	for sq := range Square(NumSquares) {
		r, c := sq.Row(), sq.Col()
		sl := &squareLines[sq]
		sl.line = [4]uint8{uint8(r), uint8(firstCol + c), uint8(firstDiag + r - c + Size - 1), uint8(firstAnti + r + c)}
		sl.pos = [4]uint8{uint8(c), uint8(r), uint8(c - max(0, c-r)), uint8(c - max(0, r+c-(Size-1)))}
		for k := range 4 {
			sl.key[k] = uint16(sl.pos[k]) << Size
			lineSquares[sl.line[k]][sl.pos[k]] = sq
		}
	}
	for l := range numLines {
		for p := range Size {
			if lineSquares[l][p] == NoSquare {
				lineWalls[l] |= 1 << p
			}
		}
	}
	for p := range Size {
		for occ := range 1 << Size {
			lo, hi := p, p
			for lo > 0 && occ>>(lo-1)&1 == 0 {
				lo--
			}
			for hi < Size-1 && occ>>(hi+1)&1 == 0 {
				hi++
			}
			i := p<<Size | occ
			runLo[i], runHi[i] = uint8(lo), uint8(hi)
			runCount[i] = uint8(hi - lo)
		}
	}
}

// lineBoard is the position as Perft walks it: the occupancy of every line
// and the amazons' squares.
type lineBoard struct {
	occ     [lineIdx + 1]uint16
	amazons [2][AmazonsPerSide]Square
}

// newLineBoard builds the lineBoard of b.
func newLineBoard(b *board) *lineBoard {
	lb := &lineBoard{occ: lineWalls}
	occ := b.occupied()
	for !occ.IsEmpty() {
		lb.flip(occ.Pop())
	}
	for p := range lb.amazons {
		set := b.amazons[p]
		for i := range lb.amazons[p] {
			lb.amazons[p][i] = set.Pop()
		}
	}
	return lb
}

// flip toggles sq on its four lines.
func (lb *lineBoard) flip(sq Square) {
	sl := &squareLines[uint(sq)&sqMask]
	lb.occ[sl.line[0]&lineIdx] ^= 1 << (sl.pos[0] & posIdx)
	lb.occ[sl.line[1]&lineIdx] ^= 1 << (sl.pos[1] & posIdx)
	lb.occ[sl.line[2]&lineIdx] ^= 1 << (sl.pos[2] & posIdx)
	lb.occ[sl.line[3]&lineIdx] ^= 1 << (sl.pos[3] & posIdx)
}

// lineCount is how many free squares a queen on the square of sl reaches
// along its line k.
func (lb *lineBoard) lineCount(sl *squareLine, k int) uint64 {
	return uint64(runCount[(uint(sl.key[k&3])|uint(lb.occ[sl.line[k&3]&lineIdx]))&runIndex])
}

// run returns the first and last positions of the free run through sl's
// square on its line k, and that line.
func (lb *lineBoard) run(sl *squareLine, k int) (line, p, lo, hi uint8) {
	line = sl.line[k&3] & lineIdx
	i := (uint(sl.key[k&3]) | uint(lb.occ[line])) & runIndex
	return line, sl.pos[k&3], runLo[i], runHi[i]
}
