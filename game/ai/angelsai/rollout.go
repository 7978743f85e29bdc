package angelsai

import (
	"math"

	"boardroom/game/ai"
	"boardroom/game/angels"
)

// Escape rollouts for the Devil. Against best play every block on the
// default board loses (a searching Angel escapes every game), so the Devil
// scores a block by how often, and how soon, an Angel that is merely
// heading out escapes after it. A rollout walks a generic escaping Angel:
// it steps onto a free edge square when one is in reach, and otherwise
// picks a square at random, favouring squares nearer the edge, squares
// ahead of its last move, and squares from which two free edge squares are
// in reach (the Devil cannot block both). The Devil in a rollout blocks
// the one free edge square next to the Angel when there is one (so a ladder
// along its wall plays out to the wall's end, where a corner or a gap lets
// the Angel out), and otherwise the free edge square the Angel could reach
// soonest, ahead of it first: a plain, quick Devil, so that a block is
// scored by what it adds to such a Devil's defence. An escape t Angel moves
// away counts decay^t (later escapes leave the real Devil, which plays
// better than the rollout one, time to close them); the score is the mean
// over rollouts, 0 (never out) to 1 (out at once). Candidates share their
// random numbers, so they are compared on the same walks.

// rolloutParams shape the rollout Angel and the count.
type rolloutParams struct {
	ahead      float64 // weight of the cosine between a step and the last one
	out        float64 // weight of a step's progress towards the nearest edge
	double     float64 // weight of a step onto a square with two free edges in reach
	decay      float64 // what an escape one Angel move later is worth
	horizon    int     // Angel moves per rollout
	devilAhead float64 // the rollout Devil's preference for edge squares ahead of the Angel
}

// sim is one rollout's board: a copy of the blocked rows, the Angel and its
// previous square.
type sim struct {
	n, k           int
	rows           [angels.MaxSize]uint64
	ar, ac, pr, pc int
	rng            uint64
	// scratch for the Angel's steps and their weights
	steps   []int
	weights []float64
}

func (s *sim) next() uint64 {
	s.rng += 0x9e3779b97f4a7c15
	z := s.rng
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// load copies p's board, Angel and previous square into s (its scratch
// stays).
func (s *sim) load(p *angelsPos) {
	s.n, s.k = p.n, p.k
	for r := range p.n {
		s.rows[r] = p.s.BlockedRow(r)
	}
	a := p.s.Angel()
	s.ar, s.ac, s.pr, s.pc = int(a.Row), int(a.Col), -1, -1
	if prev, ok := p.s.Previous(); ok {
		s.pr, s.pc = int(prev.Row), int(prev.Col)
	}
}

// fresh reports whether (r, c) was out of reach (power k) from the previous
// square (pr, pc): the squares the Beginner Angel prefers. Nothing is fresh
// without a previous square (pr < 0).
func fresh(r, c, pr, pc, k int) bool {
	return pr >= 0 && (abs(r-pr) > k || abs(c-pc) > k)
}

func (s *sim) blocked(r, c int) bool { return s.rows[r]>>uint(c)&1 != 0 }

func (s *sim) edge(r, c int) bool { return r == 0 || c == 0 || r == s.n-1 || c == s.n-1 }

// freeEdges counts the free edge squares in reach of (r, c) other than
// itself, and returns one of them.
func (s *sim) freeEdges(r, c int) (n, er, ec int) {
	for rr := max(0, r-s.k); rr <= min(s.n-1, r+s.k); rr++ {
		if rr != 0 && rr != s.n-1 {
			// Only the two edge columns can be edge squares in this row.
			for _, cc := range [2]int{0, s.n - 1} {
				if cc >= c-s.k && cc <= c+s.k && (rr != r || cc != c) && !s.blocked(rr, cc) {
					n, er, ec = n+1, rr, cc
				}
			}
			continue
		}
		for cc := max(0, c-s.k); cc <= min(s.n-1, c+s.k); cc++ {
			if (rr != r || cc != c) && !s.blocked(rr, cc) {
				n, er, ec = n+1, rr, cc
			}
		}
	}
	return
}

// toEdge is the distance in rows or columns to the nearest edge.
func (s *sim) toEdge(r, c int) int { return min(r, c, s.n-1-r, s.n-1-c) }

// run plays one rollout and returns its escape value (0: no escape within
// the horizon).
func (s *sim) run(par *rolloutParams) float64 {
	w := 1.0
	for range par.horizon {
		w *= par.decay
		// The Angel's step.
		vr, vc := heading(s.ar, s.ac, s.pr, s.pc)
		s.steps, s.weights = s.steps[:0], s.weights[:0]
		total := 0.0
		d0 := s.toEdge(s.ar, s.ac)
		for r := max(0, s.ar-s.k); r <= min(s.n-1, s.ar+s.k); r++ {
			for c := max(0, s.ac-s.k); c <= min(s.n-1, s.ac+s.k); c++ {
				if (r == s.ar && c == s.ac) || s.blocked(r, c) {
					continue
				}
				if s.edge(r, c) {
					return w // out
				}
				ur, uc := float64(r-s.ar), float64(c-s.ac)
				x := par.ahead*(ur*vr+uc*vc)/math.Hypot(ur, uc) +
					par.out*float64(d0-s.toEdge(r, c))/float64(s.k)
				if n, _, _ := s.freeEdges(r, c); n >= 2 {
					x += par.double
				}
				e := math.Exp(x)
				s.steps = append(s.steps, r<<8|c)
				s.weights = append(s.weights, e)
				total += e
			}
		}
		if len(s.steps) == 0 {
			return 0 // trapped
		}
		pick := float64(s.next()>>11) / (1 << 53) * total
		i := 0
		for ; i < len(s.steps)-1; i++ {
			pick -= s.weights[i]
			if pick < 0 {
				break
			}
		}
		s.pr, s.pc = s.ar, s.ac
		s.ar, s.ac = s.steps[i]>>8, s.steps[i]&255
		// The Devil's answer.
		switch n, er, ec := s.freeEdges(s.ar, s.ac); {
		case n >= 2:
			return w * par.decay // out next move
		case n == 1:
			s.rows[er] |= 1 << uint(ec)
		default:
			s.devilBlock(par)
		}
	}
	return 0
}

// escapeScore is the mean escape value of count rollouts from p's position
// with the Angel to move, seeded by seed (equal seeds give every block the
// same random numbers, so blocks are compared on the same walks).
func (p *angelsPos) escapeScore(s *sim, seed uint64, count int, par *rolloutParams) float64 {
	sum := 0.0
	for i := range count {
		s.load(p)
		s.rng = seed + uint64(i)*0x2545f4914f6cdd1d
		sum += s.run(par)
	}
	return sum / float64(count)
}

// rolloutChoose ranks the blocks cands (their two-ply values in vals, from
// the Angel's view) by escape rollouts, in rounds of par.rolloutBatch
// rollouts each until par.rolloutShare of the budget or par.rolloutMax is
// reached, and returns the block with the lowest escape score (the two-ply
// value breaks ties). ok is false when not one round finished.
func (p *angelsPos) rolloutChoose(cands []ai.Move, vals []int) (best ai.Move, nodes uint64, ok bool) {
	if len(cands) == 0 {
		return ai.NoMove, 0, false
	}
	sums := make([]float64, len(cands))
	s := &sim{}
	rounds := 0
	par := p.par
	for done := 0; done < par.rolloutMax; done += par.rolloutBatch {
		if p.clk != nil && p.clk.Fraction() > par.rolloutShare && rounds > 0 {
			break
		}
		seed := p.h ^ uint64(done)*0x9e3779b97f4a7c15
		for i, m := range cands {
			if p.clk != nil && p.clk.ExpiredNow() {
				return p.bestRollout(cands, sums, vals, rounds, i), nodes, rounds > 0 || i > 0
			}
			p.Make(m)
			sums[i] += p.escapeScore(s, seed, par.rolloutBatch, &par.rollout)
			p.Unmake(m)
			nodes += uint64(par.rolloutBatch)
		}
		rounds++
	}
	return p.bestRollout(cands, sums, vals, rounds, len(cands)), nodes, rounds > 0
}

// bestRollout picks the lowest escape score; blocks before index full have
// one round more than the others, so scores are compared per rollout.
func (p *angelsPos) bestRollout(cands []ai.Move, sums []float64, vals []int, rounds, full int) ai.Move {
	best, bestScore := ai.NoMove, math.Inf(1)
	for i, m := range cands {
		r := rounds
		if i < full {
			r++
		}
		if r == 0 {
			continue
		}
		score := sums[i]/float64(r) + float64(vals[i])*p.par.rolloutTieBreak
		if score < bestScore {
			best, bestScore = m, score
		}
	}
	return best
}

// devilBlock is the rollout Devil's free block: the free edge square the
// Angel could reach soonest, ahead of its last move first.
func (s *sim) devilBlock(par *rolloutParams) {
	vr, vc := heading(s.ar, s.ac, s.pr, s.pc)
	br, bc, best := -1, -1, math.Inf(1)
	try := func(r, c int) {
		if s.blocked(r, c) {
			return
		}
		ur, uc := float64(r-s.ar), float64(c-s.ac)
		d := float64((max(abs(r-s.ar), abs(c-s.ac)) + s.k - 1) / s.k)
		key := d - par.devilAhead*(ur*vr+uc*vc)/math.Hypot(ur, uc)
		if key < best {
			br, bc, best = r, c, key
		}
	}
	for i := range s.n {
		try(0, i)
		try(s.n-1, i)
		if i > 0 && i < s.n-1 {
			try(i, 0)
			try(i, s.n-1)
		}
	}
	if br >= 0 {
		s.rows[br] |= 1 << uint(bc)
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
