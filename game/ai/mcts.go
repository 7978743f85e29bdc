package ai

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"boardroom/game"
	"boardroom/game/amazons"
)

// mctsBot plays Amazons by UCT Monte-Carlo tree search, after Lorentz's
// Invader: a node's children are the most promising turns of a sample ranked
// by the evaluation (an Amazons node has about two thousand turns, far too
// many to try each), and a playout is cut after a few random turns and
// scored by the evaluation turned into a winning chance.
type mctsBot struct {
	st    settings
	seed  uint64
	last  Info
	nodes []mctsNode
	turns []amazons.Turn
	rank  []scoredMove
	rng   *rand.Rand
	clk   *clock
	moves int
}

type mctsNode struct {
	move     Move
	parent   int32
	first    int32 // first child, -1 until expanded
	children int32
	visits   float64
	// wins counts the playouts' results for the seat that played move.
	wins float64
}

// MCTS parameters: children kept per node, turns sampled to rank, visits
// before a node is expanded, random turns per playout, and the evaluation
// (hundredths of a square) that makes a 73% winning chance.
const (
	mctsChildren    = 16
	mctsSample      = 400
	mctsExpandAfter = 2
	mctsPlayout     = 4
	mctsScale       = 400.0
)

func newMCTSBot(st settings, seed uint64) *mctsBot { return &mctsBot{st: st, seed: seed} }

func (b *mctsBot) Choose(ctx context.Context, gs game.State, p game.Player) (game.Move, error) {
	if err := checkTurn(gs, p); err != nil {
		return game.Move{}, err
	}
	s, ok := gs.Clone().(*amazons.State)
	if !ok {
		return game.Move{}, fmt.Errorf("ai: MCTS plays Amazons only, not %s", gs.Game().ID())
	}
	b.moves++
	b.rng = game.NewRand(b.seed*0x9e3779b97f4a7c15 + uint64(s.Ply()))
	clk := newClock(ctx, b.st.budget)
	defer clk.done()
	b.clk = clk
	b.nodes = append(b.nodes[:0], mctsNode{parent: -1, first: -1})
	b.expand(s, 0)
	playouts, deepest := 0, 0
	for !clk.expiredNow() {
		// Selection: descend by UCT to a leaf, playing the moves.
		n, depth := int32(0), 0
		var path [maxPly]Move
		for b.nodes[n].first >= 0 && b.nodes[n].children > 0 {
			n = b.selectChild(n)
			path[depth] = b.nodes[n].move
			s.MakeTurn(unpackTurn(b.nodes[n].move))
			depth++
		}
		if b.nodes[n].first < 0 && b.nodes[n].visits >= mctsExpandAfter {
			b.expand(s, n)
			if b.nodes[n].children > 0 {
				n = b.nodes[n].first
				path[depth] = b.nodes[n].move
				s.MakeTurn(unpackTurn(b.nodes[n].move))
				depth++
			}
		}
		deepest = max(deepest, depth)
		// Playout: the chance that the seat to move at the leaf wins.
		r := b.playout(s)
		for i := depth - 1; i >= 0; i-- {
			s.UnmakeTurn(unpackTurn(path[i]))
		}
		// Back-propagation: the node's move was played by the seat that is
		// not to move at it.
		for x := n; x >= 0; x = b.nodes[x].parent {
			b.nodes[x].visits++
			b.nodes[x].wins += 1 - r
			r = 1 - r
		}
		playouts++
	}
	if err := ctx.Err(); err != nil {
		return game.Move{}, err
	}
	root := &b.nodes[0]
	if root.children == 0 {
		return game.Move{}, fmt.Errorf("ai: no move found")
	}
	best := b.mostVisited(0)
	bn := b.nodes[best]
	chance := bn.wins / max(bn.visits, 1)
	info := Info{Algorithm: "mcts", Depth: deepest, Nodes: uint64(playouts), Time: clk.elapsed(),
		Eval: int(-mctsScale * math.Log(1/min(max(chance, 1e-6), 1-1e-6)-1)),
		Move: unpackTurn(bn.move).Move(), Note: fmt.Sprintf("win chance %.0f%%", 100*chance)}
	for x := int32(0); b.nodes[x].first >= 0 && b.nodes[x].children > 0 && len(info.PV) < 6; {
		x = b.mostVisited(x)
		info.PV = append(info.PV, unpackTurn(b.nodes[x].move).String())
	}
	b.last = info
	return info.Move, nil
}

// expand gives node n its children: the best turns, by the evaluation, of a
// sample of the turns of s (all of them when they are few).
func (b *mctsBot) expand(s *amazons.State, n int32) {
	b.turns = s.AppendTurns(b.turns[:0])
	b.nodes[n].first = int32(len(b.nodes))
	if len(b.turns) == 0 {
		return
	}
	if len(b.turns) > mctsSample {
		b.rng.Shuffle(len(b.turns), func(i, j int) { b.turns[i], b.turns[j] = b.turns[j], b.turns[i] })
		b.turns = b.turns[:mctsSample]
	}
	me := s.SideToMove()
	b.rank = b.rank[:0]
	for i, t := range b.turns {
		if i&31 == 31 && b.clk.expiredNow() {
			break
		}
		s.MakeTurn(t)
		b.rank = append(b.rank, scoredMove{packTurn(t), int32(amazonsEval(s, me))})
		s.UnmakeTurn(t)
	}
	slices.SortStableFunc(b.rank, func(x, y scoredMove) int { return int(y.score - x.score) })
	k := min(mctsChildren, len(b.rank))
	for _, sm := range b.rank[:k] {
		b.nodes = append(b.nodes, mctsNode{move: sm.m, parent: n, first: -1})
	}
	b.nodes[n].children = int32(k)
}

// selectChild picks by UCT; children never tried come first, in rank order.
func (b *mctsBot) selectChild(n int32) int32 {
	parent := &b.nodes[n]
	logN := math.Log(max(parent.visits, 1))
	best, bestV := int32(-1), math.Inf(-1)
	for c := parent.first; c < parent.first+parent.children; c++ {
		ch := &b.nodes[c]
		if ch.visits == 0 {
			return c
		}
		v := ch.wins/ch.visits + b.st.explore*math.Sqrt(logN/ch.visits)
		if v > bestV {
			best, bestV = c, v
		}
	}
	return best
}

func (b *mctsBot) mostVisited(n int32) int32 {
	parent := &b.nodes[n]
	best := parent.first
	for c := parent.first; c < parent.first+parent.children; c++ {
		if b.nodes[c].visits > b.nodes[best].visits {
			best = c
		}
	}
	return best
}

// playout plays a few random turns from s, scores the result by the
// evaluation, takes the turns back, and returns the chance that the seat to
// move at s wins.
func (b *mctsBot) playout(s *amazons.State) float64 {
	me := s.SideToMove()
	var played [mctsPlayout]amazons.Turn
	k := 0
	var r float64
	over := false
	for ; k < mctsPlayout; k++ {
		t, ok := randomTurn(s, b.rng)
		if !ok {
			over = true
			break
		}
		s.MakeTurn(t)
		played[k] = t
	}
	if over {
		r = 0 // the seat to move now has no turn and loses
		if s.SideToMove() != me {
			r = 1
		}
	} else {
		r = 1 / (1 + math.Exp(-float64(amazonsEval(s, me))/mctsScale))
	}
	for i := k - 1; i >= 0; i-- {
		s.UnmakeTurn(played[i])
	}
	return r
}

// randomTurn picks a random turn cheaply: a random amazon that can move,
// a random destination, a random arrow.
func randomTurn(s *amazons.State, rng *rand.Rand) (amazons.Turn, bool) {
	occ := s.Occupied()
	amz := s.AmazonSquares(s.SideToMove())
	start := rng.IntN(len(amz))
	for i := range amz {
		from := amz[(start+i)%len(amz)]
		tos := amazons.QueenReach(from, occ)
		if tos.IsEmpty() {
			continue
		}
		to := nthSquare(tos, rng.IntN(tos.Count()))
		vacated := occ
		vacated.Clear(from)
		arrows := amazons.QueenReach(to, vacated)
		return amazons.Turn{From: from, To: to, Arrow: nthSquare(arrows, rng.IntN(arrows.Count()))}, true
	}
	return amazons.Turn{}, false
}

func nthSquare(b amazons.Bitboard, n int) amazons.Square {
	for range n {
		b.Pop()
	}
	return b.First()
}

// Report implements game.Reporter.
func (b *mctsBot) Report() string { return b.st.level + " " + b.last.String() }

// LastInfo returns what the last search found.
func (b *mctsBot) LastInfo() Info { return b.last }
