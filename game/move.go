package game

import "fmt"

// Player is a seat: First moves first, Second is the other seat.
type Player int8

// The two seats of every game, and the absence of one (a draw's winner).
const (
	NoPlayer Player = -1
	First    Player = 0
	Second   Player = 1
)

// Other returns the opponent of p.
func (p Player) Other() Player { return 1 - p }

// Valid reports whether p is one of the two seats.
func (p Player) Valid() bool { return p == First || p == Second }

// Cell is a square or pit of the board as it is drawn: 0-based row and column
// from the top-left of the rendered grid.
type Cell struct{ Row, Col int8 }

// String writes the cell as "ROW,COL", the form the web page sends.
func (c Cell) String() string { return fmt.Sprintf("%d,%d", c.Row, c.Col) }

// MaxMoveCells is the most cells a move takes to click (Amazons: amazon,
// destination, arrow).
const MaxMoveCells = 3

// Move is one player's part of a turn. It is a small value without pointers,
// so moves compare with == and live in reusable slices without allocating.
type Move struct {
	// Cells are the cells a person clicks to make the move, in order; only the
	// first Len are used, the rest are zero.
	Cells [MaxMoveCells]Cell
	Len   uint8
	// Tag is game-specific detail that the cells do not carry (a Mad Bishops
	// kill, for example); 0 where a game does not need it.
	Tag uint8
}

// NewMove makes a move from the cells clicked to make it.
func NewMove(cells ...Cell) Move {
	if len(cells) > MaxMoveCells {
		panic(fmt.Sprintf("game: a move has at most %d cells, got %d", MaxMoveCells, len(cells)))
	}
	var m Move
	copy(m.Cells[:], cells)
	m.Len = uint8(len(cells))
	return m
}

// Path returns the cells of the move in click order.
func (m Move) Path() []Cell { return m.Cells[:m.Len:m.Len] }

// HasPrefix reports whether the move starts with the given clicks.
func (m Move) HasPrefix(clicks []Cell) bool {
	if len(clicks) > int(m.Len) {
		return false
	}
	for i, c := range clicks {
		if m.Cells[i] != c {
			return false
		}
	}
	return true
}

// SamePath reports whether the move is made by exactly these clicks.
func (m Move) SamePath(clicks []Cell) bool {
	return int(m.Len) == len(clicks) && m.HasPrefix(clicks)
}
