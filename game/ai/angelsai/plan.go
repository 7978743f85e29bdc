package angelsai

import (
	"slices"
	"sync"
	"sync/atomic"

	"boardroom/game/ai"
)

// The Difficult Devil against an Angel that walks like the Beginner. Its
// quick policy (urgentBlock) blocks the edge square the walker most urgently
// threatens, by the model's table (walker.go); on its own it keeps
// about two Beginner Angels in three from the edge. walkerPlan improves on
// it by one step of policy iteration: each of the most urgent blocks (and
// each steering block next to the edge near the Angel) is played, then the
// walker and the quick policy play on in rollouts, and the block whose
// rollouts keep the walker in most often is chosen. Blocks are compared on
// the same walks. In simulation this keeps 79–86% of walkers in (400-game
// runs); in matches 81% (game/ai/RESULTS.md, "Fourth session").

// walkerRun is a rollout's board: the sim, and what the quick policy reads
// of it kept up to date as edge squares are blocked (so that it neither
// divides nor scans).
type walkerRun struct {
	sim
	m       *walkerModel
	eblk    []bool // per edge square: blocked
	free    []int8 // per ring square: the free edge squares in its reach
	ringBlk []bool // per ring square: blocked (the walker cannot stand there)
	score   []float32
}

func newWalkerRun(m *walkerModel, s *sim) *walkerRun {
	w := &walkerRun{sim: *s, m: m, eblk: make([]bool, len(m.edges)), free: make([]int8, len(m.ring)),
		ringBlk: make([]bool, len(m.ring)), score: make([]float32, len(m.edges))}
	for e, q := range m.edges {
		w.eblk[e] = s.blocked(int(q>>8), int(q&255))
	}
	for i, q := range m.ring {
		w.ringBlk[i] = s.blocked(int(q>>8), int(q&255))
		for _, e := range m.ringEdges[i] {
			if !w.eblk[e] {
				w.free[i]++
			}
		}
	}
	return w
}

// reset makes w a copy of o.
func (w *walkerRun) reset(o *walkerRun) {
	w.sim = o.sim
	copy(w.eblk, o.eblk)
	copy(w.free, o.free)
	copy(w.ringBlk, o.ringBlk)
}

// block blocks edge square e.
func (w *walkerRun) block(e int) {
	if w.eblk[e] {
		return
	}
	w.eblk[e] = true
	q := w.m.edges[e]
	w.rows[q>>8] |= 1 << uint(q&255)
	for _, i := range w.m.edgeRing[e] {
		w.free[i]--
	}
}

// blockRing blocks ring square i.
func (w *walkerRun) blockRing(i int) {
	w.ringBlk[i] = true
	q := w.m.ring[i]
	w.rows[q>>8] |= 1 << uint(q&255)
}

// urgency fills w.score (per edge square) with how urgently each free edge
// square needs its block, and returns the most urgent one (−1: none
// matters).
func (w *walkerRun) urgency() int {
	m := w.m
	clear(w.score)
	R, D := len(m.ring), m.maxDeficit+1
	x := m.state(w.ar, w.ac, w.pr, w.pc)
	urg := m.urg[x*R*D : (x+1)*R*D]
	best, bestScore := -1, float32(0)
	for i, free := range w.free {
		// A ring square with one free edge square is no danger: that one
		// is blocked when the walker arrives.
		if free < 2 || w.ringBlk[i] {
			continue
		}
		u := urg[i*D+int(free)-1]
		if u == 0 {
			continue
		}
		for _, e := range m.ringEdges[i] {
			if !w.eblk[e] {
				w.score[e] += u
				if w.score[e] > bestScore {
					best, bestScore = int(e), w.score[e]
				}
			}
		}
	}
	return best
}

// urgentBlock is the quick policy: the most urgent edge square, or the
// first free one when none is urgent.
func (w *walkerRun) urgentBlock() {
	e := w.urgency()
	if e < 0 {
		e = slices.Index(w.eblk, false)
		if e < 0 {
			return
		}
	}
	w.block(e)
}

// step moves the walker by the Beginner's rule, with its chance of losing
// the game for the Devil at this step integrated out rather than sampled:
// it returns the share of the walker's candidate squares that do not lose
// (a free edge square in reach loses; so does a square with two free edge
// squares in reach, since the Devil blocks only one), and steps onto one of
// those, uniformly. A rollout's value is then the product of these shares,
// an unbiased estimate of the chance of keeping the walker in with far less
// noise than counting lost rollouts (in simulation, as good as twice the
// rollouts). trapped reports a walker with no square to go to.
func (w *walkerRun) step() (kept float64, trapped bool) {
	m := w.m
	r0, r1 := max(0, w.ar-w.k), min(w.n-1, w.ar+w.k)
	c0, c1 := max(0, w.ac-w.k), min(w.n-1, w.ac+w.k)
	safe := func(r, c int) bool { i := m.ringOf[r*w.n+c]; return i < 0 || w.free[i] < 2 }
	var count, safeCount [2]int // [other, fresh]
	for r := r0; r <= r1; r++ {
		for c := c0; c <= c1; c++ {
			switch {
			case (r == w.ar && c == w.ac) || w.blocked(r, c):
			case w.edge(r, c):
				return 0, false // it steps out
			default:
				f := b2u(fresh(r, c, w.pr, w.pc, w.k))
				count[f]++
				if safe(r, c) {
					safeCount[f]++
				}
			}
		}
	}
	class := b2u(count[1] > 0)
	switch {
	case count[class] == 0:
		return 1, true
	case safeCount[class] == 0:
		return 0, false
	}
	j := int(w.next() % uint64(safeCount[class]))
	for r := r0; r <= r1; r++ {
		for c := c0; c <= c1; c++ {
			if (r == w.ar && c == w.ac) || w.blocked(r, c) || b2u(fresh(r, c, w.pr, w.pc, w.k)) != class || !safe(r, c) {
				continue
			}
			if j == 0 {
				w.pr, w.pc, w.ar, w.ac = w.ar, w.ac, r, c
				return float64(safeCount[class]) / float64(count[class]), false
			}
			j--
		}
	}
	return 0, false // not reached
}

// rollout plays the walker against the quick policy for moves walker moves
// (the Devil has just blocked) and returns its estimate of the chance that
// the walker stays in.
func (w *walkerRun) rollout(moves int) float64 {
	m := w.m
	value := 1.0
	for range moves {
		kept, trapped := w.step()
		value *= kept
		if value == 0 || trapped {
			return value
		}
		// The walker stands where at most one edge square in reach is free.
		if i := m.ringOf[w.ar*m.n+w.ac]; i >= 0 && w.free[i] == 1 {
			for _, e := range m.ringEdges[i] {
				if !w.eblk[e] {
					w.block(int(e))
				}
			}
			continue
		}
		w.urgentBlock()
	}
	return value
}

// walkerPlan chooses the Devil's block against a walking Angel, with the
// share of its rollouts that kept the walker in (1 for a forced block). ok
// is false when the plan has nothing to say: the Angel already has two free
// edge squares in reach, or time ran out before a single round. The
// rollouts run on the caller's core and the ones cores can lend.
func (p *angelsPos) walkerPlan(m *walkerModel, cores *ai.Worker) (best ai.Move, kept float64, nodes uint64, ok bool) {
	s := &sim{}
	s.load(p)
	switch n, er, ec := s.freeEdges(s.ar, s.ac); {
	case n >= 2:
		return ai.NoMove, 0, 0, false
	case n == 1:
		return packSquare(er, ec), 1, 1, true // forced
	}
	base := newWalkerRun(m, s)
	base.urgency()
	// A candidate is an edge square (e ≥ 0) or a ring square (ring ≥ 0).
	type cand struct {
		e, ring int
		urgency float32
		kept    float64
	}
	var cands []cand
	for e, blocked := range base.eblk {
		if !blocked {
			cands = append(cands, cand{e: e, ring: -1, urgency: base.score[e]})
		}
	}
	if len(cands) == 0 {
		return ai.NoMove, 0, 0, false
	}
	slices.SortStableFunc(cands, func(x, y cand) int {
		switch {
		case x.urgency > y.urgency:
			return -1
		case x.urgency < y.urgency:
			return 1
		}
		return 0
	})
	par := &p.par.walker
	cands = cands[:min(len(cands), par.candidates)]
	// Blocks next to the edge near the Angel steer it: a walker that cannot
	// step onto a square never sees that square's edge squares.
	reach := par.steer * p.k
	for i, q := range m.ring {
		r, c := int(q>>8), int(q&255)
		if !base.ringBlk[i] && (r != s.ar || c != s.ac) && abs(r-s.ar) <= reach && abs(c-s.ac) <= reach {
			cands = append(cands, cand{e: -1, ring: i})
		}
	}
	move := func(c cand) ai.Move {
		q := m.ring[max(c.ring, 0)]
		if c.e >= 0 {
			q = m.edges[c.e]
		}
		return packSquare(int(q>>8), int(q&255))
	}
	if len(cands) == 1 {
		return move(cands[0]), 1, 0, true
	}
	// Only whole rounds count, so that every block is judged on the same
	// walks. The blocks of a round are shared among the cores: the result
	// does not depend on which core played which, nor on how many the
	// worker could borrow.
	lent, giveBack := cores.Borrow(min(par.workers, len(cands)) - 1)
	defer giveBack()
	runs := make([]*walkerRun, 1+lent)
	for i := range runs {
		runs[i] = newWalkerRun(m, s)
	}
	rounds := 0
	round := make([]float64, len(cands))
	for done := 0; done < par.maxRollouts; done += par.batch {
		if p.clk != nil && rounds > 0 && p.clk.Fraction() > par.share {
			break
		}
		seed := p.h ^ uint64(done)*0x9e3779b97f4a7c15
		var next atomic.Int32
		var late atomic.Bool
		var wg sync.WaitGroup
		for _, w := range runs {
			wg.Go(func() {
				for {
					i := int(next.Add(1) - 1)
					if i >= len(cands) || late.Load() {
						return
					}
					if p.clk != nil && p.clk.ExpiredNow() {
						late.Store(true)
						return
					}
					round[i] = 0
					for j := range par.batch {
						w.reset(base)
						if cands[i].e >= 0 {
							w.block(cands[i].e)
						} else {
							w.blockRing(cands[i].ring)
						}
						w.rng = seed + uint64(j)*0x2545f4914f6cdd1d
						round[i] += w.rollout(par.rolloutMoves)
					}
				}
			})
		}
		wg.Wait()
		if late.Load() {
			break
		}
		for i := range cands {
			cands[i].kept += round[i]
		}
		nodes += uint64(len(cands) * par.batch)
		rounds++
	}
	if rounds == 0 {
		return ai.NoMove, 0, nodes, false
	}
	bestIdx := 0 // the most urgent wins ties
	for i, c := range cands {
		if c.kept > cands[bestIdx].kept {
			bestIdx = i
		}
	}
	kept = cands[bestIdx].kept / float64(rounds*par.batch)
	return move(cands[bestIdx]), kept, nodes, true
}
