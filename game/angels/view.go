package angels

import (
	"fmt"

	"boardroom/game"
)

// The board as the pages show it (game.View).

// Board implements game.View.
func (Game) Board(st game.State) game.Board {
	n := st.(*State).Size()
	return game.Board{Layout: game.LayoutGrid, Rows: n, Cols: n, Style: "lattice",
		Label: "Angels and Devils board", SeatColors: [2]string{"gold", "red"},
		Files: game.Numbers(n), Ranks: game.Numbers(n)}
}

// Cell implements game.View.
func (Game) Cell(st game.State, at game.Cell) game.CellView {
	s := st.(*State)
	r, c, n := int(at.Row), int(at.Col), s.Size()
	name := game.NumberedName(at)
	switch {
	case s.Angel() == at:
		return game.CellView{Class: "angel-here", Name: name, What: "the Angel", Piece: "angel", PieceClass: "piece angel"}
	case s.Blocked(r, c):
		return game.CellView{Class: "blocked", Name: name, What: "blocked"}
	case r == 0 || c == 0 || r == n-1 || c == n-1:
		return game.CellView{Class: "edge", Name: name, What: "edge, free"}
	}
	return game.CellView{Name: name, What: "free"}
}

// Score implements game.View: the blocked squares and how far the Angel is
// from escaping.
func (Game) Score(st game.State) string {
	s := st.(*State)
	return fmt.Sprintf("Blocked %d · Angel %d from the edge", s.BlockedCount(), s.EdgeDistance())
}

// MoveHint implements game.View.
func (Game) MoveHint(game.State) string {
	return "X,Y - the square to move to (Angel) or to block (Devil), e.g. 6,7"
}

// RulesAnchor implements game.View.
func (Game) RulesAnchor() string { return "angels" }

// Summary implements game.View.
func (Game) Summary() string {
	return "The Angel flies towards the edge of the board; the Devil blocks a square every turn to trap it."
}

// Unit implements game.View: what the computer's evaluation counts.
func (Game) Unit() string { return "" }
