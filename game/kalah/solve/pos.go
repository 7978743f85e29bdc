package solve

import (
	"errors"
	"math/bits"

	"boardroom/game"
	"boardroom/game/kalah"
)

// maxRing is the longest ring the solver handles: the houses of both sides
// of the largest board and one store (the mover's; the opponent's store is
// never sown into, so it is left out).
const maxRing = 2*kalah.MaxHouses + 1

// ring is a position seen from the side to move: its houses 1..H at
// indexes 0..H−1, its store at H (kept at 0 between moves: it only collects a
// move's gain), the opponent's houses 1..H at H+1..2H. The opponent's house
// opposite index i is 2H−i, as in kalah.Board. Counts are bytes: the solver
// refuses positions with more than 255 seeds in the houses.
type ring [maxRing]uint8

// ErrTooBig is returned for positions with more seeds in the houses than the
// solver's byte-sized pits can hold.
var ErrTooBig = errors.New("solve: more than 255 seeds in the houses")

// geom is what sowing needs to know about the game: the houses a side, the
// ring length and the capture rule.
type geom struct {
	h, n         int // houses a side; ring length 2h+1
	emptyCapture bool
}

func newGeom(houses int, emptyCapture bool) geom {
	return geom{h: houses, n: 2*houses + 1, emptyCapture: emptyCapture}
}

// moverSeeds is the seeds in the mover's houses.
func (g *geom) moverSeeds(r *ring) int {
	s := 0
	for _, v := range r[:g.h] {
		s += int(v)
	}
	return s
}

// sow plays the mover's house i (0-based, non-empty) in place and returns the
// seeds it banked and whether the mover moves again. The ring stays in the
// mover's view; flip hands it to the opponent.
func (g *geom) sow(r *ring, i int) (gain int, again bool) {
	n := int(r[i])
	r[i] = 0
	last := (i + n) % g.n
	if n >= g.n {
		// Whole laps drop a seed in every pit, the emptied house included.
		q := uint8(n / g.n)
		for j := range g.n {
			r[j] += q
		}
		n %= g.n
	}
	for j := i + 1; n > 0; j, n = j+1, n-1 {
		if j == g.n {
			j = 0
		}
		r[j]++
	}
	h := g.h
	if last == h {
		gain = int(r[h])
		r[h] = 0
		return gain, true
	}
	// One seed now means the house was empty before the last seed fell.
	if last < h && r[last] == 1 {
		opp := 2*h - last
		if r[opp] > 0 || g.emptyCapture {
			r[h] += 1 + r[opp]
			r[last], r[opp] = 0, 0
		}
	}
	gain = int(r[h])
	r[h] = 0
	return gain, false
}

// flip returns the ring seen from the other side.
func (g *geom) flip(r *ring) ring {
	var f ring
	h := g.h
	copy(f[:h], r[h+1:2*h+1])
	copy(f[h+1:2*h+1], r[:h])
	return f
}

// fromState reads a kalah position: the ring from the mover's view, the
// mover's store minus the opponent's, and the seeds left in the houses.
func fromState(s *kalah.State) (g geom, r ring, storeDiff, seeds int, err error) {
	h := s.Houses()
	g = newGeom(h, s.Options().Bool(kalah.OptEmptyCapture))
	me := s.Turn()
	them := me.Other()
	for i := range h {
		a, b := s.Seeds(me, i+1), s.Seeds(them, i+1)
		seeds += a + b
		if a > 255 || b > 255 || seeds > 255 {
			return g, r, 0, 0, ErrTooBig
		}
		r[i], r[h+1+i] = uint8(a), uint8(b)
	}
	return g, r, s.Store(me) - s.Store(them), seeds, nil
}

// sign is +1 when p is the first seat and −1 otherwise: it turns a value
// seen from p into the first seat's margin.
func sign(p game.Player) int {
	if p == game.First {
		return 1
	}
	return -1
}

// keyer packs a ring's houses into 128 bits, width bits a pit. When the
// houses do not fit (only for big boards with many seeds), the overflow is
// folded in and the key is no longer exact; see Config.
type keyer struct {
	width uint
	exact bool
}

func newKeyer(h, seeds int) keyer {
	w := uint(bits.Len(uint(seeds)))
	w = max(w, 1)
	return keyer{width: w, exact: uint(2*h)*w <= 128}
}

// key packs the mover's houses then the opponent's.
func (k keyer) key(g *geom, r *ring) (lo, hi uint64) {
	if k.exact {
		// Shift each pit in at the low end of a 128-bit accumulator:
		// no branches, and nothing falls off the top since 2H pits of
		// width bits fit.
		w := k.width
		h := g.h
		for _, v := range r[:h] {
			hi = hi<<w | lo>>(64-w)
			lo = lo<<w | uint64(v)
		}
		for _, v := range r[h+1 : 2*h+1] {
			hi = hi<<w | lo>>(64-w)
			lo = lo<<w | uint64(v)
		}
		return lo, hi
	}
	return k.foldedKey(g, r)
}

// foldedKey is key for boards whose houses do not fit 128 bits.
func (k keyer) foldedKey(g *geom, r *ring) (lo, hi uint64) {
	var bit uint
	w := k.width
	for j := 0; j <= 2*g.h; j++ {
		if j == g.h {
			continue // the store slot, always empty between moves
		}
		v := uint64(r[j])
		switch {
		case bit < 64:
			lo |= v << bit
			if bit+w > 64 {
				hi |= v >> (64 - bit)
			}
		case bit < 128:
			hi |= v << (bit - 64)
		default:
			// Fold the overflow in: inexact, but such boards are far
			// beyond solving anyway.
			hi ^= (v + 1) * 0x9e3779b97f4a7c15 >> (bit % 64)
			lo ^= (v + 1) * 0xbf58476d1ce4e5b9 << (bit % 31)
		}
		bit += w
	}
	return lo, hi
}
