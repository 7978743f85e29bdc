package bishopsai

import (
	"math/bits"

	"boardroom/game"
	"boardroom/game/ai"
	"boardroom/game/bishops"
)

// bishopsPos walks Mad Bishops positions with the engine's Board make/unmake
// and an incrementally updated Zobrist hash.
type bishopsPos struct {
	b      bishops.Board
	turn   game.Player
	h      uint64
	st     *bishops.State
	bmBuf  []bishops.BoardMove
	hashes []uint64
	lastTo []bishops.Bitboard // the square each move made went to
}

var bishopsKeys = ai.Zobrist(2*64+1, 0xb15b0b5)

func newBishopsPos(s *bishops.State) *bishopsPos {
	p := &bishopsPos{b: s.Board(), turn: s.Turn(), st: s}
	for side := range 2 {
		for x := p.b.Pieces[side]; x != 0; x &= x - 1 {
			p.h ^= bishopsKeys[side*64+bits.TrailingZeros64(x)]
		}
	}
	if p.turn == game.Second {
		p.h ^= bishopsKeys[128]
	}
	return p
}

func packBishops(m bishops.BoardMove) ai.Move {
	v := ai.Move(1<<13) | ai.Move(m.From) | ai.Move(m.To)<<6
	if m.Kill {
		v |= 1 << 12
	}
	return v
}

func unpackBishops(m ai.Move) bishops.BoardMove {
	return bishops.BoardMove{From: bishops.Square(m & 63), To: bishops.Square(m >> 6 & 63), Kill: m&(1<<12) != 0}
}

func (p *bishopsPos) Side() game.Player { return p.turn }

// Moves lists kills first (they are forced for the killer and usually best),
// in the engine's order otherwise.
func (p *bishopsPos) Moves(dst []ai.Move, _ int) []ai.Move {
	if p.b.Count(p.turn) == 0 {
		return dst
	}
	p.bmBuf = p.b.Moves(p.turn, p.bmBuf[:0])
	for _, m := range p.bmBuf {
		if m.Kill {
			dst = append(dst, packBishops(m))
		}
	}
	for _, m := range p.bmBuf {
		if !m.Kill {
			dst = append(dst, packBishops(m))
		}
	}
	return dst
}

// Noisy lists the recaptures only (kills on the square the last move went
// to), for the quiescence search at the leaves: they settle the exchange
// under way; other kills the evaluation's threat term accounts for. Kills
// of every kind would make the quiescence tree explode in the classic
// set-up, where every piece starts able to kill.
func (p *bishopsPos) Noisy(dst []ai.Move) []ai.Move {
	if p.b.Count(p.turn) == 0 || len(p.lastTo) == 0 {
		return dst
	}
	to := p.lastTo[len(p.lastTo)-1]
	if to&^bishops.BoardMask != 0 || p.b.Pieces[p.turn.Other()]&to == 0 {
		return dst
	}
	p.bmBuf = p.b.Moves(p.turn, p.bmBuf[:0])
	for _, m := range p.bmBuf {
		if m.Kill && m.To.Bit() == to {
			dst = append(dst, packBishops(m))
		}
	}
	return dst
}

func (p *bishopsPos) Make(m ai.Move) {
	bm := unpackBishops(m)
	p.hashes = append(p.hashes, p.h)
	p.lastTo = append(p.lastTo, bm.To.Bit())
	p.b.Make(p.turn, bm)
	p.h ^= bishopsKeys[int(p.turn)*64+int(bm.From)] ^ bishopsKeys[int(p.turn)*64+int(bm.To)] ^ bishopsKeys[128]
	if bm.Kill {
		p.h ^= bishopsKeys[int(p.turn.Other())*64+int(bm.To)]
	}
	p.turn = p.turn.Other()
}

func (p *bishopsPos) Unmake(m ai.Move) {
	p.turn = p.turn.Other()
	p.b.Unmake(p.turn, unpackBishops(m))
	p.h = p.hashes[len(p.hashes)-1]
	p.hashes = p.hashes[:len(p.hashes)-1]
	p.lastTo = p.lastTo[:len(p.lastTo)-1]
}

func (p *bishopsPos) Hash() uint64 { return p.h }

func (p *bishopsPos) Terminal() (bool, int) {
	if p.b.Count(p.turn) == 0 || !p.b.HasMove(p.turn) {
		return true, -ai.Win
	}
	return false, 0
}

// Eval: material (a hundred a bishop), then the kill threats, which favour
// the mover because sight is mutual (a bishop that sees an enemy is seen by
// it, and whoever moves first kills first), then mobility.
func (p *bishopsPos) Eval() int {
	me, op := p.turn, p.turn.Other()
	v := 100 * (p.b.Count(me) - p.b.Count(op))
	killers, engagers, _ := p.b.Threats(me)
	if killers != 0 {
		v += 60
	}
	_, opEngagers, _ := p.b.Threats(op)
	v += 4 * (bits.OnesCount64(engagers) - bits.OnesCount64(opEngagers))
	v += 2 * (p.b.CountMoves(me) - p.b.CountMoves(op))
	return v
}

func (p *bishopsPos) GameMove(m ai.Move) game.Move {
	bm := unpackBishops(m)
	mv := game.NewMove(bm.From.Cell(), bm.To.Cell())
	if bm.Kill {
		mv.Tag = bishops.TagKill
	}
	return mv
}

func (p *bishopsPos) Format(m ai.Move) string { return p.st.FormatMove(p.GameMove(m)) }

func (p *bishopsPos) Valid(m ai.Move) bool {
	if p.b.Count(p.turn) == 0 {
		return false
	}
	p.bmBuf = p.b.Moves(p.turn, p.bmBuf[:0])
	for _, bm := range p.bmBuf {
		if packBishops(bm) == m {
			return true
		}
	}
	return false
}
