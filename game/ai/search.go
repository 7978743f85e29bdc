package ai

import (
	"context"
	"slices"
	"time"
)

// MaxPly bounds the depth of any line searched (a game's extra turns never
// make lines longer than the nominal depth; the bound is a safety net).
// Positions may size their undo stacks by it.
const MaxPly = 128

// Limits bound one search. Zero fields are no limit; a search with no limit
// at all stops at the deepest line the core allows.
type Limits struct {
	Depth  int    // deepest iteration
	Nodes  uint64 // stop starting iterations after this many nodes
	Aspire int    // aspiration half-window (0: full window every time)
}

// Searcher runs negamax alpha-beta (or plain minimax) over a Position:
// iterative deepening, a transposition table keyed by the position's hash,
// move ordering by the table's move, killer moves and the history
// heuristic, aspiration windows, and quiescence on a NoisyPosition's moves.
// Its buffers are reused search after search (a search worker keeps one);
// the table and the history it searches with are lent to it for a search
// (Use). It is not safe for concurrent use.
type Searcher struct {
	pos     Position
	tt      Table
	tag     uint32
	history *History
	clk     *Clock
	nodes   uint64
	horizon uint64 // evaluated leaves and inexact table cutoffs seen
	killers [MaxPly][2]Move
	moveBuf [MaxPly][]Move
	scored  [MaxPly][]ScoredMove

	// The root's best move in the iteration under way.
	iterMove  Move
	iterValue int
}

// History is the history heuristic's memory: how often each move caused a
// cutoff, by side, decayed from search to search. A seat keeps its own
// (32 KiB): its searches order moves by what its earlier ones learnt.
type History [2][4096]int32

// NewSearcher makes a searcher with a transposition table of 2^ttLog2
// entries and a history of its own, for a search outside any worker
// (tests, analysis).
func NewSearcher(ttLog2 int) *Searcher {
	s := &Searcher{}
	s.Use(NewTable(ttLog2), ttLog2, NewTag(), new(History))
	return s
}

// Use lends the searcher the first 2^log2 entries of t under tag, and the
// history h, for the searches that follow.
func (s *Searcher) Use(t *Table, log2 int, tag uint32, h *History) {
	s.tt, s.tag, s.history = t.prefix(log2), tag, h
}

// release drops what Use lent and the position searched, so that the
// searcher keeps no seat's memory alive between searches.
func (s *Searcher) release() {
	s.pos, s.tt, s.tag, s.history, s.clk = nil, Table{}, 0, nil, nil
}

func historyIndex(m Move) uint32 { return (uint32(m) * 2654435761) >> 20 }

// orderedMoves lists the node's moves, best first: the table's move, the
// killers, then by history, keeping the game's own order among equals.
func (s *Searcher) orderedMoves(depth, ply int, ttMove Move) []ScoredMove {
	moves := s.pos.Moves(s.moveBuf[ply][:0], depth)
	s.moveBuf[ply] = moves
	sc := s.scored[ply][:0]
	side := s.pos.Side()
	k := &s.killers[ply]
	for _, m := range moves {
		var v int32
		switch m {
		case ttMove:
			v = 1 << 30
		case k[0]:
			v = 1 << 29
		case k[1]:
			v = 1 << 28
		default:
			v = s.history[side][historyIndex(m)]
		}
		sc = append(sc, ScoredMove{M: m, Score: v})
	}
	slices.SortStableFunc(sc, func(a, b ScoredMove) int { return int(b.Score - a.Score) })
	s.scored[ply] = sc
	return sc
}

func toTT(v, ply int) int {
	switch {
	case v > WinThreshold:
		return v + ply
	case v < -WinThreshold:
		return v - ply
	}
	return v
}

func fromTT(v, ply int) int { return adjustForPly(v, ply) }

// alphaBeta is fail-soft negamax with a transposition table. A table entry
// cuts off only at its own depth (or if it is exact and shallower), so the
// value is always the depth-limited minimax value: the same as minimax's.
func (s *Searcher) alphaBeta(depth, ply, alpha, beta int) int {
	s.nodes++
	if s.clk.expired() {
		return 0
	}
	if over, v := s.pos.Terminal(); over {
		return adjustForPly(v, ply)
	}
	if depth <= 0 || ply >= MaxPly-1 {
		return s.leaf(ply, alpha, beta)
	}
	key := s.pos.Hash()
	ttMove := NoMove
	if e := s.tt.probe(key, s.tag); e != nil {
		ttMove = e.move
		d := int(e.depth)
		if ply > 0 && (d == depth || (e.exact && d <= depth)) {
			v := fromTT(int(e.value), ply)
			if e.bound == boundExact || (e.bound == boundLower && v >= beta) || (e.bound == boundUpper && v <= alpha) {
				if !e.exact {
					s.horizon++
				}
				return v
			}
		}
	}
	h0 := s.horizon
	alpha0 := alpha
	side := s.pos.Side()
	best, bestMove := -infinity, NoMove
	for _, sm := range s.orderedMoves(depth, ply, ttMove) {
		m := sm.M
		s.pos.Make(m)
		var v int
		if s.pos.Side() == side {
			v = s.alphaBeta(depth-1, ply+1, alpha, beta)
		} else {
			v = -s.alphaBeta(depth-1, ply+1, -beta, -alpha)
		}
		s.pos.Unmake(m)
		if s.clk.stopped.Load() {
			return 0
		}
		if v > best {
			best, bestMove = v, m
			if ply == 0 {
				s.iterMove, s.iterValue = m, v
			}
		}
		if v > alpha {
			alpha = v
		}
		if alpha >= beta {
			if m != s.killers[ply][0] {
				s.killers[ply][1] = s.killers[ply][0]
				s.killers[ply][0] = m
			}
			h := &s.history[side][historyIndex(m)]
			*h = min(*h+int32(depth*depth), 1<<27)
			break
		}
	}
	bound := boundExact
	switch {
	case best <= alpha0:
		bound = boundUpper
	case best >= beta:
		bound = boundLower
	}
	s.tt.store(key, s.tag, depth, toTT(best, ply), bound, bestMove, s.horizon == h0)
	return best
}

// minimax is plain negamax over the same tree: no pruning, no table.
func (s *Searcher) minimax(depth, ply int) int {
	s.nodes++
	if s.clk.expired() {
		return 0
	}
	if over, v := s.pos.Terminal(); over {
		return adjustForPly(v, ply)
	}
	if depth <= 0 || ply >= MaxPly-1 {
		return s.leafMinimax(ply)
	}
	moves := s.pos.Moves(s.moveBuf[ply][:0], depth)
	s.moveBuf[ply] = moves
	side := s.pos.Side()
	best := -infinity
	for i := 0; i < len(moves); i++ {
		m := s.moveBuf[ply][i]
		s.pos.Make(m)
		var v int
		if s.pos.Side() == side {
			v = s.minimax(depth-1, ply+1)
		} else {
			v = -s.minimax(depth-1, ply+1)
		}
		s.pos.Unmake(m)
		if s.clk.stopped.Load() {
			return 0
		}
		if v > best {
			best = v
			if ply == 0 {
				s.iterMove, s.iterValue = m, v
			}
		}
	}
	return best
}

// Run searches pos by iterative deepening until a limit, the clock, or a
// solved root stops it, and returns what the deepest completed iteration
// found (Info.Time is the clock's elapsed time). With minimax it runs plain
// negamax over the same tree: no pruning, no table.
func (s *Searcher) Run(pos Position, clk *Clock, lim Limits, useMinimax bool) Info {
	s.pos, s.clk = pos, clk
	s.nodes, s.horizon = 0, 0
	begin := time.Now() // a shortcut may have spent part of the clock
	s.killers = [MaxPly][2]Move{}
	for i := range s.history {
		for j := range s.history[i] {
			s.history[i][j] /= 8
		}
	}
	info := Info{Algorithm: "alphabeta"}
	if useMinimax {
		info.Algorithm = "minimax"
	}
	maxDepth := lim.Depth
	if maxDepth <= 0 {
		maxDepth = MaxPly - 2
	}
	var best, hopeful Move
	prev := 0
	for depth := 1; depth <= maxDepth; depth++ {
		s.iterMove, s.iterValue = NoMove, -infinity
		h0 := s.horizon
		var v int
		switch {
		case useMinimax:
			v = s.minimax(depth, 0)
		case lim.Aspire > 0 && depth >= 3 && prev > -WinThreshold && prev < WinThreshold:
			lo, hi := prev-lim.Aspire, prev+lim.Aspire
			v = s.alphaBeta(depth, 0, lo, hi)
			if !clk.stopped.Load() && (v <= lo || v >= hi) {
				v = s.alphaBeta(depth, 0, -infinity, infinity)
			}
		default:
			v = s.alphaBeta(depth, 0, -infinity, infinity)
		}
		if clk.stopped.Load() {
			// A move that beat the last iteration's value in the unfinished
			// one is better founded than the old choice.
			if s.iterMove != NoMove && best != NoMove && s.iterValue > prev && s.iterMove != best {
				best = s.iterMove
			}
			break
		}
		if s.iterMove == NoMove {
			break // no moves at the root
		}
		best, prev = s.iterMove, v
		if v > -WinThreshold {
			hopeful = best
		}
		info.Depth, info.Eval = depth, v
		info.Exact = s.horizon == h0
		if info.Exact || v > WinThreshold || v < -WinThreshold {
			break // the root is solved: deeper search changes nothing
		}
		if lim.Nodes > 0 && s.nodes >= lim.Nodes {
			break
		}
		// The next iteration costs several times this one: do not start
		// one that cannot finish in what the search was given.
		if clk.FractionSince(begin) > 0.45 {
			break
		}
	}
	if prev < -WinThreshold && hopeful != NoMove {
		// Proven lost against best play: every move loses, so play the move
		// the deepest search that still saw a game chose, the one that
		// makes a fallible opponent's task hardest, not merely the longest
		// loss.
		best = hopeful
	}
	if best == NoMove {
		// Not even depth 1 finished: fall back on the first move listed.
		if ms := s.pos.Moves(s.moveBuf[0][:0], 1); len(ms) > 0 {
			best = ms[0]
		}
	}
	info.Nodes = s.nodes
	info.Time = clk.Elapsed()
	if best != NoMove {
		info.Move = s.pos.GameMove(best)
		info.PV = s.pv(best, max(info.Depth, 1))
	}
	return info
}

// pv follows the table's best moves from the root, starting with first.
func (s *Searcher) pv(first Move, n int) []string {
	out := []string{s.pos.Format(first)}
	var made []Move
	s.pos.Make(first)
	made = append(made, first)
	for len(out) < n {
		if over, _ := s.pos.Terminal(); over {
			break
		}
		e := s.tt.probe(s.pos.Hash(), s.tag)
		if e == nil || e.move == NoMove {
			break
		}
		if !s.pos.Valid(e.move) {
			break
		}
		out = append(out, s.pos.Format(e.move))
		s.pos.Make(e.move)
		made = append(made, e.move)
	}
	for i := len(made) - 1; i >= 0; i-- {
		s.pos.Unmake(made[i])
	}
	return out
}

// MinimaxValue is the plain minimax value of pos searched depth plies, as
// seen ply plies below a root (a win counts the plies from that root), with
// no clock: the reference tests hold alpha-beta's choices against.
func (s *Searcher) MinimaxValue(pos Position, depth, ply int) int {
	clk := NewClock(context.Background(), 0)
	defer clk.Done()
	s.pos, s.clk = pos, clk
	return s.minimax(depth, ply)
}
