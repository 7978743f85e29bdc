package demons

// Perft implements game.Perfter: the number of sequences of depth turns
// (every pair of choices is one turn). It plays on a copy with MakeTurn and
// UnmakeTurn and counts the last turn without playing it, so s is only read.
func (s *State) Perft(depth int) uint64 {
	c := *s
	return c.perft(depth)
}

func (s *State) perft(depth int) uint64 {
	if depth == 0 {
		return 1
	}
	if depth > s.turns-s.ply {
		// The game ends first, and a finished game counts nothing.
		return 0
	}
	n := len(s.geo.moves)
	if depth == 1 {
		return uint64(n * n)
	}
	var total uint64
	for a := range n {
		for b := range n {
			u := s.MakeTurn(a, b)
			total += s.perft(depth - 1)
			s.UnmakeTurn(u)
		}
	}
	return total
}
