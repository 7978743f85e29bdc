package game

import (
	"fmt"
	"strings"
)

// How to play: the part of a game's View that the rules pages show to
// players, in the words a board-game box would use. The precise reference
// (notation, decisions, text formats) stays in docs/rules.md for
// programmers; this is the game as a person learns it at the table.

// The sections every game's how-to-play page has, in this order.
const (
	HowToGoal    = "Goal of the game"
	HowToTurn    = "Your turn"
	HowToSpecial = "Special rules"
	HowToEnd     = "End of the game"
)

// HowToTitles lists the sections a how-to-play page has, in order.
var HowToTitles = [...]string{HowToGoal, HowToTurn, HowToSpecial, HowToEnd}

// HowToSection is one section of a game's how-to-play page: a title (one of
// HowToTitles), a few short paragraphs and a picture.
type HowToSection struct {
	Title   string
	Text    []string
	Diagram Diagram
}

// Diagram is a picture of a position, drawn by the room's own board, small
// and not clickable, with what it shows pointed out.
type Diagram struct {
	// Position is the position as State.Encode writes it (Decode reads
	// it back), so a diagram is checked by the game's own rules.
	Position string
	// Marks are the cells the picture points out (drawn ringed).
	Marks []Cell
	// Arrows are moves drawn from cell to cell (grid boards only).
	Arrows []Arrow
	// Caption is the line shown under the picture.
	Caption string
	// Alt says in words what the picture shows, for those who cannot see
	// it.
	Alt string
}

// Arrow is a move drawn on a diagram, from one cell to another.
type Arrow struct{ From, To Cell }

// State decodes the diagram's position.
func (d Diagram) State() (State, error) { return Decode(d.Position) }

// GridPosition writes a position's text from its game, options and board
// rows joined by '/' followed by what comes after them (the seat to move,
// the ply...): the form most games' Encode writes, so that a diagram's
// board reads in the source as it looks.
func GridPosition(g Game, opts string, rows []string, rest string) string {
	head := g.ID()
	if opts != "" {
		head += " " + opts
	}
	return fmt.Sprintf("%s | %s %s", head, strings.Join(rows, "/"), rest)
}
