package amazons

// Perft implements game.Perfter: the number of distinct sequences of depth
// turns from s. It works on its own lineBoard built from s, so s is only
// read.
//
// From the opening: perft 1 = 2176, perft 2 = 4,307,152 and perft 3 =
// 8,350,439,170; the last agrees with the plain C mailbox perft in
// benchmarks/amazons_perft.c (TestPerftAgainstC). TestPerftTable checks
// other positions against a cell-by-cell walk, TestPerftMatchesBitboardWalk
// against a walk on the bitboards.
//
// Why it is fast: at the last ply no turn is made; for each amazon move the
// arrow squares are counted from the landing square's line occupancies
// (table lookups, the amazon's old square freed), and the amazon moves
// themselves are runs read from the same tables, not rays walked.
func (s *State) Perft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	lb := newLineBoard(&s.b)
	return lb.perft(int(s.b.toMove)&1, depth)
}

// perft counts the sequences of depth ≥ 1 turns with side to move.
func (lb *lineBoard) perft(side, depth int) uint64 {
	if depth == 1 {
		return lb.countTurns(side)
	}
	var n uint64
	for i, from := range lb.amazons[side&1] {
		lb.flip(from) // the arrow may cross or land on the square left
		fl := &squareLines[uint(from)&sqMask]
		for k := range 4 {
			line, p, lo, hi := lb.run(fl, k)
			for q := lo; q <= hi; q++ {
				if q == p {
					continue
				}
				to := lineSquares[line][q&posIdx]
				lb.flip(to)
				lb.amazons[side&1][i] = to
				n += lb.perftArrows(to, side, depth)
				lb.amazons[side&1][i] = from
				lb.flip(to)
			}
		}
		lb.flip(from)
	}
	return n
}

// perftArrows counts, for an amazon of side just landed on to, the sequences
// that start with each of its arrows.
func (lb *lineBoard) perftArrows(to Square, side, depth int) uint64 {
	var n uint64
	tl := &squareLines[uint(to)&sqMask]
	for k := range 4 {
		line, p, lo, hi := lb.run(tl, k)
		for q := lo; q <= hi; q++ {
			if q == p {
				continue
			}
			arrow := lineSquares[line][q&posIdx]
			lb.flip(arrow)
			n += lb.perft(side^1, depth-1)
			lb.flip(arrow)
		}
	}
	return n
}

// otherLines[k] is the three line kinds other than k.
var otherLines = [4][3]int{{1, 2, 3}, {0, 2, 3}, {0, 1, 3}, {0, 1, 2}}

// countTurns is perft 1: the number of turns of side, summing for every
// amazon move the arrow squares reachable from where it lands.
//
// An amazon moving from f along its line k to t shoots along that same line
// as far as the run through f (f freed) reaches: every t of the run sees the
// same m squares, where m+1 is the run's length with f, and there are m such
// t, so that line adds m² at once; only t's three other lines, which f is
// not on, are looked up square by square.
func (lb *lineBoard) countTurns(side int) uint64 {
	var n uint64
	for _, from := range lb.amazons[side&1] {
		lb.flip(from)
		fl := &squareLines[uint(from)&sqMask]
		for k := range 4 {
			line, p, lo, hi := lb.run(fl, k)
			m := uint64(hi - lo)
			n += m * m
			o := &otherLines[k]
			for q := lo; q <= hi; q++ {
				if q == p {
					continue
				}
				tl := &squareLines[uint(lineSquares[line][q&posIdx])&sqMask]
				n += lb.lineCount(tl, o[0]) + lb.lineCount(tl, o[1]) + lb.lineCount(tl, o[2])
			}
		}
		lb.flip(from)
	}
	return n
}
