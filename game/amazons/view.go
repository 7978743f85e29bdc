package amazons

import (
	"strconv"

	"boardroom/game"
)

// The board as the pages show it (game.View).

// Board implements game.View.
func (Game) Board(game.State) game.Board {
	return game.Board{Layout: game.LayoutGrid, Rows: Size, Cols: Size, Style: "checker",
		Label: "Game of the Amazons board", SeatColors: [2]string{"white", "black"},
		Files: game.AlgebraicFiles(Size), Ranks: game.AlgebraicRanks(Size)}
}

// Cell implements game.View.
func (Game) Cell(st game.State, at game.Cell) game.CellView {
	name := game.AlgebraicName(at, Size)
	switch st.(*State).At(at) {
	case WhiteAmazon:
		return game.CellView{Name: name, What: "white amazon", Piece: "amazon", PieceClass: "piece white"}
	case BlackAmazon:
		return game.CellView{Name: name, What: "black amazon", Piece: "amazon", PieceClass: "piece black"}
	case Arrow:
		return game.CellView{Name: name, What: "arrow", Class: "burnt", Piece: "arrow", PieceClass: "piece arrow"}
	}
	return game.CellView{Name: name, What: "empty"}
}

// Score implements game.View: the arrows shot (the computer's territory
// estimate replaces it where the computer players give one).
func (Game) Score(st game.State) string {
	return "Arrows " + strconv.Itoa(st.(*State).Arrows().Count())
}

// MoveHint implements game.View.
func (Game) MoveHint(game.State) string { return "d1-d7/g7 - move an amazon, then shoot an arrow" }

// RulesAnchor implements game.View.
func (Game) RulesAnchor() string { return "amazons" }

// Summary implements game.View.
func (Game) Summary() string {
	return "Move an amazon like a queen, then shoot an arrow that walls off a square: the last player able to move wins."
}

// Unit implements game.View: what the computer's evaluation counts.
func (Game) Unit() string { return "squares of territory" }
