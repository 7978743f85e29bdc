package demons

import (
	"math/bits"

	"boardroom/game"
)

// Board sizes the options allow: even, from minSize to maxSize.
const (
	minSize = 6
	maxSize = 12
)

// squares is a set of light squares, bit i for light index i. A light index is
// (row*size+col)/2: every row holds size/2 light squares, so 144/2 = 72 bits
// cover the largest board.
type squares [2]uint64

func (b squares) count() int { return bits.OnesCount64(b[0]) + bits.OnesCount64(b[1]) }

func (b squares) has(i int) bool { return b[i>>6]>>(i&63)&1 != 0 }

func (b *squares) set(i int) { b[i>>6] |= 1 << (i & 63) }

// geometry is what depends only on the board size, built once per size and
// shared by every State of that size.
type geometry struct {
	size int
	// moves lists every choice as a game.Move, in choice order (reading order
	// of the dark squares); Legal copies it.
	moves []game.Move
	// cover is the set of squares each choice covers.
	cover []squares
}

// geometries holds one geometry per allowed size, indexed by (size-minSize)/2.
var geometries = func() (gs [(maxSize-minSize)/2 + 1]*geometry) {
	for i := range gs {
		gs[i] = newGeometry(minSize + 2*i)
	}
	return gs
}()

// geometryFor returns the shared geometry of an allowed size.
func geometryFor(size int) *geometry { return geometries[(size-minSize)/2] }

func newGeometry(size int) *geometry {
	g := &geometry{size: size}
	for r := range size {
		for c := range size {
			if (r+c)%2 == 0 {
				continue
			}
			g.moves = append(g.moves, game.NewMove(game.Cell{Row: int8(r), Col: int8(c)}))
			var cov squares
			for _, d := range [4][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
				nr, nc := r+d[0], c+d[1]
				if nr >= 0 && nr < size && nc >= 0 && nc < size {
					cov.set((nr*size + nc) / 2)
				}
			}
			g.cover = append(g.cover, cov)
		}
	}
	return g
}

// onBoard reports whether a cell lies on the board.
func (g *geometry) onBoard(c game.Cell) bool {
	return c.Row >= 0 && int(c.Row) < g.size && c.Col >= 0 && int(c.Col) < g.size
}

// index is the choice number of a dark cell or the light index of a light
// cell; the two numberings overlap, so callers know which kind they hold.
func (g *geometry) index(c game.Cell) int { return (int(c.Row)*g.size + int(c.Col)) / 2 }

func isDark(c game.Cell) bool { return (c.Row+c.Col)%2 != 0 }

// Undo is what UnmakeTurn needs to take a turn back.
type Undo struct{ own [2]squares }

// MakeTurn plays the turn in which the Angels choose choice a and the Demons
// choice b (choice numbers, 0 ≤ a, b < NumChoices()) and returns what
// UnmakeTurn needs. It does not validate: the search calls it on a game that is
// not over, with numbers in range. It never allocates.
func (s *State) MakeTurn(a, b int) Undo {
	u := Undo{own: s.own}
	s.own = s.after(a, b)
	s.ply++
	return u
}

// UnmakeTurn takes back the turn that MakeTurn returned u for; turns are taken
// back in the reverse order they were made.
func (s *State) UnmakeTurn(u Undo) {
	s.own = u.own
	s.ply--
}

// after returns the owners of the squares after a turn, without changing s.
// A square covered by one choice only goes to that choice's seat; a square
// covered by both becomes empty; the rest keep their owner. The words are
// spelled out because the compiler keeps a loop's arrays in memory.
func (s *State) after(a, b int) [2]squares {
	ca, cb := &s.geo.cover[a], &s.geo.cover[b]
	a0, a1, b0, b1 := ca[0], ca[1], cb[0], cb[1]
	return [2]squares{
		{s.own[0][0]&^(a0|b0) | a0&^b0, s.own[0][1]&^(a1|b1) | a1&^b1},
		{s.own[1][0]&^(a0|b0) | b0&^a0, s.own[1][1]&^(a1|b1) | b1&^a1},
	}
}

// CoveredAfter returns the covered counts (Angels, Demons) that the turn a, b
// (choice numbers as in MakeTurn) would leave, without playing it.
func (s *State) CoveredAfter(a, b int) [2]int {
	own := s.after(a, b)
	return [2]int{own[0].count(), own[1].count()}
}
