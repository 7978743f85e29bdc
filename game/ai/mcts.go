package ai

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"time"

	"boardroom/game"
)

// TreePosition is what Monte-Carlo tree search needs from a game: a mutable
// position, a static evaluation and a cheap random move for playouts.
type TreePosition interface {
	// Side is the seat to move.
	Side() game.Player
	// AllMoves appends every legal move, in the game's order.
	AllMoves(dst []Move) []Move
	Make(m Move)
	Unmake(m Move)
	// Value is the static evaluation from p's view.
	Value(p game.Player) int
	// RandomMove picks a legal move at random, cheaply (it need not be
	// uniform); ok is false when the mover has none and so has lost.
	RandomMove(rng *rand.Rand) (m Move, ok bool)
	// GameMove and Format turn a compact move into the game API's and its
	// notation.
	GameMove(m Move) game.Move
	Format(m Move) string
}

// TreeMaker makes the tree-search position of a copy of s, or refuses a
// state of another game.
type TreeMaker func(s game.State) (TreePosition, error)

// MCTSParams shape the tree search.
type MCTSParams struct {
	Children    int     // children kept per node, the best of the sample by the evaluation
	Sample      int     // moves sampled at a node to rank (all of them when fewer)
	ExpandAfter int     // visits before a node is expanded
	Playout     int     // random moves per playout before the evaluation scores it
	Scale       float64 // the evaluation that makes a 73% winning chance
	Explore     float64 // UCT's exploration constant
}

// DefaultMCTSParams are the measured defaults (RESULTS.md, "MCTS vs
// alpha-beta"): 16 children of a 400-move sample, expansion after 2 visits,
// 4 random moves a playout, 400 units for a 73% chance, exploration 0.4.
func DefaultMCTSParams() MCTSParams {
	return MCTSParams{Children: 16, Sample: 400, ExpandAfter: 2, Playout: 4, Scale: 400, Explore: 0.4}
}

// MCTSBot plays by UCT Monte-Carlo tree search, after Lorentz's Invader: a
// node's children are the most promising moves of a sample ranked by the
// evaluation (a node may have thousands of moves, far too many to try
// each), and a playout is cut after a few random moves and scored by the
// evaluation turned into a winning chance. It thinks for the whole budget,
// so its choices do not repeat.
type MCTSBot struct {
	st   Settings
	par  MCTSParams
	seed uint64
	tree TreeMaker
	last Info

	// The move under way: the worker's memory, the random source and the
	// clock.
	*mctsScratch
	rng *rand.Rand
	clk *Clock
}

// mctsScratch is the tree search's memory, a worker's: the tree (thousands
// of nodes a second) and the buffers of expansion and playouts.
type mctsScratch struct {
	nodes  []mctsNode
	moves  []Move
	rank   []ScoredMove
	played []Move
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

// NewMCTSBot returns a tree-search bot over the positions tree makes.
func NewMCTSBot(st Settings, seed uint64, tree TreeMaker, par MCTSParams) *MCTSBot {
	return &MCTSBot{st: st, par: par, seed: seed, tree: tree}
}

// Choose implements game.Bot, on a spare worker (Alone).
func (b *MCTSBot) Choose(ctx context.Context, gs game.State, p game.Player) (game.Move, error) {
	return Alone(ctx, b, gs, p)
}

// ChooseOn implements WorkerBot: the tree grows in w's memory.
func (b *MCTSBot) ChooseOn(ctx context.Context, gs game.State, p game.Player, w *Worker, budget time.Duration) (game.Move, error) {
	if err := CheckTurn(gs, p); err != nil {
		return game.Move{}, err
	}
	s, err := b.tree(gs)
	if err != nil {
		return game.Move{}, err
	}
	b.rng = game.NewRand(b.seed*0x9e3779b97f4a7c15 + uint64(gs.Ply()))
	clk := NewClock(ctx, Within(b.st.Budget, budget))
	defer clk.Done()
	b.clk, b.mctsScratch = clk, &w.mcts
	defer func() { b.clk, b.mctsScratch = nil, nil }()
	b.nodes = append(b.nodes[:0], mctsNode{parent: -1, first: -1})
	b.expand(s, 0)
	playouts, deepest := 0, 0
	for !clk.ExpiredNow() {
		// Selection: descend by UCT to a leaf, playing the moves.
		n, depth := int32(0), 0
		var path [MaxPly]Move
		for b.nodes[n].first >= 0 && b.nodes[n].children > 0 {
			n = b.selectChild(n)
			path[depth] = b.nodes[n].move
			s.Make(b.nodes[n].move)
			depth++
		}
		if b.nodes[n].first < 0 && b.nodes[n].visits >= float64(b.par.ExpandAfter) {
			b.expand(s, n)
			if b.nodes[n].children > 0 {
				n = b.nodes[n].first
				path[depth] = b.nodes[n].move
				s.Make(b.nodes[n].move)
				depth++
			}
		}
		deepest = max(deepest, depth)
		// Playout: the chance that the seat to move at the leaf wins.
		r := b.playout(s)
		for i := depth - 1; i >= 0; i-- {
			s.Unmake(path[i])
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
	info := Info{Algorithm: AlgoMCTS, Depth: deepest, Nodes: uint64(playouts), Time: clk.Elapsed(),
		Eval: int(-b.par.Scale * math.Log(1/min(max(chance, 1e-6), 1-1e-6)-1)),
		Move: s.GameMove(bn.move), Note: fmt.Sprintf("win chance %.0f%%", 100*chance)}
	for x := int32(0); b.nodes[x].first >= 0 && b.nodes[x].children > 0 && len(info.PV) < 6; {
		x = b.mostVisited(x)
		info.PV = append(info.PV, s.Format(b.nodes[x].move))
	}
	b.last = info
	return info.Move, nil
}

// expand gives node n its children: the best moves, by the evaluation, of a
// sample of the moves of s (all of them when they are few).
func (b *MCTSBot) expand(s TreePosition, n int32) {
	b.moves = s.AllMoves(b.moves[:0])
	b.nodes[n].first = int32(len(b.nodes))
	if len(b.moves) == 0 {
		return
	}
	if len(b.moves) > b.par.Sample {
		b.rng.Shuffle(len(b.moves), func(i, j int) { b.moves[i], b.moves[j] = b.moves[j], b.moves[i] })
		b.moves = b.moves[:b.par.Sample]
	}
	me := s.Side()
	b.rank = b.rank[:0]
	for i, m := range b.moves {
		if i&31 == 31 && b.clk.ExpiredNow() {
			break
		}
		s.Make(m)
		b.rank = append(b.rank, ScoredMove{M: m, Score: int32(s.Value(me))})
		s.Unmake(m)
	}
	slices.SortStableFunc(b.rank, func(x, y ScoredMove) int { return int(y.Score - x.Score) })
	k := min(b.par.Children, len(b.rank))
	for _, sm := range b.rank[:k] {
		b.nodes = append(b.nodes, mctsNode{move: sm.M, parent: n, first: -1})
	}
	b.nodes[n].children = int32(k)
}

// selectChild picks by UCT; children never tried come first, in rank order.
func (b *MCTSBot) selectChild(n int32) int32 {
	parent := &b.nodes[n]
	logN := math.Log(max(parent.visits, 1))
	best, bestV := int32(-1), math.Inf(-1)
	for c := parent.first; c < parent.first+parent.children; c++ {
		ch := &b.nodes[c]
		if ch.visits == 0 {
			return c
		}
		v := ch.wins/ch.visits + b.par.Explore*math.Sqrt(logN/ch.visits)
		if v > bestV {
			best, bestV = c, v
		}
	}
	return best
}

func (b *MCTSBot) mostVisited(n int32) int32 {
	parent := &b.nodes[n]
	best := parent.first
	for c := parent.first; c < parent.first+parent.children; c++ {
		if b.nodes[c].visits > b.nodes[best].visits {
			best = c
		}
	}
	return best
}

// playout plays a few random moves from s, scores the result by the
// evaluation, takes the moves back, and returns the chance that the seat to
// move at s wins.
func (b *MCTSBot) playout(s TreePosition) float64 {
	me := s.Side()
	b.played = b.played[:0]
	var r float64
	over := false
	for range b.par.Playout {
		m, ok := s.RandomMove(b.rng)
		if !ok {
			over = true
			break
		}
		s.Make(m)
		b.played = append(b.played, m)
	}
	if over {
		r = 0 // the seat to move now has no move and loses
		if s.Side() != me {
			r = 1
		}
	} else {
		r = 1 / (1 + math.Exp(-float64(s.Value(me))/b.par.Scale))
	}
	for i := len(b.played) - 1; i >= 0; i-- {
		s.Unmake(b.played[i])
	}
	return r
}

// Report implements game.Reporter.
func (b *MCTSBot) Report() string { return b.st.Level + " " + b.last.String() }

// Label is the seat label the rooms show.
func (b *MCTSBot) Label() string { return b.st.Label() }

// LastInfo returns what the last search found.
func (b *MCTSBot) LastInfo() Info { return b.last }

// Thought implements game.Thinker.
func (b *MCTSBot) Thought() game.Thought { return b.last.Thought() }
