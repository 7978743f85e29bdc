package angelsai

import (
	"math/bits"
	"slices"

	"boardroom/game"
	"boardroom/game/ai"
	"boardroom/game/angels"
)

// angelsPos walks Angels & Devils positions with the engine's Make/Unmake
// and an incremental Zobrist hash (the Angel's square, each blocked square,
// the seat to move).
type angelsPos struct {
	s      *angels.State
	n, k   int
	full   uint64
	h      uint64
	undo   []angels.Undo
	hashes []uint64
	// Scratch for ranking the Devil's candidate blocks.
	ranked []ai.ScoredMove
	clk    *ai.Clock
	// devil: the search plays the Devil and evaluates with devilValue
	// (devil.go); it is set by whoever makes the position for the
	// Devil's search (angelsPosition), never by the core.
	devil bool
	par   *params
}

const angelsKeyStride = angels.MaxSize * angels.MaxSize

var angelsKeys = ai.Zobrist(2*angelsKeyStride+1, 0xa17e15)

// newAngelsPos is the Angel's view of s: devil is false.
func newAngelsPos(s *angels.State, par *params) *angelsPos {
	p := &angelsPos{s: s, n: s.Size(), k: s.Power(), full: 1<<uint(s.Size()) - 1, par: par}
	a := s.Angel()
	p.h = angelsKeys[int(a.Row)*angels.MaxSize+int(a.Col)]
	for r := range p.n {
		for row := s.BlockedRow(r); row != 0; row &= row - 1 {
			p.h ^= angelsKeys[angelsKeyStride+r*angels.MaxSize+bits.TrailingZeros64(row)]
		}
	}
	if !s.AngelToMove() {
		p.h ^= angelsKeys[2*angelsKeyStride]
	}
	return p
}

func packSquare(r, c int) ai.Move { return ai.Move(r<<8|c) | 1<<16 }

func unpackSquare(m ai.Move) (r, c int) { return int(m>>8) & 255, int(m) & 255 }

func (p *angelsPos) Side() game.Player {
	if p.s.AngelToMove() {
		return game.First
	}
	return game.Second
}

// angelsPrune is how many Devil blocks a node searches when it has depth to
// spare; the blocks are ranked by the evaluation after them.
const angelsPrune = 14

// SetClock implements ai.Clocked: ranking the Devil's blocks, its look-ahead
// and its rollouts watch the clock.
func (p *angelsPos) SetClock(c *ai.Clock) { p.clk = c }

func (p *angelsPos) Moves(dst []ai.Move, depth int) []ai.Move {
	if over, _ := p.Terminal(); over {
		return dst
	}
	a := p.s.Angel()
	ar, ac := int(a.Row), int(a.Col)
	if p.s.AngelToMove() {
		// Every free square in reach, the stay included (last: it is rarely
		// best).
		for r := max(0, ar-p.k); r <= min(p.n-1, ar+p.k); r++ {
			for c := max(0, ac-p.k); c <= min(p.n-1, ac+p.k); c++ {
				if (r != ar || c != ac) && !p.s.Blocked(r, c) {
					dst = append(dst, packSquare(r, c))
				}
			}
		}
		return append(dst, packSquare(ar, ac))
	}
	// The Devil: the empty squares the Angel could use on its way out (or,
	// when it is enclosed, inside its region), ranked by the evaluation
	// after blocking them, best for the Devil first.
	var reach [angels.MaxSize]uint64
	p.region(&reach)
	if p.devil {
		p.devilCandidates(&reach)
	}
	p.ranked = p.ranked[:0]
	for r := range p.n {
		for row := reach[r]; row != 0; row &= row - 1 {
			c := bits.TrailingZeros64(row)
			if r == ar && c == ac {
				continue
			}
			if len(p.ranked)&15 == 15 && p.clk != nil && p.clk.ExpiredNow() {
				break
			}
			m := packSquare(r, c)
			p.Make(m)
			v := p.Eval() // the Angel's view: the Devil wants it low
			p.Unmake(m)
			p.ranked = append(p.ranked, ai.ScoredMove{M: m, Score: int32(v)})
		}
	}
	slices.SortStableFunc(p.ranked, func(a, b ai.ScoredMove) int { return int(a.Score - b.Score) })
	// (At depth 1 the children are leaves whose values the ranking just
	// computed: the Devil's search keeps only the best of them.)
	if (depth >= 2 || (p.devil && depth == 1)) && len(p.ranked) > angelsPrune {
		p.ranked = p.ranked[:angelsPrune]
	}
	for _, sm := range p.ranked {
		dst = append(dst, sm.M)
	}
	return dst
}

func (p *angelsPos) Make(m ai.Move) {
	r, c := unpackSquare(m)
	p.hashes = append(p.hashes, p.h)
	if p.s.AngelToMove() {
		a := p.s.Angel()
		p.h ^= angelsKeys[int(a.Row)*angels.MaxSize+int(a.Col)] ^ angelsKeys[r*angels.MaxSize+c]
	} else {
		p.h ^= angelsKeys[angelsKeyStride+r*angels.MaxSize+c]
	}
	p.h ^= angelsKeys[2*angelsKeyStride]
	p.undo = append(p.undo, p.s.Make(r, c))
}

func (p *angelsPos) Unmake(ai.Move) {
	p.s.Unmake(p.undo[len(p.undo)-1])
	p.undo = p.undo[:len(p.undo)-1]
	p.h = p.hashes[len(p.hashes)-1]
	p.hashes = p.hashes[:len(p.hashes)-1]
}

func (p *angelsPos) Hash() uint64 { return p.h }

func (p *angelsPos) Terminal() (bool, int) {
	switch {
	case p.s.OnEdge():
		// The Angel has just reached the edge: the Devil, to move, lost.
		return true, -ai.Win
	case p.s.AngelToMove() && p.s.Trapped():
		return true, -ai.Win
	}
	return false, 0
}

func (p *angelsPos) Eval() int {
	var v int
	if p.devil {
		v = p.devilValue()
	} else {
		v = p.angelValue()
	}
	if p.s.AngelToMove() {
		return v
	}
	return -v
}

// angelValue is the position from the Angel's view. A breadth-first search
// over free squares (a move reaches any free square within the Angel's
// power) finds each free edge square's distance in Angel moves; each adds a
// weight that falls steeply with the distance, since the Devil blocks one
// square a move and can close far squares before the Angel gets there but
// not a wide near front. An Angel enclosed in a region without a free edge
// square has lost (the Devil fills the region); its value is then the size
// of the region, as time left, far below any open position.
func (p *angelsPos) angelValue() int {
	var visited, frontier [angels.MaxSize]uint64
	a := p.s.Angel()
	frontier[a.Row] = 1 << uint(a.Col)
	visited[a.Row] = frontier[a.Row]
	dist, v := 0, 0
	for d := 1; d <= len(angelEdgeWeight)-1; d++ {
		p.dilate(&frontier, &visited)
		any, edges := false, 0
		for r := range p.n {
			row := frontier[r]
			if row == 0 {
				continue
			}
			any = true
			if r == 0 || r == p.n-1 {
				edges += bits.OnesCount64(row)
			} else {
				edges += bits.OnesCount64(row & (1 | 1<<uint(p.n-1)))
			}
		}
		if !any {
			break
		}
		if edges > 0 && dist == 0 {
			dist = d
		}
		v += edges * angelEdgeWeight[d]
	}
	if dist == 0 {
		size := 0
		for r := range p.n {
			size += bits.OnesCount64(visited[r])
		}
		if size < p.n*p.n {
			// Enclosed, or so far from the edge that it does not matter.
			return -ai.Win/2 + 100*size
		}
	}
	return v - 200*dist
}

// angelEdgeWeight[d] is what a free edge square d Angel moves away is worth.
var angelEdgeWeight = func() (w [40]int) {
	for d := 1; d < len(w); d++ {
		w[d] = 12000 / (d * d * d)
	}
	return
}()

// dilate replaces frontier by the free squares one Angel move from it that
// were not visited, and marks them visited.
func (p *angelsPos) dilate(frontier, visited *[angels.MaxSize]uint64) {
	var wide [angels.MaxSize]uint64
	for r := range p.n {
		x := frontier[r]
		for range p.k {
			x |= x<<1 | x>>1
		}
		wide[r] = x & p.full
	}
	for r := range p.n {
		var x uint64
		for rr := max(0, r-p.k); rr <= min(p.n-1, r+p.k); rr++ {
			x |= wide[rr]
		}
		x &^= p.s.BlockedRow(r) | visited[r]
		frontier[r] = x
		visited[r] |= x
	}
}

// region marks the squares the Devil considers blocking: free squares within
// the Angel's distance to the edge (the whole region when it is enclosed).
func (p *angelsPos) region(out *[angels.MaxSize]uint64) {
	var frontier [angels.MaxSize]uint64
	a := p.s.Angel()
	frontier[a.Row] = 1 << uint(a.Col)
	out[a.Row] = frontier[a.Row]
	extra := 0
	for {
		p.dilate(&frontier, out)
		any, edge := false, false
		for r := range p.n {
			if frontier[r] != 0 {
				any = true
				if r == 0 || r == p.n-1 || frontier[r]&(1|1<<uint(p.n-1)) != 0 {
					edge = true
				}
			}
		}
		if !any {
			return
		}
		if edge {
			// Two layers more: the edge squares just beyond the nearest
			// are worth blocking too.
			extra++
			if extra > 2 {
				return
			}
		}
	}
}

func (p *angelsPos) GameMove(m ai.Move) game.Move {
	r, c := unpackSquare(m)
	return game.NewMove(game.Cell{Row: int8(r), Col: int8(c)})
}

func (p *angelsPos) Format(m ai.Move) string { return p.s.FormatMove(p.GameMove(m)) }

func (p *angelsPos) Valid(m ai.Move) bool {
	r, c := unpackSquare(m)
	if !p.s.OnBoard(r, c) || p.s.Blocked(r, c) {
		return false
	}
	a := p.s.Angel()
	if p.s.AngelToMove() {
		return p.s.InReach(r, c)
	}
	return r != int(a.Row) || c != int(a.Col)
}
