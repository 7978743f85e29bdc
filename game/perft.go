package game

// Perfter is implemented by states that count move sequences faster than the
// generic Perft (with make/unmake and counting at the last ply).
type Perfter interface {
	Perft(depth int) uint64
}

// Perft counts the distinct sequences of exactly depth turns from s: a
// simultaneous turn is one turn (every pair of choices counts), and a finished
// game contributes nothing. It uses the state's own Perft when it has one.
func Perft(s State, depth int) uint64 {
	if p, ok := s.(Perfter); ok {
		return p.Perft(depth)
	}
	return PerftGeneric(s, depth)
}

// PerftGeneric counts like Perft through the State interface alone (Clone and
// Apply). It is slow; tests use it to check the games' fast counts.
func PerftGeneric(s State, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	seats := s.ToMove()
	if len(seats) == 0 {
		return 0
	}
	var total uint64
	forEachTurn(s, seats, func(turn []Move) {
		if depth == 1 {
			total++
			return
		}
		next := s.Clone()
		if err := next.Apply(turn...); err != nil {
			panic("game: a legal move was refused: " + err.Error())
		}
		total += PerftGeneric(next, depth-1)
	})
	return total
}

// forEachTurn calls f with every joint turn of the given seats.
func forEachTurn(s State, seats []Player, f func([]Move)) {
	lists := make([][]Move, len(seats))
	for i, p := range seats {
		lists[i] = s.Legal(p, nil)
	}
	turn := make([]Move, len(seats))
	var walk func(i int)
	walk = func(i int) {
		if i == len(seats) {
			f(turn)
			return
		}
		for _, m := range lists[i] {
			turn[i] = m
			walk(i + 1)
		}
	}
	walk(0)
}
