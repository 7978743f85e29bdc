package angels

import (
	"math/bits"

	"boardroom/game"
)

// pos is a square, 0-based row and column.
type pos struct{ r, c int8 }

// noPos stands for "no previous square" (before the Angel's first move).
var noPos = pos{-1, -1}

// State is a position of Angels & Devils. Use it through pointers; Clone and
// Perft copy it, which is cheap (a few hundred bytes, no pointers but the
// shared, immutable options).
type State struct {
	opts game.Options
	// rows[r] has bit c set when square (r, c) is blocked.
	rows    [MaxSize]uint64
	full    uint64 // the bits of one row's columns
	n, k    int8
	angel   pos
	prev    pos // the Angel's square before its last move; noPos at ply 0
	blocked int16
	ply     int32
}

// Square is what stands on one square, for drawing the board.
type Square uint8

// What a square can hold.
const (
	Empty Square = iota
	Blocked
	AngelHere
)

// Size returns N, the board's side.
func (s *State) Size() int { return int(s.n) }

// Power returns k, how far the Angel reaches in rows and in columns.
func (s *State) Power() int { return int(s.k) }

// Angel returns the Angel's square.
func (s *State) Angel() game.Cell { return game.Cell{Row: s.angel.r, Col: s.angel.c} }

// Previous returns the Angel's square before its last move (its own square
// if it stayed), and false before its first move.
func (s *State) Previous() (game.Cell, bool) {
	if s.prev == noPos {
		return game.Cell{}, false
	}
	return game.Cell{Row: s.prev.r, Col: s.prev.c}, true
}

// OnBoard reports whether the 0-based row and column lie on the board.
func (s *State) OnBoard(r, c int) bool { return r >= 0 && c >= 0 && r < int(s.n) && c < int(s.n) }

// Blocked reports whether the square at 0-based row r, column c is blocked;
// false off the board.
func (s *State) Blocked(r, c int) bool {
	return s.OnBoard(r, c) && s.rows[r]>>uint(c)&1 != 0
}

// BlockedRow returns row r's blocked squares as bits (bit c: column c), for
// searches that count in bulk. Row r must be on the board.
func (s *State) BlockedRow(r int) uint64 { return s.rows[r] }

// At returns what stands on a square; Empty off the board.
func (s *State) At(r, c int) Square {
	switch {
	case !s.OnBoard(r, c):
		return Empty
	case r == int(s.angel.r) && c == int(s.angel.c):
		return AngelHere
	case s.rows[r]>>uint(c)&1 != 0:
		return Blocked
	}
	return Empty
}

// BlockedCount returns how many squares the Devil has blocked.
func (s *State) BlockedCount() int { return int(s.blocked) }

// EdgeDistance returns how many rows or columns the Angel is from the
// nearest edge square (0 on the edge), for the scoreboard.
func (s *State) EdgeDistance() int {
	n1 := s.n - 1
	return int(min(s.angel.r, s.angel.c, n1-s.angel.r, n1-s.angel.c))
}

// AngelToMove reports whether it is the Angel's turn (the game may be over).
func (s *State) AngelToMove() bool { return s.ply&1 == 0 }

// InReach reports whether the square is within the Angel's power of its
// current square (blocked or not; the Angel's own square included).
func (s *State) InReach(r, c int) bool { return inReach(s.angel, pos{int8(r), int8(c)}, s.k) }

func inReach(a, b pos, k int8) bool {
	return abs8(a.r-b.r) <= k && abs8(a.c-b.c) <= k
}

func abs8(x int8) int8 {
	if x < 0 {
		return -x
	}
	return x
}

// FreeInReach counts the unblocked squares in the Angel's reach other than
// its own: 0 means the Angel is trapped.
func (s *State) FreeInReach() int {
	r0, r1, mask := s.window(s.angel)
	free := 0
	for r := r0; r <= r1; r++ {
		free += bits.OnesCount64(^s.rows[r] & mask)
	}
	return free - 1 // the Angel's own square is never blocked
}

// window returns the rows and the column mask of the squares within reach of
// a, clipped to the board.
func (s *State) window(a pos) (r0, r1 int, mask uint64) {
	k := int(s.k)
	r0, r1 = max(int(a.r)-k, 0), min(int(a.r)+k, int(s.n)-1)
	c0, c1 := max(int(a.c)-k, 0), min(int(a.c)+k, int(s.n)-1)
	mask = (uint64(1)<<uint(c1-c0+1) - 1) << uint(c0)
	return r0, r1, mask
}

// OnEdge reports whether the Angel stands on an edge square.
func (s *State) OnEdge() bool {
	a, n1 := s.angel, s.n-1
	return a.r == 0 || a.c == 0 || a.r == n1 || a.c == n1
}

// Trapped reports whether it is the Angel's turn and every square in its
// reach but its own is blocked.
func (s *State) Trapped() bool { return s.AngelToMove() && s.FreeInReach() == 0 }

// Undo is what Unmake needs to take back one Make.
type Undo struct {
	angel, prev, sq pos
}

// Make plays the square (0-based) for the seat to move without checking it:
// the Angel's destination on its turn, the Devil's block on the Devil's. The
// caller must pass a legal move of a game that is not over (see Legal).
func (s *State) Make(r, c int) Undo {
	sq := pos{int8(r), int8(c)}
	u := Undo{angel: s.angel, prev: s.prev, sq: sq}
	if s.ply&1 == 0 {
		s.prev, s.angel = s.angel, sq
	} else {
		s.rows[r] |= 1 << uint(c)
		s.blocked++
	}
	s.ply++
	return u
}

// Unmake takes back the last Make, given what it returned.
func (s *State) Unmake(u Undo) {
	s.ply--
	if s.ply&1 == 0 {
		s.angel, s.prev = u.angel, u.prev
	} else {
		s.rows[u.sq.r] &^= 1 << uint(u.sq.c)
		s.blocked--
	}
}
