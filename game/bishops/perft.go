package bishops

import (
	"math/bits"

	"boardroom/game"
)

// Perft implements game.Perfter: the number of move sequences of exactly
// depth plies from s. It walks the compact board with make/unmake and counts
// the last ply without building moves.
func (s *State) Perft(depth int) uint64 {
	if depth == 0 {
		return 1
	}
	if s.outcome.Over {
		return 0
	}
	b := s.board
	return perft(&b, s.turn, depth)
}

func perft(b *Board, p game.Player, depth int) uint64 {
	if depth == 1 {
		return uint64(b.CountMoves(p))
	}
	// A seat without pieces or moves has lost: its subtree counts nothing,
	// and the move generator already yields no moves for it.
	var total uint64
	_, _, sight := b.Threats(p)
	for own := b.Pieces[p]; own != 0; own &= own - 1 {
		from := Square(bits.TrailingZeros64(own))
		to, kill := b.targets(p, from, sight)
		for ; to != 0; to &= to - 1 {
			m := BoardMove{From: from, To: Square(bits.TrailingZeros64(to)), Kill: kill}
			b.Make(p, m)
			total += perft(b, p.Other(), depth-1)
			b.Unmake(p, m)
		}
	}
	return total
}
