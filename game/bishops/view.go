package bishops

import (
	"fmt"

	"boardroom/game"
)

// The board as the pages show it (game.View).

// Board implements game.View.
func (Game) Board(game.State) game.Board {
	return game.Board{Layout: game.LayoutGrid, Rows: Size, Cols: Size, Style: "checker",
		Label: "Mad Bishops board", SeatColors: [2]string{"white", "black"},
		Files: game.AlgebraicFiles(Size), Ranks: game.AlgebraicRanks(Size)}
}

// Cell implements game.View.
func (Game) Cell(st game.State, at game.Cell) game.CellView {
	name := game.AlgebraicName(at, Size)
	switch st.(*State).At(at) {
	case game.First:
		return game.CellView{Name: name, What: "white bishop", Piece: "bishop", PieceClass: "piece white"}
	case game.Second:
		return game.CellView{Name: name, What: "black bishop", Piece: "bishop", PieceClass: "piece black"}
	}
	return game.CellView{Name: name, What: "empty"}
}

// Score implements game.View: white pieces − black pieces, as the rules say.
func (Game) Score(st game.State) string {
	s := st.(*State)
	w, b := s.Count(game.First), s.Count(game.Second)
	return fmt.Sprintf("White %d · Black %d · %+d", w, b, w-b)
}

// MoveHint implements game.View.
func (Game) MoveHint(game.State) string { return "c3-e5 or c3xf6 - engage, or kill" }

// RulesAnchor implements game.View.
func (Game) RulesAnchor() string { return "bishops" }

// Summary implements game.View.
func (Game) Summary() string {
	return "Bishops that must attack: each move kills, or lines up a kill. Take every enemy piece to win."
}

// Unit implements game.View: what the computer's evaluation counts.
func (Game) Unit() string { return "pieces" }
