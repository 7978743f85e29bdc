package kalah

import "math/bits"

// Perft implements game.Perfter: the number of move sequences of exactly
// depth plies (an extra turn is a ply of its own), by copy-make on the
// compact board and counting the last ply from the house mask alone.
func (s *State) Perft(depth int) uint64 {
	return perft(s.b, depth)
}

// Perft counts the move sequences of depth plies from b; a finished game
// contributes nothing below depth 0.
func (b *Board) Perft(depth int) uint64 {
	return perft(*b, depth)
}

// perft takes the board by value: each call's copy is the child position, and
// no pointer to it outlives the call, so it stays on the stack.
func perft(b Board, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	mask := b.Movable()
	if depth == 1 {
		return uint64(bits.OnesCount16(mask))
	}
	var total uint64
	for house := 1; mask != 0; house, mask = house+1, mask>>1 {
		if mask&1 != 0 {
			next := b
			next.Sow(house)
			total += perft(next, depth-1)
		}
	}
	return total
}
