package angels

import (
	"context"
	"fmt"
	"math/rand/v2"

	"boardroom/game"
)

// Beginner implements game.BeginnerMaker: the computer player of the
// original's automated mode (docs/rules.md), for whichever seat it is asked to
// play. Its random choices repeat for the same seed.
//
// Angel: an edge square in reach if there is one (it wins at once);
// otherwise a square that was out of reach from its previous square, so that
// it keeps moving on; otherwise (first move, or no such square) any square in
// reach other than its own. Staying put is never chosen: "move to a square"
// and the Angel always has another free square when it is to move.
//
// Devil: the board splits into four quarters of ⌈N/2⌉×⌈N/2⌉ squares; on an
// odd board the middle row and the middle column belong to both quarters on
// either side of them, so the quarters are equal and overlap on the middle
// lines. The Angel's quarter is every quarter holding its square (two on a
// middle line, all four on the centre), and the Devil blocks one of their
// empty board-edge squares (the squares where the Angel would win), the one
// nearest the Angel in straight-line distance. When those are all blocked it
// blocks a free square in the Angel's reach, again nearest first. Ties are
// broken at random.
func (Game) Beginner(seed uint64) game.Bot {
	return &beginner{rng: game.NewRand(seed)}
}

type beginner struct {
	rng *rand.Rand
}

// Choose implements game.Bot.
func (b *beginner) Choose(ctx context.Context, gs game.State, p game.Player) (game.Move, error) {
	if err := ctx.Err(); err != nil {
		return game.Move{}, err
	}
	s, ok := gs.(*State)
	if !ok {
		return game.Move{}, fmt.Errorf("angels: the Beginner plays Angels & Devils, not %s", gs.Game().ID())
	}
	if s.over() || p != s.turn() {
		return game.Move{}, fmt.Errorf("%w: %s is not to move", game.ErrNotYourTurn, Game{}.Seats()[p&1])
	}
	var sq pos
	if p == game.First {
		sq = b.angel(s)
	} else {
		sq = b.devil(s)
	}
	return game.NewMove(game.Cell{Row: sq.r, Col: sq.c}), nil
}

// picker chooses uniformly among the best candidates seen so far (lowest
// rank), by reservoir sampling, without collecting them.
type picker struct {
	rng  *rand.Rand
	best pos
	rank int
	ties int
}

func (p *picker) offer(sq pos, rank int) {
	switch {
	case p.ties == 0 || rank < p.rank:
		p.best, p.rank, p.ties = sq, rank, 1
	case rank == p.rank:
		p.ties++
		if p.rng.IntN(p.ties) == 0 {
			p.best = sq
		}
	}
}

func (b *beginner) angel(s *State) pos {
	pk := picker{rng: b.rng}
	const edge, fresh, other = 0, 1, 2
	n1 := s.n - 1
	s.eachFreeInReach(func(sq pos) {
		switch {
		case sq.r == 0 || sq.c == 0 || sq.r == n1 || sq.c == n1:
			pk.offer(sq, edge)
		case s.prev != noPos && !inReach(s.prev, sq, s.k):
			pk.offer(sq, fresh)
		default:
			pk.offer(sq, other)
		}
	})
	return pk.best
}

func (b *beginner) devil(s *State) pos {
	pk := picker{rng: b.rng}
	r0, r1 := quarterSpan(s.angel.r, s.n)
	c0, c1 := quarterSpan(s.angel.c, s.n)
	n1 := s.n - 1
	for r := r0; r <= r1; r++ {
		for c := c0; c <= c1; c++ {
			onEdge := r == 0 || c == 0 || r == n1 || c == n1
			if onEdge && !s.Blocked(int(r), int(c)) {
				pk.offer(pos{r, c}, dist2(s.angel, pos{r, c}))
			}
		}
	}
	if pk.ties == 0 {
		s.eachFreeInReach(func(sq pos) { pk.offer(sq, dist2(s.angel, sq)) })
	}
	return pk.best
}

// quarterSpan returns the rows (or columns) of the union of the halves that
// hold x on an n-wide board: [0, ⌈n/2⌉) and [⌊n/2⌋, n), which overlap on
// the middle line when n is odd.
func quarterSpan(x, n int8) (lo, hi int8) {
	lo, hi = 0, n-1
	if x < n/2 { // not in the second half
		hi = (n+1)/2 - 1
	}
	if x > (n+1)/2-1 { // not in the first half
		lo = n / 2
	}
	return lo, hi
}

func dist2(a, b pos) int {
	dr, dc := int(a.r-b.r), int(a.c-b.c)
	return dr*dr + dc*dc
}

// eachFreeInReach calls f with every free square in the Angel's reach other
// than its own, row by row.
func (s *State) eachFreeInReach(f func(pos)) {
	r0, r1, mask := s.window(s.angel)
	for r := r0; r <= r1; r++ {
		for c := 0; c < int(s.n); c++ {
			if mask>>uint(c)&1 != 0 && s.rows[r]>>uint(c)&1 == 0 && (r != int(s.angel.r) || c != int(s.angel.c)) {
				f(pos{int8(r), int8(c)})
			}
		}
	}
}
