package bishops

import (
	"strings"

	"boardroom/game"
)

// How to play (game.View's HowTo): the rules of docs/rules.md as a player
// learns them, each section with a picture. The diagrams' rows are written
// whole, as they look ('-' a light square, '.' an empty dark one), and
// kept to their dark squares as Encode writes them.

var _ game.View = Game{}

// HowTo implements game.View.
func (Game) HowTo() []game.HowToSection { return howTo }

var howTo = []game.HowToSection{
	{
		Title: game.HowToGoal,
		Text: []string{
			"Take all of your opponent's bishops.",
			"Each of you has 25 bishops, White and Black, standing on the dark squares. " +
				"These bishops are mad: every move they make is an attack.",
		},
		Diagram: game.Diagram{
			Position: "bishops setup=classic | BWBWB/WWBWB/BBWBW/BWWBW/WBBWB/WBWWB/BWBBW/BWBWW/WBWBB/WBWBW White 0",
			Caption:  "The usual set-up: the two colours mixed across every dark square. White moves first.",
			Alt: "A board of ten by ten squares with a bishop on every dark square, " +
				"25 white and 25 black, mixed so that each side's pieces face enemies from the start.",
		},
	},
	{
		Title: game.HowToTurn,
		Text: []string{
			"Move one of your bishops like a bishop in chess: diagonally, over as many empty squares as you like, " +
				"never jumping over a piece.",
			"Kill: if your bishop sees an enemy bishop along a diagonal, with nothing in between, it may take it " +
				"by moving onto its square. The enemy bishop leaves the board.",
			"Engage: a bishop that cannot kill may only move to an empty square from which it sees an enemy bishop, " +
				"ready to kill on your next turn.",
		},
		Diagram: game.Diagram{
			Position: position("White 60",
				"----------",
				"----------",
				"---B------",
				"----------",
				"----------",
				"--------B-",
				"----------",
				"----------",
				"---W------",
				"----------"),
			Marks:   []game.Cell{{Row: 5, Col: 6}, {Row: 4, Col: 7}, {Row: 5, Col: 0}, {Row: 9, Col: 4}},
			Arrows:  []game.Arrow{{From: game.Cell{Row: 8, Col: 3}, To: game.Cell{Row: 5, Col: 6}}},
			Caption: "This white bishop sees no enemy, so it may not kill. It may only move to a marked square, from where it attacks a black bishop.",
			Alt: "One white bishop near the bottom and two black bishops above it, neither on the white bishop's diagonals. " +
				"Four squares on its diagonals are marked: from each of them it would see a black bishop. " +
				"An arrow shows it moving up and right to one of them.",
		},
	},
	{
		Title: game.HowToSpecial,
		Text: []string{
			"A bishop that can kill must kill: it may not make a quiet move instead.",
			"But you never have to kill. You may move a different bishop, one that cannot kill, to engage.",
			"You may not pass. Some rooms start from the \"stripes\" set-up: every dark square filled, " +
				"in rows of alternating colours, Black along the top.",
		},
		Diagram: game.Diagram{
			Position: position("White 60",
				"----------",
				"----B-----",
				"----------",
				"------B---",
				"----------",
				"----------",
				"---W------",
				"----------",
				"---------W",
				"----------"),
			Marks:  []game.Cell{{Row: 4, Col: 5}, {Row: 2, Col: 3}},
			Arrows: []game.Arrow{{From: game.Cell{Row: 6, Col: 3}, To: game.Cell{Row: 3, Col: 6}}},
			Caption: "The left white bishop can kill, so killing is all it may do. Instead White may move the right one, " +
				"which cannot kill, to one of the marked squares.",
			Alt: "Two white bishops and two black bishops. The white bishop on the left sees a black bishop up its diagonal, " +
				"and an arrow shows it taking it. The white bishop on the right sees no enemy; " +
				"two squares up its diagonal, from which it would attack, are marked.",
		},
	},
	{
		Title: game.HowToEnd,
		Text: []string{
			"The game ends when one side has no bishops left. The other side wins.",
			"There are no draws. Should you ever be unable to move, you lose.",
		},
		Diagram: game.Diagram{
			Position: position("Black 61",
				"----------",
				"----------",
				"----------",
				"----------",
				"-----W----",
				"----------",
				"----------",
				"----------",
				"---------W",
				"----------"),
			Arrows:  []game.Arrow{{From: game.Cell{Row: 7, Col: 2}, To: game.Cell{Row: 4, Col: 5}}},
			Caption: "White's bishop takes the last black bishop. Black has none left, so White wins.",
			Alt:     "Only two white bishops are left on the board. An arrow shows the move that took the last black bishop.",
		},
	},
}

// position is a diagram's position from its whole rows (top row first),
// then the seat to move and the turns played. A piece drawn on a light
// square makes a position that does not decode.
func position(rest string, rows ...string) string {
	dark := make([]string, len(rows))
	for r, row := range rows {
		var b strings.Builder
		for c := range len(row) {
			switch {
			case (r+c)%2 == 1 && row[c] == '-':
				b.WriteByte('.')
			case (r+c)%2 == 1:
				b.WriteByte(row[c])
			case row[c] != '-':
				b.WriteByte('?')
			}
		}
		dark[r] = b.String()
	}
	return game.GridPosition(Game{}, "setup=classic", dark, rest)
}
