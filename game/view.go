package game

import "strconv"

// View is how the pages and the terminal show a game: what each cell of its
// board shows, the scoreboard line, how a move is typed and where its rules
// are. It is data, not HTML: the templates draw any game's Board the same
// way. A registered Game implements View; one that does not is shown with
// DefaultView.
type View interface {
	// Board describes the position's board.
	Board(s State) Board
	// Score is the scoreboard line ("Stores: P1 4 · P2 7").
	Score(s State) string
	// MoveHint shows how a move is typed ("d1-d7/g7"), for the terminal.
	MoveHint() string
	// RulesAnchor is the id of the game's section in docs/rules.md.
	RulesAnchor() string
}

// Layouts of a Board.
const (
	// LayoutGrid is a grid of Board.Cols columns, filled row by row.
	LayoutGrid = "grid"
	// LayoutPits is a mancala board: two rows of Cols-2 houses between two
	// stores that span both rows. The cells are the left store, the top
	// row from the left, the bottom row from the left, the right store.
	LayoutPits = "pits"
)

// Board is what a position's board shows, cell by cell.
type Board struct {
	// Layout is LayoutGrid or LayoutPits; Cols is the grid's width.
	Layout string
	Cols   int
	// Class adds style classes to the board ("checker", "angels").
	Class string
	// Label is the board's accessible name ("Kalah board").
	Label string
	// Cells in the order they are drawn: row by row, from the top.
	Cells []CellView
	// Note is a line under the board ("Turn 3 of 8"); empty for none.
	Note string
}

// CellView is what one cell shows. Its Cell is what a click on it sends.
type CellView struct {
	At Cell
	// Name and What make its accessible name: "d4, white amazon".
	Name, What string
	// Class adds style classes ("edge", "blocked", "pit house seat0").
	Class string
	// Piece is the symbol drawn from the page's sprite ("amazon"), with
	// PieceClass its style ("piece white"); empty: no piece.
	Piece, PieceClass string
	// Count is drawn as that many seeds, and the number, when Counted.
	Count   int
	Counted bool
	// Caption is a small label on the cell (a house's number).
	Caption string
}

// ViewOf returns g's View, or the DefaultView of g.
func ViewOf(g Game) View {
	if v, ok := g.(View); ok {
		return v
	}
	return DefaultView{}
}

// DefaultView shows a game that brings no View of its own: its text board
// and scores, with no cells to click.
type DefaultView struct{}

// Board implements View.
func (DefaultView) Board(s State) Board {
	return Board{Layout: LayoutGrid, Label: s.Game().Name() + " board", Note: s.Render()}
}

// Score implements View.
func (DefaultView) Score(s State) string {
	sc := s.Score()
	seats := s.Game().Seats()
	return seats[0] + " " + strconv.Itoa(sc[0]) + " · " + seats[1] + " " + strconv.Itoa(sc[1])
}

// MoveHint implements View.
func (DefaultView) MoveHint() string { return "" }

// RulesAnchor implements View.
func (DefaultView) RulesAnchor() string { return "" }
