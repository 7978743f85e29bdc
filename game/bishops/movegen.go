package bishops

import (
	"math/bits"

	"boardroom/game"
)

// Board is the compact position: one Bitboard of pieces per seat (White =
// game.First, Black = game.Second). It is a plain value: copy it to keep a
// position, and use Make/Unmake to walk a search tree without allocating.
type Board struct {
	Pieces [2]Bitboard
}

// BoardMove is a move on a Board: a piece goes From To, and Kill says it
// captures the enemy piece on To.
type BoardMove struct {
	From, To Square
	Kill     bool
}

// Make plays m for seat p. It does not check legality.
func (b *Board) Make(p game.Player, m BoardMove) {
	b.Pieces[p] ^= m.From.Bit() | m.To.Bit()
	if m.Kill {
		b.Pieces[p.Other()] ^= m.To.Bit()
	}
}

// Unmake takes back m, which seat p just played with Make.
func (b *Board) Unmake(p game.Player, m BoardMove) {
	// Both updates are XORs, so undoing is doing again.
	b.Make(p, m)
}

// Count returns how many pieces seat p has.
func (b *Board) Count(p game.Player) int { return bits.OnesCount64(b.Pieces[p]) }

// At returns the seat whose piece stands on sq, or game.NoPlayer.
func (b *Board) At(sq Square) game.Player {
	switch {
	case b.Pieces[game.First]&sq.Bit() != 0:
		return game.First
	case b.Pieces[game.Second]&sq.Bit() != 0:
		return game.Second
	}
	return game.NoPlayer
}

// Empty returns the empty dark squares.
func (b *Board) Empty() Bitboard { return BoardMask &^ (b.Pieces[0] | b.Pieces[1]) }

// Threats describes seat p's pieces: killers are those that see an enemy piece
// (and so may only kill), engagers the others, and sight holds every square
// that sees an enemy piece (an engage must end on an empty one of them).
func (b *Board) Threats(p game.Player) (killers, engagers, sight Bitboard) {
	own := b.Pieces[p]
	sight = vision(b.Pieces[p.Other()], b.Empty())
	return own & sight, own &^ sight, sight
}

// Targets returns the squares the piece of seat p on sq may move to, and
// whether those moves are kills. It returns 0 when no piece of p is on sq.
func (b *Board) Targets(p game.Player, sq Square) (to Bitboard, kill bool) {
	if b.Pieces[p]&sq.Bit() == 0 {
		return 0, false
	}
	_, _, sight := b.Threats(p)
	return b.targets(p, sq, sight)
}

// targets is Targets with the sight of Threats already computed.
func (b *Board) targets(p game.Player, sq Square, sight Bitboard) (Bitboard, bool) {
	seen := attacks(sq, b.Pieces[0]|b.Pieces[1])
	if sight&sq.Bit() != 0 {
		return seen & b.Pieces[p.Other()], true
	}
	return seen & sight &^ (b.Pieces[0] | b.Pieces[1]), false
}

// Moves appends seat p's legal moves to dst: by origin square, then by target,
// both in the bit order (rank 10 first, then left to right). It allocates
// only when dst is too small.
func (b *Board) Moves(p game.Player, dst []BoardMove) []BoardMove {
	_, _, sight := b.Threats(p)
	for own := b.Pieces[p]; own != 0; own &= own - 1 {
		from := Square(bits.TrailingZeros64(own))
		to, kill := b.targets(p, from, sight)
		for ; to != 0; to &= to - 1 {
			dst = append(dst, BoardMove{From: from, To: Square(bits.TrailingZeros64(to)), Kill: kill})
		}
	}
	return dst
}

// CountMoves returns len(Moves(p, nil)) without building the moves.
func (b *Board) CountMoves(p game.Player) int {
	_, _, sight := b.Threats(p)
	n := 0
	for own := b.Pieces[p]; own != 0; own &= own - 1 {
		to, _ := b.targets(p, Square(bits.TrailingZeros64(own)), sight)
		n += bits.OnesCount64(to)
	}
	return n
}

// HasMove reports whether seat p has a legal move.
func (b *Board) HasMove(p game.Player) bool {
	killers, engagers, sight := b.Threats(p)
	if killers != 0 {
		return true
	}
	occ := b.Pieces[0] | b.Pieces[1]
	for ; engagers != 0; engagers &= engagers - 1 {
		if attacks(Square(bits.TrailingZeros64(engagers)), occ)&sight&^occ != 0 {
			return true
		}
	}
	return false
}
