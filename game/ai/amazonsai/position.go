package amazonsai

import (
	"slices"

	"boardroom/game"
	"boardroom/game/ai"
	"boardroom/game/amazons"
)

// amazonsPos walks Amazons positions with the engine's MakeTurn/UnmakeTurn
// and an incremental Zobrist hash (each side's amazons, the arrows, the seat
// to move).
type amazonsPos struct {
	s      *amazons.State
	h      uint64
	hashes []uint64
	turns  []amazons.Turn
	ranked []ai.ScoredMove
	clk    *ai.Clock
	evals  uint64
	// prune is how many turns a node keeps when it has depth to spare
	// (params.prune).
	prune int
	part  partition // the sealed regions' scratch
	// w lends the ranking a second core (SetWorker); help is that core's
	// copy of the position and scratch.
	w    *ai.Worker
	help *rankHelper
	// cache holds the evaluations a two-core batch made of a node's
	// children (evalCache), keyed by their hash, for Eval to find.
	cache *[evalCacheSize]cachedEval
}

// cachedEval is an evaluation from the view of the side to move there.
type cachedEval struct {
	h uint64
	v int32
	// set tells a stored entry from the zero value.
	set bool
}

// evalCacheSize holds a node's turns (about 2 000 in the opening) with
// room to spare.
const evalCacheSize = 1 << 13

// rankHelper is what a borrowed core ranks turns with: its own copy of the
// board (the search's stays where the search is) and scratch.
type rankHelper struct {
	s     amazons.State
	part  partition
	evals uint64
}

var amazonsKeys = ai.Zobrist(3*amazons.NumSquares+1, 0xa3a20)

func newAmazonsPos(s *amazons.State, par params) *amazonsPos {
	p := &amazonsPos{s: s, prune: par.prune}
	for side := range 2 {
		for b := s.Amazons(game.Player(side)); !b.IsEmpty(); {
			p.h ^= amazonsKeys[side*amazons.NumSquares+int(b.Pop())]
		}
	}
	for b := s.Arrows(); !b.IsEmpty(); {
		p.h ^= amazonsKeys[2*amazons.NumSquares+int(b.Pop())]
	}
	if s.SideToMove() == game.Second {
		p.h ^= amazonsKeys[3*amazons.NumSquares]
	}
	return p
}

func packTurn(t amazons.Turn) ai.Move {
	return 1<<21 | ai.Move(t.From) | ai.Move(t.To)<<7 | ai.Move(t.Arrow)<<14
}

func unpackTurn(m ai.Move) amazons.Turn {
	return amazons.Turn{From: amazons.Square(m & 127), To: amazons.Square(m >> 7 & 127), Arrow: amazons.Square(m >> 14 & 127)}
}

func (p *amazonsPos) Side() game.Player { return p.s.SideToMove() }

// SetClock implements ai.Clocked: ranking the turns watches the clock.
func (p *amazonsPos) SetClock(c *ai.Clock) { p.clk = c }

// SetWorker implements ai.Helped: ranking borrows a core from w.
func (p *amazonsPos) SetWorker(w *ai.Worker) { p.w = w }

// Moves keeps, at a node with depth to spare, the prune best turns by the
// evaluation one turn ahead; nodes whose children are leaves keep every
// turn (each is just evaluated). With a second core, such a node evaluates
// its children in one batch on both (evalLeaves).
func (p *amazonsPos) Moves(dst []ai.Move, depth int) []ai.Move {
	p.turns = p.s.AppendTurns(p.turns[:0])
	if depth < 2 && p.w != nil && len(p.turns) >= rankParallelMin {
		return p.evalLeaves(dst)
	}
	if depth < 2 || len(p.turns) <= p.prune {
		for _, t := range p.turns {
			dst = append(dst, packTurn(t))
		}
		return dst
	}
	p.rank()
	slices.SortStableFunc(p.ranked, func(a, b ai.ScoredMove) int { return int(b.Score - a.Score) })
	for i, sm := range p.ranked {
		if i == p.prune {
			break
		}
		dst = append(dst, sm.M)
	}
	return dst
}

// unranked marks a turn the clock left unranked.
const unranked = -1 << 31

// rankParallelMin is the fewest turns worth a second core: a goroutine
// costs microseconds, an evaluation about twenty.
const rankParallelMin = 64

// rank scores every turn by the evaluation one turn ahead into p.ranked,
// on two cores when the worker lends one ("use both cores", as the strong
// Amazons programs do): the borrowed core takes the second half of the
// turns on its own copy of the board. The ranking is the same whoever
// ranked what; turns the clock cut off are dropped.
func (p *amazonsPos) rank() {
	if p.w != nil && len(p.turns) >= rankParallelMin {
		lent, giveBack := p.w.Borrow(1)
		defer giveBack()
		p.rankOn(lent > 0)
		return
	}
	p.rankOn(false)
}

// rankOn is rank with a borrowed core (two) or without.
func (p *amazonsPos) rankOn(two bool) {
	n := len(p.turns)
	p.ranked = slices.Grow(p.ranked[:0], n)[:n]
	split := n
	var done chan struct{}
	if two {
		if p.help == nil {
			p.help = &rankHelper{}
		}
		h := p.help
		h.s = *p.s
		split = n / 2
		done = make(chan struct{})
		go func() {
			defer close(done)
			rankTurns(&h.s, p.turns[split:], p.ranked[split:], &h.part, p.clk, &h.evals)
		}()
	}
	rankTurns(p.s, p.turns[:split], p.ranked[:split], &p.part, p.clk, &p.evals)
	if done != nil {
		<-done
		p.evals += p.help.evals
		p.help.evals = 0
	}
	k := 0
	for _, sm := range p.ranked {
		if sm.Score != unranked {
			p.ranked[k] = sm
			k++
		}
	}
	p.ranked = p.ranked[:k]
}

// rankTurns scores turns from the view of s's mover into out (unranked
// once clk has run out).
func rankTurns(s *amazons.State, turns []amazons.Turn, out []ai.ScoredMove, part *partition, clk *ai.Clock, evals *uint64) {
	me := s.SideToMove()
	expired := false
	for i, t := range turns {
		if i&31 == 0 && clk != nil && clk.ExpiredNow() {
			expired = true
		}
		if expired {
			out[i] = ai.ScoredMove{M: packTurn(t), Score: unranked}
			continue
		}
		s.MakeTurn(t)
		v := amazonsEval(s, me, part)
		*evals++
		s.UnmakeTurn(t)
		out[i] = ai.ScoredMove{M: packTurn(t), Score: int32(v)}
	}
}

// evalLeaves is Moves for a node whose children are leaves, when the worker
// may lend a core: the children are evaluated as a batch on both cores
// (rank) and their values kept for Eval, so that the search's own visit
// of each leaf is a lookup; they come best first, so that a refutation
// cuts the rest at once. Almost all of a shallow Amazons search is these
// leaves (a depth-2 search from the opening: about 26 000 evaluations, 24
// 000 of them at leaves), so this is where a second core pays. When no
// core is lent the turns come unranked, as on one core.
func (p *amazonsPos) evalLeaves(dst []ai.Move) []ai.Move {
	lent, giveBack := p.w.Borrow(1)
	defer giveBack()
	if lent == 0 {
		for _, t := range p.turns {
			dst = append(dst, packTurn(t))
		}
		return dst
	}
	p.rankOn(true)
	slices.SortStableFunc(p.ranked, func(a, b ai.ScoredMove) int { return int(b.Score - a.Score) })
	if p.cache == nil {
		p.cache = new([evalCacheSize]cachedEval)
	}
	side := int(p.s.SideToMove())
	for _, sm := range p.ranked {
		t := unpackTurn(sm.M)
		h := p.h ^ amazonsKeys[side*amazons.NumSquares+int(t.From)] ^ amazonsKeys[side*amazons.NumSquares+int(t.To)] ^
			amazonsKeys[2*amazons.NumSquares+int(t.Arrow)] ^ amazonsKeys[3*amazons.NumSquares]
		// The child's mover is the opponent: the evaluation is
		// antisymmetric, so its view is the negation.
		p.cache[h&(evalCacheSize-1)] = cachedEval{h: h, v: -sm.Score, set: true}
		dst = append(dst, sm.M)
	}
	return dst
}

func (p *amazonsPos) Make(m ai.Move) {
	t := unpackTurn(m)
	side := int(p.s.SideToMove())
	p.hashes = append(p.hashes, p.h)
	p.h ^= amazonsKeys[side*amazons.NumSquares+int(t.From)] ^ amazonsKeys[side*amazons.NumSquares+int(t.To)] ^
		amazonsKeys[2*amazons.NumSquares+int(t.Arrow)] ^ amazonsKeys[3*amazons.NumSquares]
	p.s.MakeTurn(t)
}

func (p *amazonsPos) Unmake(m ai.Move) {
	p.s.UnmakeTurn(unpackTurn(m))
	p.h = p.hashes[len(p.hashes)-1]
	p.hashes = p.hashes[:len(p.hashes)-1]
}

func (p *amazonsPos) Hash() uint64 { return p.h }

// Terminal: the mover with no turn loses. A turn exists when some amazon
// has a free neighbour (it moves there and shoots back where it came from).
func (p *amazonsPos) Terminal() (bool, int) {
	occ := p.s.Occupied()
	for a := p.s.Amazons(p.Side()); !a.IsEmpty(); {
		if !amazons.Neighbours(a.Pop()).AndNot(occ).IsEmpty() {
			return false, 0
		}
	}
	return true, -ai.Win
}

func (p *amazonsPos) Eval() int {
	if p.cache != nil {
		if c := &p.cache[p.h&(evalCacheSize-1)]; c.set && c.h == p.h {
			return int(c.v)
		}
	}
	p.evals++
	return amazonsEval(p.s, p.Side(), &p.part)
}

func (p *amazonsPos) GameMove(m ai.Move) game.Move { return unpackTurn(m).Move() }

func (p *amazonsPos) Format(m ai.Move) string { return unpackTurn(m).String() }

func (p *amazonsPos) Valid(m ai.Move) bool {
	t := unpackTurn(m)
	if !t.From.Valid() || !t.To.Valid() || !t.Arrow.Valid() || !p.s.Amazons(p.Side()).Has(t.From) {
		return false
	}
	occ := p.s.Occupied()
	if !amazons.QueenReach(t.From, occ).Has(t.To) {
		return false
	}
	occ.Clear(t.From)
	return amazons.QueenReach(t.To, occ).Has(t.Arrow)
}
