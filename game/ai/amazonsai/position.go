package amazonsai

import (
	"slices"
	"sync/atomic"

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
	// w lends the ranking a second core (SetWorker).
	w *ai.Worker
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
	// Not at the root: its first iteration visits the leaves one by one,
	// so that a clock cut short (a loaded machine) still leaves a move.
	if depth < 2 && len(p.hashes) > 0 && p.w != nil && len(p.turns) >= rankParallelMin {
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

// rankChunk is how many turns a core claims at a time: about a
// millisecond of evaluations.
const rankChunk = 32

// rankJob is the turns of one ranking shared with a borrowed core: each
// side claims chunks in turn; the helper writes its own copy of the
// results and marks each chunk it finished.
type rankJob struct {
	turns []amazons.Turn // a copy: the position reuses its own
	out   []ai.ScoredMove
	done  []atomic.Bool
	next  atomic.Int32
	quit  atomic.Bool
	evals atomic.Uint64
	s     amazons.State
	clk   *ai.Clock
}

// help is the borrowed core's side: claim, evaluate, mark, until the
// chunks run out or the search's side has finished.
func (j *rankJob) help() {
	var part partition
	var evals uint64
	for !j.quit.Load() {
		c := int(j.next.Add(1) - 1)
		if c >= len(j.done) {
			break
		}
		lo, hi := c*rankChunk, min((c+1)*rankChunk, len(j.turns))
		rankTurns(&j.s, j.turns[lo:hi], j.out[lo:hi], &part, j.clk, &evals)
		j.done[c].Store(true)
	}
	j.evals.Add(evals)
}

// rankOn is rank with a borrowed core (two) or without. With two, both
// sides claim chunks of turns; the search's side never waits for the
// helper: a chunk the helper claimed but has not finished when the search's
// side runs out of chunks (the borrowed core may be busy with other
// programs) is evaluated again by the search's side, so the ranking takes
// at most what one core alone would, and the same scores either way.
func (p *amazonsPos) rankOn(two bool) {
	n := len(p.turns)
	p.ranked = slices.Grow(p.ranked[:0], n)[:n]
	if !two {
		rankTurns(p.s, p.turns, p.ranked, &p.part, p.clk, &p.evals)
	} else {
		chunks := (n + rankChunk - 1) / rankChunk
		j := &rankJob{turns: slices.Clone(p.turns), out: make([]ai.ScoredMove, n), done: make([]atomic.Bool, chunks), s: *p.s, clk: p.clk}
		go j.help()
		mine := make([]bool, chunks)
		for {
			c := int(j.next.Add(1) - 1)
			if c >= chunks {
				break
			}
			mine[c] = true
			lo, hi := c*rankChunk, min((c+1)*rankChunk, n)
			rankTurns(p.s, p.turns[lo:hi], p.ranked[lo:hi], &p.part, p.clk, &p.evals)
		}
		j.quit.Store(true)
		for c := range chunks {
			if mine[c] {
				continue
			}
			lo, hi := c*rankChunk, min((c+1)*rankChunk, n)
			if j.done[c].Load() {
				copy(p.ranked[lo:hi], j.out[lo:hi])
				continue
			}
			rankTurns(p.s, p.turns[lo:hi], p.ranked[lo:hi], &p.part, p.clk, &p.evals)
		}
		p.evals += j.evals.Load() // what the helper has finished so far
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
