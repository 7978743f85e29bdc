package angelsai

import (
	"math"
	"sync"
)

// The Beginner Angel as an exact model, for the Difficult Devil
// (plan.go). The Beginner (docs/rules.md, game/angels/beginner.go) steps
// onto a free edge square when one is in reach; otherwise uniformly onto a
// free square that was out of reach from its previous square; when there is
// none (or on its first move), uniformly onto any free square in reach. So
// it is a Markov chain on (square, last step). While the game goes on every
// edge square in its reach is blocked, so against blocks on the edge alone
// its walk does not depend on the blocks at all, and the chance that it
// stands on a given square t moves from now can be tabled once per board
// size and power. The Devil's question is then only one of timing: which
// edge square to block first.

// walkerModel holds, per board size and power, the walker's moves in a
// board whose interior is free, and from them the urgency table the
// Devil's quick policy reads.
type walkerModel struct {
	n, k  int
	side  int // 2k+1: a state's last step is one of side² (the centre: none)
	steps int // side²
	// trans[tOff[x]:tOff[x+1]] are the states state x moves to, each with
	// the same chance.
	trans []int32
	tOff  []int32
	// ring lists the squares off the edge with an edge square in reach and
	// edges every edge square, packed r<<8|c; ringOf[r*n+c] is a square's
	// index in ring and edgeOf[r*n+c] its index in edges, or −1.
	// ringEdges[i] are the edges (indices) in reach of ring square i, and
	// edgeRing[e] the ring squares that have edge e in reach.
	ring      []int32
	edges     []int32
	ringOf    []int32
	edgeOf    []int32
	ringEdges [][]int16
	edgeRing  [][]int16
	// maxDeficit is the most edge squares a ring square sees, less one.
	maxDeficit int
	// urg[(x*len(ring)+i)*(maxDeficit+1)+d] is how urgently ring square i
	// needs d more blocks on its edge squares when the walker is in state x:
	// the chance it stands there t moves from now, summed over t, in full
	// when fewer than d blocks are left before then (t ≤ d) and falling off
	// by walkerSlack for each spare block.
	urg []float32
}

// walkerHorizon is how many walker moves ahead the urgency table looks;
// walkerSlack is what each spare block before an arrival takes off its
// weight.
const (
	walkerHorizon = 16
	walkerSlack   = 0.6
)

// walkerTableLimit bounds the urgency table (float32 entries): the model is
// built for boards up to 29×29 at power 1 (13×13 at power 2); larger ones
// play without it.
const walkerTableLimit = 4 << 20

// walkerSyncLimit is the largest table built during a move (the default
// board's, 0.5 M entries, takes about 7 ms); a larger one is built in the
// background while the Devil plays without it, so no move's budget pays.
const walkerSyncLimit = 1 << 20

var walkerModels struct {
	sync.Mutex
	m map[[2]int]*walkerEntry
}

// walkerEntry is a model being built (ready is closed when m is set; m nil:
// the table would be too large).
type walkerEntry struct {
	ready chan struct{}
	m     *walkerModel
}

func walkerEntryFor(n, k int) (e *walkerEntry, isNew bool) {
	walkerModels.Lock()
	defer walkerModels.Unlock()
	key := [2]int{n, k}
	if e, ok := walkerModels.m[key]; ok {
		return e, false
	}
	if walkerModels.m == nil {
		walkerModels.m = map[[2]int]*walkerEntry{}
	}
	e = &walkerEntry{ready: make(chan struct{})}
	walkerModels.m[key] = e
	return e, true
}

func (e *walkerEntry) build(n, k int) {
	e.m = buildWalkerModel(n, k)
	close(e.ready)
}

// walkerModelFor returns the model for an n×n board at power k, building it
// (or waiting for its build) if need be; nil when its table would be too
// large.
func walkerModelFor(n, k int) *walkerModel {
	e, isNew := walkerEntryFor(n, k)
	if isNew {
		e.build(n, k)
	}
	<-e.ready
	return e.m
}

// walkerModelNow is walkerModelFor for a move: a model that is not built
// yet is built now only when it is small (walkerSyncLimit); otherwise its
// build starts in the background and nil is returned until it is done.
func walkerModelNow(n, k int) *walkerModel {
	e, isNew := walkerEntryFor(n, k)
	if isNew {
		if walkerShape(n, k).tableSize() <= walkerSyncLimit {
			e.build(n, k)
		} else {
			go e.build(n, k)
		}
	}
	select {
	case <-e.ready:
		return e.m
	default:
		return nil
	}
}

func (m *walkerModel) edge(r, c int) bool { return r == 0 || c == 0 || r == m.n-1 || c == m.n-1 }

// state is the walker's state on square (r, c) after a step from (pr, pc)
// (pr < 0: no previous square).
func (m *walkerModel) state(r, c, pr, pc int) int {
	step := m.k*m.side + m.k
	if pr >= 0 {
		step = (r-pr+m.k)*m.side + (c - pc + m.k)
	}
	return (r*m.n+c)*m.steps + step
}

func buildWalkerModel(n, k int) *walkerModel {
	m := walkerShape(n, k)
	if m.tableSize() > walkerTableLimit {
		return nil
	}
	m.buildMoves()
	m.buildUrgency()
	return m
}

// tableSize is the number of entries of the urgency table.
func (m *walkerModel) tableSize() int {
	return m.n * m.n * m.steps * len(m.ring) * (m.maxDeficit + 1)
}

// walkerShape lays out the board: the edge squares, the ring squares and
// the edge squares each sees.
func walkerShape(n, k int) *walkerModel {
	side := 2*k + 1
	m := &walkerModel{n: n, k: k, side: side, steps: side * side}
	m.ringOf = make([]int32, n*n)
	m.edgeOf = make([]int32, n*n)
	for sq := range n * n {
		r, c := sq/n, sq%n
		m.ringOf[sq], m.edgeOf[sq] = -1, -1
		if m.edge(r, c) {
			m.edgeOf[sq] = int32(len(m.edges))
			m.edges = append(m.edges, int32(r<<8|c))
			continue
		}
		if r <= k || c <= k || r >= n-1-k || c >= n-1-k {
			m.ringOf[sq] = int32(len(m.ring))
			m.ring = append(m.ring, int32(r<<8|c))
		}
	}
	m.edgeRing = make([][]int16, len(m.edges))
	for i, q := range m.ring {
		r, c := int(q>>8), int(q&255)
		var es []int16
		for rr := max(0, r-k); rr <= min(n-1, r+k); rr++ {
			for cc := max(0, c-k); cc <= min(n-1, c+k); cc++ {
				if e := m.edgeOf[rr*n+cc]; e >= 0 {
					es = append(es, int16(e))
					m.edgeRing[e] = append(m.edgeRing[e], int16(i))
				}
			}
		}
		m.ringEdges = append(m.ringEdges, es)
		m.maxDeficit = max(m.maxDeficit, len(es)-1)
	}
	return m
}

// buildMoves tables the walker's moves with every edge square blocked and
// the interior free.
func (m *walkerModel) buildMoves() {
	n, k := m.n, m.k
	states := n * n * m.steps
	m.tOff = make([]int32, states+1)
	var ahead, other []int32
	for x := range states {
		m.tOff[x] = int32(len(m.trans))
		sq, step := x/m.steps, x%m.steps
		r, c := sq/n, sq%n
		dr, dc := step/m.side-k, step%m.side-k
		pr, pc := r-dr, c-dc
		hasPrev := dr != 0 || dc != 0
		if m.edge(r, c) || pr < 0 || pc < 0 || pr >= n || pc >= n || (hasPrev && m.edge(pr, pc)) {
			continue // the walker never stands on (or comes from) the edge
		}
		ahead, other = ahead[:0], other[:0]
		for rr := max(0, r-k); rr <= min(n-1, r+k); rr++ {
			for cc := max(0, c-k); cc <= min(n-1, c+k); cc++ {
				if (rr == r && cc == c) || m.edge(rr, cc) {
					continue
				}
				y := int32(m.state(rr, cc, r, c))
				// Without a step (pr, pc) is (r, c): nothing is fresh.
				if fresh(rr, cc, pr, pc, k) {
					ahead = append(ahead, y)
				} else {
					other = append(other, y)
				}
			}
		}
		if len(ahead) > 0 {
			m.trans = append(m.trans, ahead...)
		} else {
			m.trans = append(m.trans, other...)
		}
	}
	m.tOff[states] = int32(len(m.trans))
}

// buildUrgency runs the occupancy backwards: occ_t(x, i), the chance that
// the walker in state x stands on ring square i after t moves, is the mean
// of occ_{t−1} over x's successors; each t adds its share to urg.
func (m *walkerModel) buildUrgency() {
	states := len(m.tOff) - 1
	R, D := len(m.ring), m.maxDeficit+1
	m.urg = make([]float32, states*R*D)
	prev, cur := make([]float32, states*R), make([]float32, states*R)
	for t := 1; t <= walkerHorizon; t++ {
		for x := range states {
			succ := m.trans[m.tOff[x]:m.tOff[x+1]]
			dst := cur[x*R : x*R+R]
			clear(dst)
			if len(succ) == 0 {
				continue
			}
			w := 1 / float32(len(succ))
			for _, y := range succ {
				if t == 1 {
					if i := m.ringOf[int(y)/m.steps]; i >= 0 {
						dst[i] += w
					}
					continue
				}
				src := prev[int(y)*R : int(y)*R+R]
				for i, p := range src {
					dst[i] += w * p
				}
			}
		}
		var weight [64]float32
		for d := 1; d < D && d < len(weight); d++ {
			weight[d] = 1
			if spare := t - d; spare > 0 {
				weight[d] = float32(math.Pow(walkerSlack, float64(spare)))
			}
		}
		for x := range states {
			for i, p := range cur[x*R : x*R+R] {
				if p == 0 {
					continue
				}
				u := m.urg[(x*R+i)*D : (x*R+i+1)*D]
				for d := 1; d < D; d++ {
					u[d] += p * weight[d]
				}
			}
		}
		prev, cur = cur, prev
	}
}
