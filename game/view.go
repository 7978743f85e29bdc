package game

import "strconv"

// View is how the pages and the terminal show a game: what each cell of its
// board shows, the scoreboard line, how a move is typed and where its rules
// are. It is data, not HTML: the templates draw every game's board with the
// same code. A registered Game implements View; one that does not is shown
// with DefaultView.
type View interface {
	// Board describes the position's board as a whole.
	Board(s State) Board
	// Cell says what one cell of the board shows. It is called for every
	// cell of every page drawn, so it should not allocate: names and
	// labels are constants or cached.
	Cell(s State, at Cell) CellView
	// Score is the scoreboard line ("Stores: P1 4 · P2 7").
	Score(s State) string
	// MoveHint shows how a move is typed in position s ("d1-d7/g7 - move
	// an amazon, then shoot an arrow"), for the terminal.
	MoveHint(s State) string
	// RulesAnchor is the id of the game's section in docs/rules.md.
	RulesAnchor() string
	// HowTo is the game's how-to-play page for players (see howto.go): a
	// section for each of HowToTitles, in order; nil for a game that has
	// none (the rules pages leave it out).
	HowTo() []HowToSection
	// Summary says in one line what the game is, for the lobby.
	Summary() string
	// Unit names what the computer's evaluation counts ("seeds"); empty
	// when its numbers mean nothing to a person.
	Unit() string
}

// Layouts of a Board.
const (
	// LayoutGrid is Rows × Cols cells, drawn row by row from the top: cell
	// (r, c) for every r < Rows, c < Cols.
	LayoutGrid = "grid"
	// LayoutPits is a mancala board: two rows of Cols-2 houses between two
	// stores that span both rows. The cells are drawn as the left store
	// (0,0), the top row (0,1)…(0,Cols-2), the bottom row (1,1)…(1,Cols-2)
	// and the right store (1,Cols-1).
	LayoutPits = "pits"
)

// Board is what a position's board is, besides its cells.
type Board struct {
	// Layout is LayoutGrid or LayoutPits; Rows and Cols its size (Rows 0:
	// no cells at all).
	Layout     string
	Rows, Cols int
	// Style names the board's look for the style sheet ("checker",
	// "lattice", "pits"); the same look may serve several games.
	Style string
	// Label is the board's accessible name ("Kalah board").
	Label string
	// Note is a line under the board ("Turn 3 of 8"); empty for none.
	Note string
	// SeatColors name each seat's colour for the style sheet ("white",
	// "black", "gold", "red").
	SeatColors [2]string
	// Files label the columns from the left and Ranks the rows from the
	// top, in the game's notation ("a"…"j", "10"…"1"); nil: no labels
	// (Kalah numbers its houses on the houses themselves).
	Files, Ranks []string
}

// Cells lists the board's cells in the order they are drawn.
func (b Board) Cells() []Cell {
	out := make([]Cell, 0, b.CellCount())
	switch b.Layout {
	case LayoutPits:
		out = append(out, Cell{Row: 0, Col: 0})
		for r := range 2 {
			for c := 1; c < b.Cols-1; c++ {
				out = append(out, Cell{Row: int8(r), Col: int8(c)})
			}
		}
		return append(out, Cell{Row: 1, Col: int8(b.Cols - 1)})
	default:
		for r := range b.Rows {
			for c := range b.Cols {
				out = append(out, Cell{Row: int8(r), Col: int8(c)})
			}
		}
	}
	return out
}

// CellCount is how many cells the board draws.
func (b Board) CellCount() int {
	if b.Layout == LayoutPits {
		return 2*b.Cols - 2
	}
	return b.Rows * b.Cols
}

// CellView is what one cell shows. What a click on it sends is its Cell.
type CellView struct {
	// Name and What make its accessible name: "d4: white amazon" (Name
	// may be empty: "P1 house 3, 4 seeds").
	Name, What string
	// Class adds style classes ("edge", "blocked", "house seat0").
	Class string
	// Piece is the symbol drawn from the page's sprite ("amazon"), with
	// PieceClass its style ("piece white"); empty: no piece.
	Piece, PieceClass string
	// Count, when Counted, is drawn as that many seeds and as a number.
	Count   int
	Counted bool
	// Caption is a small label on the cell (a house's number).
	Caption string
}

// ViewOf returns g's View, or the DefaultView.
func ViewOf(g Game) View {
	if v, ok := g.(View); ok {
		return v
	}
	return DefaultView{}
}

// DefaultView shows a game that brings no View of its own: its text board
// as the note, no cells, and its scores.
type DefaultView struct{}

// Board implements View.
func (DefaultView) Board(s State) Board {
	return Board{Layout: LayoutGrid, Label: s.Game().Name() + " board", Note: s.Render(), SeatColors: [2]string{"white", "black"}}
}

// Cell implements View.
func (DefaultView) Cell(State, Cell) CellView { return CellView{} }

// Score implements View.
func (DefaultView) Score(s State) string {
	sc := s.Score()
	seats := s.Game().Seats()
	return seats[0] + " " + strconv.Itoa(sc[0]) + " · " + seats[1] + " " + strconv.Itoa(sc[1])
}

// MoveHint implements View.
func (DefaultView) MoveHint(State) string { return "" }

// RulesAnchor implements View.
func (DefaultView) RulesAnchor() string { return "" }

// HowTo implements View.
func (DefaultView) HowTo() []HowToSection { return nil }

// Summary implements View.
func (DefaultView) Summary() string { return "" }

// Unit implements View.
func (DefaultView) Unit() string { return "" }

// Transcript is implemented by games whose terminal play must speak an
// original program's lines exactly (Kalah): its answer to an illegal move
// and its end of game.
type Transcript interface {
	// IllegalMove answers a legible but illegal move.
	IllegalMove(reply string) string
	// GameOver ends a finished game, after the final board.
	GameOver(s State) string
}
