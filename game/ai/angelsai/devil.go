package angelsai

import (
	"math"
	"math/bits"

	"boardroom/game/ai"
	"boardroom/game/angels"
)

// The Devil's evaluation. The Angel's own search keeps angelValue (it
// escapes against every Devil we have); the Devil needs a measure that
// tells a block that matters from one that does not, which the Angel's
// route count does poorly: from the middle of the board every edge square
// is equally far, so it spends blocks on edges the Angel is walking away
// from, and near the Angel it blocks the square in front of it, which the
// Angel steps around.
//
// The Devil blocks one square after each Angel move, so a lone free edge
// square next to the Angel is no danger (the Devil blocks it); a square
// with two free edge squares in its reach is: an Angel that stands there
// with the Devil to move escapes. devilValue sums those "double" squares,
// each weighted by how soon the Angel can stand on it (its distance in
// Angel moves over free squares) and by whether it lies ahead of the
// Angel's last move or behind it (an Angel keeps going where it was going;
// a square behind it is far in practice). Blocking edge squares two apart
// ahead of the Angel, at a distance, removes whole rows of doubles; this is
// the wall the Devil wants.

// devilThreat is the weighted count of double squares, in eval units.
func (p *angelsPos) devilThreat() int {
	var free, edge, one, two, three [angels.MaxSize]uint64
	edgeCols := uint64(1) | 1<<uint(p.n-1)
	for r := range p.n {
		free[r] = p.full &^ p.s.BlockedRow(r)
		if r == 0 || r == p.n-1 {
			edge[r] = free[r]
		} else {
			edge[r] = free[r] & edgeCols
		}
	}
	any := false
	for r := range p.n {
		var ones, twos, threes uint64
		for rr := max(0, r-p.k); rr <= min(p.n-1, r+p.k); rr++ {
			m := edge[rr]
			if m == 0 {
				continue
			}
			for dc := -p.k; dc <= p.k; dc++ {
				if rr == r && dc == 0 {
					continue
				}
				var x uint64
				if dc >= 0 {
					x = m << uint(dc)
				} else {
					x = m >> uint(-dc)
				}
				threes |= twos & x
				twos |= ones & x
				ones |= x
			}
		}
		mine := p.full & free[r] &^ edge[r]
		one[r], two[r], three[r] = ones&^twos&mine, twos&^threes&mine, threes&mine
		if ones&mine != 0 {
			any = true
		}
	}
	if !any {
		return 0
	}
	ar, ac, vr, vc := p.angelHeading()
	// The next move decides: an Angel to move with a free edge square in
	// reach steps onto it; one with a double square in reach steps there
	// and the Devil cannot block both edges; with the Devil to move, an
	// Angel already on a double square escapes.
	at := uint64(1) << uint(ac)
	toMove := p.s.AngelToMove()
	if !toMove && (one[ar]|two[ar]|three[ar])&at != 0 {
		// With one free edge square in reach the Devil must block it:
		// not a position to stop on (devilNoisy plays the block).
		return devilLost
	}
	if toMove {
		var wide uint64
		for c := max(0, ac-p.k); c <= min(p.n-1, ac+p.k); c++ {
			wide |= 1 << uint(c)
		}
		for r := max(0, ar-p.k); r <= min(p.n-1, ar+p.k); r++ {
			if edge[r]&wide != 0 || (two[r]|three[r])&wide&^(at*b2u(r == ar)) != 0 {
				return devilLost
			}
		}
	}
	var visited, frontier [angels.MaxSize]uint64
	frontier[ar] = 1 << uint(ac)
	visited[ar] = frontier[ar]
	threat := 0
	for d := 1; d < len(p.par.distWeight); d++ {
		p.dilate(&frontier, &visited)
		more := false
		for r := range p.n {
			if frontier[r] == 0 {
				continue
			}
			more = true
			for i, set := range [3]uint64{one[r], two[r], three[r]} {
				for x := frontier[r] & set; x != 0; x &= x - 1 {
					c := bits.TrailingZeros64(x)
					// ahead is 1 straight ahead, 0 square to the side, −1
					// behind; the weight runs from 1/4 behind to 7/4
					// ahead.
					ur, uc := float64(r-ar), float64(c-ac)
					ahead := (ur*vr + uc*vc) / math.Hypot(ur, uc)
					threat += int(float64(p.par.distWeight[d]) * p.par.edgeShare[i] * (1 + p.par.ahead*ahead))
				}
			}
		}
		if !more {
			break
		}
	}
	return threat
}

// devilLost is the threat of a position the Angel wins in a move or two:
// far above any open position, below the search's proven wins.
const devilLost = 400_000

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

// devilValue is the position from the Angel's view as the Devil's search
// sees it: the threat of double squares first, then the Angel's route
// count (angelValue) to order positions of equal threat.
func (p *angelsPos) devilValue() int {
	old := p.angelValue()
	if old < -ai.Win/4 {
		return old // enclosed: the Devil has won
	}
	return p.devilThreat() + old/4
}

// devilCandidates narrows the Devil's blocks, while the Angel is not
// enclosed, to those that can matter against an Angel on its way out: the
// band along the edges (k+1 squares deep: walls there cannot be stepped
// around before the edge), and the squares near the Angel (the tactics of
// the next moves). An enclosed Angel's region is left whole: the Devil fills
// it.
func (p *angelsPos) devilCandidates(region *[angels.MaxSize]uint64) {
	edge := false
	edgeCols := uint64(1) | 1<<uint(p.n-1)
	for r := range p.n {
		if region[r] != 0 && (r == 0 || r == p.n-1 || region[r]&edgeCols != 0) {
			edge = true
			break
		}
	}
	if !edge {
		return
	}
	var band uint64
	for c := range p.k + 1 {
		band |= 1<<uint(c) | 1<<uint(p.n-1-c)
	}
	a := p.s.Angel()
	ar, ac := int(a.Row), int(a.Col)
	var near uint64
	for c := max(0, ac-2*p.k); c <= min(p.n-1, ac+2*p.k); c++ {
		near |= 1 << uint(c)
	}
	for r := range p.n {
		mask := band
		if r <= p.k || r >= p.n-1-p.k {
			mask = p.full
		}
		if r >= ar-2*p.k && r <= ar+2*p.k {
			mask |= near
		}
		region[r] &= mask
	}
}

// edgeCount is the number of free edge squares in reach of (r, c).
func (p *angelsPos) edgeCount(r, c int) int {
	n := 0
	for rr := max(0, r-p.k); rr <= min(p.n-1, r+p.k); rr++ {
		for cc := max(0, c-p.k); cc <= min(p.n-1, c+p.k); cc++ {
			if (rr == 0 || cc == 0 || rr == p.n-1 || cc == p.n-1) && (rr != r || cc != c) && !p.s.Blocked(rr, cc) {
				n++
			}
		}
	}
	return n
}

// Noisy, for the Devil's search, are the forcing moves of a ladder: the
// Angel stepping next to a free edge square, and the Devil's block of the
// one free edge square next to the Angel. An Angel walking along a wall
// forces a block at every step, and the walk ends where the wall does;
// playing these out at the horizon shows the Devil whether the wall holds.
func (p *angelsPos) Noisy(dst []ai.Move) []ai.Move {
	if !p.devil {
		return dst
	}
	a := p.s.Angel()
	ar, ac := int(a.Row), int(a.Col)
	if !p.s.AngelToMove() {
		if p.edgeCount(ar, ac) != 1 {
			return dst
		}
		for r := max(0, ar-p.k); r <= min(p.n-1, ar+p.k); r++ {
			for c := max(0, ac-p.k); c <= min(p.n-1, ac+p.k); c++ {
				if (r == 0 || c == 0 || r == p.n-1 || c == p.n-1) && !p.s.Blocked(r, c) {
					return append(dst, packSquare(r, c))
				}
			}
		}
		return dst
	}
	for r := max(1, ar-p.k); r <= min(p.n-2, ar+p.k); r++ {
		for c := max(1, ac-p.k); c <= min(p.n-2, ac+p.k); c++ {
			if (r != ar || c != ac) && !p.s.Blocked(r, c) && p.edgeCount(r, c) > 0 {
				dst = append(dst, packSquare(r, c))
			}
		}
	}
	return dst
}

// QuiesceLimit lets a ladder play out longer than other games' captures.
func (p *angelsPos) QuiesceLimit() int { return p.par.quiesce }

// angelHeading is the Angel's square and the unit vector of its last step
// (zero before its first move, or after it stayed).
func (p *angelsPos) angelHeading() (ar, ac int, vr, vc float64) {
	a := p.s.Angel()
	ar, ac = int(a.Row), int(a.Col)
	pr, pc := -1, -1
	if prev, ok := p.s.Previous(); ok {
		pr, pc = int(prev.Row), int(prev.Col)
	}
	vr, vc = heading(ar, ac, pr, pc)
	return ar, ac, vr, vc
}

// heading is the unit vector of a step from (pr, pc) to (ar, ac); zero
// without a previous square (pr < 0) or for a step that stayed.
func heading(ar, ac, pr, pc int) (vr, vc float64) {
	if pr < 0 {
		return 0, 0
	}
	vr, vc = float64(ar-pr), float64(ac-pc)
	if l := math.Hypot(vr, vc); l > 0 {
		return vr / l, vc / l
	}
	return 0, 0
}
