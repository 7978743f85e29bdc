package angels

import "math/bits"

// Perft implements game.Perfter: the number of move sequences of exactly
// depth plies, by make/unmake on a copy (so s itself is only read), counting
// the last ply without generating moves.
func (s *State) Perft(depth int) uint64 {
	c := *s
	return c.perft(depth)
}

func (s *State) perft(depth int) uint64 {
	if depth == 0 {
		return 1
	}
	if depth == 1 {
		return uint64(s.countLegal())
	}
	if s.over() {
		return 0
	}
	var total uint64
	if s.ply&1 == 0 {
		r0, r1, mask := s.window(s.angel)
		for r := r0; r <= r1; r++ {
			for free := ^s.rows[r] & mask; free != 0; free &= free - 1 {
				u := s.Make(r, bits.TrailingZeros64(free))
				total += s.perft(depth - 1)
				s.Unmake(u)
			}
		}
		return total
	}
	for r := 0; r < int(s.n); r++ {
		free := ^s.rows[r] & s.full
		if r == int(s.angel.r) {
			free &^= 1 << uint(s.angel.c)
		}
		for ; free != 0; free &= free - 1 {
			u := s.Make(r, bits.TrailingZeros64(free))
			total += s.perft(depth - 1)
			s.Unmake(u)
		}
	}
	return total
}
