package amazons

import "boardroom/game"

// How to play (game.View's HowTo): the rules of docs/rules.md as a player
// learns them, each section with a picture. The diagrams are positions in
// Encode's form, their rows as they look on the board (top row first).

var _ game.View = Game{}

// HowTo implements game.View.
func (g Game) HowTo() []game.HowToSection { return howTo }

var howTo = []game.HowToSection{
	{
		Title: game.HowToGoal,
		Text: []string{
			"Be the last player who can move.",
			"Each of you has four amazons. On every turn an amazon moves and then shoots an arrow, " +
				"and the arrow blocks a square for the rest of the game. The board fills up little by little. " +
				"When you cannot make a whole turn, you lose.",
		},
		Diagram: game.Diagram{
			Position: position("White 0",
				"###B##B###",
				"##########",
				"##########",
				"B########B",
				"##########",
				"##########",
				"W########W",
				"##########",
				"##########",
				"###W##W###"),
			Caption: "The start: White's four amazons below, Black's four above. White moves first.",
			Alt: "The starting position on a board of ten by ten squares: four white amazons near the bottom edge " +
				"and four black amazons near the top edge, the rest of the board empty.",
		},
	},
	{
		Title: game.HowToTurn,
		Text: []string{
			"Your turn has two parts, and you must play both.",
			"First move one of your amazons like a queen in chess: as many empty squares as you like in a straight line, " +
				"up, down, sideways or diagonally. It may not jump over, or land on, another amazon or an arrow.",
			"Then that amazon shoots an arrow from the square where it landed. The arrow flies like a queen too, " +
				"over empty squares only, and the square where it lands is blocked for good.",
		},
		Diagram: game.Diagram{
			Position: position("Black 1",
				"###B##B###",
				"##########",
				"##########",
				"B##W##X##B",
				"##########",
				"##########",
				"W########W",
				"##########",
				"##########",
				"######W###"),
			Arrows:  []game.Arrow{{From: cell(9, 3), To: cell(3, 3)}, {From: cell(3, 3), To: cell(3, 6)}},
			Caption: "White moves an amazon six squares up, then shoots an arrow three squares to the right.",
			Alt: "A white amazon has moved from the bottom edge six squares straight up. From there its arrow flew " +
				"three squares to the right, where it now blocks a square.",
		},
	},
	{
		Title: game.HowToSpecial,
		Text: []string{
			"The arrow may fly back over, or land on, the square your amazon has just left.",
			"Nothing is ever captured and nothing leaves the board: the amazons stay until the end, " +
				"and a blocked square stays blocked.",
			"As the arrows build walls, the board splits into separate areas. " +
				"An area that only your amazons can reach is yours to use up, turn after turn.",
		},
		Diagram: game.Diagram{
			Position: position("Black 1",
				"###B##B###",
				"##########",
				"##########",
				"B########B",
				"##########",
				"##########",
				"W#####W##W",
				"##########",
				"##########",
				"###W##X###"),
			Arrows:  []game.Arrow{{From: cell(9, 6), To: cell(6, 6)}, {From: cell(6, 6), To: cell(9, 6)}},
			Caption: "The amazon moves three squares up and shoots its arrow back onto the square it came from.",
			Alt: "A white amazon has moved three squares up from the bottom edge, and its arrow flew straight back down " +
				"to block the square the amazon left.",
		},
	},
	{
		Title: game.HowToEnd,
		Text: []string{
			"If it is your turn and none of your amazons can move and then shoot, you lose. There are no draws.",
			"Count the empty squares that only your amazons can reach: the player with more room lasts longer.",
		},
		Diagram: game.Diagram{
			Position: position("Black 27",
				"BX###X##XB",
				"XX#W#X##XX",
				"###X####X#",
				"#X###W####",
				"X####XX###",
				"###X####X#",
				"#W###X#W##",
				"XX####X###",
				"BX##X###XX",
				"XX######XB"),
			Marks:   []game.Cell{cell(0, 0), cell(0, 9), cell(8, 0), cell(9, 9)},
			Caption: "Black to play, but every black amazon is walled in by arrows. Black cannot move, so White wins.",
			Alt: "A game near its end, with many squares blocked by arrows. The four black amazons, in the corners, " +
				"are each surrounded by arrows; the four white amazons still have open squares around them.",
		},
	},
}

// position is a diagram's position: the rows from the top, then the seat
// to move and the turns played.
func position(rest string, rows ...string) string {
	return game.GridPosition(Game{}, "", rows, rest)
}

func cell(r, c int8) game.Cell { return game.Cell{Row: r, Col: c} }
