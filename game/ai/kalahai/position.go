package kalahai

import (
	"strconv"

	"boardroom/game"
	"boardroom/game/ai"
	"boardroom/game/kalah"
)

// kalahPos walks Kalah positions by copy-make on the engine's compact Board.
// Its hash is the engine's own exact key, folded.
type kalahPos struct {
	stack  []kalah.Board
	st     *kalah.State // for gameMove and notation
	total  int
	fitted bool // Difficult on the standard board: the evaluation of eval.go
}

func newKalahPos(s *kalah.State) *kalahPos {
	b := s.Board()
	p := &kalahPos{stack: make([]kalah.Board, 1, ai.MaxPly+1), st: s}
	p.stack[0] = b
	p.total = b.Score(game.First) + b.Score(game.Second)
	return p
}

func (p *kalahPos) top() *kalah.Board { return &p.stack[len(p.stack)-1] }

func (p *kalahPos) Side() game.Player { return p.top().Turn() }

// Moves lists the houses to sow, those that earn another turn first (they
// are usually best), then from the store's end of the row backwards.
func (p *kalahPos) Moves(dst []ai.Move, _ int) []ai.Move {
	b := p.top()
	mask := b.Movable()
	h := b.Houses()
	me := b.Turn()
	n := len(dst)
	for house := h; house >= 1; house-- {
		if mask&(1<<(house-1)) != 0 && b.Seeds(me, house)%(2*h+1) == h+1-house {
			dst = append(dst, ai.Move(house))
		}
	}
	again := dst[n:]
	for house := h; house >= 1; house-- {
		if mask&(1<<(house-1)) != 0 && !containsMove(again, ai.Move(house)) {
			dst = append(dst, ai.Move(house))
		}
	}
	return dst
}

func containsMove(ms []ai.Move, m ai.Move) bool {
	for _, x := range ms {
		if x == m {
			return true
		}
	}
	return false
}

func (p *kalahPos) Make(m ai.Move) {
	p.stack = append(p.stack, *p.top())
	p.top().Sow(int(m))
}

func (p *kalahPos) Unmake(ai.Move) { p.stack = p.stack[:len(p.stack)-1] }

func (p *kalahPos) Hash() uint64 { return p.top().Key().Hash() }

// Terminal: the margin in seeds, a hundred units a seed, exact.
func (p *kalahPos) Terminal() (bool, int) {
	b := p.top()
	if !b.Over() {
		return false, 0
	}
	me := b.Turn()
	return true, 100 * (b.Score(me) - b.Score(me.Other()))
}

// Eval is the store difference plus what the houses are worth: for
// Difficult on the standard board, the evaluation fitted to the solver's
// exact values (eval.go); otherwise a share of the seeds on each side (they count for
// their owner at the end, but the opponent may still capture them). A store
// holding more than half the seeds has won: the value is then at least the
// margin that store alone guarantees.
func (p *kalahPos) Eval() int {
	b := p.top()
	me := b.Turn()
	op := me.Other()
	sMe, sOp := b.Store(me), b.Store(op)
	hMe, hOp := b.HouseSeeds(me), b.HouseSeeds(op)
	v := 100 * (sMe - sOp)
	if p.fitted {
		v += fittedEval(b)
	} else {
		v += kalahHouseWeight * (hMe - hOp)
	}
	half := p.total / 2
	switch {
	case sMe > half:
		v = max(v, 100*(2*sMe-p.total))
	case sOp > half:
		v = min(v, -100*(2*sOp-p.total))
	}
	return v
}

// kalahHouseWeight is how much a seed in one's houses is worth, in hundredths
// of a seed in the store.
const kalahHouseWeight = 25

func (p *kalahPos) GameMove(m ai.Move) game.Move {
	return game.NewMove(p.st.HouseCell(p.Side(), int(m)))
}

func (p *kalahPos) Format(m ai.Move) string { return strconv.Itoa(int(m)) }

func (p *kalahPos) Valid(m ai.Move) bool {
	return m >= 1 && int(m) <= p.top().Houses() && p.top().Movable()&(1<<(m-1)) != 0
}
