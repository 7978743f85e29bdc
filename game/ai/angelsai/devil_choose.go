package angelsai

import (
	"math"

	"boardroom/game/ai"
)

// devilChoose is the Devil's move while the Angel is not enclosed: a
// two-ply look (the block, then every Angel reply) that scores a block by a
// mix of the Angel's best reply and its expected reply, the replies ahead
// of its last move counting more. Against best play every Devil move on the
// default board loses (our searching Angels escape every game), so a pure
// minimax Devil only chooses between losses; against a fallible Angel,
// a square that wins for it one time in three is worth leaving open when
// closing it costs the wall it is walking into. It returns the block and
// its value from the Angel's view, or ok false when the Angel is enclosed
// (the search fills the region better) or time ran out before any block was
// scored. With rollouts (Difficult), the scored blocks are then ranked by
// escape rollouts (rollout.go), the two-ply value breaking ties.
func (p *angelsPos) devilChoose(rollouts bool) (best ai.Move, value int, nodes uint64, ok bool) {
	if p.angelValue() < -ai.Win/4 {
		return ai.NoMove, 0, 0, false
	}
	cands := p.Moves(make([]ai.Move, 0, 256), 0) // ranked, not pruned
	if len(cands) > p.par.candidates {
		cands = cands[:p.par.candidates]
	}
	value = math.MaxInt
	var replies []ai.Move
	vals := make([]int, 0, len(cands))
	for _, m := range cands {
		if p.clk != nil && p.clk.ExpiredNow() {
			break
		}
		p.Make(m)
		v, n := p.angelReplies(&replies)
		p.Unmake(m)
		nodes += n
		vals = append(vals, v)
		if v < value {
			best, value = m, v
		}
	}
	if !rollouts {
		return best, value, nodes, best != ai.NoMove
	}
	if m, n, ok := p.rolloutChoose(cands[:len(vals)], vals); ok {
		nodes += n
		for i, c := range cands[:len(vals)] {
			if c == m {
				best, value = m, vals[i]
			}
		}
	}
	return best, value, nodes, best != ai.NoMove
}

// angelReplies scores the position with the Angel to move, from its view.
func (p *angelsPos) angelReplies(buf *[]ai.Move) (int, uint64) {
	if over, _ := p.Terminal(); over {
		return ai.Win, 1
	}
	ar, ac, vr, vc := p.angelHeading()
	moves := (*buf)[:0]
	for r := max(0, ar-p.k); r <= min(p.n-1, ar+p.k); r++ {
		for c := max(0, ac-p.k); c <= min(p.n-1, ac+p.k); c++ {
			if (r != ar || c != ac) && !p.s.Blocked(r, c) {
				if r == 0 || c == 0 || r == p.n-1 || c == p.n-1 {
					return ai.Win / 2, 1 // an edge square in reach
				}
				moves = append(moves, packSquare(r, c))
			}
		}
	}
	*buf = moves
	if len(moves) == 0 {
		return -ai.Win / 2, 1 // trapped
	}
	worst, sum, wsum := math.MinInt, 0.0, 0.0
	var nodes uint64
	for _, m := range moves {
		r, c := unpackSquare(m)
		p.Make(m)
		v := p.afterAngel()
		p.Unmake(m)
		nodes++
		worst = max(worst, v)
		ur, uc := float64(r-ar), float64(c-ac)
		w := math.Exp(p.par.replyBias * (ur*vr + uc*vc) / math.Hypot(ur, uc))
		sum += w * float64(v)
		wsum += w
	}
	return int(p.par.worstShare*float64(worst) + (1-p.par.worstShare)*sum/wsum), nodes
}

// afterAngel is the value, from the Angel's view, with the Devil to move:
// lost for the Devil when the Angel has two free edge squares in reach;
// with one, after the forced block.
func (p *angelsPos) afterAngel() int {
	a := p.s.Angel()
	ar, ac := int(a.Row), int(a.Col)
	switch p.edgeCount(ar, ac) {
	case 0:
		return -p.Eval() // the Devil is to move: eval is from its view
	case 1:
		for r := max(0, ar-p.k); r <= min(p.n-1, ar+p.k); r++ {
			for c := max(0, ac-p.k); c <= min(p.n-1, ac+p.k); c++ {
				if (r == 0 || c == 0 || r == p.n-1 || c == p.n-1) && !p.s.Blocked(r, c) {
					m := packSquare(r, c)
					p.Make(m)
					v := p.Eval() // the Angel is to move: its view
					p.Unmake(m)
					return v
				}
			}
		}
	}
	return devilLost
}
